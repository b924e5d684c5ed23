// @ts-check
// The engine: the rules' bestMove in a Web Worker made by the page from the
// rules' script (a blob: URL, as the policy allows), for the engine's seats of
// the live game, hints and evaluations.
import { $, selectById, buttonById } from './dom.js';
import { state } from './state.js';
import { say } from './messages.js';
import { drawArrow } from './drawing.js';
import { moveFields } from './viewer.js';
import { currentPosition, isEngineSeat, play, hooks } from './board.js';
import { saveLive } from './live.js';

/** @typedef {import('./rules.js').Position} Position */
/** @typedef {import('../rules/types/index.js').BestMove} BestMove */
/**
 * @typedef {object} Pending The search under way.
 * @property {number} id
 * @property {'play' | 'hint' | 'evaluate'} purpose
 * @property {(result: BestMove) => void} done
 */

/** @type {Worker | null} */
let engine = null;
let searchId = 0;
/** @type {Pending | null} */
let pending = null;
const output = $('engine-output');

/**
 * Runs in the worker, after the rules' script: its source is the worker's code.
 * It answers `{ id, ppn, rules, budget }` with `{ id, result }` or `{ id, error }`.
 */
function engineWorker() {
  /** @param {MessageEvent} ev */
  self.onmessage = function (ev) {
    const m = ev.data;
    if (m.type === 'init') { pacruRules.initSync({ module: m.module }); return; }
    try {
      const position = pacruRules.Position.fromPpn(m.ppn, m.rules);
      const result = pacruRules.bestMove(position, m.budget);
      self.postMessage({ id: m.id, result });
    } catch (e) {
      self.postMessage({ id: m.id, error: String(e instanceof Error ? e.message : e) });
    }
  };
}

/** The budget chosen: `{ millis }` or `{ nodes }`, seed 0. */
function budget() {
  const v = selectById('engine-strength').value.split(':');
  /** @type {{ seed: number, millis?: number, nodes?: number }} */
  const b = { seed: 0 };
  if (v[0] === 'nodes') b.nodes = +v[1]; else b.millis = +v[1];
  return b;
}

/**
 * Searches `position`; `done` gets the answer unless another search started.
 * @param {Position} position
 * @param {Pending['purpose']} purpose
 * @param {(result: BestMove) => void} done
 */
function search(position, purpose, done) {
  if (!engine) return;
  searchId++;
  pending = { id: searchId, purpose, done };
  output.textContent = 'thinking…';
  output.setAttribute('data-state', 'thinking');
  engine.postMessage({ id: searchId, ppn: position.toPpn(), rules: position.rules, budget: budget() });
}

/** Drops the search under way: the worker finishes it; its answer is then ignored. */
export function cancelSearch() {
  pending = null;
  output.setAttribute('data-state', '');
  if (output.textContent === 'thinking…') output.textContent = '';
}

/** @param {MessageEvent} ev */
function onEngine(ev) {
  const m = ev.data;
  if (!pending || m.id !== pending.id) return;
  const p = pending;
  pending = null;
  output.setAttribute('data-state', '');
  if (m.error) { say('error', 'engine: ' + m.error, null); output.textContent = ''; return; }
  p.done(m.result);
}

/** @param {BestMove} result */
function evaluationText(result) {
  const evaluation = /** @type {Record<string, number>} */ (result.evaluation);
  return Object.keys(evaluation).map((colour) => colour + ' ' + evaluation[colour].toFixed(3)).join(', ');
}

/** @param {BestMove} result @param {Pending['purpose']} purpose */
function showEvaluation(result, purpose) {
  output.textContent = (purpose === 'hint' && result.move ? 'best: ' + result.move + '; ' : '') + 'expected scores: ' + evaluationText(result);
  output.setAttribute('data-move', result.move || '');
  output.setAttribute('data-evaluation', JSON.stringify(result.evaluation));
}

/** Lets the engine move when it has the live game's turn at its end. */
export function maybeEngineMove() {
  const live = state.live, v = state.view;
  if (!live || !v || v.game !== live || v.line !== live.main || v.ply !== live.main.end()) return;
  const position = live.main.position(live.main.end());
  if (!isEngineSeat(position) || (pending && pending.purpose === 'play')) return;
  const line = live.main, ply = v.ply;
  search(position, 'play', (result) => {
    const move = result.move;
    if (live.main !== line || line.end() !== ply || !move) return;
    const now = state.view;
    if (now && now.game === live && now.line === line && now.ply === ply) {
      play(move);
    } else {
      line.push(move, line.position(ply).play(move));
      saveLive();
    }
    output.textContent = position.toMove + ' (engine) played ' + move + '; expected scores: ' + evaluationText(result);
  });
}

/**
 * Starts the worker on the compiled module and wires Hint and Evaluate; without
 * workers, hides them.
 * @param {WebAssembly.Module} module
 */
export function startEngine(module) {
  hooks.afterMove = maybeEngineMove;
  try {
    const source = /** @type {string} */ ($('rules-script').textContent) + '\n(' + engineWorker.toString() + ')();\n';
    engine = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    engine.onmessage = onEngine;
    engine.onerror = () => { say('error', 'the engine stopped', null); };
    engine.postMessage({ type: 'init', module });
  } catch (e) {
    engine = null;
    ['btn-hint', 'btn-evaluate'].forEach((id) => { buttonById(id).hidden = true; });
  }
  $('btn-hint').addEventListener('click', () => {
    const position = currentPosition();
    const v = state.view;
    if (!position || !v || position.isFinished()) { say('info', 'the game is over', null); return; }
    const at = { line: v.line, ply: v.ply };
    search(position, 'hint', (result) => {
      showEvaluation(result, 'hint');
      const now = state.view;
      const fields = result.move ? moveFields(result.move) : null;
      if (now && now.line === at.line && now.ply === at.ply && result.move && fields) drawArrow(result.move, fields.from, fields.to, 'data-hint');
    });
  });
  $('btn-evaluate').addEventListener('click', () => {
    const position = currentPosition();
    if (!position) return;
    search(position, 'evaluate', (result) => { showEvaluation(result, 'evaluate'); });
  });
  $('engine-strength').addEventListener('change', saveLive);
}
