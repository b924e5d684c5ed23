//! Matches and tournaments between Pacru engines.
//!
//! Engines are programs speaking PEP (`docs/protocol.md`), started through
//! [`pacru_protocol::EngineProcess`] (or built-in engines run on a thread). This
//! crate seats them at tables of 2 to 4 players, rotates the order of play,
//! enforces the clocks, turns every failure into a recorded result, and keeps a
//! crash-safe journal from which an interrupted event continues:
//!
//! - [`engine`]: engine descriptions ([`EngineConfig`]);
//! - [`config`]: an event's definition ([`EventConfig`]), plain data;
//! - [`opening`]: openings from PPN or PGR files;
//! - [`time_control`]: clocks and limits per move ([`TimeControl`]);
//! - [`game`]: one game, from the engines' start to its record ([`play_game`]);
//! - [`schedule`]: round-robin, gauntlet, Swiss and match schedules;
//! - [`journal`]: the append-only journal and atomic file writes;
//! - [`event`]: running an event ([`run_event`], [`run_event_with`] with
//!   [`Progress`] reports, [`EventOptions`]);
//! - [`stop`]: stopping a running event from another thread ([`StopHandle`]);
//! - [`standings`]: points, statistics and Elo.
//!
//! The command line (`pacru match`, `pacru tournament`), progress bars and signal
//! handling belong to the `pacru` binary; how events are run and scored is
//! described for people in `docs/tournaments.md`.
//!
//! ```no_run
//! use pacru_arena::{EngineConfig, EventConfig, EventOptions, System, run_event};
//! let engines = vec![
//!     "builtin:random:1".parse::<EngineConfig>()?,
//!     "./my-engine --hash 64".parse::<EngineConfig>()?,
//! ];
//! let config = EventConfig::new("test match", System::Match { games: 10 }, engines);
//! let report = run_event(Some(config), &EventOptions::new("match-out"))?;
//! print!("{}", report.standings.table());
//! # Ok::<(), pacru_arena::ArenaError>(())
//! ```

pub mod config;
pub mod engine;
pub mod error;
pub mod event;
pub mod game;
pub mod journal;
pub mod opening;
pub mod progress;
pub mod schedule;
pub mod standings;
mod startup;
pub mod stop;
pub mod time_control;

pub use config::EventConfig;
pub use engine::{Builtin, BuiltinKind, EngineConfig, StartSettings};
pub use error::ArenaError;
pub use event::{EventOptions, EventReport, read_journal, run_event, run_event_with};
pub use game::{
    Adjudication, Forfeit, GameOutcome, GameSettings, GameSpec, TimeControl, play_game,
    play_game_with,
};
pub use opening::{Opening, load_openings};
pub use progress::Progress;
pub use schedule::{Pairing, System};
pub use standings::Standings;
pub use stop::StopHandle;
