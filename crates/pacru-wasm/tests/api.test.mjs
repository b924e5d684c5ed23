// The package's API against the `pacru` program of the same build: positions,
// moves and typed errors, records, the referee, self-play and the search engine.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as pacruModule from 'pacru';
import {
  Position,
  PacruError,
  IllegalMove,
  InvalidMove,
  InvalidPosition,
  MalformedGame,
  analyse,
  bestMove,
  check,
  formatGame,
  readGames,
  readMove,
  selfplay,
  version,
} from 'pacru';
import { root, run, runAsync, mapConcurrently, recordFiles } from './support.mjs';

const START_2P = '9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR';

test('the version is the workspace version', () => {
  const manifest = fs.readFileSync(path.join(root, 'Cargo.toml'), 'utf8');
  const workspace = manifest.match(/\[workspace\.package\][^[]*?\nversion = "([^"]+)"/)[1];
  assert.equal(version(), workspace);
});

test('require() gives the same package as import', () => {
  const required = createRequire(import.meta.url)('pacru');
  assert.deepEqual(Object.keys(required).sort(), Object.keys(pacruModule).sort());
  assert.equal(required.Position.standard(3).toPpn(), Position.standard(3).toPpn());
});

test('standard positions: players, colours, seats, rules', () => {
  const start = Position.standard();
  assert.equal(start.toPpn(), START_2P);
  assert.equal(String(start), START_2P);
  assert.equal(start.toMove, 'Black');
  assert.deepEqual(start.players, ['Black', 'Red']);
  assert.equal(start.rules, '2004');
  assert.equal(start.target, 42);
  assert.equal(start.status, 'ongoing');
  assert.equal(start.winner, null);
  assert.equal(start.isFinished(), false);
  assert.ok(start.equals(Position.standard(2)));
  assert.ok(start.equals(Position.fromPpn(START_2P)));

  const three = Position.standard(3, { colours: 'KRB', seats: ['S', 'W', 'E'], rules: 2011 });
  assert.deepEqual(three.players, ['Black', 'Red', 'Blue']);
  assert.equal(three.rules, '2011');
  assert.equal(three.target, 28);
  assert.equal(Position.standard(4).target, 24);
  assert.throws(() => Position.standard(5), RangeError);
  assert.throws(() => Position.standard(2, { colours: 'KRY' }), InvalidPosition);
  assert.throws(() => Position.standard(2, { seat: 'SN' }), /no option "seat"/);
});

test('fields, chevrons and counts', () => {
  const start = Position.standard(2);
  assert.deepEqual(start.fieldsOf('Black'), []);
  assert.equal(start.fieldCount('R'), 0);
  assert.equal(start.colourAt('e5'), null);
  assert.deepEqual(start.chevronAt('e1'), { colour: 'Black', field: 'e1', facing: 'N' });
  assert.equal(start.chevronAt('e5'), null);
  assert.deepEqual(
    start.chevrons().map(({ colour, field, facing }) => `${colour} ${field} ${facing}`),
    ['Black e1 N', 'Black a3 E', 'Black i3 W', 'Black i9 SW', 'Red a1 NE', 'Red a7 E', 'Red i7 W', 'Red e9 S'],
  );
  assert.equal(start.countMoves(), start.legalMoves().length);
  assert.throws(() => start.fieldsOf('Purple'), RangeError);
  assert.throws(() => start.colourAt('j1'), RangeError);
  assert.throws(() => start.fieldsOf(3), TypeError);

  const after = start.play('a3-b4(a4)');
  assert.deepEqual(after.fieldsOf('K').sort(), after.fieldsOf('Black').sort());
  assert.ok(after.fieldCount('Black') > 0);
  assert.equal(after.colourAt(after.fieldsOf('Black')[0]), 'Black');
});

test('play returns a new position; IllegalMove names the rule and the alternatives', () => {
  const start = Position.standard(2);
  const after = start.play('A3-B4(A4)');
  assert.equal(start.toPpn(), START_2P, 'the position played from is unchanged');
  assert.equal(after.toMove, 'Red');
  assert.notEqual(after.toPpn(), START_2P);

  assert.throws(() => start.play('a1-a2'), IllegalMove);
  let thrown;
  try {
    start.play('a1-a2');
  } catch (e) {
    thrown = e;
  }
  assert.ok(thrown instanceof IllegalMove && thrown instanceof PacruError && thrown instanceof Error);
  assert.equal(thrown.name, 'IllegalMove');
  assert.equal(thrown.rule, 'R3');
  assert.match(thrown.reason, /Red/);
  assert.equal(thrown.move, 'a1-a2');
  assert.equal(thrown.ppn, START_2P);
  assert.equal(thrown.allowed, null);
  assert.match(thrown.message, /^illegal move a1-a2: R3: /);

  // A crossing needs its marker: the rule, and the fields that would do.
  let crossing;
  try {
    start.play('a3-b4');
  } catch (e) {
    crossing = e;
  }
  assert.ok(crossing instanceof IllegalMove);
  assert.match(crossing.rule, /^R\d+$/);
  assert.ok(Array.isArray(crossing.allowed) && crossing.allowed.length > 0, crossing.message);
  for (const field of crossing.allowed) {
    assert.ok(start.isLegal(`a3-b4(${field})`), field);
  }

  assert.equal(start.validate('a3-b4(a4)'), undefined);
  assert.throws(() => start.validate('a1-a2'), IllegalMove);
  assert.equal(start.isLegal('a1-a2'), false);
  assert.equal(start.isLegal('a3-b4(a4)'), true);
});

test('pass is refused under R2, in the words of the referee', () => {
  // `pass` is no move; `pacru check` and the server refuse it under R2 where it
  // stands for no player removed as blocked, and so does a position.
  const start = Position.standard(2);
  const [verdict] = check('[Result "*"]\n\n1. pass *\n');
  assert.equal(verdict.error.rule, 'R2');
  for (const text of ['pass', 'PASS', 'Pass']) {
    for (const attempt of [() => start.play(text), () => start.validate(text), () => start.explain(text)]) {
      let thrown;
      try {
        attempt();
      } catch (e) {
        thrown = e;
      }
      assert.ok(thrown instanceof IllegalMove, String(thrown));
      assert.equal(thrown.rule, 'R2');
      assert.equal(thrown.reason, verdict.error.message);
      assert.equal(thrown.move, 'pass');
      assert.equal(thrown.message, `illegal move pass: R2: ${verdict.error.message}`);
    }
    assert.equal(start.isLegal(text), false);
  }
  assert.throws(() => readMove('pass'), InvalidMove, 'still not a move');
});

test('InvalidMove and InvalidPosition carry 1-based locations', () => {
  const start = Position.standard(2);
  let bad;
  try {
    start.play('a3-z4');
  } catch (e) {
    bad = e;
  }
  assert.ok(bad instanceof InvalidMove && bad instanceof PacruError);
  assert.equal(bad.text, 'a3-z4');
  assert.equal(bad.column, 4);
  assert.equal(typeof bad.reason, 'string');
  assert.throws(() => start.isLegal('hello'), InvalidMove);
  assert.throws(() => start.play(42), TypeError);

  let ppn;
  try {
    Position.fromPpn(START_2P.replace('Ke1N', 'Qe1N'));
  } catch (e) {
    ppn = e;
  }
  assert.ok(ppn instanceof InvalidPosition);
  assert.equal(ppn.line, 1);
  assert.equal(ppn.column, START_2P.indexOf('Ke1N') + 1);
  assert.match(ppn.reason, /colour/);
  let second;
  try {
    Position.fromPpn(`9/9/9/9/9/9/9/9/9\nQ`);
  } catch (e) {
    second = e;
  }
  assert.ok(second instanceof InvalidPosition);
  assert.equal(second.line, 2, second.message);
  assert.throws(() => Position.fromPpn(START_2P, '1999'), RangeError);
});

test('explain tells what a move did', () => {
  const start = Position.standard(2);
  const effects = start.explain('a3-b4(a4)');
  assert.equal(effects.mover, 'Black');
  assert.equal(effects.kind, 'plain');
  assert.deepEqual(effects.crossing, { field: 'a4', transformation: false });
  assert.equal(effects.status, 'ongoing');
  assert.equal(effects.winner, null);
  const after = start.play('a3-b4(a4)');
  assert.equal(effects.moverFields, after.fieldCount('Black'));
  for (const { field, before } of effects.changed) {
    assert.equal(start.colourAt(field), before);
    assert.notEqual(after.colourAt(field), before);
  }
  assert.throws(() => start.explain('a1-a2'), IllegalMove);
});

/** The lines `PPN ; rules E ; D1 N1 ; ...` of the core's perft data. */
function perftData() {
  const dir = path.join(root, 'crates/pacru-core/tests/data/perft');
  const cases = [];
  for (const file of fs.readdirSync(dir).sort()) {
    for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (!line.trim() || line.startsWith('#') || line.startsWith('random ')) continue;
      const [ppn, rules, ...counts] = line.split(';').map((part) => part.trim());
      cases.push({
        ppn,
        rules: rules.replace('rules ', ''),
        counts: counts.map((c) => c.replace(/^D/, '').split(' ').map(Number)),
      });
    }
  }
  return cases;
}

test('perft equals the core perft data, with and without bulk counting', () => {
  const cases = perftData();
  assert.ok(cases.length >= 20, `${cases.length} perft cases`);
  for (const { ppn, rules, counts } of cases) {
    const position = Position.fromPpn(ppn, rules);
    for (const [depth, count] of counts) {
      if (count > 300_000) continue;
      assert.equal(position.perft(depth), count, `${ppn} depth ${depth}`);
      if (depth <= 2) assert.equal(position.perft(depth, { bulk: false }), count, `${ppn} depth ${depth}`);
    }
  }
  assert.throws(() => Position.standard(2).perft(31), RangeError);
  assert.throws(() => Position.standard(2).perftDivide(-1), RangeError);
});

test('perftDivide prints what pacru perft --divide prints', () => {
  for (const position of [Position.standard(2), Position.standard(4, { rules: '2011' }).play('e1-e2')]) {
    for (const depth of [0, 1, 3]) {
      const split = position.perftDivide(depth);
      const lines = Object.entries(split).map(([move, count]) => `${move}: ${count}\n`).join('');
      const total = Object.values(split).reduce((a, b) => a + b, 0);
      const expected = run(['perft', '--divide', '--rules', position.rules, position.toPpn(), String(depth)]).toString('utf8');
      assert.equal(`${lines}total: ${depth === 0 ? 1 : total}\n`, expected);
      assert.deepEqual(Object.keys(split), depth === 0 ? [] : position.legalMoves());
    }
  }
  assert.throws(() => Position.standard(2).perft(1, { bulk: 'yes' }), TypeError);
});

/** `count` positions of random games (the package's own self-play), each with its
 * rules edition. */
function randomPositions(count) {
  const positions = [];
  for (let seed = 1; positions.length < count; seed++) {
    const players = 2 + (seed % 3);
    const rules = seed % 2 ? '2004' : '2011';
    const [game] = readGames(selfplay({ players, seed, rules, maxPlies: 0 }));
    let position = Position.startOf(game);
    for (const [i, move] of game.moves.entries()) {
      if (i % 7 === 3) positions.push({ position, rules });
      position = position.play(move);
    }
    positions.push({ position, rules });
  }
  return positions.slice(0, count);
}

test('readMove gives the parts of every kind of move, canonically', () => {
  assert.deepEqual(readMove('A3xB4(*, C5)'), {
    text: 'a3xb4(*,c5)', kind: 'pincer', from: 'a3', to: 'b4', items: ['*', 'c5'], rotation: null, returned: [],
  });
  // Spaces around a move are not notation: refused, as play refuses them.
  for (const text of [' e1-e2', 'e1-e2 ', '\te1-e2', 'e1-e2\u00a0']) {
    assert.throws(() => readMove(text), InvalidMove, JSON.stringify(text));
    assert.throws(() => Position.standard(2).play(text), InvalidMove, JSON.stringify(text));
  }
  assert.deepEqual(readMove('e1-e2'), {
    text: 'e1-e2', kind: 'movement', from: 'e1', to: 'e2', items: [], rotation: null, returned: [],
  });
  const turn = readMove('e5>>(f6,d4,e4,d5)');
  assert.equal(turn.kind, 'reorientation');
  assert.equal(turn.rotation, '>>');
  assert.deepEqual(turn.returned, ['d4', 'e4', 'd5', 'f6']);
  assert.equal(turn.text, 'e5>>(d4,e4,d5,f6)');
  assert.equal(readMove('resign').kind, 'resign');
  assert.throws(() => readMove('e1-e0'), InvalidMove);
  assert.throws(() => readMove(42), TypeError);
  // Every legal move reads back to itself, its parts in its text.
  const start = Position.standard(3);
  for (const move of start.legalMoves()) {
    const parts = readMove(move);
    assert.equal(parts.text, move);
    assert.ok(move.startsWith(parts.from), move);
  }
});

test('completions are the legal moves a text can still become', () => {
  const start = Position.standard(2);
  const all = start.legalMoves();
  assert.deepEqual(start.completions(''), all);
  assert.deepEqual(start.completions('  E1'), all.filter((m) => m.startsWith('e1')));
  assert.ok(start.completions('e1').length > 0);
  assert.deepEqual(start.completions('e1-e2(x'), []);
  assert.deepEqual(start.completions('x'.repeat(70000)), []);
  assert.throws(() => start.completions(null), TypeError);
  const over = start.play('resign');
  assert.deepEqual(over.completions(''), []);
});

test('legalMoves equals pacru moves on the perft data and 1,000 random positions', async () => {
  const positions = [
    ...perftData().map(({ ppn, rules }) => ({ position: Position.fromPpn(ppn, rules), rules })),
    ...randomPositions(1000),
  ];
  assert.ok(positions.some(({ position }) => position.isFinished()));
  const native = await mapConcurrently(positions, 4, ({ position, rules }) =>
    runAsync(['moves', '--rules', rules, position.toPpn()]),
  );
  positions.forEach(({ position }, i) => {
    const moves = position.legalMoves();
    assert.equal(moves.map((m) => `${m}\n`).join(''), native[i], position.toPpn());
    assert.equal(position.countMoves(), moves.length);
  });
});

test('readGames reads tags, moves and results, and returns malformed games in place', () => {
  const file = path.join(root, 'examples/round1.pgr');
  const games = readGames(fs.readFileSync(file));
  const verdicts = check(fs.readFileSync(file));
  assert.equal(games.length, verdicts.length);
  games.forEach((game, i) => {
    assert.ok(!(game instanceof MalformedGame));
    assert.equal(game.index, i + 1);
    assert.equal(game.line, verdicts[i].line);
    assert.equal(game.result, game.tags.Result);
    assert.equal(game.moves.length, verdicts[i].plies);
    let position = Position.startOf(game);
    for (const move of game.moves) position = position.play(move);
    assert.equal(position.toPpn(), verdicts[i].final_position);
  });

  const mixed = readGames('[Players "KR"]\n\n1. e1-e2 *\n\n[Players "KR"]\n\n1. e1-e2 e9-e8 zz *\n\n[Players "KR"]\n\n*\n');
  assert.equal(mixed.length, 3);
  assert.deepEqual(mixed[0].moves, ['e1-e2']);
  assert.ok(mixed[1] instanceof MalformedGame && mixed[1] instanceof PacruError);
  assert.equal(mixed[1].game, 2);
  assert.equal(mixed[1].line, 7);
  assert.equal(mixed[1].column, 16);
  assert.equal(typeof mixed[1].reason, 'string');
  assert.deepEqual(mixed[2].moves, []);
  assert.deepEqual(readGames(''), []);
});

test('formatGame writes what pacru fmt writes', () => {
  const text = selfplay({ players: 3, games: 4, seed: 5, maxPlies: 60 });
  const games = readGames(text);
  assert.equal(games.map(formatGame).join('\n'), text);
  const messy = text.replaceAll('\n1. ', '\n\n1.   ').replaceAll(' 2. ', '\n2.');
  const canonical = run(['fmt'], messy).toString('utf8');
  assert.equal(readGames(messy).map(formatGame).join('\n'), canonical);

  const written = formatGame({ tags: { Red: 'Bo', Black: 'Ada', Event: 'x' }, moves: ['E1-E2', 'pass', 'e9-e8'], result: 'draw' });
  assert.ok(written.startsWith('[Event "x"]\n'), written);
  assert.ok(written.indexOf('[Black ') < written.indexOf('[Red '), written);
  assert.match(written, /\[Result "draw"\]/);
  assert.match(written, /e1-e2 pass e9-e8 draw\n$/);
  assert.throws(() => formatGame({ moves: ['zz'] }), InvalidMove);
  assert.throws(() => formatGame({ result: 'Purple' }), RangeError);
  assert.throws(() => formatGame({ tags: { '1x': 'a' } }), RangeError);
  assert.throws(() => formatGame({ moves: 'e1-e2' }), TypeError);
  assert.throws(() => formatGame(), TypeError);
});

test('check equals pacru check --format json on every record file of the repository', async () => {
  const files = recordFiles();
  assert.ok(files.length >= 40, `${files.length} record files`);
  const native = await mapConcurrently(files, 4, (file) => runAsync(['check', '--format', 'json', file]));
  let games = 0;
  files.forEach((file, i) => {
    const verdicts = check(fs.readFileSync(path.join(root, file)), { name: file });
    assert.equal(verdicts.map((v) => `${JSON.stringify(v)}\n`).join(''), native[i], file);
    games += verdicts.length;
  });
  assert.ok(games >= 100, `${games} games`);

  const file = 'tests/data/no-rules-tag.pgr';
  const as2011 = check(fs.readFileSync(path.join(root, file)), { name: file, rules: '2011' });
  const out = run(['check', '--format', 'json', '--rules', '2011', file]).toString('utf8');
  assert.equal(as2011.map((v) => `${JSON.stringify(v)}\n`).join(''), out);
  assert.equal(check('')[0], undefined);
  assert.equal(check('[Players "KR"]\n\n1. e1-e2 *\n')[0].file, '-');
});

test('selfplay writes what pacru selfplay writes, byte for byte', () => {
  const cases = [
    { players: 2, games: 3, seed: 1 },
    { players: 3, games: 2, seed: 99, maxPlies: 0 },
    { players: 4, games: 2, seed: 2n ** 64n - 1n, rules: '2011' },
    { players: 2, games: 5, seed: 12345, maxPlies: 17, rules: 2011 },
  ];
  for (const options of cases) {
    const args = ['selfplay', '--players', String(options.players), '--games', String(options.games), '--seed', String(options.seed)];
    if (options.maxPlies !== undefined) args.push('--max-plies', String(options.maxPlies));
    if (options.rules !== undefined) args.push('--rules', String(options.rules));
    assert.equal(selfplay(options), run(args).toString('utf8'), args.join(' '));
  }
  const drawn = selfplay({ games: 2, maxPlies: 10 });
  const seed = drawn.match(/\[Seed "(\d+)"\]/)[1];
  assert.equal(selfplay({ games: 2, maxPlies: 10, seed: BigInt(seed) }), drawn.replaceAll(`[Seed "${seed}"]\n`, ''));
  assert.equal(selfplay({ games: 0 }), '');
  assert.throws(() => selfplay({ players: 5 }), RangeError);
  assert.throws(() => selfplay({ seed: -1 }), RangeError);
  assert.throws(() => selfplay({ seed: 2n ** 64n }), RangeError);
});

/** The move, depth, nodes, score and pv of `pacru engine search` with Nodes and
 * Seed set, for the position `ppn`. */
async function engineSearch(ppn, players, nodes, seed) {
  const { spawn } = await import('node:child_process');
  const { pacru } = await import('./support.mjs');
  const engine = spawn(pacru, ['engine', 'search']);
  let out = '';
  const answer = new Promise((resolve, reject) => {
    engine.on('error', reject);
    engine.stdout.on('data', (chunk) => {
      out += chunk;
      // Quit only once the move is there: `quit` stops a running search.
      if (/^= 3 /m.test(out)) {
        engine.stdin.end('quit 4\n');
        resolve(out);
      }
    });
  });
  engine.stdin.write(
    `hello 0 protocol=1\nsetoption 1 name=Nodes value=${nodes}\nsetoption 2 name=Seed value=${seed}\n` +
      `go 3 players=${players} position="${ppn}"\n`,
  );
  await answer;
  const info = out.split('\n').filter((l) => l.startsWith('info 3 ')).at(-1);
  return {
    move: out.match(/^= 3 move=(\S+)/m)[1],
    depth: Number(info.match(/depth=(\d+)/)[1]),
    nodes: Number(info.match(/nodes=(\d+)/)[1]),
    score: Number(info.match(/score=(-?\d+)/)[1]),
    pv: info.match(/pv="?([^"]*)"?/)[1].split(' '),
  };
}

test('bestMove is the move of pacru engine search for the same nodes and seed', async () => {
  const start = Position.standard(3, { rules: '2011' });
  const positions = [Position.standard(2), start.play(start.legalMoves()[5]), ...randomPositions(3).map((p) => p.position)];
  for (const [i, position] of positions.entries()) {
    if (position.isFinished()) continue;
    const seed = 7 * i + 1;
    const found = bestMove(position, { nodes: 400, seed });
    assert.deepEqual(bestMove(position, { nodes: 400, seed: BigInt(seed) }), found, 'the same seed, the same answer');
    const letters = position.players.map((c) => (c === 'Black' ? 'K' : c[0])).join('');
    const native = await engineSearch(position.toPpn(), letters, 400, seed);
    assert.equal(found.move, native.move, position.toPpn());
    assert.equal(found.nodes, native.nodes);
    assert.equal(found.depth, native.depth);
    assert.deepEqual(found.pv, native.pv);
    assert.equal(Math.round(found.evaluation[position.toMove] * 1000), native.score);
    assert.deepEqual(Object.keys(found.evaluation), position.players);
  }
});

test('bestMove: budgets, a finished game, bad options', () => {
  const start = Position.standard(2);
  const timed = bestMove(start, { millis: 30 });
  assert.ok(start.isLegal(timed.move));
  assert.ok(timed.nodes > 0);
  const both = bestMove(start, { millis: 10_000, nodes: 50 });
  assert.equal(both.nodes, 50);
  const [game] = readGames(selfplay({ seed: 3, maxPlies: 0 }));
  let end = Position.startOf(game);
  for (const move of game.moves) end = end.play(move);
  assert.ok(end.isFinished());
  const over = bestMove(end, { nodes: 10 });
  assert.equal(over.move, null);
  assert.deepEqual(over.pv, []);
  assert.throws(() => bestMove(start, {}), TypeError);
  assert.throws(() => bestMove(start, { nodes: -1 }), RangeError);
  assert.throws(() => bestMove(start, { nodes: 10, depth: 3 }), TypeError);
  assert.throws(() => bestMove('e1', { nodes: 10 }), Error);
});

/** An analysis without its annotated record: the object of its line of `pacru
 * analyse --format json` (the numbers of which JSON.stringify writes without `.0`). */
const asLine = ({ annotated, ...line }) => line;

test('analyse gives what pacru analyse gives, the JSON lines and the annotated records', async () => {
  for (const file of ['examples/round1.pgr', 'examples/round2.pgr']) {
    const budget = ['--nodes', '100', '--seed', '5'];
    const [json, pgr] = await Promise.all([
      runAsync(['analyse', ...budget, '--format', 'json', file]),
      runAsync(['analyse', ...budget, file]),
    ]);
    const text = fs.readFileSync(path.join(root, file));
    const entries = analyse(text, { nodes: 100, seed: 5, name: file });
    const analyses = entries.filter((entry) => !(entry instanceof MalformedGame));
    assert.equal(entries.length, readGames(text).length, file);
    const lines = json.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line));
    assert.deepEqual(analyses.map(asLine), lines, file);
    assert.deepEqual(analyses.map((a) => Object.keys(asLine(a))), lines.map((line) => Object.keys(line)));
    // The command copies a game that does not parse as it was read: its lines
    // from its first to the next game's first, without the blank lines after it.
    const verdicts = check(text);
    const recordLines = text.toString().split('\n');
    const asRead = (k) => {
      const to = k + 1 < verdicts.length ? verdicts[k + 1].line - 1 : recordLines.length;
      const part = recordLines.slice(verdicts[k].line - 1, to);
      while (part.length > 0 && part.at(-1).trim() === '') part.pop();
      return `${part.join('\n')}\n`;
    };
    assert.equal(entries.some((entry) => entry instanceof MalformedGame), file.endsWith('round2.pgr'), file);
    const expected = entries.map((entry, k) => (entry instanceof MalformedGame ? asRead(k) : entry.annotated));
    assert.equal(expected.join('\n'), pgr, file);
    // A game of readGames gives the same analysis as the record, and so does a bigint seed.
    const games = readGames(text).filter((game) => !(game instanceof MalformedGame));
    assert.deepEqual(analyse(games[1], { nodes: 100, seed: 5n, name: file }), [analyses[1]]);
  }
});

test('analyse: every ply, marks at the thresholds, annotated records that pass the referee', () => {
  const [game] = readGames(fs.readFileSync(path.join(root, 'examples/round1.pgr')));
  const [analysis] = analyse(game, { nodes: 100, seed: 5 });
  assert.deepEqual(Object.keys(analysis), ['file', 'game', 'line', 'status', 'players', 'annotator', 'plies', 'after', 'annotated']);
  assert.equal(analysis.file, '-');
  assert.equal(analysis.game, game.index);
  assert.equal(analysis.line, game.line);
  assert.deepEqual(analysis.plies.map((ply) => ply.move), game.moves);
  let position = Position.startOf(game);
  for (const ply of analysis.plies) {
    assert.equal(ply.mover, position.toMove);
    assert.ok(position.isLegal(ply.best), ply.best);
    assert.equal(ply.pv[0], ply.best);
    if (ply.best === ply.move) assert.equal(ply.loss, 0);
    assert.equal(ply.mark, ply.loss >= 0.2 ? 'blunder' : ply.loss >= 0.1 ? 'mistake' : null);
    position = position.play(ply.move);
  }
  assert.deepEqual(analysis.after, [1, 0]);
  const [verdict] = check(analysis.annotated);
  assert.equal(verdict.status, 'ok');
  assert.equal(verdict.plies, game.moves.length);
  const [again] = readGames(analysis.annotated);
  assert.equal(again.tags.Annotator, analysis.annotator);
  assert.equal(analyse(again, { nodes: 100, seed: 5 })[0].annotated, analysis.annotated);
  // A game object without a number or a line is game 1 on line 1.
  const [built] = analyse({ moves: ['e1-e2', 'e9-e8'] }, { nodes: 20 });
  assert.equal(built.game, 1);
  assert.equal(built.line, 1);
  assert.match(built.annotator, /, 20 nodes a ply, seed 0$/);
});

test('analyse: budgets, malformed games, bad arguments', () => {
  const record = '[Result "*"]\n\n1. e1-e2 e9-e8 *\n\n[Players "KK"]\n\n*\n';
  const [timed, malformed] = analyse(record, { millis: 5 });
  assert.match(timed.annotator, /, 5 ms a ply, seed 0$/);
  assert.ok(timed.plies.every((ply) => ply.simulations > 0));
  assert.ok(malformed instanceof MalformedGame);
  assert.equal(malformed.game, 2);
  assert.match(analyse('[Result "*"]\n\n*\n')[0].annotator, /, 5000 nodes a ply, seed 0$/);
  assert.throws(() => analyse(record, { nodes: 10, millis: 10 }), /one budget: the option nodes or millis, not both/);
  assert.throws(() => analyse(record, { nodes: 0 }), RangeError);
  assert.throws(() => analyse(record, { millis: -5 }), RangeError);
  assert.throws(() => analyse(record, { seed: -1 }), RangeError);
  assert.throws(() => analyse(record, { depth: 3 }), TypeError);
  assert.throws(() => analyse(), TypeError);
  assert.throws(() => analyse(42), TypeError);
  assert.throws(() => analyse({ moves: 'e1-e2' }), TypeError);
  assert.throws(() => analyse({ tags: { Players: 'KR', Seats: 'SS' } }, { nodes: 5 }), InvalidPosition);
});

test('binary data of a class the package does not read is refused by name, by every function', () => {
  const record = '[Players "KR"]\n\n1. e1-e2 *\n';
  const refused = [
    [new Uint16Array(4), 'a Uint16Array'],
    [new DataView(new ArrayBuffer(4)), 'a DataView'],
    [new SharedArrayBuffer(4), 'a SharedArrayBuffer'],
  ];
  const accepted = 'a string, a Uint8Array or an ArrayBuffer';
  for (const [value, given] of refused) {
    for (const read of [check, readGames, analyse]) {
      assert.throws(
        () => read(value),
        (error) =>
          error instanceof TypeError &&
          error.message === `the record must be ${accepted}, not ${given}`,
        `${read.name}(${given})`,
      );
    }
    assert.throws(() => Position.fromPpn(value), { name: 'TypeError', message: `the PPN text must be a string, not ${given}` });
    assert.throws(() => readMove(value), { name: 'TypeError', message: `a move must be a string, not ${given}` });
    assert.throws(() => Position.standard(2).play(value), TypeError);
  }
  // What the docs list is read: a Uint8Array (even on shared memory) and an ArrayBuffer.
  const bytes = new TextEncoder().encode(record);
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  for (const value of [record, bytes, bytes.buffer, shared]) {
    assert.equal(check(value)[0].status, 'ok');
    assert.equal(readGames(value)[0].moves[0], 'e1-e2');
  }
});

test('a game whose result and Result tag differ is refused, naming both, as pacru check finds such a record malformed', () => {
  const contradictions = [
    [{ tags: { Result: 'Red' }, result: '*' }, '*', 'Red'],
    [{ tags: { Players: 'KR', Result: 'draw' }, moves: ['e1-e2'], result: 'Black' }, 'Black', 'draw'],
  ];
  for (const [game, result, tag] of contradictions) {
    for (const use of [formatGame, Position.startOf, (g) => analyse(g, { nodes: 5 })]) {
      assert.throws(
        () => use(game),
        (error) =>
          error instanceof RangeError &&
          error.message.includes(`"${result}"`) &&
          error.message.includes(`Result tag "${tag}"`),
        JSON.stringify(game),
      );
    }
  }
  // The record the first would be: the CLI finds it malformed, and readGames too.
  const text = '[Result "Red"]\n\n*\n';
  assert.match(JSON.parse(run(['check', '--format', 'json', '-'], text).toString('utf8')).status, /^malformed$/);
  assert.ok(readGames(text)[0] instanceof MalformedGame);
  // A Result tag that is no result is refused even when `result` is given.
  assert.throws(() => formatGame({ tags: { Result: 'Purple' }, result: '*' }), /the Result tag must be/);
  // Either alone, or both the same, is one statement of the result.
  assert.match(formatGame({ tags: { Result: 'Red' } }), /\[Result "Red"\]\n\nRed\n$/);
  assert.match(formatGame({ result: 'Red' }), /\[Result "Red"\]\n\nRed\n$/);
  assert.match(formatGame({ tags: { Result: 'Red' }, result: 'Red' }), /\[Result "Red"\]\n\nRed\n$/);
});
