//! `pacru merge-shards`: the shards of a match or tournament played on many
//! machines (`--shard I/N`), added up into the whole event's standings and
//! records. The merge itself is
//! [`pacru_arena::merge_shards`].

use crate::Outcome;
use crate::cli::MergeShardsArgs;
use crate::commands::arena::print_standings;
use anyhow::Context as _;
use pacru_arena::event::{GAMES_FILE, JOURNAL_FILE, STANDINGS_FILE, STANDINGS_JSON_FILE};
use pacru_arena::journal::write_atomic;
use pacru_arena::{Merged, System, merge_shards};
use std::path::Path;

/// Runs `pacru merge-shards`.
pub fn run(args: &MergeShardsArgs) -> anyhow::Result<Outcome> {
    let merged = merge_shards(&args.dirs)?;
    if let Some(out) = &args.out {
        write_out(&merged, out)?;
    }
    let incomplete = merged.shards.iter().any(|s| !s.complete);
    let earned = if merged.missing.is_empty() && !incomplete {
        Outcome::Success
    } else {
        Outcome::Failure
    };
    print_standings(&merged.standings, args.format, earned)?;
    let count = merged.count;
    let command = match merged.config.system {
        System::Match { .. } => "match",
        _ => "tournament",
    };
    let mut outcome = Outcome::Success;
    if !merged.missing.is_empty() {
        let names: Vec<String> = merged.missing.iter().map(|s| s.dir_name()).collect();
        crate::diagnostics::error(format!(
            "{} of {count} shards missing or never started ({}): the standings are those of the shards there are",
            merged.missing.len(),
            names.join(", ")
        ));
        outcome = Outcome::Failure;
    }
    for shard in merged.shards.iter().filter(|s| !s.complete) {
        let dir = shard.path.parent().unwrap_or(Path::new("."));
        crate::diagnostics::error(format!(
            "shard {} is not finished ({} played so far, in {}): it is still running, or continues with `pacru {} --resume -o {}`",
            shard.shard,
            crate::words::plural(shard.games, "game"),
            dir.display(),
            command,
            dir.display()
        ));
        outcome = Outcome::Failure;
    }
    Ok(outcome)
}

/// Writes the merged records and standings into `out`, which must not be an
/// event's output directory.
fn write_out(merged: &Merged, out: &Path) -> anyhow::Result<()> {
    if out.join(JOURNAL_FILE).exists() {
        anyhow::bail!(
            "{}: an event's output directory (it has a journal): choose another folder for the merged files",
            out.display()
        );
    }
    std::fs::create_dir_all(out).with_context(|| out.display().to_string())?;
    write_atomic(&out.join(GAMES_FILE), merged.games_pgr().as_bytes())?;
    write_atomic(
        &out.join(STANDINGS_FILE),
        merged.standings.table().as_bytes(),
    )?;
    let mut json = crate::json::pretty(&merged.standings)?;
    json.push('\n');
    write_atomic(&out.join(STANDINGS_JSON_FILE), json.as_bytes())?;
    Ok(())
}
