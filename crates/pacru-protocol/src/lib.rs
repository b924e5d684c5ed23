#![doc = include_str!("../README.md")]

pub mod check;
pub mod client;
pub mod engine;
pub mod engines;
mod lines;
pub mod message;
mod millis;
mod pipes;
pub mod process;
mod stalls;
pub mod strays;
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
pub use strays::{become_subreaper, end_strays};
pub use wire::{EncodeError, Frame, Framing, Value, WireError};
