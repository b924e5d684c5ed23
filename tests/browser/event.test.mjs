// The static site of `pacru event export --html` in a real browser: headless
// Chromium driven by Playwright, as viewer.test.mjs runs the viewer. An event is
// run through the `pacru` binary (records from `pacru selfplay`); the site's
// standings must equal `pacru event standings --format json`, each round's page
// must show the tables of `pacru event tables --format json`, the crosstable
// those of `pacru event crosstable --format json`, its pages must fetch nothing
// and break no rule of their Content-Security-Policy, and its games page must
// hold every game of the PGR export in the viewer, each linked from its table.
//
// Run: `cargo xtask ci browser`, or `npm test` here after `npm ci`, with
// PACRU_BIN pointing at a built `pacru` (default: target/debug/pacru).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { browserOrSkip, guard, launch, pacru } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

const { chromium, skip } = await browserOrSkip('The event site');

let tmp;
function run(args, expectCode = 0) {
  const r = spawnSync(pacru, args, { cwd: tmp, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  assert.equal(r.status, expectCode, `pacru ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const NAMES = ['Ada', 'Bo <b>bold</b>', 'Cy & Co', 'Dee', 'Eve', 'Fay', 'Gus'];
let browser;
let context;
let standings;
let crosstable;
const rounds = [];
let games;
const requests = [];
const problems = [];

before(async () => {
  if (skip) return;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pacru-event-'));
  run(['event', 'new', 'e.pacru', '--name', 'Site <test> & co', '--players-per-table', '3',
    '--system', 'swiss', '--rounds', '2']);
  run(['event', 'player', 'add', 'e.pacru', ...NAMES]);
  const colours = ['Black', 'Red', 'Yellow', 'Green'];
  let seed = 1;
  for (let round = 1; round <= 2; round++) {
    run(['event', 'pair', 'e.pacru']);
    const tables = JSON.parse(run(['event', 'tables', 'e.pacru', '--format', 'json']));
    for (const t of tables) {
      if (round === 2 && t.table === 2) {
        // A table without a record: its result entered bare, no game to link.
        run(['event', 'result', 'e.pacru', '--round', '2', '--table', '2', '--winner', t.seats[1]]);
        continue;
      }
      let record = run(['selfplay', '--players', String(t.seats.length), '--games', '1', '--seed', String(seed++)]);
      t.seats.forEach((name, i) => {
        record = record.replace(`[${colours[i]} "random"]`, `[${colours[i]} "${name.replace(/[\\"]/g, (c) => '\\' + c)}"]`);
      });
      fs.writeFileSync(path.join(tmp, 'r.pgr'), record);
      run(['event', 'submit', 'e.pacru', '--round', String(round), '--table', String(t.table), 'r.pgr']);
    }
  }
  for (let round = 1; round <= 2; round++) {
    rounds.push(JSON.parse(run(['event', 'tables', 'e.pacru', '--round', String(round), '--format', 'json'])));
  }
  standings = JSON.parse(run(['event', 'standings', 'e.pacru', '--format', 'json']));
  crosstable = JSON.parse(run(['event', 'crosstable', 'e.pacru', '--format', 'json']));
  run(['event', 'export', 'e.pacru', '--html', 'site']);
  run(['event', 'export', 'e.pacru', '--pgr', 'all.pgr']);
  games = run(['check', '--format', 'json', 'all.pgr']).trim().split('\n').length;
  browser = await launch(chromium);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.on('request', (r) => requests.push(r.url()));
  // Anything that is not a page file would be a network request: refused.
  await guard(context);
});

after(async () => {
  if (browser) await browser.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function open(file) {
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console: ${m.text()}`); });
  await page.goto(pathToFileURL(path.join(tmp, 'site', file)).href);
  return page;
}

test('the site shows the standings of the JSON, names as text', { skip }, async () => {
  const page = await open('index.html');
  const shown = await page.evaluate(() => ({
    title: document.querySelector('h1').textContent,
    rows: [...document.querySelectorAll('#standings-table tbody tr')].map((tr) => ({
      rank: Number(tr.dataset.rank),
      name: tr.children[1].textContent,
      points: Number(tr.dataset.points),
    })),
    bold: document.querySelectorAll('b').length,
    styled: getComputedStyle(document.querySelector('table')).borderCollapse,
    violations: window.__violations,
  }));
  assert.equal(standings.length, NAMES.length);
  assert.equal(games, 3, '2 rounds of 2 tables of 3 (and a bye), one without a record');
  assert.equal(shown.title, 'Site <test> & co');
  assert.deepEqual(shown.rows, standings.map((s) => ({ rank: s.rank, name: s.name, points: s.points })));
  assert.equal(shown.bold, 0, 'a name is never markup');
  assert.equal(shown.styled, 'collapse', 'the style sheet applies');
  assert.deepEqual(shown.violations, []);
  const roundLinks = await page.evaluate(() => [...document.querySelectorAll('#rounds a')].map((a) => a.getAttribute('href')));
  assert.deepEqual(roundLinks, ['round-1.html', 'round-2.html']);
  await page.close();
});

test('the crosstable is the grid of the JSON, each game linked to its table', { skip }, async () => {
  const page = await open('index.html');
  const shown = await page.evaluate(() =>
    [...document.querySelectorAll('#crosstable-table tbody tr')].map((tr) => {
      const cells = [...tr.children].map((td) => td.textContent);
      const links = [...tr.querySelectorAll('a')].map((a) => a.getAttribute('href'));
      return { name: cells[1], points: cells[2], rounds: cells.slice(3), links };
    }));
  assert.deepEqual(shown.map((l) => l.name), crosstable.map((l) => l.name));
  for (const [row, line] of shown.map((r, i) => [r, crosstable[i]])) {
    assert.deepEqual(row.rounds, line.rounds.map((c) => c.text), line.name);
    assert.deepEqual(row.links, line.rounds.filter((c) => c.kind === 'game')
      .map((c) => `round-${c.round}.html#table-${c.table}`), line.name);
    assert.ok(line.rounds.every((c) => c.kind !== 'game' || /^T\d+ s\d [01⅓?]$/.test(c.text)), line.name);
  }
  await page.close();
});

test('each round page shows the tables of the JSON and links their games', { skip }, async () => {
  let linked = 0;
  for (const [i, tables] of rounds.entries()) {
    const page = await open(`round-${i + 1}.html`);
    const shown = await page.evaluate(() => ({
      rows: [...document.querySelectorAll('#tables tbody tr')].map((tr) => ({
        table: Number(tr.dataset.table),
        seats: [...tr.querySelectorAll('td.seat .name')].map((s) => s.textContent),
        status: tr.querySelector('td.status').textContent,
        result: tr.querySelector('td.result').textContent,
        game: tr.querySelector('a[href^="games.html#game="]')?.getAttribute('href') ?? null,
      })),
      bold: document.querySelectorAll('b').length,
      violations: window.__violations,
    }));
    assert.deepEqual(shown.rows.map(({ table, seats, status }) => ({ table, seats, status })),
      tables.map((t) => ({ table: t.table, seats: t.seats, status: t.status })));
    for (const [row, t] of shown.rows.map((r, j) => [r, tables[j]])) {
      assert.equal(row.result, t.result.winner === null ? 'draw' : `${t.result.winner} wins`);
      assert.equal(row.game !== null, t.status === 'played', `round ${i + 1} table ${t.table}`);
      if (row.game) {
        linked += 1;
        assert.equal(row.game, `games.html#game=${linked}`, 'games in order of round and table');
      }
    }
    assert.equal(shown.bold, 0, 'a name is never markup');
    assert.deepEqual(shown.violations, []);
    await page.close();
  }
  assert.equal(linked, games, 'every game with a record is linked from its table');
});

test('the games page holds every game of the event in the viewer', { skip }, async () => {
  const page = await open('games.html');
  await page.waitForSelector('html[data-ready="true"]');
  const count = await page.evaluate(() => document.querySelectorAll('script[type="application/json"][id^="game-"]').length);
  assert.equal(count, games);
  const violations = await page.evaluate(() => window.__violations);
  assert.deepEqual(violations, []);
  await page.close();
});

test('the site fetched nothing and raised no error', { skip }, () => {
  assert.deepEqual(requests.filter((u) => !u.startsWith('file:')), []);
  assert.deepEqual(problems, []);
});
