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

/// Reads one line of at most `max` bytes, reading at most `budget` bytes. A
/// longer line is reported as soon as it passes `max` bytes, without waiting for
/// its end, which is left unread ([`skip_line`]). Returns the outcome and the
/// number of bytes consumed.
pub fn read_line_bounded(
    reader: &mut impl BufRead,
    max: usize,
    budget: u64,
) -> io::Result<(LineRead, u64)> {
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
                LineRead::Line(strip_cr(line))
            };
            return Ok((outcome, consumed));
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = max.saturating_sub(line.len());
        if chunk.len() > room {
            // More than `max` bytes and no line end among them: too long.
            line.extend_from_slice(&chunk[..room]);
            reader.consume(room);
            consumed += room as u64;
            if consumed > budget {
                return Ok((LineRead::OverBudget, consumed));
            }
            return Ok((LineRead::TooLong(line), consumed));
        }
        line.extend_from_slice(chunk);
        let used = done.unwrap_or(buf.len());
        reader.consume(used);
        consumed += used as u64;
        if consumed > budget {
            return Ok((LineRead::OverBudget, consumed));
        }
        if done.is_some() {
            return Ok((LineRead::Line(strip_cr(line)), consumed));
        }
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
            (LineRead::TooLong(b"cdef".to_vec()), 4)
        );
        assert_eq!(skip_line(&mut input, 100).unwrap(), (true, 3));
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
        // An endless line: reported after the cap, not after the budget.
        let mut endless = io::BufReader::with_capacity(8, io::repeat(b'x'));
        assert_eq!(
            read_line_bounded(&mut endless, 4, 1 << 40).unwrap(),
            (LineRead::TooLong(b"xxxx".to_vec()), 4)
        );
        let mut input = io::Cursor::new(b"abcd\r\nabcd\nabcde".to_vec());
        assert_eq!(
            read_line_bounded(&mut input, 4, 100).unwrap(),
            (LineRead::TooLong(b"abcd".to_vec()), 4)
        );
        assert_eq!(skip_line(&mut input, 100).unwrap(), (true, 2));
        assert_eq!(
            read_line_bounded(&mut input, 4, 100).unwrap(),
            (LineRead::Line(b"abcd".to_vec()), 5)
        );
        assert_eq!(
            read_line_bounded(&mut input, 4, 100).unwrap().0,
            LineRead::TooLong(b"abcd".to_vec())
        );
    }
}
