// What the browser tests share: where the `pacru` binary and Chromium are, and
// whether the tests can run at all. A test file that cannot run says so loudly,
// or throws when PACRU_BROWSER_REQUIRED is set (as `cargo xtask ci` sets it), so
// that CI never passes without the browser tests.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const pacru = process.env.PACRU_BIN || path.join(root, 'target', 'debug', 'pacru');
export const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

/** Chromium's Playwright launcher, and why the tests of `what` must skip (or false). */
export async function browserOrSkip(what) {
  let chromium = null;
  let skip = false;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (e) {
    skip = 'playwright-core is not installed: run `npm ci` in tests/browser';
  }
  if (!skip && !fs.existsSync(chromiumPath)) {
    skip = `no Chromium at ${chromiumPath}: install Debian's chromium (apt-get install chromium)`;
  }
  if (skip && process.env.PACRU_BROWSER_REQUIRED) {
    throw new Error(`the browser tests cannot run: ${skip}`);
  }
  if (skip) {
    const line = '!'.repeat(78);
    console.error(`\n${line}\n!!! BROWSER TESTS SKIPPED: ${skip}\n!!! ${what} was NOT tested in a browser.\n${line}\n`);
  }
  if (!skip && !fs.existsSync(pacru)) {
    throw new Error(`no pacru binary at ${pacru}: build it first (cargo build -p pacru-cli) or set PACRU_BIN`);
  }
  return { chromium, skip };
}

/** Headless Chromium, as every browser test starts it. */
export function launch(chromium) {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-default-apps'],
  });
}

/**
 * Makes `context` refuse every request that is not a page file (nor, with
 * `workers`, a blob: URL a page makes for its worker), and record the page's
 * policy violations in `window.__violations`.
 */
export async function guard(context, { workers = false } = {}) {
  const allowed = (href) => href.startsWith('file:') || (workers && href.startsWith('blob:'));
  await context.route((url) => !allowed(url.href), (route) => route.abort());
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
  });
}
