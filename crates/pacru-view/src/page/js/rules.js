// @ts-check
// The rules: the npm package's WebAssembly module, carried by the page gzipped in
// base64 (the element rules-module), compiled once and handed to the rules'
// script (the global pacruRules). Every rule and notation question of the page
// goes to them.

/** @typedef {typeof pacruRules} Rules */
/** @typedef {import('../rules/types/index.js').Position} Position */

/**
 * Compiles the module and makes the rules ready.
 * @returns {Promise<{ rules: Rules, module: WebAssembly.Module }>}
 */
export function loadRules() {
  const element = document.getElementById('rules-module');
  if (!element || typeof WebAssembly !== 'object' || typeof DecompressionStream !== 'function') {
    return Promise.reject(new Error('this browser cannot run the rules (WebAssembly, DecompressionStream)'));
  }
  const binary = atob((element.textContent || '').trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(inflated).arrayBuffer()
    .then((buffer) => WebAssembly.compile(buffer))
    .then((module) => {
      pacruRules.initSync({ module });
      return { rules: pacruRules, module };
    });
}
