//! Why a record cannot be imported.

use thiserror::Error;

/// Why an AbstractPlay record cannot be imported: what is wrong, and where (a JSON
/// path such as `$.moves[3][1]`; rounds and moves are also given 1-based).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ImportError {
    /// The text is not JSON.
    #[error("not JSON (line {line}, column {column}): {message}")]
    Json {
        /// The 1-based line of the problem.
        line: usize,
        /// The 1-based column of the problem.
        column: usize,
        /// What the JSON parser says.
        message: String,
    },
    /// A required member is missing.
    #[error("{path}: missing")]
    Missing {
        /// Where it should be.
        path: String,
    },
    /// A value has the wrong JSON type.
    #[error("{path}: expected {expected}, found {found}")]
    Type {
        /// Where.
        path: String,
        /// What was expected (for example "a string").
        expected: &'static str,
        /// What was found (for example "a number").
        found: &'static str,
    },
    /// The record is of another game.
    #[error("{path}: the record is of \"{name}\", not Pacru")]
    NotPacru {
        /// Where the game's name is.
        path: String,
        /// The game's name.
        name: String,
    },
    /// Pacru has 2 to 4 players.
    #[error("{path}: {count} players; Pacru has 2 to 4")]
    PlayerCount {
        /// Where the players are.
        path: String,
        /// How many there are.
        count: usize,
    },
    /// A variant this importer does not know (AbstractPlay's Pacru has none).
    #[error("{path}: unknown variant \"{variant}\" (AbstractPlay's Pacru has no variants)")]
    UnknownVariant {
        /// Where.
        path: String,
        /// The variant as written.
        variant: String,
    },
    /// A value that does not mean anything here (a bad date, a round with too
    /// many entries, ...).
    #[error("{path}: {message}")]
    Value {
        /// Where.
        path: String,
        /// What is wrong.
        message: String,
    },
    /// A move that cannot be translated.
    #[error("{path} (round {round}, move {index}): \"{text}\": {message}")]
    Move {
        /// Where.
        path: String,
        /// The 1-based round.
        round: usize,
        /// The 1-based entry within the round.
        index: usize,
        /// The move as written (cut to 40 characters).
        text: String,
        /// What is wrong.
        message: String,
    },
    /// An entry after the one that ended the game (`resign`, `timeout`, `draw`,
    /// `abandoned`).
    #[error(
        "{path} (round {round}, move {index}): \"{text}\" comes after the game ended with \"{ended_by}\""
    )]
    AfterEnd {
        /// Where.
        path: String,
        /// The 1-based round.
        round: usize,
        /// The 1-based entry within the round.
        index: usize,
        /// The entry as written (cut to 40 characters).
        text: String,
        /// The entry that ended the game.
        ended_by: String,
    },
}

impl ImportError {
    /// The JSON path of the problem (`$` for JSON syntax errors).
    pub fn path(&self) -> &str {
        match self {
            ImportError::Json { .. } => "$",
            ImportError::Missing { path }
            | ImportError::Type { path, .. }
            | ImportError::NotPacru { path, .. }
            | ImportError::PlayerCount { path, .. }
            | ImportError::UnknownVariant { path, .. }
            | ImportError::Value { path, .. }
            | ImportError::Move { path, .. }
            | ImportError::AfterEnd { path, .. } => path,
        }
    }
}
