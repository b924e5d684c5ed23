//! Recording a random game, shared by the `core` benchmark and the `workload`
//! example.

use pacru_core::{Move, Position, SplitMix64};

/// The moves of the random game (`Position::random_move`, seeded with `seed`)
/// played from `start` to its end.
pub fn random_game(start: &Position, seed: u64) -> Vec<Move> {
    let mut pos = start.clone();
    let mut rng = SplitMix64::new(seed);
    let mut moves = Vec::new();
    while let Some(mv) = pos.random_move(&mut rng) {
        pos.play_unchecked(&mv);
        moves.push(mv);
    }
    moves
}
