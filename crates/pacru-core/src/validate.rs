//! Move validation: every rejection names the rule it breaks and says why.

use crate::error::field_list;
use crate::geometry::{between, line};
use crate::skeleton::{MovementKind, MovementSkeleton};
use crate::turn::Turn;
use crate::{
    Bitboard, Field, IllegalMove, Item, Move, Movement, Position, Reorientation, Rule, Status,
};

/// A movement found legal, with the meaning of each of its items: what
/// applying it and explaining it need of its skeleton, without the skeleton's
/// sets (the connection's fields are worked out again when it is applied), so
/// that the quick path hands it over in registers and need not build the
/// crossing's candidates to accept a marker.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct ResolvedMovement {
    pub from: Field,
    pub to: Field,
    pub travel: crate::Direction,
    pub distance: u8,
    pub kind: MovementKind,
    /// Whether a crossing benefit here is a transformation (R10): the
    /// skeleton's [`MovementSkeleton::transformation`].
    pub transformation: bool,
    pub first: Option<Item>,
    pub meeting: Option<Field>,
}

impl ResolvedMovement {
    /// `sk` resolved with the items `first` and `meeting`.
    #[inline]
    pub(crate) fn new(sk: &MovementSkeleton, first: Option<Item>, meeting: Option<Field>) -> Self {
        ResolvedMovement {
            from: sk.from,
            to: sk.to,
            travel: sk.travel,
            distance: sk.distance,
            kind: sk.kind,
            transformation: sk.transformation,
            first,
            meeting,
        }
    }
}

/// What [`Position::try_play`] reports about a move it applied.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Played {
    /// The number of players removed at the end of the turn because they could
    /// not move (R15); players who resigned or lost their last chevron to a
    /// pincer are not counted.
    pub blocked: u32,
}

impl Position {
    /// Applies `mv` if it is legal, returning the new (settled) position; otherwise
    /// the rule it breaks and why. `self` is never changed.
    pub fn play(&self, mv: &Move) -> Result<Position, IllegalMove> {
        let mut next = self.clone();
        next.try_play(mv)?;
        Ok(next)
    }

    /// Validates `mv` and, if it is legal, applies it in place: [`Position::play`]
    /// without copying the position, for replaying records. On error `self` is
    /// unchanged.
    ///
    /// ```
    /// use pacru_core::{Position, Rule};
    /// let mut pos = Position::standard(2).unwrap();
    /// let mv = pos.legal_moves().next().unwrap();
    /// assert_eq!(pos.try_play(&mv).unwrap().blocked, 0);
    /// let err = pos.try_play(&mv).unwrap_err();
    /// assert_eq!(err.rule, Rule::R3);
    /// ```
    #[inline]
    pub fn try_play(&mut self, mv: &Move) -> Result<Played, IllegalMove> {
        let blocked = match self.check(mv)? {
            Some(resolved) => self.apply_resolved(&resolved),
            None => self.apply_unchecked(mv),
        };
        Ok(Played { blocked })
    }

    /// Checks `mv` without applying it.
    pub fn validate(&self, mv: &Move) -> Result<(), IllegalMove> {
        self.check(mv).map(|_| ())
    }

    #[inline]
    pub(crate) fn check(&self, mv: &Move) -> Result<Option<ResolvedMovement>, IllegalMove> {
        if self.is_finished() {
            return Err(match self.status() {
                Status::Won { winner, .. } => {
                    IllegalMove::new(Rule::R16, format!("the game is over: {winner} has won"))
                }
                _ => IllegalMove::new(Rule::R16, "the game is over"),
            });
        }
        match mv {
            Move::Movement(m) => match self.resolve_usual_movement(m) {
                Some(resolved) => {
                    debug_assert_eq!(self.check_movement(m).ok(), Some(resolved), "{m:?}");
                    Ok(Some(resolved))
                }
                None => self.check_movement(m).map(Some),
            },
            Move::Reorientation(r) => self.check_reorientation(r).map(|()| None),
            Move::Resign => Ok(None),
        }
    }

    /// Why `field` does not hold a chevron of the player to move.
    #[cold]
    fn not_own_chevron(&self, field: Field, rule: Rule) -> IllegalMove {
        match self.chevron_at(field) {
            Some(c) => IllegalMove::new(
                rule,
                format!(
                    "the chevron on {field} is {}; it is {}'s turn",
                    c.colour,
                    self.to_move()
                ),
            ),
            None => IllegalMove::new(rule, format!("there is no chevron on {field}")),
        }
    }

    /// The full check of a movement: decides and explains every case.
    pub(crate) fn check_movement(&self, m: &Movement) -> Result<ResolvedMovement, IllegalMove> {
        let me = self.to_move_slot();
        let mover = self.to_move();
        let (from, to) = (m.from, m.to);
        if !self.chevrons[me].contains(from) {
            return Err(self.not_own_chevron(from, Rule::R3));
        }
        let turn = Turn::new(self, me);
        if from == to {
            return Err(IllegalMove::new(
                Rule::R3,
                format!("a movement must leave {from}"),
            ));
        }
        let Some((travel, distance)) = line(from, to) else {
            return Err(IllegalMove::new(
                Rule::R6,
                format!(
                    "{to} is not on a straight line from {from}; a move never changes direction"
                ),
            ));
        };
        let facing = self.small.facing.get(from);
        if !facing.allows_travel(travel) {
            let [left, ahead, right] = facing.travel_directions();
            return Err(IllegalMove::new(
                Rule::R3,
                format!(
                    "the chevron on {from} faces {facing}, so it can travel only {left}, {ahead} or {right}; {to} lies {travel} of it"
                ),
            ));
        }
        let power = turn.power(from);
        if distance > power {
            let own = turn.own_in_borderland(from);
            return Err(IllegalMove::new(
                Rule::R5,
                format!(
                    "the chevron on {from} has power {power} ({own} {mover} field{} in borderland {}), so it cannot travel {distance} fields",
                    if own == 1 { "" } else { "s" },
                    from.borderland()
                ),
            ));
        }
        let blockers = between(from, to, travel) & turn.occupied;
        let own_from = turn.own.contains(from);
        let own_to = turn.own.contains(to);
        let kind = if m.pincer {
            match self.chevron_at(to) {
                None => {
                    return Err(IllegalMove::new(
                        Rule::R11,
                        format!("there is no chevron on {to} to pincer"),
                    ));
                }
                Some(c) if c.colour == mover => {
                    return Err(IllegalMove::new(
                        Rule::R11,
                        format!(
                            "the chevron on {to} is your own; a pincer takes an opponent's chevron"
                        ),
                    ));
                }
                Some(_) => {}
            }
            if let Some(blocker) = blockers.first() {
                return Err(IllegalMove::new(
                    Rule::R11,
                    format!(
                        "the chevron on {blocker} stands between {from} and {to}; a pincer cannot jump"
                    ),
                ));
            }
            // Two attackers or more, counted only among the chevrons on a line
            // with `to` (what `Turn::attackers_of` would count, at a fraction of
            // the cost).
            if !turn.attacked_twice(self, to) {
                return Err(IllegalMove::new(
                    Rule::R11,
                    format!(
                        "only one of your chevrons (on {from}) attacks {to}; a pincer needs two or more attackers"
                    ),
                ));
            }
            MovementKind::Pincer
        } else {
            if let Some(c) = turn
                .occupied
                .contains(to)
                .then(|| self.chevron_at(to))
                .flatten()
            {
                let reason = if c.colour == mover {
                    format!("{to} is occupied by your own chevron")
                } else if turn.pincer_targets(self).contains(to) && blockers.is_empty() {
                    format!(
                        "{to} holds a {} chevron; to pincer it, write {from}x{to}",
                        c.colour
                    )
                } else {
                    format!(
                        "{to} is occupied by a {} chevron; only a pincer may move onto a chevron",
                        c.colour
                    )
                };
                return Err(IllegalMove::new(Rule::R7, reason));
            }
            if let Some(c) = (turn.coloured - turn.own)
                .contains(to)
                .then(|| self.colour_at(to))
                .flatten()
            {
                return Err(IllegalMove::new(
                    Rule::R7,
                    format!("{to} is {c}; a chevron may not stop on another player's colour"),
                ));
            }
            let connection = own_from && own_to && distance >= 2;
            match (connection, blockers.first()) {
                (true, Some(_)) => MovementKind::ConnectionJump,
                (true, None) => MovementKind::Connection,
                (false, None) => MovementKind::Plain,
                (false, Some(blocker)) => {
                    return Err(IllegalMove::new(
                        Rule::R7,
                        format!(
                            "the chevron on {blocker} is in the way; only a connection (from your colour to your colour) may jump"
                        ),
                    ));
                }
            }
        };
        let sk = self.build_skeleton(&turn, from, to, travel, distance, kind);
        self.resolve_items(&turn, &sk, m)
    }

    #[inline]
    fn resolve_items(
        &self,
        turn: &Turn,
        sk: &MovementSkeleton,
        m: &Movement,
    ) -> Result<ResolvedMovement, IllegalMove> {
        if m.items.surplus() > 0 {
            return Err(IllegalMove::new(
                Rule::R13,
                format!(
                    "{} items given; a movement takes at most two: the crossing or connection choice, then the meeting field",
                    m.items.len()
                ),
            ));
        }
        let mut items = m.items.iter();
        let first = if sk.needs_first_item() {
            Some(match items.next() {
                None => return Err(self.missing_first_item(sk)),
                Some(Item::Connection) if sk.connection_change_available() => Item::Connection,
                Some(Item::Connection) => return Err(self.connection_not_allowed(sk)),
                Some(Item::Field(f)) if sk.crossing_fields.contains(f) => Item::Field(f),
                Some(Item::Field(f)) => return Err(self.bad_crossing_field(sk, f)),
            })
        } else {
            None
        };
        // The partner test first, inline: most movements make no meeting.
        let meeting_fields = if self.meeting_partner(turn, sk) {
            self.meeting_fields_in(turn, sk, first)
        } else {
            Bitboard::EMPTY
        };
        let meeting = if meeting_fields.any() {
            match items.next() {
                None => {
                    return Err(IllegalMove::new(
                        Rule::R12,
                        format!(
                            "the chevron on {} meets yours on {}: name the field the meeting turns to your colour",
                            sk.to,
                            sk.to.offset(sk.travel, 1).map_or(String::new(), |f| f.to_string())
                        ),
                    )
                    .with_allowed(meeting_fields));
                }
                Some(Item::Connection) => {
                    return Err(IllegalMove::new(
                        Rule::R12,
                        "the meeting takes a field, not *",
                    ));
                }
                Some(Item::Field(f)) if meeting_fields.contains(f) => Some(f),
                Some(Item::Field(f)) => {
                    let why = if self.chevron_at(f).is_some() && f != sk.from || f == sk.to {
                        format!("{f} holds a chevron")
                    } else {
                        format!("{f} is already your colour")
                    };
                    return Err(IllegalMove::new(
                        Rule::R12,
                        format!("the meeting cannot take {f}: {why}"),
                    )
                    .with_allowed(meeting_fields));
                }
            }
        } else {
            None
        };
        if let Some(extra) = items.next() {
            if let Some(field) = meeting {
                // The only item was due for the meeting: `extra` is one too many.
                return Err(IllegalMove::new(
                    Rule::R12,
                    format!(
                        "this move's only item is the meeting field ({field}); {extra} is one item too many"
                    ),
                ));
            }
            return Err(self.extra_item(turn, sk, first, extra));
        }
        Ok(ResolvedMovement::new(sk, first, meeting))
    }

    fn crossing_rule(sk: &MovementSkeleton) -> Rule {
        if sk.transformation {
            Rule::R10
        } else {
            Rule::R4
        }
    }

    fn missing_first_item(&self, sk: &MovementSkeleton) -> IllegalMove {
        let land = sk.to.borderland();
        let candidates = field_list(sk.crossing_fields);
        if sk.connection_change_available() && sk.crossing_fields.any() {
            IllegalMove::new(
                Rule::R13,
                format!(
                    "this connection also crosses into borderland {land}: choose the connection change (*) or one crossing field: {candidates}"
                ),
            )
            .with_allowed(sk.crossing_fields)
        } else if sk.connection_change_available() {
            IllegalMove::new(
                Rule::R8,
                format!(
                    "the connection changes {} to your colour: write (*)",
                    field_list(sk.connection_fields)
                ),
            )
        } else if sk.transformation {
            IllegalMove::new(
                Rule::R10,
                format!(
                    "borderland {land} has no neutral field, so the crossing must transform one field; candidates {candidates}"
                ),
            )
            .with_allowed(sk.crossing_fields)
        } else {
            IllegalMove::new(
                Rule::R4,
                format!(
                    "the border crossing into borderland {land} must place a marker; candidates {candidates}"
                ),
            )
            .with_allowed(sk.crossing_fields)
        }
    }

    fn connection_not_allowed(&self, sk: &MovementSkeleton) -> IllegalMove {
        let (from, to) = (sk.from, sk.to);
        match sk.kind {
            MovementKind::Pincer => IllegalMove::new(
                Rule::R11,
                "a pincer is never a connection (its destination was not your colour at the start of the turn), so it takes no *",
            ),
            MovementKind::ConnectionJump => IllegalMove::new(
                Rule::R9,
                format!(
                    "{from}-{to} jumps over a chevron: a connection jump changes no field, so it takes no *"
                ),
            ),
            MovementKind::Connection => IllegalMove::new(
                Rule::R8,
                format!(
                    "every field between {from} and {to} is already yours, so the connection changes nothing and takes no *"
                ),
            ),
            MovementKind::Plain => IllegalMove::new(
                Rule::R8,
                format!(
                    "{from}-{to} is not a connection (it must travel two or more fields from your colour to your colour), so it takes no *"
                ),
            ),
        }
    }

    fn bad_crossing_field(&self, sk: &MovementSkeleton, f: Field) -> IllegalMove {
        let land = sk.to.borderland();
        if sk.crossing_fields.is_empty() {
            // Only the connection change is due.
            let why = if sk.crossing {
                format!(
                    "the crossing into borderland {land} gives nothing (no free neutral field), so "
                )
            } else {
                String::new()
            };
            return IllegalMove::new(
                Rule::R8,
                format!("{why}the connection change applies: write (*) instead of {f}"),
            );
        }
        let why = if !land.contains(f) {
            format!("{f} is not in borderland {land}")
        } else if self.chevron_at(f).is_some() && f != sk.to
            || (f == sk.to && sk.kind == MovementKind::Pincer)
        {
            format!("{f} holds a chevron")
        } else if sk.transformation {
            format!("{f} is already your colour")
        } else {
            format!("{f} is not neutral")
        };
        let rule = Self::crossing_rule(sk);
        let benefit = if sk.transformation {
            "transformation"
        } else {
            "marker"
        };
        IllegalMove::new(
            rule,
            format!(
                "the crossing {benefit} cannot go on {f}: {why}; candidates {}",
                field_list(sk.crossing_fields)
            ),
        )
        .with_allowed(sk.crossing_fields)
    }

    fn extra_item(
        &self,
        turn: &Turn,
        sk: &MovementSkeleton,
        first: Option<Item>,
        extra: Item,
    ) -> IllegalMove {
        let meeting_denied = self.meeting_denied_by_2011(turn, sk, first);
        let item_taken = first.is_some();
        match extra {
            Item::Connection if !item_taken => self.connection_not_allowed(sk),
            Item::Connection => IllegalMove::new(
                Rule::R13,
                "only one crossing or connection choice may be made; a second item can only be a meeting field",
            ),
            Item::Field(f) if meeting_denied => IllegalMove::new(
                Rule::R12,
                format!(
                    "under the 2011 rules this meeting gives no field ({f}): after this move's changes no other player's colour covers 9 or more fields"
                ),
            ),
            Item::Field(f) if !item_taken && sk.crossing => IllegalMove::new(
                Self::crossing_rule(sk),
                format!(
                    "the crossing into {} gives nothing (every neutral field there holds a chevron, or none can change), so it takes no field ({f})",
                    sk.to.borderland()
                ),
            ),
            Item::Field(f) if !item_taken => IllegalMove::new(
                Rule::R4,
                format!(
                    "{}-{} does not cross a border, change fields or make a meeting, so it takes no field ({f})",
                    sk.from, sk.to
                ),
            ),
            Item::Field(f) => IllegalMove::new(
                Rule::R12,
                format!("this move makes no meeting, so it takes no meeting field ({f})"),
            ),
        }
    }

    fn check_reorientation(&self, r: &Reorientation) -> Result<(), IllegalMove> {
        if !self.chevrons[self.to_move_slot()].contains(r.field) {
            return Err(self.not_own_chevron(r.field, Rule::R14));
        }
        let needed = r.rotation.returned_count();
        let given = r.returned.count();
        if given != needed {
            let degrees = if needed == 2 { 45 } else { 90 };
            return Err(IllegalMove::new(
                Rule::R14,
                format!(
                    "a {degrees}-degree reorientation returns exactly {needed} of your fields to neutral, not {given}"
                ),
            ));
        }
        let me = self.to_move_slot();
        let not_own = r.returned - self.fields[me];
        if let Some(f) = not_own.first() {
            return Err(IllegalMove::new(
                Rule::R14,
                format!("{f} is not your colour; only your own fields can be returned"),
            ));
        }
        if let Some(f) = (r.returned & self.occupied()).first() {
            return Err(IllegalMove::new(
                Rule::R14,
                format!("{f} holds a chevron; a field with a chevron cannot be changed"),
            ));
        }
        // R14 allows a reorientation only to a player who could make a movement
        // instead: in a settled position that is not finished, the player to
        // move always can (the caller has checked R16).
        debug_assert!(self.has_legal_movement(me));
        Ok(())
    }
}
