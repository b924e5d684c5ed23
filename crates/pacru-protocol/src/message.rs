//! Typed messages: requests from the referee, messages from the engine, and the
//! game data they carry. Every type converts to and from a [`Frame`], so it can be
//! written and read in both framings ([`Framing::Text`], [`Framing::Json`]).

use crate::wire::{EncodeError, Frame, Framing, Value, WireError, is_list_item, is_valid_id};
use pacru_core::{Colour, Move, Position, RulesEdition, Seat};
use pacru_notation::{format_move, parse_move, parse_ppn_with_rules};
use std::time::Duration;
use thiserror::Error;

/// The protocol version this crate speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// A message that is well framed but does not make sense as a request or reply.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MessageError {
    /// The line is not a frame.
    #[error(transparent)]
    Wire(#[from] WireError),
    /// The tag names no request or engine message of this protocol.
    #[error("unknown command `{0}`")]
    UnknownCommand(String),
    /// A required argument is absent.
    #[error("missing argument `{0}`")]
    Missing(&'static str),
    /// An argument's value is not what it must be.
    #[error("bad `{key}`: {reason}")]
    Invalid {
        /// The argument.
        key: &'static str,
        /// Why, in plain words.
        reason: String,
    },
}

impl MessageError {
    fn invalid(key: &'static str, reason: impl Into<String>) -> MessageError {
        MessageError::Invalid {
            key,
            reason: reason.into(),
        }
    }
}

/// A message from the referee to the engine: an id and what is asked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Request {
    /// The request id, echoed by every message the engine sends about it.
    pub id: String,
    /// What is asked.
    pub body: RequestBody,
}

/// What a request asks.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RequestBody {
    /// `hello`: the handshake.
    Hello(Hello),
    /// `setoption`: set one advertised option.
    SetOption(SetOption),
    /// `go`: choose a move in the game described.
    Go(Go),
    /// `stop`: answer the running `go` now with the best move found so far.
    Stop,
    /// `ping`: answer at once (liveness check).
    Ping,
    /// `quit`: answer, then exit.
    Quit,
}

/// The handshake request.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Hello {
    /// The protocol versions the referee speaks (the engine picks one).
    pub protocols: Vec<u32>,
}

/// Sets one option the engine advertised.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SetOption {
    /// The option's name as advertised.
    pub name: String,
    /// The new value, as text (`true`/`false` for check options).
    pub value: String,
}

/// Asks for a move: the whole game so far, so the engine keeps no game state.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Go {
    /// How the game started.
    pub setup: GameSetup,
    /// Every move played since the start, in order.
    pub moves: Vec<Move>,
    /// The clocks at the moment of the request.
    pub clocks: Clocks,
}

/// How a game starts: players, seats or a start position, rules edition.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameSetup {
    /// The players' colours in order of play (2 to 4).
    pub players: Vec<Colour>,
    /// The seats of the standard start, in order of play; `None` for the defaults.
    /// Not used with `position`.
    pub seats: Option<Vec<Seat>>,
    /// A start position (PPN) instead of the standard start.
    pub position: Option<String>,
    /// The rules edition.
    pub rules: RulesEdition,
}

/// Why a game setup or its history cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// Players, seats or start position are inconsistent or invalid.
    #[error("bad game setup: {0}")]
    Setup(String),
    /// A move of the history is illegal.
    #[error("move {ply} of the history ({text}) is illegal: {reason}")]
    IllegalHistory {
        /// 1-based index of the move.
        ply: usize,
        /// The move in canonical notation.
        text: String,
        /// The rule it breaks and why.
        reason: String,
    },
}

impl GameSetup {
    /// The standard start for `count` players with default colours and seats, 2004 rules.
    pub fn standard(count: usize) -> Result<GameSetup, SetupError> {
        let players = pacru_core::Players::default_for(count)
            .map_err(|e| SetupError::Setup(e.to_string()))?;
        Ok(GameSetup {
            players: players.as_slice().to_vec(),
            seats: None,
            position: None,
            rules: RulesEdition::Pacru2004,
        })
    }

    /// A game from a start position (PPN); players are read from it.
    pub fn from_ppn(ppn: &str, rules: RulesEdition) -> Result<GameSetup, SetupError> {
        let pos = parse_ppn_with_rules(ppn, rules).map_err(|e| SetupError::Setup(e.to_string()))?;
        Ok(GameSetup {
            players: pos.players().as_slice().to_vec(),
            seats: None,
            position: Some(ppn.to_owned()),
            rules,
        })
    }

    /// The position the game starts from.
    pub fn start_position(&self) -> Result<Position, SetupError> {
        let bad = |e: &dyn std::fmt::Display| SetupError::Setup(e.to_string());
        let pos = match &self.position {
            Some(ppn) => {
                if self.seats.is_some() {
                    return Err(SetupError::Setup(
                        "seats apply to the standard start only, not to a start position"
                            .to_owned(),
                    ));
                }
                let pos = parse_ppn_with_rules(ppn, self.rules)
                    .map_err(|e| SetupError::Setup(format!("start position: {e}")))?;
                if pos.players().as_slice() != self.players.as_slice() {
                    return Err(SetupError::Setup(format!(
                        "players {} disagree with the start position's players {}",
                        colour_letters(&self.players),
                        pos.players()
                    )));
                }
                pos
            }
            None => {
                let seats = match &self.seats {
                    Some(seats) => seats.as_slice(),
                    None => Seat::default_seats(self.players.len()).ok_or_else(|| {
                        SetupError::Setup(format!(
                            "a game has 2 to 4 players, not {}",
                            self.players.len()
                        ))
                    })?,
                };
                Position::standard_with(&self.players, seats).map_err(|e| bad(&e))?
            }
        };
        Ok(pos.with_rules(self.rules))
    }

    /// The position after playing `history` from the start, every move checked.
    pub fn replay(&self, history: &[Move]) -> Result<Position, SetupError> {
        let mut pos = self.start_position()?;
        for (i, mv) in history.iter().enumerate() {
            pos = pos.play(mv).map_err(|e| SetupError::IllegalHistory {
                ply: i + 1,
                text: format_move(mv),
                reason: e.to_string(),
            })?;
        }
        Ok(pos)
    }
}

/// The clocks of a game, in milliseconds on the wire.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Clocks {
    /// Time left for each player, in order of play; empty when the game is untimed.
    pub remaining: Vec<Duration>,
    /// Time added to a player's clock after each of their moves.
    pub increment: Duration,
    /// The most a single move may take, whatever the clock says.
    pub move_time: Option<Duration>,
}

impl Clocks {
    /// No clocks and no per-move limit.
    pub fn untimed() -> Clocks {
        Clocks::default()
    }

    /// Only a per-move limit.
    pub fn per_move(limit: Duration) -> Clocks {
        Clocks {
            move_time: Some(limit),
            ..Clocks::default()
        }
    }

    /// The same main time for each of `players` players, with an increment.
    pub fn sudden_death(players: usize, main: Duration, increment: Duration) -> Clocks {
        Clocks {
            remaining: vec![main; players],
            increment,
            move_time: None,
        }
    }

    /// The hard limit for the move of the player at `slot`: the smaller of their
    /// clock and the per-move limit; `None` when neither applies.
    pub fn limit_for(&self, slot: usize) -> Option<Duration> {
        let clock = self.remaining.get(slot).copied();
        match (clock, self.move_time) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// A message from the engine: always about one request (by id).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EngineMessage {
    /// `=`: the request succeeded (final).
    Ok {
        /// The request's id.
        id: String,
        /// What the success carries.
        reply: Reply,
    },
    /// `?`: the request failed (final), with the reason.
    Error {
        /// The request's id (`-` if it could not be read).
        id: String,
        /// Why, in plain words.
        reason: String,
    },
    /// `info`: progress of a running `go` (not final).
    Info {
        /// The `go` request's id.
        id: String,
        /// The progress report.
        info: Info,
    },
    /// `option`: one option the engine offers, sent before the `hello` reply.
    Option {
        /// The `hello` request's id.
        id: String,
        /// The option.
        spec: OptionSpec,
    },
}

impl EngineMessage {
    /// The id of the request the message is about.
    pub fn id(&self) -> &str {
        match self {
            EngineMessage::Ok { id, .. }
            | EngineMessage::Error { id, .. }
            | EngineMessage::Info { id, .. }
            | EngineMessage::Option { id, .. } => id,
        }
    }

    /// Whether this is the final message about its request (`=` or `?`).
    pub fn is_final(&self) -> bool {
        matches!(self, EngineMessage::Ok { .. } | EngineMessage::Error { .. })
    }
}

/// What a success reply carries, by request.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Reply {
    /// To `hello`: who the engine is.
    Hello(EngineId),
    /// To `go`: the chosen move, as written by the engine (checked by the referee).
    Move(String),
    /// To `setoption`, `stop`, `ping` and `quit`: nothing.
    Done,
}

/// Who an engine is, as told in the handshake.
#[derive(Clone, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct EngineId {
    /// The protocol version chosen.
    pub protocol: u32,
    /// The engine's name.
    pub name: String,
    /// Its author.
    pub author: String,
    /// Its version.
    pub version: String,
}

/// Progress of a search; every part optional.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Info {
    /// Search depth reached, in plies.
    pub depth: Option<u32>,
    /// Positions searched.
    pub nodes: Option<u64>,
    /// The evaluation, from the mover's point of view, in the engine's units.
    pub score: Option<i64>,
    /// The expected line of play, canonical moves.
    pub pv: Vec<String>,
    /// Free text for people.
    pub text: Option<String>,
}

/// An option an engine advertises.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct OptionSpec {
    /// The option's name (a token: no spaces).
    pub name: String,
    /// Its type, default and range.
    pub kind: OptionKind,
}

/// The type of an option, with its default and allowed values.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum OptionKind {
    /// On or off.
    Check {
        /// The default.
        default: bool,
    },
    /// An integer in a range.
    Spin {
        /// The default.
        default: i64,
        /// The smallest allowed value.
        min: i64,
        /// The largest allowed value.
        max: i64,
    },
    /// One of a list of tokens.
    Combo {
        /// The default (one of `choices`).
        default: String,
        /// The allowed values.
        choices: Vec<String>,
    },
    /// Any text.
    String {
        /// The default.
        default: String,
    },
}

/// A checked option value.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionValue {
    /// For a check option.
    Check(bool),
    /// For a spin option.
    Spin(i64),
    /// For a combo option: one of the choices.
    Combo(String),
    /// For a string option.
    String(String),
}

impl OptionSpec {
    /// A check option.
    pub fn check(name: &str, default: bool) -> OptionSpec {
        OptionSpec {
            name: name.to_owned(),
            kind: OptionKind::Check { default },
        }
    }

    /// A spin option.
    pub fn spin(name: &str, default: i64, min: i64, max: i64) -> OptionSpec {
        OptionSpec {
            name: name.to_owned(),
            kind: OptionKind::Spin { default, min, max },
        }
    }

    /// A combo option.
    pub fn combo(name: &str, default: &str, choices: &[&str]) -> OptionSpec {
        OptionSpec {
            name: name.to_owned(),
            kind: OptionKind::Combo {
                default: default.to_owned(),
                choices: choices.iter().map(|c| (*c).to_owned()).collect(),
            },
        }
    }

    /// A string option.
    pub fn string(name: &str, default: &str) -> OptionSpec {
        OptionSpec {
            name: name.to_owned(),
            kind: OptionKind::String {
                default: default.to_owned(),
            },
        }
    }

    /// The default value, as it would be written in `setoption`.
    pub fn default_text(&self) -> String {
        match &self.kind {
            OptionKind::Check { default } => default.to_string(),
            OptionKind::Spin { default, .. } => default.to_string(),
            OptionKind::Combo { default, .. } | OptionKind::String { default } => default.clone(),
        }
    }

    /// Checks a value written in `setoption` against the option's type and range.
    pub fn parse_value(&self, text: &str) -> Result<OptionValue, String> {
        match &self.kind {
            OptionKind::Check { .. } => match text {
                "true" => Ok(OptionValue::Check(true)),
                "false" => Ok(OptionValue::Check(false)),
                _ => Err(format!(
                    "option {} is a check: expected true or false, not `{text}`",
                    self.name
                )),
            },
            OptionKind::Spin { min, max, .. } => match text.parse::<i64>() {
                Ok(n) if (*min..=*max).contains(&n) => Ok(OptionValue::Spin(n)),
                Ok(n) => Err(format!(
                    "option {} must be between {min} and {max}, not {n}",
                    self.name
                )),
                Err(_) => Err(format!(
                    "option {} is a spin: expected an integer, not `{text}`",
                    self.name
                )),
            },
            OptionKind::Combo { choices, .. } => {
                if choices.iter().any(|c| c == text) {
                    Ok(OptionValue::Combo(text.to_owned()))
                } else {
                    Err(format!(
                        "option {} must be one of {}, not `{text}`",
                        self.name,
                        choices.join(" ")
                    ))
                }
            }
            OptionKind::String { .. } => Ok(OptionValue::String(text.to_owned())),
        }
    }

    /// Whether the spec itself makes sense (name is a token, default allowed).
    pub fn validate(&self) -> Result<(), String> {
        if self.name.is_empty()
            || self
                .name
                .chars()
                .any(|c| c.is_whitespace() || c.is_control())
        {
            return Err(format!(
                "option name `{}` is not a token",
                pacru_notation::Escaped(&self.name)
            ));
        }
        match &self.kind {
            OptionKind::Spin { min, max, .. } if min > max => Err(format!(
                "option {}: min {min} is above max {max}",
                self.name
            )),
            OptionKind::Combo { choices, .. } if choices.is_empty() => {
                Err(format!("option {} has no choices", self.name))
            }
            OptionKind::Combo { choices, .. }
                if choices
                    .iter()
                    .any(|c| c.is_empty() || c.chars().any(char::is_whitespace)) =>
            {
                Err(format!("option {}: choices must be tokens", self.name))
            }
            _ => self.parse_value(&self.default_text()).map(|_| ()),
        }
    }
}

// ----- conversions to and from frames -----

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
                pacru_notation::Escaped(&crate::wire::truncate(word, 40)),
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
                pacru_notation::Escaped(bad)
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
    if let Value::List(items) = value {
        for item in items {
            if matches!(item, Value::List(_)) || !is_list_item(&item.as_text()) {
                return Err(MessageError::invalid(
                    key,
                    format!(
                        "list item `{}` is not a token (empty, blank or a list)",
                        pacru_notation::Escaped(&crate::wire::truncate(&item.as_text(), 40))
                    ),
                ));
            }
        }
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

fn colour_letters(colours: &[Colour]) -> String {
    colours.iter().map(|c| c.letter()).collect()
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
                    pacru_notation::Escaped(&crate::wire::truncate(&v.as_text(), 40))
                ),
            )),
        },
    }
}

fn get_opt_text(frame: &Frame, key: &str) -> Option<String> {
    frame.get(key).map(Value::as_text)
}

impl Request {
    /// A request.
    pub fn new(id: impl Into<String>, body: RequestBody) -> Request {
        Request {
            id: id.into(),
            body,
        }
    }

    /// The command word of the request (`hello`, `go`...).
    pub fn command(&self) -> &'static str {
        match self.body {
            RequestBody::Hello(_) => "hello",
            RequestBody::SetOption(_) => "setoption",
            RequestBody::Go(_) => "go",
            RequestBody::Stop => "stop",
            RequestBody::Ping => "ping",
            RequestBody::Quit => "quit",
        }
    }

    /// The request as a frame, or why it cannot be written so that it reads back
    /// the same (a bad id, no protocol version, 2 to 4 players, a clock beyond
    /// 64-bit milliseconds).
    pub fn to_frame(&self) -> Result<Frame, EncodeError> {
        check_id(&self.id, false)?;
        let frame = Frame::new(self.command(), self.id.clone());
        Ok(match &self.body {
            RequestBody::Hello(h) if h.protocols.is_empty() => {
                return Err(EncodeError::invalid("protocol", "no version given"));
            }
            RequestBody::Hello(h) => frame.with(
                "protocol",
                Value::List(
                    h.protocols
                        .iter()
                        .map(|&p| Value::Int(i64::from(p)))
                        .collect(),
                ),
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
                    Value::List(go.moves.iter().map(|m| s(format_move(m))).collect()),
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
        if frame.id == crate::wire::UNKNOWN_ID {
            return Err(MessageError::Wire(WireError::BadId(frame.id.clone())));
        }
        let body = match frame.tag.as_str() {
            "hello" => {
                let mut protocols = Vec::new();
                for word in get_str(frame, "protocol")?.as_list() {
                    protocols.push(word.parse::<u32>().map_err(|_| {
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
        if let Some(v) = frame.get("moves") {
            for (i, text) in v.as_list().iter().enumerate() {
                let mv = parse_move(text).map_err(|e| {
                    MessageError::invalid("moves", format!("move {} `{text}`: {e}", i + 1))
                })?;
                moves.push(mv);
            }
        }
        let mut remaining = Vec::new();
        if let Some(v) = frame.get("time") {
            for word in v.as_list() {
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
                "go 4 players=KR rules=2004 moves={} time=\"60000 59500\" inc=1000 movetime=5000",
                format_move(&mv)
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
    fn setup_checks() {
        let mut setup = GameSetup::standard(3).unwrap();
        setup.seats = Some(vec![Seat::E, Seat::W, Seat::N]);
        assert!(setup.start_position().is_ok());
        setup.seats = Some(vec![Seat::E, Seat::E, Seat::N]);
        assert!(setup.start_position().is_err());
        let ppn = "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR";
        let mut setup = GameSetup::from_ppn(ppn, RulesEdition::Pacru2011).unwrap();
        assert_eq!(
            setup.start_position().unwrap().rules(),
            RulesEdition::Pacru2011
        );
        setup.players = vec![Colour::Black, Colour::Yellow];
        assert!(setup.start_position().is_err());
    }

    #[test]
    fn option_specs_validate_values() {
        let spin = OptionSpec::spin("Depth", 2, 1, 9);
        assert_eq!(spin.parse_value("5"), Ok(OptionValue::Spin(5)));
        assert!(spin.parse_value("10").is_err());
        assert!(spin.parse_value("x").is_err());
        let combo = OptionSpec::combo("Style", "calm", &["calm", "wild"]);
        assert!(combo.parse_value("wild").is_ok());
        assert!(combo.parse_value("mild").is_err());
        assert!(OptionSpec::check("Log", false).parse_value("yes").is_err());
        assert!(OptionSpec::spin("Bad", 0, 5, 1).validate().is_err());
        assert!(OptionSpec::combo("Bad", "x", &["a"]).validate().is_err());
    }
}
