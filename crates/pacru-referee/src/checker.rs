//! The streaming referee: a [`Visitor`] of the reader that gives each game's
//! verdict as it is read.

use crate::game::referee_game;
use crate::replay::Replay;
use crate::verdict::{GameError, Verdict};
use pacru_core::{Position, RulesEdition};
use pacru_notation::pgr::{
    ErrorPlace, Game, GameResult, GameStart, MoveToken, PgrError, SETUP_TAGS, Skip, Visitor,
};

/// Referees games as the [`Reader`](pacru_notation::pgr::Reader) reads them,
/// without building [`Game`]s: the same verdicts as [`check_game`](crate::check_game),
/// faster.
///
/// ```
/// use pacru_notation::pgr::Reader;
/// use pacru_referee::{Checker, VerdictStatus};
/// let text = "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
/// let mut reader = Reader::new(text.as_bytes()).lenient();
/// let mut checker = Checker::new();
/// let verdict = reader.read_with(&mut checker).unwrap().unwrap();
/// assert_eq!((verdict.status, verdict.plies), (VerdictStatus::Ok, 2));
/// ```
///
/// A game that does not parse comes back from the reader as a
/// [`PgrError`]; turn it into a verdict with [`Checker::malformed`] (refereed up
/// to the error) or [`malformed`](crate::malformed).
pub struct Checker {
    default_rules: RulesEdition,
    index: usize,
    line: usize,
    tags: RefereeTags,
    /// The starts of recent games with their setup tags and the passes due at
    /// the start, newest last: files play most games from a few starts.
    starts: Vec<(RefereeTags, Position, usize)>,
    replay: Option<Replay>,
    result_at: (usize, usize),
    /// The moves (not `pass`es) of the current game read so far.
    moves_read: usize,
}

/// The first capacity of a [`Checker`]'s list of movers: most games fit.
const MOVERS_CAPACITY: usize = 256;

/// How many start positions a [`Checker`] keeps for reuse.
const STARTS_KEPT: usize = 8;

/// The tags that matter to the referee, in the order of `SETUP_TAGS`;
/// the value buffers are reused from game to game.
#[derive(Clone, Debug, Default)]
struct RefereeTags {
    values: [String; 6],
    present: [bool; 6],
}

impl RefereeTags {
    /// The tags before this index decide the start position.
    const SETUP: usize = 4;
    const RESULT: usize = 4;
    const TERMINATION: usize = 5;

    fn get(&self, i: usize) -> Option<&str> {
        self.present[i].then(|| self.values[i].as_str())
    }

    fn clear(&mut self) {
        self.present = [false; 6];
    }

    fn set(&mut self, name: &str, value: &str) {
        if let Some(i) = setup_tag_index(name) {
            self.values[i].clear();
            self.values[i].push_str(value);
            self.present[i] = true;
        }
    }

    /// Whether the tags that decide the start position equal those of `other`.
    fn same_setup(&self, other: &RefereeTags) -> bool {
        (0..Self::SETUP).all(|i| self.get(i) == other.get(i))
    }

    /// A game holding these tags, to compute its start position.
    fn setup_game(&self, line: usize) -> Game {
        let mut game = Game::new();
        game.line = line;
        for (i, name) in SETUP_TAGS.iter().enumerate() {
            if let Some(value) = self.get(i) {
                game.tags.set(name, value);
            }
        }
        game
    }
}

/// The index of `name` in `SETUP_TAGS`, if it is one of them.
fn setup_tag_index(name: &str) -> Option<usize> {
    match name {
        "Players" => Some(0),
        "Seats" => Some(1),
        "Rules" => Some(2),
        "Position" => Some(3),
        "Result" => Some(RefereeTags::RESULT),
        "Termination" => Some(RefereeTags::TERMINATION),
        _ => None,
    }
}

impl Default for Checker {
    fn default() -> Checker {
        Checker::new()
    }
}

impl Checker {
    /// Referees a game in memory, numbering its verdict `number` (its place in
    /// its file) and playing it under this checker's default rules if it has no
    /// `Rules` tag.
    ///
    /// ```
    /// use pacru_core::RulesEdition;
    /// use pacru_notation::pgr::Game;
    /// use pacru_referee::Checker;
    ///
    /// let checker = Checker::with_default_rules(RulesEdition::Pacru2011);
    /// let verdict = checker.check_game(&Game::new(), 7);
    /// assert_eq!(verdict.game, 7);
    /// assert_eq!(verdict.final_position.unwrap().rules(), RulesEdition::Pacru2011);
    /// ```
    pub fn check_game(&self, game: &Game, number: usize) -> Verdict {
        referee_game(game, number, self.default_rules)
    }

    /// A checker; games without a `Rules` tag are played under the 2004 rules.
    pub fn new() -> Checker {
        Checker::with_default_rules(RulesEdition::default())
    }

    /// A checker playing games without a `Rules` tag under `default_rules` (the
    /// meaning of `pacru check --rules`).
    pub fn with_default_rules(default_rules: RulesEdition) -> Checker {
        Checker {
            default_rules,
            index: 0,
            line: 0,
            tags: RefereeTags::default(),
            starts: Vec::new(),
            replay: None,
            result_at: (0, 0),
            moves_read: 0,
        }
    }

    /// The verdict on the game the reader has just reported as malformed with
    /// `err` (this checker being the reader's visitor): refereed up to its syntax
    /// error. `plies` are the legal moves before it; `final_position` is the
    /// position before the unreadable token, or the start position for an error
    /// in the tag section (`None` when the setup tags cannot be read);
    /// `error.ply` is the index the unreadable token would have as a ply
    /// (`None` in the tag section and after the last move); `error.move_text`
    /// is the token.
    pub fn malformed(&mut self, err: &PgrError) -> Verdict {
        let result = err.result_tag.as_deref().unwrap_or("*");
        let (replay, ply) = match err.place {
            ErrorPlace::Tags { setup_read } => {
                let mut replay = Replay::new(err.game, err.game_line, result, 0);
                if setup_read
                    && err.game == self.index
                    && let Ok((pos, _)) = self.start_position()
                {
                    replay.pos = Some(pos);
                }
                (replay, None)
            }
            ErrorPlace::Movetext | ErrorPlace::AfterMoves => {
                // The error may lie in a game whose start the checker never
                // saw (text after a result that opens no game properly): then
                // none of the replay and moves it holds are that game's.
                let this_game = err.game == self.index;
                let replay = match self.replay.take() {
                    Some(replay) if this_game => replay,
                    _ => {
                        let mut replay = Replay::new(err.game, err.game_line, result, 0);
                        // The reader stops in a comment before the game's first
                        // tag without beginning the game: a game without tags
                        // (the error is its movetext's), which stands at the
                        // start position.
                        if !this_game && err.place == ErrorPlace::Movetext {
                            self.tags.clear();
                            self.line = err.game_line;
                            if let Ok((pos, _)) = self.start_position() {
                                replay.pos = Some(pos);
                            }
                        }
                        replay
                    }
                };
                let moves_read = if this_game { self.moves_read } else { 0 };
                let ply = (err.place == ErrorPlace::Movetext).then_some(moves_read + 1);
                (replay, ply)
            }
        };
        let mut replay = replay;
        replay.verdict.game = err.game;
        replay.verdict.line = err.game_line;
        replay.verdict.result = result.to_string();
        self.replay = None;
        replay.syntax_error(GameError {
            ply,
            line: err.line,
            column: err.column,
            move_text: err.token.as_deref().map(str::to_string),
            rule: None,
            message: err.message.clone(),
        })
    }

    /// The start position of the current game and the passes due at its start.
    fn start_position(&mut self) -> Result<(Position, usize), String> {
        if let Some((_, pos, passes)) = self
            .starts
            .iter()
            .rev()
            .find(|(tags, _, _)| tags.same_setup(&self.tags))
        {
            return Ok((pos.clone(), *passes));
        }
        let setup = self.tags.setup_game(self.line);
        let pos = setup
            .start_position_or(self.default_rules)
            .map_err(|e| e.to_string())?;
        let passes = setup.blocked_at_start(&pos);
        if self.starts.len() == STARTS_KEPT {
            self.starts.remove(0);
        }
        self.starts.push((self.tags.clone(), pos.clone(), passes));
        Ok((pos, passes))
    }
}

impl Visitor for Checker {
    type Output = Verdict;

    fn begin_game(&mut self, start: GameStart) {
        self.tags.clear();
        self.line = start.line;
        self.index = start.index;
        self.replay = None;
        self.result_at = (0, 0);
        self.moves_read = 0;
    }

    fn tag(&mut self, name: &str, value: &str, _line: usize) {
        self.tags.set(name, value);
    }

    fn begin_movetext(&mut self) -> Skip {
        let result = self.tags.get(RefereeTags::RESULT).unwrap_or("*");
        let mut replay = Replay::new(self.index, self.line, result, MOVERS_CAPACITY);
        match self.start_position() {
            Ok((pos, passes)) => replay.start(pos, passes),
            Err(message) => replay.malformed(self.line, 1, message),
        }
        self.replay = Some(replay);
        Skip(false)
    }

    // Inlined natively, with `Replay::entry` inlined in it: the reader's fast
    // path then makes one call a ply. Not in WebAssembly, where the copies of
    // the two in every reader would make the module 19 KiB larger.
    #[cfg_attr(not(target_family = "wasm"), inline)]
    fn move_token(&mut self, token: MoveToken<'_>) {
        self.moves_read += usize::from(token.mv.is_some());
        if let Some(replay) = &mut self.replay {
            replay.entry(token.mv, token.text, token.line, token.column, &mut ());
        }
    }

    fn result(&mut self, _result: GameResult, line: usize, column: usize) {
        // The reader has checked that the token equals the Result tag.
        self.result_at = (line, column);
    }

    fn end_game(&mut self) -> Verdict {
        let replay = self
            .replay
            .take()
            .unwrap_or_else(|| Replay::new(self.index, self.line, "*", 0));
        let (line, column) = self.result_at;
        replay.finish(self.tags.get(RefereeTags::TERMINATION), line, column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game that opens with an unclosed comment right after another game's
    /// result is malformed at its own first ply, not at the ply after the
    /// other game's moves (found by the `read_parts` fuzz target: reading the
    /// file in parts, with a checker that had seen no game before, said ply 1).
    #[test]
    fn an_error_in_a_game_never_begun_is_at_its_first_ply() {
        use pacru_notation::pgr::Reader;
        let text = "[Result \"*\"]\n\n1. e1-e2 e9-e8 2. a3-b2 *\n\n{never closed\n";
        let mut reader = Reader::new(text.as_bytes()).lenient();
        let mut checker = Checker::new();
        let first = reader.read_with(&mut checker).unwrap().unwrap();
        assert_eq!(first.plies, 3);
        let err = reader.read_with(&mut checker).unwrap_err();
        let second = checker.malformed(&err);
        assert_eq!(second.game, 2);
        assert_eq!(second.error.expect("an error").ply, Some(1));
    }

    #[test]
    fn setup_tag_index_agrees_with_setup_tags() {
        for (i, name) in SETUP_TAGS.iter().enumerate() {
            assert_eq!(setup_tag_index(name), Some(i), "{name}");
        }
        for name in ["Event", "players", "Result ", "", "Terminatio"] {
            assert_eq!(setup_tag_index(name), None, "{name}");
        }
    }
}
