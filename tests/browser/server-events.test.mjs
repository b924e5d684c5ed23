// The server's event page in a real browser: a real `pacru serve` on a
// temporary database and headless Chromium driven by Playwright. An arbiter and
// players are made through the API (as scripts would); a player keeps the
// event page open and sees their pairing appear from the stream, without a
// reload, and opens their table's game from it; the arbiter's controls are on
// the arbiter's page only; a name written as markup shows as text.
//
// Run: `cargo xtask ci browser`, or `node --test server-events.test.mjs` here
// after `npm ci`, with PACRU_BIN pointing at a built `pacru`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { browserOrSkip, launch, pacru } from './support.mjs';

const { chromium, skip } = await browserOrSkip("The server's event page");

let server;
let base;
let browser;
let tmp;
const problems = [];

before(async () => {
  if (skip) return;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pacru-events-'));
  server = spawn(pacru, ['serve', '--db', path.join(tmp, 'server.db'), '--listen', '127.0.0.1:0', '--rate-limit', '1000000'],
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

// A browser context signed in as `username` (the account made through the API
// with the context's own request client, so the session cookie is the page's).
async function person(username) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.route((url) => !url.href.startsWith(base + '/') && !url.href.startsWith('blob:') && !url.href.startsWith('ws://127.0.0.1'),
    (route) => { problems.push(`request outside the server: ${route.request().url()}`); return route.abort(); });
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
  });
  const made = await context.request.post(base + '/api/account', {
    data: { username, password: `password of ${username}`, bot: false },
    headers: { Origin: base },
  });
  assert.equal(made.status(), 201, await made.text());
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  return { context, page, request: context.request };
}

async function api(request, method, where, data) {
  const response = await request.fetch(base + where, { method, data, headers: { Origin: base } });
  const text = await response.text();
  return { status: response.status(), json: text ? JSON.parse(text) : null };
}

test('a player sees their pairing appear on the event page and opens their game; only the arbiter has controls', { skip }, async () => {
  const arbiter = await person('arbiter_1');
  const ada = await person('ada_1');
  const others = [];
  for (const name of ['bob_1', 'cy_1', 'dee_1']) others.push(await person(name));
  const created = await api(arbiter.request, 'POST', '/api/events',
    { name: 'Night <b>cup</b> & co', players_per_table: 2, rounds: 2, clock: { initial: 300, increment: 2 } });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  const id = created.json.id;

  // Ada enters from the page itself.
  const response = await ada.page.goto(`${base}/events/${id}`);
  assert.ok(response.headers()['content-security-policy'].includes("default-src 'none'"));
  await ada.page.waitForSelector('#event[data-stream="open"]');
  assert.equal(await ada.page.textContent('#event-name'), 'Night <b>cup</b> & co', 'the name shows as text');
  assert.equal(await ada.page.locator('#event-name b').count(), 0, 'no markup from the name');
  assert.equal(await ada.page.locator('#arbiter-controls').count(), 0, 'no arbiter controls for a player');
  assert.equal(await ada.page.locator('#btn-pair').count(), 0);
  await ada.page.click('#btn-join');
  await ada.page.waitForSelector('#entrants li[data-player="ada_1"]');
  for (const other of others) assert.equal((await api(other.request, 'POST', `/api/events/${id}/join`, {})).status, 200);

  // A watcher without an account sees the page and no control.
  const watcher = await browser.newContext();
  const watching = await watcher.newPage();
  watching.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await watching.goto(`${base}/events/${id}`);
  await watching.waitForSelector('#event[data-stream="open"]');
  assert.equal(await watching.locator('#arbiter-controls, #player-controls, #record-entry').count(), 0);

  // The arbiter's page has the controls; pairing from it reaches Ada's page live.
  await arbiter.page.goto(`${base}/events/${id}`);
  await arbiter.page.waitForSelector('#event[data-stream="open"]');
  assert.equal(await arbiter.page.locator('#arbiter-controls #btn-pair').count(), 1);
  await ada.page.evaluate(() => { window.__still = 'the same page'; });
  await arbiter.page.click('#btn-pair');
  const mine = ada.page.locator('#my-table');
  await mine.waitFor({ timeout: 15000 });
  assert.equal(await ada.page.evaluate(() => window.__still), 'the same page', 'no reload: the stream drew it');
  assert.match(await mine.textContent(), /ada_1/);
  await watching.waitForSelector('table.pairings[data-round="1"]');

  // Ada opens her game from the pairing: the board, her seat, the event's clock.
  await mine.locator('a.table-game').click();
  await ada.page.waitForURL(/\/games\/[A-Za-z0-9]{8}$/);
  const game = ada.page.url().split('/').pop();
  const shown = await api(ada.request, 'GET', `/api/games/${game}`);
  assert.equal(shown.json.status, 'playing');
  assert.ok(shown.json.players.some((p) => p.username === 'ada_1'), JSON.stringify(shown.json));
  assert.deepEqual(shown.json.clock, { initial: 300, increment: 2 });
  await ada.page.waitForFunction(() => document.documentElement.getAttribute('data-board') === 'ready');

  // A refusal from the page is said in words: a player cannot pair through the API either.
  assert.equal((await api(ada.request, 'POST', `/api/events/${id}/pair`, {})).status, 403);
  for (const page of [ada.page, arbiter.page, watching]) {
    assert.deepEqual(await page.evaluate(() => window.__violations || []), []);
  }
  await watcher.close();
  for (const p of [arbiter, ada, ...others]) await p.context.close();
});

test('an event with a long name keeps its page, and the lobby, within a phone screen', { skip }, async () => {
  const arbiter = await person('arbiter_2');
  // The longest name an event may have, in one word: it wraps, it does not widen the page.
  const name = 'W'.repeat(200);
  const created = await api(arbiter.request, 'POST', '/api/events',
    { name, players_per_table: 2, rounds: 1, clock: { initial: 300, increment: 2 } });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  for (const where of [`/events/${created.json.id}`, '/']) {
    await arbiter.page.goto(base + where);
    if (where !== '/') await arbiter.page.waitForSelector('#event[data-stream="open"]');
    const width = await arbiter.page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
    assert.ok(width.page <= width.screen, `${where} is ${width.page} px wide on a ${width.screen} px screen`);
  }
  assert.equal(await arbiter.page.textContent(`#events tr[data-event="${created.json.id}"] a`), name);
  assert.deepEqual(await arbiter.page.evaluate(() => window.__violations || []), []);
  await arbiter.context.close();
});

test("the arbiter's decision from the page keeps its whole reason, up to the desk's 2000 characters", { skip }, async () => {
  const arbiter = await person('arbiter_3');
  const players = [];
  for (const name of ['eve_3', 'fay_3']) players.push(await person(name));
  const created = await api(arbiter.request, 'POST', '/api/events',
    { name: 'Reasons', players_per_table: 2, rounds: 1, clock: { initial: 300, increment: 2 } });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  const id = created.json.id;
  for (const p of players) assert.equal((await api(p.request, 'POST', `/api/events/${id}/join`, {})).status, 200);
  assert.equal((await api(arbiter.request, 'POST', `/api/events/${id}/pair`, {})).status, 200);

  await arbiter.page.goto(`${base}/events/${id}`);
  await arbiter.page.waitForSelector('#event[data-stream="open"]');
  const reason = 'Neither player came to the board; the clocks were started at 19:00. '.repeat(29).trim();
  assert.ok(reason.length > 1900 && reason.length <= 2000, `${reason.length}`);
  const form = arbiter.page.locator('#decide-form');
  await form.locator('input[name="round"]').fill('1');
  await form.locator('input[name="table"]').fill('1');
  await form.locator('input[name="reason"]').fill(reason);
  await form.locator('button[type="submit"]').click();
  await arbiter.page.waitForSelector('table.pairings[data-round="1"] tr[data-table="1"] td.result:has-text("decided")');

  // The desk's log holds the reason as typed, whole.
  const desk = await arbiter.request.get(`${base}/api/events/${id}/desk`);
  assert.equal(desk.status(), 200);
  const file = path.join(tmp, 'reasons.pacru');
  fs.writeFileSync(file, await desk.body());
  const log = spawnSync(pacru, ['event', 'log', file], { encoding: 'utf8' });
  assert.equal(log.status, 0, log.stderr);
  assert.ok(log.stdout.includes(`    reason: ${reason}\n`), log.stdout);
  assert.deepEqual(await arbiter.page.evaluate(() => window.__violations || []), []);
  for (const p of [arbiter, ...players]) await p.context.close();
});

test('the arbiter withdraws a player from the page and reinstates them, which is refused once a round is paired without them', { skip }, async () => {
  const arbiter = await person('arbiter_4');
  const players = [];
  for (const name of ['gil_4', 'hal_4', 'ida_4']) players.push(await person(name));
  const created = await api(arbiter.request, 'POST', '/api/events',
    { name: 'Second thoughts', players_per_table: 2, rounds: 2, clock: { initial: 300, increment: 2 } });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  const id = created.json.id;
  for (const p of players) assert.equal((await api(p.request, 'POST', `/api/events/${id}/join`, {})).status, 200);

  await arbiter.page.goto(`${base}/events/${id}`);
  await arbiter.page.waitForSelector('#event[data-stream="open"]');
  const entrant = arbiter.page.locator('#entrants li[data-player="ida_4"]');
  const submit = async (formId) => {
    const form = arbiter.page.locator(`#${formId}`);
    await form.locator('input[name="username"]').fill('ida_4');
    await form.locator('button[type="submit"]').click();
  };
  await submit('withdraw-form');
  await arbiter.page.waitForSelector('#entrants li[data-player="ida_4"]:has-text("withdrawn from round 1")');
  await submit('reinstate-form');
  await arbiter.page.waitForSelector('#entrants li[data-player="ida_4"]:not(:has-text("withdrawn"))');
  assert.equal(await arbiter.page.textContent('#site-message'), 'done');

  // Withdrawn again and round 1 paired without her: no way back (asked
  // through the API: a refused request is a console error in the page).
  await submit('withdraw-form');
  await arbiter.page.waitForSelector('#entrants li[data-player="ida_4"]:has-text("withdrawn from round 1")');
  assert.equal((await api(arbiter.request, 'POST', `/api/events/${id}/pair`, {})).status, 200);
  const late = await api(arbiter.request, 'POST', `/api/events/${id}/reinstate`, { username: 'ida_4' });
  assert.equal(late.status, 409, JSON.stringify(late.json));
  assert.match(late.json.error, /round 1 was paired without them/);
  await arbiter.page.waitForSelector('table.pairings[data-round="1"]');
  assert.match(await entrant.textContent() || '', /withdrawn from round 1/);
  assert.deepEqual(await arbiter.page.evaluate(() => window.__violations || []), []);
  for (const p of [arbiter, ...players]) await p.context.close();
});
