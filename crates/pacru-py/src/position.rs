//! `pacru.Position` and `pacru.Move`.

use crate::api;
use crate::errors::{detached, illegal_move, invalid_move, invalid_position, shielded};
use crate::interrupt::Interrupt;
use crate::values::{
    Int, chevron_to_py, colour_from, colour_to_py, colours_from, field_from, lossy_text,
    rules_from, rules_to_py, seats_from, surrogate_message, text_or_surrogate, type_name,
};
use pacru_core::{IllegalMove, Move, MoveSyntaxError, Position, PositionError, Seat};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple, PyType};

/// A move, in canonical notation when printed (`str(move)`).
///
/// `Move("a3-b4(a4)")` reads move notation, at most 65,536 characters, in any
/// letter case and with spaces after commas (a space anywhere else, at the start
/// or the end too, is a `pacru.InvalidMove`); whether the move is legal is a
/// question for a position (`Position.play`).
#[pyclass(name = "Move", module = "pacru", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMove {
    pub(crate) inner: Move,
}

impl From<Move> for PyMove {
    fn from(inner: Move) -> PyMove {
        PyMove { inner }
    }
}

#[pymethods]
impl PyMove {
    #[new]
    fn new(py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<PyMove> {
        parse_move_str(py, text).map(PyMove::from)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.inner)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, (String,))> {
        Ok((slf.get_type(), (slf.get().inner.to_string(),)))
    }
}

fn parse_move(py: Python<'_>, text: &str) -> PyResult<Move> {
    api::parse_move(text).map_err(|e| invalid_move(py, text, &e))
}

/// Reads move notation given as a Python `str`; one holding a lone surrogate is
/// no move (`InvalidMove` at its column), as any other text that does not read.
fn parse_move_str(py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<Move> {
    match text_or_surrogate(text)? {
        Ok(text) => shielded(py, || parse_move(py, &text)),
        Err(column) => {
            let error = MoveSyntaxError {
                column,
                message: surrogate_message("a move"),
            };
            Err(invalid_move(py, &lossy_text(text)?, &error))
        }
    }
}

/// A move given from Python: a `Move`, or move notation.
fn move_from(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(mv) = obj.cast::<PyMove>() {
        return Ok(mv.get().inner.clone());
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return parse_move_str(py, text);
    }
    Err(PyTypeError::new_err(format!(
        "a move must be a pacru.Move or a str, not {}",
        type_name(obj)
    )))
}

/// Whether `obj` is the text `pass` (any letter case): no move, but refused as
/// the referee refuses it in a record, under R2, rather than as text that does
/// not read.
fn is_pass(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    match obj.cast::<PyString>() {
        Ok(text) => Ok(text_or_surrogate(text)?.is_ok_and(|text| IllegalMove::is_pass(&text))),
        Err(_) => Ok(false),
    }
}

/// A position of the game: the fields' colours, the chevrons, whose turn it is, the
/// players and the rules edition. Immutable: `play` returns a new position.
///
/// `Position(ppn)` reads a position in PPN (at most 65,536 characters);
/// `Position.standard(players)` is the standard start. `str(position)` is its PPN.
#[pyclass(name = "Position", module = "pacru", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyPosition {
    pub(crate) inner: Position,
}

impl From<Position> for PyPosition {
    fn from(inner: Position) -> PyPosition {
        PyPosition { inner }
    }
}

fn position_error(py: Python<'_>, error: &PositionError) -> PyErr {
    invalid_position(py, error.to_string(), None)
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (ppn, rules = None), text_signature = "(ppn, rules='2004')")]
    fn new(
        py: Python<'_>,
        ppn: &Bound<'_, PyString>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        let rules = rules_from(rules)?;
        let ppn = match text_or_surrogate(ppn)? {
            Ok(ppn) => ppn,
            Err(column) => {
                return Err(invalid_position(
                    py,
                    format!(
                        "not a position: column {column}: {}",
                        surrogate_message("a position")
                    ),
                    Some(column),
                ));
            }
        };
        shielded(py, || match api::from_ppn(&ppn, rules) {
            Ok(position) => Ok(position.into()),
            Err(e) => Err(invalid_position(
                py,
                format!("not a position: {e}"),
                Some(e.column),
            )),
        })
    }

    /// Reads a position in PPN; the same as `Position(text, rules)`.
    #[staticmethod]
    #[pyo3(signature = (text, rules = None), text_signature = "(text, rules='2004')")]
    fn from_ppn(
        py: Python<'_>,
        text: &Bound<'_, PyString>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        PyPosition::new(py, text, rules)
    }

    /// The standard start for 2, 3 or 4 players.
    #[staticmethod]
    #[pyo3(
        signature = (players = Int::from(2), seats = None, colours = None, rules = None),
        text_signature = "(players=2, seats=None, colours=None, rules='2004')"
    )]
    fn standard(
        py: Python<'_>,
        players: Int,
        seats: Option<&Bound<'_, PyAny>>,
        colours: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        let rules = rules_from(rules)?;
        let colours = colours.map(colours_from).transpose()?;
        let seats = seats.map(seats_from).transpose()?;
        let players: usize = players.within(0..=i64::MAX).ok_or_else(|| {
            invalid_position(
                py,
                format!("a game has 2 to 4 players, not {players}"),
                None,
            )
        })?;
        shielded(py, || {
            let colours = match colours {
                Some(colours) if colours.len() != players => {
                    return Err(invalid_position(
                        py,
                        format!("{} colours given for {players} players", colours.len()),
                        None,
                    ));
                }
                Some(colours) => colours,
                None => pacru_core::Players::default_for(players)
                    .map_err(|e| position_error(py, &e))?
                    .as_slice()
                    .to_vec(),
            };
            let seats = match seats {
                Some(seats) => seats,
                None => Seat::default_seats(players)
                    .ok_or_else(|| position_error(py, &PositionError::PlayerCount(players)))?
                    .to_vec(),
            };
            let position = Position::standard_with(&colours, &seats)
                .map_err(|e| position_error(py, &e))?
                .with_rules(rules);
            Ok(position.into())
        })
    }

    /// The position in PPN (`MARKERS CHEVRONS TO_MOVE PLAYERS`).
    fn ppn(&self, py: Python<'_>) -> PyResult<String> {
        shielded(py, || Ok(api::to_ppn(&self.inner)))
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        self.ppn(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let ppn = self.ppn(py)?;
        Ok(match self.inner.rules() {
            pacru_core::RulesEdition::Pacru2004 => format!("Position('{ppn}')"),
            rules => format!("Position('{ppn}', rules='{rules}')"),
        })
    }

    fn __hash__(&self) -> u64 {
        self.inner.hash_key()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, (String, String))> {
        let position = &slf.get().inner;
        Ok((
            slf.get_type(),
            (api::to_ppn(position), position.rules().to_string()),
        ))
    }

    /// The player whose turn it is (in a finished game: who would be next).
    #[getter]
    fn to_move<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        colour_to_py(py, self.inner.to_move())
    }

    /// The players who started the game, in order of play.
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let colours = self
            .inner
            .players()
            .iter()
            .map(|c| colour_to_py(py, c))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, colours)
    }

    /// The rules edition the game is played under.
    #[getter]
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        rules_to_py(py, self.inner.rules())
    }

    /// The number of fields of one colour that wins: 42, 28 or 24 with 2, 3 or 4 players.
    #[getter]
    fn target(&self) -> u32 {
        self.inner.target()
    }

    /// The number of fields of `colour` (0 for a colour that does not play).
    fn field_count(&self, colour: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(self.inner.field_count(colour_from(colour)?))
    }

    /// The fields of `colour`, in order a1, b1, ..., i9.
    fn fields(&self, colour: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let fields = self.inner.fields_of(colour_from(colour)?);
        Ok(fields.iter().map(|f| f.to_string()).collect())
    }

    /// The colour of `field` (such as `"e5"`), `None` if it is neutral.
    fn colour_at<'py>(
        &self,
        py: Python<'py>,
        field: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner
            .colour_at(field_from(field)?)
            .map(|c| colour_to_py(py, c))
            .transpose()
    }

    /// The chevron on `field`, `None` if there is none.
    fn chevron_at<'py>(
        &self,
        py: Python<'py>,
        field: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let field = field_from(field)?;
        self.inner
            .chevron_at(field)
            .map(|c| chevron_to_py(py, c.colour, field, c.facing))
            .transpose()
    }

    /// Every chevron on the board, by player in order of play, then by field.
    fn chevrons<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        self.inner
            .chevrons()
            .map(|(colour, field, facing)| chevron_to_py(py, colour, field, facing))
            .collect()
    }

    /// Whether the game is over: a player has reached the target, or at most one
    /// player has chevrons left.
    fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }

    /// The winner when the game is over and has one, else `None`.
    #[getter]
    fn winner<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner.winner().map(|c| colour_to_py(py, c)).transpose()
    }

    /// Every legal move of the player to move, each complete (with all its
    /// choices), in the byte order of its text: the order of `pacru moves` and of
    /// the Rust and JavaScript `sorted_legal_moves`/`legalMoves`.
    fn legal_moves(&self, py: Python<'_>) -> PyResult<Vec<PyMove>> {
        shielded(py, || {
            Ok(self
                .inner
                .sorted_legal_moves()
                .into_iter()
                .map(PyMove::from)
                .collect())
        })
    }

    /// The number of legal moves, counted without listing them.
    fn legal_move_count(&self, py: Python<'_>) -> PyResult<u64> {
        shielded(py, || Ok(self.inner.legal_move_count()))
    }

    /// The number of move sequences of `depth` moves from here (0 to 30;
    /// resignations not counted): the standard check of a move generator.
    /// Ctrl-C stops the count.
    fn perft(&self, py: Python<'_>, depth: Int) -> PyResult<u64> {
        let depth = check_depth(depth)?;
        let interrupt = Interrupt::new();
        detached(py, || perft(&self.inner, depth, &interrupt))?
            .ok_or_else(|| interrupt.into_error(py, "perft"))
    }

    /// Perft split by first move: each legal move with the count below it, in the
    /// order of `legal_moves()`. Ctrl-C stops the count.
    fn perft_divide<'py>(&self, py: Python<'py>, depth: Int) -> PyResult<Bound<'py, PyDict>> {
        let depth = check_depth(depth)?;
        let interrupt = Interrupt::new();
        let counts = detached(py, || -> Option<Vec<(Move, u64)>> {
            if depth == 0 {
                return Some(Vec::new());
            }
            let mut counts = Vec::new();
            for mv in self.inner.sorted_legal_moves() {
                let mut child = self.inner.clone();
                child.play_unchecked(&mv);
                let count = perft(&child, depth - 1, &interrupt)?;
                counts.push((mv, count));
            }
            Some(counts)
        })?
        .ok_or_else(|| interrupt.into_error(py, "perft"))?;
        let dict = PyDict::new(py);
        for (mv, count) in counts {
            dict.set_item(PyMove::from(mv), count)?;
        }
        Ok(dict)
    }

    /// The position after `move` (a `Move` or move notation); raises
    /// `pacru.IllegalMove` if the rules forbid it here (`pass` included: R2).
    fn play(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        if is_pass(r#move)? {
            return Err(illegal_move(py, &IllegalMove::pass(), "pass", &self.inner));
        }
        let mv = move_from(py, r#move)?;
        shielded(py, || match self.inner.play(&mv) {
            Ok(next) => Ok(next.into()),
            Err(e) => Err(illegal_move(py, &e, &mv.to_string(), &self.inner)),
        })
    }

    /// Whether `move` (a `Move` or move notation) is legal here.
    fn is_legal(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        if is_pass(r#move)? {
            return Ok(false);
        }
        let mv = move_from(py, r#move)?;
        shielded(py, || Ok(self.inner.validate(&mv).is_ok()))
    }

    /// The board as text, for people: the drawing of `pacru show` (without its
    /// last line, the PPN). Rank 9 at the top, the borderlands boxed, each field
    /// as its owner's letter (`.` when neutral) and its chevron as the owner's
    /// letter in lower case with an arrow; below, each player's fields and
    /// chevrons, the target and whose turn it is.
    fn diagram(&self, py: Python<'_>) -> PyResult<String> {
        shielded(py, || Ok(self.inner.diagram()))
    }
}

/// The deepest perft counted, as in the npm package: a count this deep would
/// take longer than anyone waits (the 2-player start has 16,168 sequences of 3
/// moves), and the limit bounds the recursion.
pub const MAX_PERFT_DEPTH: u32 = 30;

/// Perft as [`Position::perft`] counts it (the last ply counted without playing
/// its moves), asking `interrupt` before each subtree of more than one ply;
/// `None` once it says stop.
fn perft(position: &Position, depth: u32, interrupt: &Interrupt) -> Option<u64> {
    match depth {
        0 => Some(1),
        1 => Some(position.legal_move_count()),
        _ => {
            let mut total = 0u64;
            for mv in position.legal_moves() {
                if interrupt.stopped() {
                    return None;
                }
                let mut child = position.clone();
                child.play_unchecked(&mv);
                total += perft(&child, depth - 1, interrupt)?;
            }
            Some(total)
        }
    }
}

fn check_depth(depth: Int) -> PyResult<u32> {
    depth.within(0..=i64::from(MAX_PERFT_DEPTH)).ok_or_else(|| {
        PyValueError::new_err(format!(
            "depth must be from 0 to {MAX_PERFT_DEPTH}, not {depth}"
        ))
    })
}
