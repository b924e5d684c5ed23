//! Player colours.

use crate::parse_error::parse_error;
use std::fmt;
use std::str::FromStr;

/// A player's colour. Each player is identified by one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Colour {
    /// Black, letter `K`.
    Black = 0,
    /// Red, letter `R`.
    Red,
    /// Yellow, letter `Y`.
    Yellow,
    /// Green, letter `G`.
    Green,
    /// Blue, letter `B`.
    Blue,
}

impl Colour {
    /// All colours, in the default order of play.
    pub const ALL: [Colour; 5] = [
        Colour::Black,
        Colour::Red,
        Colour::Yellow,
        Colour::Green,
        Colour::Blue,
    ];

    /// A number 0..5 for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The notation letter: `K R Y G B`.
    pub const fn letter(self) -> char {
        match self {
            Colour::Black => 'K',
            Colour::Red => 'R',
            Colour::Yellow => 'Y',
            Colour::Green => 'G',
            Colour::Blue => 'B',
        }
    }

    /// The colour with notation letter `letter` (upper case only).
    pub const fn from_letter(letter: char) -> Option<Colour> {
        match letter {
            'K' => Some(Colour::Black),
            'R' => Some(Colour::Red),
            'Y' => Some(Colour::Yellow),
            'G' => Some(Colour::Green),
            'B' => Some(Colour::Blue),
            _ => None,
        }
    }

    /// The English word, capitalised: `Black`, `Red`, ...
    pub const fn word(self) -> &'static str {
        match self {
            Colour::Black => "Black",
            Colour::Red => "Red",
            Colour::Yellow => "Yellow",
            Colour::Green => "Green",
            Colour::Blue => "Blue",
        }
    }

    /// The colour named by `word` (`Black`, ...; any letter case).
    pub fn from_word(word: &str) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|c| c.word().eq_ignore_ascii_case(word))
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

parse_error!(
    /// The text is neither a colour word nor a colour letter.
    ParseColourError,
    "not a colour: expected Black, Red, Yellow, Green, Blue or K, R, Y, G, B"
);

impl FromStr for Colour {
    type Err = ParseColourError;
    /// Parses a colour word (any case) or a colour letter (upper case).
    fn from_str(s: &str) -> Result<Colour, ParseColourError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return Colour::from_letter(c).ok_or(ParseColourError);
        }
        Colour::from_word(s).ok_or(ParseColourError)
    }
}

#[cfg(feature = "serde")]
crate::serde_as_text!(Colour);
