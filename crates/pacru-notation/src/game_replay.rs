//! [`Game::replay`]: a record's moves replayed under the rules.

use crate::pgr::Game;
use crate::referee::{Verdict, check_game};

impl Game {
    /// Replays the game under the rules, as `pacru check` does, and returns the
    /// verdict: how many plies were played, the final position, the winner and the
    /// first error (an illegal move, tags that give no start position, a result the
    /// moves do not support). The verdict is numbered as game 1; a game without a
    /// `Rules` tag is played under the 2004 rules
    /// ([`Checker::check_game`](crate::referee::Checker::check_game) chooses both).
    ///
    /// ```
    /// use pacru_notation::pgr::Reader;
    ///
    /// let record = "[Players \"KR\"]\n[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
    /// let game = Reader::new(record.as_bytes()).next().unwrap().unwrap();
    /// let verdict = game.replay();
    /// assert!(verdict.is_ok());
    /// assert_eq!(verdict.plies, 2);
    /// let position = verdict.final_position.unwrap();
    /// assert_eq!(position.to_move(), pacru_core::Colour::Black);
    /// ```
    pub fn replay(&self) -> Verdict {
        check_game(self)
    }
}
