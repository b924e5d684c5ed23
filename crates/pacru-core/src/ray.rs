//! The destinations of one chevron along one direction of travel, computed with
//! bitboards and sorted by kind of movement.

use crate::geometry::{RAY_MASK, RAY_PREFIX, first_blocker, neighbour};
use crate::turn::Turn;
use crate::{Bitboard, Direction, Field, Position};

/// One chevron's legal destinations in one direction of travel, by kind.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Ray {
    /// Movements that are not connections (and not pincers).
    pub plain: Bitboard,
    /// Connections without a chevron in between (connection changes).
    pub connection: Bitboard,
    /// Connections over one or more chevrons.
    pub jump: Bitboard,
    /// The opponent chevron this chevron may pincer in this direction, if any.
    pub pincer: Bitboard,
}

impl Turn {
    /// The destinations of the chevron on `from` travelling `travel` with `power`.
    /// `pincer_targets` holds the pincer targets if the caller has them; otherwise a
    /// chevron met on the ray is checked alone ([`Turn::attacked_twice`]).
    #[inline(never)]
    pub fn ray(
        &self,
        pos: &Position,
        from: Field,
        travel: Direction,
        power: u8,
        pincer_targets: &mut Option<Bitboard>,
    ) -> Ray {
        let d = travel.index();
        if power <= 1 {
            // One step: no connection, no jump.
            let mut ray = Ray::default();
            if let Some(to) = neighbour(from, travel) {
                if self.landing.contains(to) {
                    ray.plain = Bitboard::from_field(to);
                } else if self.occupied.contains(to)
                    && self.is_pincer_target(pos, to, pincer_targets)
                {
                    ray.pincer = Bitboard::from_field(to);
                }
            }
            return ray;
        }
        let first_chevron = first_blocker(from, travel, self.occupied);
        let mut ray = Ray::default();
        let within = Bitboard(RAY_PREFIX[from.index()][d][usize::from(power.min(8))]);
        let (before, after) = match first_chevron {
            Some(b) if within.contains(b) => {
                if self.is_pincer_target(pos, b, pincer_targets) {
                    ray.pincer = Bitboard::from_field(b);
                }
                let beyond = Bitboard(RAY_MASK[b.index()][d]);
                (within - beyond - Bitboard::from_field(b), within & beyond)
            }
            _ => (within, Bitboard::EMPTY),
        };
        let near = before & self.landing;
        if self.own.contains(from) {
            let first = Bitboard(RAY_PREFIX[from.index()][d][1]);
            ray.connection = (near & self.own) - first;
            ray.plain = near - ray.connection;
            ray.jump = after & self.own & !self.occupied;
        } else {
            ray.plain = near;
        }
        ray
    }

    /// Whether the chevron on `field` is an opponent's that we may pincer (from
    /// `pincer_targets` when the caller has them).
    #[inline]
    pub(crate) fn is_pincer_target(
        &self,
        pos: &Position,
        field: Field,
        pincer_targets: &mut Option<Bitboard>,
    ) -> bool {
        !self.mine.contains(field)
            && match pincer_targets {
                Some(targets) => targets.contains(field),
                None => self.attacked_twice(pos, field),
            }
    }
}
