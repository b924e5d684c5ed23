// The rules' classic script (the element rules-script, built by `cargo xtask
// board-rules`) defines the global `pacruRules`: the npm package's API and
// `initSync`, typed by the package's own declarations.
import type * as Pacru from '../rules/types/index.js';
import type { initSync } from '../rules/types/wasm/pacru.js';

declare global {
  /** The rules: the npm package's API, ready once `initSync` has taken the module. */
  const pacruRules: typeof Pacru & { initSync: typeof initSync };
}

export {};
