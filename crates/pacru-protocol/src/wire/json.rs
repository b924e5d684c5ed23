//! The JSON-line framing: one object per message, `type` and `id` first, lists as
//! arrays, numbers as numbers.

use super::{
    EncodeError, Frame, Framing, UNKNOWN_ID, Value, WireError, check_shape, is_tag, is_valid_id,
    truncate,
};

impl Frame {
    /// The JSON framing of this frame: one object, `type` first, then `id`.
    /// Errors only for a frame whose tag, id or argument names cannot be read back.
    pub fn to_json(&self) -> Result<String, EncodeError> {
        check_shape(self, Framing::Json)?;
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
        let value: Members =
            serde_json::from_str(line).map_err(|e| WireError::Json(e.to_string()))?;
        Frame::from_members(&value)
    }

    fn from_members(value: &Members) -> Result<Frame, WireError> {
        let Members::Object(map) = value else {
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
            None if tag == "quit" => UNKNOWN_ID.to_owned(),
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
            // A `null` member is absent, but a `null` in a list is a hole: dropping
            // it would read another list than the one sent.
            if holds_null_item(value) {
                return Err(WireError::Json(format!(
                    "`{}` has a null list item",
                    truncate(key, 40)
                )));
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
        let value = Members::deserialize(deserializer)?;
        Frame::from_members(&value).map_err(serde::de::Error::custom)
    }
}

/// A JSON value as a frame reads it: an object's members (each named once), or
/// anything else. A member named twice is refused, as text framing refuses an
/// argument given twice: a map keeping one of the two would read another message
/// than the one sent.
enum Members {
    Object(serde_json::Map<String, serde_json::Value>),
    Other,
}

impl<'de> serde::Deserialize<'de> for Members {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Members, D::Error> {
        deserializer.deserialize_any(MembersVisitor)
    }
}

struct MembersVisitor;

impl<'de> serde::de::Visitor<'de> for MembersVisitor {
    type Value = Members;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut access: A) -> Result<Members, A::Error> {
        let mut map = serde_json::Map::new();
        while let Some(key) = access.next_key::<String>()? {
            if map.contains_key(&key) {
                return Err(serde::de::Error::custom(WireError::DuplicateKey(truncate(
                    &key, 40,
                ))));
            }
            let value = access.next_value()?;
            map.insert(key, value);
        }
        Ok(Members::Object(map))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut access: A) -> Result<Members, A::Error> {
        while access.next_element::<serde::de::IgnoredAny>()?.is_some() {}
        Ok(Members::Other)
    }

    fn visit_bool<E>(self, _: bool) -> Result<Members, E> {
        Ok(Members::Other)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Members, E> {
        Ok(Members::Other)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Members, E> {
        Ok(Members::Other)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Members, E> {
        Ok(Members::Other)
    }

    fn visit_str<E>(self, _: &str) -> Result<Members, E> {
        Ok(Members::Other)
    }

    fn visit_unit<E>(self) -> Result<Members, E> {
        Ok(Members::Other)
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

/// Whether `value` is an array with a `null` among its items (at any depth).
fn holds_null_item(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::Array(items) => items
            .iter()
            .any(|item| item.is_null() || holds_null_item(item)),
        _ => false,
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

#[cfg(test)]
mod tests {
    use super::*;

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

    /// A text line `ok 1` is a message named `ok`, which JSON framing cannot
    /// write: its `{"type":"ok"}` is `=` (found by the `protocol_text` fuzz target).
    #[test]
    fn the_json_names_of_replies_are_no_other_message_tags() {
        for tag in ["ok", "error"] {
            let frame = Frame::from_text(&format!("{tag} 1")).unwrap();
            assert_eq!(frame.tag, tag);
            let err = frame.to_json().unwrap_err();
            assert_eq!(err, EncodeError::ReservedTag(tag.to_owned()));
            assert!(err.to_string().contains("stand for `=` and `?`"), "{err}");
            assert_eq!(frame.to_text().unwrap(), format!("{tag} 1"));
        }
    }

    #[test]
    fn a_null_list_item_is_refused_not_dropped() {
        for line in [
            r#"{"type":"go","id":"2","players":"KR","moves":["e1-e2",null,"e9-e8"]}"#,
            r#"{"type":"go","id":"2","players":"KR","moves":[null]}"#,
            r#"{"type":"go","id":"2","players":"KR","moves":[["e1-e2",null]]}"#,
        ] {
            let err = Frame::from_json(line).unwrap_err();
            assert_eq!(
                err,
                WireError::Json("`moves` has a null list item".to_owned()),
                "{line}"
            );
            assert!(
                crate::Request::decode(Framing::Json, line).is_err(),
                "{line}"
            );
        }
        // A null member is still an absent one.
        let absent = r#"{"type":"go","id":"2","players":"KR","moves":null}"#;
        assert_eq!(
            Frame::from_json(absent).unwrap(),
            Frame::new("go", "2").with("players", Value::Str("KR".into()))
        );
    }

    /// A member named twice is refused, as text framing refuses an argument
    /// given twice; before, the last one was read and the first dropped.
    #[test]
    fn a_member_named_twice_is_refused() {
        for (line, key) in [
            (
                r#"{"type":"go","id":"2","players":"KR","players":"KRY"}"#,
                "players",
            ),
            (
                r#"{"type":"go","id":"2","moves":["e1-e2"],"moves":[]}"#,
                "moves",
            ),
            (r#"{"type":"go","id":"2","id":"3"}"#, "id"),
            (r#"{"type":"go","type":"ping","id":"2"}"#, "type"),
        ] {
            let err = Frame::from_json(line).unwrap_err();
            let WireError::Json(message) = &err else {
                panic!("{line}: {err:?}");
            };
            assert!(
                message.starts_with(&format!("argument `{key}` given twice")),
                "{line}: {message}"
            );
            assert!(
                crate::Request::decode(Framing::Json, line).is_err(),
                "{line}"
            );
            assert!(serde_json::from_str::<Frame>(line).is_err(), "{line}");
        }
        // The same key at two depths is no repetition; nor are other values.
        let nested = r#"{"type":"x","id":"2","a":{"a":1,"b":2},"b":"3"}"#;
        assert!(Frame::from_json(nested).is_ok());
        for other in ["[1,2]", "\"x\"", "1", "true", "null"] {
            assert_eq!(
                Frame::from_json(other).unwrap_err(),
                WireError::Json("not a JSON object".to_owned()),
                "{other}"
            );
        }
    }
}
