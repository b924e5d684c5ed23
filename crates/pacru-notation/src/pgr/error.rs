//! Errors of reading game records.

use thiserror::Error;

/// A game record that does not parse (the game is **malformed**): which game, where,
/// and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("game {game}, line {line}, column {column}: {message}")]
pub struct PgrError {
    /// The 1-based index of the game in the input.
    pub game: usize,
    /// The byte offset of the problem in the input.
    pub offset: u64,
    /// The 1-based line of the problem.
    pub line: usize,
    /// The 1-based column of the problem, in characters.
    pub column: usize,
    /// What is wrong, in plain words.
    pub message: String,
    /// The 1-based line where the bad game starts.
    pub game_line: usize,
    /// The byte offset where the bad game starts.
    pub game_offset: u64,
    /// The value of the game's `Result` tag, if it was read before the problem.
    pub result_tag: Option<String>,
    /// Where in its game the problem stands, as the referee needs to know.
    pub place: ErrorPlace,
    /// The text of the token that cannot be read, when the problem is one token
    /// (a word, a glyph, a stray byte or bracket, a wrong result token).
    pub token: Option<Box<str>>,
}

/// Where in its game a syntax problem stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorPlace {
    /// In the tag section. `setup_read`: whether the tags that decide the start
    /// position (`Players`, `Seats`, `Rules`, `Position`) could all be read; the
    /// tag lines after a bad one are still read for them.
    Tags {
        /// Every setup tag line of the section is readable and its value valid.
        setup_read: bool,
    },
    /// In the movetext, where a move would stand (an unknown token, a move that
    /// does not parse, a bad glyph or comment, the size limit).
    Movetext,
    /// After the last move: a result token that differs from the `Result` tag,
    /// or no result token at all.
    AfterMoves,
}
