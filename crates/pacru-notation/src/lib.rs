//! Pacru notation: moves, positions (PPN) and game records (PGR).
//!
//! Parsers here check syntax and never panic; legality is decided by
//! [`pacru_core`]. Writers produce the canonical text of `docs/notation.md`, which
//! reads back to the same value. [`pgr`] reads and writes game records;
//! [`referee`] replays them under the rules (the engine of `pacru check`).

pub mod abstractplay;
mod escape;
mod fast_move;
pub mod pgr;
pub mod referee;
pub mod selfplay;

pub use escape::{Escaped, escape_bytes, escape_controls, needs_escape};
/// Move and position text live in pacru-core (`Move: FromStr + Display`, [`pacru_core::Ppn`]);
/// re-exported here for callers that read records.
pub use pacru_core::{
    MoveSyntaxError, Ppn, PpnError, format_move, format_ppn, parse_move, parse_ppn,
    parse_ppn_with_rules,
};
