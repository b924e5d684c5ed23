//! The nine 3x3 borderlands.

use crate::{Bitboard, Field};
use std::fmt;

/// One of the nine borderlands of 3 x 3 fields, named by compass position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Borderland {
    /// Files a-c, ranks 1-3.
    SW = 0,
    /// Files d-f, ranks 1-3.
    S,
    /// Files g-i, ranks 1-3.
    SE,
    /// Files a-c, ranks 4-6.
    W,
    /// Files d-f, ranks 4-6 (the centre).
    C,
    /// Files g-i, ranks 4-6.
    E,
    /// Files a-c, ranks 7-9.
    NW,
    /// Files d-f, ranks 7-9.
    N,
    /// Files g-i, ranks 7-9.
    NE,
}

const fn borderland_mask(index: usize) -> u128 {
    let file0 = (index % 3) * 3;
    let rank0 = (index / 3) * 3;
    let mut mask = 0u128;
    let mut r = 0;
    while r < 3 {
        let mut f = 0;
        while f < 3 {
            mask |= 1u128 << ((rank0 + r) * 9 + file0 + f);
            f += 1;
        }
        r += 1;
    }
    mask
}

const MASKS: [Bitboard; 9] = {
    let mut masks = [Bitboard::EMPTY; 9];
    let mut i = 0;
    while i < 9 {
        masks[i] = Bitboard(borderland_mask(i));
        i += 1;
    }
    masks
};

impl Borderland {
    /// All borderlands, south-west first, row by row.
    pub const ALL: [Borderland; 9] = [
        Borderland::SW,
        Borderland::S,
        Borderland::SE,
        Borderland::W,
        Borderland::C,
        Borderland::E,
        Borderland::NW,
        Borderland::N,
        Borderland::NE,
    ];

    /// The nine fields of the borderland.
    #[inline]
    pub const fn fields(self) -> Bitboard {
        MASKS[self as usize]
    }

    /// Whether `field` lies in this borderland.
    #[inline]
    pub const fn contains(self, field: Field) -> bool {
        self.fields().contains(field)
    }

    /// The compass name: `SW`, `S`, ..., `C` for the centre.
    pub const fn name(self) -> &'static str {
        match self {
            Borderland::SW => "SW",
            Borderland::S => "S",
            Borderland::SE => "SE",
            Borderland::W => "W",
            Borderland::C => "C",
            Borderland::E => "E",
            Borderland::NW => "NW",
            Borderland::N => "N",
            Borderland::NE => "NE",
        }
    }
}

impl fmt::Display for Borderland {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
