//! A game's record: the canonical PGR that `pacru fmt` writes and `pacru check`
//! finds `ok` for every finished game.

use super::state::GameState;
use crate::clock::record_date;
use pacru_notation::pgr::{Game, GameRecorder, Tags};

impl GameState {
    /// The record of the game as it stands; `site` is the server's address.
    pub fn record(&self, site: &str) -> Game {
        let mut tags = Tags::new();
        tags.set(
            "Event",
            if self.rated {
                "Rated game"
            } else {
                "Casual game"
            },
        );
        tags.set("Site", &format!("{site}/games/{}", self.id));
        tags.set("Date", &record_date(self.started.unwrap_or(self.created)));
        tags.set("Round", "-");
        // A name tag per seat: `?` (unknown, as PGN writes it) for a seat
        // nobody took before the game was given up.
        for seat in &self.seats {
            let name = seat.user.as_ref().map_or("?", |user| user.name.as_str());
            tags.set(seat.colour.word(), name);
        }
        let letters: String = self.seats.iter().map(|s| s.colour.letter()).collect();
        tags.set("Players", &letters);
        tags.set("Rules", self.rules.year());
        tags.set("TimeControl", &self.time_control.tag());
        if let Some(termination) = self.termination {
            tags.set("Termination", termination.as_str());
        }
        let mut recorder = match GameRecorder::new(tags) {
            Ok(recorder) => recorder,
            // The tags above always describe the standard start.
            Err(_) => return Game::new(),
        };
        for played in &self.moves {
            // Every stored move was refereed when it was played.
            if recorder.play(&played.mv).is_err() {
                break;
            }
            if played.on_time {
                recorder.comment("out of time");
            }
        }
        recorder.set_result(self.result, self.termination.map(|t| t.as_str()));
        recorder.finish()
    }
}
