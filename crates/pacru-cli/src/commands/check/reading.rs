//! Reading and refereeing one input (a file, or a part of one) game by game,
//! with the tape that text reports quote from.

use super::{Settings, tape_cap};
use crate::input::{Tape, TapeReader};
use pacru_notation::pgr::Reader;
use pacru_referee::parts::AlignedReads;
use pacru_referee::{Checker, Verdict};
use std::io::Read;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

/// Why an input cannot be read from some point on: the read error, and the
/// line the reader had reached, if it says.
pub struct ReadFailure {
    /// Counted from 1 at the first byte the reader read.
    line: Option<usize>,
    error: String,
}

impl ReadFailure {
    /// The report's words, `lines` being the line breaks before the first
    /// byte the reader read.
    pub fn reason(&self, lines: usize) -> String {
        match self.line {
            Some(line) => format!("read error at line {}: {}", line + lines, self.error),
            None => format!("read error: {}", self.error),
        }
    }
}

/// The reader of one input over its tape, and the referee of its games.
pub struct Refereeing<R> {
    reader: Reader<TapeReader<AlignedReads<R>>>,
    tape: Tape,
    checker: Checker,
}

impl<R: Read> Refereeing<R> {
    /// Referees `input`, whose first byte is byte `at` of its file; lines are
    /// numbered from 1 there. `read` counts the bytes read for the progress bar.
    pub fn new(input: R, at: u64, settings: Settings, read: &Arc<AtomicU64>) -> Refereeing<R> {
        let input = AlignedReads::new(input, at);
        let (tape_reader, tape) =
            TapeReader::new(input, tape_cap(settings), Some(Arc::clone(read)));
        let mut reader = Reader::new(tape_reader).lenient();
        if at > 0 {
            reader = reader.continuing_at_line(1);
        }
        // Referees as it reads, building no `Game`: the same verdicts as `check_game`.
        let checker = Checker::with_default_rules(settings.rules.unwrap_or_default());
        Refereeing {
            reader,
            tape,
            checker,
        }
    }

    /// Reads and referees the next game (a malformed game gets a verdict too);
    /// the tape then holds that game's text. `Ok(None)` at the end of the input,
    /// `Err` when the input cannot be read from here on.
    pub fn next(&mut self) -> Result<Option<Verdict>, ReadFailure> {
        let start = self.reader.offset();
        let start_line = self.reader.line();
        match self.reader.read_with(&mut self.checker) {
            Ok(None) => match self.tape.io_error() {
                Some(io) => Err(ReadFailure {
                    line: None,
                    error: io.to_string(),
                }),
                None => Ok(None),
            },
            Ok(Some(verdict)) => {
                self.tape.discard_before_line(start, start_line);
                Ok(Some(verdict))
            }
            Err(e) => {
                if let Some(io) = self.tape.io_error() {
                    return Err(ReadFailure {
                        line: Some(e.line),
                        error: io.to_string(),
                    });
                }
                self.tape.discard_before(e.game_offset);
                Ok(Some(self.checker.malformed(&e)))
            }
        }
    }

    /// The recent text of the input, for quoting.
    pub fn tape(&self) -> &Tape {
        &self.tape
    }

    /// The reader, for where the last game began.
    pub fn reader(&self) -> &Reader<TapeReader<AlignedReads<R>>> {
        &self.reader
    }
}
