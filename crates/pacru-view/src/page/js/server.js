// @ts-check
// A game on the server that sent the page (`pacru serve`, docs/server-pages.md):
// the live game follows the server's WebSocket (`/ws/games/{id}`), whose first
// message is the game object and the next ones its moves, seats taken and end.
// The viewer's moves (clicks, the text box, Resign), checked first by the rules
// here, go to the server, which stays the referee: its answer is the game after
// the move, or a refusal that the line under the board says. Spectators, the
// seats not to move and everyone before the start or after the end may not move.
import { $, el, clear, buttonById } from './dom.js';
import { letter, palette } from './data.js';
import { state } from './state.js';
import { say } from './messages.js';
import { makeLive, buildLiveMoves } from './live.js';
import { showLine, refresh, onRefresh, hooks, atLiveEnd, markCurrentMove } from './board.js';

/** @typedef {import('./data.js').ServerData} ServerData */
/** @typedef {import('./data.js').ServerGame} ServerGame */
/** @typedef {import('./rules.js').Position} Position */

/** @type {ServerGame} */
let game;
/** @type {string | null} */
let viewer = null;
/** @type {WebSocket | null} */
let socket = null;
/** When the clocks of `game` were read (performance.now()). */
let clocksAt = 0;
/** Whether a move of the viewer awaits the server's answer. */
let pending = false;

/** The viewer's colour in the game, if they hold a seat. */
function mySeat() {
  const mine = viewer === null ? undefined : game.players.find((p) => p.username === viewer);
  return mine ? mine.colour : null;
}

/** Whether the game is over (or was given up). */
function over() { return game.status === 'finished' || game.status === 'aborted'; }

/** Why the viewer may not move on `position` at the game's end; null if they may. @param {Position} position */
function refusal(position) {
  if (over() || position.isFinished()) return 'the game is over';
  if (game.status !== 'playing') return 'the game starts when every seat is taken';
  const seat = mySeat();
  if (!seat) return viewer === null ? 'you are watching: sign in and take a seat to play' : 'you are watching this game';
  if (position.toMove !== seat) return 'it is ' + position.toMove + "'s move";
  if (pending) return 'waiting for the server to answer the move';
  return null;
}

/** Sends the viewer's move to the server. @param {string} move */
function submit(move) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    say('error', 'not connected to the server: the move was not sent', null);
    return;
  }
  pending = true;
  socket.send(JSON.stringify({ type: 'move', move, ply: game.moves.length + 1 }));
  say('info', 'sent ' + move, null);
  refresh();
}

/** The live game's tags: its players, rules and names. */
function tags() {
  /** @type {[string, string][]} */
  const list = [['Players', game.players.map((p) => p.seat).join('')], ['Rules', game.rules]];
  game.players.forEach((p) => { if (p.username) list.push([p.colour, p.username]); });
  return list;
}

/** Brings the board to the server's moves, staying on the ply shown unless it was the last. */
function sync() {
  const live = state.live;
  if (!live) return;
  const follow = !state.view || atLiveEnd();
  live.tags = tags();
  const moves = game.moves.filter((m) => m !== 'pass');
  let same = 0;
  while (same < live.main.end() && same < moves.length && live.main.moves[same] === moves[same]) same++;
  if (same < live.main.end()) live.main.truncate(same);
  for (let i = same; i < moves.length; i++) {
    try { live.main.push(moves[i], live.main.position(i).play(moves[i])); } catch (e) {
      say('error', 'the board cannot follow the server at ' + moves[i] + ': ' + (e instanceof Error ? e.message : e), null);
      break;
    }
  }
  const view = state.view;
  showLine(live, live.main, follow || !view ? live.main.end() : view.ply);
}

/** mm:ss (h:mm:ss past an hour, days past a day) of `ms`. @param {number} ms */
function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return Math.floor(s / 86400) + 'd ' + Math.floor((s % 86400) / 3600) + 'h';
  const two = (/** @type {number} */ n) => (n < 10 ? '0' : '') + n;
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
  return (h ? h + ':' + two(m) : String(m)) + ':' + two(s % 60);
}

/** The sentence of the game's state. */
function statusText() {
  if (game.status === 'open') {
    const seated = game.players.filter((p) => p.username).length;
    return 'waiting for players: ' + seated + ' of ' + game.players.length + ' seats taken';
  }
  if (game.status === 'aborted') return 'aborted';
  if (game.status === 'finished') {
    return (game.winner ? game.winner + ' wins' : 'no winner') + ' (' + (game.result || '') +
      (game.termination ? ', ' + game.termination : '') + ')';
  }
  return game.to_move ? palette[game.to_move].word + ' to move' : 'playing';
}

/** Draws the seats, clocks, state and the Resign button. */
function drawServerBox() {
  const seats = $('server-seats');
  clear(seats);
  const elapsed = performance.now() - clocksAt;
  const ticking = game.status === 'playing' ? game.to_move : null;
  game.players.forEach((p) => {
    const li = el('li');
    li.setAttribute('data-seat', p.seat);
    const sw = el('span', 'sw');
    sw.style.background = palette[p.seat] ? palette[p.seat].fill : '';
    li.appendChild(sw);
    li.appendChild(el('span', 'server-name', p.colour + ': ' + (p.username || '(free seat)')));
    if (game.clocks && typeof game.clocks[p.seat] === 'number') {
      const ms = game.clocks[p.seat] - (p.seat === ticking ? elapsed : 0);
      const clock = el('span', 'server-clock', clockText(ms));
      clock.setAttribute('data-ticking', p.seat === ticking ? 'true' : 'false');
      li.appendChild(clock);
    }
    seats.appendChild(li);
  });
  const status = $('server-status');
  status.textContent = statusText();
  status.setAttribute('data-status', game.status);
  status.setAttribute('data-result', game.result || '');
  const seat = mySeat();
  $('server-seat').textContent = seat ? 'You play ' + seat + '.' : viewer ? 'You are watching.' : 'You are watching (not signed in).';
  const position = state.live ? state.live.main.position(state.live.main.end()) : null;
  buttonById('btn-server-resign').disabled = !position || refusal(position) !== null;
  $('game-title').textContent = 'Game ' + game.id;
}

/** Takes a message of the server's socket. @param {any} m */
function receive(m) {
  if (!m || typeof m !== 'object') return;
  if (m.type === undefined && typeof m.id === 'string') {
    game = m;
    clocksAt = performance.now();
  } else if (m.type === 'move') {
    if (m.ply === game.moves.length + 1) game.moves.push(m.move);
    if (m.clocks !== undefined) { game.clocks = m.clocks; clocksAt = performance.now(); }
    const live = state.live;
    game.to_move = null;
    if (live) {
      const moves = game.moves.filter((x) => x !== 'pass');
      let position = live.main.position(live.main.end());
      try { for (let i = live.main.end(); i < moves.length; i++) position = position.play(moves[i]); } catch (e) { /* sync says it */ }
      if (!position.isFinished()) game.to_move = letter(position.toMove);
    }
  } else if (m.type === 'join') {
    if (m.game && typeof m.game === 'object') { game = m.game; clocksAt = performance.now(); }
  } else if (m.type === 'end') {
    // The clocks as they stopped: a player out of time shows 0:00.
    if (m.clocks !== undefined) { game.clocks = m.clocks; clocksAt = performance.now(); }
    game.status = m.status || 'finished';
    game.result = m.result;
    game.termination = m.termination;
    game.winner = m.winner;
    game.to_move = null;
  } else if (m.type === 'answer') {
    pending = false;
    if (m.status === 200 && m.game) {
      game = m.game;
      clocksAt = performance.now();
      say('', '', null);
    } else if (m.error === 'illegal') {
      say('illegal', 'the server refused the move: ' + (m.rule ? m.rule + ': ' : '') + (m.message || ''), m.rule || null);
    } else {
      say('error', 'the server refused the move: ' + m.error + (m.message ? ': ' + m.message : ''), null);
    }
  } else {
    return;
  }
  sync();
}

/** Opens the socket; opens it again after a failure while the game goes on. */
function connect() {
  // ws: for a page sent over http, wss: over https.
  const url = location.protocol.replace(/^http/, 'ws') + '//' + location.host + '/ws/games/' + encodeURIComponent(game.id);
  const ws = new WebSocket(url);
  socket = ws;
  ws.addEventListener('message', (ev) => {
    let m;
    try { m = JSON.parse(String(ev.data)); } catch (e) { return; }
    receive(m);
  });
  ws.addEventListener('open', () => {
    document.documentElement.setAttribute('data-socket', 'open');
    $('server-connection').hidden = true;
  });
  ws.addEventListener('close', () => {
    document.documentElement.setAttribute('data-socket', 'closed');
    if (pending) { pending = false; say('error', 'the connection closed before the server answered: the move may not have been played', null); }
    if (socket === ws && !over()) {
      // Until the socket opens again the board may lag behind the game: say so.
      $('server-connection').hidden = false;
      setTimeout(connect, 1000);
    }
  });
}

/** The box of the server's game: seats and clocks, the state, the viewer's seat, Resign. */
function makeServerBox() {
  const box = el('section');
  box.id = 'server-box';
  box.setAttribute('aria-label', 'the game on the server');
  const seat = el('p');
  seat.id = 'server-seat';
  box.appendChild(seat);
  const seats = el('ul');
  seats.id = 'server-seats';
  box.appendChild(seats);
  const status = el('p');
  status.id = 'server-status';
  status.setAttribute('role', 'status');
  box.appendChild(status);
  const connection = el('p', '', 'The connection to the server is lost: reconnecting…');
  connection.id = 'server-connection';
  connection.setAttribute('role', 'alert');
  connection.hidden = true;
  box.appendChild(connection);
  const resign = el('button', '', 'Resign');
  resign.type = 'button';
  resign.id = 'btn-server-resign';
  box.appendChild(resign);
  const pane = $('moves-pane');
  pane.insertBefore(box, pane.firstChild);
  resign.addEventListener('click', () => {
    const live = state.live;
    if (!live) return;
    showLine(live, live.main, live.main.end());
    if (hooks.submit) {
      const refused = refusal(live.main.position(live.main.end()));
      if (refused) { say('info', refused, null); return; }
      hooks.submit('resign');
    }
  });
}

/**
 * Makes the page the board of the server's game `data`: the live game its
 * moves, the offline parts (the engine, new games, the live game's record)
 * hidden, and the socket open.
 * @param {ServerData} data
 */
export function startServerGame(data) {
  game = data.game;
  viewer = data.viewer;
  clocksAt = performance.now();
  state.remote = true;
  ['btn-new-game', 'engine-bar', 'list-pane', 'live-box'].forEach((id) => { $(id).hidden = true; });
  document.documentElement.setAttribute('data-server', 'true');
  makeServerBox();
  hooks.save = () => {};
  hooks.refusal = refusal;
  hooks.submit = submit;
  onRefresh(() => { buildLiveMoves(); markCurrentMove(); drawServerBox(); });
  state.live = makeLive({ tags: tags(), moves: [] });
  sync();
  setInterval(() => { if (game.status === 'playing' && game.clocks) drawServerBox(); }, 250);
  connect();
}
