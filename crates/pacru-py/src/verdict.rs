//! A referee's verdict as a Python dict with exactly the keys and values of one line
//! of `pacru check --format json`, in the same order:
//!
//! `file`, `game`, `line`, `status`, `plies`, `result`, `winner`, `final_position`,
//! `error` (`None`, or `ply`, `line`, `column`, `move`, `rule`, `message`).
//!
//! The shape is the referee's own (`pacru-referee`'s `impl Serialize for Verdict`,
//! which the CLI writes as JSON); `pythonize` turns it into Python objects. The test
//! suite compares the dicts with the CLI's lines on random and broken records.

use pacru_referee::{FileVerdict, Verdict};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The verdict on a game of input `file` as a dict.
pub fn verdict_dict<'py>(
    py: Python<'py>,
    file: &str,
    verdict: &Verdict,
) -> PyResult<Bound<'py, PyDict>> {
    let object = pythonize::pythonize(py, &FileVerdict { file, verdict })?;
    Ok(object.cast_into::<PyDict>()?)
}
