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
//! - [`analysis`]: `analyse`, the search engine's judgement of a game;
//! - [`source`]: paths, text and Python file objects as byte streams;
//! - [`turns`]: the state of an iterator that threads share;
//! - [`values`]: colours, editions, seats and fields between Python and Rust;
//! - [`errors`]: the exceptions, and panics turned into `pacru.InternalError`;
//! - [`interrupt`]: Ctrl-C during long work with the interpreter released;
//! - [`api`]: every call into the text forms and the referee of the pacru crates.

pub mod analysis;
pub mod api;
pub mod check;
pub mod errors;
pub mod games;
pub mod interrupt;
pub mod position;
pub mod selfplay;
pub mod source;
pub mod turns;
pub mod values;
pub mod verdict;

use pyo3::prelude::*;

/// The extension module `pacru._pacru`.
#[pymodule]
mod _pacru {
    use crate::errors::{detached, shielded};
    use crate::source::{source_from, sources_from};
    use crate::values::{Int, rules_from};
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
    use crate::analysis::PyAnalysis;

    #[pymodule_export]
    use crate::games::_game_from_state;

    /// The version of the package (the version of the pacru crates it is built from).
    #[pymodule_export]
    #[allow(non_upper_case_globals)] // the name Python gives a package's version
    const __version__: &str = env!("CARGO_PKG_VERSION");

    /// The games of `source`, read one at a time as they are iterated over.
    ///
    /// `source` is a path (a `str` without a line break, or a path object),
    /// record text (a `str` with a line break, `bytes`, `bytearray` or
    /// `memoryview`), or a file object opened in text or binary mode. Each game
    /// is a `pacru.Game` with its tags, moves and result; legality is not
    /// checked (`Game.check()`, `Game.replay()` or `pacru.check`). A game that
    /// does not parse raises `pacru.MalformedGame` with its line and column;
    /// calling `next()` again goes on with the game after it.
    ///
    /// >>> (game,) = pacru.read_games(pacru.selfplay(2, 1, seed=7, max_plies=4))
    /// >>> [str(move) for move in game.moves]
    /// ['i3-h2', 'e9-f8', 'i9-h8', 'f8-g7(g8)']
    #[pyfunction]
    fn read_games(source: &Bound<'_, PyAny>) -> PyResult<crate::games::PyGameReader> {
        shielded(source.py(), || {
            crate::games::PyGameReader::new(source_from(source)?)
        })
    }

    /// The referee's verdict on every game of `source`, as `pacru check --format
    /// json` gives them: an iterator of dicts, one per game in input order, with
    /// the keys `file`, `game`, `line`, `status` (`"ok"`, `"illegal"`,
    /// `"malformed"` or `"inconsistent"`), `plies`, `result`, `winner`,
    /// `final_position` and `error` (`None`, or a dict with `ply`, `line`,
    /// `column`, `move`, `rule` and `message`).
    ///
    /// `source` is a path, record text, a file object, or a list of paths (each
    /// checked in turn; a big file on every core). A file that cannot be read
    /// raises the `OSError` Python would (`FileNotFoundError`, ...), where
    /// `pacru check` gives an `"unreadable"` verdict. `rules` (`"2004"` or `"2011"`)
    /// is the edition of games without a `Rules` tag, as `pacru check --rules`;
    /// `name` is the `file` of verdicts on text or a file object (by default
    /// `"-"`).
    ///
    /// >>> record = "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n"
    /// >>> [(v["status"], v["plies"]) for v in pacru.check(record)]
    /// [('ok', 2)]
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

    /// Random games as canonical PGR text: the bytes `pacru selfplay` writes for
    /// the same arguments.
    ///
    /// `players` (2, 3 or 4) play `games` games from the standard start with
    /// random legal moves drawn from `seed`; `rules` is the edition (`"2004"` or
    /// `"2011"`); a game is cut after `max_plies` plies with the result `*`
    /// (`max_plies=0`: every game is played to its end). Ctrl-C stops the work
    /// between games.
    ///
    /// >>> print(pacru.selfplay(2, 1, seed=7, max_plies=4).splitlines()[-1])
    /// 1. i3-h2 e9-f8 2. i9-h8 f8-g7(g8) *
    #[pyfunction]
    #[pyo3(
        signature = (players, games, seed, *, rules = None, max_plies = Int::from(1000)),
        text_signature = "(players, games, seed, *, rules='2004', max_plies=1000)"
    )]
    fn selfplay(
        py: Python<'_>,
        players: Int,
        games: Int,
        seed: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        max_plies: Int,
    ) -> PyResult<String> {
        let players: usize = players.within(2..=4).ok_or_else(|| {
            PyValueError::new_err(format!("players must be 2, 3 or 4, not {players}"))
        })?;
        let games: u64 = games.within(0..=i64::MAX).ok_or_else(|| {
            PyValueError::new_err(format!("games must be from 0 to 2**63 - 1, not {games}"))
        })?;
        let seed: u64 = seed.extract().map_err(|_| {
            PyValueError::new_err(format!(
                "seed must be an int from 0 to 2**64 - 1, not {}",
                seed.repr()
                    .map_or_else(|_| "?".to_string(), |r| r.to_string())
            ))
        })?;
        let max_plies: u32 = max_plies.within(0..=i64::from(u32::MAX)).ok_or_else(|| {
            PyValueError::new_err(format!(
                "max_plies must be from 0 to 2**32 - 1, not {max_plies}"
            ))
        })?;
        let plan = crate::selfplay::Selfplay {
            players,
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

    /// The `search` engine's analysis of `game` (a `pacru.Game`), as `pacru
    /// analyse` makes it: every position judged in turn, then each move's loss
    /// and mark. Returns a `pacru.Analysis`.
    ///
    /// The budget is `nodes` simulations a search (by default 5000: the
    /// analysis then depends only on the game, the budget and `seed`) or
    /// `movetime` milliseconds a search, not both; a position is searched once,
    /// or up to three times when a move next to it has a loss near a threshold. A game whose tags give no
    /// start position raises `pacru.MalformedGame`; a game with an illegal move
    /// is analysed up to it. Ctrl-C stops the work, even in the middle of a
    /// search.
    ///
    /// >>> (game,) = pacru.read_games("[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n")
    /// >>> analysis = pacru.analyse(game, nodes=200, seed=1)
    /// >>> [(ply["move"], len(ply["scores"])) for ply in analysis.plies]
    /// [('e1-e2', 2), ('e9-e8', 2)]
    /// >>> analysis.annotator.endswith("200 nodes a ply, seed 1")
    /// True
    #[pyfunction]
    #[pyo3(
        signature = (game, *, nodes = None, movetime = None, seed = None),
        text_signature = "(game, *, nodes=None, movetime=None, seed=0)"
    )]
    fn analyse(
        py: Python<'_>,
        game: PyRef<'_, crate::games::PyGame>,
        nodes: Option<Int>,
        movetime: Option<Int>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<crate::analysis::PyAnalysis> {
        shielded(py, || {
            crate::analysis::analyse(py, &game, nodes, movetime, seed)
        })
    }

    /// Panics in Rust with `message`: lets the test suite check that a panic
    /// reaches Python as `pacru.InternalError`. Not part of the API.
    #[pyfunction]
    fn _panic_for_tests(py: Python<'_>, message: String) -> PyResult<()> {
        shielded(py, || -> PyResult<()> { panic!("{message}") })?;
        detached(py, || -> () { panic!("{message} (detached)") })
    }
}
