//! Throughput of refereeing canonical game records: games read then checked,
//! checked while read (`Checker`), and checked once read.
//!
//! Run: `cargo bench -p pacru-referee --bench check -- --quick`. The corpus
//! (`pacru_notation::test_support::bench_corpus`, shared with `pacru-notation`'s
//! `read` bench and the `read_speed` example) is made by deterministic random play
//! (2 to 4 players, mostly movements, some reorientations), written canonically.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pacru_notation::pgr::{Game, Reader};
use pacru_notation::test_support::bench_corpus;
use pacru_referee::Checker;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let text = bench_corpus(300, 160);
    let games = Reader::new(text.as_bytes()).count();
    eprintln!(
        "corpus: {games} games, {} bytes, {} plies",
        text.len(),
        Reader::new(text.as_bytes())
            .map(|g| g.unwrap().moves.len())
            .sum::<usize>()
    );
    let mut group = c.benchmark_group("pgr");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("read+check", |b| {
        b.iter(|| {
            let mut plies = 0;
            for (i, game) in Reader::new(black_box(text.as_bytes())).enumerate() {
                let v = Checker::new().check_game(&game.unwrap(), i + 1);
                assert!(v.is_ok());
                plies += v.plies;
            }
            plies
        })
    });
    group.bench_function("read+check streaming (Checker)", |b| {
        b.iter(|| {
            let mut reader = Reader::new(black_box(text.as_bytes()));
            let mut checker = Checker::new();
            let mut plies = 0;
            while let Some(v) = reader.read_with(&mut checker).unwrap() {
                assert!(v.is_ok());
                plies += v.plies;
            }
            plies
        })
    });
    let parsed: Vec<Game> = Reader::new(text.as_bytes()).map(Result::unwrap).collect();
    group.bench_function("check (games already read)", |b| {
        b.iter(|| {
            let mut plies = 0;
            for (i, game) in black_box(&parsed).iter().enumerate() {
                plies += Checker::new().check_game(game, i + 1).plies;
            }
            plies
        })
    });
    group.finish();
}

/// Inputs that a quadratic scan would make slow: a long run of round numbers,
/// and games with the most tags allowed. Both should read at a speed of the
/// order of normal games.
fn edges(c: &mut Criterion) {
    let rounds: Vec<String> = (1..=100_000).map(|i| format!("{i}.")).collect();
    let round_numbers = format!("[Result \"*\"]\n\n{} *\n", rounds.join(" "));
    let tags: String = (0..999).map(|i| format!("[T{i} \"v\"]\n")).collect();
    let many_tags = format!("{tags}[Result \"*\"]\n\n*\n\n").repeat(20);
    let mut group = c.benchmark_group("pgr edges");
    for (name, text) in [("round numbers", &round_numbers), ("1000 tags", &many_tags)] {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut reader = Reader::new(black_box(text.as_bytes()));
                let mut checker = Checker::new();
                let mut games = 0;
                while reader.read_with(&mut checker).unwrap().is_some() {
                    games += 1;
                }
                games
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench, edges);
criterion_main!(benches);
