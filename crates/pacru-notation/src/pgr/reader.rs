//! The streaming reader of game records.

use super::game::{
    default_seats_text, is_result_token, parse_players_tag, parse_rules_tag, parse_seats_tag,
};
use super::visitor::{GameStart, MoveToken, Skip, Visitor};
use super::{Game, GameResult, MoveEntry, PgrError};
use crate::fast_move::parse_move_token;
use crate::parse_ppn;
use std::io::{self, Read};

mod fast;

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
                    self.finish(v, state, at, GameResult::Unfinished)?;
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
            return Err(self.bad_tag_line(
                at,
                state,
                "expected a tag name (letters, digits, _) after '['",
            ));
        }
        self.skip_blanks();
        let value_at = self.here();
        if self.peek() != Some(b'"') {
            return Err(self.bad_tag_line(
                value_at,
                state,
                &format!("expected '\"' and the value of tag {name}"),
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
            let here = self.here();
            return Err(self.bad_tag_line(
                here,
                state,
                &format!("expected ']' after the value of tag {name}"),
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

    /// A bad tag line at `at`: what was `expected`, and what stands here instead.
    fn bad_tag_line(&mut self, at: Pos, state: &GameState, expected: &str) -> Fail {
        let found = self.describe_here();
        self.fail(
            at,
            state,
            format!("bad tag line: {expected}, found {found}"),
        )
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

    fn result(&mut self, result: GameResult, line: usize, column: usize) {
        let game = self.game();
        game.result = result;
        game.result_line = line;
        game.result_column = column;
    }

    fn end_game(&mut self) -> Game {
        self.game.take().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests;
