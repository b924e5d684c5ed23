//! Move notation for user interfaces: `readMove`, a move's parts as a plain
//! object, and `Position.completions`, the legal moves a text typed so far can
//! still become. A page asks these instead of reading notation itself.

use crate::args;
use crate::json::to_js;
use crate::position::{MAX_MOVE_CHARS, Position, parse_move};
use pacru_core::Move;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The object `readMove` returns (declared as `MoveParts` in TypeScript).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveParts {
    /// The move in canonical notation.
    pub text: String,
    /// `movement`, `pincer`, `reorientation` or `resign`.
    pub kind: &'static str,
    /// The field of the chevron that moves or turns; `null` for a resignation.
    pub from: Option<String>,
    /// A movement's destination; `null` otherwise.
    pub to: Option<String>,
    /// A movement's items as written (`"*"` or a field), in order.
    pub items: Vec<String>,
    /// A reorientation's rotation: `>`, `<`, `>>` or `<<`; `null` otherwise.
    pub rotation: Option<&'static str>,
    /// The fields a reorientation returns to neutral, in canonical order.
    pub returned: Vec<String>,
}

impl From<&Move> for MoveParts {
    fn from(mv: &Move) -> MoveParts {
        let text = mv.to_string();
        match mv {
            Move::Movement(m) => MoveParts {
                text,
                kind: if m.pincer { "pincer" } else { "movement" },
                from: Some(m.from.to_string()),
                to: Some(m.to.to_string()),
                items: m.items.iter().map(|item| item.to_string()).collect(),
                rotation: None,
                returned: Vec::new(),
            },
            Move::Reorientation(r) => MoveParts {
                text,
                kind: "reorientation",
                from: Some(r.field.to_string()),
                to: None,
                items: Vec::new(),
                rotation: Some(r.rotation.symbol()),
                returned: r.returned.iter().map(|field| field.to_string()).collect(),
            },
            Move::Resign => MoveParts {
                text,
                kind: "resign",
                from: None,
                to: None,
                items: Vec::new(),
                rotation: None,
                returned: Vec::new(),
            },
        }
    }
}

/// The parts of `text`, a move in move notation (any letter case, optional
/// spaces after commas; nothing around the move, as `play` reads it): its
/// canonical text, kind, fields, items or rotation.
/// Throws `InvalidMove` if the text is not a move at all; whether the move is
/// legal anywhere is not asked.
#[wasm_bindgen(js_name = readMove, unchecked_return_type = "MoveParts")]
pub fn read_move(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsValue> {
    let text = args::string(&text, "a move")?;
    let mv = parse_move(&text)?;
    to_js(&MoveParts::from(&mv))
}

/// `text` as the move reader sees it: without surrounding spaces, in lower case,
/// without spaces after commas.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut after_comma = false;
    for c in text.trim().chars() {
        if after_comma && c.is_whitespace() {
            continue;
        }
        after_comma = c == ',';
        out.extend(c.to_lowercase());
    }
    out
}

#[wasm_bindgen]
impl Position {
    /// The legal moves whose canonical notation begins with `text` (letter case,
    /// surrounding spaces and spaces after commas do not matter), in the order of
    /// `legalMoves`: what a text typed so far can still become. Empty when the game
    /// is over or no legal move fits.
    pub fn completions(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let text = args::string(&text, "a move")?;
        if text.chars().nth(MAX_MOVE_CHARS).is_some() {
            return Ok(Vec::new());
        }
        let wanted = normalise(&text);
        let mut moves = self.legal_moves();
        moves.retain(|mv| mv.starts_with(&wanted));
        Ok(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_normalised_as_the_reader_reads_them() {
        assert_eq!(normalise("  A3-B4(A4,  b5) "), "a3-b4(a4,b5)");
        assert_eq!(normalise("e5> (d4, d6)"), "e5> (d4,d6)");
    }

    #[test]
    fn the_parts_of_each_kind_of_move() {
        let parts = |text: &str| MoveParts::from(&text.parse::<Move>().unwrap());
        let pincer = parts("A3xB4(*,c5)");
        assert_eq!(pincer.text, "a3xb4(*,c5)");
        assert_eq!(pincer.kind, "pincer");
        assert_eq!(pincer.from.as_deref(), Some("a3"));
        assert_eq!(pincer.to.as_deref(), Some("b4"));
        assert_eq!(pincer.items, ["*", "c5"]);
        let turn = parts("e5>>(f6,d4,d5,e4)");
        assert_eq!(turn.kind, "reorientation");
        assert_eq!(turn.rotation, Some(">>"));
        assert_eq!(turn.returned.len(), 4);
        assert_eq!(turn.text, format!("e5>>({})", turn.returned.join(",")));
        let resign = parts("resign");
        assert_eq!((resign.kind, resign.from), ("resign", None));
    }
}
