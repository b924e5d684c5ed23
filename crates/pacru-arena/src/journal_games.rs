//! The check of a journal's games against its event: what a resumed event and
//! the merge of shards both make before they count a game.

use crate::config::EventConfig;
use crate::game::GameOutcome;
use crate::journal::Entry;
use crate::schedule::Pairing;
use pacru_core::RulesEdition;
use pacru_notation::pgr::Reader;
use pacru_pairing::{Outcome, Score};
use pacru_referee::Checker;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A game of a journal that cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BadGame {
    /// The journal's line that holds it (counted from the first entry given).
    pub(crate) line: Option<usize>,
    /// The game's number.
    pub(crate) game: u64,
    /// What is wrong with it: `is finished twice`, ...
    pub(crate) reason: String,
}

impl fmt::Display for BadGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
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
/// with the same pairing; and its outcome follows from its record
/// ([`check_outcome`]). The entries are the journal's lines, in order; the
/// outcomes are checked from entry `outcomes_from` on (those before were checked
/// already: a journal read again as it grows).
pub(crate) fn check_games(
    config: &EventConfig,
    entries: &[Entry],
    outcomes_from: usize,
) -> Result<(), BadGame> {
    let total = config.whole().total_games();
    let mut scheduled: BTreeMap<u64, &Pairing> = BTreeMap::new();
    let mut finished: BTreeSet<u64> = BTreeSet::new();
    for (index, entry) in entries.iter().enumerate() {
        let (Entry::Finished { pairing, .. } | Entry::Scheduled { pairing }) = entry else {
            continue;
        };
        let bad = |reason: String| {
            Err(BadGame {
                line: Some(index + 1),
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
                if let Entry::Finished { outcome, .. } = entry
                    && index >= outcomes_from
                {
                    check_outcome(config, outcome).map_err(|reason| BadGame {
                        line: Some(index + 1),
                        game: pairing.game,
                        reason,
                    })?;
                }
            }
        }
    }
    Ok(())
}

/// Checks that a finished game's outcome (`result`, `termination`, `winner`,
/// `points`, `plies`) follows from its record, `pgr`, refereed as `pacru check`
/// does: the record must be one game whose moves are legal and whose result
/// agrees with the rules (a result the rules do not give, such as a forfeit,
/// is the record's `Result` with its `Termination`), between the event's number
/// of players; the points follow from the result by the event's scoring (winner
/// takes all; a draw's point shared by the players still in the game; nothing
/// for `*`). An outcome without a record is only that of a game abandoned before
/// its first move. Returns what does not agree, as the end of a sentence that
/// begins with the game (`game 4 ...`).
pub(crate) fn check_outcome(config: &EventConfig, outcome: &GameOutcome) -> Result<(), String> {
    let players = config.players;
    if outcome.pgr.is_empty() {
        let abandoned = outcome.result == "*"
            && outcome.termination == "abandoned"
            && outcome.winner.is_none()
            && outcome.plies == 0
            && outcome.points.len() == players
            && outcome.points.iter().all(|&p| p == 0.0);
        return if abandoned {
            Ok(())
        } else {
            Err(format!(
                "has no record, but its outcome is not that of a game abandoned before it started (result {:?}, termination {:?}, points {:?})",
                outcome.result, outcome.termination, outcome.points
            ))
        };
    }
    let mut reader = Reader::new(outcome.pgr.as_bytes());
    let game = match reader.read_game() {
        Ok(Some(game)) => game,
        Ok(None) => return Err("has an empty record".to_owned()),
        Err(e) => return Err(format!("has a record that does not parse: {e}")),
    };
    if !matches!(reader.read_game(), Ok(None)) {
        return Err("has a record that is not one game".to_owned());
    }
    let rules = config.rules.parse().unwrap_or(RulesEdition::default());
    let verdict = Checker::with_default_rules(rules).check_game(&game, 1);
    if !verdict.is_ok() {
        let why = verdict
            .error
            .as_ref()
            .map_or_else(String::new, |e| format!(": {e}"));
        return Err(format!(
            "has a record the referee finds {}{why}",
            verdict.status
        ));
    }
    let colours = match game.start_position_or(rules) {
        Ok(pos) => pos.players().as_slice().to_vec(),
        Err(e) => return Err(format!("has a record without a start position: {e}")),
    };
    if colours.len() != players {
        return Err(format!(
            "has a record of {} players, but the event's games have {players}",
            colours.len()
        ));
    }
    let result = game.result.token().to_string();
    let termination = game.tags.get("Termination").unwrap_or("");
    let winner = colours.iter().position(|c| c.word() == result);
    let final_position = verdict.final_position.as_ref();
    let in_game: Vec<usize> = (0..players)
        .filter(|&s| final_position.is_some_and(|p| p.is_in_game(colours[s])))
        .collect();
    let points: Vec<f64> = match winner {
        Some(w) => Outcome::Win(w),
        None if result == "draw" => Outcome::Draw(in_game),
        None => Outcome::None,
    }
    .points(players)
    .into_iter()
    .map(Score::to_f64)
    .collect();
    let mut differ = Vec::new();
    if outcome.result != result {
        differ.push(format!(
            "result {:?} (the record's: {result:?})",
            outcome.result
        ));
    }
    if outcome.termination != termination {
        differ.push(format!(
            "termination {:?} (the record's: {termination:?})",
            outcome.termination
        ));
    }
    if outcome.winner != winner {
        // The winner by colour, as the record names it (a slot beyond the
        // record's players by its number).
        let named = |slot: Option<usize>| match slot {
            None => "none".to_owned(),
            Some(slot) => colours
                .get(slot)
                .map_or_else(|| format!("player {}", slot + 1), |c| c.word().to_owned()),
        };
        differ.push(format!(
            "winner {} (the record's: {})",
            named(outcome.winner),
            named(winner)
        ));
    }
    if outcome.points != points {
        differ.push(format!(
            "points {:?} (the record's result gives {points:?})",
            outcome.points
        ));
    }
    if outcome.plies as usize != game.moves.len() {
        differ.push(format!(
            "plies {} (the record has {})",
            outcome.plies,
            game.moves.len()
        ));
    }
    if differ.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "has an outcome that does not follow from its record: {}",
            differ.join(", ")
        ))
    }
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
            // A game abandoned before its first move: no record to referee.
            outcome: GameOutcome {
                result: "*".to_owned(),
                termination: "abandoned".to_owned(),
                winner: None,
                points: vec![0.0, 0.0],
                plies: 0,
                slots: Vec::new(),
                check: "no record".to_owned(),
                pgr: String::new(),
            },
        }
    }

    fn verdict(entries: &[Entry]) -> Result<(), String> {
        check_games(&config(), entries, 0).map_err(|e| e.to_string())
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
            "line 4: game 99 is not one of the event's 4 games"
        );
        assert_eq!(
            with(finished(pairing(1, [1, 0], 0))),
            "line 4: game 1 is finished with engines [1, 0], opening 0, but was scheduled with engines [0, 1], opening 0"
        );
        assert_eq!(
            with(finished(pairing(1, [0, 1], 5))),
            "line 4: game 1 is finished with engines [0, 1], opening 5, but was scheduled with engines [0, 1], opening 0"
        );
        assert_eq!(
            with(finished(pairing(3, [0, 1], 0))),
            "line 4: game 3 is finished but was never scheduled"
        );
        assert_eq!(
            with(finished(pairing(2, [1, 0], 0))),
            "line 4: game 2 is finished twice"
        );
        assert_eq!(
            with(scheduled(2, [0, 1])),
            "line 4: game 2 is scheduled twice, with engines [1, 0], opening 0 and with engines [0, 1], opening 0"
        );
        assert_eq!(
            with(scheduled(3, [0, 2])),
            "line 4: game 3 is played by engines [0, 2], not 2 of the event's 2"
        );
        // A shard's journal holds only the shard's games.
        let mut shard = config();
        shard.shard = Some(Shard::new(1, 2).unwrap());
        let err = check_games(&shard, &good, 0).unwrap_err().to_string();
        assert_eq!(err, "line 1: game 1 is not one of shard 1/2's games");
    }
}
