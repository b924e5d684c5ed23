//! The state of a running event: the journal, what is scheduled and finished, and
//! the files rewritten after each game.

use crate::config::EventConfig;
use crate::error::ArenaError;
use crate::event::peers::Peers;
use crate::event::{GAMES_FILE, STANDINGS_FILE, STANDINGS_JSON_FILE};
use crate::game::GameOutcome;
use crate::journal::{Entry, Journal, write_atomic};
use crate::journal_games::check_games;
use crate::schedule::Pairing;
use crate::sprt::SprtStatus;
use crate::standings::{Standings, of_event};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

pub(crate) struct State {
    pub(crate) config: EventConfig,
    pub(crate) journal: Journal,
    pub(crate) entries: Vec<Entry>,
    pub(crate) scheduled: BTreeMap<u64, Pairing>,
    pub(crate) finished: BTreeSet<u64>,
    pub(crate) byes: BTreeSet<(u32, usize)>,
    pub(crate) out: PathBuf,
    pub(crate) total: u64,
    pub(crate) played_now: u64,
    /// The sibling shards of a sharded SPRT match.
    pub(crate) peers: Option<Peers>,
    /// Set when the SPRT of a sharded match, judged on every shard's games, has
    /// decided: what it decided, for [`crate::EventReport::sprt_of_shards`].
    pub(crate) sprt_of_shards: Option<String>,
}

impl State {
    /// The state after the journal's `entries`.
    pub(crate) fn new(
        config: EventConfig,
        journal: Journal,
        entries: Vec<Entry>,
        out: PathBuf,
    ) -> Result<(State, bool), ArenaError> {
        // Only the event's games count, each once, as they were scheduled.
        check_games(&config, &entries, 0).map_err(|bad| ArenaError::Journal {
            path: journal.path().to_owned(),
            message: bad.to_string(),
        })?;
        let mut scheduled = BTreeMap::new();
        let mut finished = BTreeSet::new();
        let mut byes = BTreeSet::new();
        let mut complete = false;
        for e in &entries {
            match e {
                Entry::Scheduled { pairing } => {
                    scheduled.insert(pairing.game, pairing.clone());
                }
                Entry::Finished { pairing, .. } => {
                    finished.insert(pairing.game);
                }
                Entry::Bye { round, engine, .. } => {
                    byes.insert((*round, *engine));
                }
                Entry::Complete { .. } => complete = true,
                Entry::Start { .. } => {}
            }
        }
        let total = config.total_games();
        let peers = Peers::new(&out, &config);
        let state = State {
            config,
            journal,
            entries,
            scheduled,
            finished,
            byes,
            out,
            total,
            played_now: 0,
            peers,
            sprt_of_shards: None,
        };
        Ok((state, complete))
    }

    fn mismatch(&self, what: String) -> ArenaError {
        ArenaError::Journal {
            path: self.journal.path().to_owned(),
            message: format!("{what}: the journal does not match this event's schedule"),
        }
    }

    pub(crate) fn ensure_scheduled(&mut self, p: &Pairing) -> Result<(), ArenaError> {
        match self.scheduled.get(&p.game) {
            Some(q) if q == p => Ok(()),
            Some(_) => Err(self.mismatch(format!("game {}", p.game))),
            None => {
                let entry = Entry::Scheduled { pairing: p.clone() };
                self.journal.append(&entry)?;
                self.entries.push(entry);
                self.scheduled.insert(p.game, p.clone());
                Ok(())
            }
        }
    }

    pub(crate) fn ensure_bye(&mut self, round: u32, engine: usize) -> Result<(), ArenaError> {
        if self.byes.insert((round, engine)) {
            let entry = Entry::Bye {
                round,
                engine,
                points: crate::event::BYE_POINTS.to_f64(),
            };
            self.journal.append(&entry)?;
            self.entries.push(entry);
        }
        Ok(())
    }

    /// Journals a finished game and rewrites the records and standings.
    pub(crate) fn record(
        &mut self,
        pairing: Pairing,
        outcome: GameOutcome,
    ) -> Result<(), ArenaError> {
        let names = pairing
            .engines
            .iter()
            .map(|&e| self.config.engines[e].name.clone())
            .collect();
        let game = pairing.game;
        let entry = Entry::Finished {
            pairing,
            names,
            outcome,
        };
        self.journal.append(&entry)?;
        self.entries.push(entry);
        self.finished.insert(game);
        self.played_now += 1;
        self.write_records()
    }

    /// The last entry, which [`State::record`] has just written.
    pub(crate) fn last_finished(&self) -> Option<(&Pairing, &GameOutcome)> {
        match self.entries.last() {
            Some(Entry::Finished {
                pairing, outcome, ..
            }) => Some((pairing, outcome)),
            _ => None,
        }
    }

    /// Marks the event complete in the journal.
    pub(crate) fn complete(&mut self) -> Result<(), ArenaError> {
        let entry = Entry::Complete {
            games: self.finished.len() as u64,
        };
        self.journal.append(&entry)?;
        self.entries.push(entry);
        Ok(())
    }

    pub(crate) fn standings(&self) -> Standings {
        of_event(&self.config, &self.entries)
    }

    /// Whether the match's SPRT has accepted a hypothesis: no game is started
    /// after that. A shard reads its siblings' journals first, and judges the
    /// test on the games of all of them.
    pub(crate) fn sprt_decided(&mut self) -> Result<bool, ArenaError> {
        let Some(sprt) = self.config.sprt else {
            return Ok(false);
        };
        let own = self.entries.iter().filter_map(crate::sprt::game_points);
        let status = match &mut self.peers {
            None => SprtStatus::from_games(&sprt, own),
            Some(peers) => {
                peers.refresh()?;
                let status = SprtStatus::from_games(&sprt, own.chain(peers.games()));
                if status.verdict.is_some() {
                    let left_out: Vec<String> =
                        peers.left_out().iter().map(ToString::to_string).collect();
                    let journals = if left_out.is_empty() {
                        "every shard's journal".to_owned()
                    } else {
                        format!(
                            "the shards' journals but for {}, which failed their check,",
                            left_out.join(", ")
                        )
                    };
                    let said = format!(
                        "the SPRT of the whole match ({journals} in {}) has decided: {}",
                        self.out.parent().unwrap_or(&self.out).display(),
                        status.short()
                    );
                    tracing::info!("{said}");
                    self.sprt_of_shards = Some(said);
                }
                status
            }
        };
        Ok(status.verdict.is_some())
    }

    pub(crate) fn records_not_ok(&self) -> Vec<u64> {
        self.entries
            .iter()
            .filter_map(|e| match e {
                Entry::Finished {
                    pairing, outcome, ..
                } if outcome.check != "ok" => Some(pairing.game),
                _ => None,
            })
            .collect()
    }

    /// Rewrites `games.pgr` and the standings, each atomically.
    pub(crate) fn write_records(&self) -> Result<(), ArenaError> {
        let text = crate::event::games_text(&self.entries);
        write_atomic(&self.out.join(GAMES_FILE), text.as_bytes())?;
        let standings = self.standings();
        write_atomic(&self.out.join(STANDINGS_FILE), standings.table().as_bytes())?;
        let mut json = serde_json::to_string_pretty(&standings).unwrap_or_default();
        json.push('\n');
        write_atomic(&self.out.join(STANDINGS_JSON_FILE), json.as_bytes())
    }
}
