//! A record as it arrives for a table: read, refereed and replayed, and
//! checked against the table before anything is stored.

use crate::error::EventError;
use pacru_core::RulesEdition;
use pacru_view::{GameView, Games};

/// The largest record a table takes, in bytes: a whole game is far smaller.
pub const MAX_RECORD_BYTES: u64 = 1 << 20;

/// A record received for a table: its bytes, verbatim, and its one game
/// replayed with the referee's verdict.
#[derive(Clone, Debug)]
pub struct Received {
    /// The name it came under (a file name, `-`).
    pub source: String,
    /// The bytes, as submitted.
    pub bytes: Vec<u8>,
    /// Its game, with the verdict as `pacru check` gives it.
    pub game: GameView,
}

impl Received {
    /// Reads `bytes`, named `source`, as the record of one game played under
    /// `rules` (for a record without a `Rules` tag). Refuses an input that is too
    /// large, holds no game or several, or is not a game record at all; a game
    /// that is illegal, malformed in its moves or inconsistent is a record all
    /// the same, with its verdict.
    pub fn read(source: &str, bytes: Vec<u8>, rules: RulesEdition) -> Result<Received, EventError> {
        if bytes.len() as u64 > MAX_RECORD_BYTES {
            return Err(EventError::RecordTooLarge {
                input: source.to_owned(),
                size: bytes.len() as u64,
                max: MAX_RECORD_BYTES,
            });
        }
        let mut games: Vec<GameView> = Games::new(bytes.as_slice())
            .source(source)
            .default_rules(rules)
            .take(3)
            .collect::<Result<_, _>>()
            .map_err(|e| EventError::Io {
                path: source.into(),
                source: e,
            })?;
        let count = if games.len() > 1 {
            Games::new(bytes.as_slice()).count()
        } else {
            games.len()
        };
        let game = match games.len() {
            0 => {
                return Err(EventError::NoGame {
                    input: source.to_owned(),
                });
            }
            1 => games.remove(0),
            _ => {
                return Err(EventError::SeveralGames {
                    input: source.to_owned(),
                    count,
                });
            }
        };
        // Unreadable from its tag section on, or from its very first token: the
        // text is no game record at all.
        let nothing_read = game.tags.is_empty() && game.plies.is_empty();
        if let Some(error) = game
            .syntax_error
            .as_ref()
            .filter(|e| !e.in_movetext || nothing_read)
        {
            return Err(EventError::NotARecord {
                input: source.to_owned(),
                line: error.line,
                column: error.column,
                message: error.message.clone(),
            });
        }
        Ok(Received {
            source: source.to_owned(),
            bytes,
            game,
        })
    }

    /// The record's players in order of play, as `Colour "name"` (or `Colour`
    /// alone, without a name).
    pub fn players(&self) -> Vec<String> {
        self.game
            .players
            .iter()
            .map(|p| match &p.name {
                Some(name) => format!("{} \"{name}\"", p.colour.word()),
                None => format!("{} (no name)", p.colour.word()),
            })
            .collect()
    }

    /// Whether the record names `seats` (player names, first seat first) in its
    /// order of play.
    pub fn names(&self, seats: &[&str]) -> bool {
        self.game.players.len() == seats.len()
            && self
                .game
                .players
                .iter()
                .zip(seats)
                .all(|(p, &name)| p.name.as_deref() == Some(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Received, EventError> {
        Received::read("r.pgr", text.as_bytes().to_vec(), RulesEdition::Pacru2004)
    }

    #[test]
    fn one_game_with_its_names() {
        let r =
            read("[Black \"Ada\"]\n[Red \"Bo\"]\n[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n").unwrap();
        assert!(r.names(&["Ada", "Bo"]));
        assert!(!r.names(&["Bo", "Ada"]));
        assert_eq!(r.players(), ["Black \"Ada\"", "Red \"Bo\""]);
    }

    #[test]
    fn what_is_not_one_record_is_refused() {
        let e = read("").unwrap_err().to_string();
        assert!(e.contains("no game record"), "{e}");
        let two = "[Result \"*\"]\n\n*\n\n[Result \"*\"]\n\n*\n\n[Result \"*\"]\n\n*\n\n[Result \"*\"]\n\n*\n";
        let e = read(two).unwrap_err().to_string();
        assert!(e.contains("4 game records"), "{e}");
        let e = read("[Black \"Ada\n").unwrap_err().to_string();
        assert!(e.starts_with("r.pgr: not a game record: line 1"), "{e}");
        let e = read("\u{7f}ELF\u{2}\u{1} [[[").unwrap_err().to_string();
        assert!(
            e.starts_with("r.pgr: not a game record: line 1, column 1"),
            "{e}"
        );
        let big = "x".repeat(MAX_RECORD_BYTES as usize + 1);
        assert!(
            read(&big)
                .unwrap_err()
                .to_string()
                .contains("more than the")
        );
    }
}
