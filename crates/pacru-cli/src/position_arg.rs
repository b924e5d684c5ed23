//! Reading a position given on the command line in PPN.

use crate::excerpt::caret;
use anyhow::anyhow;
use pacru_core::{Position, RulesEdition};

/// Parses `ppn` under `rules` (2004 when `None`), or explains where it is wrong:
/// the message shows the text (cut around the problem when long, control
/// characters escaped) with a caret under the problem.
///
/// The text is read as it is given, as every other reader of PPN reads it
/// (`Position::from_ppn`): line breaks at its end are allowed, a space or tab
/// before or after it is not.
pub fn parse(ppn: &str, rules: Option<RulesEdition>) -> anyhow::Result<Position> {
    let rules = rules.unwrap_or_default();
    let text = ppn;
    Position::from_ppn(text, rules).map_err(|e| {
        let column = e.column;
        let excerpt = caret(text, column, 1, false);
        anyhow!(
            "not a valid position (PPN), column {column}: {}\n{}",
            e.message,
            excerpt.trim_end_matches('\n')
        )
    })
}
