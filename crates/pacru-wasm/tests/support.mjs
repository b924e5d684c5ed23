// What the package's tests share: the `pacru` program to compare with, the
// repository's record files, and a check that the module still works.
//
// The tests run against the package as a user installs it: `cargo xtask ci npm`
// installs the tarball into an empty folder, copies these files beside it and runs
// `node --test` there, with PACRU_BIN (the `pacru` program of the same build) and
// PACRU_ROOT (the repository) set.

import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Position } from 'pacru';

/** The repository's root. */
export const root = process.env.PACRU_ROOT;
/** The `pacru` program. */
export const pacru = process.env.PACRU_BIN;
if (!root || !pacru) {
  throw new Error('set PACRU_ROOT (the repository) and PACRU_BIN (a built pacru), as `cargo xtask ci npm` does');
}

/** Runs `pacru ARGS` in the repository's root with `input` on standard input; its
 * standard output (bytes). Exit status 1 (a game not ok, a record not canonical) is
 * an answer, not a failure. */
export function run(args, input) {
  const r = spawnSync(pacru, args, { cwd: root, input, maxBuffer: 1 << 30 });
  if (r.error) throw r.error;
  if (r.status === 2) throw new Error(`pacru ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

/** Runs `pacru ARGS` in the repository's root without waiting; resolves to its
 * standard output as text (exit status 0 or 1, as `run`). */
export function runAsync(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(pacru, args, { cwd: root });
    const out = [];
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      if (status !== 0 && status !== 1) reject(new Error(`pacru ${args.join(' ')} exited with ${status}: ${Buffer.concat(err)}`));
      else resolve(Buffer.concat(out).toString('utf8'));
    });
  });
}

/** Maps `items` through the promise-returning `f`, `width` at a time, in order. */
export async function mapConcurrently(items, width, f) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await f(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

/** Every `.pgr` file of the repository (outside build and package folders), sorted,
 * relative to the root. */
export function recordFiles() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!['target', 'node_modules', '.git'].includes(entry.name)) walk(rel);
      } else if (entry.name.endsWith('.pgr')) {
        found.push(rel);
      }
    }
  };
  walk('');
  return found.sort();
}

/** Asserts that the module still answers: a panic inside it would have left it
 * unusable. */
export function assertAlive() {
  assert.equal(Position.standard(2).legalMoves().length, 28);
}

/** The ```js blocks of the README, with the line each starts on. */
export function jsBlocks(text) {
  const blocks = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```js') continue;
    const start = i + 1;
    while (i + 1 < lines.length && lines[i + 1] !== '```') i++;
    blocks.push({ line: start + 1, code: lines.slice(start, i + 1).join('\n') + '\n' });
    i++;
  }
  return blocks;
}
