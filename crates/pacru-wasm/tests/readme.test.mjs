// The package README's examples run as they stand: every ```js block of the README
// that the package installs, each as an ES module of its own in a folder beside the
// installed package (so that `import ... from "pacru"` finds it, as in a user's
// project). The Web Worker's blocks (`// worker.js`, `// page.js`) need a browser:
// browser.test.mjs runs the worker.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { jsBlocks } from './support.mjs';

const readmePath = path.join(path.dirname(createRequire(import.meta.url).resolve('pacru')), 'README.md');

const blocks = jsBlocks(fs.readFileSync(readmePath, 'utf8'));
const browserOnly = (code) => /^\/\/ (worker|page)\.js\n/.test(code);

test('the README has examples', () => {
  assert.ok(blocks.filter((b) => !browserOnly(b.code)).length >= 6, `${blocks.length} blocks`);
  assert.ok(blocks.some((b) => b.code.startsWith('// worker.js\n')));
});

const folder = fs.mkdtempSync(path.join(process.cwd(), 'readme-'));
for (const { line, code } of blocks) {
  if (browserOnly(code)) continue;
  test(`README example at line ${line}`, () => {
    const file = path.join(folder, `line-${line}.mjs`);
    fs.writeFileSync(file, code);
    const r = spawnSync(process.execPath, [file], { cwd: folder, encoding: 'utf8' });
    assert.equal(r.error, undefined);
    assert.equal(r.stderr, '', `the example at line ${line} wrote to standard error`);
    assert.equal(r.status, 0, `the example at line ${line} failed`);
    if (line === blocks[0].line) {
      assert.match(r.stdout, /^Black 28\nR5 the chevron on e9 has power 1 \(.*\), so it cannot travel 4 fields\nok\n/);
    }
  });
}
