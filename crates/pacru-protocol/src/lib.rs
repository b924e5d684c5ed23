#![doc = include_str!("../README.md")]

pub mod deadline;
pub mod engine;
pub mod engines;
pub mod lines;
pub mod message;
pub mod wire;

pub use engine::{
    Clock, Engine, EngineRunOptions, StopFlag, run_engine, run_engine_blocking, run_engine_with,
};
pub use message::{
    Clocks, EngineId, EngineMessage, GameSetup, GameSetupError, Go, Hello, Info, MessageError,
    OptionKind, OptionSpec, OptionValue, PROTOCOL_VERSION, Reply, Request, RequestBody, SetOption,
};
pub use wire::{EncodeError, Frame, Framing, Value, WireError};
