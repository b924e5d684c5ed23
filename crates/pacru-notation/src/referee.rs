//! The referee: replays a game record under the rules and says whether it is
//! `ok`, `illegal`, `malformed` or `inconsistent` (the statuses of `pacru check`).

use crate::pgr::{
    ErrorPlace, Game, GameResult, GameStart, MoveToken, PgrError, SETUP_TAGS, Skip, Visitor,
    is_result_token,
};
use pacru_core::{Colour, Move, Position, Rule, RulesEdition};
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
}

impl Verdict {
    /// Marks the next ply, written `text` at `line` and `column`, illegal under `rule`.
    #[cold]
    fn reject_ply(&mut self, line: usize, column: usize, text: &str, rule: Rule, message: String) {
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
/// a [`Checker`] gets the complete verdict from [`Checker::malformed`], refereed
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

/// Referees `game`: replays its moves from the start position of its tags and
/// checks its result. The verdict numbers it game 1, and a game without a `Rules`
/// tag is played under the 2004 rules; [`Checker::check_game`] chooses both.
/// [`Game::replay`] is the same.
///
/// `pass` is accepted only right after a move (or at the start) that removed
/// blocked players, at most once per removed player, also when that removal
/// ended the game; elsewhere it is illegal under R2. A move after the end of the game is illegal under R16.
pub fn check_game(game: &Game) -> Verdict {
    referee_game(game, 1, RulesEdition::default())
}

/// Referees `game`, the `index`-th of its file, with `default_rules` for a game
/// without a `Rules` tag.
fn referee_game(game: &Game, index: usize, default_rules: RulesEdition) -> Verdict {
    // The Result tag, `*` when absent: the result token must equal it.
    let result = game.tags.get("Result").unwrap_or("*");
    let mut replay = Replay::new(index, game.line, result, game.moves.len());
    // A result token that differs from the tag, as the reader reports it: a
    // syntax error after the last move (in the tags, for a bad tag value).
    let mismatch =
        result_mismatch(result, game.tags.contains("Result"), game.result.token()).map(|message| {
            GameError {
                ply: None,
                line: game.result_line,
                column: game.result_column,
                move_text: is_result_token(result).then(|| game.result.token().to_string()),
                rule: None,
                message,
            }
        });
    match game.start_position_or(default_rules) {
        Ok(pos) => {
            let passes = game.blocked_at_start(&pos);
            replay.start(pos, passes);
        }
        Err(e) => {
            if let Some(error) = mismatch {
                return replay.syntax_error(error);
            }
            replay.malformed(game.line, 1, e.to_string());
            return replay.verdict;
        }
    }
    if let Some(error) = &mismatch
        && error.move_text.is_none()
    {
        return replay.syntax_error(error.clone());
    }
    for entry in &game.moves {
        if !replay.entry(entry.mv.as_ref(), &entry.text, entry.line, entry.column) {
            break;
        }
    }
    if let Some(error) = mismatch {
        return replay.syntax_error(error);
    }
    replay.finish(
        game.tags.get("Termination"),
        game.result_line,
        game.result_column,
    )
}

/// Why a result token does not match the `Result` tag (`*` when absent), if it does not.
fn result_mismatch(tag: &str, tag_present: bool, token: &str) -> Option<String> {
    if !is_result_token(tag) {
        Some(format!(
            "Result tag: '{}' is not a result: expected Black, Red, Yellow, Green, Blue, draw or *",
            crate::pgr::quote::shorten(tag)
        ))
    } else if tag == token {
        None
    } else if tag_present {
        Some(format!(
            "the result token '{token}' differs from the game's result: the Result tag is \"{tag}\""
        ))
    } else {
        Some(format!(
            "the result token '{token}' differs from the game's result: there is no Result tag, so the token must be *"
        ))
    }
}

/// A game being refereed move by move: shared by [`check_game`] and [`Checker`].
struct Replay {
    verdict: Verdict,
    pos: Option<Position>,
    /// How many `pass`es may come next (players just removed as blocked).
    passes: usize,
}

impl Replay {
    fn new(index: usize, line: usize, result: &str, moves: usize) -> Replay {
        Replay {
            verdict: Verdict {
                game: index,
                line,
                status: VerdictStatus::Ok,
                plies: 0,
                result: result.to_string(),
                winner: None,
                final_position: None,
                error: None,
                movers: Vec::with_capacity(moves),
            },
            pos: None,
            passes: 0,
        }
    }

    fn malformed(&mut self, line: usize, column: usize, message: String) {
        self.verdict.status = VerdictStatus::Malformed;
        self.verdict.error = Some(GameError {
            ply: None,
            line,
            column,
            move_text: None,
            rule: None,
            message,
        });
        self.pos = None;
    }

    fn start(&mut self, pos: Position, passes: usize) {
        self.pos = Some(pos);
        self.passes = passes;
    }

    /// Plays one entry (`None`: `pass`); false once the game cannot go on.
    fn entry(&mut self, mv: Option<&Move>, text: &str, line: usize, column: usize) -> bool {
        if self.verdict.status != VerdictStatus::Ok {
            return false;
        }
        let Some(pos) = &mut self.pos else {
            return false;
        };
        let verdict = &mut self.verdict;
        let Some(mv) = mv else {
            if self.passes > 0 {
                self.passes -= 1;
                return true;
            }
            verdict.reject_ply(
                line,
                column,
                text,
                Rule::R2,
                "a player who can move must move: pass stands only for a player removed as blocked, right after the move that blocked them".to_string(),
            );
            return false;
        };
        let mover = pos.to_move();
        match pos.try_play(mv) {
            Ok(played) => {
                verdict.movers.push(mover);
                // One pass may stand for each player removed as blocked, the
                // removal that ends the game included (AbstractPlay writes it).
                self.passes = played.blocked as usize;
            }
            Err(e) => {
                verdict.reject_ply(line, column, text, e.rule, e.reason);
                return false;
            }
        }
        verdict.plies += 1;
        true
    }

    /// Ends the replay at a syntax error: the verdict is `malformed`, with the
    /// plies, position and winner reached before it.
    fn syntax_error(mut self, error: GameError) -> Verdict {
        let verdict = &mut self.verdict;
        verdict.status = VerdictStatus::Malformed;
        verdict.winner = self.pos.as_ref().and_then(Position::winner);
        verdict.final_position = self.pos.take();
        verdict.error = Some(error);
        self.verdict
    }

    /// Checks the result against the rules and returns the verdict.
    fn finish(mut self, termination: Option<&str>, line: usize, column: usize) -> Verdict {
        let Some(pos) = self.pos.take() else {
            return self.verdict;
        };
        let verdict = &mut self.verdict;
        verdict.winner = pos.winner();
        if verdict.status == VerdictStatus::Ok
            && let Some(message) = inconsistency(termination, &pos, &verdict.result)
        {
            verdict.status = VerdictStatus::Inconsistent;
            verdict.error = Some(GameError {
                ply: None,
                line,
                column,
                move_text: None,
                rule: Some(Rule::R16),
                message,
            });
        }
        verdict.final_position = Some(pos);
        self.verdict
    }
}

/// Referees games as the [`Reader`](crate::pgr::Reader) reads them, without
/// building [`Game`]s: the same verdicts as [`check_game`], faster.
///
/// ```
/// use pacru_notation::pgr::Reader;
/// use pacru_notation::referee::{Checker, VerdictStatus};
/// let text = "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
/// let mut reader = Reader::new(text.as_bytes()).lenient();
/// let mut checker = Checker::new();
/// let verdict = reader.read_with(&mut checker).unwrap().unwrap();
/// assert_eq!((verdict.status, verdict.plies), (VerdictStatus::Ok, 2));
/// ```
///
/// A game that does not parse comes back from the reader as a
/// [`PgrError`]; turn it into a verdict with [`malformed`].
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
    /// use pacru_notation::referee::Checker;
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
                let replay = match self.replay.take() {
                    Some(replay) if err.game == self.index => replay,
                    _ => Replay::new(err.game, err.game_line, result, 0),
                };
                let ply = (err.place == ErrorPlace::Movetext).then_some(self.moves_read + 1);
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

    fn move_token(&mut self, token: MoveToken<'_>) {
        self.moves_read += usize::from(token.mv.is_some());
        if let Some(replay) = &mut self.replay {
            replay.entry(token.mv.as_ref(), token.text, token.line, token.column);
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

/// Why `result` disagrees with the rules in the final position, if it does.
fn inconsistency(termination: Option<&str>, pos: &Position, result: &str) -> Option<String> {
    let claimed = GameResult::from_token(result).and_then(GameResult::winner);
    if pos.is_finished() {
        return match (pos.winner(), claimed) {
            (Some(w), Some(c)) if w == c => None,
            (Some(w), _) => Some(format!(
                "the moves end the game and {w} has won, but the result is {result}"
            )),
            (None, None) => None,
            (None, Some(c)) => Some(format!(
                "the moves end the game without a winner, but the result is {c}"
            )),
        };
    }
    let c = claimed?;
    if !pos.players().contains(c) {
        return Some(format!(
            "the result is {c}, but {c} does not play in this game"
        ));
    }
    match termination {
        None => Some(format!(
            "the moves do not end the game, so the result {c} needs a Termination tag (resignation, time, adjudication, ...) saying how it ended"
        )),
        Some("rules") => Some(format!(
            "the result is {c} with Termination \"rules\", but the moves do not end the game under the rules"
        )),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
