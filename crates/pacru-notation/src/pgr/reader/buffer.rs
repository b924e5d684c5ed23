//! The reader's input buffer: refilling it from the input, peeking and
//! consuming bytes, and the byte offset, line and column of the reading point.

use super::{Pos, Reader};
use std::io::{self, Read};

/// Whether `b` is white space between tokens.
#[inline]
pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}

/// Whether `b` is a blank that [`Reader::skip_blanks`] skips: a space, a tab
/// or `\r`.
#[inline(always)]
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

/// The longest valid UTF-8 prefix of `bytes`.
pub(super) fn utf8_prefix(bytes: &[u8]) -> &str {
    match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
    }
}

impl<R: Read> Reader<R> {
    #[cold]
    pub(super) fn fill(&mut self) -> bool {
        if self.eof {
            return false;
        }
        self.pos = 0;
        self.len = 0;
        loop {
            match self.inner.read(&mut self.buf) {
                Ok(0) => {
                    self.eof = true;
                    return false;
                }
                Ok(n) => {
                    self.len = n;
                    return true;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.io_error = Some(e);
                    self.eof = true;
                    return false;
                }
            }
        }
    }

    #[inline]
    pub(super) fn peek(&mut self) -> Option<u8> {
        if self.pos < self.len || self.fill() {
            Some(self.buf[self.pos])
        } else {
            None
        }
    }

    /// Consumes the byte `peek` returned.
    #[inline]
    pub(super) fn advance(&mut self, b: u8) {
        self.pos += 1;
        self.offset += 1;
        if b == b'\n' {
            self.line += 1;
            self.column = 1;
        } else if b & 0xC0 != 0x80 {
            self.column += 1;
        }
    }

    #[inline]
    pub(super) fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.advance(b);
        Some(b)
    }

    #[inline]
    pub(super) fn here(&self) -> Pos {
        Pos {
            offset: self.offset,
            line: self.line,
            column: self.column,
        }
    }

    /// Makes at least `n` bytes available in the buffer if the input has them.
    pub(super) fn ensure(&mut self, n: usize) -> bool {
        while self.len - self.pos < n {
            if self.eof {
                return false;
            }
            self.buf.copy_within(self.pos..self.len, 0);
            self.len -= self.pos;
            self.pos = 0;
            match self.inner.read(&mut self.buf[self.len..]) {
                Ok(0) => self.eof = true,
                Ok(k) => self.len += k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.io_error = Some(e);
                    self.eof = true;
                }
            }
        }
        true
    }

    /// Skips a UTF-8 byte order mark at the very start of the input.
    pub(super) fn skip_bom(&mut self) {
        if self.started {
            return;
        }
        self.started = true;
        if self.ensure(3) && self.buf[self.pos..self.pos + 3] == [0xEF, 0xBB, 0xBF] {
            self.pos += 3;
            self.offset += 3;
        }
    }

    /// Skips white space; returns whether it crossed a line break.
    pub(super) fn skip_spaces(&mut self) -> bool {
        let mut newline = false;
        loop {
            if self.pos >= self.len && !self.fill() {
                return newline;
            }
            let avail = &self.buf[self.pos..self.len];
            let mut i = 0;
            while i < avail.len() && is_space(avail[i]) {
                if avail[i] == b'\n' {
                    self.line += 1;
                    self.column = 1;
                    newline = true;
                } else {
                    self.column += 1;
                }
                i += 1;
            }
            self.pos += i;
            self.offset += i as u64;
            if self.pos < self.len {
                return newline;
            }
        }
    }

    /// Skips spaces, tabs and `\r` (not line breaks). Inline only the tests of
    /// the next bytes: most often no blank, or one space (between a tag's name
    /// and its value).
    #[inline]
    pub(super) fn skip_blanks(&mut self) {
        match self.buf.get(self.pos..self.len.min(self.pos + 2)) {
            Some([b, ..]) if !is_blank(*b) => return,
            Some([b' ', b]) if !is_blank(*b) => {
                self.pos += 1;
                self.offset += 1;
                self.column += 1;
                return;
            }
            _ => {}
        }
        self.skip_blank_run();
    }

    /// [`Reader::skip_blanks`] past its first test: the blanks in bulk, all
    /// ASCII (a byte is a column), refilling the buffer when they reach its end.
    #[inline(never)]
    fn skip_blank_run(&mut self) {
        loop {
            if self.pos >= self.len && !self.fill() {
                return;
            }
            let avail = &self.buf[self.pos..self.len];
            let n = avail
                .iter()
                .position(|&b| !is_blank(b))
                .unwrap_or(avail.len());
            self.pos += n;
            self.offset += n as u64;
            self.column += n;
            if self.pos < self.len {
                return;
            }
        }
    }

    /// Skips the rest of the line and its line break, but not beyond byte offset
    /// `limit`; returns false if it stopped there.
    pub(super) fn skip_line(&mut self, limit: u64) -> bool {
        loop {
            if self.pos >= self.len && !self.fill() {
                return true;
            }
            let room = usize::try_from(limit.saturating_sub(self.offset)).unwrap_or(usize::MAX);
            if room == 0 {
                return false;
            }
            let end = self.len.min(self.pos.saturating_add(room));
            let avail = &self.buf[self.pos..end];
            let (taken, found) = match avail.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (avail.len(), false),
            };
            let continuation = avail[..taken].iter().filter(|&&b| b & 0xC0 == 0x80).count();
            self.pos += taken;
            self.offset += taken as u64;
            if found {
                self.line += 1;
                self.column = 1;
                return true;
            }
            self.column += taken - continuation;
        }
    }
}
