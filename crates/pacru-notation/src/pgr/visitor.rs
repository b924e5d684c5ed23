//! The streaming interface of the reader: a [`Visitor`] is told about each part of a
//! game as it is read, without building a [`Game`](super::Game).

use super::GameResult;
use pacru_core::Move;

/// Whether to skip the rest of a game (its movetext).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Skip(pub bool);

/// Where a game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameStart {
    /// The 1-based index of the game in the input.
    pub index: usize,
    /// The 1-based line of its first tag (or first token when it has no tags).
    pub line: usize,
    /// The byte offset of its start.
    pub offset: u64,
}

/// One move token of the movetext.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveToken<'a> {
    /// The move as written.
    pub text: &'a str,
    /// The move; `None` for `pass`. Lent, like the text: a visitor that
    /// keeps it clones it, one that only looks at it (a referee) copies
    /// nothing.
    pub mv: Option<&'a Move>,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

/// Receives the parts of each game as the [`Reader`](super::Reader) reads them, in
/// input order: `begin_game`, `tag`s, `begin_movetext`, then `move_token`, `glyph`
/// and `comment` in the order written, then `result` and `end_game`.
///
/// Syntax is checked by the reader: a visitor is only told about well-formed
/// parts. When a game turns out to be malformed, the reader returns the error and
/// does not call `end_game`; the next game starts with `begin_game` again, so a
/// visitor should reset its state there.
///
/// Returning `Skip(true)` from `begin_movetext` skips the game cheaply: the
/// movetext is only scanned for its end (tokens are classified but moves are not
/// parsed, so a misspelt move goes unnoticed; nothing is reported), then
/// `result` and `end_game` are called.
pub trait Visitor {
    /// What a game is turned into.
    type Output;

    /// A game starts.
    fn begin_game(&mut self, start: GameStart) {
        let _ = start;
    }

    /// A comment before the game's first tag (called after `begin_game`, before
    /// the first `tag`): the text as for [`Visitor::comment`]. Comments before
    /// a game that has no tags are movetext comments ([`Visitor::comment`]).
    fn comment_before_tags(&mut self, text: &str) {
        let _ = text;
    }

    /// A tag pair, value unescaped; `line` is where it was written.
    fn tag(&mut self, name: &str, value: &str, line: usize) {
        let _ = (name, value, line);
    }

    /// The tags are done (and their values checked); return `Skip(true)` to skip
    /// the movetext.
    fn begin_movetext(&mut self) -> Skip {
        Skip(false)
    }

    /// A move or `pass`.
    fn move_token(&mut self, token: MoveToken<'_>) {
        let _ = token;
    }

    /// An annotation glyph (`!`, `?`, `!!`, `??`, `!?`, `?!` or `$N`) after the last move.
    fn glyph(&mut self, glyph: &str) {
        let _ = glyph;
    }

    /// A comment: the text between `{` and `}`, or after `;` to the end of the line
    /// (line breaks as `\n`).
    fn comment(&mut self, text: &str) {
        let _ = text;
    }

    /// The result token, where it was written.
    fn result(&mut self, result: GameResult, line: usize, column: usize) {
        let _ = (result, line, column);
    }

    /// The game is complete and well-formed.
    fn end_game(&mut self) -> Self::Output;
}
