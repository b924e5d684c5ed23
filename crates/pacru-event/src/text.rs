//! The texts an arbiter types: names, clubs, reasons. Each is bounded and has no
//! control characters, so that records, terminals and pages show it as typed.

use crate::error::EventError;
use pacru_core::escape_controls;
use std::borrow::Cow;

/// Checks `text` as a `what` of at most `max` characters: not empty, no spaces
/// at its ends, no control or invisible reordering characters.
pub(crate) fn check(what: &'static str, text: &str, max: usize) -> Result<(), EventError> {
    let error = |reason| EventError::Text {
        what,
        text: text.chars().take(80).collect(),
        reason,
    };
    if text.trim().is_empty() {
        return Err(error("it is empty"));
    }
    if text.chars().count() > max {
        return Err(error(match max {
            100 => "it is longer than 100 characters",
            200 => "it is longer than 200 characters",
            _ => "it is longer than 2000 characters",
        }));
    }
    if text.contains(['\t', '\n', '\r']) || matches!(escape_controls(text), Cow::Owned(_)) {
        return Err(error(
            "it holds a control character (a line break, a tab, an escape...): type it on one line, as text",
        ));
    }
    if text.trim() != text {
        return Err(error("it starts or ends with spaces"));
    }
    Ok(())
}

/// The longest player name or club.
pub(crate) const NAME: usize = 100;
/// The longest event name.
pub(crate) const EVENT_NAME: usize = 200;
/// The longest reason for a decision.
pub(crate) const REASON: usize = 2000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_plain_text_on_one_line() {
        assert!(check("player name", "Ada Lovelace", NAME).is_ok());
        assert!(check("player name", "O'Brien \"Bo\" <b>&", NAME).is_ok());
        assert!(check("player name", "Łukasz 漢字", NAME).is_ok());
        for bad in [
            "",
            "  ",
            " Ada",
            "Ada ",
            "A\u{1b}[2J",
            "A\nB",
            "A\tB",
            "A\u{202e}B",
            "A\u{7f}",
        ] {
            let e = check("player name", bad, NAME).unwrap_err().to_string();
            assert!(e.starts_with("player name `"), "{bad:?}: {e}");
            assert!(!e.contains('\u{1b}') && !e.contains('\n'), "{e:?}");
        }
        let long = "x".repeat(101);
        assert!(
            check("player name", &long, NAME)
                .unwrap_err()
                .to_string()
                .contains("longer than 100")
        );
    }
}
