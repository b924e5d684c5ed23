//! The moves the search considers in a position.

use pacru_core::{Bitboard, Colour, Field, Item, Move, MovementSkeleton, Position};

/// The moves the tree search chooses between in `position`, written to `out`
/// (cleared first): every movement skeleton with every first item (each crossing
/// field and `*`), each with one meeting field where the move makes a meeting: a
/// field of the opponent with the most fields if possible, else the lowest one.
///
/// Reorientations are left out: they only return fields to neutral, and a player
/// who may reorient always has a movement too. If the position has no movement
/// (only in a finished game) the list stays empty.
pub fn candidate_moves(position: &Position, out: &mut Vec<Move>) {
    out.clear();
    if position.is_finished() {
        return;
    }
    let strongest = strongest_opponent(position);
    // Walked by reference, so that the iterator is not copied (see
    // `greedy_playout_move`).
    let mut skeletons = position.movement_skeletons();
    for sk in skeletons.by_ref() {
        if sk.needs_first_item() {
            for first in sk.first_items() {
                out.push(complete(position, &sk, Some(first), strongest));
            }
        } else {
            out.push(complete(position, &sk, None, strongest));
        }
    }
}

/// The skeleton completed with `first` and a meeting field, if the move earns one.
pub(crate) fn complete(
    position: &Position,
    sk: &MovementSkeleton,
    first: Option<Item>,
    strongest: Option<Colour>,
) -> Move {
    let fields = position.meeting_fields(sk, first);
    let meeting = meeting_choice(position, fields, strongest);
    sk.complete(first, meeting)
}

/// The opponent with the most fields on the board (ties: earlier in order of play).
pub(crate) fn strongest_opponent(position: &Position) -> Option<Colour> {
    let me = position.to_move();
    let mut best: Option<(Colour, u32)> = None;
    for colour in position.players().iter().filter(|&c| c != me) {
        let count = position.field_count(colour);
        if best.is_none_or(|(_, c)| count > c) {
            best = Some((colour, count));
        }
    }
    best.map(|(colour, _)| colour)
}

/// The meeting field to take among `fields` (the fields the meeting may take): a
/// field of the strongest opponent if there is one (it costs them a field), else
/// the lowest neutral field. `None` when `fields` is empty.
pub(crate) fn meeting_choice(
    position: &Position,
    fields: Bitboard,
    strongest: Option<Colour>,
) -> Option<Field> {
    if fields.is_empty() {
        return None;
    }
    if let Some(field) = strongest.and_then(|o| (fields & position.fields_of(o)).first()) {
        return Some(field);
    }
    fields.first()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pacru_core::{RulesEdition, SplitMix64};

    /// Every candidate is legal, and every legal movement's origin, destination and
    /// kind is among the candidates.
    #[test]
    fn candidates_are_legal_and_cover_the_movements() {
        let mut out = Vec::new();
        for seed in 0..12u64 {
            let players = 2 + (seed % 3) as usize;
            let mut pos = Position::standard(players).unwrap();
            if seed % 2 == 1 {
                pos = pos.with_rules(RulesEdition::Pacru2011);
            }
            let mut rng = SplitMix64::new(seed);
            for _ in 0..120 {
                if pos.is_finished() {
                    break;
                }
                candidate_moves(&pos, &mut out);
                assert!(!out.is_empty());
                for mv in &out {
                    assert!(pos.play(mv).is_ok(), "{mv:?} in {seed}");
                }
                for mv in pos.legal_moves() {
                    if let Move::Movement(m) = &mv {
                        let found = out.iter().any(|c| match c {
                            Move::Movement(c) => {
                                c.from == m.from && c.to == m.to && c.pincer == m.pincer
                            }
                            _ => false,
                        });
                        assert!(found, "{mv} has no candidate");
                    }
                }
                let mv = pos.random_move(&mut rng).unwrap();
                pos.play_unchecked(&mv);
            }
        }
    }
}
