//! The two editions of the rules, which differ only in the meeting (R12).

use crate::parse_error::parse_error;
use std::fmt;
use std::str::FromStr;

/// Which edition of the rules a game is played under.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum RulesEdition {
    /// The published rules and FAQ: a meeting always gives its benefit.
    #[default]
    Pacru2004,
    /// The March 2011 amendment: a meeting gives its benefit only while another
    /// player's colour covers at least 9 fields.
    Pacru2011,
}

impl RulesEdition {
    /// The year as written in records: `2004` or `2011`.
    pub const fn year(self) -> &'static str {
        match self {
            RulesEdition::Pacru2004 => "2004",
            RulesEdition::Pacru2011 => "2011",
        }
    }
}

impl fmt::Display for RulesEdition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.year())
    }
}

parse_error!(
    /// The text is not a rules edition.
    ParseRulesEditionError,
    "not a rules edition: expected 2004 or 2011"
);

impl FromStr for RulesEdition {
    type Err = ParseRulesEditionError;
    fn from_str(s: &str) -> Result<RulesEdition, ParseRulesEditionError> {
        match s {
            "2004" => Ok(RulesEdition::Pacru2004),
            "2011" => Ok(RulesEdition::Pacru2011),
            _ => Err(ParseRulesEditionError),
        }
    }
}

#[cfg(feature = "serde")]
crate::serde_as_text!(RulesEdition);
