// pacru for browsers, Web Workers, Deno and bundlers: the WebAssembly module is
// fetched beside this file and compiled before the module's importers run (a
// top-level await), so that everything is ready once `import` returns.
import init from './wasm/pacru.js';

await init({ module_or_path: new URL('./wasm/pacru_bg.wasm', import.meta.url) });

export * from './api.js';
