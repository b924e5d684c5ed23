//! Where to cut one big record file into parts that can be read in parallel.
//!
//! A cut is only a candidate: a `[` at the start of a line that follows a blank
//! line, which is where a game starts in any file a program writes. Whether a
//! reader going through the file from its start really begins a game there (and
//! not, say, inside a comment that spans a blank line) is only known once the part
//! before it has been read; [`super::run`] checks that and reads on when it is
//! not so. A plan reads only a window of the file around each cut: the lines
//! before a part are counted by the reader of the part before it, as it reads
//! them anyway (see [`super::Before`]).

use super::lines::READ_ALIGN;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

/// Files smaller than this are read on one thread.
pub const MIN_PARALLEL_BYTES: u64 = 2 << 20;
/// The largest part: small parts keep the threads evenly busy to the end.
const MAX_PART_BYTES: u64 = 1 << 20;
/// The most parts (each has a channel): parts of a huge file are larger.
const MAX_PARTS: usize = 4096;
/// How far past the nominal cut a candidate is looked for: first, then at most.
const FIRST_WINDOW: usize = 64 << 10;
const SEARCH_WINDOW: usize = 1 << 20;

/// The parts of a file: where each starts.
///
/// ```
/// use pacru_referee::parts::Plan;
/// let plan = Plan::from_cuts(&[10, 30]);
/// assert_eq!(plan.len(), 3);
/// assert_eq!((plan.start(0), plan.start(1)), (0, 10));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The byte offset of each part's first byte, increasing; the first is 0.
    starts: Vec<u64>,
}

impl Plan {
    /// The plan for reading the file at `path` on `threads` threads, or `None`
    /// when it is better read on one thread: fewer than two threads, a file under
    /// 2 MiB, something other than a regular file, or no candidate cut.
    pub fn for_file(path: &Path, threads: usize) -> io::Result<Option<Plan>> {
        if threads < 2 {
            return Ok(None);
        }
        let meta = std::fs::metadata(path)?;
        if !meta.is_file() || meta.len() < MIN_PARALLEL_BYTES {
            return Ok(None);
        }
        let parts = usize::try_from(meta.len().div_ceil(MAX_PART_BYTES))
            .unwrap_or(usize::MAX)
            .min(MAX_PARTS)
            .max(threads * 4);
        let plan = Plan::cut_into(path, parts)?;
        Ok((plan.len() > 1).then_some(plan))
    }

    /// A plan that cuts the file at `path` into about `parts` parts of similar
    /// size, at candidate game starts (fewer where no candidate is found).
    pub fn cut_into(path: &Path, parts: usize) -> io::Result<Plan> {
        let mut file = File::open(path)?;
        let size = file.metadata()?.len();
        let cuts = candidates(&mut file, size, parts.max(1))?;
        Ok(Plan::from_cuts(&cuts))
    }

    /// The plan for cuts `cuts` (increasing, without 0).
    ///
    /// A cut may fall anywhere: one where no game begins a line is read through
    /// by the part before it (it costs time, not exactness).
    pub fn from_cuts(cuts: &[u64]) -> Plan {
        let mut starts = vec![0];
        starts.extend_from_slice(cuts);
        Plan { starts }
    }

    /// The number of parts.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Whether the plan has no part (never: the first part starts at byte 0).
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// The byte offset of the first byte of part `index`.
    ///
    /// # Panics
    ///
    /// If `index` is not below [`Plan::len`].
    pub fn start(&self, index: usize) -> u64 {
        self.starts[index]
    }

    /// The starts of parts `index` and after.
    pub(crate) fn starts_from(&self, index: usize) -> &[u64] {
        self.starts.get(index..).unwrap_or_default()
    }
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
fn candidates(file: &mut File, size: u64, parts: usize) -> io::Result<Vec<u64>> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

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
    fn cuts_avoid_the_last_bytes_before_an_aligned_read_ends() {
        let end = READ_ALIGN;
        // A candidate two bytes before the alignment is passed over.
        let mut window = vec![b'x'; 64];
        window[59] = b'\n';
        window[60] = b'\n';
        window[61] = b'[';
        assert_eq!(first_usable_cut(&window, end - 63), None);
        assert_eq!(first_usable_cut(&window, end - 64), Some(end - 3));
    }

    #[test]
    fn a_file_is_cut_at_game_starts() {
        let game = "[Event \"e\"]\n[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
        let text = vec![game; 2000].join("\n");
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(text.as_bytes()).unwrap();
        let plan = Plan::cut_into(file.path(), 10).unwrap();
        assert_eq!(plan.len(), 10);
        for i in 0..plan.len() {
            let start = plan.start(i) as usize;
            assert!(text[start..].starts_with("[Event"));
            assert!(i == 0 || start > plan.start(i - 1) as usize);
        }
        // Small files are read on one thread.
        assert_eq!(Plan::for_file(file.path(), 2).unwrap(), None);
    }
}
