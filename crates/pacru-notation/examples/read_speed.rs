//! Reads a PGR file many times, for profiling the reader:
//! `cargo run --release -p pacru-notation --example read_speed -- FILE [ROUNDS] [check|stream]`
//! (`check`: read `Game`s and referee them; `stream`: referee with `Checker`);
//! `... -- --generate FILE GAMES` writes a corpus of random games first.

use pacru_core::{Move, Position};
use pacru_notation::pgr::{Game, Reader, Tags, write_games};
use pacru_notation::referee::{Checker, check_game};
use std::time::Instant;

/// Random games (2 to 4 players, 160 plies at most), canonically written.
fn generate(games: usize) -> String {
    let mut state: u64 = 0x5EED_1234_ABCD_0001;
    let mut below = |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1) as u64) as usize
    };
    let mut out = Vec::with_capacity(games);
    for i in 0..games {
        let players = 2 + i % 3;
        let mut pos = Position::standard(players).expect("standard start");
        let mut moves = Vec::new();
        while moves.len() < 160 && !pos.is_finished() {
            let legal: Vec<Move> = pos.legal_moves().collect();
            let movements: Vec<&Move> = legal
                .iter()
                .filter(|m| matches!(m, Move::Movement(_)))
                .collect();
            let mv = if below(10) == 0 || movements.is_empty() {
                legal[below(legal.len())]
            } else {
                *movements[below(movements.len())]
            };
            pos.play_unchecked(&mv);
            moves.push(mv);
        }
        let mut tags = Tags::new();
        tags.set("Event", "Benchmark");
        tags.set("Round", &(i + 1).to_string());
        tags.set("Players", &"KRYG"[..players]);
        out.push(Game::from_moves(tags, &moves).expect("legal moves"));
    }
    write_games(&out)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("usage: read_speed FILE [ROUNDS] [check|stream]");
    if path == "--generate" {
        let file = args.next().expect("FILE");
        let games: usize = args.next().map_or(1000, |g| g.parse().expect("GAMES"));
        std::fs::write(&file, generate(games)).expect("writable file");
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
            let mut checker = Checker::new(None);
            while let Some(v) = reader.read_with(&mut checker).expect("well-formed record") {
                plies += v.plies;
            }
            continue;
        }
        for (i, game) in Reader::new(&bytes[..]).enumerate() {
            let game = game.expect("well-formed record");
            if check {
                plies += check_game(&game, i + 1, None).plies;
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
