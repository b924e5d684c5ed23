//! Helpers shared by the integration tests: deterministic random play.
#![allow(dead_code)]

use pacru_core::{Move, Position};

/// A small deterministic generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Plays up to `max_plies` random legal moves from `start`: mostly movements,
/// sometimes a reorientation, rarely a resignation. Returns the moves.
pub fn random_moves(start: &Position, rng: &mut Rng, max_plies: usize) -> Vec<Move> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    while moves.len() < max_plies && !pos.is_finished() {
        let legal: Vec<Move> = pos.legal_moves().collect();
        if legal.is_empty() {
            break;
        }
        let roll = rng.below(100);
        let mv = if roll == 0 {
            Move::Resign
        } else {
            let reorientations: Vec<&Move> = legal
                .iter()
                .filter(|m| matches!(m, Move::Reorientation(_)))
                .collect();
            let movements: Vec<&Move> = legal
                .iter()
                .filter(|m| matches!(m, Move::Movement(_)))
                .collect();
            if roll < 8 && !reorientations.is_empty() || movements.is_empty() {
                reorientations[rng.below(reorientations.len())].clone()
            } else {
                movements[rng.below(movements.len())].clone()
            }
        };
        pos = pos.play(&mv).expect("generated moves are legal");
        moves.push(mv);
    }
    moves
}
