//! `pacru check`: referee every game of the given record files.
//!
//! Files are read as streams by workers running in parallel ([`ordered`]); each
//! verdict is rendered by the worker ([`report`]) and printed by the main thread
//! in input order, so the output does not depend on the number of threads.

mod ordered;
mod progress;
mod report;

use crate::Outcome;
use crate::cli::{CheckArgs, Format};
use crate::input::{self, TAPE_CAP, TapeReader};
use pacru_core::RulesEdition;
use pacru_notation::pgr::Reader;
use pacru_notation::referee::{self, Status};
use report::Counts;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Instant;

/// What a worker sends for one input, in order.
pub enum Message {
    /// A game's verdict, rendered.
    Game {
        /// The verdict's status.
        status: Status,
        /// The text to print on standard output.
        text: String,
    },
    /// The input could not be read (from that point on): the reason.
    IoError(String),
}

/// Referees every game of input `name`, sending one message per game.
fn check_input(
    name: &str,
    format: Format,
    rules: Option<RulesEdition>,
    read: &Arc<AtomicU64>,
    send: &mut dyn FnMut(Message) -> bool,
) {
    let file = match input::open(name) {
        Ok(opened) => opened,
        Err(e) => {
            send(Message::IoError(format!("{e:#}")));
            return;
        }
    };
    tracing::info!("{name}: checking");
    let (tape_reader, tape) = TapeReader::new(file, TAPE_CAP, Some(Arc::clone(read)));
    let mut reader = Reader::new(tape_reader).lenient();
    // Referees as it reads, building no `Game`: the same verdicts as `check_game`.
    let mut checker = referee::Checker::new(rules);
    let mut games = 0usize;
    loop {
        let start = reader.offset();
        let verdict = match reader.read_with(&mut checker) {
            Ok(None) => break,
            Ok(Some(verdict)) => {
                tape.discard_before(start);
                verdict
            }
            Err(e) => {
                if let Some(io) = tape.io_error() {
                    send(Message::IoError(format!(
                        "{name}: read error at line {}: {io}",
                        e.line
                    )));
                    return;
                }
                tape.discard_before(e.game_offset);
                referee::malformed(&e)
            }
        };
        games += 1;
        tracing::debug!("{name}: game {}: {}", verdict.game, verdict.status);
        let status = verdict.status;
        let text = match format {
            Format::Json => report::json_line(name, &verdict),
            Format::Text => report::text(name, &verdict, &tape),
        };
        if !send(Message::Game { status, text }) {
            return;
        }
    }
    if let Some(io) = tape.io_error() {
        send(Message::IoError(format!("{name}: read error: {io}")));
    } else if games == 0 {
        tracing::warn!("{name}: no game found");
    } else {
        tracing::info!("{name}: {games} game(s) checked");
    }
}

/// Checks the files and prints the verdicts in order; the summary in text mode.
pub fn run(args: &CheckArgs) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    let names = input::names(&args.files);
    let rules = args.rules.map(Into::into);
    let format = args.format;
    let read = Arc::new(AtomicU64::new(0));
    let total: Option<u64> = names
        .iter()
        .map(|n| input::open_size(n))
        .sum::<Option<u64>>();
    let mut progress = progress::Progress::new(total, Arc::clone(&read));
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut counts = Counts::default();
    let mut outcome = Outcome::Success;
    let mut write_error: Option<std::io::Error> = None;
    ordered::run(
        &names,
        |name, send| check_input(name, format, rules, &read, send),
        |message| {
            match message {
                Message::Game { status, text } => {
                    counts.add(status);
                    if status != Status::Ok {
                        outcome = outcome.max(Outcome::Failure);
                    }
                    let result = progress.suspend(|| out.write_all(text.as_bytes()));
                    if let Err(e) = result {
                        write_error = Some(e);
                        return false;
                    }
                }
                Message::IoError(reason) => {
                    counts.unreadable += 1;
                    outcome = Outcome::IoError;
                    progress.suspend(|| {
                        let _ = out.flush();
                        eprintln!("pacru: error: {reason}");
                    });
                }
            }
            true
        },
    );
    progress.finish();
    if let Some(e) = write_error {
        return Err(e.into());
    }
    if format == Format::Text {
        writeln!(out, "{}", counts.summary(started.elapsed()))?;
    }
    out.flush()?;
    Ok(outcome)
}
