// pacru for Node.js: the WebAssembly module is read from the package and
// compiled synchronously, so that the package works with `import` and, from
// Node.js 20.19 on, with `require`.
import { readFileSync } from 'node:fs';
import { initSync } from './wasm/pacru.js';

initSync({ module: readFileSync(new URL('./wasm/pacru_bg.wasm', import.meta.url)) });

export * from './api.js';
