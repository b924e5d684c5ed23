//! The generic shape of every message ([`Frame`]) and its two encodings: text lines
//! (`TAG ID key=value ...`) and JSON lines (`{"type":TAG,"id":ID,"key":value,...}`).
//!
//! Typed messages ([`crate::message`]) convert to and from frames, so both framings
//! carry exactly the same information by construction.
//!
//! - this module: the frame, its values, the errors, and what both framings share;
//! - `text`: the text-line framing ([`Frame::to_text`], [`Frame::from_text`]);
//! - `json`: the JSON-line framing ([`Frame::to_json`], [`Frame::from_json`]).

mod json;
mod text;

pub use text::one_line_reason;

use thiserror::Error;

/// The longest request id, in bytes.
pub const MAX_ID_LEN: usize = 64;

/// The id used in a failure reply when the request's own id could not be read.
pub const UNKNOWN_ID: &str = "-";

/// How messages are put on the wire.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Framing {
    /// One text message per line: `TAG ID key=value ...` (the default).
    #[default]
    Text,
    /// One JSON object per line: `{"type":TAG,"id":ID,...}`.
    Json,
}

impl Framing {
    /// The framing a session uses, judged from its first line: JSON if the line
    /// starts (after blanks) with `{`, text otherwise.
    pub fn detect(first_line: &str) -> Framing {
        if first_line.trim_start().starts_with('{') {
            Framing::Json
        } else {
            Framing::Text
        }
    }

    /// Encodes a frame as one line (without the line end), or says why the frame
    /// cannot be written in this framing so that it reads back the same.
    pub fn encode(self, frame: &Frame) -> Result<String, EncodeError> {
        match self {
            Framing::Text => frame.to_text(),
            Framing::Json => frame.to_json(),
        }
    }

    /// Decodes one line (line end optional) into a frame.
    pub fn decode(self, line: &str) -> Result<Frame, WireError> {
        match self {
            Framing::Text => Frame::from_text(line),
            Framing::Json => Frame::from_json(line),
        }
    }
}

/// A value of a message argument.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Value {
    /// A string (in text framing: a bare token or a quoted string).
    Str(String),
    /// An integer.
    Int(i64),
    /// A list of tokens or integers (in text framing: space-separated, quoted).
    List(Vec<Value>),
}

impl Value {
    /// The value as text: what text framing would carry.
    pub fn as_text(&self) -> String {
        match self {
            Value::Str(s) => s.clone(),
            Value::Int(n) => n.to_string(),
            Value::List(items) => items
                .iter()
                .map(Value::as_text)
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// The value's elements: a list's items, or the whitespace-separated words of a
    /// string (so `"e1-e2 e9-e8"` and `["e1-e2","e9-e8"]` mean the same).
    pub fn as_list(&self) -> Vec<String> {
        match self {
            Value::Str(s) => s.split_whitespace().map(str::to_owned).collect(),
            Value::Int(n) => vec![n.to_string()],
            Value::List(items) => items.iter().map(Value::as_text).collect(),
        }
    }

    /// The value as an integer, if it is one (or a string holding one).
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            Value::Str(s) => s.trim().parse().ok(),
            Value::List(_) => None,
        }
    }
}

/// One message in generic form: a tag (`go`, `=`, `?`, `info`...), the request id it
/// belongs to, and named arguments in order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Frame {
    /// The message kind as written in text framing (`=` and `?` for replies).
    pub tag: String,
    /// The request id.
    pub id: String,
    /// Named arguments, in writing order. A `?` frame carries its reason as `reason`.
    pub args: Vec<(String, Value)>,
}

/// A line that is not a well-formed frame.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WireError {
    /// The line is empty.
    #[error("empty line")]
    Empty,
    /// The line has no request id after the tag.
    #[error("missing request id after `{tag}`")]
    MissingId {
        /// The tag read.
        tag: String,
    },
    /// The tag is not a word.
    #[error("`{0}` is not a message tag (expected a lower-case word, `=` or `?`)")]
    BadTag(String),
    /// The id has forbidden characters or is too long.
    #[error("`{0}` is not a request id (1 to 64 of A-Z a-z 0-9 _ . : -)")]
    BadId(String),
    /// An argument is not `key=value`.
    #[error("`{0}` is not an argument (expected key=value)")]
    BadArgument(String),
    /// A quoted value does not end.
    #[error("unterminated quoted value for `{0}`")]
    UnterminatedQuote(String),
    /// A backslash escape that is not one of `\" \\ \n \r \t \u{HEX}`.
    #[error("bad escape `\\{0}` in a quoted value")]
    BadEscape(char),
    /// A `\u{...}` escape that does not name a character (1 to 6 hex digits, no
    /// surrogate, at most 10FFFF).
    #[error(
        "bad escape `\\u{{{0}}}` in a quoted value (expected 1 to 6 hex digits naming a character)"
    )]
    BadUnicodeEscape(String),
    /// A line feed inside the line, or a carriage return inside the reason of a `?`
    /// line (which is free text to the end of the line).
    #[error("a line break inside the message")]
    LineBreak,
    /// An argument appears twice.
    #[error("argument `{0}` given twice")]
    DuplicateKey(String),
    /// An unquoted value that is empty or holds `"` or `\`.
    #[error(
        "the value of `{0}` is not a bare token (no `\"` or `\\`; an empty value is written `\"\"`)"
    )]
    BareValue(String),
    /// The line is not JSON, or not a JSON object with a string `type` and an `id`.
    #[error("bad JSON message: {0}")]
    Json(String),
}

/// A frame or message that cannot be written so that it reads back the same: writing
/// it would silently change a value, so it is refused instead.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EncodeError {
    /// The tag is not a lower-case word, `=` or `?`.
    #[error("`{}` is not a message tag", pacru_core::Escaped(.0))]
    BadTag(String),
    /// The tag is `ok` or `error`, which JSON framing cannot write: there those
    /// names stand for `=` and `?`.
    #[error(
        "`{0}` cannot be written as a message tag in JSON framing, where `ok` and `error` stand for `=` and `?`"
    )]
    ReservedTag(String),
    /// The id is not a request id (nor `-` where that is allowed).
    #[error("`{}` is not a request id (1 to 64 of A-Z a-z 0-9 _ . : -)", pacru_core::Escaped(.0))]
    BadId(String),
    /// An argument name is not a key, is reserved, or is given twice.
    #[error("`{}` cannot be written as an argument name ({reason})", pacru_core::Escaped(.key))]
    BadKey {
        /// The argument name.
        key: String,
        /// Why.
        reason: &'static str,
    },
    /// An argument's value cannot be represented exactly.
    #[error("`{key}` cannot be written: {reason}")]
    Invalid {
        /// The argument.
        key: String,
        /// Why, in plain words.
        reason: String,
    },
}

impl EncodeError {
    /// An [`EncodeError::Invalid`].
    pub fn invalid(key: &str, reason: impl Into<String>) -> EncodeError {
        EncodeError::Invalid {
            key: key.to_owned(),
            reason: reason.into(),
        }
    }
}

/// Whether `item` can be a list item: not empty, no whitespace (text framing
/// separates items by spaces, so anything else would read back differently).
pub fn is_list_item(item: &str) -> bool {
    !item.is_empty() && !item.chars().any(char::is_whitespace)
}

fn is_key(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
}

fn is_tag(s: &str) -> bool {
    s == "=" || s == "?" || is_key(s)
}

/// Whether `s` may be used as a request id (`-` is reserved for [`UNKNOWN_ID`]).
pub fn is_valid_id(s: &str) -> bool {
    s != UNKNOWN_ID
        && !s.is_empty()
        && s.len() <= MAX_ID_LEN
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ':' | '-'))
}

/// Checks that a frame's tag, id and argument names can be written and read back
/// (in text framing argument names must be keys; JSON carries any name but
/// `type` and `id`, which are the frame's own members there).
fn check_shape(frame: &Frame, framing: Framing) -> Result<(), EncodeError> {
    if !is_tag(&frame.tag) {
        return Err(EncodeError::BadTag(frame.tag.clone()));
    }
    // Written `ok` or `error`, another message would read back as `=` or `?`.
    if framing == Framing::Json && matches!(frame.tag.as_str(), "ok" | "error") {
        return Err(EncodeError::ReservedTag(frame.tag.clone()));
    }
    if !is_valid_id(&frame.id) && frame.id != UNKNOWN_ID {
        return Err(EncodeError::BadId(frame.id.clone()));
    }
    for (i, (key, _)) in frame.args.iter().enumerate() {
        if framing == Framing::Json && (key == "type" || key == "id") {
            return Err(EncodeError::BadKey {
                key: key.clone(),
                reason: "reserved in JSON framing",
            });
        }
        if framing == Framing::Text && !is_key(key) {
            return Err(EncodeError::BadKey {
                key: key.clone(),
                reason: "not a lower-case word",
            });
        }
        if frame.args[..i].iter().any(|(k, _)| k == key) {
            return Err(EncodeError::BadKey {
                key: key.clone(),
                reason: "given twice",
            });
        }
    }
    Ok(())
}

impl Frame {
    /// A frame with no arguments.
    pub fn new(tag: impl Into<String>, id: impl Into<String>) -> Frame {
        Frame {
            tag: tag.into(),
            id: id.into(),
            args: Vec::new(),
        }
    }

    /// Adds an argument (builder style).
    #[must_use]
    pub fn with(mut self, key: &str, value: Value) -> Frame {
        self.args.push((key.to_owned(), value));
        self
    }

    /// The argument named `key`, if present.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.args.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
}

fn split_word(s: &str) -> (&str, &str) {
    let s = s.trim_start();
    match s.find(char::is_whitespace) {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    }
}

/// The first `max` characters of `s`, with `...` if cut.
pub fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_owned()
    } else {
        let mut out: String = s.chars().take(max).collect();
        out.push_str("...");
        out
    }
}

/// The id of a line that failed to parse, when it can still be read (so the failure
/// reply can name it); [`UNKNOWN_ID`] otherwise.
pub fn salvage_id(framing: Framing, line: &str) -> String {
    let id = match framing {
        Framing::Text => {
            let (_, rest) = split_word(line);
            split_word(rest).0.to_owned()
        }
        Framing::Json => match serde_json::from_str::<serde_json::Value>(line.trim()) {
            Ok(serde_json::Value::Object(map)) => match map.get("id") {
                Some(serde_json::Value::String(s)) => s.clone(),
                Some(serde_json::Value::Number(n)) => n.to_string(),
                _ => String::new(),
            },
            _ => String::new(),
        },
    };
    if is_valid_id(&id) {
        id
    } else {
        UNKNOWN_ID.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn salvage() {
        assert_eq!(salvage_id(Framing::Text, "go 17 moves=\"bad"), "17");
        assert_eq!(salvage_id(Framing::Text, "go"), "-");
        assert_eq!(salvage_id(Framing::Json, r#"{"id":"x1","type":5}"#), "x1");
        assert_eq!(salvage_id(Framing::Json, "{nonsense"), "-");
    }
}
