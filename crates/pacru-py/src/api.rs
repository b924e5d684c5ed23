//! Every call into the text forms (`pacru-core`), the record writer
//! (`pacru-notation`) and the referee (`pacru-referee`), in one place, so that a
//! change of their API is a local edit.

use pacru_core::{Move, Position, RulesEdition};
use pacru_core::{MoveSyntaxError, PpnError};
use pacru_notation::pgr::{Game, PgrError, SetupError};
use pacru_referee::{Checker, Verdict};

/// The canonical PPN of `position`.
pub fn to_ppn(position: &Position) -> String {
    position.to_ppn().to_string()
}

/// The longest move text read, in characters, as in the npm package: far more
/// than any move needs (`a1>NE(...)` with every field of the board is under
/// 400), little enough that reading a hostile text stays cheap.
pub const MAX_MOVE_CHARS: usize = 65_536;

/// The longest PPN read, in characters, as in the npm package (a real one is
/// under 300).
pub const MAX_PPN_CHARS: usize = 65_536;

/// Whether `text` has more than `max` characters (counted only when its bytes
/// could be that many).
fn longer_than(text: &str, max: usize) -> bool {
    text.len() > max && text.chars().nth(max).is_some()
}

/// Reads a PPN; the position is played under `rules`. A text longer than
/// [`MAX_PPN_CHARS`] is refused before it is read.
pub fn from_ppn(text: &str, rules: RulesEdition) -> Result<Position, PpnError> {
    if longer_than(text, MAX_PPN_CHARS) {
        return Err(PpnError {
            column: MAX_PPN_CHARS + 1,
            message: format!("a position in PPN is at most {MAX_PPN_CHARS} characters long"),
        });
    }
    Position::from_ppn(text, rules)
}

/// Reads a move in move notation (syntax only). A text longer than
/// [`MAX_MOVE_CHARS`] is refused before it is read.
pub fn parse_move(text: &str) -> Result<Move, MoveSyntaxError> {
    if longer_than(text, MAX_MOVE_CHARS) {
        return Err(MoveSyntaxError {
            column: MAX_MOVE_CHARS + 1,
            message: format!("a move is at most {MAX_MOVE_CHARS} characters long"),
        });
    }
    text.parse()
}

/// The position `game` starts from, by its tags (`Rules` missing: 2004).
pub fn start_position(game: &Game) -> Result<Position, SetupError> {
    game.start_position()
}

/// The referee's verdict on `game`, the `index`-th of its input; a game without a
/// `Rules` tag is played under `rules`.
pub fn check_game(game: &Game, index: usize, rules: Option<RulesEdition>) -> Verdict {
    Checker::with_default_rules(rules.unwrap_or_default()).check_game(game, index)
}

/// Referees `game` as [`check_game`] does, telling `observer` every ply the
/// referee accepts: the referee's one replay.
pub fn replay_game<O: pacru_referee::Observer>(
    game: &Game,
    index: usize,
    rules: Option<RulesEdition>,
    observer: &mut O,
) -> Verdict {
    pacru_referee::replay_game(game, index, rules.unwrap_or_default(), observer)
}

/// A referee that checks games while the reader reads them; games without a
/// `Rules` tag are played under `rules`.
pub fn checker(rules: Option<RulesEdition>) -> Checker {
    Checker::with_default_rules(rules.unwrap_or_default())
}

/// The verdict on a game the reader could not parse, knowing nothing of its
/// moves (a reader driving a [`Checker`] gets the complete one from
/// [`Checker::malformed`]).
pub fn malformed(error: &PgrError) -> Verdict {
    pacru_referee::malformed(error)
}

/// The canonical PGR text of `game`.
pub fn write_game(game: &Game) -> String {
    pacru_notation::pgr::write_game(game)
}
