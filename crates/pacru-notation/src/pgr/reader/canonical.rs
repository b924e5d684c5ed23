//! Moves written canonically (the bulk of any record) read straight from the
//! reader's buffer by its movetext fast path ([`canonical_prefix`]), without
//! first finding where the word ends. Anything else goes to the general path and
//! the core's parser (`Move: FromStr`), which also produces the error messages.
//! Whatever this reads, the core's parser reads as the same move (tested).

use pacru_core::{Bitboard, Field, Item, Items, Move, Movement, Reorientation, Rotation};
use std::mem::ManuallyDrop;

/// What a byte adds to a field's index as its file (`a`-`i`: 0-8) or as its rank
/// (`1`-`9`: 0, 9, ..., 72); any other byte adds [`NOT_FIELD`], which makes the
/// sum 81 or more: one comparison checks both bytes.
const NOT_FIELD: u8 = 81;
const FILE_INDEX: [u8; 256] = index_table(b'a', 1);
const RANK_INDEX: [u8; 256] = index_table(b'1', 9);

const fn index_table(first: u8, step: u8) -> [u8; 256] {
    let mut table = [NOT_FIELD; 256];
    let mut i = 0;
    while i < 9 {
        table[(first + i) as usize] = i * step;
        i += 1;
    }
    table
}

#[inline(always)]
fn field(file: u8, rank: u8) -> Option<Field> {
    Field::from_index(FILE_INDEX[file as usize] + RANK_INDEX[rank as usize])
}

/// The canonical move at the start of `b` (lower case, no spaces), written to
/// `mv`, and its length in bytes; `None` means "no canonical move starts here",
/// never "wrong" (`mv` is then left as it was). The bytes after the move are not
/// looked at: a caller that takes `b[..n]` for a whole word must check that the
/// word ends there.
///
/// A movement with more than two items is left to the core's parser too: what
/// this writes never owns memory on the heap, so `mv` is a `ManuallyDrop` that
/// the caller keeps for all its moves, written in place (no copy, no drop).
#[inline(always)]
pub(crate) fn canonical_prefix(b: &[u8], mv: &mut ManuallyDrop<Move>) -> Option<usize> {
    let [f1, r1, sep, f2, r2, ref rest @ ..] = *b else {
        return None;
    };
    let from = field(f1, r1)?;
    if sep != b'-' && sep != b'x' {
        return reorientation(from, b, mv);
    }
    let to = field(f2, r2)?;
    // The common shapes first: no item, one field, `*`.
    let (items, n) = match *rest {
        [b'(', f, r, b')', ..] if f != b'*' => (Items::one(Item::Field(field(f, r)?)), 9),
        [b'(', b'*', b')', ..] => (Items::one(Item::Connection), 8),
        [b'(', ..] => {
            let (first, second, n) = movement_items(b)?;
            let items = match second {
                Some(second) => Items::two(first, second),
                None => Items::one(first),
            };
            (items, n)
        }
        _ => (Items::NONE, 5),
    };
    *mv = ManuallyDrop::new(Move::Movement(Movement {
        from,
        to,
        pincer: sep == b'x',
        items,
    }));
    Some(n)
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

/// The items of a movement, one or two: `(item)` or `(item,item)` from `b[5]`,
/// each `*` or a field; with the length of the whole move.
#[inline(never)]
fn movement_items(b: &[u8]) -> Option<(Item, Option<Item>, usize)> {
    let (first, n) = item_at(b, 6)?;
    match *b.get(n)? {
        b')' => return Some((first, None, n + 1)),
        b',' => {}
        _ => return None,
    }
    let (second, n) = item_at(b, n + 1)?;
    (*b.get(n)? == b')').then_some((first, Some(second), n + 1))
}

/// A reorientation of the chevron on `at`, `e3>(a1,b2)` or `e3>>(a1,b2,c3,d4)`
/// (also with `<`), its returned fields distinct, at the start of `b`; with its
/// length.
#[inline(never)]
fn reorientation(at: Field, b: &[u8], mv: &mut ManuallyDrop<Move>) -> Option<usize> {
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
    *mv = ManuallyDrop::new(Move::Reorientation(Reorientation {
        field: at,
        rotation,
        returned,
    }));
    Some(n + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The canonical move that is the whole of `b`, if any.
    fn fast(b: &[u8]) -> Option<Move> {
        prefix(b).and_then(|(mv, n)| (n == b.len()).then_some(mv))
    }

    /// `canonical_prefix` with a slot of its own.
    fn prefix(b: &[u8]) -> Option<(Move, usize)> {
        let mut mv = ManuallyDrop::new(Move::Resign);
        let n = canonical_prefix(b, &mut mv)?;
        Some((ManuallyDrop::into_inner(mv), n))
    }

    /// `canonical_prefix` against `parse_move`, the reference: whatever it reads
    /// as a whole word, `parse_move` reads as the same move; every canonical
    /// movement with at most two items or reorientation is read (`resign` and
    /// longer movements are left to `parse_move`); a prefix found is a whole
    /// move `parse_move` reads the same.
    fn check_agreement(text: &str) {
        let b = text.as_bytes();
        if let Some(mv) = fast(b) {
            assert_eq!(text.parse::<pacru_core::Move>(), Ok(mv), "{text:?}");
        }
        if let Ok(mv) = text.parse::<pacru_core::Move>()
            && mv != Move::Resign
            && !matches!(&mv, Move::Movement(m) if m.items.len() > 2)
            && mv.to_string() == text
        {
            assert_eq!(fast(b), Some(mv), "canonical {text:?}");
        }
        if let Some((mv, n)) = prefix(b) {
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
            "a3-a5(e6,*)",
            "e3>(b2,a1)",
            "a3-a5(*,e5)",
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
            "a3-a5(*,e5,e6)",
            "a3-a5(*,e5,e6,a1,*)",
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
            let (mv, len) = prefix(text.as_bytes()).unwrap();
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
            assert_eq!(prefix(text.as_bytes()), None, "{text}");
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
            if items.len() <= 2 {
                prop_assert_eq!(fast(text.as_bytes()).ok_or(()), text.parse::<pacru_core::Move>().map_err(|_| ()));
            } else {
                prop_assert_eq!(fast(text.as_bytes()), None);
            }
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
