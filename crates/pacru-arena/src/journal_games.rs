//! The check of a journal's games against its event: what a resumed event and
//! the merge of shards both make before they count a game.

use crate::config::EventConfig;
use crate::journal::Entry;
use crate::schedule::Pairing;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A game of a journal that cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BadGame {
    /// The game's number.
    pub(crate) game: u64,
    /// What is wrong with it: `is finished twice`, ...
    pub(crate) reason: String,
}

impl fmt::Display for BadGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} {}", self.game, self.reason)
    }
}

/// A pairing's engines and opening, as a message shows them.
fn shown(p: &Pairing) -> String {
    format!("engines {:?}, opening {}", p.engines, p.opening)
}

/// Checks the `scheduled` and `finished` lines of a journal of the event
/// `config` (a shard's journal: the shard's settings): every game is one of the
/// event's games (and of the shard's), between the event's engines; it is
/// scheduled once, and finished at most once, after its `scheduled` line and
/// with the same pairing.
pub(crate) fn check_games(config: &EventConfig, entries: &[Entry]) -> Result<(), BadGame> {
    let total = config.whole().total_games();
    let mut scheduled: BTreeMap<u64, &Pairing> = BTreeMap::new();
    let mut finished: BTreeSet<u64> = BTreeSet::new();
    for entry in entries {
        let (Entry::Finished { pairing, .. } | Entry::Scheduled { pairing }) = entry else {
            continue;
        };
        let bad = |reason: String| {
            Err(BadGame {
                game: pairing.game,
                reason,
            })
        };
        if !(1..=total).contains(&pairing.game) {
            return bad(format!("is not one of the event's {total} games"));
        }
        if let Some(shard) = config.shard
            && !shard.owns_game(pairing.game, config.players)
        {
            return bad(format!("is not one of shard {shard}'s games"));
        }
        if pairing.engines.len() != config.players
            || pairing.engines.iter().any(|&e| e >= config.engines.len())
        {
            return bad(format!(
                "is played by engines {:?}, not {} of the event's {}",
                pairing.engines,
                config.players,
                config.engines.len()
            ));
        }
        match entry {
            Entry::Scheduled { .. } => {
                if let Some(before) = scheduled.insert(pairing.game, pairing)
                    && before != pairing
                {
                    return bad(format!(
                        "is scheduled twice, with {} and with {}",
                        shown(before),
                        shown(pairing)
                    ));
                }
            }
            _ => {
                let Some(planned) = scheduled.get(&pairing.game) else {
                    return bad("is finished but was never scheduled".to_owned());
                };
                if *planned != pairing {
                    return bad(format!(
                        "is finished with {}, but was scheduled with {}",
                        shown(pairing),
                        shown(planned)
                    ));
                }
                if !finished.insert(pairing.game) {
                    return bad("is finished twice".to_owned());
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineConfig;
    use crate::game::GameOutcome;
    use crate::schedule::System;
    use crate::shard::Shard;

    fn config() -> EventConfig {
        let engines: Vec<EngineConfig> = ["builtin:random:1", "builtin:random:2"]
            .iter()
            .map(|e| e.parse().unwrap())
            .collect();
        EventConfig::new("check", System::Match { games: 4 }, engines)
    }

    fn pairing(game: u64, engines: [usize; 2], opening: usize) -> Pairing {
        Pairing {
            game,
            round: 1,
            label: format!("1.{game}"),
            engines: engines.to_vec(),
            opening,
        }
    }

    fn scheduled(game: u64, engines: [usize; 2]) -> Entry {
        Entry::Scheduled {
            pairing: pairing(game, engines, 0),
        }
    }

    fn finished(pairing: Pairing) -> Entry {
        Entry::Finished {
            pairing,
            names: Vec::new(),
            outcome: GameOutcome {
                result: "red".to_owned(),
                termination: "normal".to_owned(),
                winner: Some(0),
                points: vec![1.0, 0.0],
                plies: 1,
                slots: Vec::new(),
                check: "ok".to_owned(),
                pgr: String::new(),
            },
        }
    }

    fn verdict(entries: &[Entry]) -> Result<(), String> {
        check_games(&config(), entries).map_err(|e| e.to_string())
    }

    #[test]
    fn only_the_events_games_count_each_once_as_scheduled() {
        let mut good = vec![scheduled(1, [0, 1]), scheduled(2, [1, 0])];
        good.push(finished(pairing(2, [1, 0], 0)));
        assert_eq!(verdict(&good), Ok(()));
        let with = |entry: Entry| {
            let mut entries = good.clone();
            entries.push(entry);
            verdict(&entries).unwrap_err()
        };
        assert_eq!(
            with(finished(pairing(99, [1, 0], 0))),
            "game 99 is not one of the event's 4 games"
        );
        assert_eq!(
            with(finished(pairing(1, [1, 0], 0))),
            "game 1 is finished with engines [1, 0], opening 0, but was scheduled with engines [0, 1], opening 0"
        );
        assert_eq!(
            with(finished(pairing(1, [0, 1], 5))),
            "game 1 is finished with engines [0, 1], opening 5, but was scheduled with engines [0, 1], opening 0"
        );
        assert_eq!(
            with(finished(pairing(3, [0, 1], 0))),
            "game 3 is finished but was never scheduled"
        );
        assert_eq!(
            with(finished(pairing(2, [1, 0], 0))),
            "game 2 is finished twice"
        );
        assert_eq!(
            with(scheduled(2, [0, 1])),
            "game 2 is scheduled twice, with engines [1, 0], opening 0 and with engines [0, 1], opening 0"
        );
        assert_eq!(
            with(scheduled(3, [0, 2])),
            "game 3 is played by engines [0, 2], not 2 of the event's 2"
        );
        // A shard's journal holds only the shard's games.
        let mut shard = config();
        shard.shard = Some(Shard::new(1, 2).unwrap());
        let err = check_games(&shard, &good).unwrap_err().to_string();
        assert_eq!(err, "game 1 is not one of shard 1/2's games");
    }
}
