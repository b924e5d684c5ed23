// @ts-check
// Drawing: the board the generator wrote (one group per field) coloured for a
// position of the rules, what a move did drawn over it, arrows, and the players'
// table. Texts are set with textContent, attributes with setAttribute.
import { $, el, svgEl, clear } from './dom.js';
import { config, palette, word, letter } from './data.js';
import { DIRS, fieldIndex, fieldName } from './fields.js';

/** @typedef {import('./rules.js').Position} Position */
/**
 * @typedef {object} Cell A field's group and its shapes.
 * @property {Element} g
 * @property {Element} marker
 * @property {Element} chevron
 * @property {number} x
 * @property {number} y
 * @property {number} size
 */

/** The fields, by index. @type {Cell[]} */
export const cells = [];
const board = $('board');
board.querySelectorAll('g.field').forEach((g) => {
  const rect = /** @type {Element} */ (g.querySelector('rect'));
  cells[fieldIndex(g.getAttribute('data-field') || '')] = {
    g,
    marker: /** @type {Element} */ (g.querySelector('circle.marker')),
    chevron: /** @type {Element} */ (g.querySelector('polygon.chevron')),
    x: +(rect.getAttribute('x') || 0), y: +(rect.getAttribute('y') || 0), size: +(rect.getAttribute('width') || 0),
  };
});
const effectsLayer = $('effects');

/**
 * The board's colours and chevrons, by field index, as letters: markers[i] is a
 * colour letter or '', chevrons[i] a colour letter and a facing ("RNE") or ''.
 * @typedef {{ markers: string[], chevrons: string[] }} Layout
 */

/** What `position` puts on each field, asked of the rules. @param {Position} position @returns {Layout} */
export function layoutOf(position) {
  const markers = new Array(81).fill(''), chevrons = new Array(81).fill('');
  for (const l in palette) position.fieldsOf(l).forEach((f) => { markers[fieldIndex(f)] = l; });
  position.chevrons().forEach((c) => { chevrons[fieldIndex(c.field)] = letter(c.colour) + c.facing; });
  return { markers, chevrons };
}

/** Draws `position` on the board; null: an empty board. @param {Position | null} position */
export function drawPosition(position) {
  const layout = position ? layoutOf(position) : null;
  for (let i = 0; i < 81; i++) {
    const c = cells[i];
    const m = layout ? layout.markers[i] : '';
    const ch = layout ? layout.chevrons[i] : '';
    c.g.setAttribute('data-colour', m);
    if (m) {
      c.marker.setAttribute('fill', palette[m].fill);
      c.marker.setAttribute('stroke', palette[m].outline);
      c.marker.setAttribute('visibility', 'visible');
    } else {
      c.marker.setAttribute('visibility', 'hidden');
    }
    if (ch) {
      const colour = ch.charAt(0), facing = ch.substring(1);
      c.g.setAttribute('data-chevron-colour', colour);
      c.g.setAttribute('data-chevron-facing', facing);
      c.chevron.setAttribute('fill', palette[colour].fill);
      c.chevron.setAttribute('stroke', m ? config.onMarkerOutline : palette[colour].outline);
      c.chevron.setAttribute('transform', 'rotate(' + DIRS.indexOf(facing) * 45 + ')');
      c.chevron.setAttribute('visibility', 'visible');
    } else {
      c.g.setAttribute('data-chevron-colour', '');
      c.g.setAttribute('data-chevron-facing', '');
      c.chevron.setAttribute('visibility', 'hidden');
    }
  }
}

/**
 * @typedef {object} MarkStyle
 * @property {string} stroke
 * @property {string} [dash]
 * @property {number} width
 * @property {number} [inset]
 * @property {boolean} [circle]
 * @property {string} [badge]
 */
/** @type {Record<string, MarkStyle>} */
const STYLE = {
  origin: { stroke: '#37474f', dash: '7 4', width: 3, inset: 4 },
  destination: { stroke: '#ff8f00', width: 4, inset: 3 },
  crossing: { stroke: '#8e24aa', width: 4, circle: true, badge: 'B' },
  connection: { stroke: '#00838f', width: 3, circle: true, badge: 'C' },
  captured: { stroke: '#c62828', width: 4, inset: 2, badge: 'X' },
  meeting: { stroke: '#2e7d32', width: 4, circle: true, badge: 'M' },
  returned: { stroke: '#6d4c41', dash: '2 4', width: 4, inset: 6, badge: 'N' },
  removed: { stroke: '#c62828', dash: '5 4', width: 3, circle: true, badge: 'O' },
  'refused-origin': { stroke: '#c62828', dash: '7 4', width: 4, inset: 4 },
  'refused-destination': { stroke: '#c62828', dash: '3 3', width: 4, inset: 4, badge: '!' },
};

/** Removes what was drawn over the board. */
export function clearEffects() { clear(effectsLayer); }

/**
 * Marks field `name` with an effect's shape and badge.
 * @param {string} effect A key of STYLE.
 * @param {string} name
 * @param {string} [badge] Instead of the effect's own.
 */
export function markField(effect, name, badge) {
  const c = cells[fieldIndex(name)], st = STYLE[effect];
  /** @type {Record<string, string | number>} */
  const attrs = { 'data-effect': effect, 'data-field': name, fill: 'none', stroke: st.stroke, 'stroke-width': st.width };
  if (st.dash) attrs['stroke-dasharray'] = st.dash;
  let shape;
  if (st.circle) {
    attrs.cx = c.x + c.size / 2; attrs.cy = c.y + c.size / 2; attrs.r = c.size * 0.46;
    shape = svgEl('circle', attrs);
  } else {
    const inset = st.inset || 0;
    attrs.x = c.x + inset; attrs.y = c.y + inset;
    attrs.width = attrs.height = c.size - 2 * inset;
    shape = svgEl('rect', attrs);
  }
  effectsLayer.appendChild(shape);
  const text = badge || st.badge;
  if (text) {
    const t = svgEl('text', { x: c.x + 5, y: c.y + 15, 'font-size': 14, 'font-weight': 'bold', fill: st.stroke,
      stroke: '#ffffff', 'stroke-width': 3, 'paint-order': 'stroke', 'data-effect-badge': effect });
    t.textContent = text;
    effectsLayer.appendChild(t);
  }
}

/**
 * A faded copy of a chevron that left the board.
 * @param {string} effect 'captured' or 'removed'.
 * @param {string} chevron Field, colon, letter and facing: "e5:RN".
 */
export function ghost(effect, chevron) {
  const name = chevron.substring(0, 2), colour = chevron.charAt(3), facing = chevron.substring(4);
  const c = cells[fieldIndex(name)];
  const small = effect === 'captured';
  const g = svgEl('g', { transform: 'translate(' + (c.x + (small ? c.size - 14 : c.size / 2)) + ' ' + (c.y + (small ? 14 : c.size / 2)) + ') scale(' + (small ? 0.4 : 1) + ')',
    'data-effect': effect + '-chevron', 'data-field': name, 'data-chevron-colour': colour, 'data-chevron-facing': facing });
  g.appendChild(svgEl('polygon', { points: cells[0].chevron.getAttribute('points') || '',
    transform: 'rotate(' + DIRS.indexOf(facing) * 45 + ')', fill: palette[colour].fill, 'fill-opacity': 0.35,
    stroke: '#c62828', 'stroke-width': small ? 4 : 2.5, 'stroke-dasharray': '4 3' }));
  effectsLayer.appendChild(g);
}

/**
 * An arrow from `from` to `to` (a ring on `from` for a turn in place), its
 * `attribute` holding `move`.
 * @param {string} move
 * @param {string} from
 * @param {string | null} to
 * @param {string} attribute 'data-hint' or 'data-best'.
 */
export function drawArrow(move, from, to, attribute) {
  const a = cells[fieldIndex(from)], half = a.size / 2;
  if (!to) {
    const ring = svgEl('circle', { cx: a.x + half, cy: a.y + half, r: half * 0.8, fill: 'none', stroke: '#1565c0', 'stroke-width': 6, opacity: 0.8 });
    ring.setAttribute(attribute, move);
    effectsLayer.appendChild(ring);
    return;
  }
  const b = cells[fieldIndex(to)];
  const x1 = a.x + half, y1 = a.y + half, x2 = b.x + half, y2 = b.y + half;
  const len = Math.sqrt((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)), ux = (x2 - x1) / len, uy = (y2 - y1) / len;
  const tipX = x2 - ux * half * 0.3, tipY = y2 - uy * half * 0.3, baseX = tipX - ux * 22, baseY = tipY - uy * 22;
  const g = svgEl('g', { opacity: 0.8 });
  g.setAttribute(attribute, move);
  g.appendChild(svgEl('line', { x1, y1, x2: baseX, y2: baseY, stroke: '#1565c0', 'stroke-width': 8, 'stroke-linecap': 'round' }));
  g.appendChild(svgEl('polygon', { fill: '#1565c0', points: tipX + ',' + tipY + ' ' + (baseX - uy * 14) + ',' + (baseY + ux * 14) + ' ' + (baseX + uy * 14) + ',' + (baseY - ux * 14) }));
  effectsLayer.appendChild(g);
}

/** Marks a field as a candidate of the move being made. @param {string} field @param {string} kind */
export function candidateMark(field, kind) { cells[fieldIndex(field)].g.setAttribute('data-candidate', kind); }

/** Removes the candidate marks; `keepSelected` keeps the chevron picked. @param {boolean} [keepSelected] */
export function clearCandidates(keepSelected) {
  board.querySelectorAll('g.field[data-candidate]').forEach((g) => {
    if (!keepSelected || g.getAttribute('data-candidate') !== 'selected') g.removeAttribute('data-candidate');
  });
}

/** Frames field `i` (the keyboard's focus); -1: none. @param {number} i */
export function drawFocus(i) {
  const old = board.querySelector('g.field[data-focus]');
  if (old) old.removeAttribute('data-focus');
  if (i >= 0) cells[i].g.setAttribute('data-focus', 'true');
}

/**
 * The players' table: fields against the target, chevrons, who is to move
 * (nobody once the game is over), who is out.
 * @param {Position | null} position
 * @param {Record<string, string | null>} names By colour letter.
 * @param {number} target
 * @param {boolean} over
 */
export function fillPlayers(position, names, target, over) {
  const body = /** @type {HTMLTableElement} */ ($('players')).tBodies[0];
  clear(body);
  if (!position) return;
  const layout = layoutOf(position);
  const toMoveLetter = letter(position.toMove);
  position.players.forEach((colour) => {
    const l = letter(colour);
    let fields = 0, chevrons = 0;
    for (let i = 0; i < 81; i++) {
      if (layout.markers[i] === l) fields++;
      if (layout.chevrons[i].charAt(0) === l) chevrons++;
    }
    const toMove = !over && toMoveLetter === l;
    const tr = el('tr', (toMove ? 'to-move' : '') + (chevrons ? '' : ' out'));
    tr.setAttribute('data-colour', l);
    tr.setAttribute('data-fields', String(fields));
    tr.setAttribute('data-chevrons', String(chevrons));
    tr.setAttribute('data-to-move', toMove ? 'true' : 'false');
    const name = el('td', 'name', toMove ? '▶ ' : '');
    const sw = el('span', 'sw');
    sw.style.background = palette[l].fill;
    name.appendChild(sw);
    name.appendChild(document.createTextNode(word(l) + (names[l] ? ' ' + names[l] : '') + (chevrons ? '' : ' (out)')));
    tr.appendChild(name);
    tr.appendChild(el('td', 'fields', fields + '/' + target));
    tr.appendChild(el('td', 'chevrons', String(chevrons)));
    body.appendChild(tr);
  });
}

export { fieldName };
