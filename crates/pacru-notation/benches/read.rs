//! Throughput of reading canonical game records (refereeing them is measured by
//! `pacru-referee`'s `check` bench).
//!
//! Run: `cargo bench -p pacru-notation --bench read -- --quick`. The corpus
//! (`test_support::bench_corpus`, shared with `pacru-referee`'s bench and its
//! `read_speed` example) is made by deterministic random play (2 to 4 players,
//! mostly movements, some reorientations), written canonically.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pacru_notation::pgr::{Reader, Skip, Visitor};
use pacru_notation::test_support::bench_corpus;
use std::hint::black_box;

/// A visitor that counts and skips every game: the cost of framing alone.
struct SkipAll(usize);

impl Visitor for SkipAll {
    type Output = ();
    fn begin_movetext(&mut self) -> Skip {
        Skip(true)
    }
    fn end_game(&mut self) {
        self.0 += 1;
    }
}

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
    group.bench_function("read", |b| {
        b.iter(|| {
            let mut n = 0;
            for game in Reader::new(black_box(text.as_bytes())) {
                n += game.unwrap().moves.len();
            }
            n
        })
    });
    group.bench_function("skip", |b| {
        b.iter(|| {
            let mut reader = Reader::new(black_box(text.as_bytes()));
            let mut v = SkipAll(0);
            while reader.read_with(&mut v).unwrap().is_some() {}
            v.0
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
