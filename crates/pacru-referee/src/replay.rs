//! Replaying a game move by move under the rules, and the end of the game
//! compared with its result.

use crate::verdict::{GameError, Verdict, VerdictStatus};
use pacru_core::{Colour, Effects, IllegalMove, Move, OutReason, Position, Rule};
use pacru_notation::pgr::GameResult;

/// What a replay tells, ply by ply, to a consumer that shows the game (a viewer):
/// the referee's replay is the only one, and it calls these as it goes. The
/// default methods do nothing and [`Observer::WATCHES`] is false, so that the
/// plain referee (`()`) computes no effects and copies no position.
pub trait Observer {
    /// Whether the replay computes the effects and keeps the position before
    /// each ply for [`Observer::ply`]; false skips both (and the calls).
    const WATCHES: bool = true;

    /// A ply the referee accepted.
    fn ply(&mut self, _step: &PlyStep<'_>) {}

    /// A `pass` the referee accepted (for a player removed as blocked), written
    /// at `line` and `column`, after `plies` plies.
    fn pass(&mut self, _plies: usize, _line: usize, _column: usize) {}
}

/// Why a `pass` is illegal where it stands for no player removed as blocked
/// (R2): the referee's words, for every interface that refuses one.
///
/// ```
/// let refusal = pacru_referee::pass_refused();
/// assert_eq!(refusal.rule, pacru_core::Rule::R2);
/// assert!(refusal.reason.starts_with("a player who can move must move"));
/// ```
pub fn pass_refused() -> IllegalMove {
    IllegalMove::pass()
}

/// The plain referee: no observer.
impl Observer for () {
    const WATCHES: bool = false;
}

/// One accepted ply, as [`Observer::ply`] gets it.
#[derive(Debug)]
pub struct PlyStep<'a> {
    /// The 1-based index of the ply (`pass`es are not plies).
    pub ply: usize,
    /// The player who moved.
    pub mover: Colour,
    /// The move.
    pub mv: &'a Move,
    /// The move as written.
    pub text: &'a str,
    /// The line of the move in the record.
    pub line: usize,
    /// The column of the move, in characters.
    pub column: usize,
    /// The position before the move.
    pub before: &'a Position,
    /// The position after the move.
    pub after: &'a Position,
    /// What the move did.
    pub effects: &'a Effects,
}

/// A game being refereed move by move: shared by [`check_game`](crate::check_game)
/// and [`Checker`](crate::Checker).
pub(crate) struct Replay {
    pub(crate) verdict: Verdict,
    pub(crate) pos: Option<Position>,
    /// How many `pass`es may come next (players just removed as blocked).
    passes: usize,
}

impl Replay {
    pub(crate) fn new(index: usize, line: usize, result: &str, moves: usize) -> Replay {
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

    pub(crate) fn malformed(&mut self, line: usize, column: usize, message: String) {
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

    pub(crate) fn start(&mut self, pos: Position, passes: usize) {
        self.pos = Some(pos);
        self.passes = passes;
    }

    /// Plays one entry (`None`: `pass`); false once the game cannot go on.
    #[cfg_attr(not(target_family = "wasm"), inline)]
    pub(crate) fn entry<O: Observer>(
        &mut self,
        mv: Option<&Move>,
        text: &str,
        line: usize,
        column: usize,
        observer: &mut O,
    ) -> bool {
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
                if O::WATCHES {
                    observer.pass(verdict.plies, line, column);
                }
                return true;
            }
            let refusal = pass_refused();
            verdict.reject_ply(line, column, text, refusal.rule, refusal.reason);
            return false;
        };
        let mover = pos.to_move();
        if O::WATCHES {
            return match pos.explain(mv) {
                Ok(effects) => {
                    let before = pos.clone();
                    pos.play_unchecked(mv);
                    verdict.movers.push(mover);
                    self.passes = effects
                        .out
                        .iter()
                        .filter(|(_, reason)| *reason == OutReason::Blocked)
                        .count();
                    verdict.plies += 1;
                    observer.ply(&PlyStep {
                        ply: verdict.plies,
                        mover,
                        mv,
                        text,
                        line,
                        column,
                        before: &before,
                        after: pos,
                        effects: &effects,
                    });
                    true
                }
                Err(e) => {
                    verdict.reject_ply(line, column, text, e.rule, e.reason);
                    false
                }
            };
        }
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
    pub(crate) fn syntax_error(mut self, error: GameError) -> Verdict {
        let verdict = &mut self.verdict;
        verdict.status = VerdictStatus::Malformed;
        verdict.winner = self.pos.as_ref().and_then(Position::winner);
        verdict.final_position = self.pos.take();
        verdict.error = Some(error);
        self.verdict
    }

    /// Checks the result against the rules and returns the verdict.
    pub(crate) fn finish(
        mut self,
        termination: Option<&str>,
        line: usize,
        column: usize,
    ) -> Verdict {
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
