//! `pacru analyse`: the search engine's judgement of every position of recorded
//! games, written into the records (annotated PGR) or as JSON lines. The
//! analysis itself is `pacru-analysis`; this module reads the inputs, shows the
//! progress and writes the output.

use crate::Outcome;
use crate::cli::{AnalyseArgs, AnalyseFormat};
use crate::outcome::write_failed;
use crate::progress::{Progress, Units};
use crate::words::plural;
use crate::{diagnostics, input};
use anyhow::Context;
use pacru_analysis::{
    AnalysisOptions, Budget, DEFAULT_NODES, Progress as AnalysisProgress, analyse_games, annotate,
};
use pacru_core::Escaped;
use pacru_notation::pgr::{Game, Reader, write_game};
use pacru_referee::Checker;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// One game read, with where it comes from.
struct Source {
    file: String,
    number: usize,
    game: Game,
}

/// Where the output goes: a file, or standard output.
fn output(path: Option<&Path>) -> anyhow::Result<Box<dyn Write>> {
    match path {
        Some(path) if path.as_os_str() != input::STDIN => {
            let file =
                File::create(path).with_context(|| format!("cannot write {}", path.display()))?;
            Ok(Box::new(file))
        }
        _ => Ok(Box::new(crate::terminal::ShownOnTerminal::stdout())),
    }
}

/// The options from the command line.
fn options(args: &AnalyseArgs) -> anyhow::Result<AnalysisOptions> {
    let budget = match (args.movetime, args.nodes) {
        (Some(0), _) => anyhow::bail!("--movetime must be at least 1 ms"),
        (_, Some(0)) => anyhow::bail!("--nodes must be at least 1"),
        (Some(ms), None) => Budget::MoveTime(Duration::from_millis(ms)),
        (None, Some(n)) => Budget::Nodes(n),
        (None, None) => Budget::Nodes(DEFAULT_NODES),
        (Some(_), Some(_)) => anyhow::bail!("give --movetime or --nodes, not both"),
    };
    Ok(AnalysisOptions {
        budget,
        seed: args.seed,
    })
}

/// Reads every game of the inputs; games that cannot be read are reported.
fn read_all(names: &[input::InputName], outcome: &mut Outcome) -> Vec<Source> {
    let mut games = Vec::new();
    for name in names {
        input::note_if_terminal(name);
        let file = match input::open(name) {
            Ok(file) => file,
            Err(e) => {
                diagnostics::error(e.to_string());
                *outcome = outcome.max(Outcome::IoError);
                continue;
            }
        };
        for (i, game) in Reader::new(file).lenient().enumerate() {
            match game {
                Ok(game) => games.push(Source {
                    file: name.to_string(),
                    number: i + 1,
                    game,
                }),
                Err(e) => {
                    diagnostics::error(format!(
                        "{}: game {} (line {}) is not analysed: line {}, column {}: {}",
                        Escaped(name),
                        e.game,
                        e.game_line,
                        e.line,
                        e.column,
                        Escaped(&e.message)
                    ));
                    *outcome = outcome.max(Outcome::Failure);
                }
            }
        }
    }
    games
}

/// Analyses the games of the inputs and writes them annotated, or as JSON lines.
pub fn run(args: &AnalyseArgs) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    let options = options(args)?;
    let names = input::names(&args.files);
    let mut outcome = Outcome::Success;
    let sources = read_all(&names, &mut outcome);
    let games: Vec<Game> = sources.iter().map(|s| s.game.clone()).collect();
    let positions: u64 = games
        .iter()
        .map(|g| g.moves.iter().filter(|e| !e.is_pass()).count() as u64 + 1)
        .sum();
    let done = Arc::new(AtomicU64::new(0));
    let mut progress = Progress::new(
        "analysing",
        Units::Items,
        Some(positions),
        Arc::clone(&done),
    );
    // One search a position, then more for the positions searched again.
    let analyses = analyse_games(&games, &options, &|step| match step {
        AnalysisProgress::Searched => {
            done.fetch_add(1, Ordering::Relaxed);
        }
        AnalysisProgress::More(n) => progress.grow(n as u64),
    });
    progress.finish();
    let mut out = BufWriter::new(output(args.output.as_deref())?);
    let checker = Checker::new();
    let mut written = 0u64;
    for (source, analysis) in sources.iter().zip(&analyses) {
        let analysis = match analysis {
            Ok(analysis) => analysis,
            Err(e) => {
                diagnostics::error(format!(
                    "{}: game {} (line {}) is not analysed: {e}",
                    Escaped(&source.file),
                    source.number,
                    source.game.line
                ));
                outcome = outcome.max(Outcome::Failure);
                continue;
            }
        };
        let mut text = String::new();
        match args.format {
            AnalyseFormat::Pgr => {
                if written > 0 {
                    text.push('\n');
                }
                text.push_str(&write_game(&annotate(&source.game, analysis)));
            }
            AnalyseFormat::Json => {
                let verdict = checker.check_game(&source.game, source.number);
                let line = pacru_analysis::AnalysisLine {
                    file: &source.file,
                    game: source.number,
                    line: source.game.line,
                    status: verdict.status.as_str(),
                    analysis,
                };
                text = crate::json::line(&line).context("writing the analysis as JSON")?;
                text.push('\n');
            }
        }
        out.write_all(text.as_bytes())
            .map_err(|e| write_failed(e, outcome))?;
        written += 1;
    }
    out.flush().map_err(|e| write_failed(e, outcome))?;
    tracing::info!(
        "{} analysed ({}) in {:.2} s",
        plural(written, "game"),
        options.annotator(),
        started.elapsed().as_secs_f64()
    );
    Ok(outcome)
}
