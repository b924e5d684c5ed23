//! Matches and tournaments between Pacru engines.
//!
//! Engines are programs speaking PEP (`docs/protocol.md`), started through
//! [`pacru_protocol::EngineProcess`] (or built-in engines run on a thread). This
//! crate seats them at tables of 2 to 4 players, rotates the order of play,
//! enforces the clocks, turns every failure into a recorded result, and keeps a
//! crash-safe journal from which an interrupted event continues:
//!
//! - [`engine`]: engine descriptions ([`EngineConfig`]);
//! - [`opening`]: openings from PPN or PGR files;
//! - [`game`]: one game, from the engines' start to its record ([`play_game`]);
//! - [`schedule`]: round-robin, gauntlet, Swiss and match schedules;
//! - [`journal`]: the append-only journal and atomic file writes;
//! - [`event`]: running an event ([`run_event`]);
//! - [`standings`]: points, statistics and Elo;
//! - [`cli`]: the clap arguments of `pacru match` and `pacru tournament`
//!   ([`MatchArgs`], [`TournamentArgs`], [`run_match`], [`run_tournament`]).
//!
//! How events are run and scored is described for people in `docs/tournaments.md`.

pub mod cli;
pub mod engine;
pub mod error;
pub mod event;
pub mod game;
pub mod journal;
pub mod opening;
pub mod schedule;
pub mod standings;

pub use cli::{
    ArenaExit, EventArgs, MatchArgs, OutputFormat, TournamentArgs, run_match, run_tournament,
};
pub use engine::{Builtin, BuiltinKind, EngineConfig};
pub use error::ArenaError;
pub use event::{EventConfig, EventReport, RunOptions, run_event};
pub use game::{Adjudication, GameOutcome, GameSettings, GameSpec, TimeControl, play_game};
pub use opening::{Opening, load_openings};
pub use schedule::System;
pub use standings::Standings;
