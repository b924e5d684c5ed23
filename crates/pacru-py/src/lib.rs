//! Python bindings for pacru: the `pacru._pacru` extension module behind `import pacru`.
//!
//! The Python package (`python/pacru`) re-exports what this module defines and adds
//! the value types (`Colour`, `Rules`, `Seat`, `Chevron`) and the exceptions, which
//! are plain Python. Modules here:
//!
//! - [`position`]: `Position` and `Move`;
//! - [`games`]: `read_games`, `Game`;
//! - [`check`]: `check`, the referee's verdicts ([`verdict`] makes their dicts);
//! - [`selfplay`]: random games as records;
//! - [`source`]: paths, text and Python file objects as byte streams;
//! - [`values`]: colours, editions, seats and fields between Python and Rust;
//! - [`errors`]: the exceptions, and panics turned into `pacru.InternalError`;
//! - [`api`]: every call into the text forms and the referee of the pacru crates.

pub mod api;
pub mod check;
pub mod errors;
pub mod games;
pub mod position;
pub mod selfplay;
pub mod source;
pub mod values;
pub mod verdict;

use pyo3::prelude::*;

/// The extension module `pacru._pacru`.
#[pymodule]
mod _pacru {
    use crate::errors::{detached, shielded};
    use crate::source::{source_from, sources_from};
    use crate::values::rules_from;
    use pyo3::exceptions::PyValueError;
    use pyo3::prelude::*;

    #[pymodule_export]
    use crate::position::PyPosition;

    #[pymodule_export]
    use crate::position::PyMove;

    #[pymodule_export]
    use crate::games::PyGame;

    #[pymodule_export]
    use crate::games::PyGameReader;

    #[pymodule_export]
    use crate::check::PyVerdicts;

    #[pymodule_export]
    use crate::games::_game_from_state;

    /// The version of the package (the version of the pacru crates it is built from).
    #[pymodule_export]
    #[allow(non_upper_case_globals)] // the name Python gives a package's version
    const __version__: &str = env!("CARGO_PKG_VERSION");

    /// Reads the games of `source` one at a time (see the package documentation).
    #[pyfunction]
    fn read_games(source: &Bound<'_, PyAny>) -> PyResult<crate::games::PyGameReader> {
        shielded(source.py(), || {
            crate::games::PyGameReader::new(source_from(source)?)
        })
    }

    /// Referees every game of `source` (see the package documentation).
    #[pyfunction]
    #[pyo3(signature = (source, *, rules = None, name = None))]
    fn check(
        source: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        name: Option<String>,
    ) -> PyResult<crate::check::PyVerdicts> {
        let rules = rules
            .filter(|r| !r.is_none())
            .map(|r| rules_from(Some(r)))
            .transpose()?;
        let inputs = sources_from(source)?
            .into_iter()
            .map(|s| (s, name.clone()))
            .collect();
        shielded(source.py(), || crate::check::PyVerdicts::new(inputs, rules))
    }

    /// Random games as canonical PGR text (see the package documentation).
    #[pyfunction]
    #[pyo3(
        signature = (players, games, seed, *, rules = None, max_plies = 1000),
        text_signature = "(players, games, seed, *, rules='2004', max_plies=1000)"
    )]
    fn selfplay(
        py: Python<'_>,
        players: i64,
        games: i64,
        seed: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        max_plies: i64,
    ) -> PyResult<String> {
        if !(2..=4).contains(&players) {
            return Err(PyValueError::new_err(format!(
                "players must be 2, 3 or 4, not {players}"
            )));
        }
        let games = u64::try_from(games)
            .map_err(|_| PyValueError::new_err(format!("games must be 0 or more, not {games}")))?;
        let seed: u64 = seed.extract().map_err(|_| {
            PyValueError::new_err(format!(
                "seed must be an int from 0 to 2**64 - 1, not {}",
                seed.repr()
                    .map_or_else(|_| "?".to_string(), |r| r.to_string())
            ))
        })?;
        let max_plies = u32::try_from(max_plies).map_err(|_| {
            PyValueError::new_err(format!(
                "max_plies must be from 0 to 2**32 - 1, not {max_plies}"
            ))
        })?;
        let plan = crate::selfplay::Selfplay {
            players: players as usize,
            games,
            seed,
            rules: rules_from(rules)?,
            max_plies,
        };
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        // Between batches of games, a pending Ctrl-C stops the work.
        let interrupt = std::sync::Mutex::new(None);
        let go_on = || {
            Python::attach(|py| py.check_signals())
                .map_err(|e| {
                    if let Ok(mut kept) = interrupt.lock() {
                        *kept = Some(e);
                    }
                })
                .is_ok()
        };
        match detached(py, || plan.text(threads, go_on))? {
            Ok(Some(text)) => Ok(text),
            Ok(None) => {
                Err(interrupt.into_inner().ok().flatten().unwrap_or_else(|| {
                    crate::errors::internal_error(py, "selfplay stopped".into())
                }))
            }
            Err(e) => Err(crate::errors::internal_error(py, e)),
        }
    }

    /// Panics in Rust with `message`: lets the test suite check that a panic
    /// reaches Python as `pacru.InternalError`. Not part of the API.
    #[pyfunction]
    fn _panic_for_tests(py: Python<'_>, message: String) -> PyResult<()> {
        shielded(py, || -> PyResult<()> { panic!("{message}") })?;
        detached(py, || -> () { panic!("{message} (detached)") })
    }
}
