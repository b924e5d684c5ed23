// The package's speed against native pacru, in one run, alternating the two so
// that both see the same machine: perft with every move applied (the package's
// `perft(4, { bulk: false })` from the 2-player start against pacru-core's
// `workload perft`, the same 362,509 moves) and record checking in MiB/s (`check`
// on a self-play corpus of about 10 MB against `pacru check --format json`). Times
// are processor time (user and system), which other work on the machine does not
// inflate as much as the clock; the figures are medians of ROUNDS rounds.
//
// Not a test (speed is never asserted): run it beside the installed package, as
// the package README says.
//
//   node speed.mjs PACRU WORKLOAD [ROUNDS]
//
// PACRU: a release build of the `pacru` program; WORKLOAD: pacru-core's `workload`
// example, release build.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Position, check } from 'pacru';

const [pacru, workload, roundsText = '5'] = process.argv.slice(2);
if (!pacru || !workload) {
  console.error('usage: node speed.mjs PACRU WORKLOAD [ROUNDS]');
  process.exit(2);
}
const rounds = Number(roundsText);

/** Processor seconds of a child process run to its end (GNU time's %U and %S),
 * and its wall-clock seconds in `wall`. */
function childSeconds(program, args, env = {}, wall = []) {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %e', program, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (r.status !== 0) throw new Error(`${program} ${args.join(' ')}: ${r.stderr}`);
  const [user, system, elapsed] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  wall.push(elapsed);
  return user + system;
}

/** Processor seconds of `f()` in this process. */
function ownSeconds(f) {
  const before = process.cpuUsage();
  f();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1e6;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pacru-speed-'));
const corpus = path.join(folder, 'corpus.pgr');
const parts = [2, 3, 4].map((players) =>
  spawnSync(pacru, ['selfplay', '--players', String(players), '--games', '3300', '--seed', String(players), '--max-plies', '300'], { maxBuffer: 1 << 28 }).stdout,
);
fs.writeFileSync(corpus, Buffer.concat(parts));
const bytes = fs.readFileSync(corpus);
const mib = bytes.length / (1 << 20);

// Perft 4 takes a few hundredths of a second: each round runs it REPEAT times.
const REPEAT = 20;
const MOVES = 362_509;
const start = Position.standard(2);
if (start.perft(4, { bulk: false }) !== 345_579) throw new Error('perft 4 is not 345579');

const perft = { native: [], wasm: [] };
const checking = { native1: [], native: [], wasm: [], nativeWall: [], wasmWall: [] };
for (let round = 0; round < rounds; round++) {
  // The workload's processor time includes its starts, about a millisecond each.
  const loop = `for i in $(seq ${REPEAT}); do "$0" perft; done`;
  perft.native.push((REPEAT * MOVES) / childSeconds('sh', ['-c', loop, workload]));
  perft.wasm.push(
    (REPEAT * MOVES) /
      ownSeconds(() => {
        for (let i = 0; i < REPEAT; i++) start.perft(4, { bulk: false });
      }),
  );
  checking.native1.push(mib / childSeconds(pacru, ['check', '--format', 'json', corpus], { RAYON_NUM_THREADS: '1' }));
  const wall = [];
  checking.native.push(mib / childSeconds(pacru, ['check', '--format', 'json', corpus], {}, wall));
  checking.nativeWall.push(mib / wall[0]);
  const t0 = performance.now();
  checking.wasm.push(mib / ownSeconds(() => check(bytes, { name: corpus })));
  checking.wasmWall.push(mib / ((performance.now() - t0) / 1000));
}
fs.rmSync(folder, { recursive: true, force: true });

const m = (values) => median(values);
console.log(`perft 4 from the 2-player start, every move applied (${MOVES} moves, ${REPEAT} times), moves per processor second:`);
console.log(`  native ${(m(perft.native) / 1e6).toFixed(1)} M, package ${(m(perft.wasm) / 1e6).toFixed(1)} M: ratio ${(m(perft.wasm) / m(perft.native)).toFixed(2)}`);
console.log(`check --format json on ${mib.toFixed(1)} MiB (${verdictCount()} games), MiB per processor second:`);
console.log(`  native, one thread ${m(checking.native1).toFixed(1)}, native ${m(checking.native).toFixed(1)}, package ${m(checking.wasm).toFixed(1)}: ratio ${(m(checking.wasm) / m(checking.native1)).toFixed(2)} (one thread), ${(m(checking.wasm) / m(checking.native)).toFixed(2)}`);
console.log(`  by the clock: native (${os.availableParallelism()} cores) ${m(checking.nativeWall).toFixed(1)}, package ${m(checking.wasmWall).toFixed(1)}: ratio ${(m(checking.wasmWall) / m(checking.nativeWall)).toFixed(2)}`);
console.log(`(medians of ${rounds} rounds, alternated)`);

function verdictCount() {
  return check(bytes).length;
}
