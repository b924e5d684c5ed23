//! Random moves and random playouts, for self-play, random engines and benchmarks.

use crate::movegen::{RawMovement, outline};

/// How many chevrons' weights [`Position::random_move`] remembers (a player
/// starts with at most four).
const CACHED_CHEVRONS: usize = 8;
use crate::geometry::{line, neighbour, step_targets};
use crate::ray::Ray;
use crate::turn::Turn;
use crate::{Bitboard, Direction, Field, Move, MovementKind, Position, Reorientation, Rotation};

/// The weight of one reorientation option (chevron and rotation) in [`Position::random_move`].
const REORIENTATION_WEIGHT: u64 = 1;
/// The weight of a plain movement skeleton.
const PLAIN_WEIGHT: u64 = 4;
/// The weight of a connection, connection jump or pincer skeleton.
const SPECIAL_WEIGHT: u64 = 32;
/// The weight of a movement that would face a partner for a meeting.
const MEETING_WEIGHT: u64 = 512;

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
    /// options (a chevron and a rotation), by weight: 4 for a plain movement, 32
    /// for a connection, connection jump or pincer, 512 for a movement whose
    /// destination faces a partner for a meeting, 1 for a reorientation option;
    /// then each choice uniformly. The weights make random play take the rare
    /// kinds of move (connections, pincers, meetings) far more often than a
    /// uniform choice would, when the position offers them (random play seldom
    /// reaches a position that offers a meeting: one or two self-play games in
    /// a hundred have one). The same
    /// generator state always gives the same move (self-play records depend on
    /// it). Allocates nothing.
    ///
    /// ```
    /// use pacru_core::{Position, SplitMix64};
    /// let mut rng = SplitMix64::new(7);
    /// let mut position = Position::standard(4).unwrap();
    /// while let Some(mv) = position.random_move(&mut rng) {
    ///     position.play_unchecked(&mv);
    /// }
    /// assert!(position.is_finished());
    /// ```
    pub fn random_move(&self, rng: &mut SplitMix64) -> Option<Move> {
        if self.is_finished() {
            return None;
        }
        let turn = Turn::new(self, self.to_move_slot());
        let meet = self.meeting_arrivals(&turn);
        let mut pincer_targets = None;
        let returnable = turn.own - turn.occupied;
        let returnable_count = returnable.count();
        let rotations = Rotation::ALL
            .iter()
            .filter(|r| returnable_count >= r.returned_count())
            .count() as u64;
        let reorientations = u64::from(turn.mine.count()) * rotations * REORIENTATION_WEIGHT;
        // Remember each chevron's weight so that only the chosen chevron's rays are
        // computed again.
        let mut weights = [0u64; CACHED_CHEVRONS];
        let mut chevrons = 0;
        let mut movements = 0;
        for from in turn.mine {
            let weight = self.chevron_weight(&turn, meet, from, &mut pincer_targets);
            movements += weight;
            if let Some(slot) = weights.get_mut(chevrons) {
                *slot = weight;
            }
            chevrons += 1;
        }
        // Every legal movement weighs at least 1.
        debug_assert_eq!(
            movements == 0,
            !self.has_legal_movement(self.to_move_slot())
        );
        let total = movements + reorientations;
        if total == 0 {
            return None;
        }
        let mut pick = rng.below(total);
        let mut chosen = None;
        if pick < movements {
            for (index, from) in turn.mine.iter().enumerate() {
                let weight = match weights.get(index) {
                    Some(&weight) if chevrons <= CACHED_CHEVRONS => weight,
                    _ => self.chevron_weight(&turn, meet, from, &mut pincer_targets),
                };
                if pick < weight {
                    chosen = self.pick_in_chevron(&turn, meet, from, &mut pincer_targets, pick);
                    break;
                }
                pick -= weight;
            }
        } else {
            pick -= movements;
        }
        if let Some(raw) = chosen {
            let sk = self.build_raw(&turn, &raw);
            let first = if sk.needs_first_item() {
                let options = u64::from(sk.first_item_count());
                sk.nth_first_item(rng.below(options))
            } else {
                None
            };
            // A meeting needs a partner facing the destination.
            let meeting = if meet.contains(sk.to) {
                self.meeting_fields_in(&turn, &sk, first)
            } else {
                Bitboard::EMPTY
            };
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

    /// The fields where an arriving chevron of the mover could face a meeting
    /// partner: the field each partner faces. A destination outside this set never
    /// makes a meeting, whatever the direction of travel.
    #[inline]
    fn meeting_arrivals(&self, turn: &Turn) -> Bitboard {
        let mut arrivals = Bitboard::EMPTY;
        for partner in turn.partners {
            if let Some(field) = neighbour(partner, self.small.facing[partner.index()]) {
                arrivals.insert(field);
            }
        }
        arrivals
    }

    /// The total weight of the destinations of the chevron on `from`. Inlined into
    /// `random_move`'s loop, with the long-ray case out of line below: without the
    /// two attributes, random playouts run 10% more instructions (callgrind).
    #[inline(always)]
    fn chevron_weight(
        &self,
        turn: &Turn,
        meet: Bitboard,
        from: Field,
        pincer_targets: &mut Option<Bitboard>,
    ) -> u64 {
        if turn.own_in_borderland(from) > 1 {
            return self.ray_chevron_weight(turn, meet, from, pincer_targets);
        }
        // Power 1: the (up to three) adjacent fields ahead, at most one per
        // direction of travel, weighed all at once.
        let steps = step_targets(from, self.small.facing[from.index()]);
        let plain = steps & turn.landing;
        let mut weight = u64::from(plain.count()) * PLAIN_WEIGHT;
        let theirs = steps & turn.occupied & !turn.mine;
        if (theirs | (plain & meet)).any() {
            weight += self.step_weight_extras(turn, meet, from, plain, theirs, pincer_targets);
        }
        weight
    }

    /// The weight a power-1 chevron on `from` gets beyond its plain steps: its
    /// pincers (`theirs` are the opponent chevrons ahead of it) and meetings.
    #[inline]
    fn step_weight_extras(
        &self,
        turn: &Turn,
        meet: Bitboard,
        from: Field,
        plain: Bitboard,
        theirs: Bitboard,
        pincer_targets: &mut Option<Bitboard>,
    ) -> u64 {
        let mut weight = 0;
        for to in theirs {
            if turn.is_pincer_target(self, to, pincer_targets) {
                weight += SPECIAL_WEIGHT;
                weight += self.meeting_bonus(turn, meet, from, to, SPECIAL_WEIGHT);
            }
        }
        for to in plain & meet {
            weight += self.meeting_bonus(turn, meet, from, to, PLAIN_WEIGHT);
        }
        weight
    }

    /// The total weight of the destinations of the chevron of power 2 or more on
    /// `from`, ray by ray.
    #[inline(never)]
    fn ray_chevron_weight(
        &self,
        turn: &Turn,
        meet: Bitboard,
        from: Field,
        pincer_targets: &mut Option<Bitboard>,
    ) -> u64 {
        let power = turn.power(from);
        let mut weight = 0;
        for travel in self.small.facing[from.index()].travel_directions() {
            let ray = turn.ray_inline(self, from, travel, power, pincer_targets);
            weight += self.ray_weight(meet, turn, travel, &ray);
        }
        weight
    }

    /// What a meeting adds to the weight `base` of the step from `from` to the
    /// adjacent `to`.
    #[inline]
    fn meeting_bonus(&self, turn: &Turn, meet: Bitboard, from: Field, to: Field, base: u64) -> u64 {
        if !meet.contains(to) {
            return 0;
        }
        match line(from, to) {
            Some((travel, _)) if self.meeting_partner_at(turn, to, travel) => MEETING_WEIGHT - base,
            _ => 0,
        }
    }

    /// The destination at weighted index `pick` (below the chevron's weight) among
    /// the destinations of the chevron on `from`.
    fn pick_in_chevron(
        &self,
        turn: &Turn,
        meet: Bitboard,
        from: Field,
        pincer_targets: &mut Option<Bitboard>,
        mut pick: u64,
    ) -> Option<RawMovement> {
        let facing = self.small.facing[from.index()];
        if turn.own_in_borderland(from) <= 1 {
            // Power 1: at most one destination per direction of travel.
            for travel in facing.travel_directions() {
                let Some(to) = neighbour(from, travel) else {
                    continue;
                };
                let (kind, base) = if turn.landing.contains(to) {
                    (MovementKind::Plain, PLAIN_WEIGHT)
                } else if turn.occupied.contains(to)
                    && turn.is_pincer_target(self, to, pincer_targets)
                {
                    (MovementKind::Pincer, SPECIAL_WEIGHT)
                } else {
                    continue;
                };
                let weight = if meet.contains(to) && self.meeting_partner_at(turn, to, travel) {
                    MEETING_WEIGHT
                } else {
                    base
                };
                if pick < weight {
                    return Some(RawMovement {
                        from,
                        to,
                        travel,
                        distance: 1,
                        kind,
                    });
                }
                pick -= weight;
            }
            return None;
        }
        let power = turn.power(from);
        for travel in facing.travel_directions() {
            let ray = turn.ray(self, from, travel, power, pincer_targets);
            let weight = self.ray_weight(meet, turn, travel, &ray);
            if pick < weight {
                return self.pick_in_ray(turn, meet, from, travel, &ray, pick);
            }
            pick -= weight;
        }
        None
    }

    /// The total weight of a ray's destinations; `meet` is
    /// [`Position::meeting_arrivals`].
    #[inline(always)]
    fn ray_weight(&self, meet: Bitboard, turn: &Turn, travel: Direction, ray: &Ray) -> u64 {
        let specials = ray.connection | ray.jump | ray.pincer;
        let mut weight = u64::from(ray.plain.count()) * PLAIN_WEIGHT
            + u64::from(specials.count()) * SPECIAL_WEIGHT;
        for to in (ray.plain | specials) & meet {
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
        meet: Bitboard,
        from: Field,
        travel: Direction,
        ray: &Ray,
        mut pick: u64,
    ) -> Option<RawMovement> {
        let classes = [
            (ray.plain, MovementKind::Plain, PLAIN_WEIGHT),
            (ray.connection, MovementKind::Connection, SPECIAL_WEIGHT),
            (ray.jump, MovementKind::ConnectionJump, SPECIAL_WEIGHT),
            (ray.pincer, MovementKind::Pincer, SPECIAL_WEIGHT),
        ];
        for (set, kind, base) in classes {
            if (set & meet).is_empty() {
                // Every destination of the class weighs `base`.
                let total = u64::from(set.count()) * base;
                if pick < total {
                    let to = nth_field(set, pick / base)?;
                    return Some(outline(from, to, travel, kind));
                }
                pick -= total;
                continue;
            }
            for to in set {
                let weight = if meet.contains(to) && self.meeting_partner_at(turn, to, travel) {
                    MEETING_WEIGHT
                } else {
                    base
                };
                if pick < weight {
                    return Some(outline(from, to, travel, kind));
                }
                pick -= weight;
            }
        }
        None
    }
}
