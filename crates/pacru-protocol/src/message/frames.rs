//! Messages to and from frames: what each message writes and how it is read
//! back, in both framings. Writing refuses what would not read back the same
//! ([`EncodeError`]); reading refuses what could not be written back.

use super::MessageError;
use super::options::{OptionKind, OptionSpec};
use super::setup::{GameSetup, colour_letters};
use super::types::{
    Clocks, EngineId, EngineMessage, Go, Hello, Info, Reply, Request, RequestBody, SetOption,
};
use crate::wire::{EncodeError, Frame, Framing, Value, WireError, is_list_item, is_valid_id};
use pacru_core::{Colour, RulesEdition, Seat};
use std::time::Duration;

fn s(text: impl Into<String>) -> Value {
    Value::Str(text.into())
}

/// A duration as whole milliseconds (a fraction of a millisecond is dropped: the
/// wire's unit); an error beyond the largest 64-bit signed integer.
fn ms(key: &str, d: Duration) -> Result<Value, EncodeError> {
    i64::try_from(d.as_millis()).map(Value::Int).map_err(|_| {
        EncodeError::invalid(
            key,
            format!("{} ms is more than {} ms", d.as_millis(), i64::MAX),
        )
    })
}

/// Milliseconds read from text: a whole number from 0 to the largest 64-bit
/// signed integer (what the writer can write back).
fn parse_ms(key: &'static str, word: &str) -> Result<Duration, MessageError> {
    match word.parse::<i64>() {
        Ok(n) if n >= 0 => Ok(Duration::from_millis(n as u64)),
        _ => Err(MessageError::invalid(
            key,
            format!(
                "`{}` is not milliseconds (a whole number from 0 to {})",
                pacru_core::Escaped(&crate::wire::truncate(word, 40)),
                i64::MAX
            ),
        )),
    }
}

/// A list of tokens as a value, or an error naming the first item that is not one.
fn token_list(key: &str, items: &[String]) -> Result<Value, EncodeError> {
    if let Some(bad) = items.iter().find(|item| !is_list_item(item)) {
        return Err(EncodeError::invalid(
            key,
            format!(
                "list item `{}` is empty or has a blank",
                pacru_core::Escaped(bad)
            ),
        ));
    }
    Ok(Value::List(items.iter().map(s).collect()))
}

/// The items of a list argument, each a token (a nested list or an item with a
/// blank, possible in JSON, is refused rather than split or joined).
fn get_tokens(frame: &Frame, key: &'static str) -> Result<Vec<String>, MessageError> {
    let Some(value) = frame.get(key) else {
        return Ok(Vec::new());
    };
    let bad_item = |item: &str| {
        MessageError::invalid(
            key,
            format!(
                "list item `{}` is not a token (empty, blank or a list)",
                pacru_core::Escaped(&crate::wire::truncate(item, 40))
            ),
        )
    };
    match value {
        Value::List(items) => {
            for item in items {
                if matches!(item, Value::List(_)) || !is_list_item(&item.as_text()) {
                    return Err(bad_item(&item.as_text()));
                }
            }
        }
        // Text framing: the items separated by single spaces (`""` is no item);
        // an empty item or another blank could not be written back.
        Value::Str(text) if !text.is_empty() => {
            if let Some(item) = text.split(' ').find(|item| !is_list_item(item)) {
                return Err(bad_item(item));
            }
        }
        Value::Str(_) | Value::Int(_) => {}
    }
    Ok(value.as_list())
}

fn check_id(id: &str, dash_allowed: bool) -> Result<(), EncodeError> {
    if is_valid_id(id) || (dash_allowed && id == crate::wire::UNKNOWN_ID) {
        Ok(())
    } else {
        Err(EncodeError::BadId(id.to_owned()))
    }
}

fn get_str<'a>(frame: &'a Frame, key: &'static str) -> Result<&'a Value, MessageError> {
    frame.get(key).ok_or(MessageError::Missing(key))
}

fn get_ms(frame: &Frame, key: &'static str) -> Result<Option<Duration>, MessageError> {
    match frame.get(key) {
        None => Ok(None),
        Some(v) => match v.as_int() {
            Some(n) if n >= 0 => Ok(Some(Duration::from_millis(n as u64))),
            _ => Err(MessageError::invalid(
                key,
                format!(
                    "expected milliseconds (a whole number from 0 to {}), not `{}`",
                    i64::MAX,
                    pacru_core::Escaped(&crate::wire::truncate(&v.as_text(), 40))
                ),
            )),
        },
    }
}

fn get_opt_text(frame: &Frame, key: &str) -> Option<String> {
    frame.get(key).map(Value::as_text)
}

impl Request {
    /// The request as a frame, or why it cannot be written so that it reads back
    /// the same (a bad id, no protocol version, 2 to 4 players, a clock beyond
    /// 64-bit milliseconds).
    pub fn to_frame(&self) -> Result<Frame, EncodeError> {
        // A `quit` read without an id has the id `-`, and is written with it.
        check_id(&self.id, matches!(self.body, RequestBody::Quit))?;
        let frame = Frame::new(self.command(), self.id.clone());
        Ok(match &self.body {
            RequestBody::Hello(h) if h.protocols.is_empty() => {
                return Err(EncodeError::invalid("protocol", "no version given"));
            }
            RequestBody::Hello(h) => frame.with(
                "protocol",
                Value::List(h.protocols.iter().map(|&p| Value::Int(p)).collect()),
            ),
            RequestBody::SetOption(o) => frame.with("name", s(&o.name)).with("value", s(&o.value)),
            RequestBody::Go(go) => {
                if !(2..=4).contains(&go.setup.players.len()) {
                    return Err(EncodeError::invalid(
                        "players",
                        format!("a game has 2 to 4 players, not {}", go.setup.players.len()),
                    ));
                }
                let mut frame = frame.with("players", s(colour_letters(&go.setup.players)));
                if let Some(seats) = &go.setup.seats {
                    frame = frame.with(
                        "seats",
                        s(seats.iter().map(|s| s.letter()).collect::<String>()),
                    );
                }
                if let Some(ppn) = &go.setup.position {
                    frame = frame.with("position", s(ppn));
                }
                frame = frame.with("rules", s(go.setup.rules.year()));
                frame = frame.with(
                    "moves",
                    Value::List(go.moves.iter().map(|m| s(m.to_string())).collect()),
                );
                if !go.clocks.remaining.is_empty() {
                    if go.clocks.remaining.len() != go.setup.players.len() {
                        return Err(EncodeError::invalid(
                            "time",
                            format!(
                                "{} clocks given for {} players",
                                go.clocks.remaining.len(),
                                go.setup.players.len()
                            ),
                        ));
                    }
                    let times = go
                        .clocks
                        .remaining
                        .iter()
                        .map(|&d| ms("time", d))
                        .collect::<Result<_, _>>()?;
                    frame = frame.with("time", Value::List(times));
                }
                if !go.clocks.increment.is_zero() {
                    frame = frame.with("inc", ms("inc", go.clocks.increment)?);
                }
                if let Some(limit) = go.clocks.move_time {
                    frame = frame.with("movetime", ms("movetime", limit)?);
                }
                frame
            }
            RequestBody::Stop | RequestBody::Ping | RequestBody::Quit => frame,
        })
    }

    /// Reads a request from a frame.
    pub fn from_frame(frame: &Frame) -> Result<Request, MessageError> {
        // Only `quit` may come without an id (it then gets no reply).
        if frame.id == crate::wire::UNKNOWN_ID && frame.tag != "quit" {
            return Err(MessageError::Wire(WireError::BadId(frame.id.clone())));
        }
        let body = match frame.tag.as_str() {
            "hello" => {
                let mut protocols = Vec::new();
                for word in get_str(frame, "protocol")?.as_list() {
                    protocols.push(word.parse::<i64>().map_err(|_| {
                        MessageError::invalid(
                            "protocol",
                            format!("`{word}` is not a version number"),
                        )
                    })?);
                }
                if protocols.is_empty() {
                    return Err(MessageError::invalid("protocol", "no version given"));
                }
                RequestBody::Hello(Hello { protocols })
            }
            "setoption" => RequestBody::SetOption(SetOption {
                name: get_str(frame, "name")?.as_text(),
                value: get_str(frame, "value")?.as_text(),
            }),
            "go" => RequestBody::Go(Go::from_frame(frame)?),
            "stop" => RequestBody::Stop,
            "ping" => RequestBody::Ping,
            "quit" => RequestBody::Quit,
            other => {
                return Err(MessageError::UnknownCommand(crate::wire::truncate(
                    other, 40,
                )));
            }
        };
        Ok(Request {
            id: frame.id.clone(),
            body,
        })
    }

    /// Writes the request as one line in `framing`; an error instead of a line
    /// that would read back as a different request.
    pub fn encode(&self, framing: Framing) -> Result<String, EncodeError> {
        framing.encode(&self.to_frame()?)
    }

    /// Reads a request from one line in `framing`.
    pub fn decode(framing: Framing, line: &str) -> Result<Request, MessageError> {
        Request::from_frame(&framing.decode(line)?)
    }
}

impl Go {
    fn from_frame(frame: &Frame) -> Result<Go, MessageError> {
        let players_text = get_str(frame, "players")?.as_text();
        let mut players = Vec::new();
        for c in players_text.chars() {
            let colour = Colour::from_letter(c.to_ascii_uppercase()).ok_or_else(|| {
                MessageError::invalid(
                    "players",
                    format!("`{c}` is not a colour letter (K R Y G B)"),
                )
            })?;
            players.push(colour);
        }
        if !(2..=4).contains(&players.len()) {
            return Err(MessageError::invalid(
                "players",
                format!("a game has 2 to 4 players, not {}", players.len()),
            ));
        }
        let seats = match frame.get("seats") {
            None => None,
            Some(v) => {
                let mut seats = Vec::new();
                for c in v.as_text().chars() {
                    seats.push(Seat::from_letter(c.to_ascii_uppercase()).ok_or_else(|| {
                        MessageError::invalid("seats", format!("`{c}` is not a seat (S W N E)"))
                    })?);
                }
                Some(seats)
            }
        };
        let rules = match frame.get("rules") {
            None => RulesEdition::default(),
            Some(v) => v
                .as_text()
                .parse()
                .map_err(|e: pacru_core::ParseRulesEditionError| {
                    MessageError::invalid("rules", e.to_string())
                })?,
        };
        let mut moves = Vec::new();
        for (i, text) in get_tokens(frame, "moves")?.iter().enumerate() {
            let mv = text.parse::<pacru_core::Move>().map_err(|e| {
                MessageError::invalid("moves", format!("move {} `{text}`: {e}", i + 1))
            })?;
            moves.push(mv);
        }
        let mut remaining = Vec::new();
        if frame.get("time").is_some() {
            for word in get_tokens(frame, "time")? {
                remaining.push(parse_ms("time", &word)?);
            }
            if remaining.len() != players.len() {
                return Err(MessageError::invalid(
                    "time",
                    format!(
                        "{} clocks given for {} players",
                        remaining.len(),
                        players.len()
                    ),
                ));
            }
        }
        Ok(Go {
            setup: GameSetup {
                players,
                seats,
                position: get_opt_text(frame, "position"),
                rules,
            },
            moves,
            clocks: Clocks {
                remaining,
                increment: get_ms(frame, "inc")?.unwrap_or_default(),
                move_time: get_ms(frame, "movetime")?,
            },
        })
    }
}

impl EngineMessage {
    /// The message as a frame, or why it cannot be written so that it reads back
    /// the same (a bad id, a count beyond 64-bit integers, a list item with a
    /// blank, an invalid option).
    pub fn to_frame(&self) -> Result<Frame, EncodeError> {
        check_id(self.id(), true)?;
        Ok(match self {
            EngineMessage::Ok { id, reply } => {
                let frame = Frame::new("=", id.clone());
                match reply {
                    Reply::Hello(e) => frame
                        .with("protocol", Value::Int(i64::from(e.protocol)))
                        .with("name", s(&e.name))
                        .with("author", s(&e.author))
                        .with("version", s(&e.version)),
                    Reply::Move(text) => frame.with("move", s(text)),
                    Reply::Done => frame,
                }
            }
            EngineMessage::Error { id, reason } => {
                Frame::new("?", id.clone()).with("reason", s(reason))
            }
            EngineMessage::Info { id, info } => {
                let mut frame = Frame::new("info", id.clone());
                if let Some(d) = info.depth {
                    frame = frame.with("depth", Value::Int(i64::from(d)));
                }
                if let Some(n) = info.nodes {
                    let n = i64::try_from(n).map_err(|_| {
                        EncodeError::invalid("nodes", format!("{n} is more than {}", i64::MAX))
                    })?;
                    frame = frame.with("nodes", Value::Int(n));
                }
                if let Some(score) = info.score {
                    frame = frame.with("score", Value::Int(score));
                }
                if !info.pv.is_empty() {
                    frame = frame.with("pv", token_list("pv", &info.pv)?);
                }
                if let Some(text) = &info.text {
                    frame = frame.with("text", s(text));
                }
                frame
            }
            EngineMessage::Option { id, spec } => {
                spec.validate()
                    .map_err(|reason| EncodeError::invalid("option", reason))?;
                let frame = Frame::new("option", id.clone()).with("name", s(&spec.name));
                match &spec.kind {
                    OptionKind::Check { default } => frame
                        .with("kind", s("check"))
                        .with("default", s(default.to_string())),
                    OptionKind::Spin { default, min, max } => frame
                        .with("kind", s("spin"))
                        .with("default", Value::Int(*default))
                        .with("min", Value::Int(*min))
                        .with("max", Value::Int(*max)),
                    OptionKind::Combo { default, choices } => frame
                        .with("kind", s("combo"))
                        .with("default", s(default))
                        .with("choices", Value::List(choices.iter().map(s).collect())),
                    OptionKind::String { default } => {
                        frame.with("kind", s("string")).with("default", s(default))
                    }
                }
            }
        })
    }

    /// Reads an engine message from a frame.
    pub fn from_frame(frame: &Frame) -> Result<EngineMessage, MessageError> {
        let id = frame.id.clone();
        Ok(match frame.tag.as_str() {
            "=" => {
                let reply = if let Some(mv) = frame.get("move") {
                    Reply::Move(mv.as_text())
                } else if frame.get("name").is_some() {
                    let protocol = get_str(frame, "protocol")?;
                    Reply::Hello(EngineId {
                        protocol: protocol
                            .as_int()
                            .and_then(|p| u32::try_from(p).ok())
                            .ok_or_else(|| {
                                MessageError::invalid("protocol", "expected a version number")
                            })?,
                        name: get_str(frame, "name")?.as_text(),
                        author: get_opt_text(frame, "author").unwrap_or_default(),
                        version: get_opt_text(frame, "version").unwrap_or_default(),
                    })
                } else {
                    Reply::Done
                };
                EngineMessage::Ok { id, reply }
            }
            "?" => EngineMessage::Error {
                id,
                reason: get_opt_text(frame, "reason").unwrap_or_default(),
            },
            "info" => {
                let int = |key: &'static str| -> Result<Option<i64>, MessageError> {
                    frame
                        .get(key)
                        .map(|v| {
                            v.as_int()
                                .ok_or_else(|| MessageError::invalid(key, "expected an integer"))
                        })
                        .transpose()
                };
                let nonneg = |key: &'static str, n: Option<i64>| {
                    n.map(|n| u64::try_from(n).map_err(|_| MessageError::invalid(key, "negative")))
                        .transpose()
                };
                EngineMessage::Info {
                    id,
                    info: Info {
                        depth: nonneg("depth", int("depth")?)?
                            .map(|d| {
                                u32::try_from(d).map_err(|_| {
                                    MessageError::invalid(
                                        "depth",
                                        format!("{d} is more than {}", u32::MAX),
                                    )
                                })
                            })
                            .transpose()?,
                        nodes: nonneg("nodes", int("nodes")?)?,
                        score: int("score")?,
                        pv: get_tokens(frame, "pv")?,
                        text: get_opt_text(frame, "text"),
                    },
                }
            }
            "option" => {
                let name = get_str(frame, "name")?.as_text();
                let kind_text = get_str(frame, "kind")?.as_text();
                let default = get_str(frame, "default")?;
                let int = |key: &'static str| -> Result<i64, MessageError> {
                    get_str(frame, key)?
                        .as_int()
                        .ok_or_else(|| MessageError::invalid(key, "expected an integer"))
                };
                let kind = match kind_text.as_str() {
                    "check" => OptionKind::Check {
                        default: match default.as_text().as_str() {
                            "true" => true,
                            "false" => false,
                            _ => {
                                return Err(MessageError::invalid(
                                    "default",
                                    "expected true or false",
                                ));
                            }
                        },
                    },
                    "spin" => OptionKind::Spin {
                        default: int("default")?,
                        min: int("min")?,
                        max: int("max")?,
                    },
                    "combo" => OptionKind::Combo {
                        default: default.as_text(),
                        choices: {
                            get_str(frame, "choices")?;
                            get_tokens(frame, "choices")?
                        },
                    },
                    "string" => OptionKind::String {
                        default: default.as_text(),
                    },
                    other => {
                        return Err(MessageError::invalid(
                            "kind",
                            format!("`{other}` is not check, spin, combo or string"),
                        ));
                    }
                };
                let spec = OptionSpec { name, kind };
                spec.validate().map_err(|reason| MessageError::Invalid {
                    key: "option",
                    reason,
                })?;
                EngineMessage::Option { id, spec }
            }
            other => {
                return Err(MessageError::UnknownCommand(crate::wire::truncate(
                    other, 40,
                )));
            }
        })
    }

    /// Writes the message as one line in `framing`; an error instead of a line
    /// that would read back as a different message (in text framing, a failure
    /// reason must also be one line without blanks at its ends).
    pub fn encode(&self, framing: Framing) -> Result<String, EncodeError> {
        framing.encode(&self.to_frame()?)
    }

    /// Reads an engine message from one line in `framing`.
    pub fn decode(framing: Framing, line: &str) -> Result<EngineMessage, MessageError> {
        EngineMessage::from_frame(&framing.decode(line)?)
    }
}

impl serde::Serialize for Request {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_frame()
            .map_err(serde::ser::Error::custom)?
            .serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for Request {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Request, D::Error> {
        let frame = Frame::deserialize(deserializer)?;
        Request::from_frame(&frame).map_err(serde::de::Error::custom)
    }
}

impl serde::Serialize for EngineMessage {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_frame()
            .map_err(serde::ser::Error::custom)?
            .serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for EngineMessage {
    fn deserialize<D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<EngineMessage, D::Error> {
        let frame = Frame::deserialize(deserializer)?;
        EngineMessage::from_frame(&frame).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_text_form() {
        let setup = GameSetup::standard(2).unwrap();
        let start = setup.start_position().unwrap();
        let mv = start.legal_moves().next().unwrap();
        let go = Request::new(
            "4",
            RequestBody::Go(Go {
                setup,
                moves: vec![mv.clone()],
                clocks: Clocks {
                    remaining: vec![Duration::from_millis(60000), Duration::from_millis(59500)],
                    increment: Duration::from_millis(1000),
                    move_time: Some(Duration::from_millis(5000)),
                },
            }),
        );
        let text = go.encode(Framing::Text).unwrap();
        assert_eq!(
            text,
            format!(
                "go 4 players=KR rules=2004 moves={mv} time=\"60000 59500\" inc=1000 movetime=5000"
            )
        );
        assert_eq!(Request::decode(Framing::Text, &text).unwrap(), go);
        let json = go.encode(Framing::Json).unwrap();
        assert!(
            json.starts_with(r#"{"type":"go","id":"4","players":"KR""#),
            "{json}"
        );
        assert_eq!(Request::decode(Framing::Json, &json).unwrap(), go);
    }

    #[test]
    fn bad_go_arguments_are_explained() {
        let err = Request::decode(Framing::Text, "go 1 players=KX").unwrap_err();
        assert!(err.to_string().contains("colour letter"), "{err}");
        let err = Request::decode(Framing::Text, "go 1 players=KR moves=\"e1-e2 zz\"").unwrap_err();
        assert!(err.to_string().contains("move 2"), "{err}");
        let err = Request::decode(Framing::Text, "go 1 players=KR time=5").unwrap_err();
        assert!(err.to_string().contains("1 clocks given for 2"), "{err}");
        let err = Request::decode(Framing::Text, "frob 1").unwrap_err();
        assert_eq!(err, MessageError::UnknownCommand("frob".into()));
        assert_eq!(
            Request::decode(Framing::Text, "go 1"),
            Err(MessageError::Missing("players"))
        );
    }

    #[test]
    fn nested_lists_in_go_are_refused() {
        // A nested list cannot be written back, so it is not read either: it is
        // not flattened into the moves or clocks it happens to hold.
        for line in [
            r#"{"type":"go","id":"1","players":"KR","moves":[["a3-b4(a4)"]]}"#,
            r#"{"type":"go","id":"1","players":"KR","moves":["e1-e2",["e9-e8"]]}"#,
            r#"{"type":"go","id":"1","players":"KR","time":[[1000],[1000]]}"#,
        ] {
            let err = Request::decode(Framing::Json, line).unwrap_err();
            assert!(err.to_string().contains("is not a token"), "{line}: {err}");
        }
        let go =
            r#"{"type":"go","id":"1","players":"KR","moves":["a3-b4(a4)"],"time":[1000,"1000"]}"#;
        assert!(Request::decode(Framing::Json, go).is_ok());
    }

    #[test]
    fn a_text_list_with_an_empty_item_or_another_blank_is_refused() {
        // Items are separated by single spaces: two spaces hold an empty item,
        // which no writer writes (it refuses to), so no reader reads it.
        for line in [
            r#"go 1 players=KR moves="e1-e2  e9-e8""#,
            r#"go 1 players=KR moves=" e1-e2""#,
            r#"go 1 players=KR moves="e1-e2 ""#,
            r#"go 1 players=KR moves="e1-e2\te9-e8""#,
            r#"go 1 players=KR time="1000  1000""#,
        ] {
            let err = Request::decode(Framing::Text, line).unwrap_err();
            assert!(err.to_string().contains("is not a token"), "{line}: {err}");
        }
        for line in [
            r#"go 1 players=KR moves="e1-e2 e9-e8""#,
            r#"go 1 players=KR moves="""#,
            r#"go 1 players=KR moves=e1-e2 time="1000 1000""#,
        ] {
            assert!(Request::decode(Framing::Text, line).is_ok(), "{line}");
        }
    }
}
