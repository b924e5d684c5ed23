//! What a legal move does, for people: [`Position::explain`] and its
//! [`Effects`], the basis of replay commentary and of the viewer's highlights.

use crate::skeleton::MovementKind;
use crate::turn::Turn;
use crate::{Bitboard, Colour, Field, IllegalMove, Item, Move, Position, Status};

/// Why a player left the game during a move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum OutReason {
    /// Their last chevron was taken by a pincer (R15).
    LastChevronTaken,
    /// They could not move at the start of their turn (R15).
    Blocked,
    /// They resigned.
    Resigned,
}

/// What a move did, for people: the basis of replay commentary.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Effects {
    /// The player who moved.
    pub mover: Colour,
    /// The kind of movement, if it was one.
    pub kind: Option<MovementKind>,
    /// A pincer's captured chevron: its owner and field.
    pub captured: Option<(Colour, Field)>,
    /// The fields the connection change gave the mover.
    pub connection_fields: Bitboard,
    /// The crossing benefit's field, and whether it was a transformation (R10).
    pub crossing_field: Option<(Field, bool)>,
    /// The meeting's field.
    pub meeting_field: Option<Field>,
    /// Whether the move made a meeting that gave nothing (2011 rule, or no field left).
    pub empty_meeting: bool,
    /// Whether that empty meeting is due to the 2011 rule (no other colour on 9 fields).
    pub meeting_denied_by_2011: bool,
    /// A reorientation's chevron and its new facing.
    pub reoriented: Option<(Field, crate::Direction)>,
    /// The fields a reorientation returned to neutral.
    pub returned: Bitboard,
    /// How many fields of the mover's colour are on the board after the move.
    pub mover_fields: u32,
    /// Every field whose colour changed, with its colour before the move.
    pub changed: Vec<(Field, Option<Colour>)>,
    /// Players who left the game during this turn, in the order they left.
    pub out: Vec<(Colour, OutReason)>,
    /// The game's status after the move.
    pub status: Status,
}

impl Position {
    /// What `mv` does here, if it is legal: who moves, what it captures, colours and
    /// returns, who leaves the game and the status after it; otherwise the rule it
    /// breaks and why, as [`Position::play`] says. `self` is not changed: play the
    /// move with [`Position::play_unchecked`] (it is legal) or [`Position::play`].
    ///
    /// ```
    /// use pacru_core::{Position, Status};
    /// let start = Position::standard(2).unwrap();
    /// let mv = "e1-e2".parse().unwrap();
    /// let effects = start.explain(&mv).unwrap();
    /// assert_eq!(effects.mover, pacru_core::Colour::Black);
    /// assert_eq!(effects.status, Status::Ongoing);
    /// assert!(start.explain(&"e1-e9".parse().unwrap()).is_err());
    /// ```
    pub fn explain(&self, mv: &Move) -> Result<Effects, IllegalMove> {
        let resolved = self.check(mv)?;
        let mut next = self.clone();
        next.play_unchecked(mv);
        let mover = self.to_move();
        let mut effects = Effects {
            mover,
            kind: None,
            captured: None,
            connection_fields: Bitboard::EMPTY,
            crossing_field: None,
            meeting_field: None,
            empty_meeting: false,
            meeting_denied_by_2011: false,
            reoriented: None,
            returned: Bitboard::EMPTY,
            mover_fields: next.field_count(mover),
            changed: self
                .changed_fields(&next)
                .iter()
                .map(|f| (f, self.colour_at(f)))
                .collect(),
            out: Vec::new(),
            status: next.status(),
        };
        match (mv, resolved) {
            (Move::Movement(_), Some(r)) => {
                let turn = Turn::new(self, self.to_move_slot());
                let sk = self.build_skeleton(&turn, r.from, r.to, r.travel, r.distance, r.kind);
                effects.kind = Some(sk.kind);
                if sk.kind == MovementKind::Pincer {
                    effects.captured = self.chevron_at(sk.to).map(|c| (c.colour, sk.to));
                }
                match r.first {
                    Some(Item::Connection) => effects.connection_fields = sk.connection_fields,
                    Some(Item::Field(f)) => effects.crossing_field = Some((f, sk.transformation)),
                    None => {}
                }
                effects.meeting_field = r.meeting;
                effects.empty_meeting = r.meeting.is_none()
                    && self.meeting_partner(&turn, &sk)
                    && (turn.own | sk.gained(r.first)).contains(sk.to);
                effects.meeting_denied_by_2011 =
                    effects.empty_meeting && self.meeting_denied_by_2011(&turn, &sk, r.first);
            }
            (Move::Reorientation(r), _) => {
                effects.returned = r.returned;
                effects.reoriented = next.chevron_at(r.field).map(|c| (r.field, c.facing));
            }
            _ => {}
        }
        // Who left, in turn order after the mover.
        let n = self.small.players.len();
        let me = self.to_move_slot();
        for i in 0..n {
            let slot = (me + i) % n;
            if self.chevrons[slot].any() && next.chevrons[slot].is_empty() {
                let reason = if matches!(mv, Move::Resign) && slot == me {
                    OutReason::Resigned
                } else if effects
                    .captured
                    .is_some_and(|(c, _)| c == self.small.players.as_slice()[slot])
                    && (self.chevrons[slot].count() == 1)
                {
                    OutReason::LastChevronTaken
                } else {
                    OutReason::Blocked
                };
                effects
                    .out
                    .push((self.small.players.as_slice()[slot], reason));
            }
        }
        Ok(effects)
    }
}
