//! `pacru merge-shards`: the shards of a match or tournament played on many
//! machines (`--shard I/N`), added up into the whole event's standings and
//! records. Its arguments are here; the merge itself is
//! [`pacru_arena::merge_shards`].

use crate::Outcome;
use crate::commands::arena::OutputFormat;
use anyhow::Context as _;
use clap::Args;
use pacru_arena::event::{GAMES_FILE, JOURNAL_FILE, STANDINGS_FILE, STANDINGS_JSON_FILE};
use pacru_arena::journal::write_atomic;
use pacru_arena::{Merged, System, merge_shards};
use std::path::{Path, PathBuf};

/// The long help of `pacru merge-shards`.
pub const LONG_ABOUT: &str = "Adds up the journals of the shards of a match or tournament \
played with `--shard I/N` (docs/tournaments.md): the standings, Elo, pentanomial counts and \
SPRT of the whole event, the same as one machine playing the same games gives. Each DIR is \
the output directory the shards share (holding shard-I-of-N folders) or one shard's folder.\n\n\
The shards must be of one event (the same engines, options, openings, seeds and N), each \
given once, each holding only its own games; otherwise nothing is merged. A shard that is \
missing, or not finished yet, is named on standard error and the standings are those of the \
games there are. With -o OUT, the whole event's games.pgr, standings.txt and standings.json \
are written there too.\n\n\
Exit status: 0 every shard is there and complete; 1 a shard is missing or not finished (the \
standings so far are printed); 2 usage or I/O error, or journals that cannot be merged.";

/// The examples of `pacru merge-shards`.
pub const EXAMPLES: &str = "Examples:\n  pacru merge-shards sprt-run\n  \
pacru merge-shards sprt-run --format json | jq .sprt\n  \
pacru merge-shards node1/run node2/run -o merged";

/// `pacru merge-shards`: the shards of an event added up.
#[derive(Clone, Debug, Args)]
pub struct MergeShardsArgs {
    /// The shared output directories (holding shard-I-of-N folders), or shards' folders.
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<PathBuf>,

    /// How the standings are printed on standard output.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,

    /// Also write the whole event's games.pgr, standings.txt and standings.json here.
    #[arg(long, short = 'o', value_name = "OUT")]
    pub out: Option<PathBuf>,
}

/// Runs `pacru merge-shards`.
pub fn run(args: &MergeShardsArgs) -> anyhow::Result<Outcome> {
    let merged = merge_shards(&args.dirs)?;
    if let Some(out) = &args.out {
        write_out(&merged, out)?;
    }
    match args.format {
        OutputFormat::Text => print!("{}", merged.standings.table()),
        OutputFormat::Json => println!(
            "{}",
            serde_json::to_string(&merged.standings).context("writing the standings")?
        ),
    }
    let count = merged.count;
    let command = match merged.config.system {
        System::Match { .. } => "match",
        _ => "tournament",
    };
    let mut outcome = Outcome::Success;
    if !merged.missing.is_empty() {
        let names: Vec<String> = merged.missing.iter().map(|s| s.dir_name()).collect();
        crate::diagnostics::warning(format!(
            "{} of {count} shards missing or never started ({}): the standings are those of the shards there are",
            merged.missing.len(),
            names.join(", ")
        ));
        outcome = Outcome::Failure;
    }
    for shard in merged.shards.iter().filter(|s| !s.complete) {
        let dir = shard.path.parent().unwrap_or(Path::new("."));
        crate::diagnostics::warning(format!(
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
    let mut json = serde_json::to_string_pretty(&merged.standings)?;
    json.push('\n');
    write_atomic(&out.join(STANDINGS_JSON_FILE), json.as_bytes())?;
    Ok(())
}
