//! The Python exceptions pacru raises, built from the Rust errors, and the guard that
//! turns a Rust panic into `pacru.InternalError` instead of letting it reach Python.
//!
//! The exception classes are defined in Python (`pacru/_errors.py`, where they have
//! their docstrings and attributes); they are looked up once and cached.

use crate::position::PyPosition;
use pacru_core::MoveSyntaxError;
use pacru_core::{IllegalMove, Position, escape_controls};
use pacru_notation::pgr::PgrError;
use pacru_referee::GameError;
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;
use std::any::Any;
use std::borrow::Cow;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The module that defines the exception classes.
const ERRORS_MODULE: &str = "pacru._errors";

/// A class of `pacru._errors`, looked up once.
fn class<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyType>>,
    name: &str,
) -> PyResult<Bound<'py, PyType>> {
    cell.import(py, ERRORS_MODULE, name).cloned()
}

/// Builds an exception of class `name` of `pacru._errors` with `args`; if the class
/// cannot be found (a broken installation), the lookup's own error.
fn raise<A>(py: Python<'_>, cell: &'static PyOnceLock<Py<PyType>>, name: &str, args: A) -> PyErr
where
    A: pyo3::PyErrArguments + Send + Sync + 'static,
{
    match class(py, cell, name) {
        Ok(ty) => PyErr::from_type(ty, args),
        Err(err) => err,
    }
}

/// The message of an exception, which a traceback prints to a terminal: its
/// control characters (from the text or record it is about) escaped, as the
/// `pacru` program shows them (`\u{1b}`). The exception's attributes keep the
/// text as it is.
pub fn shown(message: String) -> String {
    match escape_controls(&message) {
        Cow::Borrowed(_) => message,
        Cow::Owned(escaped) => escaped,
    }
}

/// `pacru.IllegalMove` for `error`, raised by playing `mv` (canonical text) in `position`.
pub fn illegal_move(py: Python<'_>, error: &IllegalMove, mv: &str, position: &Position) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let position = match Py::new(py, PyPosition::from(position.clone())) {
        Ok(position) => position,
        Err(err) => return err,
    };
    let allowed = error
        .allowed
        .map(|fields| fields.iter().map(|f| f.to_string()).collect::<Vec<_>>());
    let message = shown(format!(
        "illegal move {mv}: {}: {}",
        error.rule, error.reason
    ));
    raise(
        py,
        &CLASS,
        "IllegalMove",
        (
            message,
            error.rule.to_string(),
            error.reason.clone(),
            mv.to_string(),
            Some(position),
            None::<usize>,
            allowed,
        ),
    )
}

/// `pacru.IllegalMove` for the illegal move of a game being replayed: `error` as
/// the referee reports it, in `position`; `game` names the game in the message.
pub fn illegal_move_in_game(
    py: Python<'_>,
    game: &str,
    error: &GameError,
    position: Option<&Position>,
) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    // The fields that would do, as `Position.play` gives them: the referee's
    // report has the rule and reason only, so the move is tried again here.
    let allowed = position
        .zip(
            error
                .move_text
                .as_deref()
                .and_then(|text| text.parse::<pacru_core::Move>().ok()),
        )
        .and_then(|(position, parsed)| position.play(&parsed).err())
        .filter(|tried| Some(tried.rule) == error.rule)
        .and_then(|tried| tried.allowed)
        .map(|fields| fields.iter().map(|f| f.to_string()).collect::<Vec<_>>());
    let position = match position.map(|p| Py::new(py, PyPosition::from(p.clone()))) {
        Some(Err(err)) => return err,
        Some(Ok(position)) => Some(position),
        None => None,
    };
    let rule = error.rule.map(|r| r.to_string()).unwrap_or_default();
    let mv = error.move_text.clone().unwrap_or_default();
    let message = shown(format!(
        "{game}, line {}, column {}: illegal move {mv} at ply {}: {rule}: {}",
        error.line,
        error.column,
        error.ply.unwrap_or(0),
        error.message
    ));
    raise(
        py,
        &CLASS,
        "IllegalMove",
        (
            message,
            rule,
            error.message.clone(),
            mv,
            position,
            error.ply,
            allowed,
        ),
    )
}

/// `text` for a message: its first 40 characters, then `...` if there are more
/// (as the npm package quotes it).
pub fn shorten(text: &str) -> String {
    const KEEP: usize = 40;
    match text.char_indices().nth(KEEP) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}

/// `pacru.InvalidMove`: `text` is not a move. The message quotes at most 40
/// characters of it; the exception's `text` is all of it.
pub fn invalid_move(py: Python<'_>, text: &str, error: &MoveSyntaxError) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let message = shown(format!("not a move: {:?}: {error}", shorten(text)));
    raise(
        py,
        &CLASS,
        "InvalidMove",
        (message, text.to_string(), error.column),
    )
}

/// `pacru.InvalidPosition` with `message`; `column` is 1-based, within a PPN text.
pub fn invalid_position(py: Python<'_>, message: String, column: Option<usize>) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    raise(py, &CLASS, "InvalidPosition", (shown(message), column))
}

/// `pacru.MalformedGame` for game `game` with the problem at `line` and `column`.
pub fn malformed_game(
    py: Python<'_>,
    game: usize,
    line: usize,
    column: usize,
    reason: &str,
) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let message = shown(format!(
        "game {game}, line {line}, column {column}: {reason}"
    ));
    raise(
        py,
        &CLASS,
        "MalformedGame",
        (message, game, line, column, reason.to_string()),
    )
}

/// `pacru.MalformedGame` for a game the reader could not parse.
pub fn malformed_record(py: Python<'_>, error: &PgrError) -> PyErr {
    malformed_game(py, error.game, error.line, error.column, &error.message)
}

/// `pacru.InternalError`: a bug, described by `message`.
pub fn internal_error(py: Python<'_>, message: String) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    raise(
        py,
        &CLASS,
        "InternalError",
        (format!(
            "internal error in pacru (a bug, please report it with the input that caused it): {message}"
        ),),
    )
}

/// An `OSError` (of the subclass Python picks for the error number, such as
/// `FileNotFoundError`) for `error`, met while reading `name`.
pub fn os_error(name: &str, error: &std::io::Error) -> PyErr {
    match error.raw_os_error() {
        Some(errno) => PyOSError::new_err((errno, error.to_string(), name.to_string())),
        None => PyOSError::new_err(shown(format!("{name}: {error}"))),
    }
}

/// The text of a panic's payload.
fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// Runs `work` with the interpreter attached; a panic becomes `pacru.InternalError`.
pub fn shielded<T>(py: Python<'_>, work: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(work)) {
        Ok(result) => result,
        Err(payload) => Err(internal_error(py, panic_message(payload.as_ref()))),
    }
}

/// Runs `work` with the interpreter released, so that other Python threads run
/// meanwhile; a panic becomes `pacru.InternalError`. `work` must not touch Python
/// objects (the compiler checks it).
pub fn detached<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    F: FnOnce() -> T + Send,
    T: Send,
{
    py.detach(|| catch_unwind(AssertUnwindSafe(work)))
        .map_err(|payload| internal_error(py, panic_message(payload.as_ref())))
}
