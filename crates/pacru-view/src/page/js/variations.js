// @ts-check
// The variations of the game shown: listed under the moves, stepped, deleted.
import { $, el, clear, closest, buttonById } from './dom.js';
import { state } from './state.js';
import { onMainLine, showLine, refresh, onRefresh, hooks } from './board.js';

/** Lists the variations of the game shown. */
function renderVariations() {
  const box = $('variations-box'), list = $('variations');
  clear(list);
  const v = state.view;
  const game = v ? v.game : null;
  const has = !!game && game.variations.length > 0;
  box.hidden = !has;
  buttonById('btn-main-line').hidden = !game || onMainLine();
  if (!v || !game || !has) return;
  game.variations.forEach((line, k) => {
    const li = el('li');
    li.setAttribute('data-variation', String(k + 1));
    if (line === v.line) li.setAttribute('aria-current', 'true');
    li.appendChild(el('span', 'var-from', 'after ply ' + line.from + ':'));
    line.moves.forEach((m, i) => {
      const b = el('button', 'mv', m);
      b.type = 'button';
      b.setAttribute('data-variation', String(k + 1));
      b.setAttribute('data-ply', String(line.from + i + 1));
      if (line === v.line && v.ply === line.from + i + 1) b.setAttribute('aria-current', 'true');
      li.appendChild(b);
    });
    const del = el('button', 'var-delete', '×');
    del.type = 'button';
    del.title = 'delete this variation';
    del.setAttribute('aria-label', 'delete variation ' + (k + 1));
    del.setAttribute('data-delete', String(k + 1));
    li.appendChild(del);
    list.appendChild(li);
  });
}

/** Wires the variations' list. */
export function setupVariations() {
  onRefresh(renderVariations);
  $('variations').addEventListener('click', (ev) => {
    const b = closest(ev, 'button');
    const v = state.view;
    if (!b || !v) return;
    const game = v.game;
    if (b.hasAttribute('data-delete')) {
      const line = game.variations[+(b.getAttribute('data-delete') || 0) - 1];
      game.variations.splice(game.variations.indexOf(line), 1);
      if (v.line === line) showLine(game, game.main, line.from);
      else refresh();
      if (game === state.live) hooks.save();
      return;
    }
    showLine(game, game.variations[+(b.getAttribute('data-variation') || 0) - 1], +(b.getAttribute('data-ply') || 0));
  });
  $('btn-main-line').addEventListener('click', () => {
    const v = state.view;
    if (v && !onMainLine()) showLine(v.game, v.game.main, v.line.from);
  });
}
