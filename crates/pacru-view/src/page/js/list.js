// @ts-check
// The game list, virtualised: only the rows in view exist.
import { $, el, selectById, closest } from './dom.js';
import { index, games, palette, word } from './data.js';

const ROW = 28;
const list = $('game-list'), spacer = $('list-spacer');
/** The numbers of the games the filter lets through, in order. @type {number[]} */
export let filtered = [];
/** @type {Map<number, HTMLElement>} */
const rows = new Map();
let selected = 0;

/**
 * Appends the players of a game (swatch and name) to `node`.
 * @param {Node} node
 * @param {import('./data.js').Summary} summary
 */
export function playersLabel(node, summary) {
  summary.players.forEach((p, i) => {
    if (i) node.appendChild(document.createTextNode(' · '));
    const sw = el('span', 'sw');
    sw.style.background = palette[p[0]].fill;
    node.appendChild(sw);
    node.appendChild(document.createTextNode(p[1] !== null ? p[1] : word(p[0])));
  });
}

/** @param {number} n */
function makeRow(n) {
  const s = games[n - 1];
  const row = el('div', 'row');
  row.setAttribute('data-game', String(n));
  row.setAttribute('role', 'option');
  row.appendChild(el('span', 'c-num', String(n)));
  const players = el('span', 'c-players');
  playersLabel(players, s);
  row.appendChild(players);
  row.appendChild(el('span', 'c-result', s.result));
  row.appendChild(el('span', 'c-status st-' + s.status, s.status));
  row.appendChild(el('span', 'c-plies', String(s.plies)));
  const source = index.sources[s.source];
  row.title = (source ? source + ' ' : '') + 'game ' + s.game + ' (line ' + s.line + ')' + (s.event ? ': ' + s.event : '');
  return row;
}

function renderList() {
  spacer.style.height = (filtered.length * ROW) + 'px';
  const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 5);
  const last = Math.min(filtered.length, Math.ceil((list.scrollTop + list.clientHeight) / ROW) + 5);
  const keep = new Set();
  for (let k = first; k < last; k++) {
    const n = filtered[k];
    keep.add(n);
    let row = rows.get(n);
    if (!row) { row = makeRow(n); rows.set(n, row); list.appendChild(row); }
    row.style.top = (k * ROW) + 'px';
    row.setAttribute('aria-selected', n === selected ? 'true' : 'false');
  }
  rows.forEach((row, n) => { if (!keep.has(n)) { row.remove(); rows.delete(n); } });
}

/** Applies the filter chosen. */
export function applyFilter() {
  const f = selectById('filter').value;
  filtered = [];
  for (let n = 1; n <= games.length; n++) {
    const st = games[n - 1].status;
    if (f === 'all' || st === f || (f === 'bad' && st !== 'ok')) filtered.push(n);
  }
  $('list-count').textContent = filtered.length + ' of ' + games.length;
  rows.forEach((row) => { row.remove(); });
  rows.clear();
  renderList();
}

/** Marks game `n` as the one shown and scrolls it into view. @param {number} n */
export function selectGame(n) {
  selected = n;
  rows.forEach((row, k) => { row.setAttribute('aria-selected', k === n ? 'true' : 'false'); });
  const k = filtered.indexOf(n);
  if (k < 0) return;
  const top = k * ROW;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + ROW > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW - list.clientHeight;
}

/** Wires the list: scrolling, the filter, and `open(n)` for a click on a row. @param {(n: number) => void} open */
export function setupList(open) {
  list.addEventListener('scroll', () => { window.requestAnimationFrame(renderList); });
  list.addEventListener('click', (ev) => {
    const row = closest(ev, '.row');
    if (row) open(+(row.getAttribute('data-game') || 0));
  });
  $('filter').addEventListener('change', applyFilter);
}
