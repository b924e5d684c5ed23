//! Openings: start positions (PPN, one per line) or game prefixes (PGR games whose
//! moves are played before the engines take over).

use crate::error::ArenaError;
use pacru_core::{Colour, Move, Position, RulesEdition, Seat};
use pacru_notation::pgr::{Reader, Tags};
use pacru_protocol::GameSetup;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// How one game starts: a start position or the standard start, and moves already
/// played. Stored in the journal, so a resumed event does not need the file again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opening {
    /// Where it came from, e.g. `book.pgr:3` (file and line), for comments.
    pub label: String,
    /// The players' colour letters in order of play, e.g. `KR`.
    pub players: String,
    /// Seat letters for the standard start (`None`: the default seats).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<String>,
    /// A start position (canonical PPN) instead of the standard start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Moves played from the start before the engines move (canonical notation).
    #[serde(default)]
    pub moves: Vec<String>,
}

impl Opening {
    /// The standard start for `players` players with the default colours and seats.
    pub fn standard(players: usize) -> Opening {
        Opening {
            label: "standard start".to_owned(),
            players: ["K", "R", "Y", "G"][..players.clamp(2, 4)].concat(),
            seats: None,
            position: None,
            moves: Vec::new(),
        }
    }

    /// The players in order of play.
    pub fn colours(&self) -> Vec<Colour> {
        self.players
            .chars()
            .filter_map(Colour::from_letter)
            .collect()
    }

    /// The game setup as the protocol sends it.
    pub fn setup(&self, rules: RulesEdition) -> GameSetup {
        GameSetup {
            players: self.colours(),
            seats: self
                .seats
                .as_ref()
                .map(|s| s.chars().filter_map(Seat::from_letter).collect()),
            position: self.position.clone(),
            rules,
        }
    }

    /// The record tags describing the start: `Players`, `Seats`, `Rules`, `Position`.
    pub fn tags(&self, rules: RulesEdition) -> Tags {
        let mut tags = Tags::new();
        tags.set("Players", &self.players);
        if let Some(seats) = &self.seats {
            tags.set("Seats", seats);
        }
        tags.set("Rules", rules.year());
        if let Some(ppn) = &self.position {
            tags.set("Position", ppn);
        }
        tags
    }

    /// The opening moves, parsed.
    pub fn parsed_moves(&self) -> Result<Vec<Move>, String> {
        self.moves
            .iter()
            .map(|m| m.parse::<Move>().map_err(|e| format!("{m}: {e}")))
            .collect()
    }

    /// Checks the opening under `rules` for a game of `players` players: the start
    /// is valid, every move legal, and the game not over. Returns the position
    /// where the engines take over.
    pub fn check(&self, rules: RulesEdition, players: usize) -> Result<Position, String> {
        if self.colours().len() != players {
            return Err(format!(
                "it has {} players ({}), the event {players}",
                self.colours().len(),
                self.players
            ));
        }
        let moves = self.parsed_moves()?;
        let pos = self
            .setup(rules)
            .replay(&moves)
            .map_err(|e| e.to_string())?;
        if pos.is_finished() {
            return Err("the game is already over".to_owned());
        }
        Ok(pos)
    }
}

/// Reads openings from `path`: a PGR file (its first non-blank line starts with
/// `[`), each game giving its start and its moves; or PPN positions, one per line
/// (blank lines and lines starting with `#` skipped). A byte order mark at the
/// start of the file is skipped. Each is checked under
/// `rules` for `players`-player games.
pub fn load_openings(
    path: &Path,
    rules: RulesEdition,
    players: usize,
) -> Result<Vec<Opening>, ArenaError> {
    let bad = |message: String| ArenaError::BadOpenings {
        path: path.to_owned(),
        message,
    };
    // Every error about the file names it as the openings file, a file that
    // cannot be read (missing, a directory, not UTF-8) too.
    let text = std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))?;
    // A byte order mark at the very start is not part of the text (notation.md),
    // neither of a PGR file nor of a list of positions.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let file = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let is_pgr = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.starts_with('['));
    let mut openings = Vec::new();
    if is_pgr {
        let mut reader = Reader::new(text.as_bytes());
        loop {
            let game = match reader.read_game() {
                Ok(Some(game)) => game,
                Ok(None) => break,
                Err(e) => return Err(bad(format!("game {}: {}", e.game, e))),
            };
            let label = format!("{file}:{}", game.line);
            let start = game
                .start_position_or(rules)
                .map_err(|e| bad(format!("{label}: {e}")))?;
            let position = game
                .tags
                .get("Position")
                .map(|_| start.clone().with_rules(rules).to_ppn().to_string());
            let seats = match (&position, game.tags.get("Seats")) {
                (None, Some(seats)) => Some(seats.to_owned()),
                _ => None,
            };
            let opening = Opening {
                label,
                players: start.players().iter().map(Colour::letter).collect(),
                seats,
                position,
                moves: game.plies().map(|m| m.to_string()).collect(),
            };
            opening
                .check(rules, players)
                .map_err(|e| bad(format!("{}: {e}", opening.label)))?;
            openings.push(opening);
        }
    } else {
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let label = format!("{file}:{}", i + 1);
            let pos = Position::from_ppn(line, rules).map_err(|e| bad(format!("{label}: {e}")))?;
            let opening = Opening {
                label,
                players: pos.players().iter().map(Colour::letter).collect(),
                seats: None,
                position: Some(pos.to_ppn().to_string()),
                moves: Vec::new(),
            };
            opening
                .check(rules, players)
                .map_err(|e| bad(format!("{}: {e}", opening.label)))?;
            openings.push(opening);
        }
    }
    if openings.is_empty() {
        return Err(bad("no openings in the file".to_owned()));
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_does_not_hide_the_format() {
        let dir = std::env::temp_dir().join(format!("pacru-arena-bom-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pgr = dir.join("book.pgr");
        std::fs::write(
            &pgr,
            "\u{feff}[Players \"KR\"]\n[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n",
        )
        .unwrap();
        let openings = load_openings(&pgr, RulesEdition::Pacru2004, 2).unwrap();
        assert_eq!(openings.len(), 1);
        assert_eq!(openings[0].moves, ["e1-e2", "e9-e8"]);
        assert_eq!(openings[0].label, "book.pgr:1");
        let ppn = dir.join("start.ppn");
        std::fs::write(
            &ppn,
            "\u{feff}9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S R KR\n",
        )
        .unwrap();
        let openings = load_openings(&ppn, RulesEdition::Pacru2004, 2).unwrap();
        assert_eq!(openings.len(), 1);
        assert_eq!(openings[0].label, "start.ppn:1");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_that_cannot_be_read_is_named_as_the_openings_file() {
        let dir = std::env::temp_dir().join(format!("pacru-arena-unread-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let binary = dir.join("binary.pgr");
        std::fs::write(&binary, b"\xff\xfe not text").unwrap();
        for path in [&binary, &dir, &dir.join("missing.pgr")] {
            let err = load_openings(path, RulesEdition::Pacru2004, 2).unwrap_err();
            assert!(matches!(err, ArenaError::BadOpenings { .. }), "{err:?}");
            let said = err.to_string();
            assert!(said.starts_with("openings file "), "{said}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
