//! Reading a position given on the command line in PPN.

use anyhow::anyhow;
use pacru_core::{Position, RulesEdition};

/// Parses `ppn` under `rules` (2004 when `None`), or explains where it is wrong:
/// the message shows the text with a caret under the problem.
pub fn parse(ppn: &str, rules: Option<RulesEdition>) -> anyhow::Result<Position> {
    let rules = rules.unwrap_or_default();
    let text = ppn.trim();
    pacru_notation::parse_ppn_with_rules(text, rules).map_err(|e| {
        let caret = format!("{}^", " ".repeat(e.column));
        anyhow!(
            "not a valid position (PPN), column {}: {}\n  {text}\n  {caret}",
            e.column + 1,
            e.message
        )
    })
}
