// Writes docs/viewer.png, the screenshot in the README: the example records and
// the browser-test games in one page, a 4-player game at ply 40, at 1280 x 800.
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
await browser.close();
fs.rmSync(tmp, { recursive: true, force: true });
console.log('wrote docs/viewer.png');
