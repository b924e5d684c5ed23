//! Fields of the board: `a1` (south-west) to `i9` (north-east).

use crate::parse_error::parse_error;
use crate::{Borderland, Direction};
use std::fmt;
use std::str::FromStr;

/// One of the 81 fields. Index = `rank * 9 + file`, both from 0, so `a1` = 0 and `i9` = 80.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Field(u8);

impl Field {
    /// The number of fields on the board.
    pub const COUNT: usize = 81;

    /// The field at `file` (0 = `a`) and `rank` (0 = rank 1), if both are below 9.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Field> {
        if file < 9 && rank < 9 {
            Some(Field(rank * 9 + file))
        } else {
            None
        }
    }

    /// The field with the given index, if it is below 81.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Field> {
        if (index as usize) < Self::COUNT {
            Some(Field(index))
        } else {
            None
        }
    }

    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Field {
        debug_assert!((index as usize) < Self::COUNT);
        Field(index)
    }

    /// The index of the field, 0..81, in ascending field order.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) to 8 (`i`).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// The rank, 0 (rank 1) to 8 (rank 9).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The borderland the field lies in.
    #[inline]
    pub const fn borderland(self) -> Borderland {
        Borderland::ALL[self.borderland_index()]
    }

    /// The index 0..9 of the field's borderland (south-west first, row by row).
    #[inline]
    pub(crate) const fn borderland_index(self) -> usize {
        crate::geometry::BORDERLAND_OF[self.0 as usize] as usize
    }

    /// The field `steps` fields away in `direction`, if it is on the board.
    #[inline]
    pub const fn offset(self, direction: Direction, steps: u8) -> Option<Field> {
        let (df, dr) = direction.delta();
        let file = self.file() as i16 + df as i16 * steps as i16;
        let rank = self.rank() as i16 + dr as i16 * steps as i16;
        if file >= 0 && file < 9 && rank >= 0 && rank < 9 {
            Some(Field((rank * 9 + file) as u8))
        } else {
            None
        }
    }

    /// All 81 fields in ascending order.
    pub fn all() -> impl DoubleEndedIterator<Item = Field> + ExactSizeIterator {
        (0..Self::COUNT as u8).map(Field)
    }

    /// The file letter, `a` to `i`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `1` to `9`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

parse_error!(
    /// The text is not a field name such as `e5`.
    ParseFieldError,
    "not a field: expected a file a-i and a rank 1-9, such as e5"
);

impl FromStr for Field {
    type Err = ParseFieldError;
    /// Parses `a1`..`i9`, in either letter case.
    fn from_str(s: &str) -> Result<Field, ParseFieldError> {
        match s.as_bytes() {
            [file, rank] => {
                let file = file.to_ascii_lowercase();
                if (b'a'..=b'i').contains(&file) && (b'1'..=b'9').contains(rank) {
                    Ok(Field((rank - b'1') * 9 + (file - b'a')))
                } else {
                    Err(ParseFieldError)
                }
            }
            _ => Err(ParseFieldError),
        }
    }
}

#[cfg(feature = "serde")]
crate::serde_as_text!(Field);
