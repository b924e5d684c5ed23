// What the package exports, once the WebAssembly module is ready (index.js and
// node.js make it ready, each the way its platform allows).
import { Position, bestMove as searchPosition } from './wasm/pacru.js';

export { Position, analyse, check, formatGame, readGames, readMove, selfplay, version } from './wasm/pacru.js';
export { PacruError, IllegalMove, InvalidMove, InvalidPosition, MalformedGame } from './errors.js';

// wasm-bindgen's glue checks a class argument itself and throws a plain `Error`;
// the package promises a `TypeError` for an argument of the wrong type.
function assertPosition(value, what) {
  if (!(value instanceof Position)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    throw new TypeError(`${what} must be a Position, not ${kind}`);
  }
}

const equals = Position.prototype.equals;
Object.defineProperty(Position.prototype, 'equals', {
  value: function equalsPosition(other) {
    assertPosition(other, 'the position compared');
    return equals.call(this, other);
  },
  writable: true,
  configurable: true,
});

/** See `bestMove` in wasm/pacru.d.ts. */
export function bestMove(position, options) {
  assertPosition(position, 'the position searched');
  return searchPosition(position, options);
}
