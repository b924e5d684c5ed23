// @ts-check
// The page's data: the JSON elements the generator wrote (docs/viewer.md
// describes them), read here and only here.
import { $ } from './dom.js';

/**
 * @typedef {object} Paint A colour as the board draws it.
 * @property {string} word The colour's word ("Black").
 * @property {string} fill
 * @property {string} outline
 */
/**
 * @typedef {object} Config The element viewer-config.
 * @property {Record<string, Paint>} palette By colour letter.
 * @property {string} onMarkerOutline The outline of a chevron on a marker.
 * @property {number} cell
 */
/**
 * @typedef {object} Summary A game of the list.
 * @property {[string, string | null][]} players Colour letter and name.
 * @property {string} result
 * @property {string} status
 * @property {number} plies
 * @property {number} source Index into `sources`.
 * @property {number} game Its number in its source.
 * @property {number} line
 * @property {string} [event]
 */
/**
 * @typedef {object} Index The element games-index.
 * @property {string[]} sources
 * @property {Summary[]} games
 * @property {string} page The page's identity (a hash of its content).
 */
/**
 * @typedef {object} Effects What a recorded ply did (the generator's words).
 * @property {string} [x] The crossing's field.
 * @property {boolean} [tf] Whether it was a transformation.
 * @property {string} [c] The connection's fields, space-separated.
 * @property {string} [p] The captured chevron, "e5:RN".
 * @property {string} [m] The meeting's field.
 * @property {string} [rt] The returned fields, space-separated.
 * @property {string} [rm] The removed chevrons, space-separated.
 * @property {string[]} [d] The sentences of `pacru replay`.
 * @property {string | null} [over] Set when the game ended: the winner, or null.
 */
/**
 * @typedef {object} PlyAnalysis An engine's judgement of a ply.
 * @property {string} [m] Its mark.
 * @property {number} l The loss, in thousandths.
 * @property {string} [b] The best move.
 * @property {[string, number][]} s The scores before the ply.
 * @property {[string, number][]} [a] The scores after it (last ply analysed).
 */
/**
 * @typedef {object} PlyExtra
 * @property {number} [r] The round number, where a round begins.
 * @property {string[]} [g] Glyphs.
 * @property {string} [w] The text as written, where it differs.
 * @property {PlyAnalysis} [an]
 * @property {string[]} [cm] Comments after it.
 * @property {number} [ps] Passes after it.
 * @property {Effects} [e]
 */
/** @typedef {[string, string, PlyExtra?]} Ply Notation, delta, the rest. */
/**
 * @typedef {object} VerdictError
 * @property {number} ply
 * @property {number} line
 * @property {number} column
 * @property {string} move
 * @property {string | null} rule
 * @property {string} title
 * @property {string} message
 */
/**
 * @typedef {object} GameData The element game-N.
 * @property {string | null} start The start position in PPN; null when the setup tags cannot be read.
 * @property {'2004' | '2011'} [rules] The rules edition.
 * @property {number} target
 * @property {Ply[]} plies
 * @property {{ status: string, plies: number, winner: string | null, result: string, error: VerdictError | null }} verdict
 * @property {string[]} lead
 * @property {number} leadPasses
 * @property {{ written: string, rule: string, title: string, reason: string, mover: string, origin?: string, destination?: string } | null} [refused]
 * @property {{ line: number, column: number, message: string } | null} [syntax]
 * @property {[string, string][]} tags
 */
/**
 * @typedef {object} LiveData The element live-game, or a game kept in storage.
 * @property {[string, string][]} tags
 * @property {string[]} moves
 * @property {string} [result]
 * @property {Record<string, string>} [controllers]
 * @property {string} [ending]
 * @property {{ from: number, moves: string[] }[]} [variations]
 * @property {string} [strength]
 */

/** @param {string} id */
function json(id) { return JSON.parse(/** @type {string} */ ($(id).textContent)); }

/** @type {Config} */
export const config = json('viewer-config');
/** @type {Index} */
export const index = json('games-index');
/** The games' summaries, game N at N - 1. */
export const games = index.games;
/** Colour letter to paint. */
export const palette = config.palette;

/** Recorded game `n` (1-based). @param {number} n @returns {GameData} */
export function gameData(n) { return json('game-' + n); }

/** The live game `pacru board` wrote, if any. @returns {LiveData | null} */
export function givenLive() {
  return document.getElementById('live-game') ? json('live-game') : null;
}

/**
 * @typedef {object} ServerPlayer A seat of a game on the server.
 * @property {string} seat Its letter.
 * @property {string} colour Its colour's word.
 * @property {string | null} username
 */
/**
 * @typedef {object} ServerGame The game object of the server's API (docs/server.md).
 * @property {string} id
 * @property {string} status 'open', 'playing', 'finished' or 'aborted'.
 * @property {string} rules
 * @property {{ initial?: number, increment?: number, days?: number } | null} clock
 * @property {ServerPlayer[]} players
 * @property {string[]} moves
 * @property {string | null} to_move
 * @property {Record<string, number> | null} clocks Milliseconds left by seat letter.
 * @property {string | null} result
 * @property {string | null} termination
 * @property {string | null} winner
 */
/**
 * @typedef {object} ServerData The element server-game: the game the page is
 * the board of, on the server that sent it, and who is looking (null: no one
 * signed in).
 * @property {ServerGame} game
 * @property {string | null} viewer
 */

/** The server's game, on a page `pacru serve` sent. @returns {ServerData | null} */
export function serverGame() {
  return document.getElementById('server-game') ? json('server-game') : null;
}

/** A colour's word, from its letter. @param {string} letter */
export function word(letter) { return palette[letter] ? palette[letter].word : letter; }

/** A colour's letter, from its word. @param {string} colour */
export function letter(colour) {
  for (const l in palette) if (palette[l].word === colour) return l;
  return colour;
}
