//! Moves as data: every choice named, so applying a move is deterministic.
//!
//! `Display` writes the canonical move notation; two moves are the same move iff
//! their canonical notation is the same string.

use crate::{Bitboard, Direction, Field};
use std::fmt;

/// One turn's action.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A chevron travels from one field to another (R3-R13).
    Movement(Movement),
    /// A chevron turns in place and fields go back to neutral (R14).
    Reorientation(Reorientation),
    /// The player to move removes all their chevrons and is out.
    Resign,
}

/// A chevron's travel, with the choices that make its outcome deterministic.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Movement {
    /// The field the chevron leaves.
    pub from: Field,
    /// The field the chevron arrives on.
    pub to: Field,
    /// Whether this is a pincer (written `x`): the destination holds an opponent's chevron.
    pub pincer: bool,
    /// The choices written after the move, in order.
    pub items: Items,
}

/// One written choice of a movement.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Item {
    /// `*`: take the connection change (all intervening fields).
    Connection,
    /// A field: the crossing benefit's field, or the meeting's field.
    Field(Field),
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Item::Connection => f.write_str("*"),
            Item::Field(field) => field.fmt(f),
        }
    }
}

/// The items of a movement, in the order written. At most two are meaningful (the
/// crossing/connection choice, then the meeting field); any beyond two are kept as
/// written, so that validation can reject them and writing the move loses nothing.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Items {
    /// The first two items; the second is `None` when the first is.
    stored: [Option<Item>; 2],
    /// The items beyond the second: `Some` only when both of `stored` are, so
    /// that applying a move tests the second item alone for more than one.
    surplus: Option<Box<[Item]>>,
}

impl Items {
    /// No items.
    pub const NONE: Items = Items {
        stored: [None, None],
        surplus: None,
    };

    /// Items holding only `item`.
    pub const fn one(item: Item) -> Items {
        Items {
            stored: [Some(item), None],
            surplus: None,
        }
    }

    /// Items holding `first` then `second`.
    pub const fn two(first: Item, second: Item) -> Items {
        Items {
            stored: [Some(first), Some(second)],
            surplus: None,
        }
    }

    /// Items from a list as written.
    pub fn from_slice(items: &[Item]) -> Items {
        let (stored, surplus) = items.split_at(items.len().min(2));
        Items {
            stored: [stored.first().copied(), stored.get(1).copied()],
            surplus: (!surplus.is_empty()).then(|| surplus.into()),
        }
    }

    /// Appends an item.
    pub fn push(&mut self, item: Item) {
        if self.stored[0].is_none() {
            self.stored[0] = Some(item);
        } else if self.stored[1].is_none() {
            self.stored[1] = Some(item);
        } else {
            let mut surplus = self.surplus.take().map(Vec::from).unwrap_or_default();
            surplus.push(item);
            self.surplus = Some(surplus.into());
        }
    }

    /// The number of items written.
    pub fn len(&self) -> usize {
        self.stored.iter().flatten().count() + self.surplus()
    }

    /// Whether no item was written.
    pub fn is_empty(&self) -> bool {
        self.stored[0].is_none()
    }

    /// Every item, in the order written.
    pub fn iter(&self) -> impl Iterator<Item = Item> + '_ {
        self.stored
            .iter()
            .flatten()
            .chain(self.surplus.iter().flat_map(|s| s.iter()))
            .copied()
    }

    /// The `i`-th item (0-based), if there is one.
    pub fn get(&self, i: usize) -> Option<Item> {
        match i {
            0 | 1 => self.stored[i],
            _ => self.surplus.as_ref()?.get(i - 2).copied(),
        }
    }

    /// The first two items as stored (`None` where there is none).
    #[inline]
    pub(crate) fn stored(&self) -> [Option<Item>; 2] {
        self.stored
    }

    /// The items beyond the second, as written (`None` when there are none).
    #[inline]
    pub(crate) fn surplus_items(&self) -> Option<&[Item]> {
        self.surplus.as_deref()
    }

    /// How many items were written beyond the second (a movement takes at most two).
    pub fn surplus(&self) -> usize {
        self.surplus.as_ref().map_or(0, |s| s.len())
    }
}

/// A quarter or eighth turn of a chevron in place.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Rotation {
    /// 45 degrees clockwise, `>`; returns 2 fields.
    Clockwise45,
    /// 45 degrees anticlockwise, `<`; returns 2 fields.
    Anticlockwise45,
    /// 90 degrees clockwise, `>>`; returns 4 fields.
    Clockwise90,
    /// 90 degrees anticlockwise, `<<`; returns 4 fields.
    Anticlockwise90,
}

impl Rotation {
    /// All four rotations.
    pub const ALL: [Rotation; 4] = [
        Rotation::Clockwise45,
        Rotation::Anticlockwise45,
        Rotation::Clockwise90,
        Rotation::Anticlockwise90,
    ];

    /// Eighths of a turn, clockwise positive.
    pub const fn steps(self) -> i8 {
        match self {
            Rotation::Clockwise45 => 1,
            Rotation::Anticlockwise45 => -1,
            Rotation::Clockwise90 => 2,
            Rotation::Anticlockwise90 => -2,
        }
    }

    /// How many own fields the rotation returns to neutral: 2 or 4.
    pub const fn returned_count(self) -> u32 {
        match self {
            Rotation::Clockwise45 | Rotation::Anticlockwise45 => 2,
            Rotation::Clockwise90 | Rotation::Anticlockwise90 => 4,
        }
    }

    /// The notation symbol: `>`, `<`, `>>` or `<<`.
    pub const fn symbol(self) -> &'static str {
        match self {
            Rotation::Clockwise45 => ">",
            Rotation::Anticlockwise45 => "<",
            Rotation::Clockwise90 => ">>",
            Rotation::Anticlockwise90 => "<<",
        }
    }

    /// The rotation that turns `from` into `to`, if it is 45 or 90 degrees.
    pub fn between(from: Direction, to: Direction) -> Option<Rotation> {
        match (to.index() as i8 - from.index() as i8).rem_euclid(8) {
            1 => Some(Rotation::Clockwise45),
            7 => Some(Rotation::Anticlockwise45),
            2 => Some(Rotation::Clockwise90),
            6 => Some(Rotation::Anticlockwise90),
            _ => None,
        }
    }
}

/// Turning a chevron in place instead of moving (R14).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Reorientation {
    /// The field of the chevron that turns.
    pub field: Field,
    /// Which way and how far it turns.
    pub rotation: Rotation,
    /// The own fields returned to neutral (2 for 45 degrees, 4 for 90).
    pub returned: Bitboard,
}

impl fmt::Display for Movement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.pincer { 'x' } else { '-' };
        write!(f, "{}{}{}", self.from, sep, self.to)?;
        if !self.items.is_empty() {
            f.write_str("(")?;
            for (i, item) in self.items.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                item.fmt(f)?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

impl fmt::Display for Reorientation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}(", self.field, self.rotation.symbol())?;
        for (i, field) in self.returned.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            field.fmt(f)?;
        }
        f.write_str(")")
    }
}

impl fmt::Display for Move {
    /// The canonical notation of the move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Movement(m) => m.fmt(f),
            Move::Reorientation(r) => r.fmt(f),
            Move::Resign => f.write_str("resign"),
        }
    }
}

impl From<Movement> for Move {
    fn from(m: Movement) -> Move {
        Move::Movement(m)
    }
}

impl From<Reorientation> for Move {
    fn from(r: Reorientation) -> Move {
        Move::Reorientation(r)
    }
}

#[cfg(test)]
mod tests {
    use super::{Item, Items};
    use crate::Field;

    /// Surplus items are kept only behind two stored ones, however the items
    /// are made: applying a move tests the second stored item alone.
    #[test]
    fn surplus_items_only_follow_two_stored_ones() {
        let field = |i: u8| Item::Field(Field::from_index_unchecked(i));
        for n in 0..6u8 {
            let list: Vec<Item> = (0..n)
                .map(|i| if i == 1 { Item::Connection } else { field(i) })
                .collect();
            let mut pushed = Items::NONE;
            for &item in &list {
                pushed.push(item);
            }
            let serde_like = Items::from_slice(&list);
            for items in [pushed, serde_like] {
                assert_eq!(items.len(), usize::from(n));
                assert_eq!(items.iter().collect::<Vec<_>>(), list);
                assert_eq!(items.surplus_items().is_some(), n > 2, "{n} items");
                assert_eq!(items.stored[1].is_some(), n > 1, "{n} items");
            }
        }
        for items in [Items::default(), Items::one(field(3))] {
            assert!(items.stored[1].is_none() && items.surplus.is_none());
        }
        let two = Items::two(Item::Connection, field(3));
        assert!(two.stored[1].is_some() && two.surplus.is_none());
    }
}
