//! A game's setup (players, seats or a start position, rules edition) and the
//! position it leads to, every move of the history checked.

use pacru_core::{Colour, Move, Position, RulesEdition, Seat};
use thiserror::Error;

/// How a game starts: players, seats or a start position, rules edition.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameSetup {
    /// The players' colours in order of play (2 to 4).
    pub players: Vec<Colour>,
    /// The seats of the standard start, in order of play; `None` for the defaults.
    /// Not used with `position`.
    pub seats: Option<Vec<Seat>>,
    /// A start position (PPN) instead of the standard start.
    pub position: Option<String>,
    /// The rules edition.
    pub rules: RulesEdition,
}

/// Why a game setup or its history cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameSetupError {
    /// Players, seats or start position are inconsistent or invalid.
    #[error("bad game setup: {0}")]
    Setup(String),
    /// A move of the history is illegal.
    #[error("move {ply} of the history ({text}) is illegal: {reason}")]
    IllegalHistory {
        /// 1-based index of the move.
        ply: usize,
        /// The move in canonical notation.
        text: String,
        /// The rule it breaks and why.
        reason: String,
    },
}

impl GameSetup {
    /// The standard start for `count` players with default colours and seats, 2004 rules.
    pub fn standard(count: usize) -> Result<GameSetup, GameSetupError> {
        let players = pacru_core::Players::default_for(count)
            .map_err(|e| GameSetupError::Setup(e.to_string()))?;
        Ok(GameSetup {
            players: players.as_slice().to_vec(),
            seats: None,
            position: None,
            rules: RulesEdition::Pacru2004,
        })
    }

    /// A game from a start position (PPN); players are read from it.
    pub fn from_ppn(ppn: &str, rules: RulesEdition) -> Result<GameSetup, GameSetupError> {
        let pos =
            Position::from_ppn(ppn, rules).map_err(|e| GameSetupError::Setup(e.to_string()))?;
        Ok(GameSetup {
            players: pos.players().as_slice().to_vec(),
            seats: None,
            position: Some(ppn.to_owned()),
            rules,
        })
    }

    /// The position the game starts from.
    pub fn start_position(&self) -> Result<Position, GameSetupError> {
        let bad = |e: &dyn std::fmt::Display| GameSetupError::Setup(e.to_string());
        let pos = match &self.position {
            Some(ppn) => {
                if self.seats.is_some() {
                    return Err(GameSetupError::Setup(
                        "seats apply to the standard start only, not to a start position"
                            .to_owned(),
                    ));
                }
                let pos = Position::from_ppn(ppn, self.rules)
                    .map_err(|e| GameSetupError::Setup(format!("start position: {e}")))?;
                if pos.players().as_slice() != self.players.as_slice() {
                    return Err(GameSetupError::Setup(format!(
                        "players {} disagree with the start position's players {}",
                        colour_letters(&self.players),
                        pos.players()
                    )));
                }
                pos
            }
            None => {
                let seats = match &self.seats {
                    Some(seats) => seats.as_slice(),
                    None => Seat::default_seats(self.players.len()).ok_or_else(|| {
                        GameSetupError::Setup(format!(
                            "a game has 2 to 4 players, not {}",
                            self.players.len()
                        ))
                    })?,
                };
                Position::standard_with(&self.players, seats).map_err(|e| bad(&e))?
            }
        };
        Ok(pos.with_rules(self.rules))
    }

    /// The position after playing `history` from the start, every move checked.
    pub fn replay(&self, history: &[Move]) -> Result<Position, GameSetupError> {
        let mut pos = self.start_position()?;
        for (i, mv) in history.iter().enumerate() {
            pos = pos.play(mv).map_err(|e| GameSetupError::IllegalHistory {
                ply: i + 1,
                text: mv.to_string(),
                reason: e.to_string(),
            })?;
        }
        Ok(pos)
    }
}

/// The players' colour letters in order of play (`KR`).
pub(super) fn colour_letters(colours: &[Colour]) -> String {
    colours.iter().map(|c| c.letter()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_checks() {
        let mut setup = GameSetup::standard(3).unwrap();
        setup.seats = Some(vec![Seat::E, Seat::W, Seat::N]);
        assert!(setup.start_position().is_ok());
        setup.seats = Some(vec![Seat::E, Seat::E, Seat::N]);
        assert!(setup.start_position().is_err());
        let ppn = "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR";
        let mut setup = GameSetup::from_ppn(ppn, RulesEdition::Pacru2011).unwrap();
        assert_eq!(
            setup.start_position().unwrap().rules(),
            RulesEdition::Pacru2011
        );
        setup.players = vec![Colour::Black, Colour::Yellow];
        assert!(setup.start_position().is_err());
    }
}
