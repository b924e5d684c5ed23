// The board in a real browser: headless Chromium (Debian's package) driven by
// Playwright, on pages written by the `pacru` binary (`pacru board`, `pacru view`).
// Moves are made as a person makes them: clicks on the board, keys, the text box.
// What the page should know comes from the same binary (`pacru fmt`, `pacru check`,
// `pacru replay --format json`), never from the page's own script.
//
// Run: `cargo xtask ci browser`, or `node --test board.test.mjs` here after `npm ci`,
// with PACRU_BIN pointing at a built `pacru` (default: target/debug/pacru). With
// PACRU_BROWSER_REQUIRED set (as `cargo xtask ci` does), a missing Chromium or
// Playwright is an error instead of a skip. Screenshots of the board at desktop and
// phone sizes go to PACRU_SCREENSHOTS (default: target/screenshots) for a person to
// look at.

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
const screenshots = process.env.PACRU_SCREENSHOTS || path.join(root, 'target', 'screenshots');

// ----- can we run at all? Say so loudly when not. -----
const { chromium, skip } = await browserOrSkip('The board');

function run(args, input) {
  const r = spawnSync(pacru, args, { input, encoding: 'utf8', maxBuffer: 1 << 28, cwd: root });
  if (r.error) throw r.error;
  if (r.status === 2) throw new Error(`pacru ${args.join(' ')} failed: ${r.stderr}`);
  return { out: r.stdout, err: r.stderr, status: r.status };
}

// A small deterministic random generator, so that a failing run can be replayed.
function random(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % n;
  };
}

// ----- the browser -----
let browser;
let context;
let tmp;
const requests = [];
const problems = [];

before(async () => {
  if (skip) return;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pacru-board-'));
  fs.mkdirSync(screenshots, { recursive: true });
  browser = await launch(chromium);
  context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
  context.on('request', (r) => requests.push(r.url()));
  // Anything that is not a page file would be a network request: refused.
  await guard(context, { workers: true });
});

after(async () => {
  if (browser) await browser.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

let pages = 0;
// Writes a page with `pacru ARGS -o FILE` and returns the file.
function write(args) {
  const file = path.join(tmp, `page-${++pages}.html`);
  const made = run([...args, '-o', file]);
  assert.equal(made.status, 0, made.err);
  return file;
}
async function open(file, hash = '') {
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console: ${m.text()}`); });
  await page.goto(pathToFileURL(file).href + hash);
  await page.waitForSelector('html[data-board="ready"]');
  return page;
}

// What the board shows: the line, the ply, the PPN, the player to move, messages.
async function shown(page) {
  return page.evaluate(() => {
    const label = document.getElementById('ply-label');
    const message = document.getElementById('board-message');
    return {
      ply: +label.getAttribute('data-ply'),
      line: label.getAttribute('data-line'),
      ppn: document.getElementById('ppn').getAttribute('data-ppn'),
      toMove: document.getElementById('game-status').getAttribute('data-to-move'),
      status: document.getElementById('game-status').textContent,
      message: message.textContent,
      rule: message.getAttribute('data-rule'),
      kind: message.getAttribute('data-kind'),
    };
  });
}
const field = (name) => `#board g.field[data-field="${name}"]`;
const marked = (page, kind) => page.$$eval(`#board g.field[data-candidate="${kind}"]`, (gs) => gs.map((g) => g.getAttribute('data-field')));

// Makes one move for the player to move by clicks, as a person would: a chevron,
// then a lit destination (or a turn), then the lit fields or buttons of each
// choice. Returns once the board has moved on.
async function clickMove(page, pick) {
  const before = await shown(page);
  const chevrons = await page.$$eval(`#board g.field[data-chevron-colour="${before.toMove}"]`,
    (gs) => gs.map((g) => g.getAttribute('data-field')));
  assert.ok(chevrons.length, `${before.toMove} has chevrons on the board`);
  const order = chevrons.map((c) => [pick(1000), c]).sort((a, b) => a[0] - b[0]).map((x) => x[1]);
  for (const from of order) {
    await page.click(field(from));
    const destinations = await marked(page, 'destination');
    const turns = await page.$$('#choices button[data-choice="rotation"]');
    if (!destinations.length && !turns.length) continue;
    if (destinations.length && (!turns.length || pick(4))) await page.click(field(destinations[pick(destinations.length)]));
    else await turns[pick(turns.length)].click();
    for (let i = 0; i < 12; i++) {
      const now = await shown(page);
      if (now.ply !== before.ply || now.line !== before.line) return now;
      const items = [...await marked(page, 'item'), ...await marked(page, 'returnable')];
      const buttons = await page.$$('#choices button');
      if (items.length && pick(3)) await page.click(field(items[pick(items.length)]));
      else if (buttons.length) await buttons[pick(buttons.length)].click();
      else assert.fail(`no choice offered after clicking ${from}: ${now.message}`);
    }
    assert.fail(`the move from ${from} never ended`);
  }
  assert.fail(`no chevron of ${before.toMove} could move (${before.ppn})`);
}
async function waitForPly(page, ply) {
  await page.waitForFunction((p) => +document.getElementById('ply-label').getAttribute('data-ply') >= p ||
    document.getElementById('game-status').getAttribute('data-to-move') === '', ply, { timeout: 60000 });
}
async function pgrText(page) { return page.inputValue('#pgr-text'); }
function checkRecord(text) {
  const file = path.join(tmp, `record-${++pages}.pgr`);
  fs.writeFileSync(file, text);
  return JSON.parse(run(['check', '--format', 'json', file]).out.trim());
}

test('a whole game against the engine, played by clicks, gives a record the referee accepts', { skip }, async () => {
  const page = await open(write(['board']));
  await page.selectOption('#engine-strength', 'nodes:300');
  await page.selectOption('#controller-Red', 'engine');
  const pick = random(7);
  let plies = 0;
  while ((await shown(page)).toMove !== '' && plies < 600) {
    const now = await shown(page);
    if (now.toMove === 'K') await clickMove(page, pick);
    await waitForPly(page, now.ply + 1);
    plies = (await shown(page)).ply;
  }
  const end = await shown(page);
  assert.equal(end.toMove, '', `the game ended (${plies} plies)`);
  assert.match(end.status, /^(Black|Red) wins$/);
  const text = await pgrText(page);
  const verdict = checkRecord(text);
  assert.equal(verdict.status, 'ok', text);
  assert.equal(verdict.plies, end.ply);
  assert.equal(`${verdict.winner} wins`, end.status);
  assert.match(text, /\[Termination "rules"\]/);
  // The download is the same record.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#btn-download')]);
  const saved = path.join(tmp, 'downloaded.pgr');
  await download.saveAs(saved);
  assert.equal(fs.readFileSync(saved, 'utf8'), text);
  assert.equal(run(['fmt', '--check', saved]).status, 0, 'the download is canonical');
  await page.close();
});

test('a record typed move by move through the text box comes back byte for byte', { skip }, async () => {
  const source = fs.readFileSync(path.join(root, 'examples', 'round1.pgr'), 'utf8');
  const game = source.split(/\n\n(?=\[)/)[0].trimEnd() + '\n';
  const file = path.join(tmp, 'game1.pgr');
  fs.writeFileSync(file, game);
  const canonical = run(['fmt', file]).out;
  const tags = Object.fromEntries([...game.matchAll(/^\[(\w+) "(.*)"\]$/gm)].map((m) => [m[1], m[2]]));
  const moves = JSON.parse(run(['replay', '--format', 'json', file]).out).plies.map((p) => p.notation);
  assert.ok(moves.length > 50);

  const page = await open(write(['board']));
  for (const name of ['Event', 'Site', 'Date', 'Round', 'Black', 'Red']) {
    await page.fill(`#tag-${name}`, tags[name]);
  }
  for (const move of moves) {
    // Type the start, take the completion offered, and accept it with Enter.
    await page.fill('#move-input', move);
    await page.press('#move-input', 'Enter');
  }
  const end = await shown(page);
  assert.equal(end.ply, moves.length, end.message);
  assert.equal(await pgrText(page), canonical);
  await page.close();
});

test('typing completes from the legal moves; Tab takes the completion, Enter plays it', { skip }, async () => {
  const page = await open(write(['board']));
  await page.type('#move-input', 'a3-b4(a');
  const offered = await page.$$eval('#move-suggestions li[role="option"]', (lis) => lis.map((li) => li.textContent));
  const legal = run(['moves', '9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR']).out.trim().split('\n');
  assert.deepEqual(offered, legal.filter((m) => m.startsWith('a3-b4(a')));
  await page.press('#move-input', 'Tab');
  assert.equal(await page.inputValue('#move-input'), offered[0]);
  await page.press('#move-input', 'Enter');
  assert.equal((await shown(page)).ply, 1);
  assert.equal(await page.textContent('#moves button.mv[data-ply="1"]'), offered[0]);
  // A typed move the rules refuse: the rule and the reason, nothing played.
  await page.fill('#move-input', 'e9-e5');
  await page.press('#move-input', 'Enter');
  const refused = await shown(page);
  assert.equal(refused.ply, 1);
  assert.equal(refused.kind, 'illegal');
  assert.match(refused.rule, /^R\d+$/);
  assert.ok(refused.message.startsWith(refused.rule + ': '), refused.message);
  await page.close();
});

test('an illegal click shows the rule and the reason and changes nothing', { skip }, async () => {
  const page = await open(write(['board']));
  const start = await shown(page);
  await page.click(field('e1'));
  assert.deepEqual((await marked(page, 'destination')).sort(), ['d2', 'e2', 'f2']);
  await page.click(field('e5'));
  let now = await shown(page);
  assert.equal(now.kind, 'illegal');
  assert.equal(now.rule, 'R5');
  assert.match(now.message, /^R5: the chevron on e1 has power 1/);
  assert.equal(now.ppn, start.ppn);
  assert.equal(now.ply, 0);
  // Red's chevron while Black is to move.
  await page.click(field('e1'));
  await page.click(field('e9'));
  now = await shown(page);
  assert.equal(now.kind, 'illegal');
  assert.match(now.rule, /^R\d+$/);
  assert.equal(now.ppn, start.ppn);
  // The same refusal as the referee's for that move.
  const record = `[Result "*"]\n\n1. e9-e8 *\n`;
  const verdict = checkRecord(record);
  assert.equal(verdict.error.rule, now.rule);
  await page.close();
});

test('the keyboard alone makes a move on the board', { skip }, async () => {
  const page = await open(write(['board']));
  await page.focus('#board');
  // The focus frame starts on e1: Enter picks the chevron, up goes to e2, Enter moves.
  await page.keyboard.press('Enter');
  assert.deepEqual((await marked(page, 'destination')).sort(), ['d2', 'e2', 'f2']);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const now = await shown(page);
  assert.equal(now.ply, 1);
  assert.equal(await page.textContent('#moves button.mv[data-ply="1"]'), 'e1-e2');
  await page.close();
});

test('a variation from ply 20 of a record: three moves, stepped through, then back to the main line', { skip }, async () => {
  const record = path.join(root, 'examples', 'round1.pgr');
  const main = JSON.parse(run(['replay', '--format', 'json', record, '--game', '1']).out);
  const page = await open(write(['view', record]), '#game=1&ply=20');
  assert.equal((await shown(page)).ppn, main.plies[19].position);
  const mainMoves = await page.$$eval('#moves button.mv', (bs) => bs.length);
  const pick = random(20);
  for (let k = 1; k <= 3; k++) {
    const now = await clickMove(page, pick);
    assert.equal(now.ply, 20 + k);
    assert.equal(now.line, '1');
  }
  const inVariation = await shown(page);
  const variation = await page.$$eval('#variations li[data-variation="1"] button.mv', (bs) => bs.map((b) => b.textContent));
  assert.equal(variation.length, 3);
  // The same moves from the same position, by the binary: the same position.
  const replayed = run(['replay', '--format', 'json', '-'],
    `[Position "${main.plies[19].position}"]\n[Result "*"]\n\n${variation.join(' ')} *\n`);
  assert.equal(JSON.parse(replayed.out).plies[2].position, inVariation.ppn);
  // Step back inside the variation, then forward again.
  await page.click('#btn-prev');
  assert.deepEqual([(await shown(page)).ply, (await shown(page)).line], [22, '1']);
  await page.click('#variations button.mv[data-ply="23"]');
  assert.equal((await shown(page)).ppn, inVariation.ppn);
  // The main line is untouched, and the way back leads to where the variation began.
  assert.equal(await page.$$eval('#moves button.mv', (bs) => bs.length), mainMoves);
  await page.click('#btn-main-line');
  const back = await shown(page);
  assert.deepEqual([back.line, back.ply, back.ppn], ['main', 20, main.plies[19].position]);
  await page.click('#btn-next');
  assert.equal((await shown(page)).ppn, main.plies[20].position);
  // The variation is kept until deleted.
  await page.click('#variations button[data-delete="1"]');
  assert.equal(await page.$$eval('#variations li', (lis) => lis.length), 0);
  await page.close();
});

test('a reload keeps the game in progress; a new game asks before discarding it', { skip }, async () => {
  const file = write(['board', '--title', 'reload test']);
  const page = await open(file);
  await page.fill('#tag-Event', 'Club night');
  const pick = random(3);
  await clickMove(page, pick);
  await clickMove(page, pick);
  const before = await shown(page);
  const moves = await page.$$eval('#moves button.mv', (bs) => bs.map((b) => b.textContent));
  await page.reload();
  await page.waitForSelector('html[data-board="ready"]');
  const after = await shown(page);
  assert.deepEqual([after.ply, after.ppn], [before.ply, before.ppn]);
  assert.deepEqual(await page.$$eval('#moves button.mv', (bs) => bs.map((b) => b.textContent)), moves);
  assert.equal(await page.inputValue('#tag-Event'), 'Club night');
  // New game: the dialog says what would be lost; Cancel keeps it all.
  await page.click('#btn-new-game');
  assert.match(await page.textContent('#new-game-warning'), /2 moves\) will be discarded/);
  await page.click('#new-cancel');
  assert.equal((await shown(page)).ply, 2);
  await page.click('#btn-new-game');
  await page.selectOption('#new-players', '3');
  await page.click('#new-start');
  await page.waitForFunction(() => document.getElementById('ply-label').getAttribute('data-ply') === '0');
  const fresh = await shown(page);
  assert.equal(fresh.ply, 0);
  assert.equal(fresh.ppn, run(['new', '--players', '3']).out.trim());
  await page.reload();
  await page.waitForSelector('html[data-board="ready"]');
  assert.equal((await shown(page)).ppn, fresh.ppn);
  // Whatever else the storage holds, the page starts with the game it was given.
  for (const junk of ['{', '[]', '{"tags": 3, "moves": []}', '{"tags": [["Players", "KR"]], "moves": ["e1-e9", 4]}',
    '{"tags": [["Players", "KRY"]], "moves": [], "variations": [{"from": "x", "moves": [1]}], "strength": "\"]"}']) {
    await page.evaluate((text) => { for (const key of Object.keys(localStorage)) localStorage.setItem(key, text); }, junk);
    await page.reload();
    await page.waitForSelector('html[data-board="ready"]');
    const start = await shown(page);
    assert.ok(start.ppn, junk);
  }
  assert.deepEqual(problems, [], 'no error from stored junk');
  await page.click('#btn-new-game');
  await page.selectOption('#new-players', '3');
  await page.click('#new-start');
  await page.waitForFunction(() => document.getElementById('ply-label').getAttribute('data-ply') === '0');
  // Take back.
  await clickMove(page, pick);
  await page.click('#btn-takeback');
  assert.deepEqual([(await shown(page)).ply, (await shown(page)).ppn], [0, fresh.ppn]);
  await page.close();
});

test('the arbiter records an ending the rules do not give: agreement, time, adjudication', { skip }, async () => {
  const page = await open(write(['board', '--players', '3']));
  const pick = random(5);
  for (let i = 0; i < 4; i++) await clickMove(page, pick);
  for (const [choice, result, termination] of [
    ['agreement', 'draw', 'agreement'],
    ['time:Yellow', 'Yellow', 'time'],
    ['adjudication:Red', 'Red', 'adjudication'],
  ]) {
    await page.selectOption('#live-ending', choice);
    const text = await pgrText(page);
    assert.ok(text.includes(`[Result "${result}"]`), text);
    assert.ok(text.includes(`[Termination "${termination}"]`), text);
    assert.ok(text.trimEnd().endsWith(` ${result}`), text);
    const verdict = checkRecord(text);
    assert.equal(verdict.status, 'ok', text);
    assert.equal(verdict.result, result);
  }
  // A resignation is a move; in 3 players the game goes on, and the record says so.
  await page.selectOption('#live-ending', '');
  const before = await shown(page);
  await page.click('#btn-resign');
  const after = await shown(page);
  assert.equal(after.ply, before.ply + 1);
  assert.equal(await page.textContent(`#moves button.mv[data-ply="${after.ply}"]`), 'resign');
  assert.equal(checkRecord(await pgrText(page)).status, 'ok');
  await page.click('#btn-takeback');
  await page.selectOption('#live-ending', 'adjudication:Red');
  // It is kept over a reload; a new move clears it.
  await page.reload();
  await page.waitForSelector('html[data-board="ready"]');
  assert.equal(await page.inputValue('#live-ending'), 'adjudication:Red');
  await clickMove(page, pick);
  assert.equal(await page.inputValue('#live-ending'), '');
  assert.ok((await pgrText(page)).includes('[Result "*"]'));
  await page.close();
});

test('a 4-player game against three engines plays to its end', { skip }, async () => {
  const page = await open(write(['board', '--players', '4']));
  await page.selectOption('#engine-strength', 'nodes:300');
  for (const colour of ['Red', 'Yellow', 'Green']) await page.selectOption(`#controller-${colour}`, 'engine');
  const pick = random(11);
  let guard = 0;
  while ((await shown(page)).toMove !== '' && guard++ < 600) {
    const now = await shown(page);
    if (now.toMove === 'K') await clickMove(page, pick);
    else await waitForPly(page, now.ply + 1);
  }
  const end = await shown(page);
  assert.equal(end.toMove, '');
  const verdict = checkRecord(await pgrText(page));
  assert.equal(verdict.status, 'ok');
  assert.equal(verdict.plies, end.ply);
  await page.close();
});

test('hint and evaluate show the engine\'s move as an arrow and each player\'s expected score', { skip }, async () => {
  const page = await open(write(['board']));
  await page.selectOption('#engine-strength', 'nodes:300');
  await page.click('#btn-hint');
  await page.waitForSelector('#effects [data-hint]');
  const hint = await page.getAttribute('#effects [data-hint]', 'data-hint');
  const legal = run(['moves', (await shown(page)).ppn]).out.trim().split('\n');
  assert.ok(legal.includes(hint), hint);
  await page.click('#btn-evaluate');
  await page.waitForFunction(() => document.getElementById('engine-output').getAttribute('data-state') === '' &&
    document.getElementById('engine-output').hasAttribute('data-evaluation'));
  const evaluation = JSON.parse(await page.getAttribute('#engine-output', 'data-evaluation'));
  assert.deepEqual(Object.keys(evaluation), ['Black', 'Red']);
  assert.ok(Math.abs(evaluation.Black + evaluation.Red - 1) < 0.01, JSON.stringify(evaluation));
  await page.close();
});

test('a hostile record and hostile typing stay text', { skip }, async () => {
  const hostile = path.join(root, 'crates', 'pacru-view', 'tests', 'data', 'hostile.pgr');
  const page = await open(write(['board', hostile, '--title', '<script>window.__pwned = 9</script>']));
  await page.fill('#tag-Site', '"><img src=x onerror="window.__pwned = 10">');
  await page.fill('#tag-Black', '</textarea><script>window.__pwned = 11</script>');
  await page.click(field('i9'));
  await page.waitForTimeout(50);
  const state = await page.evaluate(() => ({
    pwned: window.__pwned,
    images: document.querySelectorAll('img').length,
    title: document.title,
    violations: window.__violations,
    gameTitle: document.getElementById('game-title').textContent,
  }));
  assert.equal(state.pwned, undefined);
  assert.equal(state.images, 0);
  assert.equal(state.title, '<script>window.__pwned = 9</script>');
  assert.deepEqual(state.violations, []);
  assert.ok(state.gameTitle.includes('<script>window.__pwned = 1</script>'), state.gameTitle);
  // The record keeps the texts, quoted as PGR quotes them, and the referee accepts it.
  const text = await pgrText(page);
  assert.ok(text.includes('[Black "</textarea><script>window.__pwned = 11</script>"]'), text);
  assert.ok(text.includes('[Site "\\"><img src=x onerror=\\"window.__pwned = 10\\">"]'), text);
  assert.equal(checkRecord(text).status, 'ok');
  await page.close();
});

test('tag values keep no control characters, typed or from the record', { skip }, async () => {
  const record = path.join(tmp, 'controls.pgr');
  fs.writeFileSync(record, '[Event "ev\x1b[2J\x07"]\n[Black "b\u009b31m\u0085x"]\n[Result "*"]\n\n1. e1-e2 *\n');
  const page = await open(write(['board', record]));
  await page.fill('#tag-Red', 'r\u009b[2J\u0080\u009f\u0000\u001b\u007fed');
  await page.fill('#tag-Site', 'site\u0090');
  const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
  const text = await pgrText(page);
  assert.doesNotMatch(text, controls, text);
  assert.ok(text.includes('[Event "ev[2J"]') && text.includes('[Black "b31mx"]') && text.includes('[Red "r[2Jed"]') && text.includes('[Site "site"]'), text);
  await page.click('#tags-box summary');
  // The tags shown, and the fields filled from the record (a field being typed in shows what is typed).
  const shown = await page.evaluate(() => [...document.querySelectorAll('#tags td')].map((e) => e.textContent)
    .concat([/** @type {HTMLInputElement} */ (document.getElementById('tag-Black')).value, /** @type {HTMLInputElement} */ (document.getElementById('tag-Event')).value]).join('\n'));
  assert.doesNotMatch(shown, controls, shown);
  assert.equal(checkRecord(text).status, 'ok');
  await page.close();
});

test('screenshots at desktop and phone sizes; on a phone nothing overlaps or scrolls sideways', { skip }, async () => {
  // A recorded 4-player game at ply 40, one chevron picked: its destinations lit.
  const desktop = await open(write(['view', path.join(root, 'examples', 'round1.pgr')]), '#game=4&ply=40');
  const toMove = (await shown(desktop)).toMove;
  for (const from of await desktop.$$eval(`#board g.field[data-chevron-colour="${toMove}"]`, (gs) => gs.map((g) => g.getAttribute('data-field')))) {
    await desktop.click(field(from));
    if ((await marked(desktop, 'destination')).length > 1) break;
  }
  assert.ok((await marked(desktop, 'destination')).length > 1);
  await desktop.screenshot({ path: path.join(screenshots, 'board-desktop.png') });
  await desktop.close();
  const file = write(['board', '--players', '3']);
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(pathToFileURL(file).href);
  await phone.waitForSelector('html[data-board="ready"]');
  await phone.screenshot({ path: path.join(screenshots, 'board-phone.png'), fullPage: true });
  const layout = await phone.evaluate(() => {
    const box = (id) => document.getElementById(id).getBoundingClientRect().toJSON();
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width: window.innerWidth,
      parts: ['board', 'board-message', 'move-form', 'engine-bar', 'controls', 'moves-pane'].map((id) => [id, box(id)]),
    };
  });
  assert.ok(layout.scrollWidth <= layout.width, `scrolls sideways: ${layout.scrollWidth} > ${layout.width}`);
  const [, board] = layout.parts[0];
  assert.ok(board.width >= layout.width * 0.85 && board.right <= layout.width, JSON.stringify(board));
  for (let i = 0; i < layout.parts.length; i++) {
    for (let j = i + 1; j < layout.parts.length; j++) {
      const [a, p] = layout.parts[i], [b, q] = layout.parts[j];
      const overlap = p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom && p.height && q.height;
      assert.ok(!overlap, `${a} and ${b} overlap: ${JSON.stringify(p)} ${JSON.stringify(q)}`);
    }
  }
  for (const name of ['board-desktop.png', 'board-phone.png']) {
    assert.ok(fs.statSync(path.join(screenshots, name)).size > 10000, name);
  }
  await phone.close();
});

test('the board makes no network request and breaks none of its policy', { skip }, async () => {
  assert.deepEqual(problems, [], 'errors and warnings in the pages so far');
  const others = requests.filter((u) => !u.startsWith('file:') && !u.startsWith('blob:null/'));
  assert.deepEqual(others, [], 'requests other than the page files and their workers');
  assert.ok(requests.some((u) => u.startsWith('file:')), 'the page loads were seen');
});
