#![doc = include_str!("../README.md")]

mod ap_move;
mod entries;
mod error;
mod header;
mod import;
mod json;

pub use error::ImportError;
pub use import::import;

use pacru_core::RulesEdition;

/// The tag that keeps AbstractPlay's game id (`header.site.gameid`).
pub const GAME_ID_TAG: &str = "SiteGameId";

/// The rules edition of AbstractPlay's Pacru: its meeting gives the benefit only
/// while another player's colour covers at least 9 fields (the 2011 amendment).
pub const RULES: RulesEdition = RulesEdition::Pacru2011;
