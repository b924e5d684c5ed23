//! The reader's tag section: tag lines, duplicate tags, and the checks of the
//! tags the reader checks itself (`Result` and the setup tags).

use super::errors::Fail;
use super::{GameState, MAX_TAGS, MAX_TOKEN_BYTES, Pos, Reader};
use crate::pgr::game::{check_players_agree, parse_players_tag, parse_rules_tag, parse_seats_tag};
use crate::pgr::visitor::Visitor;
use crate::pgr::{ErrorPlace, GameResult};
use pacru_core::{Position, RulesEdition};
use std::collections::HashSet;
use std::io::Read;

/// Up to this many tags, a new tag's name is compared with each one before it.
pub(super) const FEW_TAGS: usize = 16;

/// The tags of the game being read, for the checks across its tag lines: how
/// many there are, and whether a name comes twice.
#[derive(Debug, Default)]
pub(super) struct TagBook {
    /// The [`KNOWN_NAMES`] the game has, one bit each by index.
    known: u16,
    /// The other names of the tags, one after the other; each ends at the
    /// corresponding index of `ends`.
    names: String,
    ends: Vec<usize>,
    /// The [`name_key`] of each name.
    keys: Vec<u64>,
    /// The same names once a game has more than [`FEW_TAGS`] of them, for
    /// the duplicate check.
    set: HashSet<String>,
    /// The tag lines counted, a refused duplicate included.
    count: usize,
    /// Buffers for the values of the tags the reader checks, kept from game to
    /// game for their allocations.
    spare_values: Vec<String>,
    /// Names compared, for the tests.
    #[cfg(test)]
    pub(super) work: u64,
}

/// Why a tag line read whole is refused.
enum Refusal {
    /// The game has [`MAX_TAGS`] tags already.
    TooMany,
    /// The game has a tag of that name already.
    Duplicate,
}

impl Refusal {
    /// The error message for tag `name`.
    fn message(&self, name: &str) -> String {
        match self {
            Refusal::TooMany => format!("more than {MAX_TAGS} tags in one game"),
            Refusal::Duplicate => format!("bad tag line: tag {name} is given twice"),
        }
    }
}

/// Which tags the reader checks itself, with where their value was written: the
/// index of the tag named `known` in `GameState::checked` (`Result`, `Players`,
/// `Seats`, `Rules`, `Position`, all among [`KNOWN_NAMES`]).
#[inline]
pub(super) fn checked_known(known: Option<KnownName>) -> Option<usize> {
    known?.checked.map(usize::from)
}

/// The names of the tags that most records have, with `Position`: a name read
/// whole from the buffer is looked up here (which costs a tenth of adding it
/// byte by byte), and the game's tags among them are kept as bits.
const KNOWN_NAMES: [KnownName; 15] = {
    const fn known(text: &'static str, index: u8, checked: Option<u8>) -> KnownName {
        KnownName {
            text,
            index,
            checked,
        }
    }
    [
        known("Event", 0, None),
        known("Site", 1, None),
        known("Date", 2, None),
        known("Round", 3, None),
        known("Result", 4, Some(0)),
        known("Players", 5, Some(1)),
        known("Seats", 6, Some(2)),
        known("Rules", 7, Some(3)),
        known("Position", 8, Some(4)),
        known("Termination", 9, None),
        known("Black", 10, None),
        known("Red", 11, None),
        known("Yellow", 12, None),
        known("Green", 13, None),
        known("Blue", 14, None),
    ]
};

/// A tag name of [`KNOWN_NAMES`]: its text, its index there, and its
/// [`checked_known`] index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct KnownName {
    text: &'static str,
    index: u8,
    checked: Option<u8>,
}

/// `bytes` as a name of [`KNOWN_NAMES`], if it is one. Inlined natively, which
/// saves its call and the copy of its answer (0.7 M instructions of the 9,000
/// games of `docs/performance.md`); not in WebAssembly, where the two copies
/// made the module 3 KiB larger.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
#[cfg_attr(target_family = "wasm", inline)]
pub(super) fn known_name(bytes: &[u8]) -> Option<KnownName> {
    let index = match bytes {
        b"Event" => 0,
        b"Site" => 1,
        b"Date" => 2,
        b"Round" => 3,
        b"Result" => 4,
        b"Players" => 5,
        b"Seats" => 6,
        b"Rules" => 7,
        b"Position" => 8,
        b"Termination" => 9,
        b"Black" => 10,
        b"Red" => 11,
        b"Yellow" => 12,
        b"Green" => 13,
        b"Blue" => 14,
        _ => return None,
    };
    Some(KNOWN_NAMES[index])
}

// Classes of bytes in a tag line, looked up in [`TAG_BYTES`]: one load and one
// comparison a byte where the tests they stand for took several.
/// A byte of a tag name: an ASCII letter or digit, or `_`.
const NAME: u8 = 1;
/// A byte that ends the plain (ASCII) run of a tag value: `"`, `\\`, `\n`,
/// `\r`, or a byte above 0x7f.
const VALUE_STOP: u8 = 2;
/// Any other byte.
const OTHER: u8 = 0;

/// The class of each byte in a tag line.
const TAG_BYTES: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() || c == b'_' {
            table[b] = NAME;
        } else if matches!(c, b'"' | b'\\' | b'\n' | b'\r') || !c.is_ascii() {
            table[b] = VALUE_STOP;
        }
        b += 1;
    }
    table
};

/// Whether the tag of [`checked_known`] index `checked` decides the start
/// position (all but `Result`).
fn sets_up(checked: Option<usize>) -> bool {
    matches!(checked, Some(i) if i > 0)
}

impl<R: Read> Reader<R> {
    /// Reads a tag line `[Name "value"]` (standing on the `[`); a failure on a
    /// tag that may be a setup tag marks the setup broken.
    pub(super) fn parse_tag<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &mut GameState,
    ) -> Result<(), Fail> {
        state.setup_tag = true;
        let read = self.parse_tag_line(v, state);
        if read.is_err() && state.setup_tag {
            state.setup_broken = true;
        }
        read
    }

    pub(super) fn parse_tag_line<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &mut GameState,
    ) -> Result<(), Fail> {
        let at = self.here();
        let mut name = std::mem::take(&mut self.tag_name);
        name.clear();
        self.advance(b'[');
        self.skip_blanks();
        let name_at = self.here();
        // The name's bytes (ASCII) in bulk, one more than the limit at most; a
        // known name read whole is not copied.
        let mut known = None;
        while self.pos < self.len || self.fill() {
            let room = MAX_TOKEN_BYTES + 1 - name.len();
            let avail = &self.buf[self.pos..self.len.min(self.pos + room)];
            let n = avail
                .iter()
                .position(|&b| TAG_BYTES[usize::from(b)] != NAME)
                .unwrap_or(avail.len());
            let whole = n < avail.len();
            match known_name(&avail[..n]) {
                Some(k) if whole && name.is_empty() => known = Some(k),
                _ => name.extend(avail[..n].iter().map(|&b| char::from(b))),
            }
            self.pos += n;
            self.offset += n as u64;
            self.column += n;
            if name.len() > MAX_TOKEN_BYTES {
                return Err(self.fail(at, state, "a tag name longer than 256 characters"));
            }
            if whole {
                break;
            }
        }
        // A known name that the buffer's end cut in two.
        let known = known.or_else(|| known_name(name.as_bytes()));
        let name_text = known.map_or(name.as_str(), |k| k.text);
        if name_text.is_empty() {
            self.tag_name = name;
            return Err(self.bad_tag_line(
                at,
                state,
                "expected a tag name (letters, digits, _) after '['",
            ));
        }
        if !name_text.as_bytes()[0].is_ascii_alphabetic() {
            let message =
                format!("bad tag line: a tag name starts with a letter, found '{name_text}'");
            self.tag_name = name;
            return Err(self.fail(name_at, state, message));
        }
        let checked = checked_known(known);
        state.setup_tag = sets_up(checked);
        self.skip_blanks();
        let value_at = self.here();
        if self.peek() != Some(b'"') {
            return Err(self.bad_tag_line(
                value_at,
                state,
                &format!("expected '\"' and the value of tag {name_text}"),
            ));
        }
        self.advance(b'"');
        self.scratch.clear();
        // The value where it stands in the buffer, when it is one plain run
        // closed by its quote there: not copied unless a refill would overwrite
        // it before the line is read.
        let mut in_buffer = None;
        loop {
            // Plain ASCII bytes up to the next quote, backslash, line break or
            // byte above 0x7f, in bulk.
            let avail = &self.buf[self.pos..self.len];
            let plain = avail
                .iter()
                .position(|&b| TAG_BYTES[usize::from(b)] == VALUE_STOP)
                .unwrap_or(avail.len());
            let closed_here = self.scratch.is_empty() && avail.get(plain) == Some(&b'"');
            if plain > 0 {
                if !closed_here {
                    self.scratch.extend_from_slice(&avail[..plain]);
                }
                // ASCII: a byte is a column.
                self.pos += plain;
                self.offset += plain as u64;
                self.column += plain;
                if plain.max(self.scratch.len()) > self.max_comment_bytes {
                    return Err(self.fail(
                        value_at,
                        state,
                        "bad tag line: the tag value is too long",
                    ));
                }
                // On to the byte that ended the run (the closing quote, most
                // often) without scanning again from it.
            }
            if closed_here {
                in_buffer = Some(self.pos - plain..self.pos);
                self.advance(b'"');
                break;
            }
            let here = self.here();
            match self.peek() {
                None | Some(b'\n') | Some(b'\r') => {
                    return Err(self.fail(
                        value_at,
                        state,
                        format!("bad tag line: the value of tag {name_text} is not closed with '\"' on its line"),
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
                Some(b) if !b.is_ascii() => {
                    // A run of bytes above 0x7f: columns count characters, and
                    // a UTF-8 continuation byte is none.
                    let avail = &self.buf[self.pos..self.len];
                    let n = avail.iter().position(u8::is_ascii).unwrap_or(avail.len());
                    let run = &avail[..n];
                    let continuation = run.iter().filter(|&&b| b & 0xC0 == 0x80).count();
                    self.scratch.extend_from_slice(run);
                    self.pos += n;
                    self.offset += n as u64;
                    self.column += n - continuation;
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
        // The usual end, `]` and the line break (or the next tag), read in the
        // buffer; anything else may refill it, so the value is copied first.
        if let Some(range) = &in_buffer
            && !matches!(
                self.buf.get(self.pos..self.len.min(self.pos + 2)),
                Some([b']', b'\n' | b'['])
            )
        {
            self.scratch.extend_from_slice(&self.buf[range.clone()]);
            in_buffer = None;
        }
        if in_buffer.is_some() {
            self.advance(b']');
        } else {
            self.skip_blanks();
            if self.peek() != Some(b']') {
                let here = self.here();
                return Err(self.bad_tag_line(
                    here,
                    state,
                    &format!("expected ']' after the value of tag {name_text}"),
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
        }
        let value = match in_buffer {
            Some(range) => &self.buf[range],
            None => &self.scratch[..],
        };
        let Ok(value_text) = std::str::from_utf8(value) else {
            return Err(self.fail(value_at, state, "the tag value is not valid UTF-8"));
        };
        let tag = (name_text, value_text);
        let finished = finish_tag_line(&mut self.tags, v, state, tag, known, value_at, at.line)
            .map_err(|refusal| self.fail(at, state, refusal.message(name_text)));
        self.tag_name = name;
        finished
    }

    /// A bad tag line at `at`: what was `expected`, and what stands here instead.
    pub(super) fn bad_tag_line(&mut self, at: Pos, state: &GameState, expected: &str) -> Fail {
        let found = self.describe_here();
        self.fail(
            at,
            state,
            format!("bad tag line: {expected}, found {found}"),
        )
    }

    pub(super) fn describe_here(&mut self) -> String {
        match self.peek() {
            None => "the end of the input".to_string(),
            Some(b'\n') | Some(b'\r') => "the end of the line".to_string(),
            Some(b) if b.is_ascii_graphic() => format!("'{}'", b as char),
            Some(b) if b.is_ascii() => format!("byte 0x{b:02x}"),
            Some(_) => "a non-ASCII character".to_string(),
        }
    }

    /// Checks the values of `Result`, `Players`, `Seats`, `Rules`, `Position`.
    pub(super) fn check_tags(&self, state: &GameState) -> Result<(), Fail> {
        let [result, players, seats, rules, position] = &state.checked;
        let bad = |(value, at): &(String, Pos), message: String| {
            let _ = value;
            self.fail(*at, state, message)
        };
        if let Some(r) = result
            && let Err(e) = GameResult::from_tag(&r.0)
        {
            let mut fail = bad(r, e.to_string());
            fail.place = Some(ErrorPlace::Tags {
                setup_read: !state.setup_broken,
            });
            return Err(fail);
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
            let pos = Position::from_ppn(&p.0, RulesEdition::default()).map_err(|e| {
                // `e.column` counts the value's characters from 1.
                let at = Pos {
                    offset: p.1.offset + (e.column - 1) as u64,
                    line: p.1.line,
                    column: p.1.column + e.column - 1,
                };
                self.fail(at, state, format!("Position tag: {}", e.message))
            })?;
            if let (Some(list), Some(pl)) = (&player_list, players) {
                check_players_agree(list, &pl.0, &pos).map_err(|e| bad(pl, e.to_string()))?;
            }
            count = pos.players().len();
        }
        if let Some(s) = seats {
            parse_seats_tag(&s.0, count).map_err(|e| bad(s, e.to_string()))?;
        }
        Ok(())
    }
}

/// The end of reading a tag line of the game on line `line`: tag `(name,
/// value)` counted and checked for a duplicate, its value (whose quote is at
/// `value_at`) kept if the reader checks it (see [`checked_known`]), and both
/// handed to the visitor. `known` is the name as one of [`KNOWN_NAMES`], if it
/// is one.
fn finish_tag_line<V: Visitor>(
    book: &mut TagBook,
    v: &mut V,
    state: &mut GameState,
    (name, value): (&str, &str),
    known: Option<KnownName>,
    value_at: Pos,
    line: usize,
) -> Result<(), Refusal> {
    let key = book.admit(name, known)?;
    if let Some(i) = checked_known(known) {
        // Column of the value's first character (after the quote).
        let pos = Pos {
            offset: value_at.offset + 1,
            line: value_at.line,
            column: value_at.column + 1,
        };
        let mut kept = book.spare_values.pop().unwrap_or_default();
        kept.clear();
        kept.push_str(value);
        state.checked[i] = Some((kept, pos));
    }
    v.tag(name, value, line);
    book.add(name, key);
    Ok(())
}

/// How [`TagBook`] keeps a name it admitted: a known name as its bit, another
/// name with its [`name_key`].
#[derive(Clone, Copy, Debug)]
enum Admitted {
    Known(u16),
    Other(u64),
}

impl TagBook {
    /// Forgets the tags of the last game.
    pub(super) fn clear(&mut self) {
        self.known = 0;
        self.names.clear();
        self.ends.clear();
        self.keys.clear();
        self.set.clear();
        self.count = 0;
    }

    /// Takes back the buffers of the checked tag values of a game read.
    pub(super) fn recycle(&mut self, checked: &mut [Option<(String, Pos)>]) {
        self.spare_values.extend(
            checked
                .iter_mut()
                .filter_map(Option::take)
                .map(|(value, _)| value),
        );
    }

    /// Counts tag `name` (which is `known`, if it is one of [`KNOWN_NAMES`]),
    /// refusing it past [`MAX_TAGS`] tags or as a duplicate.
    #[inline]
    fn admit(&mut self, name: &str, known: Option<KnownName>) -> Result<Admitted, Refusal> {
        if self.count >= MAX_TAGS {
            return Err(Refusal::TooMany);
        }
        self.count += 1;
        // A known name is never equal to another name: its duplicates are
        // known names too.
        let admitted = match known {
            Some(k) => {
                let bit = 1 << k.index;
                if self.known & bit != 0 {
                    return Err(Refusal::Duplicate);
                }
                Admitted::Known(bit)
            }
            None => {
                let key = name_key(name);
                if self.is_duplicate(name, key) {
                    return Err(Refusal::Duplicate);
                }
                Admitted::Other(key)
            }
        };
        Ok(admitted)
    }

    /// Records tag `name`, admitted as `admitted`.
    #[inline(always)]
    fn add(&mut self, name: &str, admitted: Admitted) {
        match admitted {
            Admitted::Known(bit) => self.known |= bit,
            Admitted::Other(key) => self.add_other(name, key),
        }
    }

    /// Records tag `name`, not one of [`KNOWN_NAMES`], whose [`name_key`] is `key`.
    #[inline(never)]
    fn add_other(&mut self, name: &str, key: u64) {
        self.names.push_str(name);
        self.ends.push(self.names.len());
        self.keys.push(key);
        if self.ends.len() > FEW_TAGS {
            self.set.insert(name.to_string());
        }
    }

    /// Whether the game already has a tag `name`, not one of [`KNOWN_NAMES`]
    /// (whose [`name_key`] is `key`): compared with each name of the same key
    /// for a few tags, looked up in a set for more.
    fn is_duplicate(&mut self, name: &str, key: u64) -> bool {
        let names = self.names.as_bytes();
        if self.ends.len() <= FEW_TAGS {
            #[cfg(test)]
            {
                self.work += self.ends.len() as u64;
            }
            let mut from = 0;
            while let Some(j) = self
                .keys
                .get(from..)
                .and_then(|keys| keys.iter().position(|&k| k == key))
            {
                let i = from + j;
                let begin = i.checked_sub(1).map_or(0, |p| self.ends[p]);
                if names.get(begin..self.ends[i]) == Some(name.as_bytes()) {
                    return true;
                }
                from = i + 1;
            }
            return false;
        }
        if self.set.len() < self.ends.len() {
            let mut begin = 0;
            for &end in &self.ends {
                self.set.insert(self.names[begin..end].to_string());
                begin = end;
            }
        }
        #[cfg(test)]
        {
            self.work += 1;
        }
        self.set.contains(name)
    }
}

/// A digest of a tag name, its length and its first and last bytes: equal names
/// have equal keys, and most different names different keys.
fn name_key(name: &str) -> u64 {
    let bytes = name.as_bytes();
    let first = bytes.first().copied().unwrap_or_default();
    let last = bytes.last().copied().unwrap_or_default();
    (bytes.len() as u64) << 16 | u64::from(first) << 8 | u64::from(last)
}

#[cfg(test)]
mod known_name_tests {
    use super::{KNOWN_NAMES, NAME, OTHER, TAG_BYTES, VALUE_STOP, checked_known, known_name};

    /// The byte classes are the tests they replace, for every byte.
    #[test]
    fn tag_byte_classes_are_the_tests_they_stand_for() {
        for b in 0..=255u8 {
            let name = b.is_ascii_alphanumeric() || b == b'_';
            let stop = matches!(b, b'"' | b'\\' | b'\n' | b'\r') || b >= 0x80;
            let class = TAG_BYTES[usize::from(b)];
            assert_eq!(class == NAME, name, "byte {b:#04x}");
            assert_eq!(class == VALUE_STOP, stop, "byte {b:#04x}");
            assert_eq!(class == OTHER, !name && !stop, "byte {b:#04x}");
        }
    }

    /// Each known name is found as its own entry of the table (text, index,
    /// checked tag), so that the look-up and the table cannot drift apart;
    /// anything else is left to the byte-by-byte path.
    #[test]
    fn known_names_are_themselves() {
        for (index, known) in KNOWN_NAMES.iter().enumerate() {
            assert_eq!(known_name(known.text.as_bytes()), Some(*known));
            assert_eq!(usize::from(known.index), index, "{}", known.text);
        }
        let checked: Vec<_> = KNOWN_NAMES
            .iter()
            .filter_map(|k| checked_known(Some(*k)).map(|i| (i, k.text)))
            .collect();
        assert_eq!(
            checked,
            [
                (0, "Result"),
                (1, "Players"),
                (2, "Seats"),
                (3, "Rules"),
                (4, "Position")
            ]
        );
        for other in ["", "event", "Even", "Events", "White", "Position_"] {
            assert_eq!(known_name(other.as_bytes()), None, "{other}");
        }
    }
}
