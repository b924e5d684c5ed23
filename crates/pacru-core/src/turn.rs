//! Facts about one player's turn that move generation and validation share.

use crate::geometry::{first_blocker, land_of, line, step_targets};
use crate::{Bitboard, Field, Position};

/// A snapshot of the board from the point of view of the player `me`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Turn {
    /// The player's slot in order of play.
    pub me: usize,
    /// The player's fields.
    pub own: Bitboard,
    /// The player's chevrons.
    pub mine: Bitboard,
    /// Every chevron.
    pub occupied: Bitboard,
    /// Every field with a marker of any colour.
    pub coloured: Bitboard,
    /// Fields a movement may end on: no chevron, and neutral or ours.
    pub landing: Bitboard,
    /// Our chevrons standing on our colour: the only possible meeting partners.
    pub partners: Bitboard,
}

impl Turn {
    #[inline]
    pub fn new(pos: &Position, me: usize) -> Turn {
        let own = pos.fields[me];
        let occupied = pos.occupied();
        let coloured = pos.coloured();
        Turn {
            me,
            own,
            mine: pos.chevrons[me],
            occupied,
            coloured,
            landing: !occupied & (own | !coloured),
            partners: pos.chevrons[me] & own,
        }
    }

    /// Number of own fields in the borderland of `from`.
    #[inline]
    pub fn own_in_borderland(&self, from: Field) -> u32 {
        (self.own & land_of(from)).count()
    }

    /// Power of movement of a chevron on `from` (R5): own fields in its borderland, at least 1.
    #[inline]
    pub fn power(&self, from: Field) -> u8 {
        self.own_in_borderland(from).max(1) as u8
    }

    /// Opponent chevrons attacked by the chevron on `from` (R11): at most one per
    /// travel direction, the first chevron on the ray if it is within power and not ours.
    #[inline]
    pub fn attacks_from(&self, pos: &Position, from: Field) -> Bitboard {
        let power = self.power(from);
        if power <= 1 {
            // Only the three adjacent fields ahead can be reached.
            return step_targets(from, pos.facing[from.index()]) & (self.occupied - self.mine);
        }
        let mut attacked = Bitboard::EMPTY;
        for travel in pos.facing[from.index()].travel_directions() {
            if let Some(hit) = first_blocker(from, travel, self.occupied)
                && !self.mine.contains(hit)
                && line(from, hit).is_some_and(|(_, distance)| distance <= power)
            {
                attacked.insert(hit);
            }
        }
        attacked
    }

    /// Opponent chevrons attacked by two or more of our chevrons: the pincer targets.
    #[inline]
    pub fn pincer_targets(&self, pos: &Position) -> Bitboard {
        let mut once = Bitboard::EMPTY;
        let mut twice = Bitboard::EMPTY;
        let theirs = self.occupied - self.mine;
        for from in self.mine {
            let attacked = if self.own_in_borderland(from) <= 1 {
                // Power 1: the adjacent fields ahead (as in `attacks_from`).
                step_targets(from, pos.facing[from.index()]) & theirs
            } else {
                self.attacks_from(pos, from)
            };
            twice |= once & attacked;
            once |= attacked;
        }
        twice
    }

    /// How many of our chevrons attack `target`.
    pub fn attackers_of(&self, pos: &Position, target: Field) -> Bitboard {
        self.mine
            .iter()
            .filter(|&from| self.attacks_from(pos, from).contains(target))
            .collect()
    }
}
