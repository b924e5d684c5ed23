//! `pacru selfplay`: random games written as canonical records, reproducibly.

use crate::Outcome;
use crate::cli::SelfplayArgs;
use anyhow::Context;
use pacru_core::{RulesEdition, SplitMix64};
use pacru_notation::pgr::{Game, GameRecorder, write_game};
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

/// Plays game `number` between random players, recording it with the PGR
/// recorder (which checks every move and sets the result from the rules).
fn play_game(args: &SelfplayArgs, number: u64) -> anyhow::Result<Game> {
    let mut rng = game_rng(args.seed, number);
    let mut recorder = GameRecorder::standard(usize::from(args.players), args.rules.into());
    let tags = recorder.tags_mut();
    tags.set("Event", "pacru selfplay");
    tags.set("Site", "?");
    tags.set("Date", "?");
    tags.set("Round", &number.to_string());
    let colours: Vec<_> = recorder.position().players().iter().collect();
    for colour in colours {
        recorder.tags_mut().set(colour.word(), "random");
    }
    for _ in 0..args.max_plies {
        let Some(mv) = recorder.position().random_move(&mut rng) else {
            break;
        };
        recorder.play(&mv).with_context(|| {
            format!("game {number}: the random player chose an illegal move {mv}")
        })?;
    }
    if recorder.position().is_finished() {
        recorder.tags_mut().set("Termination", "rules");
    }
    Ok(recorder.finish())
}

/// Plays the games in parallel batches and writes their records in order.
pub fn run(args: &SelfplayArgs) -> anyhow::Result<Outcome> {
    let rules: RulesEdition = args.rules.into();
    tracing::debug!("selfplay under the {rules} rules");
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut first = 1;
    while first <= args.games {
        let last = args.games.min(first.saturating_add(BATCH - 1));
        let texts: Vec<String> = (first..=last)
            .into_par_iter()
            .map(|number| play_game(args, number).map(|game| write_game(&game)))
            .collect::<anyhow::Result<_>>()?;
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
