#![doc = include_str!("../README.md")]

mod checker;
mod game;
#[cfg(feature = "parallel")]
pub mod parts;
mod record;
mod replay;
#[cfg(feature = "serde")]
mod serialize;
mod verdict;

pub use checker::Checker;
pub use game::{check_game, replay_game};
pub use record::{CheckedGame, CheckedGames, check_record};
pub use replay::{Observer, PlyStep, pass_refused};
#[cfg(feature = "serde")]
pub use serialize::FileVerdict;
pub use verdict::{GameError, Verdict, VerdictStatus, malformed};
