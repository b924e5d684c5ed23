//! The library's error type.

use std::path::PathBuf;
use thiserror::Error;

/// Everything that can stop a match or tournament from being set up or run.
///
/// Engines misbehaving is not an error: it is part of a game's result (a forfeit).
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
    /// The journal cannot be used to resume (corrupt, or from another event).
    #[error("journal {path}: {message}")]
    Journal {
        /// The journal file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
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
