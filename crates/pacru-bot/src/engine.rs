//! The engine session of one game: the request made from the game object,
//! one engine process for the game, ended when the game ends.

use crate::stop::{Registration, Stop};
use pacru_core::Move;
use pacru_protocol::{Clocks, GameSetup};
use pacru_runner::{EngineFailure, EngineProcess, EngineSpec};
use serde_json::Value;
use std::time::Duration;

/// The engine's request for `game` (the API's game object): its setup,
/// history and the clocks as they stand, in order of play; `None` when the
/// object cannot be read as a game. In a game without a clock, and in a
/// correspondence game (whose clock holds days), a move may take at most
/// `unclocked`: an engine that manages its time would otherwise think until
/// told to stop, or for a thirtieth of the days left.
pub fn engine_request(game: &Value, unclocked: Duration) -> Option<(GameSetup, Vec<Move>, Clocks)> {
    let players = game["players"].as_array()?;
    let rules = game["rules"].as_str()?.parse().ok()?;
    let mut setup = GameSetup::standard(players.len()).ok()?;
    setup.rules = rules;
    let seats: Vec<&str> = players
        .iter()
        .map(|p| p["seat"].as_str())
        .collect::<Option<_>>()?;
    let moves: Vec<Move> = game["moves"]
        .as_array()?
        .iter()
        .map(|m| m.as_str()?.parse().ok())
        .collect::<Option<_>>()?;
    let remaining = |map: &serde_json::Map<String, Value>| -> Option<Vec<Duration>> {
        seats
            .iter()
            .map(|s| map.get(*s)?.as_u64().map(Duration::from_millis))
            .collect()
    };
    let clocks = match (
        game["clocks"].as_object(),
        game["clock"]["increment"].as_u64(),
    ) {
        (Some(map), Some(increment)) => Clocks {
            remaining: remaining(map)?,
            increment: Duration::from_secs(increment.min(86_400)),
            move_time: None,
        },
        // Correspondence games: the time left is days.
        (Some(map), None) => Clocks {
            remaining: remaining(map)?,
            move_time: Some(unclocked),
            ..Clocks::default()
        },
        _ => Clocks::per_move(unclocked),
    };
    Some((setup, moves, clocks))
}

/// Why the engine gave no move to send.
#[derive(Debug, thiserror::Error)]
pub enum NoMove {
    /// The game object could not be read as a game.
    #[error("the server's game object cannot be read as a game")]
    BadGame,
    /// The engine failed: did not start, crashed, timed out, wrote garbage,
    /// refused, or gave an illegal move (checked here, never sent).
    #[error("engine: {0}")]
    Engine(#[from] EngineFailure),
}

/// One engine process for one game, started at the first request and ended
/// (asked to quit, then killed with its process group) when the session is
/// finished or dropped.
pub struct EngineSession {
    spec: EngineSpec,
    unclocked: Duration,
    stop: Stop,
    process: Option<(EngineProcess, Registration)>,
}

impl EngineSession {
    /// A session that starts `spec` when first asked, giving it at most
    /// `unclocked` a move in games without a live clock; [`Stop::stop`] ends
    /// its engine.
    pub fn new(spec: EngineSpec, unclocked: Duration, stop: Stop) -> EngineSession {
        EngineSession {
            spec,
            unclocked,
            stop,
            process: None,
        }
    }

    /// The engine's move in `game` (the API's game object), legal there, and
    /// the time it took. A failed engine is ended; the next request starts a
    /// new one.
    pub fn best_move(&mut self, game: &Value) -> Result<(Move, Duration), NoMove> {
        let (setup, moves, clocks) = engine_request(game, self.unclocked).ok_or(NoMove::BadGame)?;
        if self.process.is_none() {
            let process = EngineProcess::spawn(&self.spec)?;
            let registration = self
                .stop
                .register(process.kill_switch().unwrap_or_default());
            self.process = Some((process, registration));
        }
        let Some((process, _)) = self.process.as_mut() else {
            return Err(NoMove::BadGame);
        };
        // `request_move` replays the game and checks the engine's answer
        // against the legal moves: an illegal move comes back as a failure.
        let answer = process.request_move(&setup, &moves, &clocks);
        if answer.is_err() {
            self.finish();
        }
        Ok(answer?)
    }

    /// Ends the engine, if one runs: `quit`, then its process group killed if
    /// it does not exit in time.
    pub fn finish(&mut self) {
        if let Some((process, _registration)) = self.process.take()
            && let Err(e) = process.quit()
        {
            tracing::debug!("engine quit: {e}");
        }
    }
}

impl Drop for EngineSession {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_engine_gets_the_moves_and_every_seats_time_left_in_order_of_play() {
        let game = json!({
            "rules": "2011",
            "players": [{"seat": "K", "username": "ana"}, {"seat": "R", "username": "robo"}],
            "moves": ["e1-e2"],
            "clock": {"initial": 300, "increment": 5},
            "clocks": {"R": 1234, "K": 299_000},
        });
        let ten = Duration::from_secs(10);
        let (setup, moves, clocks) = engine_request(&game, ten).unwrap();
        assert_eq!(setup.rules, "2011".parse().unwrap());
        assert_eq!(setup.players.len(), 2);
        assert_eq!(moves, vec!["e1-e2".parse::<Move>().unwrap()]);
        assert_eq!(
            clocks.remaining,
            vec![Duration::from_millis(299_000), Duration::from_millis(1234)]
        );
        assert_eq!(clocks.increment, Duration::from_secs(5));
        let untimed = json!({
            "rules": "2004", "players": [{"seat": "K"}, {"seat": "R"}],
            "moves": [], "clock": null, "clocks": null,
        });
        assert_eq!(
            engine_request(&untimed, ten).unwrap().2,
            Clocks::per_move(ten)
        );
        let days = json!({
            "rules": "2004", "players": [{"seat": "K"}, {"seat": "R"}],
            "moves": [], "clock": {"days": 3}, "clocks": {"K": 259_200_000, "R": 259_200_000},
        });
        let clocks = engine_request(&days, ten).unwrap().2;
        assert_eq!(clocks.limit_for(0), Some(ten));
        assert_eq!(clocks.remaining[1], Duration::from_secs(259_200));
        let garbage = json!({"rules": "2004", "players": [{"seat": "K"}, {"seat": "R"}],
                             "moves": ["zz"], "clock": null, "clocks": null});
        assert!(engine_request(&garbage, ten).is_none());
    }
}
