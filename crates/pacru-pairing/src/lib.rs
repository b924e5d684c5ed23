#![doc = include_str!("../README.md")]

mod berger;
mod groups;
mod history;
mod matching;
mod round;
mod score;
mod seats;
mod tiebreak;
mod two;

pub use berger::{berger_round, berger_rounds};
pub use history::{Entrant, History, Seating};
pub use round::{Grouping, PairingError, Round, Settings, Uneven, pair_round, table_sizes};
pub use score::{Outcome, Score, ScoreError, average_bye};
pub use tiebreak::{ScoredGame, Standing, Tiebreak, standings};
