//! Pacru notation: moves, positions (PPN) and game records (PGR).
//!
//! Parsers here check syntax and never panic; legality is decided by
//! [`pacru_core`]. Writers produce the canonical text of `notation.md`, which
//! reads back to the same value.

mod move_text;
mod ppn;

pub use move_text::{MoveSyntaxError, format_move, parse_move};
pub use ppn::{PpnError, format_ppn, parse_ppn, parse_ppn_with_rules};
