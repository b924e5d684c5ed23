//! Building game records from moves: the tags `pacru` writes and the result.

use pacru_core::RulesEdition;
use pacru_core::{Colour, Move, Position, Status};
use pacru_notation::pgr::{Game, MoveEntry, write_game};

/// A game record being built move by move from a start position.
#[derive(Debug)]
pub struct Recorder {
    game: Game,
    position: Position,
}

impl Recorder {
    /// A record of a game from the standard start of `position`'s players, with
    /// the given tags (in any order; the writer puts them in canonical order).
    pub fn new(position: Position, tags: &[(&str, String)]) -> Recorder {
        let mut game = Game::new();
        for (name, value) in tags {
            game.tags.set(name, value);
        }
        let players: String = position.players().iter().map(Colour::letter).collect();
        game.tags.set("Players", &players);
        game.tags.set("Rules", position.rules().year());
        game.set_result("*");
        Recorder { game, position }
    }

    /// The position after the moves recorded so far.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Records `mv`, which must be legal (it comes from the move generator).
    pub fn play(&mut self, mv: Move) {
        self.position.play_unchecked(&mv);
        self.game.moves.push(MoveEntry::new(mv));
    }

    /// The finished record: if the rules have ended the game, the winner's
    /// `Result` and `Termination "rules"`; otherwise `Result "*"`.
    pub fn finish(mut self) -> Game {
        match self.position.status() {
            Status::Won { winner, .. } => {
                self.game.set_result(winner.word());
                self.game.tags.set("Termination", "rules");
            }
            Status::Ongoing | Status::NoWinner => self.game.set_result("*"),
        }
        self.game
    }
}

/// The text of an empty record (no moves, `Result "*"`) for a standard start.
pub fn empty_record(colours: &[Colour], seats: &str, rules: RulesEdition) -> String {
    let mut game = Game::new();
    let players: String = colours.iter().map(|c| c.letter()).collect();
    for colour in colours {
        game.tags.set(colour.word(), "?");
    }
    game.tags.set("Players", &players);
    game.tags.set("Seats", seats);
    game.tags.set("Rules", rules.year());
    game.set_result("*");
    write_game(&game)
}
