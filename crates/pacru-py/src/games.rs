//! `pacru.read_games` and `pacru.Game`: game records read as a stream.

use crate::api;
use crate::errors::{
    detached, illegal_move_in_game, malformed_game, malformed_record, shielded, shorten, shown,
};
use crate::position::{PyMove, PyPosition};
use crate::source::{Failure, FailureSlot, Source, Stream, open, take_failure};
use crate::turns::Turns;
use crate::verdict::verdict_dict;
use pacru_core::Position;
use pacru_notation::pgr::{Game, MoveEntry, ParseGameResultError, PgrError, Reader, Tags};
use pacru_referee::{Observer, PlyStep, VerdictStatus};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// One game of a record file: its tags, its moves and its result.
///
/// Games come from `pacru.read_games`. `str(game)` is the game's canonical PGR text.
#[pyclass(name = "Game", module = "pacru", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyGame {
    game: Game,
    index: usize,
    file: String,
}

impl PyGame {
    /// The game, its 1-based number in its input, and the input's name.
    pub(crate) fn parts(&self) -> (&Game, usize, &str) {
        (&self.game, self.index, &self.file)
    }

    /// "game N of FILE", for messages.
    fn describe(&self) -> String {
        format!("{} game {}", self.file, self.index)
    }
}

#[pymethods]
impl PyGame {
    /// The tag pairs, in the order written (a new dict on every access).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in self.game.tags.iter() {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// The plies (the moves played), in order. `pass` tokens, which stand for the
    /// turns of players removed as blocked, are not moves and are left out.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        self.game.plies().cloned().map(PyMove::from).collect()
    }

    /// The result token: `"Black"`, `"Red"`, `"Yellow"`, `"Green"`, `"Blue"`,
    /// `"draw"` or `"*"` (unfinished or unknown).
    #[getter]
    fn result(&self) -> &str {
        self.game.result.token()
    }

    /// The 1-based number of the game in its input.
    #[getter]
    fn index(&self) -> usize {
        self.index
    }

    /// The 1-based line where the game starts in its input.
    #[getter]
    fn line(&self) -> usize {
        self.game.line
    }

    /// The name of the input the game was read from: its path as given, or `-`.
    #[getter]
    fn file(&self) -> &str {
        &self.file
    }

    /// The position the game starts from, by its `Players`, `Seats`, `Rules` and
    /// `Position` tags.
    fn start_position(&self, py: Python<'_>) -> PyResult<PyPosition> {
        shielded(py, || {
            api::start_position(&self.game)
                .map(PyPosition::from)
                .map_err(|e| malformed_game(py, self.index, self.game.line, 1, &e.to_string()))
        })
    }

    /// Replays the game under the rules: the start position followed by the
    /// position after each ply. Raises `pacru.IllegalMove` (with `ply`) at the first
    /// illegal move and `pacru.MalformedGame` when the tags describe no start.
    fn replay(&self, py: Python<'_>) -> PyResult<Vec<PyPosition>> {
        let (verdict, positions) = detached(py, || {
            let mut positions = Positions(Vec::new());
            let verdict = api::replay_game(&self.game, self.index, None, &mut positions);
            let mut positions = positions.0;
            if positions.is_empty()
                && let Ok(start) = api::start_position(&self.game)
            {
                positions.push(start);
            }
            (
                verdict,
                positions
                    .into_iter()
                    .map(PyPosition::from)
                    .collect::<Vec<_>>(),
            )
        })?;
        match (verdict.status, &verdict.error) {
            (VerdictStatus::Ok | VerdictStatus::Inconsistent, _) => Ok(positions),
            (VerdictStatus::Illegal, Some(error)) => Err(illegal_move_in_game(
                py,
                &self.describe(),
                error,
                verdict.final_position.as_ref(),
            )),
            (_, error) => {
                let (line, column, message) = error
                    .as_ref()
                    .map_or((self.game.line, 1, "the game cannot be replayed"), |e| {
                        (e.line, e.column, e.message.as_str())
                    });
                Err(malformed_game(py, self.index, line, column, message))
            }
        }
    }

    /// The referee's verdict on the game: the dict `pacru.check` gives for it.
    fn check<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let verdict = detached(py, || api::check_game(&self.game, self.index, None))?;
        verdict_dict(py, &self.file, &verdict)
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        shielded(py, || Ok(api::write_game(&self.game)))
    }

    fn __repr__(&self) -> String {
        let players = self.game.tags.get("Players").unwrap_or("KR");
        format!(
            "<Game {} of {:?} (line {}): players {players}, {} plies, result {}>",
            self.index,
            self.file,
            self.game.line,
            self.game.plies().count(),
            self.game.result
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (GameState,))> {
        let restore = slf
            .py()
            .import("pacru._pacru")?
            .getattr("_game_from_state")?;
        Ok((restore, (slf.get().state(),)))
    }
}

/// A move entry as plain values: text as written, whether it is `pass`, glyphs,
/// comments, line and column.
type EntryState = (String, bool, Vec<String>, Vec<String>, usize, usize);

/// A game as plain values that pickle: tags, leading comments, entries, result,
/// where it was read (line, offset, result line and column), number and file.
type GameState = (
    Vec<(String, String)>,
    // The comments before the tags, and before the first move.
    (Vec<String>, Vec<String>),
    Vec<EntryState>,
    String,
    (usize, u64, usize, usize),
    usize,
    String,
);

impl PyGame {
    fn state(&self) -> GameState {
        let game = &self.game;
        let entries = game
            .moves
            .iter()
            .map(|e| {
                let (text, pass) = (e.text.clone(), e.is_pass());
                (
                    text,
                    pass,
                    e.glyphs.clone(),
                    e.comments.clone(),
                    e.line,
                    e.column,
                )
            })
            .collect();
        (
            game.tags
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            (
                game.comments_before_tags.clone(),
                game.leading_comments.clone(),
            ),
            entries,
            game.result.token().to_string(),
            (game.line, game.offset, game.result_line, game.result_column),
            self.index,
            self.file.clone(),
        )
    }
}

/// The longest tag name the record reader reads.
const MAX_TAG_NAME_CHARS: usize = 256;

/// Whether `name` is a tag name as the record reader reads it: a letter, then
/// letters, digits and `_`, at most [`MAX_TAG_NAME_CHARS`] characters.
fn is_tag_name(name: &str) -> bool {
    name.len() <= MAX_TAG_NAME_CHARS
        && name.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Whether `glyph` is an annotation glyph as the record reader reads it: `!`,
/// `?`, `!!`, `??`, `!?`, `?!`, or `$` and one to three digits.
fn is_glyph(glyph: &str) -> bool {
    match glyph.strip_prefix('$') {
        Some(digits) => {
            (1..=3).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
        }
        None => matches!(glyph, "!" | "?" | "!!" | "??" | "!?" | "?!"),
    }
}

/// Rebuilds a pickled game (see `Game.__reduce__`). The state is checked as a
/// record is read (tag names, glyphs, move texts, the result), so that the game
/// is written as a record that reads back the same; a state that fails raises
/// `ValueError` (`pacru.InvalidMove` for a move text).
#[pyfunction]
pub fn _game_from_state(py: Python<'_>, state: GameState) -> PyResult<PyGame> {
    let (tags, (before_tags, leading_comments), entries, result, at, index, file) = state;
    if let Some((name, _)) = tags.iter().find(|(name, _)| !is_tag_name(name)) {
        return Err(PyValueError::new_err(format!(
            "a tag name is a letter, then letters, digits and _, at most \
             {MAX_TAG_NAME_CHARS} characters, not {:?}",
            shorten(name)
        )));
    }
    if let Some(glyph) = entries
        .iter()
        .flat_map(|(_, _, glyphs, ..)| glyphs)
        .find(|glyph| !is_glyph(glyph))
    {
        return Err(PyValueError::new_err(format!(
            "a glyph is !, ?, !!, ??, !?, ?! or $ and 1 to 3 digits, not {:?}",
            shorten(glyph)
        )));
    }
    let mut game = Game::new();
    game.comments_before_tags = before_tags;
    game.tags = tags.into_iter().collect::<Tags>();
    game.leading_comments = leading_comments;
    for (text, pass, glyphs, comments, line, column) in entries {
        let mv = if pass {
            None
        } else {
            Some(api::parse_move(&text).map_err(|e| crate::errors::invalid_move(py, &text, &e))?)
        };
        game.moves.push(MoveEntry {
            text,
            mv,
            line,
            column,
            glyphs,
            comments,
        });
    }
    game.result = result
        .parse()
        .map_err(|e: ParseGameResultError| PyValueError::new_err(e.to_string()))?;
    // The result token and the Result tag agree, as the reader requires (`*`
    // without the tag): a game whose two statements differ would lose one of them
    // when written.
    let tag = game.tags.get("Result");
    if tag.unwrap_or("*") != game.result.token() {
        let why = match tag {
            Some(tag) => format!("the Result tag is \"{}\"", shorten(tag)),
            None => "there is no Result tag, so the token must be *".to_owned(),
        };
        return Err(PyValueError::new_err(shown(format!(
            "the result token '{}' differs from the game's result: {why}",
            game.result
        ))));
    }
    (game.line, game.offset, game.result_line, game.result_column) = at;
    Ok(PyGame { game, index, file })
}

/// The games of an input, read one at a time as they are iterated over.
///
/// A game that does not parse raises `pacru.MalformedGame`; calling `next()`
/// again goes on with the game after it. Threads may share one: each game goes
/// to one of them.
#[pyclass(name = "GameReader", module = "pacru", frozen)]
pub struct PyGameReader {
    reader: Turns<Option<Reader<Stream>>>,
    failure: FailureSlot,
    file: String,
}

impl PyGameReader {
    /// A reader of `source`.
    pub fn new(source: Source) -> PyResult<PyGameReader> {
        let file = source.name().to_string();
        let (stream, failure) = open(source)?;
        Ok(PyGameReader {
            reader: Turns::new(Some(Reader::new(stream).lenient())),
            failure,
            file,
        })
    }
}

#[pymethods]
impl PyGameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyGame>> {
        self.reader
            .take(py, "pacru.GameReader", |state| self.next_game(py, state))
    }
}

impl PyGameReader {
    /// The next game of `state`'s reader (`None` once it is done).
    fn next_game(
        &self,
        py: Python<'_>,
        state: &mut Option<Reader<Stream>>,
    ) -> PyResult<Option<PyGame>> {
        let Some(reader) = state.as_mut() else {
            return Ok(None);
        };
        let read: Result<Option<(Game, usize)>, PgrError> = detached(py, || {
            reader
                .read_game()
                .map(|game| game.map(|g| (g, reader.games_read())))
        })?;
        match read {
            Ok(Some((game, index))) => Ok(Some(PyGame {
                game,
                index,
                file: self.file.clone(),
            })),
            Ok(None) => {
                *state = None;
                take_failure(&self.failure).map_or(Ok(None), |f| Err(f.into_pyerr()))
            }
            Err(error) => match take_failure(&self.failure) {
                Some(failure) => {
                    *state = None;
                    Err(Failure::into_pyerr(failure))
                }
                None => Err(malformed_record(py, &error)),
            },
        }
    }
}

/// The positions of a game as the referee replays it: the start, then the
/// position after each ply it accepts.
struct Positions(Vec<Position>);

impl Observer for Positions {
    fn ply(&mut self, step: &PlyStep<'_>) {
        if self.0.is_empty() {
            self.0.push(step.before.clone());
        }
        self.0.push(step.after.clone());
    }
}
