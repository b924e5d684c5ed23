// The server's pages in a real browser: a real `pacru serve` on a temporary
// database, headless Chromium (Debian's package) driven by Playwright, one
// browser context per person. People sign up and open, join, play and watch games
// from the pages as a person does (forms, buttons, clicks on the board, the text
// box); what the games should be comes from the `pacru` binary (`pacru selfplay`,
// `pacru check`), never from the pages' own script.
//
// Run: `cargo xtask ci browser`, or `node --test server.test.mjs` here after `npm ci`,
// with PACRU_BIN pointing at a built `pacru` (default: target/debug/pacru).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { browserOrSkip, launch, pacru, root } from './support.mjs';

const { chromium, skip } = await browserOrSkip("The server's pages");

function run(args) {
  const r = spawnSync(pacru, args, { encoding: 'utf8', maxBuffer: 1 << 26, cwd: root });
  if (r.error) throw r.error;
  return { out: r.stdout, err: r.stderr, status: r.status };
}

// The moves of a game `pacru selfplay` plays with `args` (passes left out).
function selfplayMoves(args) {
  const made = run(['selfplay', '--games', '1', '--max-plies', '0', ...args]);
  assert.equal(made.status, 0, made.err);
  const moves = made.out.split('\n').filter((l) => l && !l.startsWith('['))
    .join(' ').split(/\s+/).filter((w) => w && !/^\d+\.$/.test(w) && w !== 'pass');
  const result = /\[Result "([^"]*)"\]/.exec(made.out)[1];
  assert.equal(moves.pop(), result, 'the movetext ends with the result');
  return { moves, result };
}

let server;
let base;
let browser;
let tmp;
const problems = [];

before(async () => {
  if (skip) return;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pacru-serve-'));
  // The server runs a bot of its own, `robo`, that plays the random engine.
  server = spawn(pacru, ['serve', '--db', path.join(tmp, 'server.db'), '--listen', '127.0.0.1:0', '--rate-limit', '1000000',
    '--bot', 'robo=pacru engine random --seed 4'],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  base = await new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`pacru serve did not say where it listens: ${text}`)), 20000);
    server.stderr.setEncoding('utf8');
    server.stderr.on('data', (chunk) => {
      text += chunk;
      const m = /pacru: note: listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    server.on('exit', (code) => { clearTimeout(timer); reject(new Error(`pacru serve exited (${code}): ${text}`)); });
  });
  browser = await launch(chromium);
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill('SIGTERM');
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  assert.deepEqual(problems, [], 'no page error, console error or policy violation');
});

// A person: a browser context that may reach only the server (and the blob:
// URLs of the board's worker), recording policy violations. With `refusals`,
// the console's notes of the server's 4xx answers are expected.
async function person({ refusals = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route((url) => !url.href.startsWith(base + '/') && !url.href.startsWith('blob:') && !url.href.startsWith('ws://127.0.0.1'),
    (route) => { problems.push(`request outside the server: ${route.request().url()}`); return route.abort(); });
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (refusals && /^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) return;
    problems.push(`console: ${m.text()}`);
  });
  return page;
}

// Opens `where` on the server, checking that it comes with a policy.
async function open(page, where) {
  const response = await page.goto(base + where);
  const policy = response.headers()['content-security-policy'];
  assert.ok(policy && policy.includes("default-src 'none'"), `${where} has a Content-Security-Policy: ${policy}`);
  return response;
}

async function violations(page) { return page.evaluate(() => window.__violations); }

let people = 0;
async function signUp(page) {
  const name = `player_${++people}`;
  await open(page, '/');
  await page.fill('#sign-up-form input[name="username"]', name);
  await page.fill('#sign-up-form input[name="password"]', 'correct horse battery');
  await page.click('#sign-up-form button[type="submit"]');
  await page.waitForSelector(`#signed-in[data-username="${name}"]`);
  return name;
}

// Opens the board of game `id` (or waits on the board already opened) until it follows the server.
async function boardReady(page) {
  await page.waitForFunction(() => document.documentElement.getAttribute('data-board') === 'ready' &&
    document.documentElement.getAttribute('data-socket') === 'open');
}

async function createGame(page, players, clock) {
  await open(page, '/');
  await page.selectOption('#create-form select[name="players"]', String(players));
  await page.selectOption('#create-form select[name="clock"]', clock);
  await page.click('#create-form button[type="submit"]');
  await page.waitForURL(/\/games\/[A-Za-z0-9]{8}$/);
  await boardReady(page);
  return page.url().split('/').pop();
}

async function joinFromLobby(page, id) {
  await open(page, '/');
  await page.click(`#open-games tr[data-game="${id}"] button.join`);
  await page.waitForURL(`${base}/games/${id}`);
  await boardReady(page);
}

const plyOf = (page) => page.$eval('#ply-label', (e) => Number(e.getAttribute('data-ply')));
const waitPly = (page, ply) => page.waitForFunction((n) => document.getElementById('ply-label').getAttribute('data-ply') === String(n), ply);
// A bot may answer within milliseconds, so the board can pass the ply of a
// move before a poll sees it.
const waitPlyAtLeast = (page, ply) => page.waitForFunction((n) => Number(document.getElementById('ply-label').getAttribute('data-ply')) >= n, ply);
const field = (name) => `#board g.field[data-field="${name}"]`;

// Plays `move` on the board of `page` by typing it, or by clicking its two fields.
async function playMove(page, move, ply, { clicks = false } = {}) {
  await waitPly(page, ply - 1);
  await page.waitForFunction(() => !document.getElementById('move-input').disabled);
  if (clicks) {
    const m = /^([a-i][1-9])-([a-i][1-9])$/.exec(move);
    assert.ok(m, `${move} is a plain step`);
    await page.click(field(m[1]));
    await page.click(field(m[2]));
  } else {
    await page.fill('#move-input', move);
    await page.press('#move-input', 'Enter');
  }
  await waitPlyAtLeast(page, ply);
  const last = await page.$eval(`#moves button.mv[data-ply="${ply}"]`, (b) => b.textContent);
  assert.equal(last, move, `ply ${ply} is the move played`);
}

async function pgrIsOk(id) {
  const response = await fetch(`${base}/api/games/${id}/pgr`);
  assert.equal(response.status, 200);
  const file = path.join(tmp, `${id}.pgr`);
  fs.writeFileSync(file, await response.text());
  const checked = run(['check', '--format', 'json', file]);
  const verdict = JSON.parse(checked.out.trim());
  assert.equal(verdict.status, 'ok', checked.out);
  return verdict;
}

async function finished(page, result) {
  await page.waitForSelector(`#server-status[data-status="finished"][data-result="${result}"]`);
}

test('two people sign up, open and join a game from the lobby, play it to its end by the rules while a third watches', { skip }, async () => {
  const { moves, result } = selfplayMoves(['--players', '2', '--seed', '71']);
  assert.ok(moves.length > 10);
  const ana = await person();
  const bo = await person();
  const watcher = await person();
  const anaName = await signUp(ana);
  const boName = await signUp(bo);
  const id = await createGame(ana, 2, 'live');
  assert.equal(await ana.$eval('#server-status', (e) => e.getAttribute('data-status')), 'open');
  assert.ok(await ana.$eval('#move-input', (e) => e.disabled), 'no move before the game starts');
  await joinFromLobby(bo, id);
  await ana.waitForSelector('#server-status[data-status="playing"]');
  assert.match(await ana.textContent('#server-seat'), /You play Black/);
  assert.match(await bo.textContent('#server-seat'), /You play Red/);
  assert.match(await ana.textContent(`#server-seats li[data-seat="R"]`), new RegExp(boName));
  assert.match(await ana.textContent(`#server-seats li[data-seat="K"] .server-clock`), /^\d+:\d\d$/);

  // The lobby lists it in play; the watcher, signed out, watches from there.
  await open(watcher, '/');
  await watcher.click(`#playing-games tr[data-game="${id}"] a.watch`);
  await watcher.waitForURL(`${base}/games/${id}`);
  await boardReady(watcher);
  assert.match(await watcher.textContent('#server-seat'), /watching/);
  assert.ok(await watcher.$eval('#move-input', (e) => e.disabled), 'a spectator cannot type a move');
  await watcher.click(field('e1'));
  assert.match(await watcher.textContent('#board-message'), /watching/);
  // The side not to move cannot move either.
  assert.ok(await bo.$eval('#move-input', (e) => e.disabled), 'Red waits for Black');
  await bo.click(field('a1'));
  assert.match(await bo.textContent('#board-message'), /Black's move/);

  for (let i = 0; i < moves.length; i++) {
    const page = i % 2 === 0 ? ana : bo;
    await playMove(page, moves[i], i + 1, { clicks: i < 2 });
    // The watcher sees each move arrive.
    await waitPly(watcher, i + 1);
    assert.equal(await watcher.$eval(`#moves button.mv[data-ply="${i + 1}"]`, (b) => b.textContent), moves[i]);
  }
  for (const page of [ana, bo, watcher]) await finished(page, result);
  assert.match(await watcher.textContent('#server-status'), /Red wins \(Red, rules\)/);
  assert.ok(await ana.$eval('#btn-server-resign', (b) => b.disabled), 'no resigning after the end');

  // A finished game can be stepped through.
  await watcher.click('#btn-first');
  assert.equal(await plyOf(watcher), 0);
  await watcher.click('#btn-next');
  await watcher.click('#btn-next');
  assert.equal(await plyOf(watcher), 2);
  await open(watcher, `/games/${id}`);
  await watcher.waitForFunction(() => document.documentElement.getAttribute('data-board') === 'ready');
  await waitPly(watcher, moves.length);

  const verdict = await pgrIsOk(id);
  assert.equal(verdict.plies, moves.length);

  // The profile shows the ratings and the game.
  await open(watcher, `/@/${anaName}`);
  assert.equal(await watcher.textContent('#profile-name'), anaName);
  assert.equal(await watcher.$$eval('#ratings tbody tr', (rows) => rows.length), 3);
  assert.equal(await watcher.textContent(`#profile-games tr[data-game="${id}"] .outcome`), 'Red');
  for (const page of [ana, bo, watcher]) assert.deepEqual(await violations(page), []);
  for (const page of [ana, bo, watcher]) await page.context().close();
});

test('three people play a game in which two resign; the last one standing wins', { skip }, async () => {
  const { moves } = selfplayMoves(['--players', '3', '--seed', '5']);
  const pages = [await person(), await person(), await person()];
  for (const page of pages) await signUp(page);
  const watcher = await person();
  const id = await createGame(pages[0], 3, 'none');
  await joinFromLobby(pages[1], id);
  await joinFromLobby(pages[2], id);
  for (const page of pages) await page.waitForSelector('#server-status[data-status="playing"]');
  await open(watcher, `/games/${id}`);
  await boardReady(watcher);
  // Black, Red and Yellow move in turn: the first moves typed, one clicked where it is a plain step.
  let ply = 0;
  for (; ply < 4; ply++) {
    const plain = /^[a-i][1-9]-[a-i][1-9]$/.test(moves[ply]);
    await playMove(pages[ply % 3], moves[ply], ply + 1, { clicks: plain && ply === 1 });
    await waitPly(watcher, ply + 1);
  }
  // Red (to move at ply 5) resigns: Red leaves, the game goes on.
  const red = pages[ply % 3];
  assert.match(await red.textContent('#server-seat'), /You play Red/);
  await red.click('#btn-server-resign');
  await waitPly(watcher, ply + 1);
  ply++;
  assert.equal(await watcher.$eval(`#moves button.mv[data-ply="${ply}"]`, (b) => b.textContent), 'resign');
  await watcher.waitForSelector('#server-status[data-status="playing"]');
  assert.ok(await red.$eval('#btn-server-resign', (b) => b.disabled), 'a player who left cannot resign again');
  // Yellow is to move and resigns too: Black is the last one standing.
  const yellow = pages[2];
  await yellow.waitForFunction(() => !document.getElementById('btn-server-resign').disabled);
  await yellow.click('#btn-server-resign');
  for (const page of [...pages, watcher]) await finished(page, 'Black');
  assert.match(await watcher.textContent('#server-status'), /Black wins/);
  const verdict = await pgrIsOk(id);
  assert.equal(verdict.plies, ply + 1);
  for (const page of [...pages, watcher]) assert.deepEqual(await violations(page), []);
  for (const page of [...pages, watcher]) await page.context().close();
});

test("a person invites the server's bot from its profile; the game opens and the bot answers the first move", { skip }, async () => {
  const visitor = await person();
  await open(visitor, '/@/robo');
  assert.match(await visitor.textContent('#profile-kind'), /A bot/);
  assert.equal(await visitor.$$eval('#invite-form', (f) => f.length), 0, 'no invitation without an account');
  await visitor.context().close();
  const page = await person();
  const name = await signUp(page);
  await open(page, '/@/robo');
  await page.selectOption('#invite-form select[name="players"]', '2');
  await page.selectOption('#invite-form select[name="rules"]', '2011');
  await page.selectOption('#invite-form select[name="clock"]', 'live');
  await page.click('#invite-form button[type="submit"]');
  await page.waitForURL(/\/games\/[A-Za-z0-9]{8}$/);
  const id = page.url().split('/').pop();
  await boardReady(page);
  // The bot joins by itself: the game starts, and it answers the person's move.
  await page.waitForSelector('#server-status[data-status="playing"]');
  await playMove(page, 'e1-e2', 1);
  await waitPly(page, 2);
  const reply = await page.$eval('#moves button.mv[data-ply="2"]', (b) => b.textContent);
  const game = await (await fetch(`${base}/api/games/${id}`)).json();
  assert.equal(game.rules, '2011');
  assert.deepEqual(game.clock, { initial: 300, increment: 3 });
  assert.deepEqual(game.players.map((p) => p.username), [name, 'robo']);
  assert.equal(game.moves[1], reply, 'the board shows the move the bot made');
  assert.notEqual(reply, 'resign');
  assert.deepEqual(await violations(page), []);
  await page.context().close();
});

test('markup in what reaches a page is shown as text: no script runs, no policy is violated', { skip }, async () => {
  const page = await person({ refusals: true });
  const markup = '<img src=x onerror="window.__pwned=1">';
  // Refused as a name at sign-up; the refusal is said as text.
  await open(page, '/');
  await page.fill('#sign-up-form input[name="username"]', markup);
  await page.fill('#sign-up-form input[name="password"]', 'correct horse battery');
  await page.$eval('#sign-up-form input[name="username"]', (e) => e.removeAttribute('pattern'));
  await page.$eval('#sign-up-form input[name="username"]', (e) => e.removeAttribute('maxlength'));
  await page.click('#sign-up-form button[type="submit"]');
  await page.waitForSelector('#site-message[data-kind="error"]');
  assert.equal(await page.$$eval('img', (imgs) => imgs.length), 0);
  // A profile and a game named with markup: the pages say so as text.
  for (const where of [`/@/${encodeURIComponent(markup)}`, `/games/${encodeURIComponent(markup)}`, `/games/${encodeURIComponent('<b>x</b>y')}`]) {
    const response = await open(page, where);
    assert.equal(response.status(), 404, where);
    const said = await page.textContent('#not-found');
    assert.ok(said.includes(decodeURIComponent(where.split('/').pop())), `${where}: ${said}`);
    assert.equal(await page.$$eval('main img, main b', (found) => found.length), 0, where);
  }
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(await violations(page), []);
  await page.context().close();
});

// Opens a game with `body` (POST /api/games) from the page of `page`, signed in.
async function openByApi(page, body) {
  const made = await page.evaluate(async (b) => {
    const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
    return { status: r.status, json: await r.json() };
  }, body);
  assert.equal(made.status, 201, JSON.stringify(made.json));
  return made.json.id;
}

/** Two new people, Ana and Bo, at a 2-player game without a clock that Ana
 * opened and Bo joined from the lobby, on their boards, once it is in play. */
async function twoPlayerGame() {
  const ana = await person();
  const bo = await person();
  await signUp(ana);
  await signUp(bo);
  const id = await createGame(ana, 2, 'none');
  await joinFromLobby(bo, id);
  await ana.waitForSelector('#server-status[data-status="playing"]');
  return { ana, bo, id };
}

test('the board offers its players no engine: Hint and Evaluate are hidden on a game in play', { skip }, async () => {
  const { ana, bo } = await twoPlayerGame();
  await ana.waitForFunction(() => !document.getElementById('move-input').disabled);
  for (const page of [ana, bo]) {
    for (const hidden of ['#engine-bar', '#btn-hint', '#btn-evaluate', '#btn-new-game', '#live-box']) {
      assert.equal(await page.locator(hidden).isVisible(), false, `${hidden} is hidden`);
    }
  }
  for (const page of [ana, bo]) assert.deepEqual(await violations(page), []);
  for (const page of [ana, bo]) await page.context().close();
});

test('a player who runs out of time shows 0:00 on every board once the game ends', { skip }, async () => {
  const ana = await person();
  const bo = await person();
  const watcher = await person();
  await signUp(ana);
  await signUp(bo);
  await open(ana, '/');
  // Black has 2 seconds and makes no move.
  const id = await openByApi(ana, { players: 2, rules: '2004', clock: { initial: 2, increment: 0 }, rated: false });
  await open(watcher, `/games/${id}`);
  await boardReady(watcher);
  await joinFromLobby(bo, id);
  for (const page of [bo, watcher]) await finished(page, 'Red');
  const game = await (await fetch(`${base}/api/games/${id}`)).json();
  assert.equal(game.termination, 'time');
  assert.equal(game.clocks.K, 0);
  for (const page of [bo, watcher]) {
    assert.equal(await page.textContent('#server-seats li[data-seat="K"] .server-clock'), '0:00', 'the clock of the player out of time');
    assert.equal(await page.textContent('#server-seats li[data-seat="R"] .server-clock'), '0:02');
    assert.equal(await page.$eval('#server-seats li[data-seat="K"] .server-clock', (e) => e.getAttribute('data-ticking')), 'false');
    // The clock reads apart from the name (a name may end in digits).
    const gap = await page.$eval('#server-seats li[data-seat="K"]', (li) =>
      li.querySelector('.server-clock').getBoundingClientRect().left - li.querySelector('.server-name').getBoundingClientRect().right);
    assert.ok(gap >= 4, `the clock is ${gap} px from the name`);
  }
  for (const page of [ana, bo, watcher]) assert.deepEqual(await violations(page), []);
  for (const page of [ana, bo, watcher]) await page.context().close();
});

test('after signing out in another tab, the board open in the first moves for nobody', { skip }, async () => {
  const { ana, bo, id } = await twoPlayerGame();
  // Ana signs out from the lobby in a second tab; her board stays open.
  const lobby = await ana.context().newPage();
  await lobby.goto(`${base}/`);
  await lobby.click('#btn-sign-out');
  await lobby.waitForSelector('#signed-out');
  await ana.waitForFunction(() => !document.getElementById('move-input').disabled);
  await ana.fill('#move-input', 'e1-e2');
  await ana.press('#move-input', 'Enter');
  await ana.waitForFunction(() => /refused/.test(document.getElementById('board-message').textContent));
  assert.match(await ana.textContent('#board-message'), /not signed in/);
  const game = await (await fetch(`${base}/api/games/${id}`)).json();
  assert.deepEqual(game.moves, [], 'no move was made for the signed-out seat');
  assert.equal(await plyOf(ana), 0);
  // Signed in again, the same board moves.
  await lobby.fill('#sign-in-form input[name="username"]', game.players[0].username);
  await lobby.fill('#sign-in-form input[name="password"]', 'correct horse battery');
  await lobby.click('#sign-in-form button[type="submit"]');
  await lobby.waitForSelector('#signed-in');
  await ana.reload();
  await boardReady(ana);
  await playMove(ana, 'e1-e2', 1);
  for (const page of [ana, bo, lobby]) assert.deepEqual(await violations(page), []);
  for (const page of [ana, bo]) await page.context().close();
});

test('a board whose connection drops says so, and follows the game again once it is back', { skip }, async () => {
  const { ana, bo, id } = await twoPlayerGame();
  // Bo's socket goes through the test, which can drop it and refuse new ones.
  let drop = () => {};
  let refuse = false;
  await bo.routeWebSocket(/\/ws\/games\//, (ws) => {
    if (refuse) { ws.close(); return; }
    const server = ws.connectToServer();
    drop = () => { ws.close(); server.close(); };
  });
  await bo.reload();
  await boardReady(bo);
  assert.equal(await bo.locator('#server-connection').isVisible(), false, 'connected: nothing to say');
  refuse = true;
  drop();
  await bo.waitForSelector('#server-connection', { state: 'visible' });
  assert.match(await bo.textContent('#server-connection'), /connection to the server is lost: reconnecting/);
  // The game goes on without bo's board; back, it shows the move made meanwhile.
  await playMove(ana, 'e1-e2', 1);
  refuse = false;
  await bo.waitForSelector('#server-connection', { state: 'hidden', timeout: 10000 });
  await boardReady(bo);
  await waitPly(bo, 1);
  assert.equal(await bo.$eval('#moves button.mv[data-ply="1"]', (b) => b.textContent), 'e1-e2');
  const game = await (await fetch(`${base}/api/games/${id}`)).json();
  assert.deepEqual(game.moves, ['e1-e2']);
  for (const page of [ana, bo]) assert.deepEqual(await violations(page), []);
  for (const page of [ana, bo]) await page.context().close();
});

test('a person invited with a bot joins the game from the lobby; the uninvited see no Join', { skip }, async () => {
  const ana = await person();
  const bo = await person();
  const cy = await person();
  await signUp(ana);
  const boName = await signUp(bo);
  await signUp(cy);
  await open(ana, '/@/robo');
  await ana.selectOption('#invite-form select[name="players"]', '3');
  await ana.selectOption('#invite-form select[name="clock"]', 'none');
  await ana.fill('#invite-form input[name="others"]', boName);
  await ana.click('#invite-form button[type="submit"]');
  await ana.waitForURL(/\/games\/[A-Za-z0-9]{8}$/);
  const id = ana.url().split('/').pop();
  await boardReady(ana);
  await open(cy, '/');
  assert.equal(await cy.locator(`#open-games tr[data-game="${id}"] button.join`).count(), 0, 'not invited: no Join');
  // Bo, invited, joins from the lobby; with the bot seated too, the game starts.
  await joinFromLobby(bo, id);
  for (const page of [ana, bo]) await page.waitForSelector('#server-status[data-status="playing"]');
  const game = await (await fetch(`${base}/api/games/${id}`)).json();
  assert.deepEqual(game.players.map((p) => p.username).sort(), [game.players[0].username, boName, 'robo'].sort());
  for (const page of [ana, bo, cy]) assert.deepEqual(await violations(page), []);
  for (const page of [ana, bo, cy]) await page.context().close();
});

test("the lobby's form checks only the fields of the clock chosen, and says a missing one before sending", { skip }, async () => {
  const page = await person();
  await signUp(page);
  await open(page, '/');
  // Days out of range do not matter to a game without a clock.
  await page.selectOption('#create-form select[name="clock"]', 'days');
  await page.fill('#create-form input[name="days"]', '99');
  await page.selectOption('#create-form select[name="clock"]', 'none');
  await page.click('#create-form button[type="submit"]');
  await page.waitForURL(/\/games\/[A-Za-z0-9]{8}$/);
  const id = page.url().split('/').pop();
  assert.equal((await (await fetch(`${base}/api/games/${id}`)).json()).clock, null);
  // Minutes left empty: the browser says so at the field, and nothing is sent.
  await open(page, '/');
  await page.fill('#create-form input[name="initial"]', '');
  let sent = 0;
  page.on('request', (r) => { if (r.method() === 'POST') sent++; });
  await page.click('#create-form button[type="submit"]');
  assert.notEqual(await page.$eval('#create-form input[name="initial"]', (e) => e.validationMessage), '');
  assert.equal(await page.evaluate(() => location.pathname), '/');
  assert.equal(sent, 0, 'no game was asked for');
  assert.deepEqual(await violations(page), []);
  await page.context().close();
});
