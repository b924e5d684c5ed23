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
}
