//! The SPRT's error rates and lengths by simulation, for `docs/engines.md`:
//! `cargo run --release -p pacru-arena --example sprt_simulation [RUNS]`.
//!
//! For each test setting and each true Elo difference, plays RUNS simulated
//! tests (game pairs of engines that far apart, 10% draws, a seat advantage of
//! 0.05) and prints the share that accepted H1 and the mean number of pairs.

#[path = "../tests/common/sprt_model.rs"]
mod sprt_model;

use pacru_arena::sprt::Sprt;
use sprt_model::Model;

fn main() {
    let runs: u32 = std::env::args()
        .nth(1)
        .map_or(10_000, |r| r.parse().expect("RUNS is a whole number"));
    println!(
        "| test (elo0, elo1, alpha, beta) | true Elo difference | tests accepting H1 | expected | pairs on average |"
    );
    println!("|---|---|---|---|---|");
    for sprt in [
        Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap(),
        Sprt::new(0.0, 50.0, 0.05, 0.05).unwrap(),
        Sprt::new(-10.0, 40.0, 0.05, 0.10).unwrap(),
    ] {
        let middle = (sprt.elo0 + sprt.elo1) / 2.0;
        for (seed, elo) in [sprt.elo0, middle, sprt.elo1].into_iter().enumerate() {
            let model = Model {
                elo,
                draws: 0.1,
                seat: 0.05,
            };
            let (share, pairs) = model.share_of_h1(&sprt, runs, seed as u64 + 1);
            let expected = if elo == sprt.elo0 {
                format!("{:.3} (alpha)", sprt.alpha)
            } else if elo == sprt.elo1 {
                format!("{:.3} (1 - beta)", 1.0 - sprt.beta)
            } else {
                "-".to_owned()
            };
            let error = (share * (1.0 - share) / f64::from(runs)).sqrt();
            println!("| {sprt} | {elo} | {share:.3} ± {error:.3} | {expected} | {pairs:.0} |",);
        }
    }
}
