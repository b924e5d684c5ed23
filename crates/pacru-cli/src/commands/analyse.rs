//! `pacru analyse`: the search engine's judgement of every position of recorded
//! games, written into the records (annotated PGR) or as JSON lines. The
//! analysis itself is `pacru-analysis`; this module reads the inputs, shows the
//! progress and writes the output.

use crate::Outcome;
use crate::cli::{AnalyseArgs, AnalyseFormat};
use crate::diagnostics;
use crate::input::{self, TAPE_CAP, TapeReader, raw_game};
use crate::outcome::write_failed;
use crate::progress::{Progress, Units};
use crate::words::plural;
use anyhow::Context;
use pacru_analysis::{
    AnalysisOptions, Budget, DEFAULT_NODES, Progress as AnalysisProgress, analyse_games, annotate,
};
use pacru_core::Escaped;
use pacru_notation::pgr::{Game, Reader, write_game};
use pacru_referee::Checker;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// One game of the inputs, with where it comes from.
struct Source {
    file: String,
    number: usize,
    line: usize,
    /// The game, or `None` when it does not parse (it was reported).
    game: Option<Game>,
    /// The game's text as read, which the annotated output copies for a game
    /// that cannot be analysed (`None`: too long to keep, reported).
    raw: Option<Vec<u8>>,
    /// Why the game does not parse, reported once its text is known (whether
    /// it can be copied into the output).
    unread: Option<String>,
}

/// Where the output goes: standard output, or a temporary file beside the
/// output file that replaces it once all is written, so that the file is
/// never left half written and can be one of the inputs.
enum AnalysisOutput {
    Stdout(crate::terminal::ShownOnTerminal<std::io::StdoutLock<'static>>),
    File {
        temporary: tempfile::NamedTempFile,
        path: PathBuf,
    },
}

impl AnalysisOutput {
    fn new(path: Option<&Path>) -> anyhow::Result<AnalysisOutput> {
        let Some(path) = path.filter(|p| p.as_os_str() != input::STDIN) else {
            return Ok(AnalysisOutput::Stdout(
                crate::terminal::ShownOnTerminal::stdout(),
            ));
        };
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".pacru-analyse-");
        // Made with the mode an ordinary new file gets (the umask applies).
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let temporary = builder
            .tempfile_in(dir)
            .with_context(|| format!("cannot write {}", path.display()))?;
        Ok(AnalysisOutput::File {
            temporary,
            path: path.to_owned(),
        })
    }

    /// Puts the output in its place: the temporary file renamed over the
    /// output file.
    fn finish(self) -> anyhow::Result<()> {
        match self {
            AnalysisOutput::Stdout(mut out) => out.flush().context("writing the output"),
            AnalysisOutput::File { temporary, path } => {
                temporary
                    .as_file()
                    .sync_all()
                    .with_context(|| format!("cannot write {}", path.display()))?;
                temporary
                    .persist(&path)
                    .map_err(|e| e.error)
                    .with_context(|| format!("cannot write {}", path.display()))?;
                Ok(())
            }
        }
    }
}

impl Write for AnalysisOutput {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        match self {
            AnalysisOutput::Stdout(out) => out.write(bytes),
            AnalysisOutput::File { temporary, .. } => temporary.write(bytes),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            AnalysisOutput::Stdout(out) => out.flush(),
            AnalysisOutput::File { temporary, .. } => temporary.flush(),
        }
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

/// Reads every game of the inputs with its text; games that do not parse are
/// reported (as `copied` into the output, or left out).
fn read_all(names: &[input::InputName], copied: bool, outcome: &mut Outcome) -> Vec<Source> {
    let mut sources = Vec::new();
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
        let (tape_reader, tape) = TapeReader::new(file, TAPE_CAP, None);
        let mut reader = Reader::new(tape_reader).lenient();
        // A game's text ends where the next one starts: each waits for the next.
        let mut pending: Option<(u64, Source)> = None;
        for number in 1.. {
            let next = match reader.read_game() {
                Ok(Some(game)) => Some((
                    game.offset,
                    Source {
                        file: name.to_string(),
                        number,
                        line: game.line,
                        game: Some(game),
                        raw: None,
                        unread: None,
                    },
                )),
                Ok(None) => None,
                Err(e) => {
                    if let Some(io) = tape.io_error() {
                        diagnostics::error(format!(
                            "{}: read error at line {}: {}",
                            Escaped(name),
                            e.line,
                            Escaped(&io)
                        ));
                        *outcome = outcome.max(Outcome::IoError);
                        None
                    } else {
                        *outcome = outcome.max(Outcome::Failure);
                        Some((
                            e.game_offset,
                            Source {
                                file: name.to_string(),
                                number,
                                line: e.game_line,
                                game: None,
                                raw: None,
                                unread: Some(format!(
                                    "{} game {} (line {}) is not analysed: line {}, column {}: {}",
                                    Escaped(name),
                                    e.game,
                                    e.game_line,
                                    e.line,
                                    e.column,
                                    Escaped(&e.message)
                                )),
                            },
                        ))
                    }
                }
            };
            let next_offset = next.as_ref().map(|(offset, _)| *offset);
            if let Some((from, mut source)) = pending.take() {
                source.raw = raw_game(&tape, from, next_offset);
                if let Some(report) = source.unread.take() {
                    let action = match (copied, &source.raw) {
                        (false, _) => "",
                        (true, Some(_)) => "; copied unchanged",
                        (true, None) => {
                            "; too long to be copied into the output, so it is left out"
                        }
                    };
                    diagnostics::error(format!("{report}{action}"));
                }
                sources.push(source);
            }
            match next {
                Some((offset, source)) => {
                    tape.discard_before(offset);
                    pending = Some((offset, source));
                }
                None => break,
            }
        }
    }
    sources
}

/// Analyses the games of the inputs and writes them annotated, or as JSON lines.
pub fn run(args: &AnalyseArgs) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    let options = options(args)?;
    let names = input::names(&args.files);
    let mut outcome = Outcome::Success;
    let sources = read_all(&names, args.format == AnalyseFormat::Pgr, &mut outcome);
    let games: Vec<Game> = sources.iter().filter_map(|s| s.game.clone()).collect();
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
    let mut output = AnalysisOutput::new(args.output.as_deref())?;
    let mut out = BufWriter::new(&mut output);
    let checker = Checker::new();
    let mut analyses = analyses.iter();
    let (mut written, mut analysed) = (0u64, 0u64);
    for source in &sources {
        // The analyses are those of the games that parse, in order; a game
        // that does not parse was reported as it was read.
        let analysis = match (
            &source.game,
            source.game.as_ref().and_then(|_| analyses.next()),
        ) {
            (Some(game), Some(Ok(analysis))) => Some((game, analysis)),
            (Some(_), Some(Err(e))) => {
                diagnostics::error(format!(
                    "{} game {} (line {}) is not analysed: {e}{}",
                    Escaped(&source.file),
                    source.number,
                    source.line,
                    if args.format == AnalyseFormat::Pgr {
                        "; copied unchanged"
                    } else {
                        ""
                    }
                ));
                outcome = outcome.max(Outcome::Failure);
                None
            }
            _ => None,
        };
        let text = match (args.format, analysis) {
            (AnalyseFormat::Pgr, Some((game, analysis))) => {
                write_game(&annotate(game, analysis)).into_bytes()
            }
            // A game that cannot be analysed is copied as it was read, so that
            // the output holds every game of the input.
            (AnalyseFormat::Pgr, None) => match &source.raw {
                Some(raw) => raw.clone(),
                None => {
                    // A game that does not parse was reported so when it was read.
                    if source.game.is_some() {
                        diagnostics::error(format!(
                            "{} game {} (line {}) is too long to be copied into the output",
                            Escaped(&source.file),
                            source.number,
                            source.line
                        ));
                    }
                    outcome = outcome.max(Outcome::IoError);
                    continue;
                }
            },
            (AnalyseFormat::Json, Some((game, analysis))) => {
                let verdict = checker.check_game(game, source.number);
                let line = pacru_analysis::AnalysisLine {
                    file: &source.file,
                    game: source.number,
                    line: game.line,
                    status: verdict.status.as_str(),
                    analysis,
                };
                let mut line = crate::json::line(&line).context("writing the analysis as JSON")?;
                line.push('\n');
                line.into_bytes()
            }
            (AnalyseFormat::Json, None) => continue,
        };
        if args.format == AnalyseFormat::Pgr && written > 0 {
            out.write_all(b"\n").map_err(|e| write_failed(e, outcome))?;
        }
        out.write_all(&text).map_err(|e| write_failed(e, outcome))?;
        written += 1;
        analysed += u64::from(analysis.is_some());
    }
    out.flush().map_err(|e| write_failed(e, outcome))?;
    drop(out);
    output.finish()?;
    tracing::info!(
        "{} analysed ({}) in {:.2} s",
        plural(analysed, "game"),
        options.annotator(),
        started.elapsed().as_secs_f64()
    );
    Ok(outcome)
}
