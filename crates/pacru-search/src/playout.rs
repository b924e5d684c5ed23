//! Informed playouts: mostly the move that gains the most fields at once, now and
//! then a random one, for a few plies.

use crate::candidates::{meeting_choice, strongest_opponent};
use pacru_core::{Bitboard, Item, Move, MovementKind, MovementSkeleton, Position, SplitMix64};

/// What a captured chevron is worth to the playout policy, in fields.
const CAPTURE_VALUE: i32 = 3;

/// Plays up to `plies` moves from `position` (left where play stopped): with
/// probability `random_percent`/100 a random move ([`Position::random_move`]),
/// otherwise [`greedy_playout_move`]. Stops early when the game ends.
pub(crate) fn playout(
    position: &mut Position,
    rng: &mut SplitMix64,
    plies: u32,
    random_percent: u32,
) {
    for _ in 0..plies {
        if position.is_finished() {
            return;
        }
        let mv = if rng.below(100) < u64::from(random_percent) {
            position.random_move(rng)
        } else {
            greedy_playout_move(position, rng)
        };
        match mv {
            Some(mv) => position.play_unchecked(&mv),
            None => return,
        }
    }
}

/// The best first item of a skeleton and the fields it gains for the policy: the
/// connection change or the crossing field worth most (a field taken from an
/// opponent counts twice), with ties among crossing fields broken at random.
fn best_first(
    sk: &MovementSkeleton,
    opponents: Bitboard,
    rng: &mut SplitMix64,
) -> (Option<Item>, i32) {
    if !sk.needs_first_item() {
        return (None, 0);
    }
    let connection = sk.connection_fields().count() as i32;
    let stolen = sk.crossing_fields() & opponents;
    let (pool, crossing) = if stolen.any() {
        (stolen, 2)
    } else {
        (sk.crossing_fields(), i32::from(sk.crossing_fields().any()))
    };
    if connection >= crossing && connection > 0 {
        return (Some(Item::Connection), connection);
    }
    let n = pool.count();
    let field = pool.iter().nth(rng.below(u64::from(n)) as usize);
    (field.map(Item::Field), crossing)
}

/// A quick one-ply greedy move for playouts, judged from the skeleton alone (no
/// move is played to judge it): fields gained by the connection change or crossing,
/// a capture, and a meeting field; ties broken at random. `None` when the game is over.
pub(crate) fn greedy_playout_move(position: &Position, rng: &mut SplitMix64) -> Option<Move> {
    let me = position.to_move();
    let opponents = position
        .players()
        .iter()
        .filter(|&c| c != me)
        .fold(Bitboard::EMPTY, |acc, c| acc | position.fields_of(c));
    let mut best: Option<(MovementSkeleton, Option<Item>)> = None;
    let mut best_score = i32::MIN;
    let mut ties = 0u64;
    // Walked by reference: a `for` over the iterator itself copies it (some
    // 300 bytes) on every call, 2% of a search's instructions.
    let mut skeletons = position.movement_skeletons();
    for sk in skeletons.by_ref() {
        let (first, gain) = best_first(&sk, opponents, rng);
        let mut score = gain * 4;
        if sk.kind() == MovementKind::Pincer {
            score += CAPTURE_VALUE * 4;
        }
        if score > best_score {
            best_score = score;
            best = Some((sk, first));
            ties = 1;
        } else if score == best_score {
            // Reservoir sampling among equal moves.
            ties += 1;
            if rng.below(ties) == 0 {
                best = Some((sk, first));
            }
        }
    }
    let (sk, first) = best?;
    let fields = position.meeting_fields(&sk, first);
    // Most moves meet nobody: the strongest opponent is looked for only for a meeting.
    let meeting = if fields.any() {
        meeting_choice(position, fields, strongest_opponent(position))
    } else {
        None
    };
    Some(sk.complete(first, meeting))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playout_moves_are_legal() {
        for seed in 0..30u64 {
            let players = 2 + (seed % 3) as usize;
            let mut pos = Position::standard(players).unwrap();
            let mut rng = SplitMix64::new(seed);
            for _ in 0..400 {
                let Some(mv) = greedy_playout_move(&pos, &mut rng) else {
                    break;
                };
                pos = pos.play(&mv).expect("playout moves are legal");
                if rng.below(3) == 0
                    && let Some(mv) = pos.random_move(&mut rng)
                {
                    pos.play_unchecked(&mv);
                }
            }
        }
    }
}
