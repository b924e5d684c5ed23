//! The arbiter's desk for Pacru events between people: one SQLite file per
//! event holds its settings, players, rounds, tables, the records submitted
//! (verbatim, beside the referee's verdicts) and a log of every change.
//!
//! Each change is one transaction ([`EventFile`]): a command stopped at any
//! moment leaves the event as it was before or after it. Pairing and scoring are
//! those of `pacru tournament` (crate `pacru-pairing`).
//!
//! ```
//! use pacru_event::{Award, EventFile, NewEvent};
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("club.pacru");
//! let mut file = EventFile::create(&path, &NewEvent::swiss("Club night", 2, 3))?;
//! file.add_players(&["Ada".into(), "Bob".into(), "Cy".into()], None, None)?;
//! let round = file.pair()?;
//! assert_eq!((round.tables.len(), round.byes.len()), (1, 1));
//! file.result(1, 1, &Award::Winner("Ada".into()))?;
//! let event = file.read()?;
//! let lines = pacru_event::standings(&event);
//! assert_eq!(event.name(lines[0].player), "Ada");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod check;
mod consistency;
mod error;
pub mod export;
mod model;
mod pairing;
mod players;
mod record;
mod results;
mod standings;
mod store;
mod text;

pub use check::{CheckReport, Problem, ResultProblem, VerdictProblem, check_file};
pub use consistency::InconsistencyProblem;
pub use error::EventError;
pub use model::{
    Bye, Event, LogAction, LogEntry, NewEvent, Player, Round, Settings, Submission, System, Table,
    TableResult, TableStatus, Timestamp,
};
pub use pacru_pairing::{Score, Tiebreak, Uneven};
pub use pacru_referee::VerdictStatus;
pub use pairing::history;
pub use record::{MAX_RECORD_BYTES, Received};
pub use results::{Award, Submitted};
pub use standings::{Crosstable, CrosstableCell, StandingLine, crosstable, standings};
pub use store::{DEFAULT_WAIT, EventFile};

/// The version of pacru whose referee this library runs (the workspace's
/// version), stored beside each verdict it gives.
pub const REFEREE_VERSION: &str = env!("CARGO_PKG_VERSION");
