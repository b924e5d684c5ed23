//! The typed errors pacru throws, made by the package's `errors.js` (so that
//! `instanceof IllegalMove` works on them and they carry a stack), and a panic hook
//! that names a panic as the bug it is on the console.
//!
//! Each class takes a message and an object of details that become its properties
//! (`rule`, `reason`, `line`, `column`, ...). Lines and columns are 1-based. A
//! message, which a console or a terminal shows, has the control characters and
//! direction overrides of the text it quotes escaped (`\u{1b}`), as the `pacru`
//! program shows them; the details keep the text as given.

use crate::args::shorten;
use crate::json::to_js;
use pacru_core::{IllegalMove, MoveSyntaxError, Position, PpnError, escape_controls};
use serde::Serialize;
use wasm_bindgen::prelude::*;

// `errors.js` sits beside the `wasm/` folder of the generated glue code.
#[wasm_bindgen(raw_module = "../errors.js")]
extern "C" {
    #[wasm_bindgen(js_name = IllegalMove)]
    type JsIllegalMove;
    #[wasm_bindgen(constructor, js_class = "IllegalMove")]
    fn new(message: &str, details: JsValue) -> JsIllegalMove;

    #[wasm_bindgen(js_name = InvalidMove)]
    type JsInvalidMove;
    #[wasm_bindgen(constructor, js_class = "InvalidMove")]
    fn new(message: &str, details: JsValue) -> JsInvalidMove;

    #[wasm_bindgen(js_name = InvalidPosition)]
    type JsInvalidPosition;
    #[wasm_bindgen(constructor, js_class = "InvalidPosition")]
    fn new(message: &str, details: JsValue) -> JsInvalidPosition;

    #[wasm_bindgen(js_name = MalformedGame)]
    type JsMalformedGame;
    #[wasm_bindgen(constructor, js_class = "MalformedGame")]
    fn new(message: &str, details: JsValue) -> JsMalformedGame;
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Builds the details object; if that fails (it cannot for these plain values),
/// the error of building it.
fn details(value: &impl Serialize) -> JsValue {
    to_js(value).unwrap_or_else(|error| error)
}

/// The details of an [`IllegalMove`].
#[derive(Serialize)]
struct IllegalMoveDetails<'a> {
    rule: String,
    reason: &'a str,
    #[serde(rename = "move")]
    mv: &'a str,
    ppn: String,
    allowed: Option<Vec<String>>,
}

/// `IllegalMove`: the rules forbid `mv` (canonical text) in `position`.
pub fn illegal_move(error: &IllegalMove, mv: &str, position: &Position) -> JsValue {
    let message = format!("illegal move {mv}: {}: {}", error.rule, error.reason);
    let details = details(&IllegalMoveDetails {
        rule: error.rule.to_string(),
        reason: &error.reason,
        mv,
        ppn: position.to_ppn().to_string(),
        allowed: error
            .allowed
            .map(|fields| fields.iter().map(|f| f.to_string()).collect()),
    });
    JsIllegalMove::new(&escape_controls(&message), details).into()
}

/// The details of an `InvalidMove`.
#[derive(Serialize)]
struct InvalidMoveDetails<'a> {
    text: &'a str,
    column: usize,
    reason: &'a str,
}

/// `InvalidMove`: `text` is not a move at all.
pub fn invalid_move(text: &str, error: &MoveSyntaxError) -> JsValue {
    let column = error.column;
    let message = format!(
        "not a move: {:?}: column {column}: {}",
        shorten(text),
        error.message
    );
    let details = details(&InvalidMoveDetails {
        text,
        column,
        reason: &error.message,
    });
    JsInvalidMove::new(&escape_controls(&message), details).into()
}

/// Where a problem is in a text: 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Location {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

impl Location {
    /// The location of the character at 0-based offset `offset` (in characters) of
    /// `text`; an offset at or past the end is just after the last character.
    pub fn of_char(text: &str, offset: usize) -> Location {
        let mut location = Location { line: 1, column: 1 };
        for c in text.chars().take(offset) {
            if c == '\n' {
                location.line += 1;
                location.column = 1;
            } else {
                location.column += 1;
            }
        }
        location
    }
}

/// The details of an `InvalidPosition`.
#[derive(Serialize)]
struct InvalidPositionDetails<'a> {
    line: Option<usize>,
    column: Option<usize>,
    reason: &'a str,
}

/// `InvalidPosition`: `text` is not a position in PPN.
pub fn invalid_ppn(text: &str, error: &PpnError) -> JsValue {
    // pacru-core's column counts characters from 1; a PPN text may span lines.
    let at = Location::of_char(text, error.column.saturating_sub(1));
    let message = format!(
        "not a position: line {}, column {}: {}",
        at.line, at.column, error.message
    );
    let details = details(&InvalidPositionDetails {
        line: Some(at.line),
        column: Some(at.column),
        reason: &error.message,
    });
    JsInvalidPosition::new(&escape_controls(&message), details).into()
}

/// `InvalidPosition` for a position that cannot exist, not about a text (line and
/// column are `null`).
pub fn invalid_position(reason: &str) -> JsValue {
    let message = format!("not a position: {reason}");
    let details = details(&InvalidPositionDetails {
        line: None,
        column: None,
        reason,
    });
    JsInvalidPosition::new(&escape_controls(&message), details).into()
}

/// The details of a `MalformedGame`.
#[derive(Serialize)]
struct MalformedGameDetails<'a> {
    game: usize,
    line: usize,
    column: usize,
    reason: &'a str,
}

/// `MalformedGame`: game `game` of a record does not parse, for `reason` at `line`
/// and `column` (1-based).
pub fn malformed_game(game: usize, line: usize, column: usize, reason: &str) -> JsValue {
    let message = format!("game {game}, line {line}, column {column}: {reason}");
    let details = details(&MalformedGameDetails {
        game,
        line,
        column,
        reason,
    });
    JsMalformedGame::new(&escape_controls(&message), details).into()
}

/// Runs when the module starts: a panic (a bug: the module is then unusable)
/// writes its message to the console before the module aborts.
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error(&format!(
            "pacru: internal error (a bug; please report it with the input that caused it): {info}"
        ));
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_count_lines_and_characters_from_one() {
        assert_eq!(Location::of_char("abc", 0), Location { line: 1, column: 1 });
        assert_eq!(Location::of_char("abc", 2), Location { line: 1, column: 3 });
        assert_eq!(Location::of_char("abc", 3), Location { line: 1, column: 4 });
        assert_eq!(
            Location::of_char("abc", 99),
            Location { line: 1, column: 4 }
        );
        assert_eq!(
            Location::of_char("ab\ncd", 3),
            Location { line: 2, column: 1 }
        );
        assert_eq!(
            Location::of_char("é\néé", 4),
            Location { line: 2, column: 3 }
        );
    }
}
