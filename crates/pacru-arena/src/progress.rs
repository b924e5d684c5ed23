//! What a running event tells its caller as it goes, for progress bars and logs.

use crate::game::{Forfeit, GameOutcome};
use crate::schedule::Pairing;
use crate::standings::Standings;
use pacru_protocol::EngineId;
use pacru_runner::EngineFailure;

/// One thing that happened in a running event, handed to the observer of
/// [`run_event_with`](crate::run_event_with) on the thread that called it, in the
/// order it happened.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Progress<'a> {
    /// An engine passed the check made before the first game: it started and
    /// answered the handshake.
    EngineReady {
        /// The engine's position in the event's list, from 1.
        number: usize,
        /// Its name in the event.
        name: &'a str,
        /// What it said about itself.
        id: &'a EngineId,
    },
    /// An engine failed the check made before the first game, and the event goes
    /// on anyway (it was told to): the engine will forfeit its games.
    EngineUnstartable {
        /// The engine's position in the event's list, from 1.
        number: usize,
        /// Its name in the event.
        name: &'a str,
        /// What went wrong.
        failure: &'a EngineFailure,
    },
    /// The games begin (or, for a resumed event, go on).
    Started {
        /// The games the event has in all.
        total: u64,
        /// The games already finished (found in the journal).
        finished: u64,
        /// Whether the event is resumed.
        resumed: bool,
    },
    /// A game starts.
    GameStarted {
        /// The game.
        pairing: &'a Pairing,
        /// The engines' names, in order of play.
        names: &'a [&'a str],
    },
    /// An engine forfeited: it failed to start, crashed, ran out of time, played an
    /// illegal move... (the kind and the referee's description are in `forfeit`;
    /// for a crash, the description ends with the last lines of the engine's
    /// standard error).
    Forfeit {
        /// The game.
        pairing: &'a Pairing,
        /// The engine's name.
        name: &'a str,
        /// The colour it played.
        colour: &'a str,
        /// What happened.
        forfeit: &'a Forfeit,
    },
    /// A game finished and was recorded.
    GameFinished {
        /// The game.
        pairing: &'a Pairing,
        /// How it ended.
        outcome: &'a GameOutcome,
        /// The standings with this game.
        standings: &'a Standings,
        /// Games finished so far, this one included.
        finished: u64,
        /// The games the event has in all.
        total: u64,
    },
}
