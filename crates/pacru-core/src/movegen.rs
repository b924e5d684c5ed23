//! Legal move generation: skeletons, complete moves, counting.

use crate::geometry::{self, line, step_targets};
use crate::ray::Ray;
use crate::skeleton::{MovementKind, MovementSkeleton, crossing_candidates};
use crate::turn::Turn;
use crate::{
    Bitboard, Direction, Field, Item, Items, Move, Movement, Position, Reorientation, Rotation,
};

/// A legal movement in outline: where from, where to, and what kind.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RawMovement {
    pub from: Field,
    pub to: Field,
    pub travel: Direction,
    pub distance: u8,
    pub kind: MovementKind,
}

/// Iterator over the legal movements of a player in outline (no choice sets computed).
#[derive(Clone, Debug)]
pub(crate) struct RawMovements<'a> {
    pub pos: &'a Position,
    pub turn: Turn,
    /// Computed when first needed: most rays never reach an opponent's chevron.
    pincer_targets: Option<Bitboard>,
    remaining: Bitboard,
    from: Field,
    power: u8,
    travels: [Direction; 3],
    /// The direction of travel whose ray is `ray`; 3 when no ray is being walked.
    travel_index: u8,
    ray: Ray,
    /// The steps of chevrons of power 1 not given yet, in order: at most one per
    /// direction of travel, so no rays are needed. The steps of several such
    /// chevrons in a row are queued together, so that most moves are given
    /// without leaving the iterator's inline path.
    steps: [QueuedStep; STEP_QUEUE],
    step_count: u8,
    step_next: u8,
}

/// Room for the steps of five chevrons; a power of two, so that an index masked
/// with `STEP_QUEUE - 1` needs no bounds check.
const STEP_QUEUE: usize = 16;

/// A step of a chevron of power 1, waiting in the queue.
#[derive(Clone, Copy, Debug)]
pub(crate) struct QueuedStep {
    pub from: Field,
    pub to: Field,
    pub travel: Direction,
    pub kind: MovementKind,
    /// Whether the step is a whole move as it is (see
    /// [`Position::has_no_choices`]): worked out when queued, where the
    /// chevron's facts are at hand, so that giving the step tests one flag.
    pub whole: bool,
}

impl QueuedStep {
    const NONE: QueuedStep = QueuedStep {
        from: Field::from_index_unchecked(0),
        to: Field::from_index_unchecked(0),
        travel: Direction::N,
        kind: MovementKind::Plain,
        whole: false,
    };
}

impl<'a> RawMovements<'a> {
    pub(crate) fn new(pos: &'a Position, me: usize) -> RawMovements<'a> {
        let turn = Turn::new(pos, me);
        RawMovements {
            pos,
            turn,
            pincer_targets: None,
            remaining: if pos.is_finished() {
                Bitboard::EMPTY
            } else {
                turn.mine
            },
            from: Field::from_index_unchecked(0),
            power: 0,
            travels: [Direction::N; 3],
            travel_index: 3,
            ray: Ray::default(),
            steps: [QueuedStep::NONE; STEP_QUEUE],
            step_count: 0,
            step_next: 0,
        }
    }
}

/// The outline of the movement from `from` to `to` in direction `travel`.
#[inline]
pub(crate) fn outline(
    from: Field,
    to: Field,
    travel: Direction,
    kind: MovementKind,
) -> RawMovement {
    RawMovement {
        from,
        to,
        travel,
        distance: line(from, to).map_or(1, |(_, distance)| distance),
        kind,
    }
}

impl QueuedStep {
    /// The step in outline.
    #[inline]
    pub(crate) fn outline(self) -> RawMovement {
        RawMovement {
            from: self.from,
            to: self.to,
            travel: self.travel,
            distance: 1,
            kind: self.kind,
        }
    }
}

/// The next legal movement in outline: a queued step keeps its facts.
pub(crate) enum NextMovement {
    Step(QueuedStep),
    Ray(RawMovement),
}

impl Iterator for RawMovements<'_> {
    type Item = RawMovement;

    #[inline]
    fn next(&mut self) -> Option<RawMovement> {
        Some(match self.next_movement()? {
            NextMovement::Step(step) => step.outline(),
            NextMovement::Ray(raw) => raw,
        })
    }
}

impl RawMovements<'_> {
    /// [`Iterator::next`], with a queued step given as it was queued.
    #[inline]
    pub(crate) fn next_movement(&mut self) -> Option<NextMovement> {
        loop {
            if let Some(step) = self.pop_step() {
                return Some(NextMovement::Step(step));
            }
            if self.travel_index < 3 {
                let travel = self.travels[usize::from(self.travel_index)];
                let ray = &mut self.ray;
                let found = if let Some(to) = ray.plain.pop_first() {
                    Some((to, MovementKind::Plain))
                } else if let Some(to) = ray.connection.pop_first() {
                    Some((to, MovementKind::Connection))
                } else if let Some(to) = ray.jump.pop_first() {
                    Some((to, MovementKind::ConnectionJump))
                } else {
                    ray.pincer.pop_first().map(|to| (to, MovementKind::Pincer))
                };
                if let Some((to, kind)) = found {
                    return Some(NextMovement::Ray(outline(self.from, to, travel, kind)));
                }
                self.travel_index += 1;
                if let Some(&travel) = self.travels.get(usize::from(self.travel_index)) {
                    self.ray = self.turn.ray(
                        self.pos,
                        self.from,
                        travel,
                        self.power,
                        &mut self.pincer_targets,
                    );
                }
                continue;
            }
            let from = self.remaining.pop_first()?;
            let travels = self.pos.small.facing.get(from).travel_directions();
            if self.turn.own_in_borderland(from) <= 1 {
                self.step_count = 0;
                self.step_next = 0;
                self.queue_steps(from);
                // Queue the chevrons that follow while they too have power 1.
                while usize::from(self.step_count) + 3 <= STEP_QUEUE {
                    let mut rest = self.remaining;
                    let Some(next) = rest.pop_first() else {
                        break;
                    };
                    if self.turn.own_in_borderland(next) > 1 {
                        break;
                    }
                    self.remaining = rest;
                    self.queue_steps(next);
                }
            } else {
                self.from = from;
                self.power = self.turn.power(from);
                self.travels = travels;
                self.travel_index = 0;
                self.ray = self.turn.ray(
                    self.pos,
                    from,
                    travels[0],
                    self.power,
                    &mut self.pincer_targets,
                );
            }
        }
    }
}

impl RawMovements<'_> {
    /// The next queued step, if any is left.
    #[inline]
    pub(crate) fn peek_step(&self) -> Option<QueuedStep> {
        (self.step_next < self.step_count)
            .then(|| self.steps[usize::from(self.step_next) & (STEP_QUEUE - 1)])
    }

    /// Takes the next queued step, if any is left.
    #[inline]
    pub(crate) fn pop_step(&mut self) -> Option<QueuedStep> {
        let step = self.peek_step()?;
        self.step_next += 1;
        Some(step)
    }

    /// Whether the chevron on `to` is an opponent's we may pincer: out of
    /// line, so that [`RawMovements::queue_steps`], inlined where the moves
    /// are given, makes no call on its usual path.
    #[cold]
    #[inline(never)]
    fn is_pincer_target(&mut self, to: Field) -> bool {
        self.turn
            .is_pincer_target(self.pos, to, &mut self.pincer_targets)
    }

    /// Queues, after those already queued, the destinations of the chevron of
    /// power 1 on `from`: in each direction of travel, the adjacent field if a
    /// movement may end there, or the opponent's chevron there if it may be
    /// pincered.
    #[inline(always)]
    fn queue_steps(&mut self, from: Field) {
        let mut count = usize::from(self.step_count);
        let facing = self.pos.small.facing.get(from);
        let travels = facing.travel_directions();
        let steps = geometry::steps(from, facing);
        // Written out for each direction of travel: as a loop, the compiler
        // keeps the step and the travel in memory and reads them back by index.
        self.queue_step(&mut count, from, steps[0], travels[0]);
        self.queue_step(&mut count, from, steps[1], travels[1]);
        self.queue_step(&mut count, from, steps[2], travels[2]);
        self.step_count = count as u8;
    }

    /// Queues the step from `from` given by `step` (an entry of
    /// [`geometry::steps`]) in direction `travel`, if it is a legal movement.
    #[inline(always)]
    fn queue_step(&mut self, count: &mut usize, from: Field, step: u8, travel: Direction) {
        if step == geometry::OFF_BOARD {
            return;
        }
        let to = Field::from_index_unchecked(step & !geometry::SAME_BORDERLAND);
        let kind = if self.turn.landing.contains(to) {
            MovementKind::Plain
        } else if self.turn.occupied.contains(to) && self.is_pincer_target(to) {
            MovementKind::Pincer
        } else {
            return;
        };
        let whole = kind == MovementKind::Plain
            && step & geometry::SAME_BORDERLAND != 0
            && !self.pos.meeting_partner_at(&self.turn, to, travel);
        debug_assert_eq!(
            whole,
            self.pos.has_no_choices(&self.turn, from, to, travel, kind)
        );
        self.steps[*count & (STEP_QUEUE - 1)] = QueuedStep {
            from,
            to,
            travel,
            kind,
            whole,
        };
        *count += 1;
    }
}

/// Iterator over the legal movements of the player to move, without their choices.
#[derive(Clone, Debug)]
pub struct MovementSkeletons<'a> {
    raw: RawMovements<'a>,
}

impl<'a> MovementSkeletons<'a> {
    pub(crate) fn new(pos: &'a Position, me: usize) -> MovementSkeletons<'a> {
        MovementSkeletons {
            raw: RawMovements::new(pos, me),
        }
    }

    /// The turn facts the skeletons were generated from.
    #[inline]
    pub(crate) fn turn(&self) -> &Turn {
        &self.raw.turn
    }
}

impl Iterator for MovementSkeletons<'_> {
    type Item = MovementSkeleton;

    #[inline]
    fn next(&mut self) -> Option<MovementSkeleton> {
        let raw = self.raw.next()?;
        Some(self.raw.pos.build_raw(&self.raw.turn, &raw))
    }
}

impl Position {
    /// The full skeleton of an outline movement.
    #[inline]
    pub(crate) fn build_raw(&self, turn: &Turn, raw: &RawMovement) -> MovementSkeleton {
        self.build_skeleton(turn, raw.from, raw.to, raw.travel, raw.distance, raw.kind)
    }
}

/// One reorientation option: a chevron, a rotation, and the fields it may return,
/// as the move generator gives it ([`Position::reorientation_skeletons`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ReorientationSkeleton {
    pub(crate) field: Field,
    pub(crate) rotation: Rotation,
    pub(crate) returnable: Bitboard,
}

impl ReorientationSkeleton {
    /// The field of the chevron that turns.
    #[inline]
    pub fn field(&self) -> Field {
        self.field
    }

    /// Which way and how far it turns.
    #[inline]
    pub fn rotation(&self) -> Rotation {
        self.rotation
    }

    /// The mover's fields without a chevron: a reorientation returns
    /// `rotation().returned_count()` of them.
    #[inline]
    pub fn returnable(&self) -> Bitboard {
        self.returnable
    }
}

/// The low 64 bits and the high bits (fields 64 to 80) of a set.
#[inline]
fn halves(set: Bitboard) -> (u64, u32) {
    (set.0 as u64, (set.0 >> 64) as u32)
}

/// Fields of one borderland, one bit each in ascending field order: a crossing's
/// candidates still to give (they all lie in the borderland entered). Taking
/// the first is a 16-bit scan and a table lookup, not a 128-bit scan.
#[derive(Clone, Copy, Debug, Default)]
struct LandFields {
    bits: u16,
    land: u8,
}

/// The index of the first (south-west) field of the borderland with index
/// `land`: its three rows of three start there, 9 fields apart.
const fn first_field_of_land(land: usize) -> usize {
    (land / 3) * 27 + (land % 3) * 3
}

/// The fields of each borderland (by index) in ascending order, padded to 16 in
/// both dimensions so that masked indices need no bounds check.
static LAND_FIELDS: [[Field; 16]; 16] = {
    let mut table = [[Field::from_index_unchecked(0); 16]; 16];
    let mut land = 0;
    while land < 9 {
        let base = first_field_of_land(land);
        let mut bit = 0;
        while bit < 9 {
            table[land][bit] = Field::from_index_unchecked((base + (bit / 3) * 9 + bit % 3) as u8);
            bit += 1;
        }
        land += 1;
    }
    table
};

impl LandFields {
    const EMPTY: LandFields = LandFields { bits: 0, land: 0 };

    /// The fields of `set`, all of which lie in the borderland of `field`.
    fn within_land_of(field: Field, set: Bitboard) -> LandFields {
        let land = field.borderland_index();
        // The borderland's three rows of three, 9 fields apart, from its first field
        // (below 64): the set shifted right by it, from its two 64-bit halves
        // (WebAssembly has no 128-bit shift, and calls a function for one).
        let first = first_field_of_land(land) as u32 & 63;
        let (low, high) = halves(set);
        let rows = ((low >> first) | ((u64::from(high) << 1) << (63 - first))) as u32;
        let fields = LandFields {
            bits: (rows & 7 | (rows >> 6) & 0o70 | (rows >> 12) & 0o700) as u16,
            land: land as u8,
        };
        debug_assert!(
            (set - crate::Borderland::ALL[land].fields()).is_empty(),
            "{set:?} is not within one borderland"
        );
        fields
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.bits == 0
    }

    #[inline]
    fn pop_first(&mut self) -> Option<Field> {
        if self.bits == 0 {
            return None;
        }
        let bit = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(LAND_FIELDS[usize::from(self.land & 15)][bit & 15])
    }
}

/// The crossing fields of a movement that has no other choice left and meets
/// nobody: each is a whole move, given on the iterator's inline path.
#[derive(Clone, Copy, Debug)]
struct InlineCrossings {
    fields: LandFields,
    from: Field,
    to: Field,
    pincer: bool,
}

impl InlineCrossings {
    const NONE: InlineCrossings = InlineCrossings {
        fields: LandFields::EMPTY,
        from: Field::from_index_unchecked(0),
        to: Field::from_index_unchecked(0),
        pincer: false,
    };
}

/// Iterator over complete legal moves (every choice), allocating nothing per move.
#[derive(Clone, Debug)]
pub struct LegalMoves<'a> {
    skeletons: MovementSkeletons<'a>,
    current: Option<MovementSkeleton>,
    no_first_pending: bool,
    connection_pending: bool,
    /// The current skeleton's crossing fields not given yet, when they wait
    /// behind another choice or may make a meeting.
    crossing_pending: LandFields,
    /// The current skeleton's crossing fields not given yet, when nothing else
    /// is left to give for it (then `crossing_pending` is empty).
    inline_crossings: InlineCrossings,
    chosen_first: Option<Item>,
    meeting_pending: Bitboard,
    /// Whether the current skeleton's destination faces a meeting partner.
    partner: bool,
    /// Started when the movements are exhausted.
    reorientations: Option<Reorientations>,
    /// How many moves this iterator has given so far.
    given: u64,
}

impl<'a> LegalMoves<'a> {
    pub(crate) fn new(pos: &'a Position) -> LegalMoves<'a> {
        LegalMoves {
            skeletons: MovementSkeletons::new(pos, pos.to_move_slot()),
            current: None,
            no_first_pending: false,
            connection_pending: false,
            crossing_pending: LandFields::EMPTY,
            inline_crossings: InlineCrossings::NONE,
            chosen_first: None,
            meeting_pending: Bitboard::EMPTY,
            partner: false,
            reorientations: None,
            given: 0,
        }
    }

    /// How many moves are left to give: the position's
    /// [`legal_move_count`](Position::legal_move_count) less those given so far.
    /// Counts without listing, so it costs about as much as one count, not a walk.
    ///
    /// ```
    /// use pacru_core::Position;
    /// let start = Position::standard(2).unwrap();
    /// let mut moves = start.legal_moves();
    /// let all = moves.len();
    /// moves.next();
    /// assert_eq!(moves.len(), all - 1);
    /// assert_eq!(moves.count(), all - 1);
    /// ```
    pub fn len(&self) -> usize {
        (self.skeletons.raw.pos.legal_move_count() - self.given) as usize
    }

    /// Whether no move is left to give.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Iterator for LegalMoves<'_> {
    type Item = Move;

    /// The commonest moves are given inline: a queued step of a power-1 chevron
    /// that stays in its borderland and meets nobody, and the next crossing field
    /// of a movement that meets nobody. Everything else is given by a call.
    #[inline]
    fn next(&mut self) -> Option<Move> {
        let crossings = &mut self.inline_crossings;
        if let Some(field) = crossings.fields.pop_first() {
            let mv = Move::Movement(Movement {
                from: crossings.from,
                to: crossings.to,
                pincer: crossings.pincer,
                items: Items::one(Item::Field(field)),
            });
            if crossings.fields.is_empty() {
                // The skeleton has no choice left: the next move may be a step
                // this inline path gives too.
                self.current = None;
            }
            self.given += 1;
            return Some(mv);
        }
        let raw = &mut self.skeletons.raw;
        if self.current.is_none()
            && let Some(step) = raw.peek_step()
            && step.whole
        {
            raw.step_next += 1;
            self.given += 1;
            return Some(Move::Movement(Movement {
                from: step.from,
                to: step.to,
                pincer: false,
                items: Items::NONE,
            }));
        }
        self.next_counted()
    }
}

impl LegalMoves<'_> {
    /// The next move of the general path, counted.
    fn next_counted(&mut self) -> Option<Move> {
        let mv = self.next_move();
        self.given += u64::from(mv.is_some());
        mv
    }
}

impl LegalMoves<'_> {
    /// Moves the pending crossing fields of the skeleton from `from` to `to`
    /// to the inline path, if only they are left to give and they meet nobody.
    #[inline]
    fn hand_over_crossings(&mut self, from: Field, to: Field, kind: MovementKind) {
        if self.partner
            || self.no_first_pending
            || self.connection_pending
            || self.crossing_pending.is_empty()
        {
            return;
        }
        self.inline_crossings = InlineCrossings {
            fields: self.crossing_pending,
            from,
            to,
            pincer: kind == MovementKind::Pincer,
        };
        self.crossing_pending = LandFields::EMPTY;
    }

    /// The first move of `raw`, a plain movement into another borderland
    /// that meets nobody: its only choice is the crossing field, if there is
    /// one. The other crossing fields are left to the inline path; no skeleton
    /// is built.
    #[inline]
    fn start_plain_crossing(&mut self, raw: &RawMovement) -> Move {
        let (from, to) = (raw.from, raw.to);
        let turn = self.skeletons.turn();
        let (_, candidates) =
            crossing_candidates(turn.own, turn.coloured, turn.occupied, from, to, false);
        debug_assert!({
            let sk = self.skeletons.raw.pos.build_raw(turn, raw);
            sk.crossing && sk.crossing_fields == candidates && !sk.connection_change_available()
        });
        let mut fields = LandFields::within_land_of(to, candidates);
        let items = match fields.pop_first() {
            Some(field) => Items::one(Item::Field(field)),
            None => Items::NONE,
        };
        self.inline_crossings = InlineCrossings {
            fields,
            from,
            to,
            pincer: false,
        };
        Move::Movement(Movement {
            from,
            to,
            pincer: false,
            items,
        })
    }

    #[inline]
    fn next_move(&mut self) -> Option<Move> {
        loop {
            if let Some(sk) = &self.current {
                if let Some(field) = self.meeting_pending.pop_first() {
                    return Some(sk.complete(self.chosen_first, Some(field)));
                }
                let first = if self.no_first_pending {
                    self.no_first_pending = false;
                    Some(None)
                } else if self.connection_pending {
                    self.connection_pending = false;
                    Some(Some(Item::Connection))
                } else {
                    self.inline_crossings
                        .fields
                        .pop_first()
                        .or_else(|| self.crossing_pending.pop_first())
                        .map(|field| Some(Item::Field(field)))
                };
                if let Some(first) = first {
                    let pos = self.skeletons.raw.pos;
                    let meeting = if self.partner {
                        pos.meeting_fields_in(self.skeletons.turn(), sk, first)
                    } else {
                        Bitboard::EMPTY
                    };
                    if meeting.any() {
                        self.chosen_first = first;
                        self.meeting_pending = meeting;
                        continue;
                    }
                    let mv = sk.complete(first, None);
                    // Once only crossing fields are left, the next calls give them inline.
                    let (from, to, kind) = (sk.from, sk.to, sk.kind);
                    self.hand_over_crossings(from, to, kind);
                    return Some(mv);
                }
                self.current = None;
            }
            if let Some(next) = self.skeletons.raw.next_movement() {
                let pos = self.skeletons.raw.pos;
                let turn = self.skeletons.turn();
                // A queued step knows whether it is a whole move.
                let (raw, whole) = match next {
                    NextMovement::Step(step) => (step.outline(), step.whole),
                    NextMovement::Ray(raw) => (
                        raw,
                        pos.has_no_choices(turn, raw.from, raw.to, raw.travel, raw.kind),
                    ),
                };
                if whole {
                    return Some(Move::Movement(Movement {
                        from: raw.from,
                        to: raw.to,
                        pincer: false,
                        items: Items::NONE,
                    }));
                }
                if raw.kind == MovementKind::Plain
                    && !pos.meeting_partner_at(turn, raw.to, raw.travel)
                {
                    return Some(self.start_plain_crossing(&raw));
                }
                let sk = pos.build_raw(turn, &raw);
                self.no_first_pending = !sk.needs_first_item();
                self.connection_pending = sk.connection_change_available();
                self.crossing_pending = LandFields::within_land_of(sk.to, sk.crossing_fields);
                self.partner = self
                    .skeletons
                    .raw
                    .pos
                    .meeting_partner(self.skeletons.turn(), &sk);
                self.hand_over_crossings(sk.from, sk.to, sk.kind);
                self.current = Some(sk);
                continue;
            }
            let pos = self.skeletons.raw.pos;
            if self.reorientations.is_none() && !Reorientations::any(pos, pos.to_move_slot()) {
                return None;
            }
            return self
                .reorientations
                .get_or_insert_with(|| Reorientations::new(pos, pos.to_move_slot()))
                .next()
                .map(Move::Reorientation);
        }
    }
}

/// Iterator over every complete reorientation.
#[derive(Clone, Debug)]
struct Reorientations {
    chevrons: Bitboard,
    field: Field,
    rotation_index: u8,
    returnable: [Field; 81],
    n: u8,
    k: u8,
    combination: [u8; 4],
    fresh: bool,
}

impl Reorientations {
    /// Whether `me` has a reorientation at all: a chevron, and two own fields
    /// without a chevron to return (checked before the list is set up).
    #[inline]
    fn any(pos: &Position, me: usize) -> bool {
        !pos.is_finished()
            && pos.chevrons[me].any()
            && (pos.fields[me] - pos.unions.occupied).count() >= 2
    }

    fn new(pos: &Position, me: usize) -> Reorientations {
        let mut returnable = [Field::from_index_unchecked(0); 81];
        let free = pos.fields[me] - pos.unions.occupied;
        let mut n = 0;
        for field in free {
            returnable[n] = field;
            n += 1;
        }
        let chevrons = if Reorientations::any(pos, me) {
            pos.chevrons[me]
        } else {
            Bitboard::EMPTY
        };
        Reorientations {
            chevrons,
            field: Field::from_index_unchecked(0),
            rotation_index: 4,
            returnable,
            n: n as u8,
            k: 0,
            combination: [0; 4],
            fresh: false,
        }
    }

    /// Advances `combination` to the next k-subset of 0..n in lexicographic order.
    fn advance(&mut self) -> bool {
        let k = self.k as usize;
        let n = self.n;
        for i in (0..k).rev() {
            if self.combination[i] < n - self.k + i as u8 {
                self.combination[i] += 1;
                for j in i + 1..k {
                    self.combination[j] = self.combination[j - 1] + 1;
                }
                return true;
            }
        }
        false
    }

    fn start_rotation(&mut self) -> bool {
        let rotation = Rotation::ALL[self.rotation_index as usize];
        self.k = rotation.returned_count() as u8;
        if self.k > self.n {
            return false;
        }
        for i in 0..self.k as usize {
            self.combination[i] = i as u8;
        }
        self.fresh = true;
        true
    }
}

impl Iterator for Reorientations {
    type Item = Reorientation;

    fn next(&mut self) -> Option<Reorientation> {
        loop {
            if self.rotation_index < 4 {
                if self.fresh || self.advance() {
                    self.fresh = false;
                    let returned = self.combination[..self.k as usize]
                        .iter()
                        .map(|&i| self.returnable[i as usize])
                        .collect();
                    return Some(Reorientation {
                        field: self.field,
                        rotation: Rotation::ALL[self.rotation_index as usize],
                        returned,
                    });
                }
                self.rotation_index += 1;
                while self.rotation_index < 4 && !self.start_rotation() {
                    self.rotation_index += 1;
                }
                continue;
            }
            self.field = self.chevrons.pop_first()?;
            self.rotation_index = 0;
            while self.rotation_index < 4 && !self.start_rotation() {
                self.rotation_index += 1;
            }
        }
    }
}

const fn choose(n: u64, k: u64) -> u64 {
    match k {
        2 => n * n.saturating_sub(1) / 2,
        4 => n * n.saturating_sub(1) * n.saturating_sub(2) * n.saturating_sub(3) / 24,
        _ => 0,
    }
}

impl Position {
    /// The legal movements of the player to move, without their choices.
    pub fn movement_skeletons(&self) -> MovementSkeletons<'_> {
        MovementSkeletons::new(self, self.to_move_slot())
    }

    /// The reorientation options of the player to move (none when the game is over).
    pub fn reorientation_skeletons(&self) -> impl Iterator<Item = ReorientationSkeleton> + '_ {
        let pos = self;
        let me = pos.to_move_slot();
        let returnable = pos.fields[me] - pos.unions.occupied;
        let chevrons = if pos.is_finished() {
            Bitboard::EMPTY
        } else {
            pos.chevrons[me]
        };
        chevrons.iter().flat_map(move |field| {
            Rotation::ALL
                .into_iter()
                .filter(move |r| returnable.count() >= r.returned_count())
                .map(move |rotation| ReorientationSkeleton {
                    field,
                    rotation,
                    returnable,
                })
        })
    }

    /// Every complete legal move (resignation excluded), lazily, in the order of
    /// generation: movements by chevron (fields in ascending order), direction and
    /// distance, each with its choices, then reorientations. The fastest way to
    /// visit every move; for the order people and other interfaces list them in,
    /// see [`Position::sorted_legal_moves`].
    pub fn legal_moves(&self) -> LegalMoves<'_> {
        LegalMoves::new(self)
    }

    /// Every complete legal move (resignation excluded), in the byte order of its
    /// canonical text: the one order in which `pacru moves`, the Python package's
    /// `legal_moves()` and the JavaScript package's `legalMoves()` list moves, so
    /// that "the first move" is the same move everywhere.
    ///
    /// ```
    /// use pacru_core::Position;
    /// let start = Position::standard(2).unwrap();
    /// let moves = start.sorted_legal_moves();
    /// assert_eq!(moves.len(), 28);
    /// assert_eq!(moves[0].to_string(), "a3-b2");
    /// ```
    pub fn sorted_legal_moves(&self) -> Vec<Move> {
        let mut moves: Vec<Move> = self.legal_moves().collect();
        moves.sort_by_cached_key(Move::to_string);
        moves
    }

    /// The number of complete legal moves, counted without listing reorientation subsets.
    pub fn legal_move_count(&self) -> u64 {
        if self.is_finished() {
            return 0;
        }
        let me = self.to_move_slot();
        let skeletons = MovementSkeletons::new(self, me);
        let turn = *skeletons.turn();
        let mut total = 0u64;
        for sk in skeletons {
            total += self.complete_count(&turn, &sk);
        }
        let n = (self.fields[me] - self.unions.occupied).count() as u64;
        total + u64::from(self.chevrons[me].count()) * 2 * (choose(n, 2) + choose(n, 4))
    }

    /// The number of complete moves a skeleton stands for.
    #[inline]
    fn complete_count(&self, turn: &Turn, sk: &MovementSkeleton) -> u64 {
        if !self.meeting_partner(turn, sk) {
            return u64::from(sk.first_item_count().max(1));
        }
        let per_first = |first: Option<Item>| -> u64 {
            u64::from(self.meeting_fields_in(turn, sk, first).count().max(1))
        };
        if !sk.needs_first_item() {
            return per_first(None);
        }
        sk.first_items().map(|item| per_first(Some(item))).sum()
    }

    /// Whether the movement from `from` to `to`, travelling `travel`, of kind
    /// `kind`, is a whole move as it is: a plain movement (no connection change,
    /// no pincer) within one borderland that meets nobody has no choices.
    #[inline]
    fn has_no_choices(
        &self,
        turn: &Turn,
        from: Field,
        to: Field,
        travel: Direction,
        kind: MovementKind,
    ) -> bool {
        kind == MovementKind::Plain
            && from.borderland_index() == to.borderland_index()
            && !self.meeting_partner_at(turn, to, travel)
    }

    /// Whether the player at `slot` could make a movement (pincers included) now.
    #[inline]
    pub(crate) fn has_legal_movement(&self, slot: usize) -> bool {
        self.has_free_step(slot) || self.has_longer_movement_or_pincer(slot)
    }

    /// Whether a chevron of `slot` can step one field onto a free field of no
    /// other colour: the usual reason a player is not blocked.
    #[inline]
    pub(crate) fn has_free_step(&self, slot: usize) -> bool {
        // Worked out on the two halves of each set, of different widths, so that
        // the compiler reads them as the moves just wrote them (64 bits at a time):
        // a 128-bit read of a set written in two halves waits for both writes.
        let (own, occupied, coloured) = (
            halves(self.fields[slot]),
            halves(self.unions.occupied),
            halves(self.unions.coloured),
        );
        // `landing_fields` of each half, written out: the generic form costs
        // a perft 1% more instructions.
        let low = !occupied.0 & (own.0 | !coloured.0);
        let high = !occupied.1 & (own.1 | !coloured.1);
        for from in self.chevrons[slot] {
            let targets = halves(step_targets(from, self.small.facing.get(from)));
            if (targets.0 & low) | u64::from(targets.1 & high) != 0 {
                return true;
            }
        }
        false
    }

    /// Whether `slot` has a movement of two or more fields, or a pincer.
    pub(crate) fn has_longer_movement_or_pincer(&self, slot: usize) -> bool {
        let turn = Turn::new(self, slot);
        // The pincer targets gathered in the same walk over the chevrons
        // (`Turn::pincer_targets`, whose `attacks_from` a chevron of power 1
        // is its step targets that hold an opponent's chevron).
        let opponents = turn.occupied - turn.mine;
        let (mut once, mut twice) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for from in turn.mine {
            let power = turn.power(from);
            let facing = self.small.facing.get(from);
            let attacked = if power <= 1 {
                step_targets(from, facing) & opponents
            } else {
                for travel in facing.travel_directions() {
                    let ray = turn.ray(self, from, travel, power, &mut None);
                    if (ray.plain | ray.connection | ray.jump | ray.pincer).any() {
                        return true;
                    }
                }
                turn.attacks_from(self, from)
            };
            twice |= once & attacked;
            once |= attacked;
        }
        twice.any()
    }

    /// Whether the player to move has a legal movement (false when the game is over).
    pub fn can_move(&self) -> bool {
        !self.is_finished() && self.has_legal_movement(self.to_move_slot())
    }
}

#[cfg(test)]
mod tests {
    use super::LandFields;
    use crate::{Bitboard, Borderland, Field, Position, SplitMix64};

    /// Every subset of every borderland, taken apart field by field, gives
    /// its fields in ascending order.
    #[test]
    fn land_fields_give_every_subset_of_a_borderland_in_order() {
        for land in Borderland::ALL {
            let fields: Vec<Field> = land.fields().iter().collect();
            for subset in 0..512u32 {
                let set: Bitboard = fields
                    .iter()
                    .enumerate()
                    .filter(|&(bit, _)| subset & (1 << bit) != 0)
                    .map(|(_, &field)| field)
                    .collect();
                let mut taken = LandFields::within_land_of(fields[4], set);
                let mut given = Vec::new();
                while let Some(field) = taken.pop_first() {
                    given.push(field);
                }
                assert!(taken.is_empty());
                assert_eq!(
                    given,
                    set.iter().collect::<Vec<_>>(),
                    "{land:?} {subset:09b}"
                );
            }
        }
    }

    #[test]
    fn len_is_what_is_left_to_give_along_random_games() {
        let mut rng = SplitMix64::new(11);
        for players in 2..=4 {
            let mut pos = Position::standard(players).unwrap();
            for _ in 0..150 {
                let mut moves = pos.legal_moves();
                let mut left = moves.clone().count();
                assert_eq!(moves.len(), left);
                while moves.next().is_some() {
                    left -= 1;
                    assert_eq!(moves.len(), left);
                }
                assert!(moves.is_empty());
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                pos.play_unchecked(&mv);
            }
        }
    }
}
