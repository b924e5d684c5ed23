// @ts-check
// The page's elements: looked up by id, made with their text set as text (never
// parsed as HTML).

/**
 * The element with `id`; the page's layout (body.html) has every id the code
 * asks for, so a missing one is a bug.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function $(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error('the page has no element #' + id);
  return found;
}

/** @param {string} id @returns {HTMLInputElement} */
export function inputById(id) { return /** @type {HTMLInputElement} */ ($(id)); }
/** @param {string} id @returns {HTMLSelectElement} */
export function selectById(id) { return /** @type {HTMLSelectElement} */ ($(id)); }
/** @param {string} id @returns {HTMLButtonElement} */
export function buttonById(id) { return /** @type {HTMLButtonElement} */ ($(id)); }
/** @param {string} id @returns {HTMLTableElement} */
export function tableById(id) { return /** @type {HTMLTableElement} */ ($(id)); }

/**
 * A new HTML element, with a class and a text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [cls]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * The longest run of characters without white space that stays one piece in
 * `breakable`.
 */
const RUN = 20;

/**
 * A new HTML element with a class and a text from outside (a comment, a tag
 * value), set as text: a run of more than RUN characters without white space is
 * cut into pieces of RUN characters with a line-break opportunity (`<wbr>`)
 * between them. The text (`textContent`) is unchanged, and the browser wraps a
 * long word at once: wrapping it with `overflow-wrap: anywhere` instead takes
 * Chromium seconds for 100,000 characters, and minutes for a comment of 1 MiB,
 * during which the page shows nothing.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} cls
 * @param {string} text
 * @returns {HTMLElementTagNameMap[K]}
 */
export function breakable(tag, cls, text) {
  const e = el(tag, cls);
  let from = 0, run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) { run = 0; continue; }
    // A low surrogate stays with the high one before it.
    if (++run > RUN && !(c >= 0xdc00 && c <= 0xdfff)) {
      e.appendChild(document.createTextNode(text.slice(from, i)));
      e.appendChild(document.createElement('wbr'));
      from = i;
      run = 1;
    }
  }
  e.appendChild(document.createTextNode(text.slice(from)));
  return e;
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * A new SVG element with attributes.
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @returns {SVGElement}
 */
export function svgEl(tag, attrs) {
  const e = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const k in attrs) e.setAttribute(k, String(attrs[k]));
  return e;
}

/** Removes every child of `node`. @param {Node} node */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/**
 * The closest element around an event's target matching `selector`.
 * @param {Event} ev
 * @param {string} selector
 * @returns {HTMLElement | null}
 */
export function closest(ev, selector) {
  const target = ev.target;
  return target instanceof Element ? /** @type {HTMLElement | null} */ (target.closest(selector)) : null;
}
