//! Perft: counting move sequences, the standard check of a move generator.

use crate::{Move, Position};

/// How [`Position::perft_counting`] counts the last ply.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum PerftCounting {
    /// The last ply's moves are counted without being played (bulk counting):
    /// the fast way, and what [`Position::perft`] does.
    #[default]
    Bulk,
    /// Every move is generated, cloned into a new position and played, the last
    /// ply's too: the same count, more slowly; the usual yardstick of the speed of
    /// move generation and application.
    PlayEveryMove,
}

impl Position {
    /// The number of move sequences of length `depth` from here (every complete move
    /// counted; resignation not). Uses bulk counting at the last level.
    ///
    /// ```
    /// use pacru_core::{PerftCounting, Position};
    /// let start = Position::standard(2).unwrap();
    /// assert_eq!(start.perft(2), 734);
    /// assert_eq!(start.perft_counting(2, PerftCounting::PlayEveryMove), 734);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        self.perft_counting(depth, PerftCounting::Bulk)
    }

    /// [`Position::perft`], counting the last ply as `counting` says: the count
    /// is the same either way.
    pub fn perft_counting(&self, depth: u32, counting: PerftCounting) -> u64 {
        match (depth, counting) {
            (0, _) => 1,
            (1, PerftCounting::Bulk) => self.legal_move_count(),
            _ => {
                let mut moves = self.legal_moves();
                let mut count = 0;
                loop {
                    // The move is read where the iterator wrote it: moved out of
                    // the `Option`, WebAssembly copied it 8 bytes at a time right
                    // after its fields' 1-byte writes, a copy that waited for them.
                    let next = moves.next();
                    let Some(mv) = &next else { break count };
                    let mut child = self.clone();
                    child.play_unchecked(mv);
                    count += child.perft_counting(depth - 1, counting);
                }
            }
        }
    }

    /// Perft split by first move: each legal move with the count below it, in the
    /// order of [`Position::sorted_legal_moves`] (as `pacru perft --divide` prints them).
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        self.sorted_legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = self.clone();
                child.play_unchecked(&mv);
                (mv, child.perft(depth - 1))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::{PerftCounting, Position, SplitMix64};

    #[test]
    fn both_countings_count_the_same() {
        let mut rng = SplitMix64::new(5);
        for players in 2..=4 {
            let mut position = Position::standard(players).unwrap();
            for _ in 0..25 {
                for depth in 0..=2 {
                    assert_eq!(
                        position.perft_counting(depth, PerftCounting::PlayEveryMove),
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
