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
    /// A line longer than the cap: its first `max` bytes (the rest was skipped).
    TooLong(Vec<u8>),
    /// More than `budget` bytes were read without finishing the line.
    OverBudget,
}

/// Reads one line of at most `max` bytes (longer lines are skipped to their end
/// and reported), reading at most `budget` bytes. Returns the outcome and the
/// number of bytes consumed.
pub fn read_line_bounded(
    reader: &mut impl BufRead,
    max: usize,
    budget: u64,
) -> io::Result<(LineRead, u64)> {
    let mut line = Vec::new();
    let mut too_long = false;
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
            } else if too_long {
                LineRead::TooLong(line)
            } else {
                LineRead::Line(strip_cr(line))
            };
            return Ok((outcome, consumed));
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long {
            let room = max.saturating_sub(line.len());
            if chunk.len() > room {
                line.extend_from_slice(&chunk[..room]);
                too_long = true;
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = done.unwrap_or(buf.len());
        reader.consume(used);
        consumed += used as u64;
        if consumed > budget {
            return Ok((LineRead::OverBudget, consumed));
        }
        if done.is_some() {
            let outcome = if too_long {
                LineRead::TooLong(line)
            } else {
                LineRead::Line(strip_cr(line))
            };
            return Ok((outcome, consumed));
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
            (LineRead::TooLong(b"cdef".to_vec()), 7)
        );
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
            read_line_bounded(&mut endless, 4, 100).unwrap().0,
            LineRead::OverBudget
        );
    }
}
