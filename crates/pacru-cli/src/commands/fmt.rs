//! `pacru fmt`: rewrite records in canonical form, or check that they are.
//!
//! Each input is read as a stream; the raw text of the current game is kept on a
//! bounded tape so that a game that does not parse can be copied through
//! unchanged, and so that `--check` can compare each game's text with its
//! canonical form without holding the file.

use crate::Outcome;
use crate::cli::FmtArgs;
use crate::input::{self, TAPE_CAP, Tape, TapeReader};
use pacru_notation::pgr::{PgrError, Reader, write_game};
use std::io::Write;

/// One item of an input: a game's canonical text, or a game that does not parse.
enum Item {
    /// The canonical text of a game that parsed, and where it started.
    Game { text: String, offset: u64 },
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

/// The raw text of a game that does not parse: its bytes up to the next game,
/// without trailing blank lines, ending with one line break.
fn raw_game(tape: &Tape, from: u64, to: Option<u64>) -> Option<Vec<u8>> {
    let mut bytes = match to {
        Some(to) => tape.slice(from, to)?,
        None => tape.rest(from)?,
    };
    while bytes.last().is_some_and(u8::is_ascii_whitespace) {
        bytes.pop();
    }
    bytes.push(b'\n');
    Some(bytes)
}

/// What happened to one input.
#[derive(Default)]
struct InputReport {
    /// Whether some game did not parse.
    malformed: bool,
    /// The first place where the input differs from its canonical form.
    not_canonical: Option<String>,
    /// A read error.
    io_error: Option<String>,
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
        Item::Game { text, .. } if check => {
            // Canonical: the game's canonical text, then one blank line if a game follows.
            let raw = match next_offset {
                Some(to) => tape.slice(from, to),
                None => tape.rest(from),
            };
            let mut expected = text.into_bytes();
            if next_offset.is_some() {
                expected.push(b'\n');
            }
            if raw.as_deref() != Some(expected.as_slice()) && report.not_canonical.is_none() {
                report.not_canonical = Some(format!(
                    "the game at byte {from} is not written canonically"
                ));
            }
        }
        Item::Game { text, .. } => output.game(text.as_bytes())?,
        Item::Bad(e) => {
            report.malformed = true;
            let action = if check { "" } else { "; copied unchanged" };
            eprintln!(
                "pacru: {name}: game {} (line {}) does not parse: line {}, column {}: {}{action}",
                e.game, e.game_line, e.line, e.column, e.message
            );
            if check {
                report
                    .not_canonical
                    .get_or_insert_with(|| "a game does not parse".to_string());
            } else {
                match raw_game(tape, from, next_offset) {
                    Some(raw) => output.game(&raw)?,
                    None => {
                        report.io_error = Some(format!(
                            "{name}: game {} is too long to be copied through",
                            e.game
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}

/// Formats (or checks) one input.
fn format_input<W: Write>(
    name: &str,
    check: bool,
    output: &mut Output<W>,
) -> anyhow::Result<InputReport> {
    let mut report = InputReport::default();
    let file = match input::open(name) {
        Ok(file) => file,
        Err(e) => {
            report.io_error = Some(format!("{e:#}"));
            return Ok(report);
        }
    };
    let (tape_reader, tape) = TapeReader::new(file, TAPE_CAP, None);
    let mut reader = Reader::new(tape_reader).lenient();
    // The previous item waits for the start of the next one, which ends its text.
    let mut pending: Option<Item> = None;
    let mut first = true;
    loop {
        let next = match reader.read_game() {
            Ok(Some(game)) => Some(Item::Game {
                text: write_game(&game),
                offset: game.offset,
            }),
            Ok(None) => None,
            Err(e) => {
                if let Some(io) = tape.io_error() {
                    report.io_error = Some(format!("{name}: read error at line {}: {io}", e.line));
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
                report.not_canonical = Some("text before the first game".to_string());
            }
        }
        if let Some(item) = pending.take() {
            handle_item(name, check, item, next_offset, &tape, output, &mut report)?;
        }
        match next {
            Some(item) => {
                tape.discard_before(item.offset());
                pending = Some(item);
            }
            None => break,
        }
    }
    Ok(report)
}

/// Formats or checks every input; exit status 1 if a game does not parse (or,
/// with `--check`, if an input is not canonical), 2 if an input cannot be read.
pub fn run(args: &FmtArgs) -> anyhow::Result<Outcome> {
    let mut output = Output {
        out: std::io::BufWriter::new(std::io::stdout().lock()),
        any: false,
    };
    let mut outcome = Outcome::Success;
    for name in input::names(&args.files) {
        let report = format_input(&name, args.check, &mut output)?;
        if report.malformed {
            outcome = outcome.max(Outcome::Failure);
        }
        if let Some(reason) = &report.not_canonical {
            outcome = outcome.max(Outcome::Failure);
            if args.check && !report.malformed {
                eprintln!("pacru: {name}: not canonical ({reason})");
            }
        }
        if let Some(e) = report.io_error {
            eprintln!("pacru: error: {e}");
            outcome = Outcome::IoError;
        }
    }
    output.out.flush()?;
    Ok(outcome)
}
