//! The live game a page opens on: a game to play and record on the board, from
//! the standard start, from a position, or continuing a recorded game.

use pacru_core::{Players, Position, RulesEdition};
use pacru_notation::pgr::{Game, SetupError};
use serde_json::json;

/// A game to play on the page: its tags (which say where it starts: `Players`,
/// `Seats`, `Rules`, `Position`) and the moves played so far. Its start position
/// can always be read from its tags.
///
/// ```
/// use pacru_view::page::{LiveGame, PageWriter};
/// use pacru_core::RulesEdition;
/// let live = LiveGame::standard(3, RulesEdition::Pacru2011).unwrap();
/// let mut page = PageWriter::new(Vec::new(), "club night").unwrap();
/// page.live_game(live);
/// let html = String::from_utf8(page.finish().unwrap()).unwrap();
/// assert!(html.contains(r#"id="live-game""#));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveGame {
    game: Game,
}

impl LiveGame {
    /// A game from the standard start for `players` players (2 to 4, in the
    /// default colours and seats) under `rules`.
    pub fn standard(players: usize, rules: RulesEdition) -> Result<LiveGame, SetupError> {
        let colours = Players::default_for(players).map_err(|error| SetupError {
            tag: "Players".into(),
            message: error.to_string(),
        })?;
        let mut game = Game::new();
        let letters: String = colours.as_slice().iter().map(|c| c.letter()).collect();
        game.tags.set("Players", &letters);
        game.tags.set("Rules", rules.year());
        LiveGame::from_game(game)
    }

    /// A game starting at `position`, under its rules edition.
    pub fn from_position(position: &Position) -> Result<LiveGame, SetupError> {
        let mut game = Game::new();
        game.tags.set("Rules", position.rules().year());
        game.tags.set("Position", &position.to_ppn().to_string());
        LiveGame::from_game(game)
    }

    /// A recorded game, to be continued: its tags and moves (`pass`es left out;
    /// the page's rules remove blocked players themselves). Fails when its tags
    /// describe no start position.
    pub fn from_game(game: Game) -> Result<LiveGame, SetupError> {
        game.start_position()?;
        Ok(LiveGame { game })
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The page's JSON of the game: `{"tags": [[name, value], ...], "moves": [...],
    /// "result": "*"}`.
    pub(crate) fn to_json(&self) -> String {
        let tags: Vec<_> = self.game.tags.iter().map(|(n, v)| json!([n, v])).collect();
        let moves: Vec<_> = self
            .game
            .moves
            .iter()
            .filter(|entry| !entry.is_pass())
            .map(|entry| entry.canonical_text())
            .collect();
        json!({ "tags": tags, "moves": moves, "result": self.game.result.to_string() }).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pacru_notation::pgr::Reader;

    #[test]
    fn a_standard_game_names_its_players_and_rules() {
        let live = LiveGame::standard(4, RulesEdition::Pacru2004).unwrap();
        assert_eq!(
            live.to_json(),
            r#"{"moves":[],"result":"*","tags":[["Players","KRYG"],["Rules","2004"]]}"#
        );
        assert!(LiveGame::standard(5, RulesEdition::Pacru2004).is_err());
    }

    #[test]
    fn a_recorded_game_keeps_its_tags_and_moves_without_passes() {
        let record = "[Position \"9/9/9/9/9/9/9/9/9 Ke5N,Re9S,Ya1SW K KRY\"]\n[Event \"<b>\"]\n\n1. e5-e6 e9-e8 pass *\n";
        let game = Reader::new(record.as_bytes()).read_game().unwrap().unwrap();
        let json = LiveGame::from_game(game).unwrap().to_json();
        assert!(json.contains(r#""moves":["e5-e6","e9-e8"]"#), "{json}");
        assert!(json.contains(r#"["Event","<b>"]"#), "{json}");
    }

    #[test]
    fn tags_without_a_start_position_are_refused() {
        let mut game = Game::new();
        game.tags.set("Players", "KK");
        let error = LiveGame::from_game(game).unwrap_err();
        assert_eq!(error.tag, "Players");
    }
}
