//! Errors: invalid positions and illegal moves.

use crate::{Bitboard, Colour, Field, Rule};
use std::fmt;

/// Why a position cannot exist: it breaks an invariant of legal play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A game has 2, 3 or 4 players.
    PlayerCount(usize),
    /// A colour appears twice among the players.
    RepeatedPlayer(Colour),
    /// The player to move is not one of the players.
    ToMoveNotPlaying(Colour),
    /// A field has a marker of a colour that does not play.
    MarkerColourNotPlaying {
        /// Where.
        field: Field,
        /// The marker's colour.
        colour: Colour,
    },
    /// A chevron belongs to a colour that does not play.
    ChevronColourNotPlaying {
        /// Where.
        field: Field,
        /// The chevron's colour.
        colour: Colour,
    },
    /// Two chevrons stand on one field.
    TwoChevrons {
        /// Where.
        field: Field,
    },
    /// A chevron stands on a field of another player's colour.
    ChevronOnForeignColour {
        /// Where.
        field: Field,
        /// The chevron's colour.
        chevron: Colour,
        /// The field's colour.
        marker: Colour,
    },
    /// The number of seats does not match the number of players, or a seat repeats.
    BadSeats(String),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::PlayerCount(n) => {
                write!(f, "a game has 2 to 4 players, not {n}")
            }
            PositionError::RepeatedPlayer(c) => write!(f, "{c} is listed twice among the players"),
            PositionError::ToMoveNotPlaying(c) => {
                write!(f, "the player to move, {c}, is not one of the players")
            }
            PositionError::MarkerColourNotPlaying { field, colour } => {
                write!(f, "{field} is {colour}, but {colour} does not play")
            }
            PositionError::ChevronColourNotPlaying { field, colour } => {
                write!(
                    f,
                    "the chevron on {field} is {colour}, but {colour} does not play"
                )
            }
            PositionError::TwoChevrons { field } => write!(f, "two chevrons on {field}"),
            PositionError::ChevronOnForeignColour {
                field,
                chevron,
                marker,
            } => write!(
                f,
                "the {chevron} chevron on {field} stands on a {marker} field; a chevron may stand only on a neutral field or its own colour"
            ),
            PositionError::BadSeats(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for PositionError {}

/// A move that the rules forbid here: the rule it breaks and why, in plain words.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct IllegalMove {
    /// The rule the move breaks.
    pub rule: Rule,
    /// Why, in plain words (without the rule number).
    pub reason: String,
    /// Where useful, the fields that would have been allowed.
    pub allowed: Option<Bitboard>,
}

impl IllegalMove {
    /// An illegal move breaking `rule` for `reason`.
    pub fn new(rule: Rule, reason: impl Into<String>) -> IllegalMove {
        IllegalMove {
            rule,
            reason: reason.into(),
            allowed: None,
        }
    }

    /// The same error, listing the allowed fields.
    #[must_use]
    pub fn with_allowed(mut self, allowed: Bitboard) -> IllegalMove {
        self.allowed = Some(allowed);
        self
    }

    /// Why `pass` is refused (R2): the player to move must move. `pass` is no
    /// move; records write it for a player removed as blocked, which the
    /// referee accepts right after the move that blocked them, and every
    /// interface that is given `pass` anywhere else refuses it with these words.
    ///
    /// ```
    /// let refusal = pacru_core::IllegalMove::pass();
    /// assert_eq!(refusal.rule, pacru_core::Rule::R2);
    /// assert!(pacru_core::IllegalMove::is_pass("Pass"));
    /// ```
    pub fn pass() -> IllegalMove {
        IllegalMove::new(
            Rule::R2,
            "a player who can move must move: pass stands only for a player removed as blocked, right after the move that blocked them",
        )
    }

    /// Whether `text` is `pass`, in any letter case: the text that
    /// [`IllegalMove::pass`] refuses.
    pub fn is_pass(text: &str) -> bool {
        text.eq_ignore_ascii_case("pass")
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.reason)
    }
}

impl std::error::Error for IllegalMove {}

/// Lists fields as `d4 e5 f6`.
pub(crate) fn field_list(fields: Bitboard) -> String {
    let mut out = String::new();
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&field.to_string());
    }
    out
}
