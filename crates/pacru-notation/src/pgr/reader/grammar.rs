//! The grammar of one game: comments before the tags, the tag section, then the
//! movetext up to the result token.

use super::errors::{Fail, Resync, unknown_token};
use super::{GameState, Pos, Reader};
use crate::pgr::visitor::{GameStart, Skip, Visitor};
use std::io::Read;

impl<R: Read> Reader<R> {
    pub(super) fn parse_game<V: Visitor>(
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
        self.game_offset = state.start.offset;
        self.game_line = state.start.line;
        self.game_column = state.start.column;
        // Comments before the first tag belong to the game; before a game
        // without tags they are its movetext's (errors in them too).
        state.in_movetext = true;
        let comments = self.comments_before_tags(state)?;
        state.in_movetext = false;
        let tagged = self.peek() == Some(b'[');
        if tagged {
            state.start.line = self.line;
            state.start.column = self.column;
        }
        v.begin_game(GameStart {
            index: state.index,
            line: state.start.line,
            offset: state.start.offset,
        });
        if tagged {
            for text in &comments {
                v.comment_before_tags(text);
            }
        }
        self.tags.clear();
        // Tag section.
        while self.peek() == Some(b'[') {
            self.check_size(state)?;
            if let Err(fail) = self.parse_tag(v, state) {
                return Err(self.read_rest_of_tags(v, state, fail));
            }
            self.skip_spaces();
        }
        if let Err(fail) = self.check_tags(state) {
            // A bad Result value leaves the setup readable; any other does not.
            if fail.place.is_none() {
                state.setup_broken = true;
            }
            return Err(fail);
        }
        state.in_movetext = true;
        let Skip(skip) = v.begin_movetext();
        if !tagged && !skip {
            for text in &comments {
                v.comment(text);
            }
        }
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
                return Err(self
                    .fail(at, state, "the input ends before the game's result token")
                    .after_moves());
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
                            let text = String::from_utf8_lossy(&self.scratch).into_owned();
                            return Err(self
                                .fail(at, state, "a glyph $N has at most 3 digits")
                                .token(text));
                        }
                    }
                    if self.scratch.len() == 1 {
                        return Err(self
                            .fail(
                                at,
                                state,
                                "'$' must be followed by a number (a glyph such as $1)",
                            )
                            .token("$"));
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
                        return Err(self
                            .fail(
                                at,
                                state,
                                format!("'{text}' is not an annotation glyph (! ? !! ?? !? ?!)"),
                            )
                            .token(text));
                    }
                    self.glyph(v, state, at, skip)?;
                }
                b'[' => {
                    let at_line_start = at.column == 1 || new_line;
                    let mut fail = self
                        .fail(
                            at,
                            state,
                            "a tag line inside the movetext: the game has no result token before the next game",
                        )
                        .after_moves();
                    if at_line_start {
                        fail.resync = Resync::Here;
                    }
                    return Err(fail);
                }
                b'}' | b']' => {
                    self.advance(b);
                    return Err(self
                        .fail(
                            at,
                            state,
                            format!("unexpected '{}' (it closes nothing)", b as char),
                        )
                        .token((b as char).to_string()));
                }
                _ => {
                    self.word(at, state)?;
                    if self.scratch.is_empty() {
                        self.advance(b);
                        let text = String::from_utf8_lossy(&[b]).into_owned();
                        return Err(self
                            .fail(at, state, format!("unexpected byte 0x{b:02x}"))
                            .token(text));
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
                                let message = unknown_token(&text);
                                return Err(self.fail(at, state, message).token(text));
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
}
