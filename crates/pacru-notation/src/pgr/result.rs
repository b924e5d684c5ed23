//! A game's result token as a value.

use super::quote::shorten;
use pacru_core::Colour;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The result of a game as a record writes it: the winner's colour word (`Black`,
/// `Red`, `Yellow`, `Green`, `Blue`), `draw`, or `*` for a game not finished (or
/// whose result is unknown).
///
/// ```
/// use pacru_core::Colour;
/// use pacru_notation::pgr::GameResult;
///
/// let result: GameResult = "Red".parse().unwrap();
/// assert_eq!(result, GameResult::Winner(Colour::Red));
/// assert_eq!(result.winner(), Some(Colour::Red));
/// assert_eq!(GameResult::Unfinished.to_string(), "*");
/// assert!("red".parse::<GameResult>().is_err()); // spelled exactly
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum GameResult {
    /// The game was won by this player.
    Winner(Colour),
    /// The game was drawn (`draw`).
    Draw,
    /// The game is not finished, or its result is unknown (`*`).
    #[default]
    Unfinished,
}

impl GameResult {
    /// Every result, in the order the notation lists the tokens.
    pub const ALL: [GameResult; 7] = [
        GameResult::Winner(Colour::Black),
        GameResult::Winner(Colour::Red),
        GameResult::Winner(Colour::Yellow),
        GameResult::Winner(Colour::Green),
        GameResult::Winner(Colour::Blue),
        GameResult::Draw,
        GameResult::Unfinished,
    ];

    /// The token as written in records.
    pub const fn token(self) -> &'static str {
        match self {
            GameResult::Winner(Colour::Black) => "Black",
            GameResult::Winner(Colour::Red) => "Red",
            GameResult::Winner(Colour::Yellow) => "Yellow",
            GameResult::Winner(Colour::Green) => "Green",
            GameResult::Winner(Colour::Blue) => "Blue",
            GameResult::Draw => "draw",
            GameResult::Unfinished => "*",
        }
    }

    /// The result spelled exactly `token`, if it is one.
    pub fn from_token(token: &str) -> Option<GameResult> {
        Some(match token {
            "Black" => GameResult::Winner(Colour::Black),
            "Red" => GameResult::Winner(Colour::Red),
            "Yellow" => GameResult::Winner(Colour::Yellow),
            "Green" => GameResult::Winner(Colour::Green),
            "Blue" => GameResult::Winner(Colour::Blue),
            "draw" => GameResult::Draw,
            "*" => GameResult::Unfinished,
            _ => return None,
        })
    }

    /// Reads the value of a `Result` tag, which must be a result token spelled
    /// exactly; the error quotes the value (its first 40 characters).
    ///
    /// ```
    /// use pacru_notation::pgr::GameResult;
    ///
    /// assert_eq!(GameResult::from_tag("draw"), Ok(GameResult::Draw));
    /// let error = GameResult::from_tag("1-0").unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "Result tag: '1-0' is not a result: expected Black, Red, Yellow, Green, Blue, draw or *"
    /// );
    /// ```
    pub fn from_tag(value: &str) -> Result<GameResult, ResultTagError> {
        GameResult::from_token(value).ok_or_else(|| ResultTagError(value.to_string()))
    }

    /// The winner this result names, if it names one.
    pub const fn winner(self) -> Option<Colour> {
        match self {
            GameResult::Winner(colour) => Some(colour),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// The text is not a result token.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{0}' is not a result: expected Black, Red, Yellow, Green, Blue, draw or *")]
pub struct ParseGameResultError(pub String);

/// The value of a `Result` tag is not a result token (see [`GameResult::from_tag`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "Result tag: '{}' is not a result: expected Black, Red, Yellow, Green, Blue, draw or *",
    shorten(.0)
)]
pub struct ResultTagError(pub String);

impl FromStr for GameResult {
    type Err = ParseGameResultError;

    fn from_str(text: &str) -> Result<GameResult, ParseGameResultError> {
        GameResult::from_token(text).ok_or_else(|| ParseGameResultError(text.to_string()))
    }
}

/// Compares with a token's spelling: `result == "draw"`.
impl PartialEq<str> for GameResult {
    fn eq(&self, token: &str) -> bool {
        self.token() == token
    }
}

/// Compares with a token's spelling: `result == "draw"`.
impl PartialEq<&str> for GameResult {
    fn eq(&self, token: &&str) -> bool {
        self.token() == *token
    }
}

impl From<Colour> for GameResult {
    fn from(winner: Colour) -> GameResult {
        GameResult::Winner(winner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_token_round_trips() {
        for result in GameResult::ALL {
            assert_eq!(result.token().parse::<GameResult>().unwrap(), result);
        }
        for bad in ["", "red", "Draw", "1-0", "* "] {
            assert!(bad.parse::<GameResult>().is_err(), "{bad:?}");
        }
    }
}
