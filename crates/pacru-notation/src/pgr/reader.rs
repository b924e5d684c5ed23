//! The streaming reader of game records.

use super::visitor::Visitor;
use super::{ErrorPlace, Game, PgrError};
use errors::{Fail, Resync};
use std::io::{self, Read};

mod buffer;
mod builder;
mod canonical;
mod errors;
mod fast;
mod grammar;
mod movetext;
mod tags;

pub use builder::GameBuilder;

/// The default cap on the size of one game: 16 MiB.
pub const DEFAULT_MAX_GAME_BYTES: u64 = 16 << 20;
/// The default cap on one comment or tag value: 1 MiB.
pub const DEFAULT_MAX_COMMENT_BYTES: usize = 1 << 20;
/// The cap on one move token (a move is at most a few dozen characters).
const MAX_TOKEN_BYTES: usize = 256;
const BUF_SIZE: usize = 64 * 1024;
/// The cap on the number of tags of one game.
pub const MAX_TAGS: usize = 1000;

/// Reads game records from any [`Read`], one game at a time, in bounded memory.
///
/// Strict by default: after the first malformed game it stops (further reads
/// return `Ok(None)`). [`Reader::lenient`] makes it report a malformed game and
/// carry on with the next one (see `docs/notation.md`, "Recovery").
///
/// ```
/// use pacru_notation::pgr::Reader;
/// let text = "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
/// let games: Vec<_> = Reader::new(text.as_bytes()).collect::<Result<_, _>>().unwrap();
/// assert_eq!(games[0].moves.len(), 2);
/// ```
pub struct Reader<R> {
    inner: R,
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    eof: bool,
    io_error: Option<io::Error>,
    /// Byte offset of `buf[pos]`.
    offset: u64,
    /// Line and column (1-based, columns in characters) of `buf[pos]`.
    line: usize,
    column: usize,
    started: bool,
    lenient: bool,
    done: bool,
    resync: Option<Resync>,
    games: usize,
    max_game_bytes: u64,
    max_comment_bytes: usize,
    scratch: Vec<u8>,
    /// The tags of the current game read so far.
    tags: tags::TagBook,
    /// Units of work of the scans that could grow faster than the input (bytes
    /// scanned by the fast path; the names compared are counted in `tags`), for
    /// the tests.
    #[cfg(test)]
    work: u64,
    /// Whether the movetext fast path may run: the tests read with and without it.
    #[cfg(test)]
    fast_path: bool,
    /// The name of the tag being read (kept for its allocation).
    tag_name: String,
    /// The number of moves of the last game, to size the next one's list.
    moves_hint: usize,
    /// Byte offset, line and column of the first byte of the last game begun.
    game_offset: u64,
    game_line: usize,
    game_column: usize,
}

/// Where something was written.
#[derive(Clone, Copy, Debug)]
struct Pos {
    offset: u64,
    line: usize,
    column: usize,
}

/// State of the game being read.
struct GameState {
    index: usize,
    start: Pos,
    in_movetext: bool,
    checked: [Option<(String, Pos)>; 5],
    any_move: bool,
    /// Whether the tag being read may be a setup tag (its name is one, or is
    /// not read yet).
    setup_tag: bool,
    /// Whether a setup tag line could not be read or its value is invalid.
    setup_broken: bool,
}

impl<R: Read> Reader<R> {
    /// A strict reader of `inner`.
    pub fn new(inner: R) -> Reader<R> {
        Reader {
            inner,
            buf: vec![0; BUF_SIZE].into_boxed_slice(),
            pos: 0,
            len: 0,
            eof: false,
            io_error: None,
            offset: 0,
            line: 1,
            column: 1,
            started: false,
            lenient: false,
            done: false,
            resync: None,
            games: 0,
            max_game_bytes: DEFAULT_MAX_GAME_BYTES,
            max_comment_bytes: DEFAULT_MAX_COMMENT_BYTES,
            scratch: Vec::with_capacity(256),
            tags: tags::TagBook::default(),
            #[cfg(test)]
            work: 0,
            #[cfg(test)]
            fast_path: true,
            tag_name: String::new(),
            moves_hint: 0,
            game_offset: 0,
            game_line: 1,
            game_column: 1,
        }
    }

    /// The same reader in lenient mode: a malformed game is reported and reading
    /// resumes at the next game.
    #[must_use]
    pub fn lenient(mut self) -> Reader<R> {
        self.lenient = true;
        self
    }

    /// The same reader for input that continues a file from the start of the
    /// file's line `line` (a part of a file read on its own): lines are numbered
    /// from `line`, and no byte order mark is looked for (one can only stand at
    /// the very start of a file).
    ///
    /// ```
    /// use pacru_notation::pgr::Reader;
    /// let rest = "\u{feff}[Result \"*\"]\n\n*\n";
    /// let err = Reader::new(rest.as_bytes()).continuing_at_line(40).read_game().unwrap_err();
    /// assert_eq!((err.line, err.column), (40, 1));
    /// ```
    #[must_use]
    pub fn continuing_at_line(mut self, line: usize) -> Reader<R> {
        self.line = line.max(1);
        self.started = true;
        self
    }

    /// Caps the size of one game (default 16 MiB); a longer game is malformed.
    #[must_use]
    pub fn max_game_bytes(mut self, bytes: u64) -> Reader<R> {
        self.max_game_bytes = bytes;
        self
    }

    /// Caps the size of one comment or tag value (default 1 MiB).
    #[must_use]
    pub fn max_comment_bytes(mut self, bytes: usize) -> Reader<R> {
        self.max_comment_bytes = bytes;
        self
    }

    /// The number of games started so far (the index of the last game read or
    /// reported as malformed).
    pub fn games_read(&self) -> usize {
        self.games
    }

    /// The byte offset in the input up to which the reader has consumed text; the
    /// next game starts at or after it.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The 1-based line of the byte at [`Reader::offset`]: one more than the
    /// line breaks (`\n`) before it.
    ///
    /// ```
    /// use pacru_notation::pgr::Reader;
    /// let mut reader = Reader::new("[Result \"*\"]\n\n*\n\n[Result \"*\"]\n\n*\n".as_bytes());
    /// reader.read_game().unwrap();
    /// assert_eq!((reader.offset(), reader.line()), (15, 3));
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }

    /// The byte offset in the input of the first byte of the last game begun:
    /// the one just read, or reported as malformed (its first tag, or the comment
    /// or move before it). 0 before the first game.
    ///
    /// ```
    /// use pacru_notation::pgr::Reader;
    /// let text = "[Result \"*\"]\n\n*\n\n\n[Result \"*\"]\n\n*\n";
    /// let mut reader = Reader::new(text.as_bytes());
    /// reader.read_game().unwrap();
    /// reader.read_game().unwrap();
    /// assert_eq!(reader.game_offset(), 18);
    /// ```
    pub fn game_offset(&self) -> u64 {
        self.game_offset
    }

    /// The 1-based line of the byte at [`Reader::game_offset`], counted as
    /// [`Reader::line`] counts.
    ///
    /// ```
    /// use pacru_notation::pgr::Reader;
    /// let text = "[Result \"*\"]\n\n*\n\n\n[Result \"*\"]\n\n*\n";
    /// let mut reader = Reader::new(text.as_bytes());
    /// reader.read_game().unwrap();
    /// assert_eq!(reader.game_line(), 1);
    /// reader.read_game().unwrap();
    /// assert_eq!(reader.game_line(), 6);
    /// ```
    pub fn game_line(&self) -> usize {
        self.game_line
    }

    /// The 1-based column (in characters) of the byte at
    /// [`Reader::game_offset`]; 1 when the game begins a line.
    pub fn game_column(&self) -> usize {
        self.game_column
    }

    /// Reads the next game; `Ok(None)` at the end of the input.
    pub fn read_game(&mut self) -> Result<Option<Game>, PgrError> {
        let mut builder = GameBuilder {
            game: None,
            moves_hint: self.moves_hint,
        };
        let game = self.read_with(&mut builder)?;
        if let Some(g) = &game {
            self.moves_hint = g.moves.len().min(1 << 12);
        }
        Ok(game)
    }

    /// Reads the next game into `visitor`; `Ok(None)` at the end of the input.
    pub fn read_with<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Result<Option<V::Output>, PgrError> {
        if self.done {
            return Ok(None);
        }
        if let Some(resync) = self.resync.take() {
            self.skip_to_next_game(resync);
        }
        let mut state = GameState {
            index: self.games + 1,
            start: self.here(),
            in_movetext: false,
            checked: Default::default(),
            any_move: false,
            setup_tag: false,
            setup_broken: false,
        };
        let read = self.parse_game(visitor, &mut state);
        let out = self.game_read(read, &mut state);
        self.tags.recycle(&mut state.checked);
        out
    }

    /// The outcome of reading the game of `state`, `read` by `parse_game`.
    fn game_read<O>(
        &mut self,
        read: Result<Option<O>, Fail>,
        state: &mut GameState,
    ) -> Result<Option<O>, PgrError> {
        match read {
            Ok(Some(out)) => Ok(Some(out)),
            Ok(None) => {
                self.done = true;
                match self.io_error.take() {
                    Some(e) => Err(self.io_failure(state, e)),
                    None => Ok(None),
                }
            }
            Err(fail) => {
                if let Some(e) = self.io_error.take() {
                    self.done = true;
                    return Err(self.io_failure(state, e));
                }
                if self.lenient {
                    self.resync = Some(fail.resync);
                } else {
                    self.done = true;
                }
                let result_tag = state.checked[0].take().map(|(v, _)| v);
                let place = fail.place.unwrap_or(if state.in_movetext {
                    ErrorPlace::Movetext
                } else {
                    ErrorPlace::Tags {
                        setup_read: !state.setup_broken,
                    }
                });
                Err(PgrError {
                    game: state.index,
                    offset: fail.at.offset,
                    line: fail.at.line,
                    column: fail.at.column,
                    message: fail.message,
                    game_line: state.start.line,
                    game_offset: state.start.offset,
                    result_tag,
                    place,
                    token: fail.token.map(String::into_boxed_str),
                })
            }
        }
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = Result<Game, PgrError>;

    fn next(&mut self) -> Option<Result<Game, PgrError>> {
        self.read_game().transpose()
    }
}

#[cfg(test)]
mod tests;
