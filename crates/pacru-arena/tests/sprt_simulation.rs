//! The SPRT's error rates by simulation: for engines exactly `elo0` apart, the
//! share of tests that accept H1 is alpha; exactly `elo1` apart, it is 1 - beta;
//! each within the simulation's error.

mod common;

use common::sprt_model::Model;
use pacru_arena::sprt::Sprt;

const RUNS: u32 = 1000;

/// Whether `share`, observed in `RUNS` tests, agrees with the chance `p`: within
/// four standard errors of a binomial share.
fn agrees(share: f64, p: f64) -> bool {
    let error = (p * (1.0 - p) / f64::from(RUNS)).sqrt();
    (share - p).abs() <= 4.0 * error
}

#[test]
fn the_error_rates_are_alpha_and_beta() {
    for (sprt, seed) in [
        (Sprt::new(0.0, 50.0, 0.05, 0.05).unwrap(), 1),
        (Sprt::new(-10.0, 40.0, 0.05, 0.10).unwrap(), 2),
    ] {
        for (elo, expected) in [(sprt.elo0, sprt.alpha), (sprt.elo1, 1.0 - sprt.beta)] {
            let model = Model {
                elo,
                draws: 0.1,
                seat: 0.05,
            };
            let (share, pairs) = model.share_of_h1(&sprt, RUNS, seed);
            assert!(
                agrees(share, expected),
                "{sprt}: at {elo} Elo, {share} of the tests accepted H1 ({pairs} pairs on average), expected {expected}"
            );
        }
    }
}
