// Writes docs/viewer.png, the screenshot in the README: the example records and
// the browser-test games in one page, a 4-player game at ply 40, at 1280 x 800;
// and docs/board.png, the board of docs/board.md.
// Run from anywhere after `npm ci`: `node tests/browser/screenshot.mjs`
// (PACRU_BIN: the pacru binary, default target/debug/pacru).

import { chromium } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pacru = process.env.PACRU_BIN || path.join(root, 'target', 'debug', 'pacru');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pacru-screenshot-'));
const page = path.join(tmp, 'games.html');
const files = ['examples/round1.pgr', 'examples/round2.pgr', 'crates/pacru-view/tests/data/players.pgr'];
const made = spawnSync(pacru, ['view', ...files, '-o', page], { cwd: root, encoding: 'utf8' });
if (made.status !== 0) throw new Error(`pacru view failed: ${made.stderr}`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--no-first-run', '--disable-sync'],
});
const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const games = spawnSync(pacru, ['check', '--format', 'json', ...files], { cwd: root, encoding: 'utf8' }).stdout.trim().split('\n').length;
await tab.goto(pathToFileURL(page).href + `#game=${games}&ply=40`);
await tab.waitForSelector('html[data-ready="true"]');
await tab.screenshot({ path: path.join(root, 'docs', 'viewer.png') });
console.log('wrote docs/viewer.png');

// docs/board.png: the first game of examples/round1.pgr, analysed by the engine,
// at ply 20 with a chevron picked (its destinations lit, the engine's best move
// drawn as an arrow, the graph of expected scores under the board).
const analysed = path.join(tmp, 'analysed.pgr');
const analyse = spawnSync(pacru, ['analyse', '--nodes', '300', '--seed', '1', 'examples/round1.pgr', '-o', analysed], { cwd: root, encoding: 'utf8' });
if (analyse.status !== 0) throw new Error(`pacru analyse failed: ${analyse.stderr}`);
const boardPage = path.join(tmp, 'board.html');
const written = spawnSync(pacru, ['view', 'analysed.pgr', '-o', boardPage, '--title', 'round 1, analysed'], { cwd: tmp, encoding: 'utf8' });
if (written.status !== 0) throw new Error(`pacru view failed: ${written.stderr}`);
const board = await browser.newPage({ viewport: { width: 1280, height: 860 } });
await board.goto(pathToFileURL(boardPage).href + '#game=1&ply=20');
await board.waitForSelector('html[data-board="ready"]');
await board.click('#board g.field[data-field="c4"]');
await board.screenshot({ path: path.join(root, 'docs', 'board.png') });
await browser.close();
fs.rmSync(tmp, { recursive: true, force: true });
console.log('wrote docs/board.png');
