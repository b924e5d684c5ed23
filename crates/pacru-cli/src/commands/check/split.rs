//! Where to cut one big record file into parts that can be checked in parallel.
//!
//! A cut is only a candidate: a `[` at the start of a line that follows a blank
//! line, which is where a game starts in any file a program writes. Whether the
//! reader, reading the file from its start, really starts a game there (and not,
//! say, inside a comment that spans a blank line) is only known once the part
//! before it has been read; [`super::parallel`] checks that and falls back to
//! reading on when it is not so. The plan also gives the line number of each
//! cut, so that every part reports the lines a sequential reading would.

use crate::input::{READ_ALIGN, line_breaks};
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};

/// How far past the nominal cut a candidate is looked for: first, then at most.
const FIRST_WINDOW: usize = 64 << 10;
const SEARCH_WINDOW: usize = 1 << 20;
/// The size of the reads that count line breaks.
const CHUNK: usize = 256 << 10;

/// The parts of a file: where each starts and on which line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The byte offset of each part's first byte, increasing; the first is 0.
    pub starts: Vec<u64>,
    /// The 1-based line of each part's first byte.
    pub lines: Vec<usize>,
}

/// Whether `b` may stand on a blank line (besides its line break).
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

/// The first candidate cut in `window` (which may start in the middle of a
/// line): the index of a `[` that begins a line following a blank line.
fn candidate_in(window: &[u8]) -> Option<usize> {
    let mut seen_break = false;
    let mut blank = false;
    for (i, &b) in window.iter().enumerate() {
        if b == b'\n' {
            if seen_break && blank && window.get(i + 1) == Some(&b'[') {
                return Some(i + 1);
            }
            seen_break = true;
            blank = true;
        } else if !is_blank(b) {
            blank = false;
        }
    }
    None
}

/// Reads up to `buf.len()` bytes at `offset` (fewer only at the end of the file).
fn read_at(file: &mut File, offset: u64, buf: &mut [u8]) -> io::Result<usize> {
    file.seek(SeekFrom::Start(offset))?;
    let mut filled = 0;
    while filled < buf.len() {
        match file.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// The candidate cuts of a file of `size` bytes cut into about `parts` parts:
/// offsets, increasing, without 0.
pub fn candidates(file: &mut File, size: u64, parts: usize) -> io::Result<Vec<u64>> {
    let mut cuts: Vec<u64> = Vec::new();
    let mut window = vec![0u8; SEARCH_WINDOW];
    for k in 1..parts as u64 {
        let nominal = size / parts as u64 * k;
        if cuts.last().is_some_and(|&last| nominal <= last) {
            continue;
        }
        // Games are short: a small window nearly always holds a cut.
        for len in [FIRST_WINDOW, SEARCH_WINDOW] {
            let n = read_at(file, nominal, &mut window[..len])?;
            if let Some(cut) = first_usable_cut(&window[..n], nominal) {
                cuts.push(cut);
                break;
            }
            if n < len {
                break;
            }
        }
    }
    Ok(cuts)
}

/// The first candidate cut in `window` (which starts at byte `at` of the file)
/// that a reader can start from with the chunks of a reader from the start.
fn first_usable_cut(window: &[u8], at: u64) -> Option<u64> {
    let mut from = 0;
    while let Some(i) = candidate_in(&window[from..]) {
        let cut = at + (from + i) as u64;
        // A reader starting a few bytes before a multiple of READ_ALIGN would
        // read across it to see whether the input starts with a byte order mark,
        // and see the rest of the file in other chunks than a reader from the
        // start.
        if READ_ALIGN - cut % READ_ALIGN >= 3 {
            return Some(cut);
        }
        from += i;
    }
    None
}

/// The number of line breaks in `len` bytes of `file` from `offset`.
pub fn count_line_breaks(file: &mut File, offset: u64, len: u64) -> io::Result<usize> {
    let mut buf = vec![0u8; CHUNK];
    let mut count = 0;
    let mut done = 0u64;
    while done < len {
        let want = usize::try_from(len - done).map_or(CHUNK, |left| left.min(CHUNK));
        let n = read_at(file, offset + done, &mut buf[..want])?;
        if n == 0 {
            break;
        }
        count += line_breaks(&buf[..n]);
        done += n as u64;
    }
    Ok(count)
}

/// The plan for cuts `cuts` (from [`candidates`]), given the number of line breaks
/// before the first cut and between each cut and the next.
pub fn plan(cuts: &[u64], breaks: &[usize]) -> Plan {
    let mut starts = vec![0];
    starts.extend_from_slice(cuts);
    let mut lines = Vec::with_capacity(starts.len());
    let mut line = 1;
    lines.push(line);
    for &n in breaks.iter().take(cuts.len()) {
        line += n;
        lines.push(line);
    }
    Plan { starts, lines }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_candidate_is_a_tag_line_after_a_blank_line() {
        assert_eq!(candidate_in(b"1. a *\n\n[Result"), Some(8));
        assert_eq!(candidate_in(b"*\r\n \t\r\n[X"), Some(7));
        // Tag lines of one game follow each other without a blank line.
        assert_eq!(candidate_in(b"x\n[A \"1\"]\n[B \"2\"]\n"), None);
        // The window may start in the middle of a line: that line is not blank.
        assert_eq!(candidate_in(b"\n[A]"), None);
        assert_eq!(candidate_in(b"abc\n\n"), None);
    }

    #[test]
    fn plans_number_lines_from_the_breaks_before_each_cut() {
        let plan = plan(&[10, 30], &[2, 5, 7]);
        assert_eq!(plan.starts, vec![0, 10, 30]);
        assert_eq!(plan.lines, vec![1, 3, 8]);
    }
}
