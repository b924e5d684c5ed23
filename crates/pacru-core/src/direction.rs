//! The eight compass directions a chevron can face and travel.

use crate::parse_error::parse_error;
use std::fmt;
use std::str::FromStr;

/// A compass direction. N is towards rank 9, E towards file `i`; the order is clockwise.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
#[repr(u8)]
pub enum Direction {
    /// Towards rank 9.
    #[default]
    N = 0,
    /// North-east.
    NE,
    /// Towards file `i`.
    E,
    /// South-east.
    SE,
    /// Towards rank 1.
    S,
    /// South-west.
    SW,
    /// Towards file `a`.
    W,
    /// North-west.
    NW,
}

impl Direction {
    /// The direction whose index is the low three bits of `bits`. Written as a
    /// match, which compiles to the bits themselves (no table read).
    #[inline]
    pub(crate) const fn from_low_bits(bits: u8) -> Direction {
        match bits & 7 {
            0 => Direction::N,
            1 => Direction::NE,
            2 => Direction::E,
            3 => Direction::SE,
            4 => Direction::S,
            5 => Direction::SW,
            6 => Direction::W,
            _ => Direction::NW,
        }
    }

    /// All directions, clockwise from N.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// The position in clockwise order from N, 0..8.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction `steps` eighths of a turn clockwise (negative: anticlockwise).
    #[inline]
    #[must_use]
    pub const fn rotated(self, steps: i8) -> Direction {
        Direction::from_low_bits((self as i8).wrapping_add(steps) as u8)
    }

    /// The opposite direction.
    #[inline]
    #[must_use]
    pub const fn opposite(self) -> Direction {
        self.rotated(4)
    }

    /// The three directions a chevron facing `self` may travel: 45 degrees left, ahead, 45 degrees right.
    #[inline]
    pub const fn travel_directions(self) -> [Direction; 3] {
        TRAVELS[self as usize]
    }

    /// Whether a chevron facing `self` may travel in `travel`.
    #[inline]
    pub const fn allows_travel(self, travel: Direction) -> bool {
        let diff = (travel as i8 - self as i8).rem_euclid(8);
        diff == 0 || diff == 1 || diff == 7
    }

    /// (file step, rank step) of one field in this direction.
    #[inline]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::N => (0, 1),
            Direction::NE => (1, 1),
            Direction::E => (1, 0),
            Direction::SE => (1, -1),
            Direction::S => (0, -1),
            Direction::SW => (-1, -1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, 1),
        }
    }

    /// The upper-case name: `N`, `NE`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Direction::N => "N",
            Direction::NE => "NE",
            Direction::E => "E",
            Direction::SE => "SE",
            Direction::S => "S",
            Direction::SW => "SW",
            Direction::W => "W",
            Direction::NW => "NW",
        }
    }
}

/// The three directions of travel for each facing.
const TRAVELS: [[Direction; 3]; 8] = {
    let mut table = [[Direction::N; 3]; 8];
    let mut i = 0;
    while i < 8 {
        let facing = Direction::ALL[i];
        table[i] = [facing.rotated(-1), facing, facing.rotated(1)];
        i += 1;
    }
    table
};

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

parse_error!(
    /// The text is not a direction name.
    ParseDirectionError,
    "not a direction: expected one of N NE E SE S SW W NW"
);

impl FromStr for Direction {
    type Err = ParseDirectionError;
    /// Parses `N`, `NE`, ... in either letter case.
    fn from_str(s: &str) -> Result<Direction, ParseDirectionError> {
        Direction::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s))
            .ok_or(ParseDirectionError)
    }
}

#[cfg(feature = "serde")]
crate::serde_as_text!(Direction);

#[cfg(test)]
mod tests {
    use super::Direction;

    #[test]
    fn rotated_turns_by_any_number_of_eighths() {
        for (i, d) in Direction::ALL.into_iter().enumerate() {
            for steps in i8::MIN..=i8::MAX {
                let expected = (i as i32 + i32::from(steps)).rem_euclid(8) as usize;
                assert_eq!(
                    d.rotated(steps),
                    Direction::ALL[expected],
                    "{d:?} by {steps}"
                );
            }
        }
    }

    #[test]
    fn from_low_bits_reads_the_index() {
        for bits in 0..=u8::MAX {
            assert_eq!(
                Direction::from_low_bits(bits).index(),
                usize::from(bits & 7)
            );
        }
    }
}
