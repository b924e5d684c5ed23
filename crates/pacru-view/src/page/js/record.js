// @ts-check
// A recorded game's texts: its title, the verdict of the referee, the moves with
// their comments, glyphs and marks, and the tags.
import { $, el, breakable, clear, tableById } from './dom.js';
import { index } from './data.js';
import { playersLabel } from './list.js';
import { buildGraph } from './analysis.js';

/** @typedef {import('./viewer.js').LoadedGame} LoadedGame */

/** The verdict in words, as `pacru check` gives it. @param {LoadedGame} g */
function verdictText(g) {
  const v = g.data.verdict, e = v.error;
  const plies = v.plies === 1 ? '1 ply' : v.plies + ' plies';
  const rule = e && e.rule ? e.rule + ' (' + e.title + ')' : 'syntax';
  const reason = e ? '\n' + (e.rule ? e.rule + ': ' : '') + e.message : '';
  const where = e ? ' (line ' + e.line + ', column ' + e.column + ')' : '';
  switch (v.status) {
    case 'ok':
      return 'ok, ' + plies + ', ' + (v.winner ? v.winner + ' wins' : 'not finished, Result "' + v.result + '"');
    case 'illegal':
      return 'illegal move ' + (e ? e.move + ' at ply ' + e.ply : '') + where + ': ' + rule + reason;
    case 'malformed':
      return 'malformed at line ' + (e ? e.line + ', column ' + e.column : '') + reason +
        (g.data.start ? '\nshown: the ' + (g.data.plies.length === 1 ? 'ply' : g.data.plies.length + ' plies') + ' read before the error' : '');
    default:
      return 'inconsistent result after ' + plies + where + ': ' + rule + reason;
  }
}

/** Fills the tags table. @param {[string, string][]} list */
export function fillTags(list) {
  const tags = tableById('tags').tBodies[0];
  clear(tags);
  list.forEach((t) => {
    const tr = el('tr');
    tr.appendChild(breakable('td', '', t[0]));
    tr.appendChild(breakable('td', '', t[1]));
    tags.appendChild(tr);
  });
}

/** Shows the texts of game `g`. @param {LoadedGame} g */
export function buildGame(g) {
  const s = g.summary, d = g.data, source = index.sources[s.source];
  const title = $('game-title');
  clear(title);
  title.appendChild(document.createTextNode('#' + g.n + ' '));
  playersLabel(title, s);
  title.appendChild(document.createTextNode(' — ' + (source ? source + ', ' : '') + 'game ' + s.game + ' (line ' + s.line + ')' + (s.event ? ' — ' + s.event : '')));
  const verdict = $('verdict');
  verdict.setAttribute('data-status', d.verdict.status);
  verdict.textContent = verdictText(g);

  const moves = $('moves');
  clear(moves);
  /** @param {string} text */
  const note = (text) => { const li = el('li'); li.appendChild(breakable('span', 'note', text)); moves.appendChild(li); };
  d.lead.forEach((c) => { note('{' + c + '}'); });
  for (let k = 0; k < d.leadPasses; k++) note('pass');
  d.plies.forEach((p, i) => {
    const x = p[2] || {};
    const li = el('li');
    if (x.r) li.appendChild(el('span', 'round', x.r + '.'));
    const b = el('button', 'mv', p[0] + (x.g ? x.g.join('') : ''));
    b.type = 'button';
    b.setAttribute('data-ply', String(i + 1));
    if (x.w) b.title = 'written ' + x.w;
    if (x.an) {
      if (x.an.m) { b.classList.add('mark-' + x.an.m); b.setAttribute('data-mark', x.an.m); }
      b.title = (b.title ? b.title + '; ' : '') + 'loss ' + (x.an.l / 1000).toFixed(3) + (x.an.b ? ', best ' + x.an.b : '');
    }
    li.appendChild(b);
    moves.appendChild(li);
    (x.cm || []).forEach((c) => { note('{' + c + '}'); });
    for (let k = 0; k < (x.ps || 0); k++) note('pass');
  });
  if (d.refused) {
    const li = el('li');
    li.appendChild(el('span', 'refused', d.refused.written));
    li.appendChild(el('span', 'note', 'refused: ' + d.refused.rule + ' (' + d.refused.title + ')'));
    moves.appendChild(li);
  }
  if (d.syntax) {
    const li = el('li');
    li.appendChild(el('span', 'broken', '⚠ the text breaks at line ' + d.syntax.line + ', column ' + d.syntax.column + ': ' + d.syntax.message));
    moves.appendChild(li);
  }
  buildGraph(d);
  fillTags(d.tags);
}

/** Marks the move that leads to `ply` in the move list; null: none. @param {number | null} ply @returns {HTMLElement | null} */
export function markMove(ply) {
  const moves = $('moves');
  const was = moves.querySelector('[aria-current="true"]');
  if (was) was.removeAttribute('aria-current');
  if (ply === null) return null;
  const now = /** @type {HTMLElement | null} */ (moves.querySelector('button.mv[data-ply="' + ply + '"]'));
  if (now) now.setAttribute('aria-current', 'true');
  return now;
}
