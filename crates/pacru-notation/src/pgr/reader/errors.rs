//! The reader's errors: a failure before it is given the game's context
//! ([`Fail`]), the read error, and the recovery after a malformed game
//! (finding the next game, reading the tag lines after a bad one).

use super::{GameState, Pos, Reader};
use crate::pgr::visitor::Visitor;
use crate::pgr::{ErrorPlace, PgrError};
use std::io::{self, Read};

/// After a malformed game, the reader skips at most this many times the size
/// limit of one game in search of the next game.
const SKIP_FACTOR: u64 = 4;

/// How to find the next game after a malformed one.
#[derive(Clone, Copy, Debug)]
pub(super) enum Resync {
    /// The reader stands on the `[` that starts the next game.
    Here,
    /// Skip the rest of the line, then look for a `[` line after a blank line, or,
    /// if `after_movetext`, after any line that is not a tag line.
    SkipLine { after_movetext: bool },
    /// The reader stands at the start of a line after the tag lines of a game
    /// whose tag section is bad: look on as `SkipLine` does after a tag line.
    AfterTagLines,
}

/// An error before it is given the game's context.
pub(super) struct Fail {
    pub(super) at: Pos,
    pub(super) message: String,
    pub(super) resync: Resync,
    /// Where the problem stands when the reader's state does not say it (see
    /// `Reader::read_with`).
    pub(super) place: Option<ErrorPlace>,
    /// The text of the unreadable token.
    pub(super) token: Option<String>,
}

impl Fail {
    /// The same failure, naming the unreadable token.
    pub(super) fn token(mut self, text: impl Into<String>) -> Fail {
        self.token = Some(text.into());
        self
    }

    /// The same failure, after the game's last move.
    pub(super) fn after_moves(mut self) -> Fail {
        self.place = Some(ErrorPlace::AfterMoves);
        self
    }
}

impl<R: Read> Reader<R> {
    pub(super) fn fail(&self, at: Pos, state: &GameState, message: impl Into<String>) -> Fail {
        Fail {
            at,
            message: message.into(),
            resync: Resync::SkipLine {
                after_movetext: state.in_movetext,
            },
            place: None,
            token: None,
        }
    }

    pub(super) fn check_size(&self, state: &GameState) -> Result<(), Fail> {
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

    pub(super) fn io_failure(&mut self, state: &GameState, e: io::Error) -> PgrError {
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
            place: if state.in_movetext {
                ErrorPlace::Movetext
            } else {
                ErrorPlace::Tags { setup_read: false }
            },
            token: None,
        }
    }

    /// Skips to the start of the next game after a malformed one, but not over
    /// more than [`SKIP_FACTOR`] times the size limit of one game: a new game
    /// starts there (so that endless input still gives a verdict now and then).
    pub(super) fn skip_to_next_game(&mut self, resync: Resync) {
        let limit = self
            .offset
            .saturating_add(self.max_game_bytes.saturating_mul(SKIP_FACTOR));
        let mut after_movetext = match resync {
            Resync::Here => return,
            Resync::SkipLine { after_movetext } => {
                if !self.skip_line(limit) {
                    return;
                }
                after_movetext
            }
            Resync::AfterTagLines => false,
        };
        let mut prev_blank = false;
        let mut prev_tag = !after_movetext;
        loop {
            while let Some(b' ' | b'\t' | b'\r') = self.peek() {
                if self.offset >= limit {
                    return;
                }
                self.advance(b' ');
            }
            if self.offset >= limit {
                return;
            }
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
                    if !self.skip_line(limit) {
                        return;
                    }
                }
            }
        }
    }

    /// After the bad tag line of `fail`: reads the tag lines that follow it
    /// directly (up to a line that is not a tag line) and reports the good ones,
    /// so that the setup tags are known, then returns `fail` with the reader
    /// where the search for the next game would have gone on.
    pub(super) fn read_rest_of_tags<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &mut GameState,
        mut fail: Fail,
    ) -> Fail {
        if self.io_error.is_some() {
            return fail;
        }
        let limit = state.start.offset.saturating_add(self.max_game_bytes);
        loop {
            // The rest of the bad (or read) line.
            if !self.skip_line(limit) || self.io_error.is_some() {
                break;
            }
            self.skip_blanks();
            if self.peek() != Some(b'[') {
                break;
            }
            while self.peek() == Some(b'[') {
                if self.parse_tag(v, state).is_err() {
                    break;
                }
                self.skip_blanks();
            }
        }
        fail.resync = Resync::AfterTagLines;
        fail
    }
}

/// The message for a word of the movetext that is nothing the grammar knows: it
/// names every kind of token allowed there and spells out the result tokens.
pub(super) fn unknown_token(text: &str) -> String {
    let miscased = ["draw", "black", "red", "yellow", "green", "blue"]
        .iter()
        .any(|w| w.eq_ignore_ascii_case(text));
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let hint = if miscased {
        "; result tokens are written exactly so"
    } else if digits > 0 && text.as_bytes().get(digits) == Some(&b'.') {
        "; a round number has one dot or three (12. or 12...)"
    } else {
        ""
    };
    format!(
        "unknown token '{text}': expected a move, pass, a round number such as 12. or a result token (Black, Red, Yellow, Green, Blue, draw or *){hint}"
    )
}
