//! Reads a PGR file many times, for profiling the reader:
//! `cargo run --release -p pacru-referee --example read_speed -- FILE [ROUNDS] [check|stream]`
//! (`check`: read `Game`s and referee them; `stream`: referee with `Checker`);
//! `... -- --generate FILE GAMES` writes a corpus of random games first.

use pacru_notation::pgr::Reader;
use pacru_notation::test_support::bench_corpus;
use pacru_referee::Checker;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("usage: read_speed FILE [ROUNDS] [check|stream]");
    if path == "--generate" {
        let file = args.next().expect("FILE");
        let games: usize = args.next().map_or(1000, |g| g.parse().expect("GAMES"));
        std::fs::write(&file, bench_corpus(games, 160)).expect("writable file");
        return;
    }
    let rounds: usize = args.next().map_or(20, |r| r.parse().expect("ROUNDS"));
    let mode = args.next().unwrap_or_default();
    let check = mode == "check";
    let bytes = std::fs::read(&path).expect("readable file");
    let start = Instant::now();
    let mut plies = 0;
    for _ in 0..rounds {
        if mode == "stream" {
            let mut reader = Reader::new(&bytes[..]);
            let mut checker = Checker::new();
            while let Some(v) = reader.read_with(&mut checker).expect("well-formed record") {
                plies += v.plies;
            }
            continue;
        }
        for (i, game) in Reader::new(&bytes[..]).enumerate() {
            let game = game.expect("well-formed record");
            if check {
                plies += Checker::new().check_game(&game, i + 1).plies;
            } else {
                plies += game.moves.len();
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let mib = (bytes.len() * rounds) as f64 / (1024.0 * 1024.0);
    println!(
        "{plies} plies, {mib:.1} MiB in {secs:.3} s: {:.1} MiB/s",
        mib / secs
    );
}
