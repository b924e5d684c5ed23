//! PEP, the Pacru Engine Protocol: how a referee and a game-playing program (an
//! engine or bot) talk, over the program's standard input and output.
//!
//! The protocol is described for people in `docs/protocol.md`. This crate gives:
//!
//! - [`message`] and [`wire`]: the typed messages and their two framings (text
//!   lines and JSON lines), with parsing that never panics;
//! - [`engine`]: the engine SDK. Implement [`Engine`] ("choose a move in this
//!   position") and call [`run_engine`]; the run loop speaks the protocol;
//! - [`client`]: the referee side. [`EngineProcess`] starts an engine program,
//!   handshakes, enforces the clock, caps its output and turns every way it can go
//!   wrong into an [`EngineFailure`];
//! - [`process`]: engine programs as process groups, ended as a whole
//!   ([`KillSwitch`]);
//! - [`engines`]: the built-in `random` and `greedy` engines ([`engines::run_random`],
//!   [`engines::run_greedy`]);
//! - [`check`]: the compliance checker ([`check::check_engine`]).
//!
//! ```
//! use pacru_protocol::{Framing, Request};
//! let request = Request::decode(Framing::Text, "go 1 players=KR rules=2004 moves=e1-e2").unwrap();
//! assert_eq!(request.encode(Framing::Json).unwrap(),
//!     r#"{"type":"go","id":"1","players":"KR","rules":"2004","moves":["e1-e2"]}"#);
//! ```

pub mod check;
pub mod client;
pub mod engine;
pub mod engines;
mod lines;
pub mod message;
mod millis;
pub mod process;
pub mod wire;

pub use client::{EngineFailure, EngineProcess, EngineSpec, Exit};
pub use engine::{
    Clock, Engine, EngineRunOptions, StopFlag, run_engine, run_engine_blocking, run_engine_with,
};
pub use message::{
    Clocks, EngineId, EngineMessage, GameSetup, GameSetupError, Go, Hello, Info, MessageError,
    OptionKind, OptionSpec, OptionValue, PROTOCOL_VERSION, Reply, Request, RequestBody, SetOption,
};
pub use process::KillSwitch;
pub use wire::{EncodeError, Frame, Framing, Value, WireError};
