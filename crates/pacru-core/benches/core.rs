//! Criterion benchmarks of the rules engine: move generation with every move
//! applied, bulk-counted perft, random playouts, and replaying records. Figures and how to reproduce
//! them: `docs/performance.md`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pacru_core::{Position, SplitMix64};
use std::hint::black_box;

#[path = "support/random_game.rs"]
mod random_game;
use random_game::random_game;

/// A mid-game position reached by seeded random play from the 2-player start.
fn midgame(players: usize, seed: u64, plies: u32) -> Position {
    let mut rng = SplitMix64::new(seed);
    loop {
        let mut pos = Position::standard(players).expect("standard start");
        if pos.random_playout(&mut rng, plies) == plies && !pos.is_finished() {
            return pos;
        }
    }
}

fn perft_applying(c: &mut Criterion) {
    let cases = [
        ("start-2p", Position::standard(2).expect("start"), 3),
        ("start-4p", Position::standard(4).expect("start"), 3),
        ("midgame-2p", midgame(2, 11, 30), 3),
    ];
    let mut group = c.benchmark_group("perft_applying");
    group.sample_size(10);
    for (name, pos, depth) in cases {
        let nodes = pos.perft_applying(depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| b.iter(|| black_box(&pos).perft_applying(depth)));
    }
    group.finish();
}

fn perft_bulk(c: &mut Criterion) {
    let pos = midgame(2, 11, 30);
    let nodes = pos.perft(3);
    let mut group = c.benchmark_group("perft_bulk");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("midgame-2p-d3", |b| b.iter(|| black_box(&pos).perft(3)));
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_playout");
    for players in [2usize, 4] {
        let start = Position::standard(players).expect("start");
        // Count plies of a fixed batch of games to report plies per second.
        let batch = 100u64;
        let plies: u64 = (0..batch)
            .map(|seed| {
                let mut pos = start.clone();
                u64::from(pos.random_playout(&mut SplitMix64::new(seed), u32::MAX))
            })
            .sum();
        group.throughput(Throughput::Elements(plies));
        group.bench_function(format!("{players}p-100-games"), |b| {
            b.iter(|| {
                for seed in 0..batch {
                    let mut pos = start.clone();
                    black_box(pos.random_playout(&mut SplitMix64::new(seed), u32::MAX));
                }
            })
        });
    }
    group.finish();
}

/// Replaying recorded games as a referee does: every move validated and applied
/// in place with `try_play`.
fn replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("replay");
    for players in [2usize, 4] {
        let start = Position::standard(players).expect("start");
        let records: Vec<_> = (0..100u64).map(|seed| random_game(&start, seed)).collect();
        let plies: usize = records.iter().map(Vec::len).sum();
        group.throughput(Throughput::Elements(plies as u64));
        group.bench_function(format!("try_play-{players}p-100-games"), |b| {
            b.iter(|| {
                for moves in &records {
                    let mut pos = start.clone();
                    for mv in moves {
                        black_box(pos.try_play(mv)).expect("recorded moves are legal");
                    }
                }
            })
        });
    }
    group.finish();
}

fn counting(c: &mut Criterion) {
    let pos = midgame(2, 11, 30);
    c.bench_function("legal_move_count/midgame-2p", |b| {
        b.iter(|| black_box(&pos).legal_move_count())
    });
}

criterion_group!(
    benches,
    perft_applying,
    perft_bulk,
    playouts,
    replay,
    counting
);
criterion_main!(benches);
