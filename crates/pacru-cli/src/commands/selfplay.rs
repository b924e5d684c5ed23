//! `pacru selfplay`: random games written as canonical records, reproducibly.

use crate::Outcome;
use crate::cli::SelfplayArgs;
use crate::outcome::write_failed;
use crate::progress::{Progress, Units};
use pacru_notation::selfplay::{SelfplaySettings, run_record};
use rayon::prelude::*;
use std::hash::{BuildHasher, RandomState};
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Games played in parallel before their records are written (in order).
const BATCH: u64 = 64;

/// A seed drawn at random: the standard library's hasher keys are random per
/// process (from the operating system), so hashing nothing with them gives one.
fn random_seed() -> u64 {
    RandomState::new().hash_one(std::process::id())
}

/// Plays the games in parallel batches and writes their records in order.
pub fn run(args: &SelfplayArgs) -> anyhow::Result<Outcome> {
    let plan = SelfplaySettings::new(
        usize::from(args.players),
        args.seed.unwrap_or_else(random_seed),
    )
    .rules(args.rules.into())
    .max_plies((args.max_plies > 0).then_some(args.max_plies))
    .seed_tag(args.seed.is_none());
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
                let text = run_record(&plan, number);
                played.fetch_add(1, Ordering::Relaxed);
                text
            })
            .collect::<Result<_, _>>()?;
        for text in &texts {
            progress
                .suspend(|| out.write_all(text.as_bytes()))
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
