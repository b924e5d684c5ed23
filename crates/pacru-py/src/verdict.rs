//! A referee's verdict as a Python dict with exactly the keys and values of one line
//! of `pacru check --format json`, in the same order:
//!
//! `file`, `game`, `line`, `status`, `plies`, `result`, `winner`, `final_position`,
//! `error` (`null`, or `ply`, `line`, `column`, `move`, `rule`, `message`).
//!
//! The CLI builds the same object with serde (`pacru-cli`, `commands/check/report.rs`);
//! the test suite compares the two on random and broken records.

use crate::api;
use pacru_core::Colour;
use pacru_referee::{GameError, Verdict, VerdictStatus};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// The verdict on a game of input `file` as a dict.
pub fn verdict_dict<'py>(
    py: Python<'py>,
    file: &Bound<'py, PyString>,
    verdict: &Verdict,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item(intern!(py, "file"), file)?;
    dict.set_item(intern!(py, "game"), verdict.game)?;
    dict.set_item(intern!(py, "line"), verdict.line)?;
    dict.set_item(intern!(py, "status"), status_str(py, verdict.status))?;
    dict.set_item(intern!(py, "plies"), verdict.plies)?;
    match result_str(py, &verdict.result) {
        Some(result) => dict.set_item(intern!(py, "result"), result)?,
        None => dict.set_item(intern!(py, "result"), &verdict.result)?,
    }
    dict.set_item(
        intern!(py, "winner"),
        verdict.winner.map(|c| colour_str(py, c)),
    )?;
    dict.set_item(
        intern!(py, "final_position"),
        verdict.final_position.as_ref().map(api::to_ppn),
    )?;
    match &verdict.error {
        Some(error) => dict.set_item(intern!(py, "error"), error_dict(py, error)?)?,
        None => dict.set_item(intern!(py, "error"), py.None())?,
    }
    Ok(dict)
}

// The strings most verdicts hold are made once per interpreter (a verdict dict
// is built for every game of a file, and most games say the same few words).

/// The status word, as a shared Python string.
fn status_str(py: Python<'_>, status: VerdictStatus) -> &Bound<'_, PyString> {
    match status {
        VerdictStatus::Ok => intern!(py, "ok"),
        VerdictStatus::Illegal => intern!(py, "illegal"),
        VerdictStatus::Malformed => intern!(py, "malformed"),
        VerdictStatus::Inconsistent => intern!(py, "inconsistent"),
    }
}

/// A colour's word, as a shared Python string.
fn colour_str(py: Python<'_>, colour: Colour) -> &Bound<'_, PyString> {
    match colour {
        Colour::Black => intern!(py, "Black"),
        Colour::Red => intern!(py, "Red"),
        Colour::Yellow => intern!(py, "Yellow"),
        Colour::Green => intern!(py, "Green"),
        Colour::Blue => intern!(py, "Blue"),
    }
}

/// A `Result` tag value that is a result token, as a shared Python string
/// (`None` for anything else, which the verdict gives as read).
fn result_str<'py>(py: Python<'py>, result: &str) -> Option<&'py Bound<'py, PyString>> {
    match result {
        "*" => Some(intern!(py, "*")),
        "draw" => Some(intern!(py, "draw")),
        word => Colour::from_word(word)
            .filter(|c| c.word() == word)
            .map(|c| colour_str(py, c)),
    }
}

fn error_dict<'py>(py: Python<'py>, error: &GameError) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item(intern!(py, "ply"), error.ply)?;
    dict.set_item(intern!(py, "line"), error.line)?;
    dict.set_item(intern!(py, "column"), error.column)?;
    dict.set_item(intern!(py, "move"), error.move_text.as_deref())?;
    dict.set_item(intern!(py, "rule"), error.rule.map(|r| r.to_string()))?;
    dict.set_item(intern!(py, "message"), &error.message)?;
    Ok(dict)
}
