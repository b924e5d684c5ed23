//! The generic shape of every message ([`Frame`]) and its two encodings: text lines
//! (`TAG ID key=value ...`) and JSON lines (`{"type":TAG,"id":ID,"key":value,...}`).
//!
//! Typed messages ([`crate::message`]) convert to and from frames, so both framings
//! carry exactly the same information by construction.

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
    /// The line is not JSON, or not a JSON object with a string `type` and an `id`.
    #[error("bad JSON message: {0}")]
    Json(String),
}

/// A frame or message that cannot be written so that it reads back the same: writing
/// it would silently change a value, so it is refused instead.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EncodeError {
    /// The tag is not a lower-case word, `=` or `?`.
    #[error("`{}` is not a message tag", pacru_notation::Escaped(.0))]
    BadTag(String),
    /// The id is not a request id (nor `-` where that is allowed).
    #[error("`{}` is not a request id (1 to 64 of A-Z a-z 0-9 _ . : -)", pacru_notation::Escaped(.0))]
    BadId(String),
    /// An argument name is not a key, is reserved, or is given twice.
    #[error("`{}` cannot be written as an argument name ({reason})", pacru_notation::Escaped(.key))]
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

fn needs_quotes(s: &str) -> bool {
    s.is_empty()
        || s.chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '"' || c == '\\')
}

fn quote(s: &str, out: &mut String) {
    if !needs_quotes(s) {
        out.push_str(s);
        return;
    }
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Why free text cannot be the rest of a `?` line exactly, if it cannot: the reader
/// ends the line at a line break and trims blanks at both ends.
fn reason_problem(reason: &str) -> Option<&'static str> {
    if reason.contains(['\n', '\r']) {
        Some("a failure reason in text framing must be one line (no CR or LF)")
    } else if reason.trim() != reason {
        Some("a failure reason in text framing cannot begin or end with blanks")
    } else {
        None
    }
}

/// Free text made fit for the reason of a `?` line in both framings: control
/// characters shown as `\u{..}` escapes, blanks trimmed. For reasons built from
/// outside input (a rejected line), so that they never carry raw control bytes.
pub fn one_line_reason(text: &str) -> String {
    pacru_notation::escape_controls(text).trim().to_owned()
}

/// Checks that a frame's tag, id and argument names can be written and read back.
fn check_shape(frame: &Frame) -> Result<(), EncodeError> {
    if !is_tag(&frame.tag) {
        return Err(EncodeError::BadTag(frame.tag.clone()));
    }
    if !is_valid_id(&frame.id) && frame.id != UNKNOWN_ID {
        return Err(EncodeError::BadId(frame.id.clone()));
    }
    for (i, (key, _)) in frame.args.iter().enumerate() {
        if key == "type" || key == "id" {
            return Err(EncodeError::BadKey {
                key: key.clone(),
                reason: "reserved in JSON framing",
            });
        }
        if !is_key(key) {
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

    /// The text framing of this frame. Control characters in values are written
    /// as escapes; what text framing cannot carry exactly (a list item with a blank,
    /// a `?` reason over several lines, any argument of `?` but `reason`) is an
    /// error, never a silent change.
    pub fn to_text(&self) -> Result<String, EncodeError> {
        check_shape(self)?;
        let mut out = String::new();
        out.push_str(&self.tag);
        out.push(' ');
        out.push_str(&self.id);
        if self.tag == "?" {
            for (key, value) in &self.args {
                if key != "reason" {
                    return Err(EncodeError::BadKey {
                        key: key.clone(),
                        reason: "a failure reply in text framing carries only its reason",
                    });
                }
                if let Value::List(_) = value {
                    return Err(EncodeError::invalid("reason", "a list is not a reason"));
                }
                let reason = value.as_text();
                if let Some(problem) = reason_problem(&reason) {
                    return Err(EncodeError::invalid("reason", problem));
                }
                if !reason.is_empty() {
                    out.push(' ');
                    out.push_str(&reason);
                }
            }
            return Ok(out);
        }
        for (key, value) in &self.args {
            if let Value::List(items) = value {
                for item in items {
                    if let Value::List(_) = item {
                        return Err(EncodeError::invalid(key, "a list inside a list"));
                    }
                    if !is_list_item(&item.as_text()) {
                        return Err(EncodeError::invalid(
                            key,
                            format!(
                                "list item `{}` is empty or has a blank",
                                pacru_notation::Escaped(&item.as_text())
                            ),
                        ));
                    }
                }
            }
            out.push(' ');
            out.push_str(key);
            out.push('=');
            quote(&value.as_text(), &mut out);
        }
        Ok(out)
    }

    /// Reads a text line (line end optional). Every value reads back as a string.
    pub fn from_text(line: &str) -> Result<Frame, WireError> {
        let line = line.trim_matches(|c: char| c == '\n' || c == '\r' || c == ' ' || c == '\t');
        if line.is_empty() {
            return Err(WireError::Empty);
        }
        if line.contains('\n') {
            return Err(WireError::LineBreak);
        }
        let (tag, rest) = split_word(line);
        if !is_tag(tag) {
            return Err(WireError::BadTag(truncate(tag, 40)));
        }
        let (id, rest) = split_word(rest);
        if id.is_empty() {
            return Err(WireError::MissingId {
                tag: tag.to_owned(),
            });
        }
        if !is_valid_id(id) && id != UNKNOWN_ID {
            return Err(WireError::BadId(truncate(id, 80)));
        }
        let mut frame = Frame::new(tag, id);
        if tag == "?" {
            let reason = rest.trim();
            if reason.contains('\r') {
                return Err(WireError::LineBreak);
            }
            frame
                .args
                .push(("reason".to_owned(), Value::Str(reason.to_owned())));
            return Ok(frame);
        }
        let mut chars = rest.chars().peekable();
        loop {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            if chars.peek().is_none() {
                break;
            }
            let mut key = String::new();
            while let Some(&c) = chars.peek() {
                if c == '=' || c.is_whitespace() {
                    break;
                }
                key.push(c);
                chars.next();
            }
            if chars.next() != Some('=') || !is_key(&key) {
                return Err(WireError::BadArgument(truncate(&key, 40)));
            }
            let mut value = String::new();
            if chars.peek() == Some(&'"') {
                chars.next();
                let mut closed = false;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => {
                            closed = true;
                            break;
                        }
                        '\\' => match chars.next() {
                            Some('"') => value.push('"'),
                            Some('\\') => value.push('\\'),
                            Some('n') => value.push('\n'),
                            Some('r') => value.push('\r'),
                            Some('t') => value.push('\t'),
                            Some('u') => value.push(read_unicode_escape(&mut chars)?),
                            Some(other) => return Err(WireError::BadEscape(other)),
                            None => return Err(WireError::UnterminatedQuote(key)),
                        },
                        c => value.push(c),
                    }
                }
                if !closed {
                    return Err(WireError::UnterminatedQuote(key));
                }
                if chars.peek().is_some_and(|c| !c.is_whitespace()) {
                    return Err(WireError::BadArgument(key));
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
            if frame.get(&key).is_some() {
                return Err(WireError::DuplicateKey(key));
            }
            frame.args.push((key, Value::Str(value)));
        }
        Ok(frame)
    }

    /// The JSON framing of this frame: one object, `type` first, then `id`.
    /// Errors only for a frame whose tag, id or argument names cannot be read back.
    pub fn to_json(&self) -> Result<String, EncodeError> {
        check_shape(self)?;
        // Written by hand to keep `type` and `id` first and the arguments in order
        // (a serde_json map would sort the keys).
        let mut out = String::from("{\"type\":");
        out.push_str(&json_string(json_tag(&self.tag)));
        out.push_str(",\"id\":");
        out.push_str(&json_string(&self.id));
        for (key, value) in &self.args {
            if key == "type" || key == "id" {
                continue;
            }
            out.push(',');
            out.push_str(&json_string(key));
            out.push(':');
            out.push_str(&value_to_json(value).to_string());
        }
        out.push('}');
        Ok(out)
    }

    fn to_json_map(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut map = serde_json::Map::new();
        map.insert(
            "type".to_owned(),
            serde_json::Value::String(json_tag(&self.tag).to_owned()),
        );
        map.insert("id".to_owned(), serde_json::Value::String(self.id.clone()));
        for (key, value) in &self.args {
            if key == "type" || key == "id" {
                continue;
            }
            map.insert(key.clone(), value_to_json(value));
        }
        map
    }

    /// Reads a JSON line: an object with a string `type` and an `id` (string or number).
    pub fn from_json(line: &str) -> Result<Frame, WireError> {
        let line = line.trim();
        if line.is_empty() {
            return Err(WireError::Empty);
        }
        let value: serde_json::Value =
            serde_json::from_str(line).map_err(|e| WireError::Json(e.to_string()))?;
        Frame::from_json_value(&value)
    }

    fn from_json_value(value: &serde_json::Value) -> Result<Frame, WireError> {
        let serde_json::Value::Object(map) = value else {
            return Err(WireError::Json("not a JSON object".to_owned()));
        };
        let tag = match map.get("type") {
            Some(serde_json::Value::String(t)) => text_tag(t).to_owned(),
            _ => return Err(WireError::Json("no string `type`".to_owned())),
        };
        if !is_tag(&tag) {
            return Err(WireError::BadTag(truncate(&tag, 40)));
        }
        let id = match map.get("id") {
            Some(serde_json::Value::String(s)) => s.clone(),
            Some(serde_json::Value::Number(n)) => n.to_string(),
            _ => return Err(WireError::MissingId { tag }),
        };
        if !is_valid_id(&id) && id != UNKNOWN_ID {
            return Err(WireError::BadId(truncate(&id, 80)));
        }
        let mut frame = Frame::new(tag, id);
        for (key, value) in map {
            if key == "type" || key == "id" {
                continue;
            }
            if let Some(value) = value_from_json(value) {
                frame.args.push((key.clone(), value));
            }
        }
        Ok(frame)
    }
}

impl serde::Serialize for Frame {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json_map().serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for Frame {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Frame, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        Frame::from_json_value(&value).map_err(serde::de::Error::custom)
    }
}

fn json_string(s: &str) -> String {
    serde_json::Value::String(s.to_owned()).to_string()
}

fn json_tag(tag: &str) -> &str {
    match tag {
        "=" => "ok",
        "?" => "error",
        other => other,
    }
}

fn text_tag(tag: &str) -> &str {
    match tag {
        "ok" => "=",
        "error" => "?",
        other => other,
    }
}

fn value_to_json(value: &Value) -> serde_json::Value {
    match value {
        Value::Str(s) => serde_json::Value::String(s.clone()),
        Value::Int(n) => serde_json::Value::Number((*n).into()),
        Value::List(items) => serde_json::Value::Array(items.iter().map(value_to_json).collect()),
    }
}

fn value_from_json(value: &serde_json::Value) -> Option<Value> {
    Some(match value {
        serde_json::Value::Null => return None,
        serde_json::Value::Bool(b) => Value::Str(b.to_string()),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Value::Int(i),
            None => Value::Str(n.to_string()),
        },
        serde_json::Value::String(s) => Value::Str(s.clone()),
        serde_json::Value::Array(items) => {
            Value::List(items.iter().filter_map(value_from_json).collect())
        }
        serde_json::Value::Object(_) => Value::Str(value.to_string()),
    })
}

/// Reads the `{HEX}` of a `\u{HEX}` escape (the `\u` already read).
fn read_unicode_escape(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
) -> Result<char, WireError> {
    if chars.next() != Some('{') {
        return Err(WireError::BadUnicodeEscape(String::new()));
    }
    let mut hex = String::new();
    loop {
        match chars.next() {
            Some('}') => break,
            Some(c) if c.is_ascii_hexdigit() && hex.len() < 6 => hex.push(c),
            Some(c) => {
                hex.push(c);
                return Err(WireError::BadUnicodeEscape(escape_short(&hex)));
            }
            None => return Err(WireError::BadUnicodeEscape(escape_short(&hex))),
        }
    }
    u32::from_str_radix(&hex, 16)
        .ok()
        .and_then(char::from_u32)
        .ok_or(WireError::BadUnicodeEscape(hex))
}

fn escape_short(s: &str) -> String {
    pacru_notation::escape_controls(&truncate(s, 8)).into_owned()
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
    fn text_round_trip_with_quotes() {
        let frame = Frame::new("go", "7")
            .with("moves", Value::Str("e1-e2 a3-b4(b4)".into()))
            .with("text", Value::Str("say \"hi\"\\\n".into()))
            .with("empty", Value::Str(String::new()));
        let line = frame.to_text().unwrap();
        assert_eq!(
            line,
            r#"go 7 moves="e1-e2 a3-b4(b4)" text="say \"hi\"\\\n" empty="""#
        );
        assert_eq!(Frame::from_text(&line).unwrap(), frame);
    }

    #[test]
    fn failure_reply_keeps_free_text() {
        let frame = Frame::from_text("? 12 unknown command: frob  \r\n").unwrap();
        assert_eq!(frame.tag, "?");
        assert_eq!(
            frame.get("reason").unwrap().as_text(),
            "unknown command: frob"
        );
        assert_eq!(frame.to_text().unwrap(), "? 12 unknown command: frob");
    }

    #[test]
    fn bad_lines_are_typed_errors() {
        assert_eq!(Frame::from_text("  "), Err(WireError::Empty));
        assert!(matches!(
            Frame::from_text("go"),
            Err(WireError::MissingId { .. })
        ));
        assert!(matches!(
            Frame::from_text("Go 1"),
            Err(WireError::BadTag(_))
        ));
        assert!(matches!(
            Frame::from_text("go 1/2"),
            Err(WireError::BadId(_))
        ));
        assert!(matches!(
            Frame::from_text("go 1 x"),
            Err(WireError::BadArgument(_))
        ));
        assert!(matches!(
            Frame::from_text("go 1 x=\"abc"),
            Err(WireError::UnterminatedQuote(_))
        ));
        assert!(matches!(
            Frame::from_text("go 1 x=1 x=2"),
            Err(WireError::DuplicateKey(_))
        ));
        assert!(matches!(Frame::from_json("[1]"), Err(WireError::Json(_))));
        assert!(matches!(
            Frame::from_json("{\"type\":\"go\"}"),
            Err(WireError::MissingId { .. })
        ));
    }

    #[test]
    fn json_maps_reply_tags() {
        let frame = Frame::new("=", "3").with("move", Value::Str("e1-e2".into()));
        assert_eq!(
            frame.to_json().unwrap(),
            r#"{"type":"ok","id":"3","move":"e1-e2"}"#
        );
        assert_eq!(Frame::from_json(&frame.to_json().unwrap()).unwrap(), frame);
        let numeric = Frame::from_json(r#"{"type":"ping","id":4,"x":null}"#).unwrap();
        assert_eq!(numeric, Frame::new("ping", "4"));
    }

    #[test]
    fn salvage() {
        assert_eq!(salvage_id(Framing::Text, "go 17 moves=\"bad"), "17");
        assert_eq!(salvage_id(Framing::Text, "go"), "-");
        assert_eq!(salvage_id(Framing::Json, r#"{"id":"x1","type":5}"#), "x1");
        assert_eq!(salvage_id(Framing::Json, "{nonsense"), "-");
    }
}
