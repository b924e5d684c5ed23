// The package in a browser: headless Chromium (Debian's, driven by Playwright from
// tests/browser) loads a page from a local web server that serves the installed
// package. The page imports the ES module, plays a game, catches an IllegalMove and
// referees the game; a module Web Worker (the README's worker.js) runs bestMove,
// and the README's page.js runs as it stands. Every answer must equal the
// package's answer in Node.js.
//
// PACRU_PLAYWRIGHT: the folder whose node_modules hold playwright-core (the
// repository's tests/browser); CHROMIUM: the browser (default /usr/bin/chromium).
// With PACRU_BROWSER_REQUIRED set (as `cargo xtask ci npm` does), a missing
// Chromium or Playwright fails instead of skipping.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Position, bestMove, check, formatGame, readGames, selfplay } from 'pacru';
import { jsBlocks } from './support.mjs';

const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const packageDir = path.dirname(createRequire(import.meta.url).resolve('pacru'));

let chromium = null;
let skip = false;
try {
  const from = path.join(process.env.PACRU_PLAYWRIGHT || process.cwd(), 'package.json');
  ({ chromium } = createRequire(from)('playwright-core'));
} catch {
  skip = 'playwright-core is not installed: run `npm ci` in tests/browser and set PACRU_PLAYWRIGHT';
}
if (!skip && !fs.existsSync(chromiumPath)) skip = `no Chromium at ${chromiumPath}`;
if (skip && process.env.PACRU_BROWSER_REQUIRED) throw new Error(`the browser tests cannot run: ${skip}`);
if (skip) console.warn(`\n!!! BROWSER TESTS OF THE PACKAGE SKIPPED: ${skip}\n`);

const readme = fs.readFileSync(path.join(packageDir, 'README.md'), 'utf8');
const workerBlock = jsBlocks(readme).find((b) => b.code.startsWith('// worker.js\n')).code;
const pageBlock = jsBlocks(readme).find((b) => b.code.startsWith('// page.js\n')).code;

// The README's page.js, loaded as a page's module with the import map.
const README_PAGE = `<!doctype html>
<meta charset="utf-8">
<title>pacru README</title>
<link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "pacru": "/pacru/index.js" } }</script>
<script type="module" src="/page.js"></script>`;

// The page: imports the package by name through an import map, as a page that
// uses it unbundled would.
const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>pacru</title>
<link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "pacru": "/pacru/index.js" } }</script>
<script type="module">
  import { Position, IllegalMove, check, formatGame, readGames, selfplay, version } from "pacru";
  try {
    const [game] = readGames(selfplay({ players: 3, seed: 11, maxPlies: 0 }));
    let position = Position.startOf(game);
    for (const move of game.moves) position = position.play(move);
    let illegal = null;
    try {
      Position.standard(2).play("a1-a2");
    } catch (error) {
      illegal = { isIllegalMove: error instanceof IllegalMove, rule: error.rule, reason: error.reason };
    }
    let mine = Position.standard(4);
    const played = [];
    for (let i = 0; i < 120 && !mine.isFinished(); i++) {
      const moves = mine.legalMoves();
      const move = moves[(i * 7919) % moves.length];
      played.push(move);
      mine = mine.play(move);
    }
    const record = formatGame({ tags: { Players: "KRYG" }, moves: played, result: "*" });
    window.result = {
      version: version(),
      final: position.toPpn(),
      winner: position.winner,
      illegal,
      played: mine.toPpn(),
      verdict: check(record, { name: "page" })[0],
    };
  } catch (error) {
    window.result = { error: String(error && error.stack || error) };
  }
</script>`;

const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html', '.json': 'application/json' };

let server;
let base;
let browser;
before(async () => {
  if (skip) return;
  server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://localhost');
    let body = null;
    let type = 'text/javascript';
    if (url.pathname === '/') {
      body = PAGE;
      type = TYPES['.html'];
    } else if (url.pathname === '/readme.html') {
      body = README_PAGE;
      type = TYPES['.html'];
    } else if (url.pathname === '/page.js') {
      body = pageBlock;
    } else if (url.pathname === '/worker.js') {
      // A bundler or an import map would resolve "pacru"; a worker has no import map.
      body = workerBlock.replace('import("pacru")', 'import("/pacru/index.js")');
      assert.notEqual(body, workerBlock);
    } else if (url.pathname.startsWith('/pacru/')) {
      const file = path.join(packageDir, url.pathname.slice('/pacru/'.length));
      if (file.startsWith(packageDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        body = fs.readFileSync(file);
        type = TYPES[path.extname(file)] || 'application/octet-stream';
      }
    }
    if (body === null) {
      response.writeHead(404).end();
    } else {
      response.writeHead(200, { 'content-type': type }).end(body);
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-default-apps'],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
});

/** A new page of the test site, with its console errors and failed requests
 * collected. */
async function open(file = '') {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  await page.goto(`${base}/${file}`);
  return { page, problems };
}

test('a page imports the module, plays a game and referees it', { skip, timeout: 120_000 }, async () => {
  const { page, problems } = await open();
  await page.waitForFunction(() => window.result !== undefined, null, { timeout: 60_000 });
  const result = await page.evaluate(() => window.result);
  await page.close();
  assert.equal(result.error, undefined, result.error);
  assert.deepEqual(problems, []);

  const [game] = readGames(selfplay({ players: 3, seed: 11, maxPlies: 0 }));
  let position = Position.startOf(game);
  for (const move of game.moves) position = position.play(move);
  assert.equal(result.final, position.toPpn());
  assert.equal(result.winner, position.winner);
  assert.equal(result.illegal.isIllegalMove, true);
  assert.equal(result.illegal.rule, 'R3');

  let mine = Position.standard(4);
  const played = [];
  for (let i = 0; i < 120 && !mine.isFinished(); i++) {
    const moves = mine.legalMoves();
    played.push(moves[(i * 7919) % moves.length]);
    mine = mine.play(played.at(-1));
  }
  assert.equal(result.played, mine.toPpn());
  const record = formatGame({ tags: { Players: 'KRYG' }, moves: played, result: '*' });
  assert.deepEqual(result.verdict, check(record, { name: 'page' })[0]);
  assert.equal(result.verdict.status, 'ok');
});

test("the README's Web Worker runs bestMove off the page's thread", { skip, timeout: 120_000 }, async () => {
  const { page, problems } = await open();
  const ppn = Position.standard(3).play('e1-e2').toPpn();
  const answer = await page.evaluate(
    (ppn) =>
      new Promise((resolve, reject) => {
        const worker = new Worker('/worker.js', { type: 'module' });
        worker.onerror = (event) => reject(new Error(`worker error: ${event.message}`));
        setTimeout(() => reject(new Error('the worker did not answer within 60 s')), 60_000);
        worker.onmessage = ({ data }) => resolve(data);
        worker.postMessage({ ppn, nodes: 300 });
      }),
    ppn,
  );
  await page.close();
  assert.deepEqual(problems, []);
  const expected = bestMove(Position.fromPpn(ppn), { nodes: 300, seed: 1 });
  assert.deepEqual(answer, { move: expected.move, evaluation: expected.evaluation });
});

test("the README's page.js and worker.js, as they stand", { skip, timeout: 120_000 }, async () => {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const logged = new Promise((resolve) => {
    page.on('console', (message) => {
      if (message.type() === 'log') resolve(message.text());
      else if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
  });
  await page.goto(`${base}/readme.html`);
  const move = await logged;
  await page.close();
  assert.deepEqual(problems, []);
  assert.equal(move, bestMove(Position.standard(2), { nodes: 2000, seed: 1 }).move);
});
