// What the package exports, once the WebAssembly module is ready (index.js and
// node.js make it ready, each the way its platform allows).
import { Position as PositionClass, bestMove as searchPosition } from './wasm/pacru.js';

export { analyse, check, formatGame, readGames, readMove, selfplay, version } from './wasm/pacru.js';
export { PacruError, IllegalMove, InvalidMove, InvalidPosition, MalformedGame } from './errors.js';

// `new Position(...)`, which JavaScript allows although the declarations keep the
// constructor private, made an object without a position, whose every method then
// failed with "null pointer passed to rust": it is a TypeError saying how to make
// one. Everything else (the static methods, `instanceof`, the prototype) is the
// class's own.
export const Position = new Proxy(PositionClass, {
  construct() {
    throw new TypeError(
      'a Position is not made with new: use Position.standard(players), Position.fromPpn(text) or Position.startOf(game)',
    );
  },
});

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
