//! Values of options shared by several commands, with their parsers and the
//! messages they give for a bad value.

use clap::ValueEnum;
use pacru_core::RulesEdition;

/// The rules edition as given on the command line (`--rules 2004|2011`): the one
/// spelling of `--rules` values for every command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// The published rules and FAQ (the default).
    #[default]
    #[value(name = "2004")]
    R2004,
    /// The meeting amendment of March 2011.
    #[value(name = "2011")]
    R2011,
}

impl From<RulesArg> for RulesEdition {
    fn from(rules: RulesArg) -> RulesEdition {
        match rules {
            RulesArg::R2004 => RulesEdition::Pacru2004,
            RulesArg::R2011 => RulesEdition::Pacru2011,
        }
    }
}

/// Parses a number of players: 2, 3 or 4.
pub fn players(text: &str) -> Result<u8, String> {
    match text.trim().parse::<u8>() {
        Ok(n @ 2..=4) => Ok(n),
        _ => Err("a game has 2, 3 or 4 players".to_string()),
    }
}

/// Parses an engine option `NAME=VALUE` (the value may be empty or hold `=`).
pub fn engine_option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_string(), value.to_string()))
        }
        Some(_) => Err("no option name before `=`".to_string()),
        None => Err("expected NAME=VALUE".to_string()),
    }
}

/// Parses a game number: 1 or more.
pub fn game_number(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("games are numbered from 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err("expected a game number (1 for the first game)".to_string()),
    }
}

/// How many board diagrams `check` draws in its text report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagramLimit {
    /// For the first this many games that are not ok.
    First(u64),
    /// For every game that is not ok.
    All,
}

impl DiagramLimit {
    /// Whether the game that is the `nth` bad one (from 1) gets a diagram.
    pub fn allows(self, nth: u64) -> bool {
        match self {
            DiagramLimit::First(n) => nth <= n,
            DiagramLimit::All => true,
        }
    }
}

impl std::fmt::Display for DiagramLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DiagramLimit::First(n) => write!(f, "{n}"),
            DiagramLimit::All => f.write_str("all"),
        }
    }
}

/// Parses `--diagrams`: a number (0: none) or `all`.
pub fn diagram_limit(text: &str) -> Result<DiagramLimit, String> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("all") {
        return Ok(DiagramLimit::All);
    }
    text.parse::<u64>()
        .map(DiagramLimit::First)
        .map_err(|e| match e.kind() {
            std::num::IntErrorKind::PosOverflow => {
                format!("at most {} diagrams, or `all`", u64::MAX)
            }
            _ => "expected a number of diagrams or `all`".to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_values_get_plain_messages() {
        assert_eq!(players("3"), Ok(3));
        assert_eq!(players("5").unwrap_err(), "a game has 2, 3 or 4 players");
        assert_eq!(game_number("1"), Ok(1));
        assert_eq!(game_number("0").unwrap_err(), "games are numbered from 1");
        assert!(game_number("x").is_err());
        assert_eq!(diagram_limit("all"), Ok(DiagramLimit::All));
        assert_eq!(diagram_limit("0"), Ok(DiagramLimit::First(0)));
        assert_eq!(
            diagram_limit("some").unwrap_err(),
            "expected a number of diagrams or `all`"
        );
        // A number too large is said to be one, not to be no number.
        assert_eq!(
            diagram_limit("99999999999999999999999").unwrap_err(),
            "at most 18446744073709551615 diagrams, or `all`"
        );
        assert!(DiagramLimit::First(2).allows(2));
        assert!(!DiagramLimit::First(2).allows(3));
    }
}
