// Hostile input at every entry point: huge, binary and control-character strings,
// values of every JavaScript type, objects whose properties throw. Each call must
// end in a value or in a typed error (a PacruError, a TypeError or a RangeError);
// a Rust panic inside the module (a WebAssembly.RuntimeError, and the panic hook's
// message on the console) is a bug.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  Position,
  PacruError,
  analyse,
  bestMove,
  check,
  formatGame,
  readGames,
  readMove,
  selfplay,
} from 'pacru';
import { assertAlive } from './support.mjs';

const START_2P = '9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR';

/** Deterministic pseudo-random bytes. */
function bytes(length, seed) {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}
const latin1 = (array) => Buffer.from(array).toString('latin1');

const CONTROL = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('') + '\x7f\u0085\u2028\u2029\ufeff';

/** Strings no caller should send. */
const STRINGS = [
  '',
  ' ',
  CONTROL,
  '\0',
  'e1-e2\0',
  '\ud800',
  'e1-e2\udfff',
  '\ufffd\ufffe\uffff',
  '𝔭𝔞𝔠𝔯𝔲',
  'a'.repeat(16 << 20),
  '('.repeat(1 << 20),
  'a1>NE(' + 'a1,'.repeat(200_000) + 'a1)',
  'e1-e2 '.repeat(200_000),
  '9/'.repeat(300_000),
  `${START_2P} ${'K'.repeat(1 << 20)}`,
  START_2P.replaceAll(' ', '\n'),
  START_2P.replaceAll(',', '\0'),
  '[Players "KR"]\n\n1. ' + 'e1-e2 e9-e8 e2-e1 e8-e9 '.repeat(50_000) + '*\n',
  '['.repeat(1 << 20),
  '[Event "' + '\\'.repeat(1 << 20) + '"]\n\n*\n',
  '{'.repeat(1 << 20),
  '[Players "KR"]\n[Position "' + 'x'.repeat(1 << 20) + '"]\n\n*\n',
  latin1(bytes(1 << 20, 7)),
  latin1(bytes(4096, 8)),
  '[Players "KR"]\r\n\r\n1. e1-e2 ;' + CONTROL + '\r\n*\r\n',
];

/** Values of every type, and objects that fight back. */
function values() {
  const throwing = new Proxy({}, {
    ownKeys() {
      throw new Error('hostile ownKeys');
    },
    get() {
      throw new Error('hostile get');
    },
  });
  const getter = Object.defineProperty({}, 'seed', {
    enumerable: true,
    get() {
      throw new Error('hostile getter');
    },
  });
  const toStringer = {
    toString() {
      throw new Error('hostile toString');
    },
  };
  return [
    undefined, null, true, 0, -0, 1.5, -1, NaN, Infinity, -Infinity, 2 ** 53, 2 ** 64, 1e308,
    0n, -1n, 2n ** 64n, 2n ** 200n, Symbol('x'), () => 1, [], [1, 2], {}, Object.create(null),
    new Uint8Array(0), bytes(65_536, 3), new ArrayBuffer(16), new Date(0), /x/, new Map(),
    throwing, getter, toStringer, Position.standard(2),
    ...STRINGS.filter((s) => s.length < 1 << 16),
  ];
}

/** Hostile games for formatGame and Position.startOf. */
function games() {
  const many = {};
  for (let i = 0; i < 5000; i++) many[`T${i}`] = 'x';
  return [
    { tags: { Event: 'a'.repeat(8 << 20) } },
    { tags: many },
    { tags: { [`a${'b'.repeat(1000)}`]: 'x' } },
    { tags: { Event: CONTROL, Site: '"]\n[Result "Red"]' } },
    { tags: { __proto__: 'x', constructor: 'y' } },
    { tags: JSON.parse('{"__proto__": "x"}') },
    { tags: { Players: 'KR', Position: 'x'.repeat(1 << 20) } },
    { tags: { Players: 'KRYGBKRYGB' } },
    { tags: { Players: 'KR', Seats: 'SS' } },
    { tags: { Players: 'KR', Rules: '1999' } },
    { tags: { Players: 'KR', Position: START_2P.replace('KR', 'KY') } },
    { tags: { Black: 1 } },
    { moves: Array(100_000).fill('e1-e2') },
    { moves: ['e1-e2', null] },
    { moves: [CONTROL, 'pass'] },
    { moves: new Array(3) },
    { result: CONTROL },
    { result: 'Red', tags: { Result: 'Black' } },
    { tags: { Result: '\0' } },
  ];
}

let consoleErrors = [];
const consoleError = console.error;
before(() => {
  console.error = (...args) => {
    consoleErrors.push(args.join(' '));
  };
});
after(() => {
  console.error = consoleError;
});

/** Calls `f`; a value or a typed error is fine, anything else fails the test. */
function call(what, f) {
  let value;
  try {
    value = f();
  } catch (error) {
    assert.ok(!(error instanceof WebAssembly.RuntimeError), `${what}: the module crashed: ${error}`);
    const typed =
      error instanceof PacruError ||
      error instanceof TypeError ||
      error instanceof RangeError ||
      /^hostile /.test(error?.message);
    assert.ok(typed, `${what}: an untyped error: ${error?.stack ?? error}`);
    assert.equal(typeof error.message, 'string');
    assert.ok(error.message.length < 10_000, `${what}: a message of ${error.message.length} characters`);
  }
  assert.deepEqual(consoleErrors, [], `${what}: the module reported a panic`);
  return value;
}

test('Position.standard, fromPpn and startOf', () => {
  for (const value of values()) {
    call('standard(value)', () => Position.standard(value));
    call('standard(2, value)', () => Position.standard(2, value));
    call('standard(2, {colours})', () => Position.standard(2, { colours: value }));
    call('standard(2, {seats})', () => Position.standard(2, { seats: value }));
    call('standard(2, {rules})', () => Position.standard(2, { rules: value }));
    call('fromPpn(value)', () => Position.fromPpn(value));
    call('fromPpn(ppn, value)', () => Position.fromPpn(START_2P, value));
    call('startOf(value)', () => Position.startOf(value));
  }
  for (const text of STRINGS) {
    call('fromPpn(text)', () => Position.fromPpn(text));
    call('fromPpn(ppn + text)', () => Position.fromPpn(START_2P + text));
    call('startOf({tags: {Position}})', () => Position.startOf({ tags: { Players: 'KR', Position: text } }));
  }
  for (const game of games()) call('startOf(game)', () => Position.startOf(game));
  assertAlive();
});

test('new Position(...) is a TypeError naming the ways to make one', () => {
  // JavaScript calls a constructor that TypeScript declares private; without one
  // of its own the object held no position, and its every method then failed
  // with "null pointer passed to rust".
  for (const args of [[], [START_2P], [START_2P, '2011'], [2]]) {
    assert.throws(
      () => new Position(...args),
      (error) =>
        error instanceof TypeError &&
        error.message.includes('Position.fromPpn(text)') &&
        error.message.includes('Position.standard(players)'),
    );
  }
  assertAlive();
});

test('the methods of a position', () => {
  const position = Position.standard(3).play('e1-e2');
  for (const value of [...values(), ...STRINGS]) {
    call('play', () => position.play(value));
    call('validate', () => position.validate(value));
    call('isLegal', () => position.isLegal(value));
    call('explain', () => position.explain(value));
    call('fieldsOf', () => position.fieldsOf(value));
    call('fieldCount', () => position.fieldCount(value));
    call('colourAt', () => position.colourAt(value));
    call('chevronAt', () => position.chevronAt(value));
    call('equals', () => position.equals(value));
    if (typeof value !== 'number' || value < 4 || !Number.isFinite(value)) {
      call('perft(value)', () => position.perft(value));
    }
    call('perft(1, value)', () => position.perft(1, value));
    if (typeof value !== 'number' || value < 3 || !Number.isFinite(value)) {
      call('perftDivide(value)', () => position.perftDivide(value));
    }
  }
  assertAlive();
});

test('readGames and check', () => {
  for (const value of [...values(), ...STRINGS, bytes(1 << 20, 11), bytes(1 << 16, 12).buffer]) {
    const games = call('readGames', () => readGames(value));
    const verdicts = call('check', () => check(value));
    if (games !== undefined) {
      assert.ok(Array.isArray(games) && Array.isArray(verdicts));
      assert.equal(games.length, verdicts.length);
      for (const verdict of verdicts) JSON.stringify(verdict);
    }
    call('check(text, value)', () => check('[Players "KR"]\n\n*\n', value));
    call('check(text, {name})', () => check('*\n', { name: value }));
    call('check(text, {rules})', () => check('*\n', { rules: value }));
  }
  assertAlive();
});

test('formatGame', () => {
  for (const value of values()) {
    call('formatGame(value)', () => formatGame(value));
    call('formatGame({tags})', () => formatGame({ tags: value }));
    call('formatGame({moves})', () => formatGame({ moves: value }));
    call('formatGame({moves: [value]})', () => formatGame({ moves: [value] }));
    call('formatGame({result})', () => formatGame({ result: value }));
  }
  for (const game of games()) {
    const text = call('formatGame(game)', () => formatGame(game));
    // What formatGame writes is one game to readGames: the same game, or (for
    // setup tags that describe no position, which formatGame does not check) a
    // MalformedGame naming the tag.
    if (text !== undefined) {
      const read = readGames(text);
      assert.equal(read.length, 1);
      if (read[0] instanceof PacruError) {
        assert.match(read[0].reason, /^(Players|Seats|Rules|Position) tag/, read[0].message);
      } else {
        assert.equal(formatGame(read[0]), text);
      }
    }
  }
  assertAlive();
});

test('selfplay and bestMove', () => {
  const position = Position.standard(2);
  for (const value of values()) {
    if (typeof value === 'number' && value > 3) continue; // so many games would take long
    call('selfplay(value)', () => selfplay(value));
    call('selfplay({players})', () => selfplay({ players: value, maxPlies: 5 }));
    call('selfplay({seed})', () => selfplay({ seed: value, maxPlies: 5 }));
    call('selfplay({rules})', () => selfplay({ rules: value, maxPlies: 5 }));
    call('selfplay({maxPlies})', () => selfplay({ maxPlies: value, games: 1, seed: 1 }));
    call('bestMove(value)', () => bestMove(value, { nodes: 5 }));
    call('bestMove(position, value)', () => bestMove(position, value));
    call('bestMove({seed})', () => bestMove(position, { nodes: 5, seed: value }));
    call('bestMove({millis})', () => bestMove(position, { millis: typeof value === 'number' ? Math.min(value, 5) : value }));
  }
  call('selfplay({games}) too many', () => selfplay({ games: 2 ** 53 + 2, maxPlies: 1 }));
  for (const value of values()) {
    call('analyse(value)', () => analyse(value, { nodes: 1 }));
    call('analyse(record, value)', () => analyse('1. e1-e2 *\n', value));
    call('analyse({nodes})', () => analyse('1. e1-e2 *\n', { nodes: value }));
    call('analyse({millis})', () => analyse('1. e1-e2 *\n', { millis: typeof value === 'number' ? Math.min(value, 5) : value }));
    call('analyse({seed})', () => analyse('1. e1-e2 *\n', { nodes: 1, seed: value }));
    call('analyse({name})', () => analyse('1. e1-e2 *\n', { nodes: 1, name: value }));
  }
  for (const game of games()) call('analyse(game)', () => analyse(game, { nodes: 1 }));
  call('bestMove({nodes}) fractional', () => bestMove(position, { nodes: 1.5 }));
  assertAlive();
});

test('check hands its verdicts over in batches: many games and a long name', () => {
  // One JSON text of every verdict, each with the 64 KiB name, would be 1.3 GB:
  // past what the module can hold in one string (it trapped).
  const name = 'n'.repeat(65536);
  const verdicts = check('*\n\n'.repeat(20000), { name });
  assert.equal(verdicts.length, 20000);
  assert.equal(verdicts[19999].game, 20000);
  assert.equal(verdicts[19999].file, name);
  assert.deepEqual(Object.keys(verdicts[0]), [
    'file', 'game', 'line', 'status', 'plies', 'result', 'winner', 'final_position', 'error',
  ]);
  assert.ok(JSON.stringify(verdicts[1]).startsWith(`{"file":"${name}","game":2,"line":3,"status":"ok"`));
  assertAlive();
});

test('a lone surrogate is refused, not read as U+FFFD', () => {
  const lone = ['\ud800', '\udfff', 'a\udc00b'];
  for (const half of lone) {
    for (const [what, f] of [
      ['check', () => check(`[Event "${half}"]\n\n1. e1-e2 *\n`)],
      ['check name', () => check('*\n', { name: half })],
      ['readGames', () => readGames(`[Event "${half}"]\n\n*\n`)],
      ['readMove', () => readMove(`e1-e2${half}`)],
      ['play', () => Position.standard(2).play(`e1-e2${half}`)],
      ['fromPpn', () => Position.fromPpn(`${START_2P}${half}`)],
    ]) {
      assert.throws(f, (e) => e instanceof RangeError && /lone surrogate/.test(e.message), what);
    }
  }
  // A whole pair is text like any other.
  assert.equal(check('[Event "\ud83d\ude00"]\n\n1. e1-e2 *\n')[0].status, 'ok');
  assertAlive();
});

test('error messages show control characters escaped, the details keep them', () => {
  // A console or a terminal shows the message (and the stack that starts with it):
  // an ESC, a BEL or a direction override from the text given is shown as the
  // pacru program shows it (\u{1b}), never sent as it is.
  const start = Position.standard(2);
  const errors = [];
  for (const f of [
    () => start.play('e1\x1b[2J'),
    () => start.play('e1-e2\x07'),
    () => Position.fromPpn(`${START_2P}\u202e`),
    () => Position.fromPpn('9/9/9/9/9/9/9/9/9 Ke1N K K\x1bR'),
  ]) {
    try {
      f();
      assert.fail('no error');
    } catch (e) {
      assert.ok(e instanceof PacruError, String(e));
      errors.push(e);
    }
  }
  const [game] = readGames('[Players "KR"]\n\n1. e1-e2\x1b[31m *\n');
  assert.ok(game instanceof PacruError);
  errors.push(game);
  for (const e of errors) {
    assert.ok(!/[\x00-\x08\x0a-\x1f\x7f\u202e]/.test(e.message), JSON.stringify(e.message));
    assert.ok(!/[\x00-\x08\x0a-\x1f\x7f\u202e]/.test(e.stack.split('\n    at ')[0]), JSON.stringify(e.stack));
    assert.match(e.message, /\\u\{(1b|7|202e)\}/);
  }
  assert.equal(errors[0].text, 'e1\x1b[2J');
  assert.equal(errors[4].reason, "'e1-e2\x1b' is not a move: unexpected '\x1b' after the move");
  assertAlive();
});
