// @ts-check
// An engine's analysis of a recorded game: each player's expected score, ply by
// ply, as a graph under the board, and the best move as an arrow.
import { $, svgEl, clear } from './dom.js';
import { palette } from './data.js';

/** @typedef {import('./data.js').GameData} GameData */

/**
 * The scores at each point: point k is the position after k plies (the scores
 * before ply k + 1, and after the last ply analysed).
 * @param {GameData} data
 * @returns {([string, number][] | null)[]}
 */
function graphPoints(data) {
  const plies = data.plies, points = [];
  for (let k = 0; k <= plies.length; k++) {
    let scores = null;
    if (k < plies.length) {
      const an = (plies[k][2] || {}).an;
      if (an) scores = an.s;
    } else if (k > 0) {
      const an = (plies[k - 1][2] || {}).an;
      if (an && an.a) scores = an.a;
    }
    points.push(scores);
  }
  return points;
}

/** Draws the graph of a game (hidden when nothing is analysed). @param {GameData} data */
export function buildGraph(data) {
  const graph = $('eval-graph');
  clear(graph);
  const points = graphPoints(data);
  const known = points.filter((p) => p).length;
  // An SVG element has no `hidden` property: the attribute, which the style hides.
  graph.toggleAttribute('hidden', known === 0);
  graph.setAttribute('data-points', String(known));
  if (!known) return;
  const width = 600, height = 100, last = Math.max(1, points.length - 1);
  /** @param {number} k */
  const x = (k) => (k / last * width).toFixed(1);
  /** @param {number} score */
  const y = (score) => (4 + (1 - score / 1000) * (height - 8)).toFixed(1);
  graph.appendChild(svgEl('line', { x1: 0, x2: width, y1: y(500), y2: y(500), stroke: '#b8aa88', 'stroke-dasharray': '4 4', 'stroke-width': 1 }));
  /** @type {string[]} */
  const letters = [];
  points.forEach((p) => { if (p) p.forEach((s) => { if (letters.indexOf(s[0]) < 0) letters.push(s[0]); }); });
  letters.forEach((letter) => {
    let path = '', pen = false;
    points.forEach((p, k) => {
      /** @type {number | null} */
      let score = null;
      if (p) p.forEach((s) => { if (s[0] === letter) score = s[1]; });
      if (score === null) { pen = false; return; }
      path += (pen ? ' L' : ' M') + x(k) + ' ' + y(score);
      pen = true;
    });
    graph.appendChild(svgEl('path', { d: path, fill: 'none', stroke: palette[letter].fill, 'stroke-width': 2.5, 'vector-effect': 'non-scaling-stroke', 'data-colour': letter }));
  });
  graph.appendChild(svgEl('line', { id: 'eval-cursor', x1: 0, x2: 0, y1: 0, y2: height, stroke: '#b35c00', 'stroke-width': 2, 'vector-effect': 'non-scaling-stroke' }));
  graph.setAttribute('data-plies', String(last));
}

/**
 * Moves the graph's cursor to `ply`; returns the best move the analysis gives
 * there, if any.
 * @param {GameData} data
 * @param {number} ply
 * @returns {string | null}
 */
export function drawGraphCursor(data, ply) {
  const cursorLine = document.getElementById('eval-cursor');
  if (!cursorLine) return null;
  const last = Math.max(1, data.plies.length);
  cursorLine.setAttribute('x1', String(ply / last * 600));
  cursorLine.setAttribute('x2', String(ply / last * 600));
  const an = ply < data.plies.length ? (data.plies[ply][2] || {}).an : null;
  return an && an.b ? an.b : null;
}

/** A click on the graph goes to the ply under it: `go(ply)`. @param {(ply: number) => void} go */
export function setupGraph(go) {
  const graph = $('eval-graph');
  graph.addEventListener('click', (ev) => {
    const box = graph.getBoundingClientRect();
    const plies = +(graph.getAttribute('data-plies') || 0);
    go(Math.round((ev.clientX - box.left) / box.width * plies));
  });
}
