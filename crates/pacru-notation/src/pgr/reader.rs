//! The streaming reader of game records.

use super::game::{
    as_result_token, default_seats_text, is_result_token, parse_players_tag, parse_rules_tag,
    parse_seats_tag,
};
use super::visitor::{GameStart, MoveToken, Skip, Visitor};
use super::{Game, MoveEntry, PgrError};
use crate::fast_move::{canonical_prefix_into, parse_move_token};
use crate::parse_ppn;
use std::io::{self, Read};

/// The default cap on the size of one game: 16 MiB.
pub const DEFAULT_MAX_GAME_BYTES: u64 = 16 << 20;
/// The default cap on one comment or tag value: 1 MiB.
pub const DEFAULT_MAX_COMMENT_BYTES: usize = 1 << 20;
/// The cap on one move token (a move is at most a few dozen characters).
const MAX_TOKEN_BYTES: usize = 256;
const BUF_SIZE: usize = 64 * 1024;
/// The cap on the number of tags of one game.
pub const MAX_TAGS: usize = 1000;

/// Which tags the reader checks itself, with where their value was written: the
/// index of `name` in `GameState::checked` (`Result`, `Players`, `Seats`, `Rules`,
/// `Position`).
fn checked_tag(name: &str) -> Option<usize> {
    match name {
        "Result" => Some(0),
        "Players" => Some(1),
        "Seats" => Some(2),
        "Rules" => Some(3),
        "Position" => Some(4),
        _ => None,
    }
}

/// Reads game records from any [`Read`], one game at a time, in bounded memory.
///
/// Strict by default: after the first malformed game it stops (further reads
/// return `Ok(None)`). [`Reader::lenient`] makes it report a malformed game and
/// carry on with the next one (see `docs/notation.md`, "Recovery").
///
/// ```
/// use pacru_notation::pgr::Reader;
/// let text = "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
/// let games: Vec<_> = Reader::new(text.as_bytes()).collect::<Result<_, _>>().unwrap();
/// assert_eq!(games[0].moves.len(), 2);
/// ```
pub struct Reader<R> {
    inner: R,
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    eof: bool,
    io_error: Option<io::Error>,
    /// Byte offset of `buf[pos]`.
    offset: u64,
    /// Line and column (1-based, columns in characters) of `buf[pos]`.
    line: usize,
    column: usize,
    started: bool,
    lenient: bool,
    done: bool,
    resync: Option<Resync>,
    games: usize,
    max_game_bytes: u64,
    max_comment_bytes: usize,
    scratch: Vec<u8>,
    /// The names of the current game's tags, one after the other; each ends at
    /// the corresponding index of `tag_ends`.
    tag_names: String,
    tag_ends: Vec<usize>,
    tag_count: usize,
    /// The name of the tag being read (kept for its allocation).
    tag_name: String,
    /// The number of moves of the last game, to size the next one's list.
    moves_hint: usize,
}

/// How to find the next game after a malformed one.
#[derive(Clone, Copy, Debug)]
enum Resync {
    /// The reader stands on the `[` that starts the next game.
    Here,
    /// Skip the rest of the line, then look for a `[` line after a blank line, or,
    /// if `after_movetext`, after any line that is not a tag line.
    SkipLine { after_movetext: bool },
}

/// Where something was written.
#[derive(Clone, Copy, Debug)]
struct Pos {
    offset: u64,
    line: usize,
    column: usize,
}

/// An error before it is given the game's context.
struct Fail {
    at: Pos,
    message: String,
    resync: Resync,
}

/// State of the game being read.
struct GameState {
    index: usize,
    start: Pos,
    in_movetext: bool,
    checked: [Option<(String, Pos)>; 5],
    any_move: bool,
}

#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}

/// Ends a word token at depth 0.
#[inline]
fn is_delimiter(b: u8) -> bool {
    DELIMITERS[b as usize]
}

const DELIMITERS: [bool; 256] = {
    let mut table = [false; 256];
    let list = b" \t\r\n\x0b\x0c{};!?$[]";
    let mut i = 0;
    while i < list.len() {
        table[list[i] as usize] = true;
        i += 1;
    }
    table
};

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

/// The longest valid UTF-8 prefix of `bytes`.
fn utf8_prefix(bytes: &[u8]) -> &str {
    match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
    }
}

impl<R: Read> Reader<R> {
    /// A strict reader of `inner`.
    pub fn new(inner: R) -> Reader<R> {
        Reader {
            inner,
            buf: vec![0; BUF_SIZE].into_boxed_slice(),
            pos: 0,
            len: 0,
            eof: false,
            io_error: None,
            offset: 0,
            line: 1,
            column: 1,
            started: false,
            lenient: false,
            done: false,
            resync: None,
            games: 0,
            max_game_bytes: DEFAULT_MAX_GAME_BYTES,
            max_comment_bytes: DEFAULT_MAX_COMMENT_BYTES,
            scratch: Vec::with_capacity(256),
            tag_names: String::new(),
            tag_ends: Vec::new(),
            tag_count: 0,
            tag_name: String::new(),
            moves_hint: 0,
        }
    }

    /// The same reader in lenient mode: a malformed game is reported and reading
    /// resumes at the next game.
    #[must_use]
    pub fn lenient(mut self) -> Reader<R> {
        self.lenient = true;
        self
    }

    /// Caps the size of one game (default 16 MiB); a longer game is malformed.
    #[must_use]
    pub fn max_game_bytes(mut self, bytes: u64) -> Reader<R> {
        self.max_game_bytes = bytes;
        self
    }

    /// Caps the size of one comment or tag value (default 1 MiB).
    #[must_use]
    pub fn max_comment_bytes(mut self, bytes: usize) -> Reader<R> {
        self.max_comment_bytes = bytes;
        self
    }

    /// The number of games started so far (the index of the last game read or
    /// reported as malformed).
    pub fn games_read(&self) -> usize {
        self.games
    }

    /// The byte offset in the input up to which the reader has consumed text; the
    /// next game starts at or after it.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Reads the next game; `Ok(None)` at the end of the input.
    pub fn read_game(&mut self) -> Result<Option<Game>, PgrError> {
        let mut builder = GameBuilder {
            game: None,
            moves_hint: self.moves_hint,
        };
        let game = self.read_with(&mut builder)?;
        if let Some(g) = &game {
            self.moves_hint = g.moves.len().min(1 << 12);
        }
        Ok(game)
    }

    /// Reads the next game into `visitor`; `Ok(None)` at the end of the input.
    pub fn read_with<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Result<Option<V::Output>, PgrError> {
        if self.done {
            return Ok(None);
        }
        if let Some(resync) = self.resync.take() {
            self.skip_to_next_game(resync);
        }
        let mut state = GameState {
            index: self.games + 1,
            start: self.here(),
            in_movetext: false,
            checked: Default::default(),
            any_move: false,
        };
        match self.parse_game(visitor, &mut state) {
            Ok(Some(out)) => Ok(Some(out)),
            Ok(None) => {
                self.done = true;
                match self.io_error.take() {
                    Some(e) => Err(self.io_failure(&state, e)),
                    None => Ok(None),
                }
            }
            Err(fail) => {
                if let Some(e) = self.io_error.take() {
                    self.done = true;
                    return Err(self.io_failure(&state, e));
                }
                if self.lenient {
                    self.resync = Some(fail.resync);
                } else {
                    self.done = true;
                }
                let result_tag = state.checked[0].take().map(|(v, _)| v);
                Err(PgrError {
                    game: state.index,
                    offset: fail.at.offset,
                    line: fail.at.line,
                    column: fail.at.column,
                    message: fail.message,
                    game_line: state.start.line,
                    game_offset: state.start.offset,
                    result_tag,
                })
            }
        }
    }

    fn io_failure(&mut self, state: &GameState, e: io::Error) -> PgrError {
        let at = self.here();
        PgrError {
            game: state.index.max(1),
            offset: at.offset,
            line: at.line,
            column: at.column,
            message: format!("read error: {e}"),
            game_line: state.start.line,
            game_offset: state.start.offset,
            result_tag: None,
        }
    }

    // ----- bytes -----

    #[cold]
    fn fill(&mut self) -> bool {
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
    fn peek(&mut self) -> Option<u8> {
        if self.pos < self.len || self.fill() {
            Some(self.buf[self.pos])
        } else {
            None
        }
    }

    /// Consumes the byte `peek` returned.
    #[inline]
    fn advance(&mut self, b: u8) {
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
    fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.advance(b);
        Some(b)
    }

    #[inline]
    fn here(&self) -> Pos {
        Pos {
            offset: self.offset,
            line: self.line,
            column: self.column,
        }
    }

    /// Makes at least `n` bytes available in the buffer if the input has them.
    fn ensure(&mut self, n: usize) -> bool {
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
    fn skip_bom(&mut self) {
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
    fn skip_spaces(&mut self) -> bool {
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

    /// Skips spaces and tabs (not line breaks).
    fn skip_blanks(&mut self) {
        while let Some(b) = self.peek() {
            if !matches!(b, b' ' | b'\t' | b'\r') {
                break;
            }
            self.advance(b);
        }
    }

    fn skip_line(&mut self) {
        while let Some(b) = self.bump() {
            if b == b'\n' {
                break;
            }
        }
    }

    fn skip_to_next_game(&mut self, resync: Resync) {
        let Resync::SkipLine { mut after_movetext } = resync else {
            return;
        };
        self.skip_line();
        let mut prev_blank = false;
        let mut prev_tag = !after_movetext;
        loop {
            self.skip_blanks();
            match self.peek() {
                None => return,
                Some(b'\n') => {
                    self.advance(b'\n');
                    prev_blank = true;
                }
                Some(b'[') if prev_blank || (after_movetext && !prev_tag) => return,
                Some(b) => {
                    prev_tag = b == b'[';
                    // A line that is not a tag line belongs to a movetext: from
                    // here on, a tag line right after such a line starts a game.
                    after_movetext |= !prev_tag;
                    prev_blank = false;
                    self.skip_line();
                }
            }
        }
    }

    // ----- games -----

    fn fail(&self, at: Pos, state: &GameState, message: impl Into<String>) -> Fail {
        Fail {
            at,
            message: message.into(),
            resync: Resync::SkipLine {
                after_movetext: state.in_movetext,
            },
        }
    }

    fn check_size(&self, state: &GameState) -> Result<(), Fail> {
        if self.offset - state.start.offset > self.max_game_bytes {
            return Err(self.fail(
                self.here(),
                state,
                format!(
                    "the game is longer than {} bytes (the limit for one game)",
                    self.max_game_bytes
                ),
            ));
        }
        Ok(())
    }

    fn parse_game<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &mut GameState,
    ) -> Result<Option<V::Output>, Fail> {
        self.skip_bom();
        self.skip_spaces();
        if self.peek().is_none() {
            return Ok(None);
        }
        self.games += 1;
        state.index = self.games;
        state.start = self.here();
        v.begin_game(GameStart {
            index: state.index,
            line: state.start.line,
            offset: state.start.offset,
        });
        self.tag_names.clear();
        self.tag_ends.clear();
        self.tag_count = 0;
        // Tag section.
        while self.peek() == Some(b'[') {
            self.check_size(state)?;
            self.parse_tag(v, state)?;
            self.skip_spaces();
        }
        self.check_tags(state)?;
        state.in_movetext = true;
        let Skip(skip) = v.begin_movetext();
        // Movetext.
        loop {
            // Plain tokens that the buffer holds whole go the fast way; the general
            // path below takes the next token (and any before which the fast path
            // stops), from exactly where the fast path left off.
            let moved = if skip {
                self.fast_movetext::<V, true>(v, state)
            } else {
                self.fast_movetext::<V, false>(v, state)
            };
            state.any_move |= moved;
            let new_line = self.skip_spaces();
            self.check_size(state)?;
            let at = self.here();
            let Some(b) = self.peek() else {
                return Err(self.fail(at, state, "the input ends before the game's result token"));
            };
            match b {
                b'{' => {
                    self.advance(b);
                    let text = self.brace_comment(at, state)?;
                    if !skip {
                        v.comment(text);
                    }
                }
                b';' => {
                    self.advance(b);
                    let text = self.line_comment(at, state)?;
                    if !skip {
                        v.comment(text);
                    }
                }
                b'$' => {
                    self.advance(b);
                    self.scratch.clear();
                    self.scratch.push(b'$');
                    while let Some(d @ b'0'..=b'9') = self.peek() {
                        self.advance(d);
                        self.scratch.push(d);
                        if self.scratch.len() > 4 {
                            return Err(self.fail(at, state, "a glyph $N has at most 3 digits"));
                        }
                    }
                    if self.scratch.len() == 1 {
                        return Err(self.fail(
                            at,
                            state,
                            "'$' must be followed by a number (a glyph such as $1)",
                        ));
                    }
                    self.glyph(v, state, at, skip)?;
                }
                b'!' | b'?' => {
                    self.scratch.clear();
                    while let Some(g @ (b'!' | b'?')) = self.peek() {
                        self.advance(g);
                        self.scratch.push(g);
                    }
                    if !matches!(
                        self.scratch.as_slice(),
                        b"!" | b"?" | b"!!" | b"??" | b"!?" | b"?!"
                    ) {
                        let text = String::from_utf8_lossy(&self.scratch).into_owned();
                        return Err(self.fail(
                            at,
                            state,
                            format!("'{text}' is not an annotation glyph (! ? !! ?? !? ?!)"),
                        ));
                    }
                    self.glyph(v, state, at, skip)?;
                }
                b'*' => {
                    self.advance(b);
                    self.finish(v, state, at, "*")?;
                    return Ok(Some(v.end_game()));
                }
                b'[' => {
                    let at_line_start = at.column == 1 || new_line;
                    let mut fail = self.fail(
                        at,
                        state,
                        "a tag line inside the movetext: the game has no result token before the next game",
                    );
                    if at_line_start {
                        fail.resync = Resync::Here;
                    }
                    return Err(fail);
                }
                b'}' | b']' => {
                    self.advance(b);
                    return Err(self.fail(
                        at,
                        state,
                        format!("unexpected '{}' (it closes nothing)", b as char),
                    ));
                }
                _ => {
                    self.word(at, state)?;
                    if self.scratch.is_empty() {
                        self.advance(b);
                        return Err(self.fail(at, state, format!("unexpected byte 0x{b:02x}")));
                    }
                    let mut word_at = at;
                    if b.is_ascii_digit() {
                        match self.round_prefix() {
                            // A round number alone ("12." or "12..."): ignored.
                            Some(n) if n == self.scratch.len() => continue,
                            // "1.e1-e2": a round number glued to the move.
                            Some(n) => {
                                self.scratch.drain(..n);
                                word_at = Pos {
                                    offset: at.offset + n as u64,
                                    line: at.line,
                                    column: at.column + n,
                                };
                            }
                            None => {
                                let text = String::from_utf8_lossy(&self.scratch).into_owned();
                                return Err(self.fail(
                                    at,
                                    state,
                                    format!(
                                        "unknown token '{text}': expected a move, pass, a round number such as 12. or a result token"
                                    ),
                                ));
                            }
                        }
                    }
                    if self.word_token(v, state, word_at, skip)? {
                        return Ok(Some(v.end_game()));
                    }
                }
            }
        }
    }

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
    fn fast_movetext<V: Visitor, const SKIP: bool>(
        &mut self,
        v: &mut V,
        state: &GameState,
    ) -> bool {
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
        // Where the fast path stands (before the spaces of the next token): index,
        // line, and `origin`, such that the column of index `i` on the current line
        // is `i - origin` (all is ASCII here: a byte is a column).
        let mut pos = 0;
        let mut line = self.line;
        let mut origin = 0usize.wrapping_sub(self.column);
        // Where to look for the next token: `pos`, or past the space after a move.
        let mut scan = 0;
        'window: loop {
            let bytes = text.as_bytes();
            let Some(limit) = size_limit.checked_sub(start) else {
                break;
            };
            'tokens: loop {
                // Spaces and round numbers standing alone ("12." up to a delimiter),
                // which the general path skips too; `check_size` comes before each
                // token. They are taken again by the general path if it has to read
                // the next word.
                let (mut i, mut l, mut o) = (scan, line, origin);
                let (word_start, text_start) = loop {
                    let Some(&b) = bytes.get(i) else {
                        break 'tokens;
                    };
                    if b == b'\n' {
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
                    if k == digits_end || k - i > MAX_TOKEN_BYTES {
                        break 'window;
                    }
                    if !is_delimiter(after) {
                        // Glued to the move.
                        break (i, k);
                    }
                    i = k;
                };
                // A canonical move up to a delimiter: the word that `word` would read.
                let mut token = MoveToken {
                    text: "",
                    mv: None,
                    line: l,
                    column: text_start.wrapping_sub(o),
                };
                if !SKIP
                    && let Some(n) = canonical_prefix_into(&bytes[text_start..], &mut token.mv)
                    && let end = text_start + n
                    && let Some(&delimiter) = bytes.get(end)
                    && is_delimiter(delimiter)
                    && end - word_start <= MAX_TOKEN_BYTES
                {
                    let Some(written) = text.get(text_start..end) else {
                        break 'window;
                    };
                    token.text = written;
                    v.move_token(token);
                    (pos, line, origin) = (end, l, o);
                    scan = end + usize::from(delimiter == b' ');
                    continue;
                }
                if text_start == word_start && !bytes[word_start].is_ascii_alphabetic() {
                    break 'window;
                }
                // Any other word: up to a delimiter at depth 0 or a line break.
                let scan_end = bytes.len().min(word_start + MAX_TOKEN_BYTES + 1);
                let mut depth = 0u32;
                let mut end = text_start;
                loop {
                    while end < scan_end && CLASSES[bytes[end] as usize] == WORD {
                        end += 1;
                    }
                    if end >= bytes.len() {
                        break 'tokens;
                    }
                    if end >= scan_end {
                        // Too long.
                        break 'window;
                    }
                    match CLASSES[bytes[end] as usize] {
                        BREAK if depth == 0 => break,
                        EOL => break,
                        BREAK => {}
                        OPEN => depth += 1,
                        CLOSE => depth = depth.saturating_sub(1),
                        _ => break 'window,
                    }
                    end += 1;
                }
                let word = &bytes[text_start..end];
                let is_move = word.len() >= 2
                    && matches!(word[0].to_ascii_lowercase(), b'a'..=b'i')
                    && matches!(word[1], b'1'..=b'9');
                if !is_move && !word.eq_ignore_ascii_case(b"pass") {
                    break 'window;
                }
                if !SKIP {
                    let Some(token) = text.get(text_start..end) else {
                        break 'window;
                    };
                    // A move in another spelling (or one that does not parse), or `pass`.
                    let mv = if is_move {
                        match parse_move_token(token) {
                            Ok(mv) => Some(mv),
                            Err(_) => break 'window,
                        }
                    } else {
                        None
                    };
                    v.move_token(MoveToken {
                        text: token,
                        mv,
                        line: l,
                        column: text_start.wrapping_sub(o),
                    });
                }
                (pos, line, origin) = (end, l, o);
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
            origin = origin.wrapping_sub(pos);
            pos = 0;
            scan = 0;
        }
        let pos = start + pos;
        // The fast path moves on only after a move or `pass`.
        let moved = pos > self.pos;
        self.offset = base + pos as u64;
        self.pos = pos;
        self.line = line;
        self.column = (pos - start).wrapping_sub(origin);
        moved
    }

    /// If the word in `scratch` starts with a round number ("12." or "12..."),
    /// the length of that prefix.
    fn round_prefix(&self) -> Option<usize> {
        let w = &self.scratch;
        let digits = w.iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        let dots = w[digits..].iter().take_while(|&&c| c == b'.').count();
        (dots > 0).then_some(digits + dots)
    }

    /// Reads a word (a move, `pass`, a result word or a round number) into
    /// `scratch`: up to a delimiter, with spaces allowed inside parentheses.
    fn word(&mut self, at: Pos, state: &GameState) -> Result<(), Fail> {
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
                return Err(self.fail(
                    at,
                    state,
                    format!("a token longer than {MAX_TOKEN_BYTES} bytes"),
                ));
            }
            if stop {
                return Ok(());
            }
        }
    }

    /// Handles the word in `scratch`: a move, `pass`, or a result token.
    fn word_token<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &mut GameState,
        at: Pos,
        skip: bool,
    ) -> Result<bool, Fail> {
        let Ok(text) = std::str::from_utf8(&self.scratch) else {
            let text = String::from_utf8_lossy(&self.scratch).into_owned();
            return Err(self.fail(
                at,
                state,
                format!("unknown token '{text}' (not valid UTF-8)"),
            ));
        };
        if let Some(token) = as_result_token(text) {
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
            let hint = if ["draw", "black", "red", "yellow", "green", "blue"]
                .iter()
                .any(|w| w.eq_ignore_ascii_case(text))
            {
                " (result tokens are spelled Black, Red, Yellow, Green, Blue, draw)"
            } else {
                ""
            };
            return Err(self.fail(
                at,
                state,
                format!(
                    "unknown token '{text}': expected a move, pass, a round number or a result token{hint}"
                ),
            ));
        }
        state.any_move = true;
        if skip {
            return Ok(false);
        }
        match parse_move_token(text) {
            Ok(mv) => {
                v.move_token(MoveToken {
                    text,
                    mv: Some(mv),
                    line: at.line,
                    column: at.column,
                });
                Ok(false)
            }
            Err(e) => {
                let column = at.column + text[..].chars().take(e.column).count();
                let byte: usize = text.chars().take(e.column).map(char::len_utf8).sum();
                let message = format!("'{text}' is not a move: {}", e.message);
                Err(self.fail(
                    Pos {
                        offset: at.offset + byte as u64,
                        line: at.line,
                        column,
                    },
                    state,
                    message,
                ))
            }
        }
    }

    fn glyph<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &GameState,
        at: Pos,
        skip: bool,
    ) -> Result<(), Fail> {
        let text = std::str::from_utf8(&self.scratch).unwrap_or("?");
        if !state.any_move {
            return Err(self.fail(
                at,
                state,
                format!("annotation glyph '{text}' with no move before it"),
            ));
        }
        if !skip {
            v.glyph(text);
        }
        Ok(())
    }

    /// The result token: checks it against the `Result` tag and reports it; the caller
    /// then ends the game.
    fn finish<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &GameState,
        at: Pos,
        token: &str,
    ) -> Result<(), Fail> {
        let tag = state.checked[0]
            .as_ref()
            .map_or("*", |(value, _)| value.as_str());
        if tag != token {
            let why = if state.checked[0].is_some() {
                format!("the Result tag is \"{tag}\"")
            } else {
                "there is no Result tag, so the token must be *".to_string()
            };
            return Err(self.fail(
                at,
                state,
                format!("the result token '{token}' differs from the game's result: {why}"),
            ));
        }
        v.result(token, at.line, at.column);
        Ok(())
    }

    /// Reads `{...}` (the `{` consumed) into `scratch`; returns its text.
    fn brace_comment(&mut self, at: Pos, state: &GameState) -> Result<&str, Fail> {
        self.scratch.clear();
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
                b'\n' if self.scratch.last() == Some(&b'\r') => {
                    *self.scratch.last_mut().unwrap_or(&mut 0) = b'\n';
                }
                _ => self.scratch.push(b),
            }
            if self.scratch.len() > self.max_comment_bytes {
                return Err(self.fail(
                    at,
                    state,
                    format!(
                        "a comment longer than {} bytes (the limit for one comment)",
                        self.max_comment_bytes
                    ),
                ));
            }
        }
        self.check_size(state)?;
        self.scratch_text(at, state, "the comment")
    }

    /// Reads `;...` (the `;` consumed) to the end of the line.
    fn line_comment(&mut self, at: Pos, state: &GameState) -> Result<&str, Fail> {
        self.scratch.clear();
        while let Some(b) = self.peek() {
            if b == b'\n' {
                break;
            }
            self.advance(b);
            self.scratch.push(b);
            if self.scratch.len() > self.max_comment_bytes {
                return Err(self.fail(
                    at,
                    state,
                    format!(
                        "a comment longer than {} bytes (the limit for one comment)",
                        self.max_comment_bytes
                    ),
                ));
            }
        }
        if self.scratch.last() == Some(&b'\r') {
            self.scratch.pop();
        }
        self.scratch_text(at, state, "the comment")
    }

    fn scratch_text(&self, at: Pos, state: &GameState, what: &str) -> Result<&str, Fail> {
        std::str::from_utf8(&self.scratch)
            .map_err(|_| self.fail(at, state, format!("{what} is not valid UTF-8")))
    }

    /// Reads a tag line `[Name "value"]` (standing on the `[`).
    fn parse_tag<V: Visitor>(&mut self, v: &mut V, state: &mut GameState) -> Result<(), Fail> {
        let at = self.here();
        self.advance(b'[');
        self.skip_blanks();
        let mut name = std::mem::take(&mut self.tag_name);
        name.clear();
        while let Some(b) = self.peek() {
            if !(b.is_ascii_alphanumeric() || b == b'_') {
                break;
            }
            self.advance(b);
            name.push(b as char);
            if name.len() > MAX_TOKEN_BYTES {
                return Err(self.fail(at, state, "a tag name longer than 256 characters"));
            }
        }
        if name.is_empty() || !name.as_bytes()[0].is_ascii_alphabetic() {
            let found = self.describe_here();
            return Err(self.fail(
                at,
                state,
                format!("bad tag line: expected a tag name (letters, digits, _) after '[', found {found}"),
            ));
        }
        self.skip_blanks();
        let value_at = self.here();
        if self.peek() != Some(b'"') {
            let found = self.describe_here();
            return Err(self.fail(
                value_at,
                state,
                format!("bad tag line: expected '\"' and the value of tag {name}, found {found}"),
            ));
        }
        self.advance(b'"');
        self.scratch.clear();
        loop {
            // Plain bytes up to the next quote, backslash or line break, in bulk.
            let avail = &self.buf[self.pos..self.len];
            let plain = avail
                .iter()
                .position(|&b| matches!(b, b'"' | b'\\' | b'\n' | b'\r'))
                .unwrap_or(avail.len());
            if plain > 0 {
                let chunk = &avail[..plain];
                let continuation = chunk.iter().filter(|&&b| b & 0xC0 == 0x80).count();
                self.scratch.extend_from_slice(chunk);
                self.pos += plain;
                self.offset += plain as u64;
                self.column += plain - continuation;
                if self.scratch.len() > self.max_comment_bytes {
                    return Err(self.fail(
                        value_at,
                        state,
                        "bad tag line: the tag value is too long",
                    ));
                }
                continue;
            }
            let here = self.here();
            match self.peek() {
                None | Some(b'\n') | Some(b'\r') => {
                    return Err(self.fail(
                        value_at,
                        state,
                        format!("bad tag line: the value of tag {name} is not closed with '\"' on its line"),
                    ));
                }
                Some(b'"') => {
                    self.advance(b'"');
                    break;
                }
                Some(b'\\') => {
                    self.advance(b'\\');
                    match self.peek() {
                        Some(c @ (b'"' | b'\\')) => {
                            self.advance(c);
                            self.scratch.push(c);
                        }
                        _ => {
                            return Err(self.fail(
                                here,
                                state,
                                "bad tag line: a backslash in a tag value must be followed by '\"' or '\\'",
                            ));
                        }
                    }
                }
                Some(b) => {
                    self.advance(b);
                    self.scratch.push(b);
                }
            }
            if self.scratch.len() > self.max_comment_bytes {
                return Err(self.fail(value_at, state, "bad tag line: the tag value is too long"));
            }
        }
        self.skip_blanks();
        if self.peek() != Some(b']') {
            let found = self.describe_here();
            let here = self.here();
            return Err(self.fail(
                here,
                state,
                format!("bad tag line: expected ']' after the value of tag {name}, found {found}"),
            ));
        }
        self.advance(b']');
        self.skip_blanks();
        match self.peek() {
            None | Some(b'\n') | Some(b'[') => {}
            Some(_) => {
                let found = self.describe_here();
                let here = self.here();
                return Err(self.fail(
                    here,
                    state,
                    format!("bad tag line: unexpected {found} after the tag; each tag stands on its own line"),
                ));
            }
        }
        // The value, in `scratch`'s allocation (given back below).
        let value = match String::from_utf8(std::mem::take(&mut self.scratch)) {
            Ok(value) => value,
            Err(_) => {
                return Err(self.fail(value_at, state, "the tag value is not valid UTF-8"));
            }
        };
        if self.tag_count >= MAX_TAGS {
            return Err(self.fail(at, state, format!("more than {MAX_TAGS} tags in one game")));
        }
        self.tag_count += 1;
        let mut begin = 0;
        for &end in &self.tag_ends {
            if self.tag_names[begin..end] == name {
                return Err(self.fail(
                    at,
                    state,
                    format!("bad tag line: tag {name} is given twice"),
                ));
            }
            begin = end;
        }
        if let Some(i) = checked_tag(&name) {
            // Column of the value's first character (after the quote).
            let pos = Pos {
                offset: value_at.offset + 1,
                line: value_at.line,
                column: value_at.column + 1,
            };
            state.checked[i] = Some((value.clone(), pos));
        }
        v.tag(&name, &value, at.line);
        self.tag_names.push_str(&name);
        self.tag_ends.push(self.tag_names.len());
        self.tag_name = name;
        self.scratch = value.into_bytes();
        Ok(())
    }

    fn describe_here(&mut self) -> String {
        match self.peek() {
            None => "the end of the input".to_string(),
            Some(b'\n') | Some(b'\r') => "the end of the line".to_string(),
            Some(b) if b.is_ascii_graphic() => format!("'{}'", b as char),
            Some(b) if b.is_ascii() => format!("byte 0x{b:02x}"),
            Some(_) => "a non-ASCII character".to_string(),
        }
    }

    /// Checks the values of `Result`, `Players`, `Seats`, `Rules`, `Position`.
    fn check_tags(&self, state: &GameState) -> Result<(), Fail> {
        let [result, players, seats, rules, position] = &state.checked;
        let bad = |(value, at): &(String, Pos), message: String| {
            let _ = value;
            self.fail(*at, state, message)
        };
        if let Some(r) = result
            && !is_result_token(&r.0)
        {
            return Err(bad(
                r,
                format!(
                    "Result tag: '{}' is not a result: expected Black, Red, Yellow, Green, Blue, draw or *",
                    r.0
                ),
            ));
        }
        if let Some(r) = rules {
            parse_rules_tag(&r.0).map_err(|e| bad(r, e.to_string()))?;
        }
        let mut count = 2;
        let mut player_list = None;
        if let Some(p) = players {
            let list = parse_players_tag(&p.0).map_err(|e| bad(p, e.to_string()))?;
            count = list.len();
            player_list = Some(list);
        }
        if let Some(p) = position {
            let pos = parse_ppn(&p.0).map_err(|e| {
                let at = Pos {
                    offset: p.1.offset + e.column as u64,
                    line: p.1.line,
                    column: p.1.column + e.column,
                };
                self.fail(at, state, format!("Position tag: {}", e.message))
            })?;
            if let (Some(list), Some(pl)) = (&player_list, players)
                && list.as_slice() != pos.players().as_slice()
            {
                return Err(bad(
                    pl,
                    format!(
                        "Players tag: \"{}\" disagrees with the Position tag's players \"{}\"",
                        pl.0,
                        pos.players()
                    ),
                ));
            }
            count = pos.players().len();
        }
        if let Some(s) = seats {
            parse_seats_tag(&s.0, count).map_err(|e| bad(s, e.to_string()))?;
        }
        let _ = default_seats_text(count);
        Ok(())
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = Result<Game, PgrError>;

    fn next(&mut self) -> Option<Result<Game, PgrError>> {
        self.read_game().transpose()
    }
}

/// The visitor behind [`Reader::read_game`]: builds a [`Game`].
#[derive(Debug, Default)]
pub struct GameBuilder {
    game: Option<Game>,
    moves_hint: usize,
}

impl GameBuilder {
    fn game(&mut self) -> &mut Game {
        self.game.get_or_insert_with(Game::new)
    }
}

impl Visitor for GameBuilder {
    type Output = Game;

    fn begin_game(&mut self, start: GameStart) {
        let mut game = Game::new();
        game.moves.reserve(self.moves_hint);
        game.line = start.line;
        game.offset = start.offset;
        self.game = Some(game);
    }

    fn tag(&mut self, name: &str, value: &str, _line: usize) {
        self.game().tags.push(name.to_string(), value.to_string());
    }

    fn move_token(&mut self, token: MoveToken<'_>) {
        self.game().moves.push(MoveEntry {
            text: token.text.to_string(),
            mv: token.mv,
            line: token.line,
            column: token.column,
            glyphs: Vec::new(),
            comments: Vec::new(),
        });
    }

    fn glyph(&mut self, glyph: &str) {
        if let Some(last) = self.game().moves.last_mut() {
            last.glyphs.push(glyph.to_string());
        }
    }

    fn comment(&mut self, text: &str) {
        let game = self.game();
        match game.moves.last_mut() {
            Some(last) => last.comments.push(text.to_string()),
            None => game.leading_comments.push(text.to_string()),
        }
    }

    fn result(&mut self, token: &str, line: usize, column: usize) {
        let game = self.game();
        game.result = token.to_string();
        game.result_line = line;
        game.result_column = column;
    }

    fn end_game(&mut self) -> Game {
        self.game.take().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    //! The movetext fast path against the general one: a reader that is handed
    //! one byte at a time never has a whole token in its buffer, so it reads
    //! everything the general way; one handed 2, 3, 7... bytes at a time has
    //! tokens cut at every place. All must see the same games and errors as a
    //! reader that has the whole text at once.

    use super::*;
    use proptest::prelude::*;
    use std::fmt::Write as _;

    /// Hands out at most `chunk` bytes per read (0: sizes from 1 to 97 in turn).
    struct Chunked<'a> {
        data: &'a [u8],
        chunk: usize,
        turn: usize,
    }

    impl Read for Chunked<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let size = if self.chunk == 0 {
                self.turn = self.turn % 97 + 1;
                self.turn
            } else {
                self.chunk
            };
            let n = size.min(out.len()).min(self.data.len());
            out[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    /// Writes down every visitor call; skips the movetext of every `skip_every`th
    /// game (0: never).
    struct Trace {
        out: String,
        skip_every: usize,
        games: usize,
    }

    impl Visitor for Trace {
        type Output = ();

        fn begin_game(&mut self, start: GameStart) {
            self.games += 1;
            let _ = writeln!(self.out, "begin {start:?}");
        }

        fn tag(&mut self, name: &str, value: &str, line: usize) {
            let _ = writeln!(self.out, "tag {name:?} {value:?} {line}");
        }

        fn begin_movetext(&mut self) -> Skip {
            let skip = self.skip_every != 0 && self.games.is_multiple_of(self.skip_every);
            let _ = writeln!(self.out, "movetext skip={skip}");
            Skip(skip)
        }

        fn move_token(&mut self, token: MoveToken<'_>) {
            let _ = writeln!(
                self.out,
                "move {:?} {:?} {}:{}",
                token.text, token.mv, token.line, token.column
            );
        }

        fn glyph(&mut self, glyph: &str) {
            let _ = writeln!(self.out, "glyph {glyph:?}");
        }

        fn comment(&mut self, text: &str) {
            let _ = writeln!(self.out, "comment {text:?}");
        }

        fn result(&mut self, token: &str, line: usize, column: usize) {
            let _ = writeln!(self.out, "result {token:?} {line}:{column}");
        }

        fn end_game(&mut self) {
            self.out.push_str("end\n");
        }
    }

    #[derive(Clone, Copy)]
    struct Options {
        lenient: bool,
        skip_every: usize,
        max_game_bytes: u64,
    }

    const PLAIN: Options = Options {
        lenient: false,
        skip_every: 0,
        max_game_bytes: DEFAULT_MAX_GAME_BYTES,
    };

    /// Everything a reader reports on `data`, read `chunk` bytes at a time.
    fn trace(data: &[u8], chunk: usize, options: Options) -> String {
        let input = Chunked {
            data,
            chunk,
            turn: 0,
        };
        let mut reader = Reader::new(input).max_game_bytes(options.max_game_bytes);
        if options.lenient {
            reader = reader.lenient();
        }
        let mut visitor = Trace {
            out: String::new(),
            skip_every: options.skip_every,
            games: 0,
        };
        for _ in 0..=data.len() + 1 {
            match reader.read_with(&mut visitor) {
                Ok(Some(())) => {}
                Ok(None) => return visitor.out,
                Err(e) => {
                    let _ = writeln!(visitor.out, "error {e:?}");
                }
            }
        }
        panic!("the reader makes no progress");
    }

    /// Reads `data` whole and in chunks of several sizes, strict and lenient,
    /// and checks that all agree; returns the whole strict reading.
    fn check_same(data: &[u8], options: Options) -> String {
        let mut whole = String::new();
        for lenient in [false, true] {
            let options = Options { lenient, ..options };
            let expected = trace(data, usize::MAX, options);
            for chunk in [1, 2, 3, 4, 5, 6, 7, 11, 64, 0] {
                let got = trace(data, chunk, options);
                assert_eq!(
                    got,
                    expected,
                    "{chunk} bytes at a time, lenient: {lenient}, text {:?}",
                    String::from_utf8_lossy(data)
                );
            }
            if !lenient {
                whole = expected;
            }
        }
        whole
    }

    /// A long canonical game (moves need not be legal: the reader does not care).
    fn long_game(moves: usize, newline: &str) -> String {
        let shapes = [
            "e1-e2",
            "a3-b4(b5)",
            "c3xc5",
            "i9-i8(*)",
            "e3>(a1,b2)",
            "g2-g5(*,e5)",
            "d4<<(a1,c1,d1,b2)",
            "pass",
            "b2xd4(d3)",
        ];
        let mut text = String::from("[Event \"long\"]\n[Result \"*\"]\n\n");
        let mut column = 0;
        for i in 0..moves {
            let mut token = String::new();
            if i % 2 == 0 {
                let _ = write!(token, "{}. ", i / 2 + 1);
            }
            token.push_str(shapes[i % shapes.len()]);
            if column + token.len() > 78 {
                text.push_str(newline);
                column = 0;
            } else if column > 0 {
                text.push(' ');
                column += 1;
            }
            column += token.len();
            text.push_str(&token);
        }
        text.push_str(" *");
        text.push_str(newline);
        text
    }

    #[test]
    fn checked_tags_are_found_by_name() {
        let names = ["Result", "Players", "Seats", "Rules", "Position"];
        for (i, name) in names.iter().enumerate() {
            assert_eq!(checked_tag(name), Some(i));
        }
        for name in ["Event", "result", "Result ", "Seat", ""] {
            assert_eq!(checked_tag(name), None);
        }
    }

    #[test]
    fn long_games_read_the_same_in_any_chunks() {
        let text = long_game(700, "\n") + &long_game(300, "\r\n");
        let out = check_same(text.as_bytes(), PLAIN);
        assert_eq!(out.matches("\nmove ").count(), 1000);
        assert!(out.contains("move \"e3>(a1,b2)\""), "{out}");
        // The same, skipping the movetext of every other game.
        let skip = Options {
            skip_every: 2,
            ..PLAIN
        };
        check_same(text.as_bytes(), skip);
    }

    #[test]
    fn positions_after_the_fast_path() {
        let text = "[Result \"*\"]\n\n1. e1-e2 e9-e8\t2.e2-e3  2... e8-e7\r\n3. a3-a5(*,e5) \
                    a3-a5(*,  e5)\n 12...i9-i8 pass *\n";
        let out = check_same(text.as_bytes(), PLAIN);
        let moves: Vec<&str> = out.lines().filter(|l| l.starts_with("move ")).collect();
        let at: Vec<&str> = moves
            .iter()
            .map(|l| l.rsplit(' ').next().unwrap_or(""))
            .collect();
        assert_eq!(
            at,
            ["3:4", "3:10", "3:18", "3:30", "4:4", "4:16", "5:7", "5:13"]
        );
        assert!(moves[5].starts_with("move \"a3-a5(*,  e5)\""), "{moves:?}");
        assert!(moves[7].starts_with("move \"pass\" None"), "{moves:?}");
        assert!(out.contains("result \"*\" 5:18\n"), "{out}");
    }

    #[test]
    fn malformed_tokens_are_reported_alike() {
        let cases = [
            "1. e1-e2 e9-e0 *\n",
            "1. e1-e2 j1-e2 *\n",
            "1. e1-e2 12 *\n",
            "1. e1-e2 1-0 *\n",
            "1.2. e1-e2 *\n",
            "1. e1-e2 e9-e8) *\n",
            "1. e1-e2 e9-e8( e7 *\n",
            "1. e1-e2 e1-e3( e3 ) *\n",
            "1. e1-e2 (e3) *\n",
            "1. e1-e2 e3>(a1,a1) *\n",
            "1. e1-e2 e9-é8 *\n",
            "1. e1-e2 e9-e8\u{e9} *\n",
            "1. e1-e2 Black\n",
            "1. e1-e2 black *\n",
            "1. e1-e2 e9-e8!!! *\n",
            "1. e1-e2 $ *\n",
            "1. e1-e2 {unclosed\n",
            "1. e1-e2 } *\n",
            "1. e1-e2\n[Event \"next\"]\n*\n",
            "1. e1-e2 [Event \"x\"] *\n",
            "1. e1-e2 e9-e8",
            "1. e1-e2 e9-e8 2.",
            "1. e1-e2 e9-e8 2. *",
            "1. \u{1}e1-e2 *\n",
            "1. e1-e2 e9-e8{x}e2-e3;c\n*\n",
            "1. e1-e2 {caf\u{e9}} e9-e8 ; na\u{ef}ve\r\n*\r\n",
            "1.e1-e2 2...e9-e8 3....e2-e3 *\n",
            "1.\te1-e2\x0be9-e8\x0c*\n",
            "*\n",
            "",
            "\u{feff}1. e1-e2 *\n",
        ];
        for text in cases {
            let data = format!("[Result \"*\"]\n\n{text}[Result \"*\"]\n\n1. a3-b4 *\n");
            check_same(data.as_bytes(), PLAIN);
        }
        // Bytes that are not UTF-8: in a comment, in a move, cut anywhere.
        let mut data = b"[Result \"*\"]\n\n1. e1-e2 {\xff} e9-e8 *\n".to_vec();
        data.extend_from_slice(b"\n1. e1-e2 e9-e8\xe9 *\n\n1. e1-e2 \xc3\xa9 *\n");
        check_same(&data, PLAIN);
    }

    #[test]
    fn tag_values_are_read_alike_in_any_chunks() {
        let cases = [
            "[Event \"London \\\"Open\\\" \\\\ 2027\"]\n",
            "[Site \"Z\u{fc}rich, \u{e9}t\u{e9}\"]\n",
            "[Site \"\"]\n",
            "[Site \"unclosed\n",
            "[Site \"unclosed\r\n",
            "[Site \"bad \\n escape\"]\n",
            "[Site \"a\\",
            "[Site \"ends",
            "[Site \"x\"] [Round \"1\"]\n",
        ];
        for tag in cases {
            let data =
                format!("{tag}[Result \"*\"]\n\n1. e1-e2 *\n\n[Result \"*\"]\n\n1. a3-b4 *\n");
            check_same(data.as_bytes(), PLAIN);
        }
        check_same(
            b"[Site \"\xff\"]\n[Result \"*\"]\n\n*\n\n[Result \"*\"]\n\n*\n",
            PLAIN,
        );
        // A value longer than the cap, and where the errors point.
        let long = format!("[Site \"{}\"]\n[Result \"*\"]\n\n*\n", "x".repeat(100));
        for chunk in [1, 7, usize::MAX] {
            let input = Chunked {
                data: long.as_bytes(),
                chunk,
                turn: 0,
            };
            let err = Reader::new(input)
                .max_comment_bytes(50)
                .read_game()
                .unwrap_err();
            assert_eq!((err.line, err.column, err.offset), (1, 7, 6), "{chunk}");
            assert!(err.message.contains("too long"), "{}", err.message);
        }
        let bad = "[Event \"\u{e9}t\u{e9} \\x\"]\n[Result \"*\"]\n\n*\n";
        let err = Reader::new(bad.as_bytes()).read_game().unwrap_err();
        // The backslash: the 13th character, after 2 two-byte letters.
        assert_eq!((err.line, err.column, err.offset), (1, 13, 14));
        let game = Reader::new("[Event \"\u{e9}t\u{e9} \\\"x\\\\\"]\n\n*\n".as_bytes())
            .read_game()
            .unwrap()
            .unwrap();
        assert_eq!(game.tags.get("Event"), Some("\u{e9}t\u{e9} \"x\\"));
    }

    #[test]
    fn long_tokens_are_reported_alike() {
        for n in [250, 251, 252, 256, 257, 300] {
            let long = "e".repeat(n);
            for token in [
                format!("e1-e2({long})"),
                format!("1.{long}"),
                format!("{}.", "1".repeat(n)),
                format!("{}.e1-e2", "1".repeat(n)),
                format!("a3-a5({})", ["*"; 200].join(",")),
            ] {
                let data = format!("[Result \"*\"]\n\n1. e1-e2 {token} *\n\n1. a3-b4 *\n");
                check_same(data.as_bytes(), PLAIN);
            }
        }
    }

    #[test]
    fn the_size_limit_is_reported_alike() {
        let text = long_game(120, "\n") + &long_game(40, "\r\n");
        for limit in [0, 1, 30, 31, 32, 33, 40, 57, 58, 59, 60, 100, 777, 1000] {
            let options = Options {
                max_game_bytes: limit,
                ..PLAIN
            };
            check_same(text.as_bytes(), options);
        }
    }

    #[test]
    fn the_bundled_records_read_the_same_in_any_chunks() {
        let dirs = [
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/malformed"),
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples"),
        ];
        let mut files = 0;
        for dir in dirs {
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.extension().is_some_and(|e| e == "pgr") {
                    let data = std::fs::read(&path).unwrap_or_default();
                    check_same(&data, PLAIN);
                    files += 1;
                }
            }
        }
        assert!(files > 0, "no records found");
    }

    /// Movetext made of tokens that the fast path takes and tokens it leaves to
    /// the general path, with any separators.
    fn movetext() -> impl Strategy<Value = String> {
        let token = prop_oneof![
            4 => "[a-i][1-9][-x][a-i][1-9]",
            2 => "[a-i][1-9][-x][a-i][1-9]\\(([a-i][1-9]|\\*)(,([a-i][1-9]|\\*)){0,2}\\)",
            1 => "[a-i][1-9][<>]{1,2}\\([a-i][1-9](,[a-i][1-9]){0,3}\\)",
            3 => "[1-9][0-9]{0,2}\\.{1,3}",
            1 => "[1-9]\\.[a-i][1-9]-[a-i][1-9]",
            1 => "pass|PASS|resign|E1-E2|e1-e2\\( e2 \\)|e1-e2\\(\\*, e5\\)",
            1 => "\\{[a-z é\\r\\n]{0,6}\\}|;[a-z é]{0,5}\\n|\\$[1-9]|!|\\?!",
            1 => "[a-j0-9x(),*.\\-]{1,6}|\\*|Black|draw|\\[|\\]|\\}",
        ];
        let separator = "( |  |\\n|\\r\\n|\\t| \\n )";
        proptest::collection::vec((token, separator), 0..40).prop_map(|parts| {
            parts
                .into_iter()
                .map(|(token, separator)| token + &separator)
                .collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn random_movetext_reads_the_same_in_any_chunks(
            first in movetext(),
            second in movetext(),
            skip_every in 0usize..3,
            limit in prop_oneof![Just(DEFAULT_MAX_GAME_BYTES), 0u64..400],
        ) {
            let data = format!(
                "[Result \"*\"]\n\n{first}*\n\n[Result \"*\"]\n\n{second} *\n\n1. e1-e2 *\n"
            );
            let options = Options { lenient: false, skip_every, max_game_bytes: limit };
            check_same(data.as_bytes(), options);
        }
    }
}
