//! Games: their state and rules of change, their JSON and their records.

mod json;
mod record;
mod state;
mod time_control;

pub use state::{Change, GameState, GameStatus, PlayedMove, SeatState, Termination, UserRef};
pub use time_control::{LAG_ALLOWANCE_MS, TimeControl};
