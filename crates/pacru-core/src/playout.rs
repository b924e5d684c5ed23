//! Random moves and random playouts, for self-play, random engines and benchmarks.

use crate::movegen::{RawMovement, outline};

/// How many rays (chevrons times three) [`Position::random_move`] remembers.
const CACHED_RAYS: usize = 24;
use crate::ray::Ray;
use crate::turn::Turn;
use crate::{Bitboard, Direction, Field, Move, MovementKind, Position, Reorientation, Rotation};

/// The weight of one reorientation option (chevron and rotation) in [`Position::random_move`].
pub const REORIENTATION_WEIGHT: u64 = 1;
/// The weight of a plain movement skeleton in [`Position::random_move`].
pub const PLAIN_WEIGHT: u64 = 4;
/// The weight of a connection, connection jump or pincer skeleton.
pub const SPECIAL_WEIGHT: u64 = 32;
/// The weight of a movement that would face a partner for a meeting.
pub const MEETING_WEIGHT: u64 = 512;

/// A small, fast, seedable random number generator (SplitMix64). Not for cryptography.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`; the same seed gives the same sequence.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), without modulo bias worth speaking of.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// The `i`-th field (0-based, ascending) of `set`.
#[inline]
fn nth_field(mut set: Bitboard, i: u64) -> Option<Field> {
    for _ in 0..i {
        set.pop_first()?;
    }
    set.first()
}

/// `k` distinct fields of `set`, chosen uniformly.
fn random_subset(set: Bitboard, k: u32, rng: &mut SplitMix64) -> Bitboard {
    let mut remaining = set;
    let mut chosen = Bitboard::EMPTY;
    for _ in 0..k {
        let n = remaining.count();
        if n == 0 {
            break;
        }
        if let Some(f) = nth_field(remaining, rng.below(u64::from(n))) {
            chosen.insert(f);
            remaining.remove(f);
        }
    }
    chosen
}

impl Position {
    /// A random legal move (resignation excluded), or `None` when the game is over.
    ///
    /// First a skeleton is picked among all movement skeletons and reorientation
    /// options (chevron and rotation), with the weights [`PLAIN_WEIGHT`],
    /// [`SPECIAL_WEIGHT`], [`MEETING_WEIGHT`] and [`REORIENTATION_WEIGHT`]; then each
    /// choice uniformly. The weights make rare kinds of move (connections, pincers,
    /// meetings) turn up often in random play. Allocates nothing.
    pub fn random_move(&self, rng: &mut SplitMix64) -> Option<Move> {
        if self.is_finished() {
            return None;
        }
        let turn = Turn::new(self, self.to_move_slot());
        let mut pincer_targets = None;
        let returnable = turn.own - turn.occupied;
        let rotations = Rotation::ALL
            .iter()
            .filter(|r| returnable.count() >= r.returned_count())
            .count() as u64;
        let reorientations = u64::from(turn.mine.count()) * rotations * REORIENTATION_WEIGHT;
        // Remember each ray's weight so that only the chosen ray is computed again;
        // ray `i` is travel direction `i % 3` of the `i / 3`-th chevron.
        let mut weights = [0u64; CACHED_RAYS];
        let mut rays = 0;
        let mut movements = 0;
        self.for_each_ray(&turn, &mut pincer_targets, |_, travel, ray| {
            let weight = self.ray_weight(&turn, travel, ray);
            movements += weight;
            if let Some(slot) = weights.get_mut(rays) {
                *slot = weight;
            }
            rays += 1;
        });
        let total = movements + reorientations;
        if total == 0 {
            return None;
        }
        let mut pick = rng.below(total);
        let mut chosen = None;
        if pick < movements && rays <= CACHED_RAYS {
            for (index, &weight) in weights[..rays].iter().enumerate() {
                if pick < weight {
                    let from = nth_field(turn.mine, (index / 3) as u64)?;
                    let travel = self.facing[from.index()].travel_directions()[index % 3];
                    let ray = turn.ray(self, from, travel, turn.power(from), &mut pincer_targets);
                    chosen = self.pick_in_ray(&turn, from, travel, &ray, pick);
                    break;
                }
                pick -= weight;
            }
        } else if pick < movements {
            self.for_each_ray(&turn, &mut pincer_targets, |from, travel, ray| {
                if chosen.is_some() {
                    return;
                }
                let weight = self.ray_weight(&turn, travel, ray);
                if pick < weight {
                    chosen = self.pick_in_ray(&turn, from, travel, ray, pick);
                } else {
                    pick -= weight;
                }
            });
        } else {
            pick -= movements;
        }
        if let Some(raw) = chosen {
            let sk = self.build_raw(&turn, &raw);
            let first = if sk.needs_first_item() {
                let options = u64::from(sk.first_item_count());
                sk.first_items().nth(rng.below(options) as usize)
            } else {
                None
            };
            let meeting = self.meeting_fields_in(&turn, &sk, first);
            let meeting = if meeting.any() {
                nth_field(meeting, rng.below(u64::from(meeting.count())))
            } else {
                None
            };
            Some(sk.complete(first, meeting))
        } else {
            // Only reached with a pick among the reorientations, so `rotations` > 0.
            let index = pick.checked_div(REORIENTATION_WEIGHT)?;
            let field = nth_field(turn.mine, index.checked_div(rotations)?)?;
            let rotation = *Rotation::ALL.get((index % rotations) as usize)?;
            let returned = random_subset(returnable, rotation.returned_count(), rng);
            Some(Move::Reorientation(Reorientation {
                field,
                rotation,
                returned,
            }))
        }
    }

    /// Calls `visit` with each of the mover's chevrons, each direction of travel
    /// and the ray of destinations.
    #[inline]
    fn for_each_ray(
        &self,
        turn: &Turn,
        pincer_targets: &mut Option<Bitboard>,
        mut visit: impl FnMut(Field, Direction, &Ray),
    ) {
        for from in turn.mine {
            let power = turn.power(from);
            for travel in self.facing[from.index()].travel_directions() {
                visit(
                    from,
                    travel,
                    &turn.ray_inlined(self, from, travel, power, pincer_targets),
                );
            }
        }
    }

    /// The weight of a destination for [`Position::random_move`].
    #[inline]
    fn destination_weight(&self, turn: &Turn, to: Field, travel: Direction, plain: bool) -> u64 {
        if self.meeting_partner_at(turn, to, travel) {
            MEETING_WEIGHT
        } else if plain {
            PLAIN_WEIGHT
        } else {
            SPECIAL_WEIGHT
        }
    }

    /// The destinations of a ray that might face a meeting partner: the field just
    /// before the first chevron on the ray, jump destinations and the pincer.
    #[inline]
    fn meeting_candidates(travel: Direction, ray: &Ray) -> Bitboard {
        let mut candidates = ray.jump | ray.pincer;
        if let Some(prev) = ray
            .first_chevron
            .and_then(|b| crate::geometry::neighbour(b, travel.opposite()))
        {
            candidates |= Bitboard::from_field(prev) & (ray.plain | ray.connection);
        }
        candidates
    }

    /// The total weight of a ray's destinations.
    #[inline]
    fn ray_weight(&self, turn: &Turn, travel: Direction, ray: &Ray) -> u64 {
        let specials = ray.connection | ray.jump | ray.pincer;
        let mut weight = u64::from(ray.plain.count()) * PLAIN_WEIGHT
            + u64::from(specials.count()) * SPECIAL_WEIGHT;
        if turn.partners.is_empty() {
            return weight;
        }
        for to in Self::meeting_candidates(travel, ray) {
            if self.meeting_partner_at(turn, to, travel) {
                let base = if ray.plain.contains(to) {
                    PLAIN_WEIGHT
                } else {
                    SPECIAL_WEIGHT
                };
                weight += MEETING_WEIGHT - base;
            }
        }
        weight
    }

    /// The destination of a ray at weighted index `pick` (below the ray's weight).
    fn pick_in_ray(
        &self,
        turn: &Turn,
        from: Field,
        travel: Direction,
        ray: &Ray,
        mut pick: u64,
    ) -> Option<RawMovement> {
        let classes = [
            (ray.plain, MovementKind::Plain),
            (ray.connection, MovementKind::Connection),
            (ray.jump, MovementKind::ConnectionJump),
            (ray.pincer, MovementKind::Pincer),
        ];
        for (set, kind) in classes {
            for to in set {
                let weight = self.destination_weight(turn, to, travel, kind == MovementKind::Plain);
                if pick < weight {
                    return Some(outline(from, to, travel, kind));
                }
                pick -= weight;
            }
        }
        None
    }

    /// Plays random moves until the game ends or `max_plies` moves were made;
    /// returns the number of moves made. The position is left where play stopped.
    pub fn random_playout(&mut self, rng: &mut SplitMix64, max_plies: u32) -> u32 {
        let mut plies = 0;
        while plies < max_plies {
            let Some(mv) = self.random_move(rng) else {
                break;
            };
            self.play_unchecked(&mv);
            plies += 1;
        }
        plies
    }
}
