//! The numbered rules R1-R16 of the rulebook.

use crate::parse_error::parse_error;
use std::fmt;

/// A rule of the rulebook, R1 to R16; every rejected move names one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Rule {
    /// R1: starting the game.
    R1 = 1,
    /// R2: taking turns.
    R2,
    /// R3: moving.
    R3,
    /// R4: borderland change.
    R4,
    /// R5: power of movement.
    R5,
    /// R6: long move.
    R6,
    /// R7: what is forbidden.
    R7,
    /// R8: connection change.
    R8,
    /// R9: connection jump.
    R9,
    /// R10: borderland transformation.
    R10,
    /// R11: pincer.
    R11,
    /// R12: meeting.
    R12,
    /// R13: one move involving more than one special action.
    R13,
    /// R14: reorientation.
    R14,
    /// R15: losing the game.
    R15,
    /// R16: winning the game.
    R16,
}

impl Rule {
    /// All rules, R1 to R16.
    pub const ALL: [Rule; 16] = [
        Rule::R1,
        Rule::R2,
        Rule::R3,
        Rule::R4,
        Rule::R5,
        Rule::R6,
        Rule::R7,
        Rule::R8,
        Rule::R9,
        Rule::R10,
        Rule::R11,
        Rule::R12,
        Rule::R13,
        Rule::R14,
        Rule::R15,
        Rule::R16,
    ];

    /// The rule's number, 1..=16.
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The rule's title in the rulebook.
    pub const fn title(self) -> &'static str {
        match self {
            Rule::R1 => "starting the game",
            Rule::R2 => "taking turns",
            Rule::R3 => "moving",
            Rule::R4 => "borderland change",
            Rule::R5 => "power of movement",
            Rule::R6 => "long move",
            Rule::R7 => "what is forbidden",
            Rule::R8 => "connection change",
            Rule::R9 => "connection jump",
            Rule::R10 => "borderland transformation",
            Rule::R11 => "pincer",
            Rule::R12 => "meeting",
            Rule::R13 => "one move, several special actions",
            Rule::R14 => "reorientation",
            Rule::R15 => "losing the game",
            Rule::R16 => "winning the game",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "R{}", self.number())
    }
}

impl std::str::FromStr for Rule {
    type Err = ParseRuleError;
    /// Parses `R1`..`R16`.
    fn from_str(s: &str) -> Result<Rule, ParseRuleError> {
        let number: u8 = s
            .strip_prefix('R')
            .and_then(|n| n.parse().ok())
            .ok_or(ParseRuleError)?;
        Rule::ALL
            .get(usize::from(number).wrapping_sub(1))
            .copied()
            .ok_or(ParseRuleError)
    }
}

parse_error!(
    /// The text is not a rule name `R1`..`R16`.
    ParseRuleError,
    "not a rule: expected R1 to R16"
);

#[cfg(feature = "serde")]
crate::serde_as_text!(Rule);
