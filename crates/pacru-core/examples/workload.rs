//! A fixed workload for instruction counting (`valgrind --tool=callgrind`), which
//! is repeatable on a busy machine where wall-clock benchmarks are not:
//! `cargo build --release -p pacru-core --example workload` then
//! `valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/workload playout`.
//! An optional second argument sets the number of playout games (default 200).

#[path = "../benches/support/workloads.rs"]
mod workloads;

use pacru_core::{Position, SplitMix64};
use workloads::{perft_nobulk, random_game, random_playout};

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let games: u64 = std::env::args()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    match which.as_str() {
        "playout" => {
            let mut plies = 0u64;
            for seed in 0..games {
                let mut pos = Position::standard(2 + (seed % 3) as usize).expect("start");
                plies += u64::from(random_playout(
                    &mut pos,
                    &mut SplitMix64::new(seed),
                    u32::MAX,
                ));
            }
            println!("plies {plies}");
        }
        "validate" => {
            // Record random games, then validate and apply every move again
            // (`try_play`), as a referee replaying records does.
            let mut records = Vec::new();
            for seed in 0..games {
                let start = Position::standard(2 + (seed % 3) as usize).expect("start");
                let moves = random_game(&start, seed);
                records.push((start, moves));
            }
            let mut plies = 0u64;
            for (start, moves) in &records {
                let mut pos = start.clone();
                for mv in moves {
                    pos.try_play(mv).expect("recorded moves are legal");
                    plies += 1;
                }
            }
            println!("plies {plies}");
        }
        "perft" => {
            let pos = Position::standard(2).expect("start");
            println!("leaves {}", perft_nobulk(&pos, 4));
        }
        _ => eprintln!("usage: workload playout [GAMES] | validate [GAMES] | perft"),
    }
}
