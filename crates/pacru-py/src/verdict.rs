//! A referee's verdict as a Python dict with exactly the keys and values of one line
//! of `pacru check --format json`, in the same order:
//!
//! `file`, `game`, `line`, `status`, `plies`, `result`, `winner`, `final_position`,
//! `error` (`null`, or `ply`, `line`, `column`, `move`, `rule`, `message`).
//!
//! The CLI builds the same object with serde (`pacru-cli`, `commands/check/report.rs`);
//! the test suite compares the two on random and broken records.

use crate::api;
use pacru_notation::referee::{GameError, Verdict};
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
    dict.set_item(intern!(py, "status"), verdict.status.as_str())?;
    dict.set_item(intern!(py, "plies"), verdict.plies)?;
    dict.set_item(intern!(py, "result"), &verdict.result)?;
    dict.set_item(intern!(py, "winner"), verdict.winner.map(|c| c.word()))?;
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
