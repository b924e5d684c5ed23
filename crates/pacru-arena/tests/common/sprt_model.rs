//! A model of matches for simulating the SPRT: game pairs between engines of a
//! known Elo difference, drawn from a seeded generator.

use pacru_arena::sprt::{Pentanomial, Sprt, Verdict, expected_score};
use pacru_core::SplitMix64;

/// A uniform number in [0, 1) from the top 53 bits of the core's generator.
fn uniform(rng: &mut SplitMix64) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Engines `elo` apart: each game a draw with chance `draws`, otherwise won by
/// the first engine with the chance that gives it the logistic expected score,
/// plus `seat` when it moves first and minus `seat` when it moves second (the
/// seat advantage cancels within a pair).
#[derive(Clone, Copy, Debug)]
pub struct Model {
    pub elo: f64,
    pub draws: f64,
    pub seat: f64,
}

impl Model {
    /// The first engine's points in one game.
    fn game(&self, rng: &mut SplitMix64, first_seat: bool) -> f64 {
        let shift = if first_seat { self.seat } else { -self.seat };
        let score =
            (expected_score(self.elo) + shift).clamp(self.draws / 2.0, 1.0 - self.draws / 2.0);
        let win = score - self.draws / 2.0;
        let r = uniform(rng);
        if r < win {
            1.0
        } else if r < win + self.draws {
            0.5
        } else {
            0.0
        }
    }

    /// Plays pairs until `sprt` decides; its verdict and the pairs played.
    pub fn run(&self, sprt: &Sprt, rng: &mut SplitMix64) -> (Verdict, u64) {
        let mut pairs = Pentanomial::default();
        loop {
            pairs.add(self.game(rng, true) + self.game(rng, false));
            if let Some(verdict) = sprt.verdict(sprt.llr(&pairs)) {
                return (verdict, pairs.pairs());
            }
        }
    }

    /// Runs `runs` tests; the share that accepted H1 and the mean number of pairs.
    pub fn share_of_h1(&self, sprt: &Sprt, runs: u32, seed: u64) -> (f64, f64) {
        let mut rng = SplitMix64::new(seed);
        let (mut h1, mut pairs) = (0u32, 0u64);
        for _ in 0..runs {
            let (verdict, n) = self.run(sprt, &mut rng);
            h1 += u32::from(verdict == Verdict::H1);
            pairs += n;
        }
        (
            f64::from(h1) / f64::from(runs),
            pairs as f64 / f64::from(runs),
        )
    }
}
