//! `pacru fmt`: rewrite records in canonical form, or check that they are.
//!
//! Each input is read as a stream; the raw text of the current game is kept on a
//! bounded tape so that a game that does not parse can be copied through
//! unchanged, and so that `--check` can compare each game's text with its
//! canonical form without holding the file, and show where they differ
//! ([`diff`]).

mod diff;

use crate::Outcome;
use crate::cli::FmtArgs;
use crate::diagnostics;
use crate::input::{self, InputName, TAPE_CAP, Tape, TapeReader, raw_game};
use crate::outcome::write_failed;
use pacru_core::Escaped;
use pacru_notation::pgr::{PgrError, Reader, write_game};
use std::io::Write;

/// One item of an input: a game's canonical text, or a game that does not parse.
enum Item {
    /// The canonical text of a game that parsed, where it started, its number in
    /// the input (from 1) and its first line.
    Game {
        text: String,
        offset: u64,
        number: usize,
        line: usize,
    },
    /// A game that does not parse.
    Bad(PgrError),
}

impl Item {
    fn offset(&self) -> u64 {
        match self {
            Item::Game { offset, .. } => *offset,
            Item::Bad(e) => e.game_offset,
        }
    }
}

/// Where the output of all inputs goes, with the separators between games.
struct Output<W: Write> {
    out: W,
    /// Whether a game was written already (the next one needs a blank line first).
    any: bool,
}

impl<W: Write> Output<W> {
    /// Writes one game's text (ending in a line break), after a blank line if needed.
    fn game(&mut self, text: &[u8]) -> std::io::Result<()> {
        if self.any {
            self.out.write_all(b"\n")?;
        }
        self.out.write_all(text)?;
        self.any = true;
        Ok(())
    }
}

/// What happened to one input.
#[derive(Default)]
struct InputReport {
    /// Whether some game did not parse.
    malformed: bool,
    /// Whether some part of the input is not in canonical form (each part is
    /// named on standard error as it is found).
    not_canonical: bool,
    /// A read error.
    io_error: Option<String>,
    /// Whether a game that does not parse was too long to be copied through
    /// (said on standard error as it was found).
    left_out: bool,
}

impl InputReport {
    /// The exit status this input earns.
    fn outcome(&self) -> Outcome {
        if self.io_error.is_some() || self.left_out {
            Outcome::IoError
        } else if self.malformed || self.not_canonical {
            Outcome::Failure
        } else {
            Outcome::Success
        }
    }
}

/// Writes (or checks) one item, now that the next one's start, `next_offset`
/// (`None`: the end of the input), tells where its text ends.
fn handle_item<W: Write>(
    name: &str,
    check: bool,
    item: Item,
    next_offset: Option<u64>,
    tape: &Tape,
    output: &mut Output<W>,
    report: &mut InputReport,
) -> std::io::Result<()> {
    let from = item.offset();
    match item {
        Item::Game {
            text, number, line, ..
        } if check => {
            // Canonical: the game's canonical text, then one blank line if a game follows.
            let raw = match next_offset {
                Some(to) => tape.slice(from, to),
                None => tape.rest(from),
            };
            let mut expected = text.into_bytes();
            if next_offset.is_some() {
                expected.push(b'\n');
            }
            if raw.as_deref() != Some(expected.as_slice()) {
                report.not_canonical = true;
                let game = format!("{} game {number} (line {line})", Escaped(name));
                let shown = match &raw {
                    Some(raw) => diff::unified(
                        &game,
                        line,
                        &String::from_utf8_lossy(raw),
                        &String::from_utf8_lossy(&expected),
                    ),
                    None => String::new(),
                };
                diagnostics::error(format_args!(
                    "{game}: not in canonical form\n{}",
                    shown.trim_end_matches('\n')
                ));
            }
        }
        Item::Game { text, .. } => output.game(text.as_bytes())?,
        Item::Bad(e) => {
            report.malformed = true;
            // What happens to the game is said once it is known: a game longer
            // than the tape holds cannot be copied through.
            let raw = if check {
                None
            } else {
                raw_game(tape, from, next_offset)
            };
            let action = match (check, &raw) {
                (true, _) => "",
                (false, Some(_)) => "; copied unchanged",
                (false, None) => "; too long to be copied through, so it is left out",
            };
            diagnostics::error(format_args!(
                "{} game {} (line {}) does not parse: line {}, column {}: {}{action}",
                Escaped(name),
                e.game,
                e.game_line,
                e.line,
                e.column,
                Escaped(&e.message)
            ));
            match raw {
                Some(raw) => output.game(&raw)?,
                None if !check => report.left_out = true,
                None => {}
            }
        }
    }
    Ok(())
}

/// Formats (or checks) one input, noting what happened in `report`; an error is
/// a failure to write the output.
fn format_input<W: Write>(
    name: &InputName,
    check: bool,
    output: &mut Output<W>,
    report: &mut InputReport,
) -> std::io::Result<()> {
    let file = match input::open(name) {
        Ok(file) => file,
        Err(e) => {
            report.io_error = Some(e.to_string());
            return Ok(());
        }
    };
    let (tape_reader, tape) = TapeReader::new(file, TAPE_CAP, None);
    let mut reader = Reader::new(tape_reader).lenient();
    // The previous item waits for the start of the next one, which ends its text.
    let mut pending: Option<Item> = None;
    let mut first = true;
    let mut number = 0;
    loop {
        number += 1;
        let next = match reader.read_game() {
            Ok(Some(game)) => Some(Item::Game {
                text: write_game(&game),
                offset: game.offset,
                number,
                line: game.line,
            }),
            Ok(None) => None,
            Err(e) => {
                if let Some(io) = tape.io_error() {
                    report.io_error = Some(format!(
                        "{}: read error at line {}: {io}",
                        Escaped(name),
                        e.line
                    ));
                    break;
                }
                Some(Item::Bad(e))
            }
        };
        let next_offset = next.as_ref().map(Item::offset);
        if first {
            first = false;
            // A canonical file starts with its first game (and an empty one is canonical).
            let leading = match next_offset {
                Some(offset) => offset > 0,
                None => tape.rest(0).is_none_or(|rest| !rest.is_empty()),
            };
            if check && leading {
                report.not_canonical = true;
                let bom_only = next_offset.is_some_and(|offset| {
                    tape.slice(0, offset).as_deref() == Some(&[0xEF, 0xBB, 0xBF][..])
                });
                let what = match next_offset {
                    Some(_) if bom_only => "a byte order mark before the first game",
                    Some(_) => "text before the first game",
                    None => "text without a game",
                };
                diagnostics::error(format_args!(
                    "{} (line 1): {what}: not in canonical form",
                    Escaped(name)
                ));
            }
        }
        if let Some(item) = pending.take() {
            handle_item(name, check, item, next_offset, &tape, output, report)?;
        }
        match next {
            Some(item) => {
                tape.discard_before(item.offset());
                pending = Some(item);
            }
            None => break,
        }
    }
    // As `check` says it: an empty input is canonical, but may be the wrong one.
    if number == 1 && report.io_error.is_none() {
        tracing::warn!("{name}: no game found");
    }
    Ok(())
}

/// Formats or checks every input; exit status 1 if a game does not parse (or,
/// with `--check`, if an input is not canonical), 2 if an input cannot be read.
pub fn run(args: &FmtArgs) -> anyhow::Result<Outcome> {
    let mut output = Output {
        out: std::io::BufWriter::new(crate::terminal::ShownOnTerminal::stdout()),
        any: false,
    };
    let mut outcome = Outcome::Success;
    for name in input::names(&args.files) {
        input::note_if_terminal(&name);
        let mut report = InputReport::default();
        format_input(&name, args.check, &mut output, &mut report)
            .map_err(|e| write_failed(e, outcome.max(report.outcome())))?;
        outcome = outcome.max(report.outcome());
        if let Some(e) = &report.io_error {
            diagnostics::error(e);
        }
    }
    output.out.flush().map_err(|e| write_failed(e, outcome))?;
    Ok(outcome)
}
