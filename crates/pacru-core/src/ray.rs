//! The destinations of one chevron along one direction of travel, computed with
//! bitboards and sorted by kind of movement.

use crate::geometry::{RAY_MASK, first_blocker, ray_field, ray_len};
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
    /// The first chevron on the whole ray (within power or not), if any.
    pub first_chevron: Option<Field>,
}

impl Turn {
    /// The destinations of the chevron on `from` travelling `travel` with `power`.
    /// `pincer_targets` is computed on first need and cached by the caller.
    #[inline]
    pub fn ray(
        &self,
        pos: &Position,
        from: Field,
        travel: Direction,
        power: u8,
        pincer_targets: &mut Option<Bitboard>,
    ) -> Ray {
        let steps = power.min(ray_len(from, travel));
        if steps == 0 {
            return Ray::default();
        }
        let d = travel.index();
        let last = ray_field(from, travel, steps);
        let within = Bitboard(RAY_MASK[from.index()][d] & !RAY_MASK[last.index()][d]);
        let first_chevron = first_blocker(from, travel, self.occupied);
        let own_from = self.own.contains(from);
        let mut ray = Ray {
            first_chevron,
            ..Ray::default()
        };
        let (before, after) = match first_chevron {
            Some(b) if within.contains(b) => {
                let beyond = Bitboard(RAY_MASK[b.index()][d]);
                if !self.mine.contains(b)
                    && pincer_targets
                        .get_or_insert_with(|| self.pincer_targets(pos))
                        .contains(b)
                {
                    ray.pincer = Bitboard::from_field(b);
                }
                (within - beyond - Bitboard::from_field(b), within & beyond)
            }
            _ => (within, Bitboard::EMPTY),
        };
        let near = before & self.landing;
        if own_from {
            let first = Bitboard::from_field(ray_field(from, travel, 1));
            ray.connection = (near & self.own) - first;
            ray.plain = near - ray.connection;
            ray.jump = after & self.own & !self.occupied;
        } else {
            ray.plain = near;
        }
        ray
    }
}
