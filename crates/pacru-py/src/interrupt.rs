//! Ctrl-C during long work done with the interpreter released.
//!
//! Python runs its signal handlers (the one of SIGINT raises `KeyboardInterrupt`)
//! only when the interpreter is asked to. Long work (a search, a perft) asks
//! [`Interrupt::stopped`] often; at most every [`POLL`] that attaches to the
//! interpreter and runs the pending handlers, so Ctrl-C ends the work within a
//! fraction of a second and its exception is raised when the call returns.

use pyo3::prelude::*;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How often the pending signal handlers are run during long work.
pub const POLL: Duration = Duration::from_millis(50);

/// Whether a signal handler stopped the work, and the exception it raised.
pub struct Interrupt {
    stopped: AtomicBool,
    next_poll: Mutex<Instant>,
    raised: Mutex<Option<PyErr>>,
}

impl Default for Interrupt {
    fn default() -> Interrupt {
        Interrupt::new()
    }
}

impl Interrupt {
    /// No signal yet; the first question runs the handlers.
    pub fn new() -> Interrupt {
        Interrupt {
            stopped: AtomicBool::new(false),
            next_poll: Mutex::new(Instant::now()),
            raised: Mutex::new(None),
        }
    }

    /// Whether to stop: true once a signal handler has raised. Runs the pending
    /// handlers if [`POLL`] has passed since it last did (attaching to the
    /// interpreter for that moment); cheap otherwise.
    pub fn stopped(&self) -> bool {
        if self.stopped.load(Ordering::Relaxed) {
            return true;
        }
        let now = Instant::now();
        match self.next_poll.lock() {
            Ok(mut next) if now >= *next => *next = now + POLL,
            _ => return false,
        }
        self.poll()
    }

    /// Runs the pending signal handlers now; true if one raised (it is kept for
    /// [`Interrupt::into_error`]).
    pub fn poll(&self) -> bool {
        if self.stopped.load(Ordering::Relaxed) {
            return true;
        }
        match Python::attach(|py| py.check_signals()) {
            Ok(()) => false,
            Err(error) => {
                if let Ok(mut raised) = self.raised.lock() {
                    raised.get_or_insert(error);
                }
                self.stopped.store(true, Ordering::Relaxed);
                true
            }
        }
    }

    /// The exception of the handler that stopped the work (`KeyboardInterrupt`
    /// for Ctrl-C); `pacru.InternalError` if the work stopped without one.
    pub fn into_error(self, py: Python<'_>, what: &str) -> PyErr {
        self.raised
            .into_inner()
            .ok()
            .flatten()
            .unwrap_or_else(|| crate::errors::internal_error(py, format!("{what} stopped")))
    }
}
