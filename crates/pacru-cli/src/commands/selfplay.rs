//! `pacru selfplay`: random games written as canonical records, reproducibly.

use crate::Outcome;
use crate::cli::SelfplayArgs;
use crate::record::Recorder;
use pacru_core::{Position, RulesEdition, SplitMix64};
use pacru_notation::pgr::{Game, write_game};
use rayon::prelude::*;
use std::io::Write;

/// Games played in parallel before their records are written (in order).
const BATCH: u64 = 64;

/// The random generator of game `number` (1-based): the first output of
/// SplitMix64(seed + number * golden ratio) seeds it, so that neighbouring games
/// and seeds get unrelated streams.
pub fn game_rng(seed: u64, number: u64) -> SplitMix64 {
    let mut mixer = SplitMix64::new(seed.wrapping_add(number.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
    SplitMix64::new(mixer.next_u64())
}

/// Plays game `number` between random players.
fn play_game(args: &SelfplayArgs, start: &Position, number: u64) -> Game {
    let mut rng = game_rng(args.seed, number);
    let mut tags = vec![
        ("Event", "pacru selfplay".to_string()),
        ("Site", "?".to_string()),
        ("Date", "?".to_string()),
        ("Round", number.to_string()),
    ];
    for colour in start.players().iter() {
        tags.push((colour.word(), "random".to_string()));
    }
    let mut recorder = Recorder::new(start.clone(), &tags);
    for _ in 0..args.max_plies {
        let Some(mv) = recorder.position().random_move(&mut rng) else {
            break;
        };
        recorder.play(mv);
    }
    recorder.finish()
}

/// Plays the games in parallel batches and writes their records in order.
pub fn run(args: &SelfplayArgs) -> anyhow::Result<Outcome> {
    let rules: RulesEdition = args.rules.into();
    let start = Position::standard(usize::from(args.players))?.with_rules(rules);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut first = 1;
    while first <= args.games {
        let last = args.games.min(first.saturating_add(BATCH - 1));
        let texts: Vec<String> = (first..=last)
            .into_par_iter()
            .map(|number| write_game(&play_game(args, &start, number)))
            .collect();
        for (i, text) in texts.iter().enumerate() {
            if first > 1 || i > 0 {
                out.write_all(b"\n")?;
            }
            out.write_all(text.as_bytes())?;
        }
        tracing::info!("played games {first} to {last}");
        first = last.saturating_add(1);
        if last == u64::MAX {
            break;
        }
    }
    out.flush()?;
    Ok(Outcome::Success)
}
