//! Showing text from outside to people without letting it act on their terminal.
//!
//! Records, positions and engine output may carry control characters: an ESC that
//! starts a terminal escape sequence, a BEL, a carriage return that overwrites the
//! line, or Unicode characters that reorder the text around them. Every
//! human-readable output shows such text through [`Escaped`] (or
//! [`escape_controls`]), which writes those characters as Rust-style escapes
//! (`\u{1b}`) and leaves everything else as it is. JSON needs the same care:
//! `serde_json` escapes only the C0 controls, so a program writing JSON for a
//! terminal escapes the rest of [`needs_escape`]'s characters as `\uXXXX`.

use std::borrow::Cow;
use std::fmt;

/// Whether `c` must not reach a terminal as it is: C0 and C1 control characters
/// (tab excepted) and the invisible characters that change the direction of the
/// text around them.
pub fn needs_escape(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Displays a string with its control characters escaped (see the module docs).
///
/// ```
/// use pacru_core::Escaped;
/// assert_eq!(Escaped("a\u{1b}]0;title\u{7}b").to_string(), r"a\u{1b}]0;title\u{7}b");
/// assert_eq!(Escaped("plain text, tab\tkept").to_string(), "plain text, tab\tkept");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Escaped<'a>(pub &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(at) = rest.find(needs_escape) {
            f.write_str(&rest[..at])?;
            let c = rest[at..]
                .chars()
                .next()
                .expect("a character was found here");
            write!(f, "\\u{{{:x}}}", c as u32)?;
            rest = &rest[at + c.len_utf8()..];
        }
        f.write_str(rest)
    }
}

/// The string with its control characters escaped; borrowed when there are none.
///
/// ```
/// use pacru_core::escape_controls;
/// assert_eq!(escape_controls("e1-e2"), "e1-e2");
/// assert_eq!(escape_controls("e1\r\n"), r"e1\u{d}\u{a}");
/// ```
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if text.contains(needs_escape) {
        Cow::Owned(Escaped(text).to_string())
    } else {
        Cow::Borrowed(text)
    }
}

/// Bytes that may not be UTF-8, shown as text: invalid sequences become U+FFFD and
/// control characters are escaped.
///
/// ```
/// use pacru_core::escape_bytes;
/// assert_eq!(escape_bytes(b"ab\x00\xff"), "ab\\u{0}\u{fffd}");
/// ```
pub fn escape_bytes(bytes: &[u8]) -> String {
    Escaped(&String::from_utf8_lossy(bytes)).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_control_byte_is_escaped_except_tab() {
        for b in (0u8..0x20).chain([0x7f]) {
            let text = format!("x{}y", b as char);
            let shown = Escaped(&text).to_string();
            if b == b'\t' {
                assert_eq!(shown, text);
            } else {
                assert_eq!(shown, format!("x\\u{{{b:x}}}y"));
                assert!(!shown.bytes().any(|c| c < 0x20 || c == 0x7f));
            }
        }
    }

    #[test]
    fn c1_controls_and_direction_overrides_are_escaped() {
        assert_eq!(Escaped("\u{9b}31m").to_string(), r"\u{9b}31m");
        assert_eq!(Escaped("ab\u{202e}cd").to_string(), r"ab\u{202e}cd");
        assert_eq!(Escaped("é à ü ✓").to_string(), "é à ü ✓");
    }

    #[test]
    fn borrowed_when_nothing_to_escape() {
        assert!(matches!(escape_controls("Black wins"), Cow::Borrowed(_)));
        assert_eq!(escape_controls("\u{1b}[2J"), r"\u{1b}[2J");
    }
}
