//! The reader's movetext tokens (the general path): words (moves, `pass`,
//! round numbers, result tokens), glyphs, the result token and comments.

use super::errors::{Fail, Resync, unknown_token};
use super::{GameState, MAX_TOKEN_BYTES, Pos, Reader};
use crate::pgr::GameResult;
use crate::pgr::visitor::{MoveToken, Visitor};
use pacru_core::Move;
use std::io::Read;

/// Ends a word token at depth 0.
#[inline]
pub(super) fn is_delimiter(b: u8) -> bool {
    DELIMITERS[b as usize]
}

pub(super) const DELIMITERS: [bool; 256] = {
    let mut table = [false; 256];
    let list = b" \t\r\n\x0b\x0c{};!?$[]";
    let mut i = 0;
    while i < list.len() {
        table[list[i] as usize] = true;
        i += 1;
    }
    table
};

impl<R: Read> Reader<R> {
    /// If the word in `scratch` starts with a round number ("12." or "12...",
    /// the two spellings the format allows), the length of that prefix.
    pub(super) fn round_prefix(&self) -> Option<usize> {
        let w = &self.scratch;
        let digits = w.iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        let dots = w[digits..].iter().take_while(|&&c| c == b'.').count();
        is_round_dots(dots).then_some(digits + dots)
    }

    /// Reads a word (a move, `pass`, a result word or a round number) into
    /// `scratch`: up to a delimiter, with spaces allowed inside parentheses.
    pub(super) fn word(&mut self, at: Pos, state: &GameState) -> Result<(), Fail> {
        self.scratch.clear();
        let mut depth = 0u32;
        loop {
            if self.pos >= self.len && !self.fill() {
                return Ok(());
            }
            let avail = &self.buf[self.pos..self.len];
            let mut i = 0;
            let mut stop = false;
            while i < avail.len() {
                let b = avail[i];
                if is_delimiter(b) {
                    if depth == 0 || b == b'\n' || b == b'\r' {
                        stop = true;
                        break;
                    }
                } else if b == b'(' {
                    depth += 1;
                } else if b == b')' {
                    depth = depth.saturating_sub(1);
                }
                i += 1;
            }
            let taken = &avail[..i];
            let continuation = taken.iter().filter(|&&b| b & 0xC0 == 0x80).count();
            self.scratch.extend_from_slice(taken);
            self.pos += i;
            self.offset += i as u64;
            self.column += i - continuation;
            if self.scratch.len() > MAX_TOKEN_BYTES {
                // Its first bytes only: how many were read depends on the buffer.
                let text = String::from_utf8_lossy(&self.scratch[..MAX_TOKEN_BYTES]).into_owned();
                return Err(self
                    .fail(
                        at,
                        state,
                        format!("a token longer than {MAX_TOKEN_BYTES} bytes"),
                    )
                    .token(text));
            }
            if stop {
                return Ok(());
            }
        }
    }

    /// Handles the word in `scratch`: a move, `pass`, or a result token.
    pub(super) fn word_token<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &mut GameState,
        at: Pos,
        skip: bool,
    ) -> Result<bool, Fail> {
        let Ok(text) = std::str::from_utf8(&self.scratch) else {
            let text = String::from_utf8_lossy(&self.scratch).into_owned();
            let message = format!("unknown token '{text}' (not valid UTF-8)");
            return Err(self.fail(at, state, message).token(text));
        };
        if let Some(token) = GameResult::from_token(text) {
            self.finish(v, state, at, token)?;
            return Ok(true);
        }
        if text.eq_ignore_ascii_case("pass") {
            state.any_move = true;
            if !skip {
                v.move_token(MoveToken {
                    text,
                    mv: None,
                    line: at.line,
                    column: at.column,
                });
            }
            return Ok(false);
        }
        let looks_like_move = text.eq_ignore_ascii_case("resign")
            || (text.len() >= 2
                && matches!(text.as_bytes()[0].to_ascii_lowercase(), b'a'..=b'i')
                && matches!(text.as_bytes()[1], b'1'..=b'9'));
        if !looks_like_move {
            return Err(self.fail(at, state, unknown_token(text)).token(text));
        }
        state.any_move = true;
        if skip {
            return Ok(false);
        }
        match text.parse::<Move>() {
            Ok(mv) => {
                v.move_token(MoveToken {
                    text,
                    mv: Some(&mv),
                    line: at.line,
                    column: at.column,
                });
                Ok(false)
            }
            Err(e) => {
                // `e.column` counts the move's characters from 1.
                let before = e.column - 1;
                let column = at.column + text[..].chars().take(before).count();
                let byte: usize = text.chars().take(before).map(char::len_utf8).sum();
                let message = format!("'{text}' is not a move: {}", e.message);
                let at = Pos {
                    offset: at.offset + byte as u64,
                    line: at.line,
                    column,
                };
                Err(self.fail(at, state, message).token(text))
            }
        }
    }

    pub(super) fn glyph<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &GameState,
        at: Pos,
        skip: bool,
    ) -> Result<(), Fail> {
        let text = std::str::from_utf8(&self.scratch).unwrap_or("?");
        if !state.any_move {
            let message = format!("annotation glyph '{text}' with no move before it");
            return Err(self.fail(at, state, message).token(text));
        }
        if !skip {
            v.glyph(text);
        }
        Ok(())
    }

    /// The result token: checks it against the `Result` tag and reports it; the caller
    /// then ends the game.
    pub(super) fn finish<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &GameState,
        at: Pos,
        token: GameResult,
    ) -> Result<(), Fail> {
        let tag = state.checked[0]
            .as_ref()
            .map_or("*", |(value, _)| value.as_str());
        if tag != token.token() {
            let why = if state.checked[0].is_some() {
                format!("the Result tag is \"{tag}\"")
            } else {
                "there is no Result tag, so the token must be *".to_string()
            };
            return Err(self
                .fail(
                    at,
                    state,
                    format!("the result token '{token}' differs from the game's result: {why}"),
                )
                .after_moves()
                .token(token.token()));
        }
        v.result(token, at.line, at.column);
        Ok(())
    }

    /// Reads the comments at the start of a game, before its first tag (or its
    /// movetext), and the spaces after them.
    pub(super) fn comments_before_tags(&mut self, state: &GameState) -> Result<Vec<String>, Fail> {
        let mut comments = Vec::new();
        loop {
            let at = self.here();
            let text = match self.peek() {
                Some(b'{') => {
                    self.advance(b'{');
                    self.brace_comment(at, state)?
                }
                Some(b';') => {
                    self.advance(b';');
                    self.line_comment(at, state)?
                }
                _ => return Ok(comments),
            };
            comments.push(text.to_string());
            self.skip_spaces();
            self.check_size(state)?;
        }
    }

    /// Reads `{...}` (the `{` consumed) into `scratch`; returns its text, every
    /// line break (`\r\n`, `\r` or `\n`) as `\n`, so that the writer writes
    /// back what reads the same.
    pub(super) fn brace_comment(&mut self, at: Pos, state: &GameState) -> Result<&str, Fail> {
        self.scratch.clear();
        let mut after_cr = false;
        loop {
            let Some(b) = self.bump() else {
                return Err(self.fail(
                    at,
                    state,
                    "the comment opened here is never closed with '}'",
                ));
            };
            match b {
                b'}' => break,
                // The line feed of a `\r\n`: the `\r` stands for the break.
                b'\n' if after_cr => {}
                b'\r' => self.scratch.push(b'\n'),
                _ => self.scratch.push(b),
            }
            after_cr = b == b'\r';
            if self.scratch.len() > self.max_comment_bytes {
                let mut fail = self.comment_too_long(at, state);
                // The reader stops within the comment, on a line of which it
                // knows nothing: were it a tag line of another game, a tag
                // line after it would not start a game. A game starts after
                // a blank line, or after a line that is no tag line.
                fail.resync = Resync::SkipLine {
                    after_movetext: false,
                };
                return Err(fail);
            }
        }
        self.check_size(state)?;
        self.scratch_text(at, state, "the comment")
    }

    /// The error for a comment over the limit of one comment.
    #[cold]
    fn comment_too_long(&self, at: Pos, state: &GameState) -> Fail {
        self.fail(
            at,
            state,
            format!(
                "a comment longer than {} bytes (the limit for one comment)",
                self.max_comment_bytes
            ),
        )
    }

    /// Reads `;...` (the `;` consumed) to the end of the line; carriage returns
    /// before the line feed belong to the line break, not to the text.
    pub(super) fn line_comment(&mut self, at: Pos, state: &GameState) -> Result<&str, Fail> {
        self.scratch.clear();
        while let Some(b) = self.peek() {
            if b == b'\n' {
                break;
            }
            self.advance(b);
            self.scratch.push(b);
            if self.scratch.len() > self.max_comment_bytes {
                return Err(self.comment_too_long(at, state));
            }
        }
        while self.scratch.last() == Some(&b'\r') {
            self.scratch.pop();
        }
        self.scratch_text(at, state, "the comment")
    }

    pub(super) fn scratch_text(
        &self,
        at: Pos,
        state: &GameState,
        what: &str,
    ) -> Result<&str, Fail> {
        std::str::from_utf8(&self.scratch)
            .map_err(|_| self.fail(at, state, format!("{what} is not valid UTF-8")))
    }
}

/// Whether `dots` dots after a round number's digits spell a round number:
/// `12.` or `12...` (`notation.md`); `12..` or `12....` is an unknown token.
pub(super) fn is_round_dots(dots: usize) -> bool {
    dots == 1 || dots == 3
}
