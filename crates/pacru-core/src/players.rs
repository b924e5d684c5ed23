//! The players of a game: colours in order of play.

use crate::{Colour, PositionError};
use std::fmt;

/// The colours of the players who started the game, in order of play (2 to 4, distinct).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Players {
    colours: [Colour; 4],
    len: u8,
}

impl Players {
    /// Players with the given colours in order of play.
    pub fn new(colours: &[Colour]) -> Result<Players, PositionError> {
        if !(2..=4).contains(&colours.len()) {
            return Err(PositionError::PlayerCount(colours.len()));
        }
        let mut result = Players {
            colours: [Colour::Black; 4],
            len: colours.len() as u8,
        };
        for (i, &colour) in colours.iter().enumerate() {
            if colours[..i].contains(&colour) {
                return Err(PositionError::RepeatedPlayer(colour));
            }
            result.colours[i] = colour;
        }
        Ok(result)
    }

    /// The default colours for `count` players (Black, Red, Yellow, Green, in that order).
    pub fn default_for(count: usize) -> Result<Players, PositionError> {
        if !(2..=4).contains(&count) {
            return Err(PositionError::PlayerCount(count));
        }
        Players::new(&Colour::ALL[..count])
    }

    /// How many players started: 2, 3 or 4.
    #[inline]
    #[allow(clippy::len_without_is_empty)]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// The colours in order of play.
    #[inline]
    pub fn as_slice(&self) -> &[Colour] {
        &self.colours[..self.len as usize]
    }

    /// The colour of the player at `slot` (below 4; slots beyond the players hold Black).
    #[inline]
    pub(crate) fn colour_at_slot(&self, slot: usize) -> Colour {
        self.colours[slot & 3]
    }

    /// The colour of the player at position `slot` in order of play.
    #[inline]
    pub fn get(&self, slot: usize) -> Option<Colour> {
        self.as_slice().get(slot).copied()
    }

    /// The position of `colour` in order of play, if it plays.
    #[inline]
    pub fn slot_of(&self, colour: Colour) -> Option<usize> {
        self.as_slice().iter().position(|&c| c == colour)
    }

    /// Whether `colour` is one of the players.
    #[inline]
    pub fn contains(&self, colour: Colour) -> bool {
        self.slot_of(colour).is_some()
    }

    /// The number of own-colour fields needed to win (R16): 42, 28 or 24.
    #[inline]
    pub const fn target(&self) -> u32 {
        // By player count (a table: this is read after every move).
        const TARGETS: [u8; 8] = [42, 42, 42, 28, 24, 24, 24, 24];
        TARGETS[self.len as usize & 7] as u32
    }

    /// The colours in order of play.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Colour> + '_ {
        self.as_slice().iter().copied()
    }
}

impl fmt::Display for Players {
    /// The colour letters in order of play, e.g. `KR`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for colour in self.iter() {
            write!(f, "{}", colour.letter())?;
        }
        Ok(())
    }
}
