//! The usual movement validated without building any message: most moves of a
//! record are plain steps or slides, some with a crossing marker or a
//! connection change. Anything else, legal or not, goes to the full check, which
//! decides and explains; in debug builds every quick answer is compared with it.

use crate::geometry::{between, line};
use crate::skeleton::{MovementKind, MovementSkeleton, crossing_candidates};
use crate::turn::Turn;
use crate::validate::ResolvedMovement;
use crate::{Direction, Field, Item, Movement, Position};

impl Position {
    /// Resolves `m` if it is a legal movement that is not a pincer, jumps no
    /// chevron and cannot make a meeting; `None` for every other move, legal or
    /// not. The game is assumed not to be over (the caller checks R16 first).
    #[inline]
    pub(crate) fn resolve_usual_movement(&self, m: &Movement) -> Option<ResolvedMovement> {
        if m.pincer || m.items.surplus_items().is_some() {
            return None;
        }
        let me = self.to_move_slot();
        let (from, to) = (m.from, m.to);
        if !self.chevrons[me].contains(from) {
            return None;
        }
        // No line for `from == to` either.
        let (travel, distance) = line(from, to)?;
        if !self.small.facing.get(from).allows_travel(travel) {
            return None;
        }
        if distance == 1 {
            return self.resolve_step(m, me, from, to, travel);
        }
        let turn = Turn::new(self, me);
        if distance > turn.power(from) {
            return None;
        }
        let path = between(from, to, travel);
        if (path & turn.occupied).any() || !turn.landing.contains(to) {
            return None;
        }
        // A chevron of ours on our colour facing back at the destination could
        // make a meeting.
        if self.meeting_partner_at(&turn, to, travel) {
            return None;
        }
        let connection = distance >= 2 && turn.own.contains(from) && turn.own.contains(to);
        let kind = if connection {
            MovementKind::Connection
        } else {
            MovementKind::Plain
        };
        let skeleton = self.build_skeleton(&turn, from, to, travel, distance, kind);
        resolve_items(m, skeleton)
    }

    /// [`Position::resolve_usual_movement`] for a step, the commonest movement:
    /// `me`'s chevron on `from` travels `travel` to the adjacent field `to`,
    /// which it faces. Nothing lies between and no step is a connection, so it
    /// is legal when `to` is free and not another player's colour and its items
    /// are right: none, or one of the crossing's candidates when it crosses into
    /// another borderland and the crossing has a benefit. `None` when a partner
    /// of `me` faces back from beyond `to` (a meeting, left to the full check).
    #[inline]
    fn resolve_step(
        &self,
        m: &Movement,
        me: usize,
        from: Field,
        to: Field,
        travel: Direction,
    ) -> Option<ResolvedMovement> {
        let own = self.fields[me];
        let occupied = self.unions.occupied;
        let coloured = self.coloured();
        // `to` must be a landing field (see `landing_fields`): tested as one
        // field, not as a set.
        if occupied.contains(to) || (!own.contains(to) && coloured.contains(to)) {
            return None;
        }
        if self.partner_faces_back(self.chevrons[me] & own, to, travel) {
            return None;
        }
        let land = to.borderland_index();
        if from.borderland_index() == land {
            // No crossing: no item.
            return match m.items.stored() {
                [None, None] => Some(step_resolved(from, to, travel, false, None)),
                _ => None,
            };
        }
        // A crossing into another borderland: its marker is one of the
        // candidates of `crossing_candidates`, tested as one field; the set is
        // built only to see that none is due, or for a transformation.
        match m.items.stored() {
            [Some(Item::Field(f)), None] => {
                if f.borderland_index() != land {
                    return None;
                }
                if !coloured.contains(f) {
                    // `f` is a neutral field of the borderland, so the crossing
                    // places a marker (not a transformation) and `f` is a
                    // candidate unless a chevron stands on it after the step:
                    // `from` lies in another borderland.
                    if f != to && occupied.contains(f) {
                        return None;
                    }
                    return Some(step_resolved(from, to, travel, false, Some(Item::Field(f))));
                }
                let (transformation, candidates) =
                    crossing_candidates(own, coloured, occupied, from, to, false);
                candidates
                    .contains(f)
                    .then(|| step_resolved(from, to, travel, transformation, Some(Item::Field(f))))
            }
            [None, None] => {
                let (transformation, candidates) =
                    crossing_candidates(own, coloured, occupied, from, to, false);
                candidates
                    .is_empty()
                    .then(|| step_resolved(from, to, travel, transformation, None))
            }
            _ => None,
        }
    }
}

/// A step resolved: a plain movement of one field that makes no meeting.
#[inline]
fn step_resolved(
    from: Field,
    to: Field,
    travel: Direction,
    transformation: bool,
    first: Option<Item>,
) -> ResolvedMovement {
    ResolvedMovement {
        from,
        to,
        travel,
        distance: 1,
        kind: MovementKind::Plain,
        transformation,
        first,
        meeting: None,
    }
}

/// `m`, a movement that makes no meeting, resolved as `skeleton` if its items
/// are right: the one first item the skeleton needs (the connection change or a
/// crossing candidate) or none when it needs none, and nothing after it.
#[inline]
fn resolve_items(m: &Movement, skeleton: MovementSkeleton) -> Option<ResolvedMovement> {
    let first = match m.items.get(0) {
        None if !skeleton.needs_first_item() => None,
        Some(Item::Connection) if skeleton.connection_change_available() => Some(Item::Connection),
        Some(Item::Field(f)) if skeleton.crossing_fields.contains(f) => Some(Item::Field(f)),
        _ => return None,
    };
    if m.items.get(1).is_some() {
        return None;
    }
    Some(ResolvedMovement::new(&skeleton, first, None))
}

#[cfg(test)]
mod tests {
    use crate::{Move, Position, RulesEdition, SplitMix64};

    /// Over the positions of random games: every movement the quick path
    /// resolves is resolved exactly as the full check does, every movement it
    /// declines is a pincer, a jump, a possible meeting or not legal, and it
    /// takes most of the legal movements.
    #[test]
    fn the_quick_path_agrees_with_the_full_check() {
        let (mut quick, mut legal) = (0usize, 0usize);
        for seed in 0..40u64 {
            let players = 2 + (seed % 3) as usize;
            let mut pos = Position::standard(players).unwrap();
            if seed % 2 == 1 {
                pos = pos.with_rules(RulesEdition::Pacru2011);
            }
            let mut rng = SplitMix64::new(seed);
            while let Some(next) = pos.random_move(&mut rng) {
                for mv in pos.legal_moves() {
                    let Move::Movement(m) = &mv else { continue };
                    legal += 1;
                    let full = pos.check_movement(m).expect("generated moves are legal");
                    match pos.resolve_usual_movement(m) {
                        Some(resolved) => {
                            quick += 1;
                            assert_eq!(resolved, full, "{mv}");
                        }
                        None => assert!(
                            m.pincer
                                || full.meeting.is_some()
                                || full.kind == crate::MovementKind::ConnectionJump
                                || pos.meeting_partner_at(
                                    &crate::turn::Turn::new(&pos, pos.to_move_slot()),
                                    m.to,
                                    full.travel
                                ),
                            "{mv} declined"
                        ),
                    }
                    // The same movement with its items disturbed is never taken
                    // unless the full check takes it too.
                    let mut other = m.clone();
                    other.items = crate::Items::NONE;
                    if let Some(resolved) = pos.resolve_usual_movement(&other) {
                        assert_eq!(pos.check_movement(&other).ok(), Some(resolved), "{other:?}");
                    }
                }
                // Every field as the only item of every legal movement, now and
                // then: the quick path takes a crossing marker only where the full
                // check takes it, and resolves it alike.
                if rng.next_u64().is_multiple_of(4) {
                    for mv in pos.legal_moves() {
                        let Move::Movement(m) = &mv else { continue };
                        for f in crate::Field::all() {
                            let mut other = m.clone();
                            other.items = crate::Items::one(crate::Item::Field(f));
                            if let Some(resolved) = pos.resolve_usual_movement(&other) {
                                assert_eq!(
                                    pos.check_movement(&other).ok(),
                                    Some(resolved),
                                    "{other:?}"
                                );
                            }
                        }
                    }
                }
                // Every destination for every chevron of the mover, now and then.
                if rng.next_u64().is_multiple_of(4) {
                    let me = pos.to_move_slot();
                    for from in pos.chevrons[me] {
                        for to in crate::Field::all() {
                            let m = crate::Movement {
                                from,
                                to,
                                pincer: false,
                                items: crate::Items::NONE,
                            };
                            if let Some(resolved) = pos.resolve_usual_movement(&m) {
                                assert_eq!(pos.check_movement(&m).ok(), Some(resolved), "{m:?}");
                            }
                        }
                    }
                }
                pos.play_unchecked(&next);
            }
        }
        assert!(quick * 10 > legal * 8, "{quick} of {legal} taken quickly");
    }
}
