//! Moves written canonically (the bulk of any record) read straight from the
//! reader's buffer by its movetext fast path ([`canonical_prefix`]), without
//! first finding where the word ends. Anything else goes to the general path and
//! the core's parser (`Move: FromStr`), which also produces the error messages.
//! Whatever this reads, the core's parser reads as the same move (tested).

use pacru_core::{Bitboard, Field, Item, Items, Move, Movement, Reorientation, Rotation};

#[inline]
fn field(file: u8, rank: u8) -> Option<Field> {
    Field::new(file.wrapping_sub(b'a'), rank.wrapping_sub(b'1'))
}

/// The canonical move at the start of `b` (lower case, no spaces) and its length
/// in bytes; `None` means "no canonical move starts here", never "wrong". The
/// bytes after the move are not looked at: a caller that takes `b[..n]` for a
/// whole word must check that the word ends there.
#[inline(always)]
pub(crate) fn canonical_prefix(b: &[u8]) -> Option<(Move, usize)> {
    let [f1, r1, sep, f2, r2, ref rest @ ..] = *b else {
        return None;
    };
    let from = field(f1, r1)?;
    if sep != b'-' && sep != b'x' {
        return reorientation(from, b);
    }
    let to = field(f2, r2)?;
    // The common shapes first: no item, one field, `*`.
    let (items, n) = match *rest {
        [b'(', f, r, b')', ..] if f != b'*' => (Items::one(Item::Field(field(f, r)?)), 9),
        [b'(', b'*', b')', ..] => (Items::one(Item::Connection), 8),
        [b'(', ..] => movement_items(b)?,
        _ => (Items::NONE, 5),
    };
    let mv = Move::Movement(Movement {
        from,
        to,
        pincer: sep == b'x',
        items,
    });
    Some((mv, n))
}

/// An item at `b[n]`: `*` or a field; with the index after it.
#[inline(always)]
fn item_at(b: &[u8], n: usize) -> Option<(Item, usize)> {
    let first = *b.get(n)?;
    if first == b'*' {
        Some((Item::Connection, n + 1))
    } else {
        Some((Item::Field(field(first, *b.get(n + 1)?)?), n + 2))
    }
}

/// The items of a movement: `(item,item,...)` from `b[5]`, each `*` or a field;
/// with the length of the whole move.
#[inline(never)]
fn movement_items(b: &[u8]) -> Option<(Items, usize)> {
    let (item, mut n) = item_at(b, 6)?;
    let mut items = Items::one(item);
    loop {
        match *b.get(n)? {
            b')' => return Some((items, n + 1)),
            b',' => {}
            _ => return None,
        }
        let (item, next) = item_at(b, n + 1)?;
        items.push(item);
        n = next;
    }
}

/// A reorientation of the chevron on `at`, `e3>(a1,b2)` or `e3>>(a1,b2,c3,d4)`
/// (also with `<`), its returned fields distinct, at the start of `b`; with its
/// length.
#[inline(never)]
fn reorientation(at: Field, b: &[u8]) -> Option<(Move, usize)> {
    let [_, _, turn, next, ..] = *b else {
        return None;
    };
    if turn != b'>' && turn != b'<' {
        return None;
    }
    let double = next == turn;
    let rotation = match (turn, double) {
        (b'>', false) => Rotation::Clockwise45,
        (b'>', true) => Rotation::Clockwise90,
        (b'<', false) => Rotation::Anticlockwise45,
        _ => Rotation::Anticlockwise90,
    };
    let mut n = if double { 4 } else { 3 };
    if *b.get(n)? != b'(' {
        return None;
    }
    n += 1;
    let mut returned = Bitboard::EMPTY;
    loop {
        let f = field(*b.get(n)?, *b.get(n + 1)?)?;
        if returned.contains(f) {
            return None;
        }
        returned.insert(f);
        n += 2;
        match *b.get(n)? {
            b',' => n += 1,
            b')' => break,
            _ => return None,
        }
    }
    Some((
        Move::Reorientation(Reorientation {
            field: at,
            rotation,
            returned,
        }),
        n + 1,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The canonical move that is the whole of `b`, if any.
    fn fast(b: &[u8]) -> Option<Move> {
        match canonical_prefix(b) {
            Some((mv, n)) if n == b.len() => Some(mv),
            _ => None,
        }
    }

    /// `canonical_prefix` against `parse_move`, the reference: whatever it reads
    /// as a whole word, `parse_move` reads as the same move; every canonical
    /// movement or reorientation is read (`resign` is left to `parse_move`); a
    /// prefix found is a whole move `parse_move` reads the same.
    fn check_agreement(text: &str) {
        let b = text.as_bytes();
        if let Some(mv) = fast(b) {
            assert_eq!(text.parse::<pacru_core::Move>(), Ok(mv), "{text:?}");
        }
        if let Ok(mv) = text.parse::<pacru_core::Move>()
            && mv != Move::Resign
            && mv.to_string() == text
        {
            assert_eq!(fast(b), Some(mv), "canonical {text:?}");
        }
        if let Some((mv, n)) = canonical_prefix(b) {
            assert!(n <= b.len(), "{text:?}");
            assert_eq!(fast(&b[..n]).as_ref(), Some(&mv), "{text:?}");
            assert_eq!(
                text[..n].parse::<pacru_core::Move>(),
                Ok(mv.clone()),
                "{text:?}"
            );
        }
    }

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
            "a3-a5(*,e5,e6,a1,*)",
        ] {
            assert_eq!(
                fast(text.as_bytes()),
                Some(text.parse::<pacru_core::Move>().unwrap()),
                "{text}"
            );
            check_agreement(text);
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
            "e1-e2(",
            "e1-e2(e3",
            "e1-e2(e3,",
            "e1-e2(e3,)",
            "e1-e2(,e3)",
            "e1-e2(**)",
            "e1-e2(e3))",
            "e1-e2x",
            "e3>>>(a1)",
            "e3><(a1)",
            "e3>(a1",
            "e3>(a1,)",
            "e3>(*)",
            "e1-e0",
            "e1-",
            "",
        ] {
            assert_eq!(fast(text.as_bytes()), None, "{text}");
            check_agreement(text);
        }
    }

    #[test]
    fn canonical_prefix_gives_the_move_and_its_length() {
        let cases = [
            ("e1-e2 e9-e8", 5),
            ("e1-e2", 5),
            ("a3-b4(b5) x", 9),
            ("a3xb4(*)\n", 8),
            ("e1-e2(e3)(e4)", 9),
            ("e3>>(a1,b2,c3,d4)!", 17),
            ("e1-e2x", 5),
        ];
        for (text, n) in cases {
            let (mv, len) = canonical_prefix(text.as_bytes()).unwrap();
            assert_eq!(len, n, "{text}");
            assert_eq!(Ok(mv), text[..n].parse::<pacru_core::Move>(), "{text}");
        }
        for text in [
            "e1-e2(",
            "e1-e2(e3 ",
            "E1-e2",
            "e1 -e2",
            "1. e1-e2",
            "e3>(a1,a1)",
        ] {
            assert_eq!(canonical_prefix(text.as_bytes()), None, "{text}");
        }
    }

    proptest! {
        #[test]
        fn fast_path_never_disagrees(text in "[a-j1-9x<>(),*-]{0,16}") {
            if let Some(mv) = fast(text.as_bytes()) {
                prop_assert_eq!(Ok(mv), text.parse::<pacru_core::Move>());
            }
            check_agreement(&text);
        }

        #[test]
        fn fast_path_agrees_on_movelike_text(
            from in "[a-i][1-9]", sep in "[-x]", to in "[a-i][1-9]",
            items in proptest::collection::vec("[a-i][1-9]|\\*", 0..4),
            tail in "[a-j1-9x<>(), *-]{0,4}",
        ) {
            let mut text = format!("{from}{sep}{to}");
            if !items.is_empty() {
                text.push('(');
                text.push_str(&items.join(","));
                text.push(')');
            }
            prop_assert_eq!(fast(text.as_bytes()).ok_or(()), text.parse::<pacru_core::Move>().map_err(|_| ()));
            check_agreement(&text);
            text.push_str(&tail);
            check_agreement(&text);
        }

        #[test]
        fn fast_path_agrees_on_reorientation_like_text(
            field in "[a-j][0-9]", turn in "<|>|<<|>>|<>",
            fields in proptest::collection::vec("[a-i][1-9]|\\*|a0", 0..5),
            tail in "[a-j1-9x<>(), *-]{0,4}",
        ) {
            let mut text = format!("{field}{turn}({})", fields.join(","));
            check_agreement(&text);
            text.push_str(&tail);
            check_agreement(&text);
        }
    }
}
