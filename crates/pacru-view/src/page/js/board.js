// @ts-check
// The board: moves made on the page. From any ply of a recorded game a
// variation branches off; the live game is played from its end. This module
// plays moves and changes the view; drawing is drawing.js's, and the other parts
// (input, text entry, variations, the live game, the engine) redraw themselves
// when asked through `onRefresh`.
import { $, el, clear, buttonById } from './dom.js';
import { letter } from './data.js';
import { Line } from './line.js';
import { state } from './state.js';
import { say, sayError, said } from './messages.js';
import { drawPosition, clearEffects, markField, fillPlayers } from './drawing.js';
import { show, drawEffects, drawAnalysis, namesOf, moveFields } from './viewer.js';
import { markMove } from './record.js';

/** @typedef {import('./state.js').BoardGame} BoardGame */
/** @typedef {import('./state.js').LiveGame} LiveGame */
/** @typedef {import('./rules.js').Position} Position */

/** @type {(() => void)[]} */
const refreshers = [];
/**
 * What other parts do at the board's moments. `refusal` says why the player to
 * move at the end of the live game may not move on this page (null: they may);
 * `submit`, when set, takes the live game's next move instead of the board (a
 * game on a server, which answers with the move or a refusal).
 * @type {{ afterMove: () => void, save: () => void, enterLive: () => void,
 *   refusal: (position: Position) => string | null, submit: ((move: string) => void) | null }}
 */
export const hooks = { afterMove() {}, save() {}, enterLive() {}, refusal() { return null; }, submit: null };

/** Redraws `fn` after every change of view. @param {() => void} fn */
export function onRefresh(fn) { refreshers.push(fn); }

/** The board of recorded game `g`, made when first asked for. @param {import('./viewer.js').LoadedGame} g */
function recordedBoard(g) {
  let b = state.boards.get(g.n);
  if (!b && g.main) {
    b = { n: g.n, main: g.main, variations: [], recorded: g };
    state.boards.set(g.n, b);
  }
  return b || null;
}

/** Whether the view is on a game's main line (or on no game). */
export function onMainLine() { return !state.view || state.view.line === state.view.game.main; }
/** Whether the board draws the view itself (the live game, a variation). */
function boardDriven() { return state.view !== null && (state.view.game === state.live || !onMainLine()); }
/** The position shown, if the board shows one. */
export function currentPosition() { return state.view ? state.view.line.position(state.view.ply) : null; }
/** Whether the view is at the end of the live game's main line. */
export function atLiveEnd() {
  const v = state.view, live = state.live;
  return !!v && !!live && v.game === live && v.line === live.main && v.ply === live.main.end();
}
/** Whether the engine plays the player to move in `position` (only in the live game). @param {Position} position */
export function isEngineSeat(position) {
  const live = state.live;
  return !!live && !!state.view && state.view.game === live && !position.isFinished() && live.controllers[position.toMove] === 'engine';
}

/**
 * Why no move may be made on `position` here: the engine plays it, or (at the
 * end of the live game) the page's own reason; null when a move may be made.
 * @param {Position} position
 */
export function seatRefusal(position) {
  if (isEngineSeat(position)) return position.toMove + ' is played by the engine';
  return atLiveEnd() ? hooks.refusal(position) : null;
}

/** @param {BoardGame} game */
function namesOfGame(game) {
  const live = state.live;
  if (game === live && live) {
    /** @type {Record<string, string | null>} */
    const names = {};
    live.tags.forEach((t) => { const l = letter(t[0]); if (l !== t[0]) names[l] = t[1]; });
    return names;
  }
  return game.recorded ? namesOf(game.recorded) : {};
}

/** @param {Position} position @param {Record<string, string | null>} names */
function drawPlayersOf(position, names) {
  const over = position.isFinished();
  fillPlayers(position, names, position.target, over);
  const status = $('game-status');
  const winner = position.winner;
  if (over) status.textContent = winner ? winner + ' wins' : 'the game is over without a winner';
  else status.textContent = position.toMove + ' to move' + (isEngineSeat(position) ? ' (engine)' : '');
  status.setAttribute('data-to-move', over ? '' : letter(position.toMove));
}

/** Draws what `move` did in `before`, as the rules explain it. @param {Position | null} before @param {string | null} move */
function drawExplained(before, move) {
  clearEffects();
  const text = $('effects-text');
  clear(text);
  if (!before || !move) return;
  const fields = moveFields(move);
  if (fields) {
    markField('origin', fields.from);
    if (fields.to) markField('destination', fields.to);
  }
  let e;
  try { e = before.explain(move); } catch (err) { return; }
  if (e.crossing) markField('crossing', e.crossing.field, e.crossing.transformation ? 'T' : 'B');
  e.connectionFields.forEach((f) => { markField('connection', f); });
  if (e.captured) markField('captured', e.captured.field);
  if (e.meeting) markField('meeting', e.meeting);
  e.returned.forEach((f) => { markField('returned', f); });
  text.appendChild(el('li', '', e.mover + ': ' + move));
  e.out.forEach((o) => { text.appendChild(el('li', '', o.colour + ' leaves the game (' + o.reason.replace(/_/g, ' ') + ')')); });
  if (e.winner) text.appendChild(el('li', '', e.winner + ' wins'));
}

/** Draws the board's own views: the live game and variations. */
export function drawBoardView() {
  const v = state.view;
  if (!v) return;
  const line = v.line, ply = v.ply, game = v.game, position = line.position(ply);
  drawPosition(position);
  const intoLine = ply > line.from || line.from === 0;
  const before = ply === 0 ? null : intoLine ? line.position(ply - 1) : game.main.position(ply - 1);
  const move = ply === 0 ? null : intoLine ? line.moveInto(ply) : game.main.moveInto(ply);
  drawExplained(before, move);
  drawPlayersOf(position, namesOfGame(game));
  const ppn = position.toPpn();
  $('ppn').textContent = ppn;
  $('ppn').setAttribute('data-ppn', ppn);
  const label = $('ply-label');
  const end = line.end();
  label.textContent = (line === game.main ? '' : 'variation: ') + (ply === 0 ? 'start' : 'ply ' + ply) + ' of ' + end;
  label.setAttribute('data-ply', String(ply));
  label.setAttribute('data-game', game === state.live ? 'live' : String(game.n));
  label.setAttribute('data-line', line === game.main ? 'main' : String(game.variations.indexOf(line) + 1));
}

/** Marks the move shown in the move list (on a main line only). */
export function markCurrentMove() {
  markMove(state.view && onMainLine() ? state.view.ply : null);
}

/** Redraws after any change of view. */
export function refresh() {
  const v = state.view;
  if (boardDriven()) drawBoardView();
  else if (v && v.game.recorded) { drawEffects(v.game.recorded, v.ply); drawAnalysis(v.game.recorded, v.ply); }
  markCurrentMove();
  refreshers.forEach((fn) => { fn(); });
  const enabled = !!state.rules && v !== null && !(atLiveEnd() && hooks.refusal(v.line.position(v.ply)) !== null);
  ['move-input', 'btn-play', 'btn-hint', 'btn-evaluate'].forEach((id) => { /** @type {HTMLInputElement | HTMLButtonElement} */ ($(id)).disabled = !enabled; });
  buttonById('btn-live').hidden = !state.live || (v !== null && v.game === state.live);
}

/** The viewer showed ply `ply` of recorded game g's main line. @param {import('./viewer.js').LoadedGame} g @param {number} ply */
export function shownRecorded(g, ply) {
  if (!state.rules) return;
  const b = recordedBoard(g);
  state.view = b ? { game: b, line: b.main, ply } : null;
  if (!b) say('info', 'no position to play from: the setup tags cannot be read', null);
  else if (said().kind !== 'illegal') say('', '', null);
  refresh();
}

/** Shows ply `ply` of `line` of `game`. @param {BoardGame} game @param {Line} line @param {number} ply */
export function showLine(game, line, ply) {
  const live = state.live;
  if (game !== live && line === game.main) {
    show(game.n, ply);
    return;
  }
  const was = state.view ? state.view.game : null;
  if (game === live && was !== live) hooks.enterLive();
  if (game !== live && was !== game) show(game.n, line.from);
  state.view = { game, line, ply: Math.min(Math.max(line.from, ply), line.end()) };
  refresh();
  if (live && game === live && line === live.main) hooks.save();
}

/** Steps the board's views; false when the viewer should step (a recorded main line). @param {number} by */
export function boardStep(by) {
  const v = state.view;
  if (!v || !boardDriven()) return false;
  showLine(v.game, v.line, v.ply + by);
  hooks.afterMove();
  return true;
}

/** A click on a move of the live game's list. @param {number} ply */
export function movePly(ply) {
  const live = state.live;
  if (!live || !state.view || state.view.game !== live) return false;
  showLine(live, live.main, ply);
  return true;
}

/**
 * Plays `move` from the view shown: extends the line at its end, follows the
 * line when it is its next move, else starts (or follows) a variation. Says the
 * rules' refusal and returns false when they refuse it.
 * @param {string} move
 */
export function play(move) {
  const v = state.view, rules = state.rules;
  if (!v || !rules) return false;
  const game = v.game, line = v.line, ply = v.ply;
  const position = line.position(ply);
  const refused = atLiveEnd() ? hooks.refusal(position) : null;
  if (refused) { say('info', refused, null); return false; }
  let after, text;
  try {
    after = position.play(move);
    text = rules.readMove(move).text;
  } catch (e) { sayError(e); return false; }
  say('', '', null);
  const live = state.live;
  if (hooks.submit && live && game === live && line === live.main && ply === line.end()) {
    hooks.submit(text);
    return true;
  }
  if (ply === line.end() && (line !== game.main || game === live)) {
    line.push(text, after);
    if (live && game === live && line === live.main) live.ending = '';
    showLine(game, line, ply + 1);
  } else if (line.moveInto(ply + 1) === text) {
    showLine(game, line, ply + 1);
  } else {
    const from = line === game.main ? ply : line.from;
    const wanted = line.moves.slice(0, ply - line.from).concat([text]).join(' ');
    let found = game.variations.find((w) => w.from === from && w.moves.length >= ply - from + 1 &&
      w.moves.slice(0, ply - from + 1).join(' ') === wanted) || null;
    if (!found) {
      found = new Line(game.main.position(from), from, line === game.main ? [] : line.moves.slice(0, ply - from));
      found.push(text, after);
      game.variations.push(found);
    }
    showLine(game, found, ply + 1);
  }
  if (game === live) hooks.save();
  hooks.afterMove();
  return true;
}
