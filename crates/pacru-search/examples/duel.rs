//! Plays the search against `greedy` in process, for tuning:
//! `cargo run --release -p pacru-search --example duel -- PLAYERS GAMES SIMS [PLAYOUT_PLIES] [EXPLORATION]`.
//! The search takes seat `game % PLAYERS`; the others are greedy players. Prints
//! the search's wins.

use pacru_core::Position;
use pacru_protocol::engines::greedy_move;
use pacru_search::{Limits, SearchConfig, Searcher};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: f64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let players = num(0, 2.0) as usize;
    let games = num(1, 20.0) as u64;
    let sims = num(2, 1000.0) as u64;
    let mut config = SearchConfig::default();
    config.playout_plies = num(3, f64::from(config.playout_plies)) as u32;
    config.exploration = num(4, f64::from(config.exploration)) as f32;
    let mut wins = 0;
    let mut plies_total = 0;
    let start = std::time::Instant::now();
    for game in 0..games {
        let mut pos = Position::standard(players).unwrap();
        let me = pos.players().as_slice()[(game as usize) % players];
        let mut plies = 0;
        while !pos.is_finished() && plies < 2000 {
            let mv = if pos.to_move() == me {
                config.seed = game * 1000 + plies;
                let limits = Limits {
                    simulations: Some(sims),
                    time: None,
                };
                Searcher::new(config.clone())
                    .search(&pos, limits, &|| false, &mut |_| {})
                    .best
                    .unwrap()
            } else {
                greedy_move(&pos, game + plies).unwrap()
            };
            pos = pos.play(&mv).expect("legal");
            plies += 1;
        }
        plies_total += plies;
        if pos.winner() == Some(me) {
            wins += 1;
        }
        eprintln!(
            "game {game}: winner {:?} after {plies} plies (search {me:?})",
            pos.winner()
        );
    }
    println!(
        "players {players} sims {sims} playout {} c {}: search won {wins}/{games}, {:.1} plies/game, {:.1}s",
        config.playout_plies,
        config.exploration,
        plies_total as f64 / games as f64,
        start.elapsed().as_secs_f64()
    );
}
