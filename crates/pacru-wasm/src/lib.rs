//! The npm package `pacru`: the rules, the records, the referee and the search
//! engine of Pacru compiled to WebAssembly with wasm-bindgen, for browsers and
//! Node.js. `cargo xtask npm` builds the package; its README (this crate's) is the
//! user's guide, and `npm/` holds the JavaScript side (entry points, error classes,
//! declarations).
//!
//! Every function exported to JavaScript takes its arguments as `JsValue`s and checks
//! them itself, so that a caller without TypeScript gets a `TypeError` or a
//! `RangeError` naming the argument, never garbage. Nothing here may panic: on
//! `wasm32-unknown-unknown` a panic aborts the whole module, so every input,
//! however hostile, must end in a value or a typed error (the package's tests feed
//! every entry point huge, binary and control-character strings).
//!
//! Modules:
//!
//! - [`position`]: the `Position` class;
//! - [`explain`]: what a move does, as a plain object;
//! - [`notation`]: a move's parts and the completions of a text, for user
//!   interfaces;
//! - [`perft`]: the deepest perft the package counts;
//! - [`search`]: `bestMove`, the Monte Carlo tree search;
//! - [`analysis`]: `analyse`, the search's judgement of recorded games;
//! - [`records`]: `readGames` and `formatGame`;
//! - [`check`]: `check`, the referee's verdicts;
//! - [`selfplay`]: random games as records;
//! - [`errors`]: the typed errors, made by the package's `errors.js`;
//! - [`args`]: reading and checking arguments and option objects;
//! - [`json`]: Rust values to plain JavaScript objects;
//! - [`types`]: the TypeScript declarations of the plain objects.

pub mod analysis;
pub mod args;
pub mod check;
pub mod errors;
pub mod explain;
pub mod json;
pub mod notation;
pub mod perft;
pub mod position;
pub mod records;
pub mod search;
pub mod selfplay;
pub mod types;

use wasm_bindgen::prelude::*;

/// The version of the package: the version of the pacru crates it is built from.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
