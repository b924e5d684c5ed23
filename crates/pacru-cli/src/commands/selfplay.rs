//! `pacru selfplay`: random games written as canonical records, reproducibly.

use crate::Outcome;
use crate::cli::SelfplayArgs;
use crate::outcome::write_failed;
use crate::progress::{Progress, Units};
use anyhow::Context;
use pacru_core::{RulesEdition, SplitMix64};
use pacru_notation::pgr::{Game, GameRecorder, write_game};
use rayon::prelude::*;
use std::hash::{BuildHasher, RandomState};
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Games played in parallel before their records are written (in order).
const BATCH: u64 = 64;

/// The random generator of game `number` (1-based): the first output of
/// SplitMix64(seed + number * golden ratio) seeds it, so that neighbouring games
/// and seeds get unrelated streams.
pub fn game_rng(seed: u64, number: u64) -> SplitMix64 {
    let mut mixer = SplitMix64::new(seed.wrapping_add(number.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
    SplitMix64::new(mixer.next_u64())
}

/// A seed drawn at random: the standard library's hasher keys are random per
/// process (from the operating system), so hashing nothing with them gives one.
fn random_seed() -> u64 {
    RandomState::new().hash_one(std::process::id())
}

/// How the games of this run are played.
struct Plan {
    players: usize,
    rules: RulesEdition,
    seed: u64,
    /// Whether the seed was drawn at random (it is then written in a Seed tag).
    drawn: bool,
    /// The most plies of a game; `None`: no limit.
    max_plies: Option<u32>,
}

/// Plays game `number` between random players, recording it with the PGR
/// recorder (which checks every move and sets the result from the rules).
fn play_game(plan: &Plan, number: u64) -> anyhow::Result<Game> {
    let mut rng = game_rng(plan.seed, number);
    let mut recorder = GameRecorder::standard(plan.players, plan.rules);
    let tags = recorder.tags_mut();
    tags.set("Event", "pacru selfplay");
    tags.set("Site", "?");
    tags.set("Date", "?");
    tags.set("Round", &number.to_string());
    let colours: Vec<_> = recorder.position().players().iter().collect();
    for colour in colours {
        recorder.tags_mut().set(colour.word(), "random");
    }
    if plan.drawn {
        recorder.tags_mut().set("Seed", &plan.seed.to_string());
    }
    let mut plies = 0u32;
    while plan.max_plies.is_none_or(|max| plies < max) {
        let Some(mv) = recorder.position().random_move(&mut rng) else {
            break;
        };
        recorder.play(&mv).with_context(|| {
            format!("game {number}: the random player chose an illegal move {mv}")
        })?;
        plies += 1;
    }
    if recorder.position().is_finished() {
        recorder.tags_mut().set("Termination", "rules");
    }
    Ok(recorder.finish())
}

/// Plays the games in parallel batches and writes their records in order.
pub fn run(args: &SelfplayArgs) -> anyhow::Result<Outcome> {
    let plan = Plan {
        players: usize::from(args.players),
        rules: args.rules.into(),
        seed: args.seed.unwrap_or_else(random_seed),
        drawn: args.seed.is_none(),
        max_plies: (args.max_plies > 0).then_some(args.max_plies),
    };
    tracing::debug!(
        "selfplay under the {} rules, seed {}",
        plan.rules,
        plan.seed
    );
    let played = Arc::new(AtomicU64::new(0));
    let mut progress = Progress::new(
        "playing",
        Units::Items,
        Some(args.games),
        Arc::clone(&played),
    );
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut first = 1;
    while first <= args.games {
        let last = args.games.min(first.saturating_add(BATCH - 1));
        let texts: Vec<String> = (first..=last)
            .into_par_iter()
            .map(|number| {
                let text = play_game(&plan, number).map(|game| write_game(&game));
                played.fetch_add(1, Ordering::Relaxed);
                text
            })
            .collect::<anyhow::Result<_>>()?;
        for (i, text) in texts.iter().enumerate() {
            let separated = if first > 1 || i > 0 {
                out.write_all(b"\n")
            } else {
                Ok(())
            };
            progress
                .suspend(|| separated.and_then(|()| out.write_all(text.as_bytes())))
                .map_err(|e| write_failed(e, Outcome::Success))?;
        }
        tracing::info!("played games {first} to {last}");
        first = last.saturating_add(1);
        if last == u64::MAX {
            break;
        }
    }
    progress.finish();
    out.flush().map_err(|e| write_failed(e, Outcome::Success))?;
    Ok(Outcome::Success)
}
