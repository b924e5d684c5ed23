//! Random moves and random playouts, for self-play, random engines and benchmarks.

use crate::movegen::{RawMovement, outline};

/// How many chevrons' weights [`Position::random_move`] remembers (a player
/// starts with at most four and never gains one; a position read from a PPN
/// may have more, which are weighed again when the pick falls past them).
/// Four rather than eight: random playouts run 3.3% fewer instructions and
/// take about 0.99x the time (the running totals are counted over four).
const CACHED_CHEVRONS: usize = 4;
use crate::geometry::{RAY_MASK, RAY_PREFIX, line, nearest, neighbour, step_targets, steps};
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
fn nth_field(set: Bitboard, i: u64) -> Option<Field> {
    set.nth(i)
}

/// `k` (at most 4) distinct fields of `set`, chosen uniformly: each draw
/// takes the `r`-th (ascending) of the fields not drawn yet.
///
/// The draws work on ranks in `set`, small integers, and the fields are found
/// at the end, all at once: drawn one after the other from a shrinking set, each
/// draw waited for the one before it to find its field and take it out.
fn random_subset(set: Bitboard, k: u32, rng: &mut SplitMix64) -> Bitboard {
    let n = u64::from(set.count());
    // The ranks drawn so far; `u64::MAX` for none.
    let mut drawn = [u64::MAX; 4];
    for j in 0..u64::from(k).min(n) {
        let r = rng.below(n - j);
        // The `r`-th rank not drawn: the least `rank` with `rank = r + the
        // number of drawn ranks not above it`, reached from `r` in at most
        // `j` steps (each step that moves passes one more drawn rank).
        let mut rank = r;
        for _ in 0..j {
            rank = r + drawn.iter().map(|&d| u64::from(d <= rank)).sum::<u64>();
        }
        if let Some(slot) = drawn.get_mut(j as usize) {
            *slot = rank;
        }
    }
    let mut chosen = Bitboard::EMPTY;
    for rank in drawn {
        if let Some(f) = nth_field(set, rank) {
            chosen.insert(f);
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
        // Most of the time (four plies in five) no chevron of the mover can
        // make a meeting: the move is chosen without looking for one then.
        if meet.any() {
            self.random_move_for::<true>(&turn, meet, rng)
        } else {
            self.random_move_for::<false>(&turn, Bitboard::EMPTY, rng)
        }
    }

    /// [`Position::random_move`] once the turn and the fields facing a
    /// meeting partner (`meet`) are known; `MEET` is whether `meet` holds a
    /// field, so that the compiler writes the function out twice, the second
    /// without any meeting test: weighing, pick and skeleton (written out
    /// twice for the weighing alone, random playouts ran 0.8% more
    /// instructions; fat link-time optimisation, 2026-12-07).
    #[inline(always)]
    fn random_move_for<const MEET: bool>(
        &self,
        turn: &Turn,
        meet: Bitboard,
        rng: &mut SplitMix64,
    ) -> Option<Move> {
        let meet = if MEET { meet } else { Bitboard::EMPTY };
        let returnable = turn.own - turn.occupied;
        let returnable_count = returnable.count();
        // `Rotation::ALL` holds the two 45-degree turns (2 fields returned), then
        // the two 90-degree ones (4): the first `rotations` are possible.
        let rotations = 2 * (u64::from(returnable_count >= 2) + u64::from(returnable_count >= 4));
        let reorientations = u64::from(turn.mine.count()) * rotations * REORIENTATION_WEIGHT;
        // Remember each chevron's weight, so that only the chosen chevron's rays
        // are computed again. The pincer targets (opponent chevrons attacked
        // twice) are known once every chevron is weighed: their weight is added
        // then.
        // A chevron's weight fits in 32 bits (at most 81 destinations of 512
        // each): the array is half as long to clear (0.3% fewer instructions).
        let mut weights = [0u32; CACHED_CHEVRONS];
        // The fields of the first chevrons, so that the chosen one is found
        // without walking the set again.
        let mut fields = [0u8; CACHED_CHEVRONS];
        let (mut movements, twice, long) =
            self.weigh_chevrons::<MEET>(turn, meet, &mut weights, &mut fields);
        if twice.any() {
            for (index, from) in turn.mine.iter().enumerate() {
                // Seldom reached: a pincer is on the board.
                let pincers = turn.attacks_from(self, from) & twice;
                if pincers.any() {
                    let extra = self.pincer_weight(turn, meet, from, pincers);
                    movements += extra;
                    if let Some(slot) = weights.get_mut(index) {
                        *slot += extra as u32;
                    }
                }
            }
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
            // The chosen chevron is the first whose running total of weights
            // exceeds `pick`: counted over the remembered weights without a
            // branch on the random number (a loop that stops at the chosen
            // chevron mispredicts its exit).
            let (mut end, mut before, mut index) = (0u32, 0u32, 0usize);
            for weight in weights {
                end += weight;
                let passed = u64::from(end) <= pick;
                before += if passed { weight } else { 0 };
                index += usize::from(passed);
            }
            if pick < u64::from(end) {
                let from = Field::from_index_unchecked(fields[index % CACHED_CHEVRONS]);
                let long = long >> index & 1 != 0;
                let pick = pick - u64::from(before);
                chosen = self.pick_in_chevron(turn, meet, from, long, twice, pick);
            } else {
                // Seldom reached: more chevrons than are remembered.
                pick -= u64::from(end);
                for from in turn.mine.iter().skip(CACHED_CHEVRONS) {
                    let (weight, attacked) = self.chevron_weight::<true>(turn, meet, from);
                    let weight = weight + self.pincer_weight(turn, meet, from, attacked & twice);
                    if pick < weight {
                        let long = turn.own_in_borderland(from) > 1;
                        chosen = self.pick_in_chevron(turn, meet, from, long, twice, pick);
                        break;
                    }
                    pick -= weight;
                }
            }
        } else {
            pick -= movements;
        }
        if let Some(raw) = chosen {
            let sk = self.build_raw(turn, &raw);
            let first = if sk.needs_first_item() {
                let options = u64::from(sk.first_item_count());
                sk.nth_first_item(rng.below(options))
            } else {
                None
            };
            // A meeting needs a partner facing the destination.
            let meeting = if meet.contains(sk.to) {
                self.random_meeting_field(turn, sk.from, sk.to, sk.travel, sk.gained(first), rng)
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

    /// A meeting field chosen uniformly for the movement from `from` to `to`
    /// travelling `travel` that gains `gained` before any meeting
    /// ([`Position::meeting_fields_in`]), or `None` when it makes no meeting
    /// (or one that gives nothing). Out of line, given the parts of the
    /// skeleton it reads: seldom called, and given the whole skeleton (or
    /// inline) it has the skeleton written to memory before every move: 2.3%
    /// more instructions in random playouts.
    #[inline(never)]
    fn random_meeting_field(
        &self,
        turn: &Turn,
        from: Field,
        to: Field,
        travel: Direction,
        gained: Bitboard,
        rng: &mut SplitMix64,
    ) -> Option<Field> {
        let meeting = if self.meeting_partner_at(turn, to, travel) {
            self.meeting_fields_after(turn, from, to, gained)
        } else {
            Bitboard::EMPTY
        };
        if meeting.any() {
            nth_field(meeting, rng.below(u64::from(meeting.count())))
        } else {
            None
        }
    }

    /// The fields where an arriving chevron of the mover could face a meeting
    /// partner: the field each partner faces. A destination outside this set never
    /// makes a meeting, whatever the direction of travel.
    #[inline]
    fn meeting_arrivals(&self, turn: &Turn) -> Bitboard {
        let mut arrivals = Bitboard::EMPTY;
        for partner in turn.partners {
            if let Some(field) = neighbour(partner, self.small.facing.get(partner)) {
                arrivals.insert(field);
            }
        }
        arrivals
    }

    /// Weighs every chevron of the mover ([`Position::chevron_weight`]), the
    /// first [`CACHED_CHEVRONS`] into `weights`: their total weight, the
    /// pincer targets (opponent chevrons that two or more of them attack), whose
    /// weight is not counted yet, and which of the first [`CACHED_CHEVRONS`]
    /// have a power of 2 or more (bit `i` for the `i`-th), so that the pick
    /// need not work the power out again (1.1% fewer instructions in random
    /// playouts). `MEET` is whether `meet` holds a field.
    #[inline(always)]
    fn weigh_chevrons<const MEET: bool>(
        &self,
        turn: &Turn,
        meet: Bitboard,
        weights: &mut [u32; CACHED_CHEVRONS],
        fields: &mut [u8; CACHED_CHEVRONS],
    ) -> (u64, Bitboard, u32) {
        let mut long = 0;
        let mut once = Bitboard::EMPTY;
        let mut twice = Bitboard::EMPTY;
        let mut chevrons = 0;
        let mut movements = 0;
        // A counter of our own: with `enumerate`, random playouts run 0.5% more
        // instructions (callgrind, fat LTO).
        #[allow(clippy::explicit_counter_loop)]
        for from in turn.mine {
            let (weight, attacked) = if turn.own_in_borderland(from) > 1 {
                long |= 1 << (chevrons & 31);
                self.ray_chevron_weight(turn, meet, from)
            } else {
                self.step_chevron_weight::<MEET>(turn, meet, from)
            };
            movements += weight;
            twice |= once & attacked;
            once |= attacked;
            if let Some(slot) = weights.get_mut(chevrons) {
                *slot = weight as u32;
            }
            if let Some(slot) = fields.get_mut(chevrons) {
                *slot = from.index() as u8;
            }
            chevrons += 1;
        }
        (movements, twice, long)
    }

    /// The total weight of the destinations of the chevron on `from` but its
    /// pincers, and the opponent chevrons it attacks (R11; [`Turn::attacks_from`]):
    /// the pincer destinations are those attacked by a second chevron too, which
    /// [`Position::pincer_weight`] weighs. Inlined into `random_move`'s loop, with
    /// the long-ray case out of line below: without the two attributes, random
    /// playouts run 10% more instructions (callgrind).
    #[inline(always)]
    fn chevron_weight<const MEET: bool>(
        &self,
        turn: &Turn,
        meet: Bitboard,
        from: Field,
    ) -> (u64, Bitboard) {
        if turn.own_in_borderland(from) > 1 {
            return self.ray_chevron_weight(turn, meet, from);
        }
        self.step_chevron_weight::<MEET>(turn, meet, from)
    }

    /// [`Position::chevron_weight`] for a chevron of power 1 on `from`.
    #[inline(always)]
    fn step_chevron_weight<const MEET: bool>(
        &self,
        turn: &Turn,
        meet: Bitboard,
        from: Field,
    ) -> (u64, Bitboard) {
        // Power 1: the (up to three) adjacent fields ahead, at most one per
        // direction of travel, weighed all at once.
        let steps = step_targets(from, self.small.facing.get(from));
        let plain = steps & turn.landing;
        let mut weight = u64::from(plain.count()) * PLAIN_WEIGHT;
        if MEET && (plain & meet).any() {
            weight += self.meeting_extras(turn, from, plain & meet, plain);
        }
        (weight, steps & (turn.occupied - turn.mine))
    }

    /// [`Position::chevron_weight`] for a chevron of power 2 or more on `from`:
    /// its three rays at once (they share no field), cut at their first chevron.
    #[inline(never)]
    fn ray_chevron_weight(&self, turn: &Turn, meet: Bitboard, from: Field) -> (u64, Bitboard) {
        let (rays, attacked) = self.long_destinations(turn, from);
        let plain = rays.plain;
        let specials = rays.connection | rays.jump;
        let mut weight =
            u64::from(plain.count()) * PLAIN_WEIGHT + u64::from(specials.count()) * SPECIAL_WEIGHT;
        let meeting = (plain | specials) & meet;
        if meeting.any() {
            weight += self.meeting_extras(turn, from, meeting, plain);
        }
        (weight, attacked - turn.mine)
    }

    /// The destinations of the chevron on `from`, of power 2 or more, on its
    /// three rays at once (they share no field), cut at their first chevron, by
    /// kind but pincers ([`Turn::ray`]'s sets, merged), and the first chevron
    /// within power on each ray (the mover's own among them).
    #[inline(always)]
    fn long_destinations(&self, turn: &Turn, from: Field) -> (Ray, Bitboard) {
        let power = usize::from(turn.power(from).min(8));
        let facing = self.small.facing.get(from);
        let mut near = Bitboard::EMPTY;
        let mut after = Bitboard::EMPTY;
        let mut attacked = Bitboard::EMPTY;
        for travel in facing.travel_directions() {
            let d = travel.index();
            let within = Bitboard(RAY_PREFIX[from.index()][d][power]);
            let hits = within & turn.occupied;
            if hits.any() {
                let first = nearest(hits, travel);
                let beyond = Bitboard(RAY_MASK[first.index()][d]);
                near |= within - beyond - Bitboard::from_field(first);
                after |= within & beyond;
                attacked |= Bitboard::from_field(first);
            } else {
                near |= within;
            }
        }
        let near = near & turn.landing;
        let rays = if turn.own.contains(from) {
            // Connections: own fields beyond the first step, before any chevron
            // (connection changes) or after one (jumps).
            let connection = (near & turn.own) - step_targets(from, facing);
            Ray {
                plain: near - connection,
                connection,
                jump: after & turn.own & !turn.occupied,
                pincer: Bitboard::EMPTY,
            }
        } else {
            Ray {
                plain: near,
                ..Ray::default()
            }
        };
        (rays, attacked)
    }

    /// The weight of the chevron on `from`'s pincers of `targets` (opponent
    /// chevrons it attacks that another of the mover's chevrons attacks too).
    fn pincer_weight(&self, turn: &Turn, meet: Bitboard, from: Field, targets: Bitboard) -> u64 {
        let mut weight = u64::from(targets.count()) * SPECIAL_WEIGHT;
        if (targets & meet).any() {
            weight += self.meeting_extras(turn, from, targets & meet, Bitboard::EMPTY);
        }
        weight
    }

    /// What meetings add to the weights of the movements from `from` to the
    /// destinations `arrivals` (in [`Position::meeting_arrivals`]), of which
    /// `plain` are plain movements and the others weigh [`SPECIAL_WEIGHT`].
    #[inline(never)]
    fn meeting_extras(&self, turn: &Turn, from: Field, arrivals: Bitboard, plain: Bitboard) -> u64 {
        let mut weight = 0;
        for to in arrivals {
            if let Some((travel, _)) = line(from, to)
                && self.meeting_partner_at(turn, to, travel)
            {
                let base = if plain.contains(to) {
                    PLAIN_WEIGHT
                } else {
                    SPECIAL_WEIGHT
                };
                weight += MEETING_WEIGHT - base;
            }
        }
        weight
    }

    /// The destination at weighted index `pick` (below the chevron's weight) among
    /// the destinations of the chevron on `from`, ray by ray in the order of
    /// [`Direction::travel_directions`], each ray's as [`Turn::ray`] gives them;
    /// `long` is whether its power is 2 or more, `targets` are the pincer targets.
    /// Inlined, as [`Position::pick_in_ray`] and [`Position::build_skeleton`]
    /// are: with [`Position::random_move`] written out twice the compiler
    /// stops inlining them, and random playouts run 10% more instructions.
    #[inline(always)]
    fn pick_in_chevron(
        &self,
        turn: &Turn,
        meet: Bitboard,
        from: Field,
        long: bool,
        targets: Bitboard,
        mut pick: u64,
    ) -> Option<RawMovement> {
        let facing = self.small.facing.get(from);
        if !long {
            // Power 1: at most one destination per direction of travel, the
            // fields stepped onto read from one row of the step table. Each
            // field stepped onto is among the steps: a pincer target there is
            // one of this chevron's pincers. The three weights are worked out
            // and the step chosen without a branch on the board or on the
            // random number, which the processor cannot foresee.
            let plain = step_targets(from, facing) & turn.landing;
            // A step off the board reads as index 127, in no set.
            let row = u32::from_le_bytes(steps(from, facing)) & 0x7f7f_7f7f;
            let mut weights = [0u64; 3];
            let mut plains = 0u32;
            for (k, weight) in weights.iter_mut().enumerate() {
                let index = (row >> (8 * k)) as u8 & 0x7f;
                let is_plain = plain.has_index(index);
                plains |= u32::from(is_plain) << k;
                *weight = u64::from(is_plain) * PLAIN_WEIGHT
                    + u64::from(targets.has_index(index)) * SPECIAL_WEIGHT;
                if *weight != 0 && meet.has_index(index) {
                    let to = Field::from_index_unchecked(index);
                    let travel = facing.rotated(k as i8 - 1);
                    if self.meeting_partner_at(turn, to, travel) {
                        *weight = MEETING_WEIGHT;
                    }
                }
            }
            let [first, second, third] = weights;
            if pick >= first + second + third {
                return None;
            }
            let k = u32::from(pick >= first) + u32::from(pick >= first + second);
            let to = Field::from_index_unchecked((row >> (8 * k)) as u8 & 0x7f);
            let kind = if plains >> k & 1 != 0 {
                MovementKind::Plain
            } else {
                MovementKind::Pincer
            };
            return Some(RawMovement {
                from,
                to,
                travel: facing.rotated(k as i8 - 1),
                distance: 1,
                kind,
            });
        }
        // The chevron's destinations worked out as its weighing did, then split
        // by ray.
        let (all, attacked) = self.long_destinations(turn, from);
        let pincer = attacked & targets;
        for travel in facing.travel_directions() {
            let on_ray = Bitboard(RAY_MASK[from.index()][travel.index()]);
            let ray = Ray {
                plain: all.plain & on_ray,
                connection: all.connection & on_ray,
                jump: all.jump & on_ray,
                pincer: pincer & on_ray,
            };
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
    #[inline(always)]
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

#[cfg(test)]
mod tests {
    use crate::geometry::neighbour;
    use crate::movegen::RawMovement;
    use crate::turn::Turn;
    use crate::{Bitboard, Field, MovementKind, Position, SplitMix64};

    use super::PLAIN_WEIGHT;

    /// The pick as it was written on [`Turn::ray`]: each ray of the chevron on
    /// `from` worked out alone, in the order of the directions of travel.
    fn pick_on_rays(
        pos: &Position,
        turn: &Turn,
        meet: Bitboard,
        from: Field,
        targets: Bitboard,
        mut pick: u64,
    ) -> Option<RawMovement> {
        let power = turn.power(from);
        for travel in pos.small.facing.get(from).travel_directions() {
            let ray = turn.ray(pos, from, travel, power, &mut Some(targets));
            let weight = pos.ray_weight(meet, turn, travel, &ray);
            if pick < weight {
                if power > 1 {
                    return pos.pick_in_ray(turn, meet, from, travel, &ray, pick);
                }
                // One step: its kind from the ray, its weight from its own test.
                let to = neighbour(from, travel)?;
                let kind = if ray.plain.any() {
                    MovementKind::Plain
                } else {
                    MovementKind::Pincer
                };
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
        None
    }

    fn outline(raw: Option<RawMovement>) -> Option<(Field, Field, u8, u8, MovementKind)> {
        raw.map(|r| (r.from, r.to, r.travel as u8, r.distance, r.kind))
    }

    /// Calls `f` with every chevron of the player to move in every position of
    /// `games` random games each of 2, 3 and 4 players (generator seeded with
    /// `seed`), with the turn, the fields facing a meeting partner and the
    /// pincer targets of the position.
    fn for_each_chevron_of_random_games(
        seed: u64,
        games: usize,
        mut f: impl FnMut(&Position, &Turn, Bitboard, Bitboard, Field),
    ) {
        let mut rng = SplitMix64::new(seed);
        for players in 2..=4 {
            for _ in 0..games {
                let mut pos = Position::standard(players).unwrap();
                while let Some(mv) = pos.random_move(&mut rng) {
                    let turn = Turn::new(&pos, pos.to_move_slot());
                    let meet = pos.meeting_arrivals(&turn);
                    let targets = turn.pincer_targets(&pos);
                    for from in turn.mine {
                        f(&pos, &turn, meet, targets, from);
                    }
                    pos.play_unchecked(&mv);
                }
            }
        }
    }

    /// `random_move` picks a destination within the chosen chevron from the
    /// sets its weighing computes, split by ray: along random games, for every
    /// chevron and every weighted index below its weight, the same destination
    /// as ray by ray with [`Turn::ray`].
    #[test]
    fn the_pick_within_a_chevron_equals_the_pick_ray_by_ray() {
        let (mut long, mut specials, mut meetings) = (0, 0, 0);
        for_each_chevron_of_random_games(5, 40, |pos, turn, meet, targets, from| {
            let (weight, attacked) = pos.chevron_weight::<true>(turn, meet, from);
            let weight = weight + pos.pincer_weight(turn, meet, from, attacked & targets);
            // Every weight is a multiple of 4: the first and the last index of
            // each step of 4 find every boundary.
            assert_eq!(weight % PLAIN_WEIGHT, 0);
            for pick in (0..weight).step_by(4).flat_map(|p| [p, p + 3]) {
                let is_long = turn.power(from) > 1;
                let got = pos.pick_in_chevron(turn, meet, from, is_long, targets, pick);
                let want = pick_on_rays(pos, turn, meet, from, targets, pick);
                assert_eq!(outline(got), outline(want), "{from} {pick} in {pos:?}");
                let Some(raw) = want else {
                    panic!("no destination at {pick} below {weight}");
                };
                specials += u32::from(raw.kind != MovementKind::Plain);
                meetings += u32::from(meet.contains(raw.to));
            }
            long += u32::from(turn.power(from) > 1);
        });
        assert!(
            long > 1000 && specials > 1000 && meetings > 100,
            "{long} {specials} {meetings}"
        );
    }

    /// `random_move` weighs a chevron's rays all at once, its pincers once
    /// every chevron is weighed (from the chevrons each one attacks, which must
    /// be [`Turn::attacks_from`]), and picks its destination ray by ray with
    /// [`Turn::ray`]: the two must give every chevron the same weight, with or
    /// without looking for meetings when no field is in `meet`.
    #[test]
    fn chevron_weights_equal_the_sum_of_the_weights_of_its_rays() {
        let (mut rays, mut pincers, mut meetings) = (0, 0, 0);
        for_each_chevron_of_random_games(11, 60, |pos, turn, meet, targets, from| {
            let (weight, attacked) = pos.chevron_weight::<true>(turn, meet, from);
            assert_eq!(attacked, turn.attacks_from(pos, from), "{from} in {pos:?}");
            if meet.is_empty() {
                assert_eq!(
                    pos.chevron_weight::<false>(turn, meet, from),
                    (weight, attacked)
                );
            }
            let weight = weight + pos.pincer_weight(turn, meet, from, attacked & targets);
            let power = turn.power(from);
            let mut expected = 0;
            for travel in pos.small.facing.get(from).travel_directions() {
                let ray = turn.ray(pos, from, travel, power, &mut None);
                expected += pos.ray_weight(meet, turn, travel, &ray);
                meetings += ((ray.plain | ray.connection | ray.jump | ray.pincer) & meet).count();
            }
            assert_eq!(weight, expected, "{from} in {pos:?}");
            rays += u32::from(power > 1);
            pincers += (attacked & targets).count();
        });
        assert!(
            rays > 1000 && pincers > 100 && meetings > 10,
            "{rays} {pincers} {meetings}"
        );
    }
}
