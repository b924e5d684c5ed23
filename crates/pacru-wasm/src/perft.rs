//! Perft, the count of move sequences: with bulk counting at the last ply
//! ([`Position::perft`], the fast way), or with every move applied, the last
//! ply's too (the way that also exercises playing moves, and the usual yardstick
//! of a move generator's speed).

use pacru_core::Position;

/// The deepest perft the package counts. A count this deep would take longer than
/// anyone waits (the 2-player start has 16,168 sequences of 3 moves); the limit
/// keeps the recursion within the module's fixed stack.
pub const MAX_DEPTH: u64 = 30;

/// The number of move sequences of length `depth` from `position`, each move
/// generated, cloned into a new position and applied: the same count as
/// [`Position::perft`], the slow way.
///
/// ```
/// use pacru_core::Position;
/// use pacru_wasm::perft::perft_applying;
/// let start = Position::standard(2).unwrap();
/// assert_eq!(perft_applying(&start, 2), start.perft(2));
/// ```
pub fn perft_applying(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    position
        .legal_moves()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(&mv);
            perft_applying(&child, depth - 1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pacru_core::SplitMix64;

    #[test]
    fn both_ways_count_the_same() {
        let mut rng = SplitMix64::new(5);
        for players in 2..=4 {
            let mut position = Position::standard(players).unwrap();
            for _ in 0..25 {
                for depth in 0..=2 {
                    assert_eq!(
                        perft_applying(&position, depth),
                        position.perft(depth),
                        "{} depth {depth}",
                        position.to_ppn()
                    );
                }
                match position.random_move(&mut rng) {
                    Some(mv) => position.play_unchecked(&mv),
                    None => break,
                }
            }
        }
    }
}
