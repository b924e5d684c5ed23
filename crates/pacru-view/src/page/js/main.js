// @ts-check
// The page's script: the entry point, bundled into one classic script by
// `cargo xtask page-script`. It compiles the rules, then starts the viewer (the
// recorded games) and the board (moves on them, the live game, the engine).
//
// The parts, one job each: data.js (the page's JSON), rules.js (the WebAssembly
// module), line.js and state.js (lines of play, what the board knows and shows),
// drawing.js (the board, effects, arrows, the players' table), list.js,
// record.js, analysis.js and viewer.js (viewing recorded games), board.js
// (playing moves, the view), input.js (pointer and keyboard), textentry.js (the
// text box), variations.js, live.js (the live game), storage.js (the browser's
// storage), engine.js (the Web Worker), messages.js (the line under the board),
// server.js (a game on the server that sent the page: `pacru serve`).
import { buttonById, selectById } from './dom.js';
import { games, givenLive, serverGame } from './data.js';
import { loadRules } from './rules.js';
import { state } from './state.js';
import { say } from './messages.js';
import { startViewer } from './viewer.js';
import { shownRecorded, boardStep, movePly, showLine } from './board.js';
import { setupInput } from './input.js';
import { setupTextEntry } from './textentry.js';
import { setupVariations } from './variations.js';
import { setupLive, makeLive } from './live.js';
import { loadSaved } from './storage.js';
import { startEngine, cancelSearch, maybeEngineMove } from './engine.js';
import { startServerGame } from './server.js';

/** @typedef {import('./rules.js').Rules} Rules */

/**
 * Starts the board on ready rules: wires its parts, shows the recorded games and
 * opens the live game (the one kept in storage, else the one the page holds).
 * @param {Rules} rules
 * @param {WebAssembly.Module} module
 */
export function startBoard(rules, module) {
  state.rules = rules;
  setupInput();
  setupTextEntry();
  setupVariations();
  setupLive(cancelSearch);
  startEngine(module);
  startViewer(rules, { shown: shownRecorded, step: boardStep, movePly });
  const remote = serverGame();
  if (remote) {
    startServerGame(remote);
    document.documentElement.setAttribute('data-board', 'ready');
    return;
  }
  const saved = loadSaved();
  const given = givenLive();
  const strength = selectById('engine-strength');
  if (saved && saved.strength && strength.querySelector('option[value="' + saved.strength.replace(/[^a-z0-9:]/g, '') + '"]')) {
    strength.value = saved.strength;
  }
  if (saved || given) {
    try { state.live = makeLive(/** @type {import('./data.js').LiveData} */ (saved || given)); } catch (e) { state.live = given ? makeLive(given) : null; }
  }
  buttonById('btn-new-game').disabled = false;
  const live = state.live;
  if (live && (!games.length || !/^#game=/.test(location.hash))) {
    showLine(live, live.main, live.main.end());
    maybeEngineMove();
  }
  document.documentElement.setAttribute('data-board', 'ready');
}

/** Runs the page: the rules first, then everything else. */
export function start() {
  loadRules().then(({ rules, module }) => { startBoard(rules, module); }, (e) => {
    startViewer(null);
    say('error', 'the rules could not start: ' + (e instanceof Error ? e.message : e) + ': the games can be read, not shown or played', null);
    document.documentElement.setAttribute('data-board', 'failed');
  });
}

start();
