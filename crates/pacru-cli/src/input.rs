//! Opening record files and reading them as streams, with a bounded "tape" of the
//! most recent bytes so that reports can quote the offending line and `fmt` can copy
//! a game through unchanged, without ever holding a whole file in memory.

use pacru_core::Escaped;
use pacru_referee::parts::line_breaks;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The name under which standard input is given and reported.
pub const STDIN: &str = "-";

/// The most bytes the tape keeps: a game is at most 16 MiB (the reader's cap), plus
/// what the reader reads ahead.
pub const TAPE_CAP: usize = 17 << 20;

/// An input named on the command line: the path as given, which is what is
/// opened, and the name it is reported under. The two differ only for a path
/// that is not UTF-8, whose name shows U+FFFD in place of the bad bytes: the
/// file is still the one given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputName {
    name: String,
    path: PathBuf,
}

impl InputName {
    /// The input at `path` (`-`: standard input).
    pub fn new(path: &Path) -> InputName {
        InputName {
            name: path.display().to_string(),
            path: path.to_path_buf(),
        }
    }

    /// The path to open.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether this input is standard input (`-`).
    pub fn is_stdin(&self) -> bool {
        self.path.as_os_str() == STDIN
    }
}

impl std::ops::Deref for InputName {
    type Target = str;

    /// The name the input is reported under.
    fn deref(&self) -> &str {
        &self.name
    }
}

impl fmt::Display for InputName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// The inputs named on the command line: none means standard input.
pub fn names(files: &[PathBuf]) -> Vec<InputName> {
    if files.is_empty() {
        vec![InputName::new(Path::new(STDIN))]
    } else {
        files.iter().map(|p| InputName::new(p)).collect()
    }
}

/// An input that cannot be read: its name and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// The input's name as given (`-` for standard input).
    pub name: String,
    /// Why, e.g. `cannot open: No such file or directory (os error 2)`.
    pub reason: String,
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", Escaped(&self.name), Escaped(&self.reason))
    }
}

impl std::error::Error for Unreadable {}

/// Opens an input for reading: `-` is standard input; a directory or a missing or
/// unreadable file is an error that says which and why.
pub fn open(name: &InputName) -> Result<Box<dyn Read + Send>, Unreadable> {
    if name.is_stdin() {
        return Ok(Box::new(io::stdin()));
    }
    let unreadable = |reason: String| Unreadable {
        name: name.to_string(),
        reason,
    };
    let path = name.path();
    let meta = std::fs::metadata(path).map_err(|e| unreadable(format!("cannot open: {e}")))?;
    if meta.is_dir() {
        return Err(unreadable("is a directory, not a record file".to_string()));
    }
    let file = File::open(path).map_err(|e| unreadable(format!("cannot open: {e}")))?;
    Ok(Box::new(file))
}

/// Says on standard error that input `name` is read from standard input, when it
/// is and standard input is a terminal (where a silent wait looks like a hang).
pub fn note_if_terminal(name: &InputName) {
    use std::io::IsTerminal;
    if name.is_stdin() && io::stdin().is_terminal() {
        crate::diagnostics::note(
            "reading records from standard input (end with Ctrl-D; --help shows how to name files)",
        );
    }
}

/// The size of input `name` if it is a regular file (for a progress bar).
pub fn open_size(name: &InputName) -> Option<u64> {
    if name.is_stdin() {
        return None;
    }
    std::fs::metadata(name.path())
        .ok()
        .filter(std::fs::Metadata::is_file)
        .map(|m| m.len())
}

/// The recent bytes of an input, with the line number of their first byte.
#[derive(Debug, Default)]
pub struct TapeBuf {
    /// The byte offset in the input of the first kept byte.
    start: u64,
    /// The 1-based line of the first kept byte.
    start_line: usize,
    /// Whether the first kept byte starts a line.
    at_line_start: bool,
    /// The bytes kept: a ring, so that forgetting the oldest moves nothing.
    bytes: VecDeque<u8>,
    /// The first read error, as text.
    io_error: Option<String>,
}

impl TapeBuf {
    fn new() -> TapeBuf {
        TapeBuf {
            start: 0,
            start_line: 1,
            at_line_start: true,
            bytes: VecDeque::new(),
            io_error: None,
        }
    }

    /// The bytes kept, in one piece.
    fn kept(&mut self) -> &[u8] {
        self.bytes.make_contiguous()
    }

    /// Forgets the first `n` kept bytes, keeping the line count right: the
    /// first byte kept is on line `line` when the caller knows it, else the line
    /// breaks forgotten are counted.
    fn drop_front(&mut self, n: usize, line: Option<usize>) {
        let n = n.min(self.bytes.len());
        if n == 0 {
            return;
        }
        let (front, back) = self.bytes.as_slices();
        let (first, second) = if n <= front.len() {
            (&front[..n], &back[..0])
        } else {
            (front, &back[..n - front.len()])
        };
        let counted = || self.start_line + line_breaks(first) + line_breaks(second);
        debug_assert!(line.is_none_or(|line| line == counted()));
        self.start_line = line.unwrap_or_else(counted);
        self.at_line_start = second.last().or(first.last()) == Some(&b'\n');
        self.start += n as u64;
        self.bytes.drain(..n);
    }
}

/// A shared handle on the tape of one input.
#[derive(Clone, Debug)]
pub struct Tape(Rc<RefCell<TapeBuf>>);

impl Tape {
    /// Forgets every byte before `offset`.
    pub fn discard_before(&self, offset: u64) {
        let mut buf = self.0.borrow_mut();
        let n = offset.saturating_sub(buf.start);
        buf.drop_front(usize::try_from(n).unwrap_or(usize::MAX), None);
    }

    /// Forgets every byte before `offset`, which is on line `line` of the tape's
    /// numbering (as a reader that has read up to there says; nothing is counted).
    pub fn discard_before_line(&self, offset: u64, line: usize) {
        let mut buf = self.0.borrow_mut();
        let n = offset.saturating_sub(buf.start);
        if n > 0 {
            buf.drop_front(usize::try_from(n).unwrap_or(usize::MAX), Some(line));
        }
    }

    /// The text of line `line` (1-based), without its line break and without a
    /// byte order mark, if it is still kept whole.
    pub fn line(&self, line: usize) -> Option<String> {
        let mut buf = self.0.borrow_mut();
        if line < buf.start_line || (line == buf.start_line && !buf.at_line_start) {
            return None;
        }
        let mut current = buf.start_line;
        let mut begin = 0;
        let bytes = buf.kept();
        for (i, &b) in bytes.iter().enumerate() {
            if current == line && b == b'\n' {
                return Some(clean_line(&bytes[begin..i]));
            }
            if b == b'\n' {
                current += 1;
                begin = i + 1;
            }
        }
        // The last line, if the input ended without a line break... or is still
        // being read: good enough for a report either way.
        (current == line && begin < bytes.len()).then(|| clean_line(&bytes[begin..]))
    }

    /// The bytes from `from` to `to` (offsets in the input), if still all kept.
    pub fn slice(&self, from: u64, to: u64) -> Option<Vec<u8>> {
        let mut buf = self.0.borrow_mut();
        if from < buf.start || to < from {
            return None;
        }
        let a = usize::try_from(from - buf.start).ok()?;
        let b = usize::try_from(to - buf.start).ok()?;
        buf.kept().get(a..b).map(<[u8]>::to_vec)
    }

    /// The bytes from `from` to the end of what was read, if still all kept.
    pub fn rest(&self, from: u64) -> Option<Vec<u8>> {
        let end = {
            let buf = self.0.borrow();
            buf.start + buf.bytes.len() as u64
        };
        self.slice(from, end)
    }

    /// The first read error of the input, if there was one.
    pub fn io_error(&self) -> Option<String> {
        self.0.borrow().io_error.clone()
    }
}

/// Strips a line break's `\r` and a byte order mark and decodes lossily. The
/// line may hold control characters: show it through [`crate::excerpt`], which
/// escapes them.
fn clean_line(bytes: &[u8]) -> String {
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    String::from_utf8_lossy(bytes).into_owned()
}

/// A reader that records what passes through it on a [`Tape`] (at most `cap`
/// bytes, the oldest forgotten first), remembers read errors and counts bytes for
/// a progress bar.
pub struct TapeReader<R> {
    inner: R,
    tape: Tape,
    cap: usize,
    progress: Option<Arc<AtomicU64>>,
}

impl<R: Read> TapeReader<R> {
    /// Wraps `inner`; returns the reader and a handle on its tape (which keeps
    /// nothing when `cap` is 0: no quotes, only read errors).
    pub fn new(inner: R, cap: usize, progress: Option<Arc<AtomicU64>>) -> (TapeReader<R>, Tape) {
        let tape = Tape(Rc::new(RefCell::new(TapeBuf::new())));
        let reader = TapeReader {
            inner,
            tape: tape.clone(),
            cap,
            progress,
        };
        (reader, tape)
    }
}

impl<R: Read> Read for TapeReader<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(out) {
            Ok(n) => {
                let mut buf = self.tape.0.borrow_mut();
                if self.cap == 0 {
                    // Nothing is kept: only the offset moves on.
                    buf.start += n as u64;
                    if let Some(counter) = &self.progress {
                        counter.fetch_add(n as u64, Ordering::Relaxed);
                    }
                    return Ok(n);
                }
                buf.bytes.extend(&out[..n]);
                if buf.bytes.len() > self.cap {
                    let excess = buf.bytes.len() - self.cap;
                    buf.drop_front(excess, None);
                }
                if let Some(counter) = &self.progress {
                    counter.fetch_add(n as u64, Ordering::Relaxed);
                }
                Ok(n)
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => Err(e),
            Err(e) => {
                let mut buf = self.tape.0.borrow_mut();
                if buf.io_error.is_none() {
                    buf.io_error = Some(e.to_string());
                }
                Err(e)
            }
        }
    }
}

/// The raw text of a game that starts at `from`, up to the next game (at `to`;
/// `None`: the end of the input), as `fmt` and `analyse` copy a game that does
/// not parse: its last line kept whole with its own line break (`\r\n` stays `\r\n`,
/// blanks before it stay), the blank lines after it left to the separator
/// between games. A last line without a line break (the end of the input) gets
/// `\n`, so that a game written after it starts on a line of its own.
pub fn raw_game(tape: &Tape, from: u64, to: Option<u64>) -> Option<Vec<u8>> {
    let mut bytes = match to {
        Some(to) => tape.slice(from, to)?,
        None => tape.rest(from)?,
    };
    bytes.truncate(end_of_last_line(&bytes));
    if bytes.last() != Some(&b'\n') {
        bytes.push(b'\n');
    }
    Some(bytes)
}

/// Where the last line of `text` that holds more than blanks ends, its line
/// break included (the length of `text` when it has no line break after it).
fn end_of_last_line(text: &[u8]) -> usize {
    let Some(last) = text.iter().rposition(|b| !b.is_ascii_whitespace()) else {
        return 0;
    };
    match text[last..].iter().position(|&b| b == b'\n') {
        Some(i) => last + i + 1,
        None => text.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tape_finds_lines_and_forgets_old_bytes() {
        let text = "\u{feff}one\r\ntwo\nthree";
        let (mut reader, tape) = TapeReader::new(text.as_bytes(), 1 << 20, None);
        let mut sink = Vec::new();
        reader.read_to_end(&mut sink).unwrap();
        assert_eq!(tape.line(1).as_deref(), Some("one"));
        assert_eq!(tape.line(2).as_deref(), Some("two"));
        assert_eq!(tape.line(3).as_deref(), Some("three"));
        assert_eq!(tape.line(4), None);
        tape.discard_before(8);
        assert_eq!(tape.line(1), None);
        assert_eq!(tape.line(2).as_deref(), Some("two"));
        tape.discard_before(9);
        assert_eq!(tape.line(2), None);
        assert_eq!(tape.line(3).as_deref(), Some("three"));
        assert_eq!(tape.rest(12).as_deref(), Some(&b"three"[..]));
    }

    #[test]
    fn a_discard_at_a_known_line_keeps_what_counting_keeps() {
        let text = "one\ntwo\r\nthree\nfour";
        for offset in 0..=text.len() as u64 {
            let line = 1 + text.as_bytes()[..offset as usize]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            let (mut counting, counted) = TapeReader::new(text.as_bytes(), 1 << 20, None);
            let (mut told, known) = TapeReader::new(text.as_bytes(), 1 << 20, None);
            let mut sink = Vec::new();
            counting.read_to_end(&mut sink).unwrap();
            told.read_to_end(&mut sink).unwrap();
            counted.discard_before(offset);
            known.discard_before_line(offset, line);
            for n in 0..6 {
                assert_eq!(counted.line(n), known.line(n), "offset {offset}, line {n}");
            }
            assert_eq!(counted.rest(offset), known.rest(offset));
        }
    }

    #[test]
    fn tape_cap_keeps_line_numbers() {
        let text = "a\nb\nc\nd\n";
        let (mut reader, tape) = TapeReader::new(text.as_bytes(), 3, None);
        let mut sink = [0u8; 2];
        while reader.read(&mut sink).unwrap() > 0 {}
        assert_eq!(tape.line(4).as_deref(), Some("d"));
        assert_eq!(tape.line(2), None);
    }
}
