// The declarations of everything the package exports: the classes and functions
// of the WebAssembly module (documented in wasm/pacru.d.ts) and the errors.
// Position has a [Symbol.dispose] method (for `using`): TypeScript 5.2 or later
// knows it from this library.
/// <reference lib="esnext.disposable" />
export {
  Position,
  analyse,
  bestMove,
  check,
  formatGame,
  readGames,
  readMove,
  selfplay,
  version,
} from './wasm/pacru.js';
export type {
  AnalyseOptions,
  Analysis,
  BestMove,
  BestMoveOptions,
  CheckOptions,
  Chevron,
  Colour,
  Direction,
  Effects,
  Game,
  GameInput,
  MoveParts,
  PerftOptions,
  PlyAnalysis,
  Rules,
  SelfplayOptions,
  StandardOptions,
  Status,
  Verdict,
  VerdictError,
} from './wasm/pacru.js';
export { PacruError, IllegalMove, InvalidMove, InvalidPosition, MalformedGame } from './errors.js';
