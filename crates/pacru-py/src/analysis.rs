//! `pacru.analyse` and `pacru.Analysis`: the search engine's judgement of every
//! position of a game, as `pacru analyse` gives it (crate `pacru-analysis`).
//!
//! Python's `Analysis.as_dict()` is exactly one line of `pacru analyse --format
//! json` and `Analysis.annotated()` exactly the game as `pacru analyse` writes it; the test suite compares them
//! with the CLI's output.

use crate::api;
use crate::errors::{detached, malformed_game};
use crate::games::PyGame;
use crate::interrupt::Interrupt;
use crate::values::{Int, colour_to_py};
use pacru_analysis::{AnalysisOptions, Budget, DEFAULT_NODES, GameAnalysis};
use pacru_notation::pgr::Game;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use std::time::Duration;

/// The analysis of one game by the `search` engine: for every ply, each player's
/// expected score before the move, the engine's best move and principal line,
/// the loss of the move played and its mark.
///
/// Made by `pacru.analyse`. `as_dict()` is one line of `pacru analyse --format
/// json`; `annotated()` is the game with the analysis written in, as `pacru
/// analyse` writes it.
#[pyclass(name = "Analysis", module = "pacru", frozen)]
pub struct PyAnalysis {
    game: Game,
    file: String,
    index: usize,
    status: String,
    analysis: GameAnalysis,
}

#[pymethods]
impl PyAnalysis {
    /// The players in order of play.
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let colours = self
            .analysis
            .players
            .iter()
            .map(|&c| colour_to_py(py, c))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, colours)
    }

    /// Who analysed: the engine, its version, the budget and the seed (the
    /// `Annotator` tag of the annotated record).
    #[getter]
    fn annotator(&self) -> &str {
        &self.analysis.annotator
    }

    /// One dict per ply analysed (up to the first illegal move, if any), with the
    /// keys `ply`, `mover`, `move`, `scores` (each player's expected score before
    /// the move, 0 to 1, in order of play), `best`, `pv` (the principal line from
    /// there, starting with `best`), `loss` (what the move cost its mover), `mark`
    /// (`"mistake"`, `"blunder"` or `None`) and `simulations`.
    #[getter]
    fn plies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        Ok(pythonize::pythonize(py, &self.analysis.plies)?.cast_into::<PyList>()?)
    }

    /// Each player's expected score after the last ply analysed (the result, when
    /// the game is over).
    #[getter]
    fn after(&self) -> Vec<f64> {
        self.analysis
            .after
            .iter()
            .map(|&s| f64::from(s) / 1000.0)
            .collect()
    }

    /// The analysis as one line of `pacru analyse --format json` gives it: the
    /// keys `file`, `game`, `line`, `status` (the referee's), `players`,
    /// `annotator`, `plies` and `after`.
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let line = pacru_analysis::AnalysisLine {
            file: &self.file,
            game: self.index,
            line: self.game.line,
            status: &self.status,
            analysis: &self.analysis,
        };
        Ok(pythonize::pythonize(py, &line)?.cast_into::<PyDict>()?)
    }

    /// The game's canonical PGR text with the analysis written in: an analysis
    /// comment after each move, the glyph of each mark (`?`, `??`) and the
    /// `Annotator` tag, as `pacru analyse` writes it.
    fn annotated(&self) -> String {
        api::write_game(&pacru_analysis::annotate(&self.game, &self.analysis))
    }

    fn __repr__(&self) -> String {
        format!(
            "<pacru.Analysis of {} game {}: {} plies, {}>",
            self.file,
            self.index,
            self.analysis.plies.len(),
            self.analysis.annotator
        )
    }
}

/// The budget from `analyse`'s arguments, checked as `pacru analyse` checks its
/// options.
fn budget(nodes: Option<Int>, movetime: Option<Int>) -> PyResult<Budget> {
    match (nodes, movetime) {
        (Some(_), Some(_)) => Err(PyValueError::new_err("give movetime or nodes, not both")),
        (Some(n), None) => n.within(1..=i64::MAX).map(Budget::Nodes).ok_or_else(|| {
            PyValueError::new_err(format!("nodes must be from 1 to 2**63 - 1, not {n}"))
        }),
        (None, Some(ms)) => ms
            .within(1..=i64::MAX)
            .map(|ms| Budget::MoveTime(Duration::from_millis(ms)))
            .ok_or_else(|| {
                PyValueError::new_err(format!("movetime must be from 1 to 2**63 - 1 ms, not {ms}"))
            }),
        (None, None) => Ok(Budget::Nodes(DEFAULT_NODES)),
    }
}

/// Analyses `game` (see `pacru.analyse` in `lib.rs`). Ctrl-C stops the work
/// within a fraction of a second, even in the middle of a search, and is raised.
pub fn analyse(
    py: Python<'_>,
    game: &PyGame,
    nodes: Option<Int>,
    movetime: Option<Int>,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyAnalysis> {
    let seed: u64 = match seed {
        None => 0,
        Some(seed) => seed.extract().map_err(|_| {
            PyValueError::new_err(format!(
                "seed must be an int from 0 to 2**64 - 1, not {}",
                seed.repr()
                    .map_or_else(|_| "?".to_string(), |r| r.to_string())
            ))
        })?,
    };
    let options = AnalysisOptions {
        budget: budget(nodes, movetime)?,
        seed,
    };
    let (game, index, file) = game.parts();
    let interrupt = Interrupt::new();
    let (analysis, status) = detached(py, || {
        let analysis = pacru_analysis::analyse_game_until(game, &options, &|| interrupt.stopped());
        let status = api::check_game(game, index, None).status.as_str();
        (analysis, status)
    })?;
    match analysis {
        Ok(Some(analysis)) => Ok(PyAnalysis {
            game: game.clone(),
            file: file.to_owned(),
            index,
            status: status.to_owned(),
            analysis,
        }),
        Ok(None) => Err(interrupt.into_error(py, "the analysis")),
        Err(e) => Err(malformed_game(py, index, game.line, 1, &e.to_string())),
    }
}
