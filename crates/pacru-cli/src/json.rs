//! JSON for standard output, which may be a terminal.
//!
//! `serde_json` escapes the C0 control characters inside strings but writes DEL,
//! the C1 controls (U+0080 to U+009F, which some terminals obey: U+009B starts an
//! escape sequence as ESC `[` does) and the characters that reorder text as they
//! are. Strings from outside (a file name, a tag, a move, an engine's name) may
//! hold them, so every JSON text the program writes goes through [`safe`], which
//! writes each such character as a `\uXXXX` escape: the same JSON value, with
//! nothing in it that acts on a terminal.

use pacru_core::needs_escape;
use serde::Serialize;

/// `value` as compact JSON (one line, no line break), safe for a terminal.
pub fn line(value: &impl Serialize) -> serde_json::Result<String> {
    serde_json::to_string(value).map(safe)
}

/// `value` as indented JSON (no final line break), safe for a terminal.
pub fn pretty(value: &impl Serialize) -> serde_json::Result<String> {
    serde_json::to_string_pretty(value).map(safe)
}

/// JSON text with every character from DEL up that [`needs_escape`] written as
/// a `\uXXXX` escape. Outside its strings JSON text is ASCII (line breaks and
/// spaces when indented), and inside them `serde_json` has escaped the C0
/// controls already, so what is left to escape is DEL and the characters above
/// it: all in the Basic Multilingual Plane, one escape each.
pub fn safe(json: String) -> String {
    let unsafe_char = |c: char| c >= '\u{7f}' && needs_escape(c);
    if !has_byte_from_del(json.as_bytes()) || !json.contains(unsafe_char) {
        return json;
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if unsafe_char(c) {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether some byte of `bytes` is DEL (0x7f) or above, tested eight bytes at a
/// time: JSON lines are written for every game, and a byte loop cost a thousand
/// instructions a line. In each word, a byte from 0x7f up has its high bit set,
/// or gets it when 1 is added to every byte (a carry out of a byte comes only
/// from 0xff, itself from DEL up).
fn has_byte_from_del(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut words = bytes.chunks_exact(8);
    let found = words.any(|word| {
        let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        (w | w.wrapping_add(ONES)) & HIGH != 0
    });
    found || words.remainder().iter().any(|&b| b >= 0x7f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_that_act_on_a_terminal_are_escaped_and_the_value_is_the_same() {
        let text = "a\u{7f}b\u{9b}31m\u{85}c\u{202e}d\u{2066}e\u{200f} é ✓ \u{1b}[2J\t\n";
        let json = line(&serde_json::json!({ "name": text, "list": [text] })).unwrap();
        assert!(
            !json.chars().any(|c| needs_escape(c) || c.is_control()),
            "{json}"
        );
        assert!(json.contains(r"\u009b") && json.contains(r"\u202e") && json.contains('é'));
        let back: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(back["name"], text);
        assert_eq!(back["list"][0], text);
        let pretty_json = pretty(&back).unwrap();
        assert!(!pretty_json.contains('\u{9b}'));
        let again: serde_json::Value = serde_json::from_str(&pretty_json).unwrap();
        assert_eq!(again, back);
    }

    #[test]
    fn bytes_from_del_up_are_found_wherever_they_are() {
        for length in 0..40 {
            let plain = vec![b'~'; length];
            assert!(!has_byte_from_del(&plain), "{length}");
            for at in 0..length {
                for b in [0x7f, 0x80, 0xc2, 0xfe, 0xff] {
                    let mut bytes = plain.clone();
                    bytes[at] = b;
                    assert!(has_byte_from_del(&bytes), "{length} {at} {b:#x}");
                }
            }
        }
        // Every byte below DEL, with carries that stop short of a high bit.
        let below: Vec<u8> = (0..0x7f).collect();
        assert!(!has_byte_from_del(&below));
    }

    #[test]
    fn plain_json_is_kept_as_it_is() {
        let json = r#"{"a":"é ✓ e1-e2","b":[1,2]}"#.to_string();
        assert_eq!(safe(json.clone()), json);
    }
}
