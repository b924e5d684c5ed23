//! The library's error type.

use pacru_runner::EngineFailure;
use std::path::PathBuf;
use thiserror::Error;

/// Everything that can stop a match or tournament from being set up or run.
///
/// Engines misbehaving during a game is not an error: it is part of the game's
/// result (a forfeit). An engine that cannot even be started before the first game
/// is one ([`ArenaError::Unstartable`]), unless the event is told to go on.
#[derive(Debug, Error)]
pub enum ArenaError {
    /// An engine description could not be read.
    #[error("bad engine `{text}`: {message}")]
    BadEngine {
        /// The description as given.
        text: String,
        /// What is wrong with it.
        message: String,
    },
    /// A setting is invalid (time control, number of players, ...).
    #[error("{0}")]
    BadSetting(String),
    /// The openings file could not be used.
    #[error("openings file {path}: {message}")]
    BadOpenings {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        message: String,
    },
    /// The output directory already holds an event, and resuming was not asked for.
    #[error("an event was already started in {}", dir.display())]
    EventExists {
        /// The output directory.
        dir: PathBuf,
    },
    /// Another run holds the output directory's lock ([`crate::lock`]): two runs
    /// on one directory would play the same games.
    #[error("another run is using the output directory {}", dir.display())]
    Busy {
        /// The output directory.
        dir: PathBuf,
    },
    /// Resuming was asked for, but the output directory holds no started event.
    #[error("there is nothing to resume in {}: {reason}", dir.display())]
    NothingToResume {
        /// The output directory.
        dir: PathBuf,
        /// Why: no journal, or a journal in which nothing was written.
        reason: String,
    },
    /// The output directory holds no event but the folders of a sharded event's
    /// shards (`shard-I-of-N`, each with a journal): an event of its own there,
    /// started or resumed without its shard, would be mixed with them.
    #[error(
        "{} holds the shards of a sharded event ({}), not an event of its own",
        dir.display(),
        shards.iter().map(|s| s.dir_name()).collect::<Vec<_>>().join(", ")
    )]
    ShardsHere {
        /// The output directory: the folder the shards share.
        dir: PathBuf,
        /// The shards found there, in order.
        shards: Vec<crate::shard::Shard>,
    },
    /// The journal cannot be used to resume (corrupt, or from another event).
    #[error("journal {path}: {message}")]
    Journal {
        /// The journal file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// An engine could not be started, or failed its handshake, in the check made
    /// before the first game.
    #[error("engine {number} (`{name}`) cannot be used: {failure}")]
    Unstartable {
        /// The engine's position in the event's list, from 1.
        number: usize,
        /// The engine's name.
        name: String,
        /// What went wrong.
        failure: EngineFailure,
    },
    /// The event was stopped (see [`StopHandle`](crate::StopHandle)) before its
    /// first game, while the engines were being checked: nothing was written.
    #[error("stopped before the first game: nothing was written")]
    Stopped,
    /// Reading or writing a file failed. The message names the file; the system's
    /// reason is the error's [`source`](std::error::Error::source).
    #[error("{}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
}

impl ArenaError {
    /// An I/O error about `path`.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> ArenaError {
        ArenaError::Io {
            path: path.into(),
            source,
        }
    }
}
