//! Move skeletons: a movement's origin, destination and kind, with the sets of
//! choices it allows, so engines can pick choices without listing every combination.

use crate::geometry::between;
use crate::turn::Turn;
use crate::{
    Bitboard, Borderland, Direction, Field, Item, Items, Move, Movement, Position, RulesEdition,
};

/// What kind of movement a skeleton is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MovementKind {
    /// Not a connection and not a pincer.
    Plain,
    /// A connection with no chevron in between (R8): a connection change, which may
    /// change nothing when every intervening field is already ours.
    Connection,
    /// A connection over one or more chevrons (R9): changes no field.
    ConnectionJump,
    /// A pincer (R11): captures the opponent chevron on the destination.
    Pincer,
}

/// A legal movement without its choices, as the move generator gives it
/// ([`Position::movement_skeletons`]): only the generator makes
/// one, so every skeleton a caller holds is legal in the position it came from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MovementSkeleton {
    pub(crate) from: Field,
    pub(crate) to: Field,
    pub(crate) travel: Direction,
    pub(crate) distance: u8,
    pub(crate) kind: MovementKind,
    /// Fields a connection change would give us (R8): empty unless `kind` is `Connection`.
    pub(crate) connection_fields: Bitboard,
    pub(crate) crossing: bool,
    pub(crate) transformation: bool,
    pub(crate) crossing_fields: Bitboard,
}

impl MovementSkeleton {
    /// The field the chevron leaves.
    #[inline]
    pub fn from(&self) -> Field {
        self.from
    }

    /// The field the chevron arrives on.
    #[inline]
    pub fn to(&self) -> Field {
        self.to
    }

    /// The direction of travel (and the chevron's facing afterwards).
    #[inline]
    pub fn travel(&self) -> Direction {
        self.travel
    }

    /// The number of fields travelled.
    #[inline]
    pub fn distance(&self) -> u8 {
        self.distance
    }

    /// The kind of movement.
    #[inline]
    pub fn kind(&self) -> MovementKind {
        self.kind
    }

    /// The fields a connection change would give the mover (R8): empty unless the
    /// kind is [`MovementKind::Connection`].
    #[inline]
    pub fn connection_fields(&self) -> Bitboard {
        self.connection_fields
    }

    /// Whether the destination lies in another borderland (R4).
    #[inline]
    pub fn crossing(&self) -> bool {
        self.crossing
    }

    /// Whether the crossing is a borderland transformation (R10) rather than a change.
    #[inline]
    pub fn transformation(&self) -> bool {
        self.transformation
    }

    /// The fields the crossing benefit may take (empty when there is no benefit).
    #[inline]
    pub fn crossing_fields(&self) -> Bitboard {
        self.crossing_fields
    }

    /// Whether `*` (the connection change) is a valid first item.
    #[inline]
    pub fn connection_change_available(&self) -> bool {
        self.connection_fields.any()
    }

    /// Whether the move must name a crossing/connection item.
    #[inline]
    pub fn needs_first_item(&self) -> bool {
        self.connection_fields.any() || self.crossing_fields.any()
    }

    /// The number of different first items (`*` and crossing fields); 0 if none is due.
    #[inline]
    pub fn first_item_count(&self) -> u32 {
        self.crossing_fields.count() + u32::from(self.connection_fields.any())
    }

    /// The borderland of the destination.
    #[inline]
    pub fn arrival_borderland(&self) -> Borderland {
        self.to.borderland()
    }

    /// The first items this movement allows, in canonical order (`*` first, then fields).
    pub fn first_items(&self) -> impl Iterator<Item = Item> + '_ {
        self.connection_change_available()
            .then_some(Item::Connection)
            .into_iter()
            .chain(self.crossing_fields.iter().map(Item::Field))
    }

    /// The `i`-th of [`MovementSkeleton::first_items`], without building the iterator.
    #[inline]
    pub(crate) fn nth_first_item(&self, i: u64) -> Option<Item> {
        let fields = if self.connection_change_available() {
            if i == 0 {
                return Some(Item::Connection);
            }
            i - 1
        } else {
            i
        };
        self.crossing_fields.nth(fields).map(Item::Field)
    }

    /// The complete move made of this skeleton and the given choices (not checked:
    /// pick `first` from [`MovementSkeleton::first_items`] and `meeting` from
    /// [`Position::meeting_fields`]).
    pub fn complete(&self, first: Option<Item>, meeting: Option<Field>) -> Move {
        let items = match (first, meeting) {
            (None, None) => Items::NONE,
            (Some(item), None) => Items::one(item),
            (None, Some(field)) => Items::one(Item::Field(field)),
            (Some(item), Some(field)) => Items::two(item, Item::Field(field)),
        };
        Move::Movement(Movement {
            from: self.from,
            to: self.to,
            pincer: self.kind == MovementKind::Pincer,
            items,
        })
    }

    /// The fields the movement gains before any meeting, given its first item.
    #[inline]
    pub(crate) fn gained(&self, first: Option<Item>) -> Bitboard {
        let mut gained = if self.kind == MovementKind::Pincer {
            Bitboard::from_field(self.to)
        } else {
            Bitboard::EMPTY
        };
        match first {
            Some(Item::Connection) => gained |= self.connection_fields,
            Some(Item::Field(field)) => gained.insert(field),
            None => {}
        }
        gained
    }
}

impl Position {
    /// Builds the skeleton of a movement already known to be legal in outline.
    /// Always inlined: `random_move`, written out twice, would call it
    /// otherwise (random playouts 2.6% more instructions).
    #[inline(always)]
    pub(crate) fn build_skeleton(
        &self,
        turn: &Turn,
        from: Field,
        to: Field,
        travel: Direction,
        distance: u8,
        kind: MovementKind,
    ) -> MovementSkeleton {
        let connection_fields = if kind == MovementKind::Connection {
            between(from, to, travel) - turn.own
        } else {
            Bitboard::EMPTY
        };
        let crossing = from.borderland_index() != to.borderland_index();
        let (transformation, crossing_fields) = if crossing {
            crossing_candidates(
                turn.own,
                turn.coloured,
                turn.occupied,
                from,
                to,
                kind == MovementKind::Pincer,
            )
        } else {
            (false, Bitboard::EMPTY)
        };
        MovementSkeleton {
            from,
            to,
            travel,
            distance,
            kind,
            connection_fields,
            crossing,
            transformation,
            crossing_fields,
        }
    }

    /// Whether the moved chevron will face one of ours that faces back and stands on
    /// our colour (the part of the meeting test that no choice can change).
    #[inline]
    pub(crate) fn meeting_partner(&self, turn: &Turn, sk: &MovementSkeleton) -> bool {
        self.meeting_partner_at(turn, sk.to, sk.travel)
    }

    /// Whether a chevron arriving on `to` travelling `travel` faces a partner.
    #[inline]
    pub(crate) fn meeting_partner_at(&self, turn: &Turn, to: Field, travel: Direction) -> bool {
        self.partner_faces_back(turn.partners, to, travel)
    }

    /// Whether one of `partners` (the mover's chevrons on the mover's colour)
    /// stands beyond `to` in direction `travel` and faces back at it.
    #[inline]
    pub(crate) fn partner_faces_back(
        &self,
        partners: Bitboard,
        to: Field,
        travel: Direction,
    ) -> bool {
        // Most of the time nobody stands on their own colour: no lookup then.
        if partners.is_empty() {
            return false;
        }
        match crate::geometry::neighbour(to, travel) {
            Some(ahead) => {
                partners.contains(ahead) && self.small.facing.get(ahead) == travel.opposite()
            }
            None => false,
        }
    }

    /// The fields a meeting lets the mover take after `sk` with first item `first`
    /// (R12); empty when the move makes no meeting or the meeting gives nothing.
    pub fn meeting_fields(&self, sk: &MovementSkeleton, first: Option<Item>) -> Bitboard {
        let turn = Turn::new(self, self.to_move_slot());
        self.meeting_fields_in(&turn, sk, first)
    }

    #[inline]
    pub(crate) fn meeting_fields_in(
        &self,
        turn: &Turn,
        sk: &MovementSkeleton,
        first: Option<Item>,
    ) -> Bitboard {
        if !self.meeting_partner(turn, sk) {
            return Bitboard::EMPTY;
        }
        self.meeting_fields_after(turn, sk.from, sk.to, sk.gained(first))
    }

    /// [`Position::meeting_fields_in`] for the movement from `from` to `to`
    /// that gains `gained` before any meeting ([`MovementSkeleton::gained`]),
    /// its partner already found.
    #[inline]
    pub(crate) fn meeting_fields_after(
        &self,
        turn: &Turn,
        from: Field,
        to: Field,
        gained: Bitboard,
    ) -> Bitboard {
        let own_final = turn.own | gained;
        if !own_final.contains(to) {
            return Bitboard::EMPTY;
        }
        if self.small.rules == RulesEdition::Pacru2011
            && !self.other_colour_has_nine(turn.me, gained)
        {
            return Bitboard::EMPTY;
        }
        let occupied_after = (turn.occupied.without(from)).with(to);
        !occupied_after - own_final
    }

    /// The 2011 condition: another player's colour covers at least 9 fields once
    /// `gained` has become ours.
    #[inline]
    pub(crate) fn other_colour_has_nine(&self, me: usize, gained: Bitboard) -> bool {
        (0..self.small.players.len())
            .any(|slot| slot != me && (self.fields[slot] - gained).count() >= 9)
    }

    /// Whether a meeting in the shape of `sk` is denied its benefit only by the 2011 rule.
    pub(crate) fn meeting_denied_by_2011(
        &self,
        turn: &Turn,
        sk: &MovementSkeleton,
        first: Option<Item>,
    ) -> bool {
        self.small.rules == RulesEdition::Pacru2011
            && self.meeting_partner(turn, sk)
            && (turn.own | sk.gained(first)).contains(sk.to)
            && !self.other_colour_has_nine(turn.me, sk.gained(first))
    }
}

/// The crossing benefit's candidates (R4, R10) for the mover whose fields are
/// `own`, on the board as it is after the chevron has arrived from `from` on `to`
/// (and, for a pincer, after the captured field became the mover's); `coloured`
/// and `occupied` are the coloured and occupied fields before the movement.
/// Returns whether it is a transformation, and the candidates.
#[inline]
pub(crate) fn crossing_candidates(
    own: Bitboard,
    coloured: Bitboard,
    occupied: Bitboard,
    from: Field,
    to: Field,
    pincer: bool,
) -> (bool, Bitboard) {
    let land = to.borderland().fields();
    let occupied_after = occupied.without(from).with(to);
    let (own_after, coloured_after) = if pincer {
        (own.with(to), coloured.with(to))
    } else {
        (own, coloured)
    };
    let neutral = land - coloured_after;
    if neutral.any() {
        let mut candidates = neutral - occupied_after;
        if neutral.contains(to) {
            candidates.insert(to);
        }
        (false, candidates)
    } else {
        (true, land - occupied_after - own_after)
    }
}
