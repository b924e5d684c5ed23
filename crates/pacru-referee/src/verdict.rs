//! The referee's verdict on one game: its status, the first error and where the
//! game stood.

use pacru_core::{Colour, Position, Rule};
use pacru_notation::pgr::PgrError;
use std::fmt;

/// The outcome of refereeing a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VerdictStatus {
    /// Every move legal, the result consistent with the rules.
    Ok,
    /// A move is illegal.
    Illegal,
    /// The text does not parse (or the tags describe no start position).
    Malformed,
    /// The moves are legal but the `Result` disagrees with the rules.
    Inconsistent,
}

impl VerdictStatus {
    /// The status as written by `pacru check`: `ok`, `illegal`, `malformed`, `inconsistent`.
    pub const fn as_str(self) -> &'static str {
        match self {
            VerdictStatus::Ok => "ok",
            VerdictStatus::Illegal => "illegal",
            VerdictStatus::Malformed => "malformed",
            VerdictStatus::Inconsistent => "inconsistent",
        }
    }
}

impl fmt::Display for VerdictStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What is wrong with a game that is not `ok`, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    /// The 1-based index of the offending move among the plies (`pass` is not a
    /// ply; an illegal `pass` gets the index the next ply would have). For a
    /// syntax error in the movetext: the index the unreadable token would have
    /// as a ply. `None` for a syntax error in the tag section or after the last
    /// move, and for result inconsistencies.
    pub ply: Option<usize>,
    /// The 1-based line of the problem (the move, the result token, or the syntax error).
    pub line: usize,
    /// The 1-based column of the problem, in characters.
    pub column: usize,
    /// The offending move as written, for illegal moves; the unreadable token,
    /// for a syntax error that is one token.
    pub move_text: Option<String>,
    /// The rule broken; `None` for syntax problems (malformed games).
    pub rule: Option<Rule>,
    /// Why, in plain words (for an illegal move: the core's reason, without the rule).
    pub message: String,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        if let Some(text) = &self.move_text {
            write!(f, "{text}: ")?;
        }
        if let Some(rule) = self.rule {
            write!(f, "{rule}: ")?;
        }
        f.write_str(&self.message)
    }
}

/// The referee's verdict on one game: the data of one line of `pacru check --format json`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The 1-based index of the game in its file.
    pub game: usize,
    /// The line of the game's first tag.
    pub line: usize,
    /// The outcome.
    pub status: VerdictStatus,
    /// The number of moves applied successfully (`pass`es not counted).
    pub plies: usize,
    /// The `Result` tag as read (`*` when absent).
    pub result: String,
    /// The rules' winner after the applied moves, if the rules have ended the game.
    pub winner: Option<Colour>,
    /// The position after the applied moves (for `illegal`: the position in which
    /// the illegal move was tried; for `malformed`: the position before the
    /// unreadable token); `None` when the setup tags give no start position.
    pub final_position: Option<Position>,
    /// What is wrong, `None` when `ok`.
    pub error: Option<GameError>,
    /// The mover of each applied ply, in order.
    pub movers: Vec<Colour>,
}

impl Verdict {
    /// Whether the game is `ok`.
    pub fn is_ok(&self) -> bool {
        self.status == VerdictStatus::Ok
    }

    /// Adds `games` to the game's number and `lines` to its line and its
    /// error's (line 0, no place in the file, stays 0): the numbers of a game
    /// read from the middle of a file, counted from there, made the file's
    /// (with the games and line breaks before that point).
    ///
    /// ```
    /// use pacru_referee::check_game;
    /// use pacru_notation::pgr::Reader;
    /// let text = "[Result \"*\"]\n\n1. e1-e9 *\n";
    /// let game = Reader::new(text.as_bytes()).read_game().unwrap().unwrap();
    /// let mut verdict = check_game(&game);
    /// verdict.renumber(10, 100);
    /// assert_eq!((verdict.game, verdict.line), (11, 101));
    /// assert_eq!(verdict.error.unwrap().line, 103);
    /// ```
    pub fn renumber(&mut self, games: usize, lines: usize) {
        self.game += games;
        self.line += lines;
        if let Some(error) = self.error.as_mut().filter(|e| e.line > 0) {
            error.line += lines;
        }
    }
}

impl Verdict {
    /// Marks the next ply, written `text` at `line` and `column`, illegal under `rule`.
    #[cold]
    pub(crate) fn reject_ply(
        &mut self,
        line: usize,
        column: usize,
        text: &str,
        rule: Rule,
        message: String,
    ) {
        self.status = VerdictStatus::Illegal;
        self.error = Some(GameError {
            ply: Some(self.plies + 1),
            line,
            column,
            move_text: Some(text.to_string()),
            rule: Some(rule),
            message,
        });
    }
}

/// The verdict on a game that does not parse, knowing nothing of its moves:
/// status `malformed`, no plies, no position, no winner, no rule. A reader driving
/// a [`Checker`](crate::Checker) gets the complete verdict from
/// [`Checker::malformed`](crate::Checker::malformed), refereed
/// up to the syntax error.
pub fn malformed(err: &PgrError) -> Verdict {
    Verdict {
        game: err.game,
        line: err.game_line,
        status: VerdictStatus::Malformed,
        plies: 0,
        result: err.result_tag.clone().unwrap_or_else(|| "*".to_string()),
        winner: None,
        final_position: None,
        error: Some(GameError {
            ply: None,
            line: err.line,
            column: err.column,
            move_text: err.token.as_deref().map(str::to_string),
            rule: None,
            message: err.message.clone(),
        }),
        movers: Vec::new(),
    }
}
