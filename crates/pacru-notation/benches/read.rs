//! Throughput of reading canonical game records, with and without refereeing.
//!
//! Run: `cargo bench -p pacru-notation --bench read -- --quick`. The corpus is
//! made here by deterministic random play (2 to 4 players, mostly movements,
//! some reorientations), written canonically.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pacru_core::{Move, Position};
use pacru_notation::pgr::{Game, Reader, Skip, Tags, Visitor, write_games};
use pacru_notation::referee::{Checker, check_game};
use std::hint::black_box;

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        (x.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1) as u64) as usize
    }
}

fn corpus(games: usize, max_plies: usize) -> String {
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let mut out = Vec::with_capacity(games);
    for i in 0..games {
        let players = 2 + i % 3;
        let mut pos = Position::standard(players).unwrap();
        let mut moves = Vec::new();
        while moves.len() < max_plies && !pos.is_finished() {
            let legal: Vec<Move> = pos.legal_moves().collect();
            let movements: Vec<&Move> = legal
                .iter()
                .filter(|m| matches!(m, Move::Movement(_)))
                .collect();
            let mv = if rng.below(10) == 0 || movements.is_empty() {
                legal[rng.below(legal.len())]
            } else {
                *movements[rng.below(movements.len())]
            };
            pos.play_unchecked(&mv);
            moves.push(mv);
        }
        let mut tags = Tags::new();
        tags.set("Event", "Benchmark");
        tags.set("Round", &(i + 1).to_string());
        tags.set("Players", &"KRYG"[..players]);
        out.push(Game::from_moves(tags, &moves).unwrap());
    }
    write_games(&out)
}

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
    let text = corpus(300, 160);
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
    group.bench_function("read+check", |b| {
        b.iter(|| {
            let mut plies = 0;
            for (i, game) in Reader::new(black_box(text.as_bytes())).enumerate() {
                let v = check_game(&game.unwrap(), i + 1, None);
                assert!(v.is_ok());
                plies += v.plies;
            }
            plies
        })
    });
    group.bench_function("read+check streaming (Checker)", |b| {
        b.iter(|| {
            let mut reader = Reader::new(black_box(text.as_bytes()));
            let mut checker = Checker::new(None);
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
                plies += check_game(game, i + 1, None).plies;
            }
            plies
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
