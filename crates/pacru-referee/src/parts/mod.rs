//! Reading one big record file in parts, on several threads, with the results of
//! one sequential reading.
//!
//! A [`Plan`] cuts the file at candidate game starts (a `[` opening a line after
//! a blank line). Each part is read by a worker with a reader of its own from the
//! part's first byte ([`run`]); game and line numbers are counted from the
//! part's first byte and shifted by the games and lines before the part, which
//! the reader of the part before counts as it reads (no pass over the file
//! before the parts).
//!
//! A cut is valid only if a reader going through the file from its start begins
//! a game exactly there: a reader between games has no state a fresh reader
//! lacks. So the worker of a part reads past the part's end until a game begins
//! at or after the next cut. If it begins exactly at a cut, that cut is
//! confirmed and the worker stops. If a game begins after a cut (the cut lay
//! inside a game, a comment, or a stretch the reader skipped after a malformed
//! game), the cut was wrong: the worker reads on to the next one, and the output
//! of the parts it read through is dropped. Since the decision is always made by
//! the reader that read every byte before the cut, the results are those of a
//! sequential reading, whatever the cuts.
//!
//! [`check_file`] referees a file this way; `pacru check` runs the same parts
//! with its own rendering of each verdict.

mod lines;
mod plan;
mod run;
mod verdicts;

pub use lines::{AlignedReads, READ_ALIGN, line_breaks};
pub use plan::{MIN_PARALLEL_BYTES, Plan};
pub use run::{Before, Part, RunEnd, run};
pub use verdicts::{FileVerdicts, check_file};

#[cfg(test)]
mod tests;
