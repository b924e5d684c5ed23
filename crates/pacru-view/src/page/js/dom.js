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
