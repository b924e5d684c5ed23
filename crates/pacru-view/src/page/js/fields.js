// @ts-check
// Fields of the board by name ("a1" to "i9") and by index (rank * 9 + file), and
// their neighbours: geometry only; every rule question goes to the rules.

const FILES = 'abcdefghi';

/** The directions, clockwise from north: a chevron's facing turned by 45° steps. */
export const DIRS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

/** @param {string} name @returns {number} */
export function fieldIndex(name) { return (name.charCodeAt(1) - 49) * 9 + (name.charCodeAt(0) - 97); }

/** @param {number} i @returns {string} */
export function fieldName(i) { return FILES.charAt(i % 9) + String.fromCharCode(49 + Math.floor(i / 9)); }

/** @type {Record<string, [number, number]>} */
const STEP = { N: [0, 1], NE: [1, 1], E: [1, 0], SE: [1, -1], S: [0, -1], SW: [-1, -1], W: [-1, 0], NW: [-1, 1] };

/**
 * The field next to `field` in direction `facing`, or null at the edge.
 * @param {string} field
 * @param {string} facing
 * @returns {string | null}
 */
export function neighbour(field, facing) {
  const d = STEP[facing];
  const i = fieldIndex(field), file = i % 9 + d[0], rank = Math.floor(i / 9) + d[1];
  return file >= 0 && file < 9 && rank >= 0 && rank < 9 ? fieldName(rank * 9 + file) : null;
}
