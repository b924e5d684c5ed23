//! Typed messages: requests from the referee, messages from the engine, and the
//! game data they carry. Every type converts to and from a [`Frame`](crate::wire::Frame),
//! so it can be written and read in both framings
//! ([`Framing::Text`](crate::wire::Framing::Text), [`Framing::Json`](crate::wire::Framing::Json)).
//!
//! - [`types`]: the messages as data;
//! - [`setup`]: a game's setup and the position it starts from;
//! - [`options`]: the options an engine advertises and their values;
//! - [`frames`]: conversion of messages to and from frames (both framings), with
//!   the checks that make writing and reading exact inverses.

pub mod frames;
pub mod options;
pub mod setup;
pub mod types;

pub use options::{OptionKind, OptionSpec, OptionValue};
pub use setup::{GameSetup, GameSetupError};
pub use types::{
    Clocks, EngineId, EngineMessage, Go, Hello, Info, Reply, Request, RequestBody, SetOption,
};

use crate::wire::WireError;
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
