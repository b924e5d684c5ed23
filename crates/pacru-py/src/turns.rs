//! The state of an iterator that threads share: they take turns with it.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::MutexExt;
use std::sync::{Mutex, PoisonError};
use std::thread::{self, ThreadId};

/// A value that one thread at a time works with; the others wait for their
/// turn with the interpreter released.
pub struct Turns<T> {
    value: Mutex<T>,
    holder: Mutex<Option<ThreadId>>,
}

/// Clears the holder when a turn ends, however it ends.
struct Holding<'a>(&'a Mutex<Option<ThreadId>>);

impl Drop for Holding<'_> {
    fn drop(&mut self) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }
}

impl<T> Turns<T> {
    /// `value`, to be taken in turns.
    pub fn new(value: T) -> Turns<T> {
        Turns {
            value: Mutex::new(value),
            holder: Mutex::new(None),
        }
    }

    /// Runs `work` with the value once no other thread has it. A turn asked
    /// for again by the thread that has it (the `read` of a file object that
    /// iterates the very iterator reading it) is a `RuntimeError` naming
    /// `what`, not a thread waiting for itself forever.
    pub fn take<R>(
        &self,
        py: Python<'_>,
        what: &str,
        work: impl FnOnce(&mut T) -> PyResult<R>,
    ) -> PyResult<R> {
        let me = thread::current().id();
        if *self.holder.lock().unwrap_or_else(PoisonError::into_inner) == Some(me) {
            return Err(PyRuntimeError::new_err(format!(
                "{what} is already being iterated by this thread (a file object's read() \
                 cannot iterate the iterator that reads it)"
            )));
        }
        let mut value = self
            .value
            .lock_py_attached(py)
            .unwrap_or_else(PoisonError::into_inner);
        *self.holder.lock().unwrap_or_else(PoisonError::into_inner) = Some(me);
        let _holding = Holding(&self.holder);
        work(&mut value)
    }
}
