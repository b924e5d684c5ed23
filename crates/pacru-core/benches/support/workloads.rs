//! Workloads shared by the `core` and `public` benchmarks and the `workload`
//! example, written on the public API as a bot author would.

use pacru_core::{Move, PerftCounting, Position, SplitMix64};

/// The moves of the random game (`Position::random_move`, seeded with `seed`)
/// played from `start` to its end.
#[allow(dead_code)]
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

/// Plays random moves on `pos` until the game ends or `max_plies` moves were
/// made; returns the number of moves made.
#[allow(dead_code)]
pub fn random_playout(pos: &mut Position, rng: &mut SplitMix64, max_plies: u32) -> u32 {
    let mut plies = 0;
    while plies < max_plies {
        let Some(mv) = pos.random_move(rng) else {
            break;
        };
        pos.play_unchecked(&mv);
        plies += 1;
    }
    plies
}

/// Perft without bulk counting, the core's [`PerftCounting::PlayEveryMove`]:
/// every legal move generated, cloned and applied, the leaves included. Returns
/// the number of leaves.
#[allow(dead_code)]
pub fn perft_nobulk(pos: &Position, depth: u32) -> u64 {
    pos.perft_counting(depth, PerftCounting::PlayEveryMove)
}

/// The number of moves [`perft_nobulk`] applies: the move sequences of every
/// length from 1 to `depth`.
#[allow(dead_code)]
pub fn moves_applied(pos: &Position, depth: u32) -> u64 {
    (1..=depth).map(|d| pos.perft(d)).sum()
}
