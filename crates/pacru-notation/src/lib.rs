//! Pacru notation: moves, positions (PPN) and game records (PGR).
//!
//! Parsers here check syntax and never panic; legality is decided by
//! [`pacru_core`]. Writers produce the canonical text of `docs/notation.md`, which
//! reads back to the same value. [`pgr`] reads and writes game records;
//! [`referee`] replays them under the rules (the engine of `pacru check`).

pub mod abstractplay;
mod escape;
mod fast_move;
mod move_text;
pub mod pgr;
mod ppn;
pub mod referee;
pub mod selfplay;

pub use escape::{Escaped, escape_bytes, escape_controls, needs_escape};
pub use move_text::{MoveSyntaxError, format_move, parse_move};
pub use ppn::{PpnError, format_ppn, parse_ppn, parse_ppn_with_rules};
