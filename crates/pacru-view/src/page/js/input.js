// @ts-check
// Moving by pointer and keyboard on the board: a chevron picked, the legal moves
// still possible lit as candidates, the choices a move needs (the crossing's or
// the meeting's field, a connection change, a turn and the fields it returns)
// offered in turn. The rules list the moves and read them (readMove); a click
// they refuse is answered with their rule and reason.
import { $, el, clear, closest } from './dom.js';
import { state } from './state.js';
import { say, sayError, said } from './messages.js';
import { candidateMark, clearCandidates, drawFocus as frame } from './drawing.js';
import { fieldIndex, fieldName, neighbour } from './fields.js';
import { currentPosition, seatRefusal, play, onRefresh } from './board.js';

/** @typedef {import('./rules.js').Position} Position */
/** @typedef {import('../rules/types/index.js').MoveParts} MoveParts */
/**
 * @typedef {object} Selection
 * @property {string} from The chevron picked.
 * @property {MoveParts[]} moves Its legal movements.
 * @property {MoveParts[]} turns Its legal reorientations.
 * @property {'to' | 'items' | 'fields'} stage What is asked: a destination, an item, the returned fields.
 * @property {number} item The item asked for.
 * @property {MoveParts[]} pending The moves still possible.
 * @property {string} rotation The turn chosen.
 * @property {string[]} chosen The returned fields chosen.
 */

const choicesBox = $('choices');
const board = $('board');
/** @type {Selection | null} */
let selection = null;
let focusField = fieldIndex('e1');

/** Drops the move being made. */
export function clearSelection() {
  selection = null;
  clearCandidates(false);
  clear(choicesBox);
}

/** @param {Position} position @param {string} field */
function onField(position, field) {
  if (position.isFinished()) { say('info', 'the game is over', null); return; }
  const refused = seatRefusal(position);
  if (refused) { say('info', refused, null); return; }
  if (selection) {
    if (field === selection.from) { clearSelection(); say('', '', null); return; }
    if (selection.stage === 'fields') { pickReturnedField(field); return; }
    if (selection.stage === 'items') { pickItem(field); return; }
    const to = selection.moves.filter((m) => m.to === field);
    if (to.length) { narrow(to, 0); return; }
  }
  const chevron = position.chevronAt(field);
  if (chevron && chevron.colour === position.toMove) {
    select(position, field);
    return;
  }
  if (selection) {
    // A destination the rules refuse: say which rule and why.
    attempt(position, selection.from + '-' + field);
    return;
  }
  if (!chevron) { say('info', 'no chevron on ' + field, null); return; }
  // Another player's chevron: try to move it, and say why it cannot.
  const step = neighbour(field, chevron.facing) || neighbour(field, 'N') || neighbour(field, 'S');
  attempt(position, field + '-' + step);
}

/** Asks the rules about `move`, and says their answer. @param {Position} position @param {string} move */
function attempt(position, move) {
  try {
    position.validate(move);
    say('info', move + ' needs more: choose from the fields shown', null);
  } catch (e) { sayError(e); }
}

/** @type {Record<string, string>} */
const TURN = { '>': 'turn 45° clockwise', '<': 'turn 45° anticlockwise', '>>': 'turn 90° clockwise', '<<': 'turn 90° anticlockwise' };

/** Picks the chevron on `field`. @param {Position} position @param {string} field */
function select(position, field) {
  clearSelection();
  const rules = state.rules;
  if (!rules) return;
  const moves = position.legalMoves().map((m) => rules.readMove(m)).filter((m) => m.from === field);
  if (!moves.length) {
    const chevron = position.chevronAt(field);
    attempt(position, field + '-' + ((chevron && neighbour(field, chevron.facing)) || field));
    return;
  }
  const s = {
    from: field, stage: /** @type {Selection['stage']} */ ('to'), item: 0, pending: [], rotation: '', chosen: [],
    moves: moves.filter((m) => m.kind !== 'reorientation'),
    turns: moves.filter((m) => m.kind === 'reorientation'),
  };
  selection = s;
  candidateMark(field, 'selected');
  s.moves.forEach((m) => { if (m.to) candidateMark(m.to, 'destination'); });
  /** @type {string[]} */
  const rotations = [];
  s.turns.forEach((m) => { if (m.rotation && rotations.indexOf(m.rotation) < 0) rotations.push(m.rotation); });
  rotations.forEach((r) => {
    choice(TURN[r] + ' (' + r + ')', 'rotation', () => { startReorientation(r); });
  });
  say('info', field + ': ' + (s.moves.length ? 'choose where it goes' : '') +
    (s.moves.length && rotations.length ? ', or ' : '') + (rotations.length ? 'turn it' : ''), null);
}

/** A button under the board. @param {string} label @param {string} kind @param {() => void} action */
function choice(label, kind, action) {
  const b = el('button', 'choice', label);
  b.type = 'button';
  b.setAttribute('data-choice', kind);
  b.addEventListener('click', action);
  choicesBox.appendChild(b);
  return b;
}

/** @param {string | undefined} v */
function isField(v) { return !!v && /^[a-i][1-9]$/.test(v); }

/**
 * Narrows the movements to one destination, then asks for the first item in
 * which they still differ. Moves to one field are all pincers or all plain
 * movements (a pincer's destination holds a chevron, a plain movement's does
 * not), and two legal moves differ in some item, so the loop ends.
 * @param {MoveParts[]} moves
 * @param {number} item
 */
function narrow(moves, item) {
  if (!selection) return;
  /** @type {(string | undefined)[]} */
  let values;
  for (;; item++) {
    if (moves.length === 1) { finish(moves[0].text); return; }
    values = [];
    moves.forEach((m) => { if (values.indexOf(m.items[item]) < 0) values.push(m.items[item]); });
    if (values.length > 1) break;
  }
  selection.stage = 'items';
  selection.item = item;
  selection.pending = moves;
  clearCandidates(true);
  clear(choicesBox);
  const position = currentPosition();
  let what = 'a field';
  values.forEach((v) => { if (v && isField(v)) candidateMark(v, 'item'); });
  const at = item;
  const sample = moves.filter((m) => isField(m.items[at]))[0];
  if (sample && position) {
    try {
      const e = position.explain(sample.text);
      if (e.crossing && e.crossing.field === sample.items[at]) what = 'the field the crossing colours';
      else if (e.meeting === sample.items[at]) what = 'the field the meeting colours';
    } catch (err) { /* the sample is legal */ }
  }
  values.forEach((v) => {
    const label = v === '*' ? 'connection change (*)' : v === undefined ? 'nothing more' : v;
    choice(label, 'item', () => { pickItem(v); });
  });
  say('info', 'choose ' + (values.indexOf('*') >= 0 ? 'the connection change or ' : '') + what + ': ' +
    values.filter((v) => v !== undefined).join(' '), null);
}

/** @param {string | undefined} value */
function pickItem(value) {
  const s = selection, position = currentPosition();
  if (!s || !position) return;
  const item = s.item;
  const left = s.pending.filter((m) => m.items[item] === value);
  if (!left.length) {
    if (value && isField(value)) {
      const own = position.chevronAt(value);
      if (own && own.colour === position.toMove) { select(position, value); return; }
      // Not one of the fields offered: what would the rules say?
      const sample = s.pending[0];
      const items = sample.items.slice(0, item).concat([value]);
      attempt(position, sample.from + (sample.kind === 'pincer' ? 'x' : '-') + sample.to + '(' + items.join(',') + ')');
    }
    return;
  }
  narrow(left, item + 1);
}

/** @param {string} rotation */
function startReorientation(rotation) {
  const s = selection;
  if (!s) return;
  const turns = s.turns.filter((m) => m.rotation === rotation);
  s.stage = 'fields';
  s.pending = turns;
  s.rotation = rotation;
  s.chosen = [];
  if (turns.length === 1) { finish(turns[0].text); return; }
  showReturnable();
}

function showReturnable() {
  const s = selection;
  if (!s) return;
  clearCandidates(true);
  clear(choicesBox);
  const chosen = s.chosen;
  /** @type {string[]} */
  const open = [];
  const fitting = s.pending.filter((m) => chosen.every((f) => m.returned.indexOf(f) >= 0));
  fitting.forEach((m) => { m.returned.forEach((f) => { if (chosen.indexOf(f) < 0 && open.indexOf(f) < 0) open.push(f); }); });
  open.sort((a, b) => fieldIndex(a) - fieldIndex(b));
  open.forEach((f) => { candidateMark(f, 'returnable'); });
  chosen.forEach((f) => { candidateMark(f, 'returned'); });
  open.forEach((f) => { choice(f, 'returnable', () => { pickReturnedField(f); }); });
  const need = s.pending[0].returned.length;
  say('info', 'choose the ' + need + ' fields the turn gives back (' + chosen.length + ' chosen): ' + open.join(' '), null);
}

/** @param {string} field */
function pickReturnedField(field) {
  const s = selection, position = currentPosition();
  if (!s || !position) return;
  const chosen = s.chosen, at = chosen.indexOf(field);
  if (at >= 0) chosen.splice(at, 1);
  else if (s.pending.some((m) => m.returned.indexOf(field) >= 0 && chosen.every((f) => m.returned.indexOf(f) >= 0))) chosen.push(field);
  else {
    attempt(position, s.from + s.rotation + '(' + chosen.concat([field]).join(',') + ')');
    return;
  }
  const done = s.pending.filter((m) => m.returned.length === chosen.length && chosen.every((f) => m.returned.indexOf(f) >= 0));
  if (done.length === 1) { finish(done[0].text); return; }
  showReturnable();
}

/** @param {string} move */
function finish(move) {
  clearSelection();
  play(move);
}

/** Frames the focused field and says its name (unless something else is said). */
function drawFocus() {
  frame(focusField);
  const now = said();
  say(now.kind || 'info', now.kind ? now.text : fieldName(focusField), now.rule);
}

/** Wires the board to the pointer and the keyboard. */
export function setupInput() {
  onRefresh(clearSelection);
  board.addEventListener('click', (ev) => {
    const g = closest(ev, 'g.field');
    if (!g || !state.rules) return;
    const field = g.getAttribute('data-field') || '';
    focusField = fieldIndex(field);
    frame(-1);
    const position = currentPosition();
    if (position) onField(position, field);
  });
  // The board takes the keyboard: arrows move a focus frame, Enter or Space clicks.
  board.setAttribute('tabindex', '0');
  board.setAttribute('aria-label', 'the board: arrows to move between fields, Enter to pick');
  /** @type {Record<string, number>} */
  const ARROWS = { ArrowUp: 9, ArrowDown: -9, ArrowLeft: -1, ArrowRight: 1 };
  board.addEventListener('keydown', (ev) => {
    const d = ARROWS[ev.key];
    if (d !== undefined) {
      let next = focusField + d;
      if ((d === 1 && focusField % 9 === 8) || (d === -1 && focusField % 9 === 0) || next < 0 || next > 80) next = focusField;
      focusField = next;
      drawFocus();
      ev.preventDefault();
    } else if (ev.key === 'Enter' || ev.key === ' ') {
      const position = currentPosition();
      if (position) onField(position, fieldName(focusField));
      drawFocus();
      ev.preventDefault();
    } else if (ev.key === 'Escape') {
      clearSelection();
      say('', '', null);
    }
  });
  board.addEventListener('keyup', (ev) => { if (ev.key === 'Tab') drawFocus(); });
  board.addEventListener('blur', () => { frame(-1); });
}
