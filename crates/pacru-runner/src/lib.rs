#![doc = include_str!("../README.md")]

pub mod check;
pub mod client;
mod millis;
mod pipes;
pub mod process;
mod stalls;
pub mod strays;

pub use client::{EngineFailure, EngineProcess, EngineSpec, Exit};
pub use process::KillSwitch;
pub use strays::{become_subreaper, end_engines_and_strays, end_strays};
