//! Perft: counting move sequences, the standard check of a move generator.

use crate::{Move, Position};

impl Position {
    /// The number of move sequences of length `depth` from here (every complete move
    /// counted; resignation not). Uses bulk counting at the last level.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.legal_move_count(),
            _ => self
                .legal_moves()
                .map(|mv| {
                    let mut child = self.clone();
                    child.play_unchecked(&mv);
                    child.perft(depth - 1)
                })
                .sum(),
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
