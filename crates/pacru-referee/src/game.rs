//! Refereeing a game read into memory.

use crate::replay::{Observer, Replay};
use crate::verdict::{GameError, Verdict};
use pacru_core::RulesEdition;
use pacru_notation::pgr::{Game, GameResult, is_result_token};

/// Referees `game`: replays its moves from the start position of its tags and
/// checks its result. The verdict numbers it game 1, and a game without a `Rules`
/// tag is played under the 2004 rules; [`Checker::check_game`](crate::Checker::check_game) chooses both.
///
/// `pass` is accepted only right after a move (or at the start) that removed
/// blocked players, at most once per removed player, also when that removal
/// ended the game; elsewhere it is illegal under R2. A move after the end of the game is illegal under R16.
pub fn check_game(game: &Game) -> Verdict {
    referee_game(game, 1, RulesEdition::default())
}

/// Referees `game`, the `index`-th of its file, with `default_rules` for a game
/// without a `Rules` tag.
pub(crate) fn referee_game(game: &Game, index: usize, default_rules: RulesEdition) -> Verdict {
    replay_game(game, index, default_rules, &mut ())
}

/// Referees `game`, the `index`-th of its file (`default_rules` for a game
/// without a `Rules` tag), telling `observer` every ply and `pass` it accepts:
/// the verdict is [`check_game`]'s, and the plies told are exactly those it
/// counts.
///
/// ```
/// use pacru_core::RulesEdition;
/// use pacru_notation::pgr::Reader;
/// use pacru_referee::{Observer, PlyStep, replay_game};
///
/// struct Positions(Vec<String>);
/// impl Observer for Positions {
///     fn ply(&mut self, step: &PlyStep<'_>) {
///         self.0.push(step.after.to_ppn().to_string());
///     }
/// }
/// let text = "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
/// let game = Reader::new(text.as_bytes()).read_game().unwrap().unwrap();
/// let mut positions = Positions(Vec::new());
/// let verdict = replay_game(&game, 1, RulesEdition::default(), &mut positions);
/// assert_eq!(positions.0.len(), verdict.plies);
/// assert_eq!(positions.0[1], verdict.final_position.unwrap().to_ppn().to_string());
/// ```
pub fn replay_game<O: Observer>(
    game: &Game,
    index: usize,
    default_rules: RulesEdition,
    observer: &mut O,
) -> Verdict {
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
        if !replay.entry(
            entry.mv.as_ref(),
            &entry.text,
            entry.line,
            entry.column,
            observer,
        ) {
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
    if let Err(e) = GameResult::from_tag(tag) {
        Some(e.to_string())
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
