#![doc = include_str!("../README.md")]

pub mod abstractplay;
mod fast_move;
mod game_replay;
pub mod parts;
pub mod pgr;
pub mod referee;
pub mod selfplay;
#[cfg(feature = "test-support")]
#[doc(hidden)]
pub mod test_support;

/// Move and position text live in pacru-core (`Move: FromStr + Display`, [`pacru_core::Ppn`]);
/// re-exported here for callers that read records.
pub use pacru_core::{
    MoveSyntaxError, Ppn, PpnError, format_move, format_ppn, parse_move, parse_ppn,
    parse_ppn_with_rules,
};
