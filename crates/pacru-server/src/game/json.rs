//! The game object of the API (`docs/server.md`) and the lines of its streams.

use super::state::{GameState, GameStatus};
use crate::clock::Millis;
use pacru_core::Colour;
use serde_json::{Map, Value, json};

impl GameState {
    /// The game object as of `now`.
    pub fn to_json(&self, now: Millis) -> Value {
        let players: Vec<Value> = self
            .seats
            .iter()
            .map(|seat| {
                json!({
                    "seat": seat.colour.letter().to_string(),
                    "colour": seat.colour.word(),
                    "username": seat.user.as_ref().map(|u| u.name.as_str()),
                    "bot": seat.user.as_ref().map(|u| u.bot),
                })
            })
            .collect();
        let finished = self.status == GameStatus::Finished;
        json!({
            "id": self.id,
            "status": self.status.as_str(),
            "rules": self.rules.year(),
            "rated": self.rated,
            "clock": self.time_control.to_json(),
            "players": players,
            "invited": self.invited.iter().map(|u| u.name.as_str()).collect::<Vec<_>>(),
            "creator": self.creator.name,
            "moves": self.moves.iter().map(|m| m.mv.to_string()).collect::<Vec<_>>(),
            "ppn": self.position.to_ppn().to_string(),
            "to_move": self.to_move().map(|c| c.letter().to_string()),
            "clocks": self.clocks_json(now),
            "result": finished.then(|| self.result.token()),
            "termination": self.termination.map(|t| t.as_str()),
            "winner": self.winner().map(Colour::word),
            "created": self.created,
        })
    }

    /// Milliseconds left per seat letter (`null` without a clock); before the
    /// start, every seat's starting time.
    pub fn clocks_json(&self, now: Millis) -> Value {
        let clocks = match self.clocks_at(now) {
            Some(clocks) => clocks,
            None => match (self.status, self.time_control.start_ms()) {
                (GameStatus::Open, Some(ms)) => vec![ms; self.seats.len()],
                _ => return Value::Null,
            },
        };
        let mut map = Map::new();
        for (seat, ms) in self.seats.iter().zip(clocks) {
            map.insert(seat.colour.letter().to_string(), json!(ms));
        }
        Value::Object(map)
    }

    /// The stream line of ply `ply` (1-based).
    pub fn move_line(&self, ply: usize, now: Millis) -> Value {
        let played = &self.moves[ply - 1];
        json!({
            "type": "move",
            "ply": ply,
            "move": played.mv.to_string(),
            "ppn": self.position_after_json(ply),
            "clocks": self.clocks_json(now),
            "on_time": played.on_time,
        })
    }

    fn position_after_json(&self, ply: usize) -> String {
        if ply == self.moves.len() {
            return self.position.to_ppn().to_string();
        }
        let mut position = pacru_core::Position::standard(self.seats.len())
            .map(|p| p.with_rules(self.rules))
            .unwrap_or_else(|_| self.position.clone());
        for played in &self.moves[..ply] {
            position.play_unchecked(&played.mv);
        }
        position.to_ppn().to_string()
    }

    /// The stream line that says the game ended, with the clocks as they
    /// stopped (a player out of time at 0), as of `now`.
    pub fn end_line(&self, now: Millis) -> Value {
        json!({
            "type": "end",
            "status": self.status.as_str(),
            "result": (self.status == GameStatus::Finished).then(|| self.result.token()),
            "termination": self.termination.map(|t| t.as_str()),
            "winner": self.winner().map(Colour::word),
            "clocks": self.clocks_json(now),
        })
    }

    /// The stream line that says a seat was taken.
    pub fn join_line(&self, colour: Colour, now: Millis) -> Value {
        let username = self
            .seats
            .iter()
            .find(|s| s.colour == colour)
            .and_then(|s| s.user.as_ref())
            .map(|u| u.name.clone());
        json!({
            "type": "join",
            "seat": colour.letter().to_string(),
            "username": username,
            "game": self.to_json(now),
        })
    }
}
