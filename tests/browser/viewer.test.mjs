// The viewer page in a real browser: headless Chromium (Debian's package) driven
// by Playwright. The page is written by the `pacru` binary; what the page should
// show comes from the same binary's `replay --format json` (positions computed
// by pacru-core) and `check --format json` (the referee's verdicts). The page's
// DOM is read through its documented data attributes (docs/viewer.md).
//
// Run: `cargo xtask ci browser`, or `npm test` here after `npm ci`, with
// PACRU_BIN pointing at a built `pacru` (default: target/debug/pacru). With
// PACRU_BROWSER_REQUIRED set (as `cargo xtask ci` does), a missing Chromium or
// Playwright is an error instead of a skip.

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
const fixtures = path.join(here, '../../crates/pacru-view/tests/data');
const FILES = ['faulty.pgr', 'hostile.pgr', 'players.pgr'].map((f) => path.join(fixtures, f));

// ----- can we run at all? Say so loudly when not. -----
const { chromium, skip } = await browserOrSkip('The viewer page');

// ----- the binary's answers -----
function run(args, input) {
  const r = spawnSync(pacru, args, { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  if (r.status === 2) throw new Error(`pacru ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}
function replay(file, game) {
  return JSON.parse(run(['replay', '--format', 'json', file, '--game', String(game)]));
}
function verdicts(file) {
  return run(['check', '--format', 'json', file]).trim().split('\n').map((l) => JSON.parse(l));
}

// The page's games in order: every game of every file, in file order.
const expected = [];
if (!skip) {
  for (const file of FILES) {
    const checks = verdicts(file);
    checks.forEach((check, i) => expected.push({ file, index: i + 1, check, view: replay(file, i + 1) }));
  }
}
const gameOf = (basename, index) =>
  1 + expected.findIndex((g) => path.basename(g.file) === basename && g.index === index);

// ----- an independent reading of PPN -----
const DIRS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
const PALETTE = { K: '#222222', R: '#d62728', Y: '#f2c500', G: '#2ca02c', B: '#1f5fbf' };
function readPPN(ppn) {
  const [markers, chevrons, toMove, players] = ppn.split(' ');
  const fields = {};
  for (let r = 1; r <= 9; r++) for (const f of 'abcdefghi') fields[f + r] = { colour: '', chevron: '', facing: '' };
  markers.split('/').forEach((rank, i) => {
    let file = 0;
    for (const ch of rank) {
      if (/[1-9]/.test(ch)) file += Number(ch);
      else fields['abcdefghi'[file++] + (9 - i)].colour = ch;
    }
  });
  if (chevrons !== '-') {
    for (const c of chevrons.split(',')) {
      const m = /^([KRYGB])([a-i][1-9])([NESW]{1,2})$/.exec(c);
      assert.ok(m, `chevron ${c}`);
      fields[m[2]].chevron = m[1];
      fields[m[2]].facing = m[3];
    }
  }
  return { fields, toMove, players };
}

// ----- the browser -----
let browser;
let context;
let tmp;
let pageFile;
const requests = [];
const problems = [];

before(async () => {
  if (skip) return;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pacru-viewer-'));
  pageFile = path.join(tmp, 'games.html');
  run(['view', ...FILES, '-o', pageFile, '--title', 'viewer test <b>&amp;</b>']);
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

async function open(hash, file = pageFile) {
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console: ${m.text()}`); });
  await page.goto(pathToFileURL(file).href + (hash || ''));
  await page.waitForSelector('html[data-ready="true"]');
  return page;
}

// What the page draws, read from its documented attributes.
async function drawn(page) {
  return page.evaluate(() => {
    const fields = {};
    for (const g of document.querySelectorAll('#board g.field')) {
      const marker = g.querySelector('circle.marker');
      const chevron = g.querySelector('polygon.chevron');
      fields[g.getAttribute('data-field')] = {
        colour: g.getAttribute('data-colour'),
        chevron: g.getAttribute('data-chevron-colour'),
        facing: g.getAttribute('data-chevron-facing'),
        markerShown: marker.getAttribute('visibility') === 'visible',
        markerFill: marker.getAttribute('fill'),
        chevronShown: chevron.getAttribute('visibility') === 'visible',
        chevronFill: chevron.getAttribute('fill'),
        rotate: chevron.getAttribute('transform'),
      };
    }
    const label = document.getElementById('ply-label');
    return {
      fields,
      players: [...document.querySelectorAll('#players tbody tr')].map((tr) => ({
        colour: tr.dataset.colour, fields: Number(tr.dataset.fields),
        chevrons: Number(tr.dataset.chevrons), toMove: tr.dataset.toMove === 'true',
      })),
      ppn: document.getElementById('ppn').dataset.ppn,
      game: Number(label.dataset.game),
      ply: Number(label.dataset.ply),
      hash: location.hash,
      effects: [...document.querySelectorAll('#effects [data-effect]')]
        .map((e) => `${e.dataset.effect}:${e.dataset.field}`).sort(),
      status: document.getElementById('game-status').textContent,
    };
  });
}

// The effects the page should draw for ply `k` of `view` (1-based; 0: none).
function expectedEffects(view, k) {
  const out = [];
  if (k > 0) {
    const e = view.plies[k - 1].effects;
    if (e.origin) out.push(`origin:${e.origin}`);
    if (e.destination) out.push(`destination:${e.destination}`);
    if (e.crossing) out.push(`crossing:${e.crossing}`);
    for (const f of e.connection) out.push(`connection:${f}`);
    if (e.captured) out.push(`captured:${e.captured.field}`, `captured-chevron:${e.captured.field}`);
    if (e.meeting) out.push(`meeting:${e.meeting}`);
    for (const f of e.returned) out.push(`returned:${f}`);
    for (const c of e.removed) out.push(`removed:${c.field}`, `removed-chevron:${c.field}`);
  }
  if (k === view.plies.length && view.refused) {
    if (view.refused.origin) out.push(`refused-origin:${view.refused.origin}`);
    if (view.refused.destination) out.push(`refused-destination:${view.refused.destination}`);
  }
  return out.sort();
}

// Compares the drawn board, counts, player to move, PPN and effects with the core's.
function assertShows(d, g, k, where) {
  const view = g.view;
  const ppn = k === 0 ? view.start : view.plies[k - 1].position;
  const over = k > 0 && view.plies[k - 1].effects.game_over;
  assert.equal(d.ply, k, `${where}: ply`);
  assert.equal(d.ppn, ppn, `${where}: PPN`);
  const want = readPPN(ppn);
  for (const [name, f] of Object.entries(want.fields)) {
    const got = d.fields[name];
    assert.deepEqual([got.colour, got.chevron, got.facing], [f.colour, f.chevron, f.facing], `${where}: field ${name}`);
    assert.equal(got.markerShown, f.colour !== '', `${where}: marker on ${name} shown`);
    if (f.colour) assert.equal(got.markerFill, PALETTE[f.colour], `${where}: marker colour on ${name}`);
    assert.equal(got.chevronShown, f.chevron !== '', `${where}: chevron on ${name} shown`);
    if (f.chevron) {
      assert.equal(got.chevronFill, PALETTE[f.chevron], `${where}: chevron colour on ${name}`);
      assert.equal(got.rotate, `rotate(${DIRS.indexOf(f.facing) * 45})`, `${where}: chevron facing on ${name}`);
    }
  }
  const counts = [...want.players].map((c) => ({
    colour: c,
    fields: Object.values(want.fields).filter((f) => f.colour === c).length,
    chevrons: Object.values(want.fields).filter((f) => f.chevron === c).length,
    toMove: !over && want.toMove === c,
  }));
  assert.deepEqual(d.players, counts, `${where}: field counts and player to move`);
  assert.deepEqual(d.effects, expectedEffects(view, k), `${where}: effects drawn`);
}

test('every ply of a 2, a 3 and a 4-player game shows the position pacru-core computes', { skip }, async () => {
  const page = await open('#game=' + gameOf('players.pgr', 1));
  for (const index of [1, 2, 3]) {
    const n = gameOf('players.pgr', index);
    const g = expected[n - 1];
    assert.equal(g.view.players.length, index + 1, 'the fixture has 2, 3 and 4 players');
    let d = await drawn(page);
    assert.equal(d.game, n);
    assertShows(d, g, 0, `game ${n} start`);
    for (let k = 1; k <= g.view.plies.length; k++) {
      await page.keyboard.press('ArrowRight');
      d = await drawn(page);
      assertShows(d, g, k, `game ${n} ply ${k}`);
      assert.equal(d.hash, `#game=${n}&ply=${k}`);
    }
    // One more step stays on the last ply.
    await page.keyboard.press('ArrowRight');
    assert.equal((await drawn(page)).ply, g.view.plies.length);
    await page.keyboard.press('ArrowDown');
  }
  await page.close();
});

test('stepping by click, buttons and keys; up and down change the game', { skip }, async () => {
  const n = gameOf('players.pgr', 2);
  const g = expected[n - 1];
  const last = g.view.plies.length;
  const page = await open(`#game=${n}`);
  await page.click('#moves button.mv[data-ply="10"]');
  assertShows(await drawn(page), g, 10, 'click on move 10');
  await page.click('#btn-prev');
  assertShows(await drawn(page), g, 9, 'previous');
  await page.click('#btn-next');
  await page.click('#btn-next');
  assertShows(await drawn(page), g, 11, 'next twice');
  await page.click('#btn-last');
  assertShows(await drawn(page), g, last, 'last');
  await page.click('#btn-first');
  assertShows(await drawn(page), g, 0, 'first');
  await page.keyboard.press('End');
  assertShows(await drawn(page), g, last, 'End');
  await page.keyboard.press('ArrowLeft');
  assertShows(await drawn(page), g, last - 1, 'ArrowLeft');
  await page.keyboard.press('Home');
  assertShows(await drawn(page), g, 0, 'Home');
  await page.keyboard.press('ArrowDown');
  let d = await drawn(page);
  assert.equal(d.game, n + 1);
  assertShows(d, expected[n], 0, 'ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  d = await drawn(page);
  assert.equal(d.game, n - 1);
  assertShows(d, expected[n - 2], 0, 'ArrowUp twice');
  await page.click(`#game-list .row[data-game="${n}"]`);
  d = await drawn(page);
  assert.equal(d.game, n);
  // The move list shows round numbers and canonical moves.
  const moves = await page.$$eval('#moves li', (lis) => lis.map((li) => li.textContent).join(' '));
  const text = g.view.plies.map((p) => (p.opens_round ? `${p.round}. ` : '') + p.notation).join(' ');
  assert.equal(moves.replace(/\s+/g, ' ').replace(/\. /g, '.').trim(), text.replace(/\. /g, '.'));
  await page.close();
});

test('a link with a fragment opens that position', { skip }, async () => {
  const n = gameOf('players.pgr', 3);
  const page = await open(`#game=${n}&ply=33`);
  assertShows(await drawn(page), expected[n - 1], 33, 'opened at ply 33');
  await page.evaluate(() => { location.hash = '#game=1&ply=5'; });
  await page.waitForFunction(() => document.getElementById('ply-label').dataset.game === '1');
  assertShows(await drawn(page), expected[0], 5, 'hash changed to game 1 ply 5');
  await page.close();
});

test('an illegal record shows the game up to the refused move, with the rule and reason of check', { skip }, async () => {
  for (const index of [1, 5]) {
    const n = gameOf('faulty.pgr', index);
    const g = expected[n - 1];
    assert.equal(g.check.status, 'illegal');
    const page = await open(`#game=${n}`);
    await page.keyboard.press('End');
    const d = await drawn(page);
    assertShows(d, g, g.check.plies, `game ${n} end`);
    assert.equal(d.ppn, g.check.final_position, 'the position in which the move was tried');
    const verdict = await page.textContent('#verdict');
    const e = g.check.error;
    assert.ok(verdict.includes(`illegal move ${e.move} at ply ${e.ply} (line ${e.line}, column ${e.column}): ${e.rule} (`), verdict);
    assert.ok(verdict.includes(`${e.rule}: ${e.message}`), verdict);
    assert.equal(await page.textContent('#moves .refused'), e.move);
    const effects = await page.textContent('#effects-text');
    assert.ok(effects.includes(`refused: ${e.rule}`) && effects.includes(e.message), effects);
    await page.close();
  }
});

test('a malformed record shows what could be read and where it broke', { skip }, async () => {
  const n = gameOf('faulty.pgr', 2);
  const g = expected[n - 1];
  assert.equal(g.check.status, 'malformed');
  assert.ok(g.view.plies.length > 40, 'the moves before the syntax error are replayed');
  const page = await open(`#game=${n}&ply=${g.view.plies.length}`);
  assertShows(await drawn(page), g, g.view.plies.length, 'last ply read');
  const e = g.check.error;
  const broken = await page.textContent('#moves .broken');
  assert.ok(broken.includes(`line ${e.line}, column ${e.column}: ${e.message}`), broken);
  assert.ok((await page.textContent('#verdict')).includes(`malformed at line ${e.line}, column ${e.column}`));
  // Setup tags that cannot be read: no position, an empty board, the reason.
  const bad = gameOf('faulty.pgr', 4);
  await page.evaluate((b) => { location.hash = `#game=${b}`; }, bad);
  await page.waitForFunction((b) => document.getElementById('ply-label').dataset.game === String(b), bad);
  const d = await drawn(page);
  assert.equal(d.ppn, '');
  assert.ok(Object.values(d.fields).every((f) => !f.colour && !f.chevron && !f.markerShown && !f.chevronShown));
  assert.ok((await page.textContent('#verdict')).includes(expected[bad - 1].check.error.message));
  // An inconsistent result: every ply shown, the rule and reason.
  const inc = gameOf('faulty.pgr', 3);
  await page.evaluate((b) => { location.hash = `#game=${b}&ply=9999`; }, inc);
  await page.waitForFunction((b) => document.getElementById('ply-label').dataset.game === String(b), inc);
  const gi = expected[inc - 1];
  assertShows(await drawn(page), gi, gi.check.plies, 'inconsistent game, last ply');
  assert.ok((await page.textContent('#verdict')).includes(`R16: ${gi.check.error.message}`));
  await page.close();
});

test('a hostile record runs no script and shows its text as text', { skip }, async () => {
  for (const index of [1, 2]) {
    const n = gameOf('hostile.pgr', index);
    const page = await open(`#game=${n}`);
    for (let k = 0; k <= expected[n - 1].view.plies.length; k++) {
      assertShows(await drawn(page), expected[n - 1], k, `hostile game ${index} ply ${k}`);
      await page.keyboard.press('ArrowRight');
    }
    await page.click('#tags-box summary');
    const state = await page.evaluate(() => ({
      pwned: window.__pwned,
      violations: window.__violations,
      images: document.querySelectorAll('img').length,
      scripts: document.querySelectorAll('script').length,
      svgInList: document.querySelectorAll('#moves svg, #tags svg, #game-title *:not(.sw)').length,
      text: document.body.innerText,
      title: document.getElementById('game-title').textContent,
      tags: [...document.querySelectorAll('#tags tr')].map((tr) => [...tr.cells].map((td) => td.textContent)),
      docTitle: document.title,
    }));
    assert.equal(state.pwned, undefined, 'no script from the record ran');
    assert.deepEqual(state.violations, [], 'nothing was blocked by the CSP either: nothing tried');
    assert.equal(state.images, 0);
    assert.equal(state.scripts, expected.length + 5, 'only the page\'s own script elements');
    assert.equal(state.svgInList, 0, 'no element made from record text');
    assert.doesNotMatch(state.text, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/, 'no raw control character shown');
    assert.equal(state.docTitle, 'viewer test <b>&amp;</b>');
    if (index === 1) {
      assert.ok(state.title.includes('</script><script>window.__pwned = 3</script>'), state.title);
      assert.ok(state.text.includes('{<img src=x onerror="window.__pwned = 5"> \\u{1b}[2J}'));
      const tags = Object.fromEntries(state.tags);
      assert.equal(tags.Event, '<script>window.__pwned = 1</script>');
      assert.equal(tags.Site, '"><img src=x onerror="window.__pwned = 2"><!--');
      assert.equal(tags.Round, '\\u{1b}]0;title\\u{7} \\u{1b}[31mred\\u{1}\\u{7f}');
      assert.equal(tags.Annotator, '&lt;b&gt; &amp; ]]> ${x} {{TITLE}} {{BOARD}} javascript:alert(1)');
    } else {
      assert.ok(state.text.includes("unknown token '<script>window.__pwned=8</script>'"));
    }
    await page.close();
  }
});

test('a comment and a tag value of 1 MiB without a space are shown at once, whole', { skip }, async () => {
  // Wrapping such a word anywhere took Chromium minutes, and the page showed
  // nothing meanwhile; it is cut into pieces the browser may wrap between.
  const long = 'A'.repeat(1 << 20);
  const record = path.join(tmp, 'long-words.pgr');
  fs.writeFileSync(record, `[Event "long words"]\n[Site "${long}"]\n[Result "*"]\n\n1. e1-e2 {${long}} e9-e8 *\n`);
  const file = path.join(tmp, 'long-words.html');
  run(['view', record, '-o', file]);
  const page = await open('', file);
  const frame = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done('drawn'))));
  const late = () => new Promise((done) => setTimeout(() => done('no frame after 10 s'), 10000));
  assert.equal(await Promise.race([frame(), late()]), 'drawn', 'the moves with the comment are drawn');
  await page.click('#tags-box summary');
  assert.equal(await Promise.race([frame(), late()]), 'drawn', 'the tags are drawn');
  const shown = await page.evaluate(() => ({
    notes: [...document.querySelectorAll('#moves .note')].map((n) => n.textContent),
    site: [...document.querySelectorAll('#tags tr')].filter((tr) => tr.cells[0].textContent === 'Site').map((tr) => tr.cells[1].textContent),
    width: document.documentElement.scrollWidth,
  }));
  assert.deepEqual(shown.notes, [`{${long}}`], 'the comment is shown whole');
  assert.deepEqual(shown.site, [long], 'the tag value is shown whole');
  assert.ok(shown.width <= 1280, `nothing scrolls sideways (${shown.width} px)`);
  await page.close();
});

test('a screenshot at 1280 x 800 has the board colours where the position puts them', { skip }, async () => {
  const n = gameOf('players.pgr', 3);
  const k = 40;
  const page = await open(`#game=${n}&ply=${k}`);
  const png = await page.screenshot();
  const view = expected[n - 1].view;
  const want = readPPN(view.plies[k - 1].position);
  const busy = new Set(expectedEffects(view, k).map((e) => e.split(':')[1]));
  // Page coordinates of field centres and corners.
  const boxes = await page.evaluate(() => Object.fromEntries(
    [...document.querySelectorAll('#board g.field')].map((g) => {
      const r = g.querySelector('rect').getBoundingClientRect();
      return [g.getAttribute('data-field'), [r.x, r.y, r.width]];
    })));
  const board = await page.evaluate(() => {
    const r = document.getElementById('board').getBoundingClientRect();
    return [r.x, r.y, r.width];
  });
  // Points to check: [x, y, expected colour, what].
  const points = [[board[0] + 8, board[1] + 8, '#f4efe1', 'board background']];
  for (const [name, f] of Object.entries(want.fields)) {
    if (busy.has(name)) continue;
    const [x, y, s] = boxes[name];
    const [file, rank] = [name.charCodeAt(0) - 97, Number(name[1]) - 1];
    const shade = (file + rank) % 2 === 0 ? '#e8dcc0' : '#cdbb94';
    points.push([x + s * 0.1, y + s * 0.1, shade, `corner of ${name}`]);
    if (f.colour && !f.chevron) points.push([x + s / 2, y + s / 2, PALETTE[f.colour], `marker on ${name}`]);
    if (f.chevron && !f.colour) {
      // A point inside the chevron shape: 10 units above its centre, turned with it.
      const a = (DIRS.indexOf(f.facing) * 45 * Math.PI) / 180;
      const u = s / 60;
      points.push([x + s / 2 + 10 * u * Math.sin(a), y + s / 2 - 10 * u * Math.cos(a), PALETTE[f.chevron], `chevron on ${name}`]);
    }
  }
  assert.ok(points.some((p) => p[3].startsWith('marker')) && points.some((p) => p[3].startsWith('chevron')), 'the position has markers and chevrons to look at');
  // Read the pixels back by decoding the PNG in a blank page (no CSP there).
  const blank = await context.newPage();
  const result = await blank.evaluate(async ({ data, points }) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + data;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return {
      width: img.width,
      height: img.height,
      pixels: points.map(([x, y]) => [...ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)]),
    };
  }, { data: png.toString('base64'), points });
  await blank.close();
  assert.deepEqual([result.width, result.height], [1280, 800]);
  const hex = (h) => [1, 3, 5].map((i) => parseInt(h.substr(i, 2), 16));
  points.forEach(([x, y, colour, what], i) => {
    const got = result.pixels[i];
    const want = hex(colour);
    assert.ok(got.every((v, c) => Math.abs(v - want[c]) <= 12), `${what} at (${Math.round(x)}, ${Math.round(y)}): ${got} instead of ${want}`);
  });
  // The board is large on a laptop screen.
  assert.ok(board[2] >= 500, `board ${board[2]} px wide`);
  await page.close();
});

test('on a phone-sized screen the board fills the width and nothing scrolls sideways', { skip }, async () => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.route((url) => !url.href.startsWith('file:'), (route) => route.abort());
  phone.on('request', (r) => requests.push(r.url()));
  const page = await phone.newPage();
  await page.goto(pathToFileURL(pageFile).href + `#game=${gameOf('players.pgr', 1)}&ply=3`);
  await page.waitForSelector('html[data-ready="true"]');
  const m = await page.evaluate(() => ({
    board: document.getElementById('board').getBoundingClientRect().width,
    scroll: document.documentElement.scrollWidth,
  }));
  assert.ok(m.board >= 340 && m.board <= 390, `board ${m.board} px on a 390 px screen`);
  assert.ok(m.scroll <= 390, `page ${m.scroll} px wide`);
  await page.tap('#btn-next');
  assert.equal(await page.getAttribute('#ply-label', 'data-ply'), '4');
  await phone.close();
});

test('many games: the list shows only the rows in view and opening stays quick', { skip }, async () => {
  const many = path.join(tmp, 'many.pgr');
  fs.writeFileSync(many, run(['selfplay', '--players', '2', '--games', '1500', '--seed', '5', '--max-plies', '40']));
  const manyPage = path.join(tmp, 'many.html');
  run(['view', many, '-o', manyPage]);
  const started = Date.now();
  const page = await open('', manyPage);
  const opened = Date.now() - started;
  const rows = await page.$$eval('#game-list .row', (r) => r.length);
  assert.ok(rows > 10 && rows < 100, `${rows} rows in the DOM for 1500 games`);
  await page.$eval('#game-list', (l) => { l.scrollTop = l.scrollHeight; });
  await page.waitForSelector('#game-list .row[data-game="1500"]');
  await page.click('#game-list .row[data-game="1500"]');
  const view = replay(many, 1500);
  const d = await drawn(page);
  assert.equal(d.game, 1500);
  assert.equal(d.ppn, view.start);
  await page.keyboard.press('End');
  assert.equal((await drawn(page)).ppn, view.plies.at(-1).position);
  assert.ok(opened < 15000, `opened in ${opened} ms`);
  console.log(`# 1500 games: page ${fs.statSync(manyPage).size} bytes, ready in ${opened} ms`);
  await page.close();
});

test('an analysed record: the graph of expected scores, the best move as an arrow, the marks in the list', { skip }, async () => {
  const record = fs.readFileSync(path.join(here, '../../examples/round1.pgr'), 'utf8').split(/\n\n(?=\[)/)[0] + '\n';
  const plain = path.join(tmp, 'game1.pgr');
  fs.writeFileSync(plain, record);
  const analysed = path.join(tmp, 'analysed.pgr');
  run(['analyse', '--nodes', '60', '--seed', '3', plain, '-o', analysed]);
  const json = JSON.parse(run(['analyse', '--nodes', '60', '--seed', '3', '--format', 'json', plain]));
  const file = path.join(tmp, 'analysed.html');
  run(['view', analysed, '-o', file]);
  const page = await open('#game=1&ply=10', file);
  await page.waitForSelector('html[data-board="ready"]');
  const graph = await page.evaluate(() => {
    const g = document.getElementById('eval-graph');
    return {
      hidden: getComputedStyle(g).display === 'none',
      points: +g.getAttribute('data-points'),
      paths: [...g.querySelectorAll('path')].map((p) => [p.getAttribute('data-colour'), p.getAttribute('d').split(/[ML]/).filter((x) => x.trim()).length]),
      best: document.querySelector('#effects [data-best]') && document.querySelector('#effects [data-best]').getAttribute('data-best'),
      marks: [...document.querySelectorAll('#moves button.mv[data-mark]')].map((b) => [+b.getAttribute('data-ply'), b.getAttribute('data-mark')]),
      notes: [...document.querySelectorAll('#moves .note')].map((n) => n.textContent),
    };
  });
  const plies = json.plies.length;
  assert.equal(graph.hidden, false);
  // One point a position: before every ply, and after the last.
  assert.equal(graph.points, plies + 1);
  assert.deepEqual(graph.paths, [['K', plies + 1], ['R', plies + 1]]);
  assert.equal(graph.best, json.plies[10].best, 'the best move in the position after ply 10');
  assert.deepEqual(graph.marks, json.plies.filter((p) => p.mark).map((p) => [p.ply, p.mark]));
  assert.ok(graph.marks.length > 0);
  assert.deepEqual(graph.notes.filter((n) => n.includes('[%eval')), [], 'the analysis is drawn, not printed');
  // A click on the graph goes to the ply under the pointer.
  const box = await page.locator('#eval-graph').boundingBox();
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
  assert.equal(await page.getAttribute('#ply-label', 'data-ply'), String(Math.round(plies * 0.75)));
  await page.close();
  // The same game without analysis has no graph on the page (an SVG element
  // has no `hidden` property: setting it hid nothing, and an empty white box
  // stood under every board).
  const bare = path.join(tmp, 'bare.html');
  run(['view', plain, '-o', bare]);
  const other = await open('#game=1', bare);
  await other.waitForSelector('html[data-board="ready"]');
  assert.equal(await other.getAttribute('#eval-graph', 'data-points'), '0');
  assert.equal(await other.$eval('#eval-graph', (g) => getComputedStyle(g).display), 'none');
  assert.equal(await other.locator('#eval-graph').boundingBox(), null);
  await other.close();
});

test('the page makes no network request and its policy forbids them', { skip }, async () => {
  assert.deepEqual(problems, [], 'errors and warnings in the pages so far');
  const page = await open('#game=1');
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /connect-src 'none'/);
  // WebAssembly may be compiled (the rules); no other code from text.
  assert.match(csp, /script-src [^;]*'wasm-unsafe-eval'/);
  assert.doesNotMatch(csp.replace("'wasm-unsafe-eval'", ''), /unsafe-inline|unsafe-eval|\*/);
  assert.match(csp, /worker-src blob:;/);
  // Trying to fetch from the page is refused by the policy.
  const fetched = await page.evaluate(async () => {
    try { await fetch('http://127.0.0.1:9/x'); return 'fetched'; } catch (e) { return 'refused'; }
  });
  assert.equal(fetched, 'refused');
  await page.close();
  // The page file, and the engine's worker, which the page makes from its own
  // script as a blob: URL: nothing goes over a network.
  const others = requests.filter((u) => !u.startsWith('file:') && !u.startsWith('blob:null/'));
  assert.deepEqual(others, [], 'requests other than the page file and its worker');
  assert.ok(requests.length > 0, 'the page loads were seen');
});
