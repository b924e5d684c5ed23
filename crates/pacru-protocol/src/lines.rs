//! Reading lines with a cap on their length and on the bytes read: how the SDK
//! reads requests and how a referee reads an engine's output, so that no peer can
//! make the other hold an endless line in memory.

use std::io::{self, BufRead};

/// The outcome of reading one line.
#[derive(Debug, PartialEq, Eq)]
pub enum LineRead {
    /// The input ended before any byte of a new line.
    Eof,
    /// A line, without its line end (`\n` or `\r\n`).
    Line(Vec<u8>),
    /// A line longer than the cap: its first `max` bytes. The rest of the line is
    /// left unread ([`skip_line`] skips it).
    TooLong(Vec<u8>),
    /// More than `budget` bytes were read without finishing the line.
    OverBudget,
}

/// Reads one line of at most `max` bytes (its line end, `\n` or `\r\n`, not
/// counted), reading at most `budget` bytes. A longer line is reported as soon as
/// it passes `max` bytes and a possible `\r`, without waiting for its end, which is
/// left unread ([`skip_line`]). Returns the outcome and the number of bytes
/// consumed.
pub fn read_line_bounded(
    reader: &mut impl BufRead,
    max: usize,
    budget: u64,
) -> io::Result<(LineRead, u64)> {
    // One byte more than `max` may be the `\r` of a `\r\n`.
    let cap = max.saturating_add(1);
    let mut line = Vec::new();
    let mut consumed: u64 = 0;
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            let outcome = if consumed == 0 {
                LineRead::Eof
            } else {
                finish(line, max)
            };
            return Ok((outcome, consumed));
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = cap.saturating_sub(line.len());
        if chunk.len() > room {
            // More than `max` bytes and a `\r` without a line end: too long.
            line.extend_from_slice(&chunk[..room]);
            reader.consume(room);
            consumed += room as u64;
            if consumed > budget {
                return Ok((LineRead::OverBudget, consumed));
            }
            line.truncate(max);
            return Ok((LineRead::TooLong(line), consumed));
        }
        line.extend_from_slice(chunk);
        let mut used = done.unwrap_or(buf.len());
        let outcome = done.map(|_| finish(std::mem::take(&mut line), max));
        if matches!(outcome, Some(LineRead::TooLong(_))) {
            // `max` bytes and one more that is not a `\r`: leave the line end
            // unread, as for any line too long.
            used -= 1;
        }
        reader.consume(used);
        consumed += used as u64;
        if consumed > budget {
            return Ok((LineRead::OverBudget, consumed));
        }
        if let Some(outcome) = outcome {
            return Ok((outcome, consumed));
        }
    }
}

/// A whole line read (up to `max` bytes and a `\r` more): the line without its
/// `\r`, or its first `max` bytes if it is longer.
fn finish(line: Vec<u8>, max: usize) -> LineRead {
    let mut line = strip_cr(line);
    if line.len() > max {
        line.truncate(max);
        LineRead::TooLong(line)
    } else {
        LineRead::Line(line)
    }
}

/// Skips the rest of a line (after [`LineRead::TooLong`]), its line end included,
/// reading at most `budget` bytes. Returns whether the line (or the input) ended
/// within the budget, and the number of bytes consumed.
pub fn skip_line(reader: &mut impl BufRead, budget: u64) -> io::Result<(bool, u64)> {
    let mut consumed: u64 = 0;
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok((true, consumed));
        }
        let (used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        reader.consume(used);
        consumed += used as u64;
        if consumed > budget {
            return Ok((false, consumed));
        }
        if done {
            return Ok((true, consumed));
        }
    }
}

fn strip_cr(mut line: Vec<u8>) -> Vec<u8> {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_caps_and_budget() {
        let mut input = io::Cursor::new(b"ab\r\ncdefgh\nij".to_vec());
        assert_eq!(
            read_line_bounded(&mut input, 4, 100).unwrap(),
            (LineRead::Line(b"ab".to_vec()), 4)
        );
        assert_eq!(
            read_line_bounded(&mut input, 4, 100).unwrap(),
            (LineRead::TooLong(b"cdef".to_vec()), 5)
        );
        assert_eq!(skip_line(&mut input, 100).unwrap(), (true, 2));
        assert_eq!(
            read_line_bounded(&mut input, 4, 100).unwrap(),
            (LineRead::Line(b"ij".to_vec()), 2)
        );
        assert_eq!(
            read_line_bounded(&mut input, 4, 100).unwrap().0,
            LineRead::Eof
        );
        let mut endless = io::BufReader::with_capacity(8, io::repeat(b'x'));
        assert_eq!(
            read_line_bounded(&mut endless, 200, 100).unwrap().0,
            LineRead::OverBudget
        );
        assert!(!skip_line(&mut endless, 100).unwrap().0);
    }

    #[test]
    fn a_line_without_end_is_too_long_as_soon_as_it_passes_the_cap() {
        // An endless line: reported after the cap (and a byte that could have been
        // a `\r`), not after the budget.
        let mut endless = io::BufReader::with_capacity(8, io::repeat(b'x'));
        assert_eq!(
            read_line_bounded(&mut endless, 4, 1 << 40).unwrap(),
            (LineRead::TooLong(b"xxxx".to_vec()), 5)
        );
        let mut input = io::Cursor::new(b"abcde\nabcd\nabcde".to_vec());
        assert_eq!(
            read_line_bounded(&mut input, 4, 100).unwrap(),
            (LineRead::TooLong(b"abcd".to_vec()), 5)
        );
        assert_eq!(skip_line(&mut input, 100).unwrap(), (true, 1));
        assert_eq!(
            read_line_bounded(&mut input, 4, 100).unwrap(),
            (LineRead::Line(b"abcd".to_vec()), 5)
        );
        assert_eq!(
            read_line_bounded(&mut input, 4, 100).unwrap().0,
            LineRead::TooLong(b"abcd".to_vec())
        );
    }

    #[test]
    fn the_cr_of_a_crlf_does_not_count_towards_the_cap() {
        // "A CR before the LF is ignored": a line of `max` bytes ended by CRLF is
        // as good as one ended by LF, also when the CR and the LF come in
        // different reads.
        for capacity in [1, 2, 3, 4, 5, 6, 64] {
            let mut input = io::BufReader::with_capacity(
                capacity,
                io::Cursor::new(b"abcd\r\nabcd\r\r\nxy\r\nabcd\r".to_vec()),
            );
            assert_eq!(
                read_line_bounded(&mut input, 4, 100).unwrap(),
                (LineRead::Line(b"abcd".to_vec()), 6)
            );
            assert_eq!(
                read_line_bounded(&mut input, 4, 100).unwrap(),
                (LineRead::TooLong(b"abcd".to_vec()), 5)
            );
            assert_eq!(skip_line(&mut input, 100).unwrap(), (true, 2));
            assert_eq!(
                read_line_bounded(&mut input, 4, 100).unwrap(),
                (LineRead::Line(b"xy".to_vec()), 4)
            );
            assert_eq!(
                read_line_bounded(&mut input, 4, 100).unwrap(),
                (LineRead::Line(b"abcd".to_vec()), 5)
            );
            assert_eq!(
                read_line_bounded(&mut input, 4, 100).unwrap().0,
                LineRead::Eof
            );
        }
    }
}
