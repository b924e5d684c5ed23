// The declarations of everything the package exports: the classes and functions
// of the WebAssembly module (documented in wasm/pacru.d.ts) and the errors.
export { Position, bestMove, version } from './wasm/pacru.js';
export type {
  BestMove,
  BestMoveOptions,
  Chevron,
  Colour,
  Direction,
  Effects,
  PerftOptions,
  Rules,
  StandardOptions,
  Status,
} from './wasm/pacru.js';
export { PacruError, IllegalMove, InvalidMove, InvalidPosition, MalformedGame } from './errors.js';
