#![doc = include_str!("../README.md")]

mod analyse;
mod annotate;
mod line;
mod options;
#[cfg(feature = "parallel")]
mod parallel;

pub use analyse::{
    BLUNDER_LOSS, GameAnalysis, MISTAKE_LOSS, MOST_SEARCHES, NEAR_THRESHOLD, PV_PLIES, PlyAnalysis,
    analyse_game, analyse_game_until, analyse_game_while, mark_for,
};
pub use annotate::annotate;
pub use line::AnalysisLine;
pub use options::{AnalysisOptions, Budget, DEFAULT_NODES};
/// The marks of mistakes and blunders, as the record syntax writes them.
pub use pacru_notation::pgr::Mark;
#[cfg(feature = "parallel")]
pub use parallel::{Progress, analyse_games};
