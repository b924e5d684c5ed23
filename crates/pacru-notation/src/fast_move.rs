//! A fast path for reading moves written canonically (the bulk of any record);
//! anything else goes to [`parse_move`], which also produces the error messages.
//! Both give the same move for every text the fast path accepts (tested).

use crate::{MoveSyntaxError, parse_move};
use pacru_core::{Bitboard, Field, Item, Items, Move, Movement, Reorientation, Rotation};

#[inline]
fn field_at(b: &[u8], i: usize) -> Option<Field> {
    let f = b.get(i)?.wrapping_sub(b'a');
    let r = b.get(i + 1)?.wrapping_sub(b'1');
    Field::new(f, r)
}

/// Parses the canonical lower-case spelling without spaces; `None` means "not
/// that simple", never "wrong".
fn fast(b: &[u8]) -> Option<Move> {
    let from = field_at(b, 0)?;
    match *b.get(2)? {
        sep @ (b'-' | b'x') => {
            let to = field_at(b, 3)?;
            let mut items = Items::NONE;
            if b.len() > 5 {
                if b[5] != b'(' || *b.last()? != b')' {
                    return None;
                }
                let inner = &b[6..b.len() - 1];
                if inner.is_empty() {
                    return None;
                }
                for item in inner.split(|&c| c == b',') {
                    match item {
                        b"*" => items.push(Item::Connection),
                        [_, _] => items.push(Item::Field(field_at(item, 0)?)),
                        _ => return None,
                    }
                }
            }
            Some(Move::Movement(Movement {
                from,
                to,
                pincer: sep == b'x',
                items,
            }))
        }
        b'>' | b'<' => {
            let double = b.get(3) == Some(&b[2]);
            let rotation = match (b[2], double) {
                (b'>', false) => Rotation::Clockwise45,
                (b'>', true) => Rotation::Clockwise90,
                (b'<', false) => Rotation::Anticlockwise45,
                _ => Rotation::Anticlockwise90,
            };
            let open = if double { 4 } else { 3 };
            if b.get(open) != Some(&b'(') || *b.last()? != b')' || b.len() < open + 2 {
                return None;
            }
            let inner = &b[open + 1..b.len() - 1];
            if inner.is_empty() {
                return None;
            }
            let mut returned = Bitboard::EMPTY;
            for item in inner.split(|&c| c == b',') {
                if item.len() != 2 {
                    return None;
                }
                let field = field_at(item, 0)?;
                if returned.contains(field) {
                    return None;
                }
                returned.insert(field);
            }
            Some(Move::Reorientation(Reorientation {
                field: from,
                rotation,
                returned,
            }))
        }
        _ => None,
    }
}

/// Parses a move token: the canonical fast path, else [`parse_move`].
pub(crate) fn parse_move_token(text: &str) -> Result<Move, MoveSyntaxError> {
    match fast(text.as_bytes()) {
        Some(mv) => Ok(mv),
        None => parse_move(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn fast_path_agrees_on_examples() {
        for text in [
            "e1-e2",
            "e1-e3(e3)",
            "a3-a5(*)",
            "c3xc5",
            "c3xc5(d4,i9)",
            "e3>(a1,b2)",
            "e3<<(a1,c1,d1,b2)",
            "a3-a5(*,e5,e6)",
            "e3>(b2,a1)",
        ] {
            assert_eq!(
                fast(text.as_bytes()),
                Some(parse_move(text).unwrap()),
                "{text}"
            );
        }
        for text in [
            "e1-e2()",
            "e3>(a1,a1)",
            "E1-e2",
            "e1-e2(e3, e4)",
            "e3>",
            "e3>()",
            "j1-e2",
            "resign",
        ] {
            assert_eq!(fast(text.as_bytes()), None, "{text}");
        }
    }

    proptest! {
        #[test]
        fn fast_path_never_disagrees(text in "[a-j1-9x<>(),*-]{0,16}") {
            if let Some(mv) = fast(text.as_bytes()) {
                prop_assert_eq!(Ok(mv), parse_move(&text));
            }
        }

        #[test]
        fn fast_path_agrees_on_movelike_text(
            from in "[a-i][1-9]", sep in "[-x]", to in "[a-i][1-9]",
            items in proptest::collection::vec("[a-i][1-9]|\\*", 0..4)
        ) {
            let mut text = format!("{from}{sep}{to}");
            if !items.is_empty() {
                text.push('(');
                text.push_str(&items.join(","));
                text.push(')');
            }
            prop_assert_eq!(fast(text.as_bytes()).ok_or(()), parse_move(&text).map_err(|_| ()));
        }
    }
}
