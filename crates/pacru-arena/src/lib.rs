#![doc = include_str!("../README.md")]

pub mod config;
pub mod engine;
pub mod error;
pub mod event;
pub mod game;
pub mod journal;
mod journal_games;
pub mod lock;
pub mod merge;
pub mod opening;
pub mod progress;
pub mod schedule;
pub mod shard;
pub mod sprt;
pub mod standings;
mod startup;
pub mod stop;
pub mod time_control;

pub use config::EventConfig;
pub use engine::{Builtin, BuiltinKind, EngineConfig, StartSettings};
pub use error::ArenaError;
pub use event::{
    EventOptions, EventReport, Given, read_journal, run_event, run_event_with, shard_dir,
};
pub use game::{
    Adjudication, Forfeit, GameOutcome, GameSettings, GameSpec, TimeControl, play_game,
    play_game_with,
};
pub use merge::{MergeError, Merged, merge_shards};
pub use opening::{Opening, load_openings};
pub use progress::Progress;
pub use schedule::{Pairing, System};
pub use shard::Shard;
pub use standings::Standings;
pub use stop::StopHandle;
