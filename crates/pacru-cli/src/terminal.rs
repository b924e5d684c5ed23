//! Data written to standard output that may be a terminal.
//!
//! Records (`pacru fmt`, `pacru analyse`, `pacru import`, `pacru event export
//! --pgr -`) carry text from outside as it is: a comment or a tag may hold an ESC
//! that starts a terminal escape sequence. Written to a file or a pipe they stay
//! byte for byte what they are; written to a terminal they go through
//! [`ShownOnTerminal`], which escapes the characters that act on it
//! ([`pacru_core::Escaped`], line by line) as every human-readable output does.

use pacru_core::Escaped;
use std::io::{self, IsTerminal, Write};

/// A writer that, when it writes to a terminal, escapes the characters that act
/// on the terminal (`\u{1b}`), keeping line breaks and tabs; bytes that are not
/// UTF-8 are shown as U+FFFD. Elsewhere it passes every byte through.
pub struct ShownOnTerminal<W: Write> {
    inner: W,
    terminal: bool,
    /// The start of a character cut by the end of the last write.
    pending: Vec<u8>,
}

impl ShownOnTerminal<io::StdoutLock<'static>> {
    /// Standard output, escaped when it is a terminal.
    pub fn stdout() -> ShownOnTerminal<io::StdoutLock<'static>> {
        let terminal = io::stdout().is_terminal();
        ShownOnTerminal::new(io::stdout().lock(), terminal)
    }
}

impl<W: Write> ShownOnTerminal<W> {
    /// `inner`, escaped if `terminal`.
    pub fn new(inner: W, terminal: bool) -> ShownOnTerminal<W> {
        ShownOnTerminal {
            inner,
            terminal,
            pending: Vec::new(),
        }
    }

    /// Writes `text` with the characters that act on a terminal escaped, line
    /// by line (the line breaks kept).
    fn write_shown(&mut self, text: &str) -> io::Result<()> {
        for (i, line) in text.split('\n').enumerate() {
            if i > 0 {
                self.inner.write_all(b"\n")?;
            }
            write!(self.inner, "{}", Escaped(line))?;
        }
        Ok(())
    }
}

impl<W: Write> Write for ShownOnTerminal<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.terminal {
            return self.inner.write(buf);
        }
        self.pending.extend_from_slice(buf);
        let bytes = std::mem::take(&mut self.pending);
        let mut rest = &bytes[..];
        loop {
            match std::str::from_utf8(rest) {
                Ok(text) => {
                    self.write_shown(text)?;
                    break;
                }
                Err(e) => {
                    let (good, after) = rest.split_at(e.valid_up_to());
                    let good = std::str::from_utf8(good).expect("checked as UTF-8");
                    self.write_shown(good)?;
                    match e.error_len() {
                        // Not UTF-8 here: shown as U+FFFD.
                        Some(n) => {
                            self.write_shown("\u{fffd}")?;
                            rest = &after[n..];
                        }
                        // A character cut by the end of this write.
                        None => {
                            self.pending = after.to_vec();
                            break;
                        }
                    }
                }
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<W: Write> Drop for ShownOnTerminal<W> {
    /// A character the output ended in the middle of is shown as U+FFFD.
    fn drop(&mut self) {
        if !self.pending.is_empty() {
            self.pending.clear();
            let _ = self
                .write_shown("\u{fffd}")
                .and_then(|()| self.inner.flush());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(pieces: &[&[u8]], terminal: bool) -> Vec<u8> {
        let mut written = Vec::new();
        let mut out = ShownOnTerminal::new(&mut written, terminal);
        for piece in pieces {
            out.write_all(piece).unwrap();
            out.flush().unwrap();
        }
        drop(out);
        written
    }

    #[test]
    fn on_a_terminal_what_acts_on_it_is_escaped_and_lines_are_kept() {
        let record = "{a \u{1b}[2J comment}\n1. e1-e2 \u{9b}31m *\t\u{202e}é\n";
        let expected = "{a \\u{1b}[2J comment}\n1. e1-e2 \\u{9b}31m *\t\\u{202e}é\n";
        assert_eq!(shown(&[record.as_bytes()], true), expected.as_bytes());
        // Cut anywhere, even inside a character, it comes out the same.
        let bytes = record.as_bytes();
        for cut in 0..bytes.len() {
            let (a, b) = bytes.split_at(cut);
            assert_eq!(shown(&[a, b], true), expected.as_bytes(), "cut at {cut}");
        }
        assert_eq!(
            shown(&[b"a\xffb", b"\xc3"], true),
            "a\u{fffd}b\u{fffd}".as_bytes()
        );
    }

    #[test]
    fn elsewhere_every_byte_passes() {
        let bytes = b"{\x1b[2J}\n\xff\xc3";
        assert_eq!(shown(&[bytes], false), bytes);
    }
}
