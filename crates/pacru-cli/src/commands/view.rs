//! `pacru view`: every game of the inputs in one self-contained web page.

use crate::Outcome;
use crate::cli::ViewArgs;
use crate::words::plural;
use crate::{diagnostics, input};
use anyhow::Context;
use pacru_view::Games;
use pacru_view::page::PageWriter;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::time::Instant;

/// Where the page goes: a file, or standard output for `-`.
fn output(path: &Path) -> anyhow::Result<Box<dyn Write>> {
    if path.as_os_str() == input::STDIN {
        return Ok(Box::new(io::stdout().lock()));
    }
    let file = File::create(path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(Box::new(file))
}

/// Writes the page; exit status 0 once it is written, whatever the games' verdicts.
pub fn run(args: &ViewArgs) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    let names = input::names(&args.files);
    let title = match &args.title {
        Some(title) => title.clone(),
        None => format!(
            "pacru games: {}",
            names.iter().map(|n| &**n).collect::<Vec<_>>().join(", ")
        ),
    };
    let rules = args.rules.map(Into::into).unwrap_or_default();
    let out = BufWriter::with_capacity(1 << 16, output(&args.output)?);
    let mut page = PageWriter::new(out, &title).context("cannot write the page")?;
    let mut outcome = Outcome::Success;
    for name in &names {
        let file = match input::open(name) {
            Ok(file) => file,
            Err(e) => {
                diagnostics::error(format!("{e:#}"));
                outcome = Outcome::IoError;
                continue;
            }
        };
        for game in Games::new(file).source(&**name).default_rules(rules) {
            match game {
                Ok(game) => page.add(&game).context("cannot write the page")?,
                Err(e) => {
                    diagnostics::error(format!("{name}: read error: {e}"));
                    outcome = Outcome::IoError;
                }
            }
        }
    }
    let games = page.games();
    page.finish().context("cannot write the page")?;
    tracing::info!(
        "{} written to {} in {:.2} s",
        plural(games as u64, "game"),
        args.output.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(outcome)
}
