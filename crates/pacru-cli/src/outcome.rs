//! How a command ends, and what it does when standard output goes away.

use std::fmt;
use std::io;

/// How a command ended, when it did not fail outright.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everything was all right: exit status 0.
    Success,
    /// The input was read but is not all right (a bad game, a non-canonical
    /// record): exit status 1.
    Failure,
    /// Some input could not be read, but the rest was processed: exit status 2.
    IoError,
}

impl Outcome {
    /// The worse of two outcomes.
    #[must_use]
    pub fn max(self, other: Outcome) -> Outcome {
        if self.code() >= other.code() {
            self
        } else {
            other
        }
    }

    /// The exit status.
    pub fn code(self) -> u8 {
        match self {
            Outcome::Success => 0,
            Outcome::Failure => 1,
            Outcome::IoError => 2,
        }
    }
}

/// Standard output was closed by its reader (`pacru check big.pgr | head -1`):
/// the command stops quietly with the status its work so far earned, as ripgrep
/// does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutputClosed(pub Outcome);

impl fmt::Display for OutputClosed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("standard output was closed")
    }
}

impl std::error::Error for OutputClosed {}

/// Whether `err` is the error of writing to a closed pipe.
pub fn is_closed_pipe(err: &io::Error) -> bool {
    err.kind() == io::ErrorKind::BrokenPipe
}

/// A failed write of standard output as the command's error: [`OutputClosed`]
/// with `earned` when the reader went away, the I/O error otherwise.
pub fn write_failed(err: io::Error, earned: Outcome) -> anyhow::Error {
    if is_closed_pipe(&err) {
        anyhow::Error::new(OutputClosed(earned))
    } else {
        anyhow::Error::new(err).context("cannot write to standard output")
    }
}

/// The exit status for a command's error: the status earned so far when standard
/// output was closed (0 when the command did not say: it had earned nothing
/// worse), `None` for a real error.
pub fn closed_status(err: &anyhow::Error) -> Option<Outcome> {
    if let Some(closed) = err.downcast_ref::<OutputClosed>() {
        return Some(closed.0);
    }
    err.chain()
        .any(|cause| {
            cause
                .downcast_ref::<io::Error>()
                .is_some_and(is_closed_pipe)
        })
        .then_some(Outcome::Success)
}
