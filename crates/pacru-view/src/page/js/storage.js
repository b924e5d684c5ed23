// @ts-check
// The live game kept in the browser's storage, under the page's content and
// place: a reload finds it, another page does not.
import { index } from './data.js';

const STORE_KEY = 'pacru-board:' + index.page + ':' + location.pathname;

/** @typedef {import('./data.js').LiveData} LiveData */
/** @typedef {import('./state.js').LiveGame} LiveGame */

/** Keeps `live` (and the engine's strength). @param {LiveGame} live @param {string} strength */
export function saveLive(live, strength) {
  /** @type {LiveData} */
  const saved = {
    tags: live.tags, moves: live.main.moves, controllers: live.controllers, ending: live.ending,
    variations: live.variations.map((v) => ({ from: v.from, moves: v.moves })),
    strength,
  };
  try { localStorage.setItem(STORE_KEY, JSON.stringify(saved)); } catch (e) { /* storage full or off: the game stays on the page */ }
}

/** @param {unknown} list @returns {list is string[]} */
function strings(list) { return Array.isArray(list) && list.every((x) => typeof x === 'string'); }

/**
 * The stored game, if it has the shape saveLive gives it (storage is outside the
 * page's control: anything else is ignored).
 * @returns {LiveData | null}
 */
export function loadSaved() {
  /** @type {any} */
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(STORE_KEY) || 'null'); } catch (e) { return null; }
  if (!saved || typeof saved !== 'object' || !strings(saved.moves) || !Array.isArray(saved.tags) ||
      !saved.tags.every((/** @type {unknown} */ t) => strings(t) && t.length === 2)) return null;
  const variations = Array.isArray(saved.variations) ? saved.variations.filter((/** @type {any} */ v) =>
    v && Number.isInteger(v.from) && v.from >= 0 && strings(v.moves)) : [];
  return {
    tags: saved.tags,
    moves: saved.moves,
    variations,
    controllers: saved.controllers && typeof saved.controllers === 'object' ? saved.controllers : {},
    ending: typeof saved.ending === 'string' ? saved.ending : '',
    strength: typeof saved.strength === 'string' ? saved.strength : '',
  };
}
