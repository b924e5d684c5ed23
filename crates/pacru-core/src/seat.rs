//! Seats (board sides) and the standard starting chevrons of each.

use crate::parse_error::parse_error;
use crate::{Direction, Field};
use std::fmt;
use std::str::FromStr;

/// A side of the board where a player sits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Seat {
    /// The south side (rank 1).
    S,
    /// The west side (file `a`).
    W,
    /// The north side (rank 9).
    N,
    /// The east side (file `i`).
    E,
}

/// A chevron's starting field and facing.
pub type Placement = (Field, Direction);

const fn f(name: &[u8; 2]) -> Field {
    match Field::new(name[0] - b'a', name[1] - b'1') {
        Some(field) => field,
        None => panic!("bad field literal"),
    }
}

impl Seat {
    /// All seats, clockwise from South.
    pub const ALL: [Seat; 4] = [Seat::S, Seat::W, Seat::N, Seat::E];

    /// The notation letter: `S W N E`.
    pub const fn letter(self) -> char {
        match self {
            Seat::S => 'S',
            Seat::W => 'W',
            Seat::N => 'N',
            Seat::E => 'E',
        }
    }

    /// The seat with notation letter `letter` (upper case).
    pub const fn from_letter(letter: char) -> Option<Seat> {
        match letter {
            'S' => Some(Seat::S),
            'W' => Some(Seat::W),
            'N' => Some(Seat::N),
            'E' => Some(Seat::E),
            _ => None,
        }
    }

    /// The default seats, in order of play, for `players` players (2, 3 or 4).
    pub fn default_seats(players: usize) -> Option<&'static [Seat]> {
        match players {
            2 => Some(&[Seat::S, Seat::N]),
            3 => Some(&[Seat::S, Seat::W, Seat::E]),
            4 => Some(&[Seat::S, Seat::W, Seat::N, Seat::E]),
            _ => None,
        }
    }

    /// The three chevrons every player starts with: the middle of the side, then the
    /// two at the borderline facing each other.
    pub const fn chevrons(self) -> [Placement; 3] {
        use Direction::*;
        match self {
            Seat::S => [(f(b"e1"), N), (f(b"a3"), E), (f(b"i3"), W)],
            Seat::N => [(f(b"e9"), S), (f(b"a7"), E), (f(b"i7"), W)],
            Seat::W => [(f(b"a5"), E), (f(b"c1"), N), (f(b"c9"), S)],
            Seat::E => [(f(b"i5"), W), (f(b"g1"), N), (f(b"g9"), S)],
        }
    }

    /// The fourth chevron of the 2-player game: the opposite corner, facing the centre.
    pub const fn two_player_extra(self) -> Placement {
        use Direction::*;
        match self {
            Seat::S => (f(b"i9"), SW),
            Seat::N => (f(b"a1"), NE),
            Seat::W => (f(b"i1"), NW),
            Seat::E => (f(b"a9"), SE),
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

parse_error!(
    /// The text is not a seat letter.
    ParseSeatError,
    "not a seat: expected S, W, N or E"
);

impl FromStr for Seat {
    type Err = ParseSeatError;
    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Seat::from_letter(c.to_ascii_uppercase()).ok_or(ParseSeatError),
            _ => Err(ParseSeatError),
        }
    }
}

#[cfg(feature = "serde")]
crate::serde_as_text!(Seat);
