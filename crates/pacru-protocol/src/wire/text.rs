//! The text-line framing: `TAG ID key=value ...`, values bare or quoted with
//! escapes, the `?` line's free-text reason.

use super::{
    EncodeError, Frame, Framing, UNKNOWN_ID, Value, WireError, check_shape, is_key, is_list_item,
    is_tag, is_valid_id, split_word, truncate,
};

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
    pacru_core::escape_controls(text).trim().to_owned()
}
impl Frame {
    /// The text framing of this frame. Control characters in values are written
    /// as escapes; what text framing cannot carry exactly (a list item with a blank,
    /// a `?` reason over several lines, any argument of `?` but `reason`) is an
    /// error, never a silent change.
    pub fn to_text(&self) -> Result<String, EncodeError> {
        check_shape(self, Framing::Text)?;
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
                                pacru_core::Escaped(&item.as_text())
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
        if id.is_empty() && tag == "quit" {
            // `quit` alone, as a person typing at an engine writes it.
            return Ok(Frame::new(tag, UNKNOWN_ID));
        }
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
                // What no writer writes: an empty value is `""`, and `"` and
                // `\` stand only in quoted values.
                if value.is_empty() || value.contains(['"', '\\']) {
                    return Err(WireError::BareValue(key));
                }
            }
            if frame.get(&key).is_some() {
                return Err(WireError::DuplicateKey(key));
            }
            frame.args.push((key, Value::Str(value)));
        }
        Ok(frame)
    }
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
    pacru_core::escape_controls(&truncate(s, 8)).into_owned()
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
    fn arguments_named_id_or_type_round_trip_in_text() {
        // Found by fuzzing: they are ordinary keys in text framing (reserved in JSON).
        let frame = Frame::from_text(r#"info 4 id="e1 \u{7}" type=x"#).unwrap();
        let line = frame.to_text().unwrap();
        assert_eq!(Frame::from_text(&line).unwrap(), frame);
        assert!(frame.to_json().is_err());
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
        for bare in ["go 1 x=", "go 1 x= y=2", "go 1 x=a\"b", "go 1 x=a\\b"] {
            assert_eq!(
                Frame::from_text(bare),
                Err(WireError::BareValue("x".into())),
                "{bare}"
            );
        }
        assert_eq!(
            Frame::from_text("go 1 x=\"\"").unwrap().get("x"),
            Some(&Value::Str(String::new()))
        );
        assert!(matches!(Frame::from_json("[1]"), Err(WireError::Json(_))));
        assert!(matches!(
            Frame::from_json("{\"type\":\"go\"}"),
            Err(WireError::MissingId { .. })
        ));
    }
}
