// What the package exports, once the WebAssembly module is ready (index.js and
// node.js make it ready, each the way its platform allows).
export {
  Position,
  bestMove,
  check,
  formatGame,
  readGames,
  selfplay,
  version,
} from './wasm/pacru.js';
export { PacruError, IllegalMove, InvalidMove, InvalidPosition, MalformedGame } from './errors.js';
