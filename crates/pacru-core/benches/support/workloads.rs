//! Workloads shared by the `core` and `public` benchmarks and the `workload`
//! example, written on the public API as a bot author would.

use pacru_core::{Move, Position, SplitMix64};

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

/// Perft without bulk counting: every legal move generated, cloned and applied,
/// the leaves included. Returns the number of leaves and adds the number of moves
/// applied to `applied`.
#[allow(dead_code)]
pub fn perft_nobulk(pos: &Position, depth: u32, applied: &mut u64) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut leaves = 0;
    for mv in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(&mv);
        *applied += 1;
        leaves += perft_nobulk(&next, depth - 1, applied);
    }
    leaves
}
