//! The reader's fast path for plain movetext: spaces, round numbers and canonical
//! moves read straight from the buffer (`Reader::fast_movetext`).

use super::buffer::{is_space, utf8_prefix};
use super::canonical::canonical_prefix;
use super::movetext::{DELIMITERS, is_delimiter, is_round_dots};
use super::{GameState, MAX_TOKEN_BYTES, Reader};
use crate::pgr::visitor::{MoveToken, Visitor};
use pacru_core::Move;
use std::io::Read;
use std::mem::ManuallyDrop;

// Classes of bytes for the movetext fast path (`Reader::fast_movetext`), as `word`
// treats them.
/// A byte inside a word.
const WORD: u8 = 0;
/// A delimiter that ends a word at depth 0 only.
const BREAK: u8 = 1;
/// `\n` or `\r`: ends a word at any depth.
const EOL: u8 = 2;
/// `(`: one level deeper.
const OPEN: u8 = 3;
/// `)`: one level up.
const CLOSE: u8 = 4;
/// A byte above 0x7f: left to the general path.
const HIGH: u8 = 5;

/// The class of each byte.
const CLASSES: [u8; 256] = {
    let mut table = [WORD; 256];
    let mut b = 0;
    while b < 256 {
        if b >= 0x80 {
            table[b] = HIGH;
        } else if DELIMITERS[b] {
            table[b] = BREAK;
        }
        b += 1;
    }
    table[b'\n' as usize] = EOL;
    table[b'\r' as usize] = EOL;
    table[b'(' as usize] = OPEN;
    table[b')' as usize] = CLOSE;
    table
};

/// The first size of the text the fast path checks for UTF-8 at once; it doubles
/// up to [`MAX_WINDOW`] while a run of plain tokens goes on.
const MIN_WINDOW: usize = 512;
const MAX_WINDOW: usize = 16 * 1024;

impl<R: Read> Reader<R> {
    /// Reads movetext the fast way, without copying: spaces, round numbers ("12.",
    /// "12...", also glued to a move), moves and `pass`, each one only when the
    /// buffer holds all of it and the delimiter after it, all in ASCII. It stops
    /// before the spaces that precede anything else (a comment, a glyph, a result, a
    /// token that is not a move, a move that does not parse, the end of the buffer,
    /// the game's size limit), leaving that to the general path, which then does
    /// exactly what it would have done had the fast path not run: the fast path
    /// never reports an error itself. Returns whether it read a move or `pass`.
    ///
    /// It works on a window of the buffer checked for UTF-8 once for many tokens,
    /// which are handed out as slices of it (only `str::from_utf8` makes a `&str`
    /// without `unsafe`, and calling it per token costs more than the token).
    #[inline(never)]
    pub(super) fn fast_movetext<V: Visitor, const SKIP: bool>(
        &mut self,
        v: &mut V,
        state: &GameState,
    ) -> bool {
        #[cfg(test)]
        if !self.fast_path {
            return false;
        }
        let buf = &self.buf[..self.len];
        // Offset of buf[0].
        let base = self.offset - self.pos as u64;
        // The last index of `buf` at which a token may start within the game's size
        // limit (`check_size` before each token).
        let Some(room) = state
            .start
            .offset
            .saturating_add(self.max_game_bytes)
            .checked_sub(base)
        else {
            return false;
        };
        let size_limit = usize::try_from(room).unwrap_or(usize::MAX);
        // The window: `text` is the valid UTF-8 prefix of `buf[start..]`, at most
        // `size` bytes. Indices below are relative to `start`.
        let mut start = self.pos;
        let mut size = MIN_WINDOW;
        let mut text = utf8_prefix(&buf[start..buf.len().min(start + size)]);
        // Where the fast path stands (before the spaces of the next token).
        let mut pos = 0;
        // The line and `origin` where the scan stands, such that the column of
        // index `i` on the current line is `i - origin` (all is ASCII here: a
        // byte is a column). Only spaces lie between `pos` and the scan, so these
        // are also those of `pos` until the scan crosses a line break; then
        // `line` and `origin` keep those of `pos`, which `saved_for` names.
        let mut l = self.line;
        let mut o = 0usize.wrapping_sub(self.column);
        let (mut line, mut origin, mut saved_for) = (l, o, usize::MAX);
        // Where to look for the next token: `pos`, or past the space after a move.
        let mut scan = 0;
        // Whether a move or `pass` was read.
        let mut moved = false;
        // The canonical move read last, written in place for each (a move
        // returned by value was copied field by field, and dropped).
        let mut slot = ManuallyDrop::new(Move::Resign);
        'window: loop {
            let bytes = text.as_bytes();
            #[cfg(test)]
            {
                self.work += bytes.len() as u64;
            }
            let Some(limit) = size_limit.checked_sub(start) else {
                break;
            };
            'tokens: loop {
                // Spaces and round numbers standing alone ("12." up to a delimiter),
                // which the general path skips too; `check_size` comes before each
                // token. The fast path stands after each such round number, so
                // that a long run of them is read once (the general path would
                // skip them all the same).
                let mut i = scan;
                let (word_start, text_start) = loop {
                    let Some(&b) = bytes.get(i) else {
                        break 'tokens;
                    };
                    if b == b'\n' {
                        if saved_for != pos {
                            (line, origin, saved_for) = (l, o, pos);
                        }
                        l += 1;
                        o = i;
                        i += 1;
                        continue;
                    }
                    if is_space(b) {
                        i += 1;
                        continue;
                    }
                    if i > limit {
                        break 'window;
                    }
                    if !b.is_ascii_digit() {
                        break (i, i);
                    }
                    let mut k = i + 1;
                    while let Some(b'0'..=b'9') = bytes.get(k) {
                        k += 1;
                    }
                    let digits_end = k;
                    while let Some(b'.') = bytes.get(k) {
                        k += 1;
                    }
                    let Some(&after) = bytes.get(k) else {
                        break 'tokens;
                    };
                    if !is_round_dots(k - digits_end) || k - i > MAX_TOKEN_BYTES {
                        break 'window;
                    }
                    if !is_delimiter(after) {
                        // Glued to the move.
                        break (i, k);
                    }
                    i = k;
                    pos = k;
                };
                // A canonical move up to a delimiter: the word that `word` would read.
                if !SKIP
                    && let Some(n) = canonical_prefix(&bytes[text_start..], &mut slot)
                    && let end = text_start + n
                    && let Some(&delimiter) = bytes.get(end)
                    && is_delimiter(delimiter)
                    && end - word_start <= MAX_TOKEN_BYTES
                {
                    let Some(written) = text.get(text_start..end) else {
                        break 'window;
                    };
                    v.move_token(MoveToken {
                        text: written,
                        mv: Some(&slot),
                        line: l,
                        column: text_start.wrapping_sub(o),
                    });
                    moved = true;
                    pos = end;
                    scan = end + usize::from(delimiter == b' ');
                    continue;
                }
                // Any other word: a move in another spelling, or `pass`.
                let end = match other_word(bytes, word_start, text_start) {
                    Word::Found(end) => end,
                    Word::Cut => break 'tokens,
                    Word::Stop => break 'window,
                };
                if !SKIP {
                    let Some(token) = text.get(text_start..end) else {
                        break 'window;
                    };
                    let column = text_start.wrapping_sub(o);
                    if !other_move(v, token, l, column) {
                        break 'window;
                    }
                }
                moved = true;
                pos = end;
                scan = pos;
            }
            // The window ends within the next token (or its spaces): a longer one
            // from where the fast path stands, unless the buffer (or its valid
            // UTF-8) ends there.
            let end = start + bytes.len();
            if end >= buf.len() {
                break;
            }
            size = (size * 2).min(MAX_WINDOW);
            let next = start + pos;
            let longer = utf8_prefix(&buf[next..buf.len().min(next + size)]);
            if next + longer.len() <= end {
                break;
            }
            text = longer;
            start = next;
            if saved_for == pos {
                (l, o) = (line, origin);
            }
            o = o.wrapping_sub(pos);
            saved_for = usize::MAX;
            pos = 0;
            scan = 0;
        }
        if saved_for != pos {
            (line, origin) = (l, o);
        }
        let pos = start + pos;
        self.offset = base + pos as u64;
        self.pos = pos;
        self.line = line;
        self.column = (pos - start).wrapping_sub(origin);
        moved
    }
}

/// How a word other than a canonical move ends (see [`other_word`]).
enum Word {
    /// At this index: a move in another spelling (or one that does not parse),
    /// or `pass`.
    Found(usize),
    /// Not within the window.
    Cut,
    /// The word is something else, or too long: left to the general path.
    Stop,
}

/// The word of `bytes` from `word_start` (`text_start` after a round number
/// glued to it), up to a delimiter at depth 0 or a line break, as `word` reads
/// it, if it is a move or `pass`.
#[inline(never)]
fn other_word(bytes: &[u8], word_start: usize, text_start: usize) -> Word {
    if text_start == word_start && !bytes[word_start].is_ascii_alphabetic() {
        return Word::Stop;
    }
    let scan_end = bytes.len().min(word_start + MAX_TOKEN_BYTES + 1);
    let mut depth = 0u32;
    let mut end = text_start;
    loop {
        while end < scan_end && CLASSES[bytes[end] as usize] == WORD {
            end += 1;
        }
        if end >= bytes.len() {
            return Word::Cut;
        }
        if end >= scan_end {
            // Too long.
            return Word::Stop;
        }
        match CLASSES[bytes[end] as usize] {
            BREAK if depth == 0 => break,
            EOL => break,
            BREAK => {}
            OPEN => depth += 1,
            CLOSE => depth = depth.saturating_sub(1),
            _ => return Word::Stop,
        }
        end += 1;
    }
    let word = &bytes[text_start..end];
    if is_move_word(word) || word.eq_ignore_ascii_case(b"pass") {
        Word::Found(end)
    } else {
        Word::Stop
    }
}

/// Whether `word` starts like a move (a field, in either case).
fn is_move_word(word: &[u8]) -> bool {
    word.len() >= 2
        && matches!(word[0].to_ascii_lowercase(), b'a'..=b'i')
        && matches!(word[1], b'1'..=b'9')
}

/// Hands `v` the word `token` that [`other_word`] found, at `line` and
/// `column`: a move in another spelling, or `pass`. False, handing nothing, for
/// a move that does not parse.
#[inline(never)]
fn other_move<V: Visitor>(v: &mut V, token: &str, line: usize, column: usize) -> bool {
    let mv = if is_move_word(token.as_bytes()) {
        match token.parse::<Move>() {
            Ok(mv) => Some(mv),
            Err(_) => return false,
        }
    } else {
        None
    };
    v.move_token(MoveToken {
        text: token,
        mv: mv.as_ref(),
        line,
        column,
    });
    true
}
