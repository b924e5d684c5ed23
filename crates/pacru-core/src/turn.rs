//! Facts about one player's turn that move generation and validation share.

use crate::geometry::{between, first_blocker, land_of, line, lines_through, step_targets};
use crate::{Bitboard, Field, Position};

/// The fields a movement of the player whose fields are `own` may end on: no
/// chevron, and neutral or the player's own.
#[inline]
pub(crate) fn landing_fields(own: Bitboard, occupied: Bitboard, coloured: Bitboard) -> Bitboard {
    !occupied & (own | !coloured)
}

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
        let occupied = pos.unions.occupied;
        let coloured = pos.coloured();
        Turn {
            me,
            own,
            mine: pos.chevrons[me],
            occupied,
            coloured,
            landing: landing_fields(own, occupied, coloured),
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
            return step_targets(from, pos.small.facing.get(from)) & (self.occupied - self.mine);
        }
        let mut attacked = Bitboard::EMPTY;
        for travel in pos.small.facing.get(from).travel_directions() {
            if let Some(hit) = first_blocker(from, travel, self.occupied)
                && !self.mine.contains(hit)
                && line(from, hit).is_some_and(|(_, distance)| distance <= power)
            {
                attacked.insert(hit);
            }
        }
        attacked
    }

    /// Whether the chevron on `from` attacks the chevron on `target` (R11):
    /// `target` lies in one of its directions of travel within its power, with no
    /// chevron in between. `target` is assumed to hold an opponent's chevron.
    #[inline]
    pub fn attacks(&self, pos: &Position, from: Field, target: Field) -> bool {
        let Some((travel, distance)) = line(from, target) else {
            return false;
        };
        pos.small.facing.get(from).allows_travel(travel)
            && (distance <= 1 || u32::from(distance) <= self.own_in_borderland(from))
            && (between(from, target, travel) & self.occupied).is_empty()
    }

    /// Whether two or more of our chevrons attack the opponent chevron on `target`:
    /// whether [`Turn::pincer_targets`] holds it, without computing the others.
    pub fn attacked_twice(&self, pos: &Position, target: Field) -> bool {
        let mut seen = false;
        // Only chevrons on a line with the target can attack it, and it takes two.
        let candidates = self.mine & lines_through(target);
        if candidates.count() < 2 {
            return false;
        }
        for from in candidates {
            if self.attacks(pos, from, target) {
                if seen {
                    return true;
                }
                seen = true;
            }
        }
        false
    }

    /// Opponent chevrons attacked by two or more of our chevrons: the pincer targets.
    #[inline]
    pub fn pincer_targets(&self, pos: &Position) -> Bitboard {
        let mut once = Bitboard::EMPTY;
        let mut twice = Bitboard::EMPTY;
        for from in self.mine {
            let attacked = self.attacks_from(pos, from);
            twice |= once & attacked;
            once |= attacked;
        }
        twice
    }
}

#[cfg(test)]
mod tests {
    use super::Turn;
    use crate::{Position, SplitMix64};

    #[test]
    fn attacked_twice_agrees_with_pincer_targets_along_random_games() {
        let mut rng = SplitMix64::new(7);
        let mut pincers = 0;
        for players in 2..=4 {
            for _ in 0..40 {
                let mut pos = Position::standard(players).unwrap();
                while let Some(mv) = pos.random_move(&mut rng) {
                    let turn = Turn::new(&pos, pos.to_move_slot());
                    let targets = turn.pincer_targets(&pos);
                    for target in turn.occupied - turn.mine {
                        assert_eq!(
                            turn.attacked_twice(&pos, target),
                            targets.contains(target),
                            "{target} in {pos:?}"
                        );
                    }
                    pincers += targets.count();
                    pos.play_unchecked(&mv);
                }
            }
        }
        assert!(pincers > 100, "only {pincers} pincer targets seen");
    }
}
