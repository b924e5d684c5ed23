// @ts-check
// The live game: made from tags (the standard start, a position, a record to
// continue) and moves, its seats (a person or the engine), its tags, the
// arbiter's ending, its record in PGR (written by the rules' formatGame),
// taking back, resigning, and a new game.
import { $, el, clear, inputById, selectById, buttonById, tableById } from './dom.js';
import { palette, letter } from './data.js';
import { Line } from './line.js';
import { state } from './state.js';
import { say } from './messages.js';
import { fillTags } from './record.js';
import { forgetShown } from './viewer.js';
import { showLine, drawBoardView, markCurrentMove, play, onRefresh, hooks } from './board.js';
import { saveLive as store } from './storage.js';

/** @typedef {import('./data.js').LiveData} LiveData */
/** @typedef {import('./state.js').LiveGame} LiveGame */

/** Keeps the live game in the browser's storage. */
export function saveLive() {
  if (state.live) store(state.live, selectById('engine-strength').value);
}

/**
 * A tag value without control characters (C0, DEL and C1): what a person types
 * and what a record or the browser's storage gives keep none.
 * @param {string} value
 */
export function cleanTag(value) {
  return value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

/**
 * The live game of `saved`: its start from its tags, then as many of its moves
 * and variations as the rules take. Throws when the tags give no start.
 * @param {LiveData} saved
 * @returns {LiveGame}
 */
export function makeLive(saved) {
  const rules = /** @type {import('./rules.js').Rules} */ (state.rules);
  /** @type {Record<string, string>} */
  const tags = {};
  /** @type {[string, string][]} */
  const list = saved.tags.map((t) => [t[0], cleanTag(t[1])]);
  list.forEach((t) => { tags[t[0]] = t[1]; });
  const start = rules.Position.startOf({ tags });
  const main = new Line(start, 0, []);
  /** @type {LiveGame} */
  const game = { n: 0, main, variations: [], recorded: null, tags: list, controllers: {}, ending: typeof saved.ending === 'string' ? saved.ending : '' };
  const moves = saved.moves || [];
  for (let i = 0; i < moves.length; i++) {
    try { main.push(moves[i], main.position(i).play(moves[i])); } catch (e) { break; }
  }
  start.players.forEach((colour) => {
    game.controllers[colour] = saved.controllers && saved.controllers[colour] === 'engine' ? 'engine' : 'human';
  });
  (saved.variations || []).forEach((v) => {
    if (v.from > main.end()) return;
    const line = new Line(main.position(v.from), v.from, []);
    for (let k = 0; k < v.moves.length; k++) {
      try { line.push(v.moves[k], line.position(v.from + k).play(v.moves[k])); } catch (e) { break; }
    }
    if (line.moves.length) game.variations.push(line);
  });
  return game;
}

/** @param {string} name */
function tagValue(name) {
  const live = state.live;
  if (!live) return null;
  for (const t of live.tags) if (t[0] === name) return t[1];
  return null;
}
/** @param {string} name @param {string} value */
function setTag(name, value) {
  const live = state.live;
  if (!live) return;
  for (let i = 0; i < live.tags.length; i++) {
    if (live.tags[i][0] === name) {
      if (value === '') live.tags.splice(i, 1); else live.tags[i][1] = value;
      return;
    }
  }
  if (value !== '') live.tags.push([name, value]);
}

function title() { return 'Live game' + (tagValue('Event') ? ' — ' + tagValue('Event') : ''); }

/** Shows the live game's moves, title and tags (instead of a recorded game's). */
export function buildLiveMoves() {
  const live = state.live;
  if (!live) return;
  forgetShown();
  $('eval-graph').toggleAttribute('hidden', true);
  const moves = $('moves');
  clear(moves);
  // A round begins when the mover comes no later in the order of play than the
  // mover before (players who left are skipped), as in the record.
  const order = live.main.position(0).players;
  let round = 0, last = Infinity;
  live.main.moves.forEach((m, i) => {
    const li = el('li');
    const mover = order.indexOf(live.main.position(i).toMove);
    if (mover <= last) { round++; li.appendChild(el('span', 'round', round + '.')); }
    last = mover;
    const b = el('button', 'mv', m);
    b.type = 'button';
    b.setAttribute('data-ply', String(i + 1));
    li.appendChild(b);
    moves.appendChild(li);
  });
  $('game-title').textContent = title();
  const verdict = $('verdict');
  verdict.setAttribute('data-status', 'live');
  verdict.textContent = '';
  fillTags(live.tags);
}

/**
 * The result and termination: the rules' when they ended the game, else the
 * arbiter's (a draw by agreement or adjudication, a win on time or by
 * adjudication), else unfinished.
 * @param {LiveGame} live
 */
function liveEnding(live) {
  const position = live.main.position(live.main.end());
  const moves = live.main.moves;
  if (position.isFinished()) {
    return { result: position.winner || 'draw', termination: moves[moves.length - 1] === 'resign' ? 'resignation' : 'rules' };
  }
  const ending = (live.ending || '').split(':');
  if (!ending[0]) return { result: '*', termination: null };
  return { result: ending[1] || 'draw', termination: ending[0] };
}

/** The live game's record, written by the rules. */
export function livePgr() {
  const live = state.live, rules = state.rules;
  if (!live || !rules) return '';
  /** @type {Record<string, string>} */
  const tags = {};
  live.tags.forEach((t) => { tags[t[0]] = t[1]; });
  const ending = liveEnding(live);
  const result = ending.result;
  tags.Result = result;
  if (ending.termination && !tags.Termination) tags.Termination = ending.termination;
  return rules.formatGame({ tags, moves: live.main.moves, result });
}

function renderLiveBox() {
  const box = $('live-box');
  const live = state.live;
  box.hidden = state.remote || !live || !state.view || state.view.game !== live;
  if (box.hidden || !live) return;
  buildLiveMoves();
  markCurrentMove();
  const seats = tableById('seats').tBodies[0];
  clear(seats);
  live.main.position(0).players.forEach((colour) => {
    const tr = el('tr');
    const who = el('td');
    const sw = el('span', 'sw');
    sw.style.background = palette[letter(colour)].fill;
    who.appendChild(sw);
    who.appendChild(document.createTextNode(colour));
    tr.appendChild(who);
    const nameCell = el('td');
    const input = el('input');
    input.id = 'tag-' + colour;
    input.setAttribute('data-tag', colour);
    input.maxLength = 200;
    input.value = tagValue(colour) || '';
    input.setAttribute('aria-label', colour + "'s name");
    nameCell.appendChild(input);
    tr.appendChild(nameCell);
    const byCell = el('td');
    const select = el('select');
    select.id = 'controller-' + colour;
    select.setAttribute('aria-label', colour + ' played by');
    ['human', 'engine'].forEach((v) => {
      const o = el('option', '', v === 'human' ? 'a person' : 'the engine');
      o.value = v;
      select.appendChild(o);
    });
    select.value = live.controllers[colour];
    select.addEventListener('change', () => {
      live.controllers[colour] = select.value;
      saveLive();
      drawBoardView();
      hooks.afterMove();
    });
    byCell.appendChild(select);
    tr.appendChild(byCell);
    seats.appendChild(tr);
  });
  ['Event', 'Site', 'Date', 'Round'].forEach((name) => {
    const input = inputById('tag-' + name);
    if (document.activeElement !== input) input.value = tagValue(name) || '';
  });
  const select = selectById('live-ending');
  const finished = live.main.position(live.main.end()).isFinished();
  Array.prototype.slice.call(select.options, 3).forEach((o) => { o.remove(); });
  live.main.position(0).players.forEach((colour) => {
    [['time', ' wins on time'], ['adjudication', ' wins by adjudication']].forEach((kind) => {
      const o = el('option', '', colour + kind[1]);
      o.value = kind[0] + ':' + colour;
      select.appendChild(o);
    });
  });
  select.value = finished ? '' : live.ending;
  select.disabled = finished;
  buttonById('btn-takeback').disabled = live.main.end() === 0;
  buttonById('btn-resign').disabled = finished;
  /** @type {HTMLTextAreaElement} */ ($('pgr-text')).value = livePgr();
}

/** Shows the record in its box. */
function showPgr() { /** @type {HTMLTextAreaElement} */ ($('pgr-text')).value = livePgr(); }

/**
 * Wires the live game's box and the new game's dialog.
 * @param {() => void} cancelSearch Drops the engine's search under way.
 */
export function setupLive(cancelSearch) {
  onRefresh(renderLiveBox);
  hooks.enterLive = buildLiveMoves;
  hooks.save = saveLive;
  $('live-box').addEventListener('input', (ev) => {
    const target = ev.target instanceof HTMLInputElement ? ev.target : null;
    const name = target && target.getAttribute('data-tag');
    if (!target || !name || !state.live) return;
    setTag(name, cleanTag(target.value));
    saveLive();
    showPgr();
    if (name === 'Event') $('game-title').textContent = title();
  });
  $('live-ending').addEventListener('change', () => {
    if (!state.live) return;
    state.live.ending = selectById('live-ending').value;
    saveLive();
    showPgr();
  });
  $('btn-takeback').addEventListener('click', () => {
    const live = state.live;
    if (!live || !live.main.end()) return;
    const end = live.main.end() - 1;
    live.main.truncate(end);
    live.variations = live.variations.filter((v) => v.from <= end);
    cancelSearch();
    say('info', 'took back the last move', null);
    showLine(live, live.main, end);
    saveLive();
  });
  $('btn-resign').addEventListener('click', () => {
    const live = state.live, v = state.view;
    if (!live || !v || v.game !== live) return;
    if (v.line !== live.main || v.ply !== live.main.end()) showLine(live, live.main, live.main.end());
    play('resign');
  });
  $('btn-download').addEventListener('click', () => {
    const text = livePgr();
    const a = el('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'application/x-pacru-pgr' }));
    const date = (tagValue('Date') || '').replace(/[^0-9.]/g, '');
    a.download = 'pacru-game' + (date ? '-' + date : '') + '.pgr';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => { URL.revokeObjectURL(a.href); }, 1000);
  });
  $('btn-copy').addEventListener('click', () => {
    const text = livePgr();
    const done = () => { say('info', 'the record is on the clipboard', null); };
    const fallback = () => {
      const area = /** @type {HTMLTextAreaElement} */ ($('pgr-text'));
      /** @type {HTMLDetailsElement} */ ($('pgr-box')).open = true;
      area.value = text;
      area.select();
      try { if (document.execCommand('copy')) { done(); return; } } catch (e) { /* refused */ }
      say('info', 'select the record below and copy it', null);
    };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, fallback);
    else fallback();
  });
  $('btn-live').addEventListener('click', () => { const live = state.live; if (live) showLine(live, live.main, live.main.end()); });

  const dialog = /** @type {HTMLDialogElement} */ ($('new-game-dialog'));
  $('btn-new-game').addEventListener('click', () => {
    const warning = $('new-game-warning');
    const moves = state.live ? state.live.main.end() : 0;
    warning.hidden = !moves;
    warning.textContent = moves ? 'The live game (' + moves + (moves === 1 ? ' move' : ' moves') + ') will be discarded.' : '';
    $('new-start').textContent = moves ? 'Discard it and start' : 'Start';
    dialog.showModal();
  });
  dialog.addEventListener('close', () => {
    if (dialog.returnValue !== 'start') return;
    const players = +selectById('new-players').value;
    const letters = ['KR', 'KRY', 'KRYG'][players - 2];
    cancelSearch();
    const live = makeLive({ tags: [['Players', letters], ['Rules', selectById('new-rules').value]], moves: [] });
    state.live = live;
    saveLive();
    say('', '', null);
    showLine(live, live.main, 0);
    hooks.afterMove();
  });
}
