//! Simulations per second of the search on one thread:
//! `cargo run --release -p pacru-search --example speed -- [SIMULATIONS]`.
//!
//! Searches the standard start and a middle-game position (30 random plies in)
//! for 2, 3 and 4 players with a fixed budget, and prints simulations per second
//! of wall time and, on Linux, of the thread's CPU time (from
//! `/proc/thread-self/schedstat`), which a busy machine does not inflate.

use pacru_core::{Position, SplitMix64};
use pacru_search::{Limits, SearchConfig, Searcher};
use std::time::Instant;

/// The thread's CPU time in nanoseconds, if the system says.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn main() {
    let simulations: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    println!("position              simulations   wall s   sims/s (wall)   sims/s (CPU)   depth");
    for players in 2..=4 {
        for plies in [0, 30] {
            let mut pos = Position::standard(players).unwrap();
            let mut rng = SplitMix64::new(players as u64);
            for _ in 0..plies {
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                pos.play_unchecked(&mv);
            }
            let searcher = Searcher::new(SearchConfig::default());
            let limits = Limits {
                simulations: Some(simulations),
                time: None,
            };
            let (wall, cpu) = (Instant::now(), cpu_ns());
            let result = searcher.search(&pos, limits, &|| false, &mut |_| {});
            let secs = wall.elapsed().as_secs_f64();
            let cpu_secs = cpu
                .zip(cpu_ns())
                .map(|(a, b)| (b - a) as f64 / 1e9)
                .unwrap_or(f64::NAN);
            println!(
                "{players} players, ply {plies:<3}  {:>11}   {secs:>6.2}   {:>13.0}   {:>12.0}   {:>5}",
                result.simulations,
                result.simulations as f64 / secs,
                result.simulations as f64 / cpu_secs,
                result.depth
            );
        }
    }
}
