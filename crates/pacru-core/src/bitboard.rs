//! A set of fields as a 128-bit mask (bit `i` is field index `i`).

use crate::Field;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// The mask of the 81 fields of the board.
const BOARD_MASK: u128 = (1u128 << 81) - 1;

/// The single-bit masks, by index (128 entries so that indexing needs no bounds check).
const BITS: [u128; 128] = {
    let mut table = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        table[i] = 1u128 << i;
        i += 1;
    }
    table
};

/// The mask of `field` alone: a table lookup, cheaper than a 128-bit shift.
#[inline]
const fn bit(field: Field) -> u128 {
    BITS[field.index() & 127]
}

/// Each byte's bit positions by rank: entry `[b][r]` is the position of the
/// `r`-th (0-based) set bit of `b`, or 8 when `b` has no more than `r`.
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[8u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut r = 0;
        let mut bit = 0;
        while bit < 8 {
            if b >> bit & 1 != 0 {
                table[b][r] = bit as u8;
                r += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// The position of the `r`-th (0-based) set bit of `word`, which has more
/// than `r`, without a branch: the byte that holds it is found from the
/// running counts of the bytes (one multiplication gives them all, one
/// subtraction compares them all with `r`), the bit in it from a table.
#[inline]
fn select(word: u64, r: u64) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut counts = word - ((word >> 1) & 0x5555_5555_5555_5555);
    counts = (counts & 0x3333_3333_3333_3333) + ((counts >> 2) & 0x3333_3333_3333_3333);
    counts = (counts + (counts >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte `k`: the set bits in bytes 0 to `k` (at most 64).
    let running = counts.wrapping_mul(ONES);
    // Byte `k`'s high bit: whether bytes 0 to `k` hold `r` set bits or fewer.
    let passed = ((r.wrapping_mul(ONES) | HIGHS) - running) & HIGHS;
    let shift = passed.count_ones() * 8;
    // The set bits below the byte that holds the `r`-th.
    let before = ((running << 8) >> (shift & 63)) & 0xff;
    let byte = (word >> (shift & 63)) & 0xff;
    let rank = (r.wrapping_sub(before) & 7) as usize;
    shift + u32::from(SELECT_IN_BYTE[byte as usize][rank])
}

/// A set of fields, stored as one bit per field.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every field of the board.
    pub const FULL: Bitboard = Bitboard(BOARD_MASK);

    /// The set holding only `field`.
    #[inline]
    pub const fn from_field(field: Field) -> Bitboard {
        Bitboard(bit(field))
    }

    /// Whether `field` is in the set.
    #[inline]
    pub const fn contains(self, field: Field) -> bool {
        if cfg!(target_arch = "wasm32") {
            // WebAssembly has no 128-bit shift: LLVM turns the choice of a half
            // below into a call of a 128-bit shift function, which the mask's
            // two 64-bit ANDs avoid.
            self.0 & bit(field) != 0
        } else {
            // One 64-bit half and a bit test: cheaper than shifting a 128-bit one,
            // and than the mask.
            let i = field.index() as u32;
            let half = if i < 64 {
                self.0 as u64
            } else {
                (self.0 >> 64) as u64
            };
            (half >> (i & 63)) & 1 != 0
        }
    }

    /// Whether the field of index `index` (0..128; 81 and above are in no
    /// set) is in the set: by its single-bit mask, with no branch on the
    /// index, unlike [`Bitboard::contains`]'s choice of a half.
    #[inline]
    pub(crate) const fn has_index(self, index: u8) -> bool {
        self.0 & BITS[index as usize & 127] != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds at least one field.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// The number of fields in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The set with `field` added.
    #[inline]
    #[must_use]
    pub const fn with(self, field: Field) -> Bitboard {
        Bitboard(self.0 | bit(field))
    }

    /// The set with `field` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, field: Field) -> Bitboard {
        Bitboard(self.0 & !bit(field))
    }

    /// Adds `field` to the set.
    #[inline]
    pub fn insert(&mut self, field: Field) {
        self.0 |= bit(field);
    }

    /// Removes `field` from the set.
    #[inline]
    pub fn remove(&mut self, field: Field) {
        self.0 &= !bit(field);
    }

    /// The field with the lowest index, if any.
    #[inline]
    pub fn first(self) -> Option<Field> {
        if self.0 == 0 {
            None
        } else {
            Some(Field::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The `i`-th field (0-based, ascending) of the set, if it has more than `i`
    /// fields: counted in one 64-bit half, then found there without a loop
    /// ([`select`]): `i` is a random number where this is called, and a loop
    /// that clears `i` bits mispredicts its exit.
    #[inline]
    pub(crate) fn nth(self, i: u64) -> Option<Field> {
        let low = self.0 as u64;
        let high = (self.0 >> 64) as u64;
        let in_low = u64::from(low.count_ones());
        if i >= in_low + u64::from(high.count_ones()) {
            return None;
        }
        let (half, i, base) = if i < in_low {
            (low, i, 0)
        } else {
            (high, i - in_low, 64)
        };
        Some(Field::from_index_unchecked(select(half, i) as u8 + base))
    }

    /// Removes and returns the field with the lowest index.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Field> {
        let first = self.first()?;
        self.0 &= self.0 - 1;
        Some(first)
    }

    /// The fields of the set in ascending field order.
    #[inline]
    pub fn iter(self) -> BitboardIter {
        BitboardIter::new(self)
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl IntoIterator for Bitboard {
    type Item = Field;
    type IntoIter = BitboardIter;
    fn into_iter(self) -> BitboardIter {
        BitboardIter::new(self)
    }
}

impl FromIterator<Field> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Field>>(iter: I) -> Self {
        let mut set = Bitboard::EMPTY;
        for field in iter {
            set.insert(field);
        }
        set
    }
}

/// Iterator over the fields of a [`Bitboard`] in ascending order.
///
/// It walks the two 64-bit halves of the set one after the other: 64-bit bit
/// scans are cheaper than 128-bit ones.
#[derive(Clone, Debug)]
pub struct BitboardIter {
    low: u64,
    high: u64,
}

impl BitboardIter {
    #[inline]
    fn new(set: Bitboard) -> BitboardIter {
        BitboardIter {
            low: set.0 as u64,
            high: (set.0 >> 64) as u64,
        }
    }
}

impl Iterator for BitboardIter {
    type Item = Field;
    #[inline]
    fn next(&mut self) -> Option<Field> {
        if self.low != 0 {
            let index = self.low.trailing_zeros();
            self.low &= self.low - 1;
            Some(Field::from_index_unchecked(index as u8))
        } else if self.high != 0 {
            let index = self.high.trailing_zeros() + 64;
            self.high &= self.high - 1;
            Some(Field::from_index_unchecked(index as u8))
        } else {
            None
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.low.count_ones() + self.high.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

macro_rules! binary_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

binary_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binary_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binary_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// The fields of `self` that are not in `rhs`.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the 81 fields of the board.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & BOARD_MASK)
    }
}

#[cfg(test)]
mod tests {
    use super::Bitboard;
    use crate::SplitMix64;

    /// `nth` finds a set's fields as its iterator gives them, across both halves.
    #[test]
    fn nth_is_the_nth_field_of_the_iterator() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..2000 {
            let set = Bitboard(u128::from(rng.next_u64()) | (u128::from(rng.next_u64()) << 64))
                & Bitboard::FULL;
            let set = if rng.below(4) == 0 {
                Bitboard(set.0 & u128::from(rng.next_u64()) & u128::from(rng.next_u64()))
            } else {
                set
            };
            for i in 0..=u64::from(set.count()) + 1 {
                assert_eq!(set.nth(i), set.iter().nth(i as usize), "{set:?} {i}");
            }
        }
    }
}
