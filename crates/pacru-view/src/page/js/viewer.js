// @ts-check
// The viewer: the recorded games, shown ply by ply (their positions computed by
// the rules from the start position), stepped by buttons, clicks, keys and the
// address's fragment (#game=N&ply=K).
import { $, el, clear, closest } from './dom.js';
import { index, games, gameData, word, letter } from './data.js';
import { Line } from './line.js';
import { drawPosition, clearEffects, markField, ghost, drawArrow, fillPlayers } from './drawing.js';
import { applyFilter, filtered, selectGame, setupList } from './list.js';
import { buildGame, markMove } from './record.js';
import { drawGraphCursor, setupGraph } from './analysis.js';

/** @typedef {import('./rules.js').Rules} Rules */
/** @typedef {import('./rules.js').Position} Position */
/**
 * @typedef {object} LoadedGame A recorded game, read when first shown.
 * @property {number} n Its number in the page.
 * @property {import('./data.js').GameData} data
 * @property {import('./data.js').Summary} summary
 * @property {Line | null} main Its plies as a line of the rules; null when there is no position.
 */
/**
 * @typedef {object} BoardHooks What the board does when the viewer steps.
 * @property {(g: LoadedGame, ply: number) => void} shown The viewer showed ply `ply` of `g`'s main line.
 * @property {(by: number) => boolean} step Steps the board's own view; false when the viewer should step.
 * @property {(ply: number) => boolean} movePly A click on a move of the list; false when the viewer should go there.
 */

/** @type {Rules | null} */
let rules = null;
/** @type {BoardHooks} */
let hooks = { shown() {}, step() { return false; }, movePly() { return false; } };
/** The game and ply shown by the viewer. */
export const current = { game: 0, ply: 0 };
/** @type {LoadedGame | null} */
let shownGame = null;
/** @type {Map<number, LoadedGame>} */
const cache = new Map();

/** Game `n`, read and cached (a few games at most). @param {number} n @returns {LoadedGame} */
export function loadGame(n) {
  const cached = cache.get(n);
  if (cached) return cached;
  const data = gameData(n);
  /** @type {Line | null} */
  let main = null;
  if (rules && data.start) {
    try {
      main = new Line(rules.Position.fromPpn(data.start, data.rules || '2004'), 0, data.plies.map((p) => p[0]));
    } catch (e) { main = null; }
  }
  const g = { n, data, summary: games[n - 1], main };
  cache.set(n, g);
  if (cache.size > 16) cache.delete(/** @type {number} */ (cache.keys().next().value));
  return g;
}

/** The fields a move leaves and reaches, as the rules read it. @param {string} move */
export function moveFields(move) {
  if (!rules) return null;
  try {
    const parts = rules.readMove(move);
    return parts.from ? { from: parts.from, to: parts.to } : null;
  } catch (e) { return null; }
}

/** Draws what the recorded ply `ply` did, and the refusal or break after the last. @param {LoadedGame} g @param {number} ply */
export function drawEffects(g, ply) {
  clearEffects();
  const text = $('effects-text');
  clear(text);
  const d = g.data;
  const last = g.main ? d.plies.length : 0;
  if (ply > 0 && g.main) {
    const p = d.plies[ply - 1], x = p[2] || {}, e = x.e || {};
    const fields = moveFields(p[0]);
    if (fields) {
      markField('origin', fields.from);
      if (fields.to) markField('destination', fields.to);
    }
    if (e.x) markField('crossing', e.x, e.tf ? 'T' : 'B');
    split(e.c).forEach((f) => { markField('connection', f); });
    if (e.p) { markField('captured', e.p.substring(0, 2)); ghost('captured', e.p); }
    if (e.m) markField('meeting', e.m);
    split(e.rt).forEach((f) => { markField('returned', f); });
    split(e.rm).forEach((c) => { markField('removed', c.substring(0, 2)); ghost('removed', c); });
    const mover = g.main.position(ply - 1).toMove;
    text.appendChild(el('li', '', 'ply ' + ply + ', ' + mover + ': ' + p[0] + (x.w ? ' (written ' + x.w + ')' : '')));
    (e.d || []).forEach((line) => { text.appendChild(el('li', '', line)); });
  }
  if (ply === last) {
    if (d.refused) {
      const r = d.refused;
      if (r.origin) markField('refused-origin', r.origin);
      if (r.destination) markField('refused-destination', r.destination);
      text.appendChild(el('li', 'refused', 'next: ' + word(r.mover) + ' plays ' + r.written + ', refused: ' + r.rule + ' (' + r.title + '): ' + r.reason));
    }
    if (d.syntax) {
      text.appendChild(el('li', 'broken', 'the record breaks at line ' + d.syntax.line + ', column ' + d.syntax.column + ': ' + d.syntax.message));
    }
  }
}
/** @param {string | undefined} list */
function split(list) { return list ? list.split(' ') : []; }

/** Moves the graph's cursor and draws the analysis' best move. @param {LoadedGame} g @param {number} ply */
export function drawAnalysis(g, ply) {
  const best = drawGraphCursor(g.data, ply);
  const fields = best ? moveFields(best) : null;
  if (best && fields) drawArrow(best, fields.from, fields.to, 'data-best');
}

/** The players' names of a recorded game, by colour letter. @param {LoadedGame} g */
export function namesOf(g) {
  /** @type {Record<string, string | null>} */
  const names = {};
  g.summary.players.forEach((p) => { names[p[0]] = p[1]; });
  return names;
}

/** @param {LoadedGame} g @param {Position | null} position @param {number} ply */
function drawPlayers(g, position, ply) {
  const over = ply > 0 ? ((g.data.plies[ply - 1][2] || {}).e || {}).over : undefined;
  fillPlayers(position, namesOf(g), g.data.target, over !== undefined);
  const status = $('game-status');
  if (!position) status.textContent = 'no position: the setup tags cannot be read';
  else if (over !== undefined) status.textContent = over ? word(over) + ' wins' : 'the game is over without a winner';
  else status.textContent = position.toMove + ' to move';
  status.setAttribute('data-to-move', over === undefined && position ? letter(position.toMove) : '');
}

/** Forgets the game whose texts are shown (the board showed its own). */
export function forgetShown() { shownGame = null; }

/** Shows ply `ply` of recorded game `n` (both clamped). @param {number} n @param {number} ply */
export function show(n, ply) {
  if (!games.length) return;
  n = Math.min(Math.max(1, n | 0), games.length);
  const g = loadGame(n);
  const last = g.main ? g.main.end() : 0;
  ply = Math.min(Math.max(0, ply | 0), last);
  if (shownGame !== g) { buildGame(g); shownGame = g; }
  current.game = n; current.ply = ply;
  const position = g.main ? g.main.position(ply) : null;
  drawPosition(position);
  drawEffects(g, ply);
  drawAnalysis(g, ply);
  drawPlayers(g, position, ply);
  const ppn = position ? position.toPpn() : '';
  $('ppn').textContent = ppn || '(none)';
  $('ppn').setAttribute('data-ppn', ppn);
  const label = $('ply-label');
  label.textContent = ply === 0 ? 'start (' + last + (last === 1 ? ' ply)' : ' plies)') : 'ply ' + ply + ' of ' + last;
  label.setAttribute('data-ply', String(ply));
  label.setAttribute('data-game', String(n));
  label.setAttribute('data-line', 'main');
  const now = markMove(ply);
  if (now) {
    const box = $('moves-pane'), r = now.getBoundingClientRect(), b = box.getBoundingClientRect();
    if (r.top < b.top || r.bottom > b.bottom) box.scrollTop += r.top - b.top - b.height / 2;
  }
  selectGame(n);
  const hash = '#game=' + n + '&ply=' + ply;
  if (location.hash !== hash) history.replaceState(null, '', hash);
  hooks.shown(g, ply);
}

/** @param {number} by */
function step(by) { if (!hooks.step(by)) show(current.game, current.ply + by); }
function goFirst() { if (!hooks.step(-1e9)) show(current.game, 0); }
function goLast() { if (!hooks.step(1e9)) show(current.game, 1e9); }
/** @param {number} by */
function otherGame(by) {
  const k = filtered.indexOf(current.game);
  const next = k < 0 ? filtered[0] : filtered[Math.min(Math.max(0, k + by), filtered.length - 1)];
  if (next) show(next, 0);
}
/** Shows the position the address's fragment names, if it names one. */
export function fromHash() {
  const m = /^#game=(\d+)(?:&ply=(\d+))?$/.exec(location.hash);
  if (m) show(+m[1], m[2] ? +m[2] : 0);
  return !!m;
}

function setupControls() {
  $('btn-first').addEventListener('click', goFirst);
  $('btn-prev').addEventListener('click', () => { step(-1); });
  $('btn-next').addEventListener('click', () => { step(1); });
  $('btn-last').addEventListener('click', goLast);
  $('moves').addEventListener('click', (ev) => {
    const b = closest(ev, 'button.mv');
    if (!b) return;
    const ply = +(b.getAttribute('data-ply') || 0);
    if (!hooks.movePly(ply)) show(current.game, ply);
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const target = ev.target instanceof Element ? ev.target : null;
    const tag = target && target.tagName;
    if (tag === 'SELECT' || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'BUTTON' && ev.key === 'Enter') return;
    if (target && target.closest('#board, dialog')) return;
    let handled = true;
    switch (ev.key) {
      case 'ArrowLeft': step(-1); break;
      case 'ArrowRight': step(1); break;
      case 'Home': goFirst(); break;
      case 'End': goLast(); break;
      case 'ArrowUp': otherGame(-1); break;
      case 'ArrowDown': otherGame(1); break;
      default: handled = false;
    }
    if (handled) ev.preventDefault();
  });
  window.addEventListener('hashchange', fromHash);
}

/**
 * Starts the viewer: the list, the first game (or the one the address names).
 * @param {Rules | null} ready The rules; null when they could not start (the
 *   games' texts are shown, without positions).
 * @param {BoardHooks} [board] The board's part in stepping.
 */
export function startViewer(ready, board) {
  rules = ready;
  if (board) hooks = board;
  setupList((n) => { show(n, 0); });
  setupGraph((ply) => { show(current.game, ply); });
  setupControls();
  const sources = index.sources.slice(0, 3).join(', ') + (index.sources.length > 3 ? ' and ' + (index.sources.length - 3) + ' more' : '');
  $('page-summary').textContent = !games.length && document.getElementById('live-game') ? '' : games.length + (games.length === 1 ? ' game' : ' games') +
    (index.sources.length ? ' from ' + sources : '');
  $('app').setAttribute('data-games', String(games.length));
  applyFilter();
  if (!games.length) {
    $('game-title').textContent = 'no games in the input';
    drawPosition(null);
  } else if (!fromHash()) {
    show(1, 0);
  }
  document.documentElement.setAttribute('data-ready', 'true');
}
