// @ts-check
// The board's state: the rules, the games the board knows (recorded ones with
// their variations, and the live game) and the view shown. Only data: the
// modules that change it say so.

/** @typedef {import('./rules.js').Rules} Rules */
/** @typedef {import('./line.js').Line} Line */
/**
 * @typedef {object} BoardGame A game the board takes moves on.
 * @property {number} n The recorded game's number; 0 for the live game.
 * @property {Line} main Its main line: the record's moves, or the live game's.
 * @property {Line[]} variations
 * @property {import('./viewer.js').LoadedGame | null} recorded
 */
/**
 * @typedef {BoardGame & LiveFields} LiveGame The game played on the page.
 * @typedef {object} LiveFields
 * @property {[string, string][]} tags
 * @property {Record<string, string>} controllers By colour word: 'human' or 'engine'.
 * @property {string} ending The arbiter's ending: '', 'agreement', 'adjudication', 'time:Red', 'adjudication:Red'.
 */
/**
 * @typedef {object} View What the board shows: a game, a line of it and a ply.
 * @property {BoardGame} game
 * @property {Line} line
 * @property {number} ply
 */

/**
 * @type {{ rules: Rules | null, live: LiveGame | null, view: View | null, boards: Map<number, BoardGame>, remote: boolean }}
 * `remote`: the live game is a game on the server that sent the page (server.js).
 */
export const state = { rules: null, live: null, view: null, boards: new Map(), remote: false };
