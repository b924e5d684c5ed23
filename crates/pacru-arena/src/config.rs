//! An event's definition: engines, system, time control and the rest, as plain
//! data. Stored as the journal's first line; a resumed event runs with the stored
//! settings.

use crate::engine::{EngineConfig, StartSettings};
use crate::error::ArenaError;
use crate::game::{Adjudication, GameSettings, TimeControl};
use crate::opening::Opening;
use crate::schedule::{MAX_GAMES, System, total_games};
use crate::shard::Shard;
use crate::sprt::Sprt;
use pacru_core::RulesEdition;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Everything that defines an event.
///
/// ```
/// use pacru_arena::{EngineConfig, EventConfig, System};
/// let engines = vec![
///     "builtin:random:1".parse::<EngineConfig>().unwrap(),
///     "builtin:greedy:1".parse::<EngineConfig>().unwrap(),
/// ];
/// let config = EventConfig::new("my match", System::Match { games: 4 }, engines);
/// assert!(config.validate().is_ok());
/// assert_eq!(config.total_games(), 4);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventConfig {
    /// The `Event` tag.
    pub event: String,
    /// Match, round-robin, gauntlet or Swiss.
    pub system: System,
    /// Players per game (2 to 4).
    pub players: usize,
    /// Rounds (repetitions of the schedule; Swiss rounds).
    pub rounds: u32,
    /// The engines.
    pub engines: Vec<EngineConfig>,
    /// The openings, taken in turn; empty: the standard start.
    pub openings: Vec<Opening>,
    /// The rules edition: `2004` or `2011`.
    pub rules: String,
    /// The time control.
    pub time: TimeControl,
    /// The margin allowed beyond each move's limit, in ms.
    pub margin_ms: u64,
    /// How long an engine's handshake may take, in ms.
    pub handshake_timeout_ms: u64,
    /// Plies after which a game is adjudicated (0: never).
    pub max_plies: u32,
    /// How adjudicated games are decided.
    pub adjudicate: Adjudication,
    /// A 2-player match's SPRT: the match stops as soon as it decides
    /// ([`crate::sprt`]); `games` is then the most it may last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<Sprt>,
    /// The part of a match, round-robin or gauntlet this run plays
    /// ([`crate::shard`]); `None`: the whole event. Everything else is the
    /// definition of the whole event, the same in every shard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
}

/// The number and the noun, in the singular for one: `1 engine`, `3 engines`.
pub(crate) fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

impl EventConfig {
    /// An event with the defaults of `pacru match`/`pacru tournament`: one round,
    /// as many players a game as a match has engines (2 otherwise), the standard
    /// start, the 2004 rules, 10 s + 0.1 s a move with a 100 ms margin, a 10 s
    /// handshake limit, adjudication by fields after 400 plies.
    pub fn new(
        event: impl Into<String>,
        system: System,
        engines: Vec<EngineConfig>,
    ) -> EventConfig {
        let players = match system {
            System::Match { .. } => engines.len(),
            _ => 2,
        };
        EventConfig {
            event: event.into(),
            system,
            players,
            rounds: 1,
            engines,
            openings: Vec::new(),
            rules: RulesEdition::default().year().to_owned(),
            time: TimeControl {
                base_ms: Some(10_000),
                increment_ms: 100,
                movetime_ms: None,
            },
            margin_ms: 100,
            handshake_timeout_ms: 10_000,
            max_plies: 400,
            adjudicate: Adjudication::Fields,
            sprt: None,
            shard: None,
        }
    }

    /// The rules edition.
    pub fn rules_edition(&self) -> RulesEdition {
        self.rules.parse().unwrap_or_default()
    }

    /// Checks that the settings make an event.
    pub fn validate(&self) -> Result<(), ArenaError> {
        let bad = |m: String| Err(ArenaError::BadSetting(m));
        if !(2..=4).contains(&self.players) {
            return bad(format!("a game has 2 to 4 players, not {}", self.players));
        }
        if self.engines.len() < self.players {
            let n = self.engines.len() as u64;
            return bad(format!(
                "{} too few for {}-player games",
                count(n, "engine is", "engines are"),
                self.players
            ));
        }
        if self.rules.parse::<RulesEdition>().is_err() {
            return bad(format!("rules `{}`: expected 2004 or 2011", self.rules));
        }
        match self.system {
            System::Match { games } => {
                if self.engines.len() != self.players {
                    return bad("a match seats all its engines at one table".to_owned());
                }
                if games == 0 {
                    return bad("a match needs at least one game".to_owned());
                }
            }
            System::Gauntlet { seeds } => {
                if seeds == 0 {
                    return bad("a gauntlet needs at least one seed".to_owned());
                }
                if seeds + self.players - 1 > self.engines.len() {
                    return bad(format!(
                        "a gauntlet with {} needs at least {} besides",
                        count(seeds as u64, "seed", "seeds"),
                        count((self.players - 1) as u64, "other engine", "other engines"),
                    ));
                }
            }
            System::RoundRobin | System::Swiss => {}
        }
        if self.sprt.is_some()
            && (!matches!(self.system, System::Match { .. }) || self.players != 2)
        {
            return bad("an SPRT is for a match between 2 engines".to_owned());
        }
        if let Some(shard) = self.shard
            && self.system == System::Swiss
        {
            return bad(format!(
                "shard {shard}: a Swiss event cannot be sharded, as its rounds are paired from the results of the rounds before (a match, round-robin or gauntlet can)"
            ));
        }
        if self.rounds == 0 {
            return bad("at least one round is needed".to_owned());
        }
        let games = total_games(self.system, self.engines.len(), self.players, self.rounds);
        if games > MAX_GAMES {
            return bad(format!(
                "the event would have {games} games, more than the {MAX_GAMES} an event may have (its schedule is made whole and kept in memory): play fewer games or rounds, or several events"
            ));
        }
        if self.time.base_ms.is_none() && self.time.movetime_ms.is_none() {
            return bad("a time control is needed (a clock or a time per move)".to_owned());
        }
        for o in &self.openings {
            o.check(self.rules_edition(), self.players)
                .map_err(|e| ArenaError::BadSetting(format!("opening {}: {e}", o.label)))?;
        }
        Ok(())
    }

    /// How engines are started and timed.
    pub(crate) fn start_settings(&self) -> StartSettings {
        StartSettings {
            margin: Duration::from_millis(self.margin_ms),
            handshake_timeout: Duration::from_millis(self.handshake_timeout_ms),
        }
    }

    /// The settings every game shares.
    pub(crate) fn game_settings(&self) -> GameSettings {
        GameSettings {
            event: self.event.clone(),
            rules: self.rules_edition(),
            time: self.time,
            start: self.start_settings(),
            max_plies: self.max_plies,
            adjudicate: self.adjudicate,
        }
    }

    /// The openings, or the standard start when there are none.
    pub(crate) fn openings_or_standard(&self) -> Vec<Opening> {
        if self.openings.is_empty() {
            vec![Opening::standard(self.players)]
        } else {
            self.openings.clone()
        }
    }

    /// The number of games the event will have (for a shard, the games of the
    /// shard).
    pub fn total_games(&self) -> u64 {
        let whole = total_games(self.system, self.engines.len(), self.players, self.rounds);
        match self.shard {
            Some(shard) => shard.games_of(whole, self.players),
            None => whole,
        }
    }

    /// The whole event a shard is part of: the same settings without the shard.
    pub fn whole(&self) -> EventConfig {
        EventConfig {
            shard: None,
            ..self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engines(n: usize) -> Vec<EngineConfig> {
        (1..=n)
            .map(|s| format!("builtin:random:{s}").parse().unwrap())
            .collect()
    }

    #[test]
    fn an_event_too_large_to_schedule_is_refused() {
        let mut c = EventConfig::new("m", System::Match { games: 1_000_000 }, engines(2));
        assert!(c.validate().is_ok());
        c.system = System::Match {
            games: 1_000_000_000,
        };
        assert_eq!(
            c.validate().unwrap_err().to_string(),
            "the event would have 1000000000 games, more than the 1000000 an event may have (its schedule is made whole and kept in memory): play fewer games or rounds, or several events"
        );
        // 45 pairs of 10 engines, 2 games each, a round.
        let mut r = EventConfig::new("r", System::RoundRobin, engines(10));
        r.rounds = 11_111;
        assert!(r.validate().is_ok());
        r.rounds = 11_112;
        assert!(
            r.validate()
                .unwrap_err()
                .to_string()
                .contains("1000080 games")
        );
        r.rounds = u32::MAX;
        r.system = System::Swiss;
        assert!(r.validate().is_err());
        let mut g = EventConfig::new("g", System::Gauntlet { seeds: 0 }, engines(3));
        assert_eq!(
            g.validate().unwrap_err().to_string(),
            "a gauntlet needs at least one seed"
        );
        g.system = System::Gauntlet { seeds: 1 };
        g.rounds = u32::MAX;
        assert!(g.validate().is_err());
    }

    #[test]
    fn messages_agree_in_number() {
        let mut c = EventConfig::new("t", System::RoundRobin, engines(1));
        assert_eq!(
            c.validate().unwrap_err().to_string(),
            "1 engine is too few for 2-player games"
        );
        c.engines = engines(2);
        c.players = 3;
        assert_eq!(
            c.validate().unwrap_err().to_string(),
            "2 engines are too few for 3-player games"
        );
        let mut g = EventConfig::new("g", System::Gauntlet { seeds: 1 }, engines(1));
        g.engines = engines(2);
        g.players = 2;
        assert!(g.validate().is_ok());
        g.system = System::Gauntlet { seeds: 2 };
        assert_eq!(
            g.validate().unwrap_err().to_string(),
            "a gauntlet with 2 seeds needs at least 1 other engine besides"
        );
        g.engines = engines(3);
        g.players = 3;
        g.system = System::Gauntlet { seeds: 1 };
        assert!(g.validate().is_ok());
        g.system = System::Gauntlet { seeds: 2 };
        assert_eq!(
            g.validate().unwrap_err().to_string(),
            "a gauntlet with 2 seeds needs at least 2 other engines besides"
        );
    }
}
