//! `pacru check`: referee every game of the given record files.
//!
//! Files are read as streams by workers running in parallel ([`ordered`]); each
//! verdict is rendered by the worker ([`report`]) and printed by the main thread
//! in input order, so the output does not depend on the number of threads. The
//! main thread also decides which bad games get a board diagram (the first few),
//! so that the text report stays proportionate to its input.

mod ordered;
mod parallel;
mod reading;
pub(crate) mod report;

use crate::Outcome;
use crate::board;
use crate::cli::{CheckArgs, DiagramLimit, RecordFormat};
use crate::diagnostics;
use crate::input::{self, InputName, TAPE_CAP, Unreadable};
use crate::outcome::write_failed;
use crate::progress::{Progress, Units};
use crate::style;
use crate::words::plural;
use pacru_core::{Position, RulesEdition, escape_controls};
use pacru_referee::{Verdict, VerdictStatus};
use reading::Refereeing;
use report::Counts;
use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Instant;

/// What a worker sends for one input, in order.
pub enum Message {
    /// A game's verdict, rendered.
    Game {
        /// The verdict's status.
        status: VerdictStatus,
        /// The text to print on standard output.
        text: String,
        /// For a bad game in the text report: the position to show after the
        /// text, and what it is ("position before the move", "final position").
        position: Option<(&'static str, Box<Position>)>,
    },
    /// The input could not be read (from that point on).
    Unreadable(Unreadable),
}

/// What a worker needs to know about the run.
#[derive(Clone, Copy)]
struct Settings {
    format: RecordFormat,
    rules: Option<RulesEdition>,
    colour: bool,
}

/// Referees every game of input `name`, sending one message per game.
fn check_input(
    name: &InputName,
    settings: Settings,
    read: &Arc<AtomicU64>,
    send: &mut dyn FnMut(Message) -> bool,
) {
    let file = match input::open(name) {
        Ok(opened) => opened,
        Err(e) => {
            send(Message::Unreadable(e));
            return;
        }
    };
    let unreadable = |reason: String| {
        Message::Unreadable(Unreadable {
            name: name.to_string(),
            reason,
        })
    };
    tracing::info!("{name}: checking");
    let shown = ShownName::new(name);
    let mut games = Refereeing::new(file, 0, settings, read);
    let mut count = 0u64;
    loop {
        let verdict = match games.next() {
            Ok(Some(verdict)) => verdict,
            Ok(None) => break,
            Err(failure) => {
                send(unreadable(failure.reason(0)));
                return;
            }
        };
        count += 1;
        tracing::debug!("{name}: game {}: {}", verdict.game, verdict.status);
        let quoted = report::quoted_line(&verdict, games.tape());
        if !send(verdict_message(
            &shown,
            settings,
            &verdict,
            quoted.as_deref(),
        )) {
            return;
        }
    }
    if count == 0 {
        tracing::warn!("{name}: no game found");
    } else {
        tracing::info!("{name}: {} checked", plural(count, "game"));
    }
}

/// How much of the recent input to keep for quoting: text reports quote the
/// line of an error, JSON lines quote nothing.
fn tape_cap(settings: Settings) -> usize {
    match settings.format {
        RecordFormat::Text => TAPE_CAP,
        RecordFormat::Json => 0,
    }
}

/// An input's name as written in its verdicts: as given (JSON escapes it
/// itself) and with its control characters escaped for people, worked out once
/// for all its games.
struct ShownName<'a> {
    raw: &'a str,
    escaped: Cow<'a, str>,
}

impl<'a> ShownName<'a> {
    fn new(raw: &'a str) -> ShownName<'a> {
        ShownName {
            raw,
            escaped: escape_controls(raw),
        }
    }
}

/// The message of one verdict of input `name`, rendered in the format of the
/// run; `error_line` is the text of the error's line, if it can be quoted
/// ([`report::quoted_line`]).
fn verdict_message(
    name: &ShownName<'_>,
    settings: Settings,
    verdict: &Verdict,
    error_line: Option<&str>,
) -> Message {
    let status = verdict.status;
    match settings.format {
        RecordFormat::Json => Message::Game {
            status,
            text: report::json_line(name.raw, verdict),
            position: None,
        },
        RecordFormat::Text => Message::Game {
            status,
            text: report::text(&name.escaped, verdict, error_line, settings.colour),
            position: report::position_shown(verdict),
        },
    }
}

/// The position section of a bad game's text report: the PPN, and the diagram
/// when `diagram` is on.
fn position_section(what: &str, position: &Position, diagram: bool, colour: bool) -> String {
    let ppn = position.to_ppn().to_string();
    if !diagram {
        return format!("  {what}: {ppn}\n");
    }
    let board = board::render(position, colour);
    let mut out = format!("  {what}:\n");
    for line in board.lines() {
        out.push_str("    ");
        out.push_str(line);
        out.push('\n');
    }
    out.push_str("    ");
    out.push_str(&ppn);
    out.push('\n');
    out
}

/// The longest a verdict waits in the output buffer while more are coming.
const FLUSH_EVERY: std::time::Duration = std::time::Duration::from_millis(200);

/// Checks the files and prints the verdicts in order; the summary in text mode.
pub fn run(args: &CheckArgs) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    let names = input::names(&args.files);
    for name in &names {
        input::note_if_terminal(name);
    }
    let colour = args.format == RecordFormat::Text && style::stdout_colour();
    let settings = Settings {
        format: args.format,
        rules: args.rules.map(Into::into),
        colour,
    };
    let read = Arc::new(AtomicU64::new(0));
    let total: Option<u64> = names.iter().map(input::open_size).sum::<Option<u64>>();
    let mut progress = Progress::new("checking", Units::Bytes, total, Arc::clone(&read));
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut counts = Counts::default();
    let mut outcome = Outcome::Success;
    let mut write_error: Option<std::io::Error> = None;
    let mut bad_games = 0u64;
    let mut diagrams_left_out = 0u64;
    // Verdicts reach the output at least every FLUSH_EVERY, and a bad game's at
    // once: the next verdict may be long in coming (endless input).
    let mut flushed = Instant::now();
    let mut flush_now = false;
    let consume = |message| {
        let text = match message {
            Message::Game {
                status,
                mut text,
                position,
            } => {
                counts.add(status);
                flush_now = status != VerdictStatus::Ok;
                if status != VerdictStatus::Ok {
                    outcome = outcome.max(Outcome::Failure);
                    bad_games += 1;
                }
                if let Some((what, position)) = position {
                    let diagram = args.diagrams.allows(bad_games);
                    if !diagram && args.diagrams != DiagramLimit::First(0) {
                        diagrams_left_out += 1;
                    }
                    text.push_str(&position_section(what, &position, diagram, colour));
                }
                text
            }
            Message::Unreadable(unreadable) => {
                counts.unreadable += 1;
                outcome = Outcome::IoError;
                progress.suspend(|| {
                    let _ = out.flush();
                    diagnostics::error(&unreadable);
                });
                match args.format {
                    RecordFormat::Json => report::json_unreadable(&unreadable),
                    RecordFormat::Text => return true,
                }
            }
        };
        let result = progress.suspend(|| {
            out.write_all(text.as_bytes())?;
            if flush_now || flushed.elapsed() >= FLUSH_EVERY {
                flushed = Instant::now();
                out.flush()?;
            }
            Ok(())
        });
        if let Err(e) = result {
            write_error = Some(e);
            return false;
        }
        true
    };
    // One big file is cut into parts checked in parallel; several files are
    // checked in parallel one file per worker. The output is the same either way.
    let plan = match names.as_slice() {
        [only] => parallel::plan_for(only, rayon::current_num_threads()),
        _ => None,
    };
    match plan {
        Some(plan) => parallel::run(&names[0], &plan, settings, &read, consume),
        None => ordered::run(
            &names,
            |name, send| check_input(name, settings, &read, send),
            consume,
        ),
    }
    progress.finish();
    if let Some(e) = write_error {
        return Err(write_failed(e, outcome));
    }
    if args.format == RecordFormat::Text {
        let mut tail = String::new();
        if diagrams_left_out > 0 {
            let _ = writeln!(
                tail,
                "(board diagrams of {} left out; --diagrams all shows every one)",
                plural(diagrams_left_out, "more bad game")
            );
        }
        tail.push_str(&counts.summary(started.elapsed(), colour));
        tail.push('\n');
        out.write_all(tail.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| write_failed(e, outcome))?;
    } else {
        out.flush().map_err(|e| write_failed(e, outcome))?;
    }
    Ok(outcome)
}
