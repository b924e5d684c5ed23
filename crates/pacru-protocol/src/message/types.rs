//! The messages as data: requests, engine messages and what they carry.

use super::options::OptionSpec;
use super::setup::GameSetup;
use pacru_core::Move;
use std::time::Duration;

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
    /// The protocol versions the referee speaks (the engine picks one). Any
    /// 64-bit number reads as a version; one the engine does not speak is passed over.
    pub protocols: Vec<i64>,
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
}
