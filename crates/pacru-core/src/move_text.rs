//! Move notation: lenient parsing (`FromStr for Move`); the canonical form is `Move`'s
//! `Display`.
//!
//! Parsing only checks syntax ("this text is not a move"); whether a move is legal
//! is the position's business ([`crate::Position::play`]).

use crate::{Bitboard, Field, Item, Items, Move, Movement, Reorientation, Rotation};
use std::str::FromStr;
use thiserror::Error;

/// The text is not a move; `column` (counted from 1, in characters, as editors
/// count) points at the problem.
///
/// ```
/// use pacru_core::Move;
/// let err = "e1-j2".parse::<Move>().unwrap_err();
/// assert_eq!(err.column, 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("column {column}: {message}")]
pub struct MoveSyntaxError {
    /// The column of the problem within the move text: 1 for its first character.
    pub column: usize,
    /// What is wrong, in plain words.
    pub message: String,
}

/// An error at the 0-based character `offset`.
fn error(offset: usize, message: impl Into<String>) -> MoveSyntaxError {
    MoveSyntaxError {
        column: offset + 1,
        message: message.into(),
    }
}

/// A cursor over the characters of a move.
struct Cursor<'a> {
    chars: Vec<(usize, char)>,
    pos: usize,
    text: &'a str,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            chars: text.chars().enumerate().collect(),
            pos: 0,
            text,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).map(|&(_, c)| c)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    fn eat(&mut self, expected: char) -> bool {
        if self.peek() == Some(expected) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn skip_spaces(&mut self) {
        while self.peek() == Some(' ') {
            self.pos += 1;
        }
    }

    fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    fn describe_next(&self) -> String {
        match self.peek() {
            Some(c) => format!("'{c}'"),
            None => "the end of the move".to_string(),
        }
    }

    fn field(&mut self, what: &str) -> Result<Field, MoveSyntaxError> {
        let start = self.pos;
        let file = self.bump();
        let rank = self.bump();
        match (file, rank) {
            (Some(f), Some(r)) => {
                let text: String = [f, r].iter().collect();
                text.parse().map_err(|_| {
                    error(
                        start,
                        format!("expected {what} (a field a1..i9), found '{text}'"),
                    )
                })
            }
            _ => Err(error(
                start,
                format!(
                    "expected {what} (a field a1..i9), found {}",
                    if file.is_some() {
                        "an incomplete field"
                    } else {
                        "the end of the move"
                    }
                ),
            )),
        }
    }
}

impl FromStr for Move {
    type Err = MoveSyntaxError;

    /// Reads a move in canonical or lenient notation (any letter case, spaces after
    /// commas, items in any order); `to_string()` gives the canonical form back.
    ///
    /// ```
    /// use pacru_core::{Move, Position};
    ///
    /// let mv: Move = "E1-E2".parse()?;
    /// assert_eq!(mv.to_string(), "e1-e2");
    /// let start = Position::standard(2).unwrap();
    /// assert!(start.play(&mv).is_ok());
    /// assert!("e1-j2".parse::<Move>().is_err());
    /// assert!("A3-A5( * )".parse::<Move>().is_err());
    /// assert_eq!("A3-A5(*)".parse::<Move>()?.to_string(), "a3-a5(*)");
    /// assert_eq!("e3<<(d1, b2,c1,a1)".parse::<Move>()?.to_string(), "e3<<(a1,c1,d1,b2)");
    /// # Ok::<(), pacru_core::MoveSyntaxError>(())
    /// ```
    fn from_str(text: &str) -> Result<Move, MoveSyntaxError> {
        parse_move(text)
    }
}

/// Parses a move in any letter case, with optional spaces after commas.
fn parse_move(text: &str) -> Result<Move, MoveSyntaxError> {
    if text.eq_ignore_ascii_case("resign") {
        return Ok(Move::Resign);
    }
    let mut cur = Cursor::new(text);
    if cur.at_end() {
        return Err(error(0, "empty move"));
    }
    let from = cur.field("the chevron's field")?;
    let mv = match cur.peek() {
        Some('-') | Some('x') | Some('X') => {
            let pincer = cur.bump() != Some('-');
            let to = cur.field("the destination")?;
            let items = if cur.peek() == Some('(') {
                parse_items(&mut cur)?
            } else {
                Items::NONE
            };
            Move::Movement(Movement {
                from,
                to,
                pincer,
                items,
            })
        }
        Some('>') | Some('<') => {
            let symbol = cur.bump().unwrap_or('>');
            let double = cur.eat(symbol);
            let rotation = match (symbol, double) {
                ('>', false) => Rotation::Clockwise45,
                ('>', true) => Rotation::Clockwise90,
                ('<', false) => Rotation::Anticlockwise45,
                _ => Rotation::Anticlockwise90,
            };
            if cur.peek() != Some('(') {
                return Err(error(
                    cur.pos,
                    format!(
                        "expected '(' and the fields the reorientation returns, found {}",
                        cur.describe_next()
                    ),
                ));
            }
            let returned = parse_returned(&mut cur)?;
            Move::Reorientation(Reorientation {
                field: from,
                rotation,
                returned,
            })
        }
        _ => {
            return Err(error(
                cur.pos,
                format!(
                    "expected '-' or 'x' (movement) or '>', '<', '>>', '<<' (reorientation) after {from}, found {}",
                    cur.describe_next()
                ),
            ));
        }
    };
    if !cur.at_end() {
        return Err(error(
            cur.pos,
            format!("unexpected {} after the move", cur.describe_next()),
        ));
    }
    debug_assert!(!cur.text.is_empty());
    Ok(mv)
}

/// Parses `(ITEM, ITEM, ...)` where an item is `*` or a field.
fn parse_items(cur: &mut Cursor<'_>) -> Result<Items, MoveSyntaxError> {
    let open = cur.pos;
    cur.bump();
    if cur.peek() == Some(')') {
        return Err(error(
            open,
            "empty '()': leave the parentheses out when there are no items",
        ));
    }
    let mut items = Items::NONE;
    loop {
        if cur.eat('*') {
            items.push(Item::Connection);
        } else {
            items.push(Item::Field(cur.field("an item ('*' or a field)")?));
        }
        match cur.bump() {
            Some(',') => cur.skip_spaces(),
            Some(')') => return Ok(items),
            Some(c) => {
                return Err(error(
                    cur.pos - 1,
                    format!("expected ',' or ')', found '{c}'"),
                ));
            }
            None => return Err(error(cur.pos, "missing ')'")),
        }
    }
}

/// Parses `(FIELD, FIELD, ...)` of a reorientation; duplicates are an error.
fn parse_returned(cur: &mut Cursor<'_>) -> Result<Bitboard, MoveSyntaxError> {
    let open = cur.pos;
    cur.bump();
    if cur.peek() == Some(')') {
        return Err(error(
            open,
            "empty '()': a reorientation returns 2 or 4 fields",
        ));
    }
    let mut fields = Bitboard::EMPTY;
    loop {
        let start = cur.pos;
        let field = cur.field("a returned field")?;
        if fields.contains(field) {
            return Err(error(start, format!("{field} is listed twice")));
        }
        fields.insert(field);
        match cur.bump() {
            Some(',') => cur.skip_spaces(),
            Some(')') => return Ok(fields),
            Some(c) => {
                return Err(error(
                    cur.pos - 1,
                    format!("expected ',' or ')', found '{c}'"),
                ));
            }
            None => return Err(error(cur.pos, "missing ')'")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(text: &str) -> String {
        parse_move(text).unwrap().to_string()
    }

    #[test]
    fn canonical_forms_round_trip() {
        for text in [
            "e1-e2",
            "e1-e3(e3)",
            "a3-a5(*)",
            "c3xc5",
            "c3xc5(d4,i9)",
            "e3>(a1,b2)",
            "e3<(a1,b2)",
            "e3>>(a1,c1,d1,b2)",
            "e3<<(a1,c1,d1,b2)",
            "resign",
            "a3-a5(*,e5)",
        ] {
            assert_eq!(round(text), text);
        }
    }

    #[test]
    fn lenient_forms_become_canonical() {
        assert_eq!(round("E1-E3(E3)"), "e1-e3(e3)");
        assert_eq!(round("C3XC5(D4, I9)"), "c3xc5(d4,i9)");
        assert_eq!(round("e3<<(d1,  c1, b2,a1)"), "e3<<(a1,c1,d1,b2)");
        assert_eq!(round("RESIGN"), "resign");
    }

    #[test]
    fn three_items_parse_and_are_kept_for_the_rules_to_reject() {
        let Move::Movement(m) = parse_move("a3-a5(*,e5,e6)").unwrap() else {
            panic!("not a movement")
        };
        assert_eq!(m.items.len(), 3);
        assert_eq!(m.items.surplus(), 1);
    }

    #[test]
    fn items_beyond_the_second_are_written_back() {
        for text in ["e1-e2(*,*,*)", "c2-d3(d3,c8,a1)", "a1xb2(c3,d4,e5,f6,*,g7)"] {
            assert_eq!(round(text), text);
        }
        let many = format!("e1-e2({})", vec!["*"; 120].join(","));
        assert_eq!(round(&many), many);
    }

    #[test]
    fn syntax_errors_point_at_the_problem() {
        // (text, column counted from 1)
        let cases = [
            ("", 1),
            ("e1", 3),
            ("e1-", 4),
            ("e1-j2", 4),
            ("e1-e2()", 6),
            ("e1-e2(", 7),
            ("e1-e2(e3", 9),
            ("e1-e2(e3;", 9),
            ("e1-e2 ", 6),
            ("e3>(a1,a1)", 8),
            ("e3>", 4),
            ("e3>()", 4),
            ("z9-e2", 1),
            ("e1-e2( e3)", 7),
            ("e1-e2(e3 ,e4)", 9),
        ];
        for (text, column) in cases {
            let err = parse_move(text).unwrap_err();
            assert_eq!(err.column, column, "{text:?}: {err}");
        }
    }
}
