//! Running an event: scheduling, parallel games, the journal, resuming, records
//! and standings.

use crate::engine::{EngineConfig, StartSettings};
use crate::error::ArenaError;
use crate::game::{Adjudication, GameOutcome, GameSettings, GameSpec, TimeControl, play_game};
use crate::journal::{Entry, JOURNAL_VERSION, Journal, write_atomic};
use crate::opening::Opening;
use crate::schedule::{
    Pairing, SwissHistory, System, fixed_schedule, swiss_games, swiss_round, total_games,
};
use crate::standings::{Standings, compute};
use indicatif::{ProgressBar, ProgressStyle};
use pacru_core::RulesEdition;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::Duration;

/// The journal's file name in the output directory.
pub const JOURNAL_FILE: &str = "journal.jsonl";
/// The records' file name in the output directory.
pub const GAMES_FILE: &str = "games.pgr";
/// The standings table's file name.
pub const STANDINGS_FILE: &str = "standings.txt";
/// The standings' JSON file name.
pub const STANDINGS_JSON_FILE: &str = "standings.json";

/// Everything that defines an event. Stored as the journal's first line; a resumed
/// event runs with the stored settings.
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
}

impl EventConfig {
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
            return bad(format!(
                "{} engines are too few for {}-player games",
                self.engines.len(),
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
                if seeds == 0 || seeds + self.players - 1 > self.engines.len() {
                    return bad(format!(
                        "a gauntlet of {seeds} engines needs at least {} others",
                        self.players - 1
                    ));
                }
            }
            System::RoundRobin | System::Swiss => {}
        }
        if self.rounds == 0 {
            return bad("at least one round is needed".to_owned());
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

    fn game_settings(&self) -> GameSettings {
        GameSettings {
            event: self.event.clone(),
            rules: self.rules_edition(),
            time: self.time,
            start: StartSettings {
                margin: Duration::from_millis(self.margin_ms),
                handshake_timeout: Duration::from_millis(self.handshake_timeout_ms),
            },
            max_plies: self.max_plies,
            adjudicate: self.adjudicate,
        }
    }

    fn openings_or_standard(&self) -> Vec<Opening> {
        if self.openings.is_empty() {
            vec![Opening::standard(self.players)]
        } else {
            self.openings.clone()
        }
    }

    /// The number of games the event will have.
    pub fn total_games(&self) -> u64 {
        total_games(self.system, self.engines.len(), self.players, self.rounds)
    }
}

/// How to run an event (not part of its definition: may change on resume).
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The output directory (journal, records, standings).
    pub out: PathBuf,
    /// Continue the event whose journal is in `out`.
    pub resume: bool,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Show a progress bar (only if standard error is a terminal).
    pub progress: bool,
}

/// What running an event gave.
#[derive(Clone, Debug)]
pub struct EventReport {
    /// The standings.
    pub standings: Standings,
    /// Whether every game is finished.
    pub complete: bool,
    /// Games played by this run (not counting those found in the journal).
    pub played_now: u64,
    /// Games whose record the referee did not find `ok` (a bug of the arena).
    pub records_not_ok: Vec<u64>,
    /// The output directory.
    pub out: PathBuf,
}

struct State {
    config: EventConfig,
    journal: Journal,
    entries: Vec<Entry>,
    scheduled: BTreeMap<u64, Pairing>,
    finished: BTreeSet<u64>,
    byes: BTreeSet<(u32, usize)>,
    out: PathBuf,
    total: u64,
    played_now: u64,
    bar: ProgressBar,
}

impl State {
    fn mismatch(&self, what: String) -> ArenaError {
        ArenaError::Journal {
            path: self.journal.path().to_owned(),
            message: format!("{what}: the journal does not match this event's schedule"),
        }
    }

    fn ensure_scheduled(&mut self, p: &Pairing) -> Result<(), ArenaError> {
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

    fn ensure_bye(&mut self, round: u32, engine: usize) -> Result<(), ArenaError> {
        if self.byes.insert((round, engine)) {
            let entry = Entry::Bye {
                round,
                engine,
                points: 1.0,
            };
            self.journal.append(&entry)?;
            self.entries.push(entry);
        }
        Ok(())
    }

    fn record(&mut self, pairing: Pairing, outcome: GameOutcome) -> Result<(), ArenaError> {
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
        self.write_records()?;
        let standings = self.standings();
        self.bar.set_position(self.finished.len() as u64);
        self.bar.set_message(standings.short_score());
        Ok(())
    }

    fn standings(&self) -> Standings {
        let names: Vec<String> = self.config.engines.iter().map(|e| e.name.clone()).collect();
        compute(
            &self.config.event,
            self.config.system.name(),
            self.config.players,
            &names,
            self.total,
            &self.entries,
        )
    }

    fn records_not_ok(&self) -> Vec<u64> {
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
    fn write_records(&self) -> Result<(), ArenaError> {
        let mut games: Vec<(u64, &str)> = self
            .entries
            .iter()
            .filter_map(|e| match e {
                Entry::Finished {
                    pairing, outcome, ..
                } if !outcome.pgr.is_empty() => Some((pairing.game, outcome.pgr.as_str())),
                _ => None,
            })
            .collect();
        games.sort_by_key(|g| g.0);
        let text = games.iter().map(|g| g.1).collect::<Vec<_>>().join("\n");
        write_atomic(&self.out.join(GAMES_FILE), text.as_bytes())?;
        let standings = self.standings();
        write_atomic(&self.out.join(STANDINGS_FILE), standings.table().as_bytes())?;
        let mut json = serde_json::to_string_pretty(&standings).unwrap_or_default();
        json.push('\n');
        write_atomic(&self.out.join(STANDINGS_JSON_FILE), json.as_bytes())
    }
}

/// Names the settings that differ between two configurations.
fn differences(a: &EventConfig, b: &EventConfig) -> Vec<String> {
    let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) =
        (serde_json::to_value(a), serde_json::to_value(b))
    else {
        return vec!["(unreadable)".to_owned()];
    };
    a.iter()
        .filter(|(k, v)| b.get(*k) != Some(*v))
        .map(|(k, _)| k.clone())
        .collect()
}

/// Runs (or, with `options.resume`, continues) an event. `config` may be `None`
/// when resuming: the journal's settings are used. When both are there they must
/// agree.
pub fn run_event(
    config: Option<EventConfig>,
    options: &RunOptions,
) -> Result<EventReport, ArenaError> {
    let out = options.out.clone();
    std::fs::create_dir_all(&out).map_err(|e| ArenaError::io(&out, e))?;
    let journal_path = out.join(JOURNAL_FILE);
    let (journal, entries, config) = if options.resume {
        if !journal_path.exists() {
            return Err(ArenaError::Journal {
                path: journal_path,
                message: "there is nothing to resume: no journal".to_owned(),
            });
        }
        let (journal, entries) = Journal::open(&journal_path)?;
        let Some(Entry::Start {
            version,
            config: stored,
        }) = entries.first().cloned()
        else {
            unreachable!("Journal::open checks the first line");
        };
        if version != JOURNAL_VERSION {
            return Err(ArenaError::Journal {
                path: journal_path,
                message: format!(
                    "journal version {version}, this program writes {JOURNAL_VERSION}"
                ),
            });
        }
        if let Some(given) = &config {
            let diff = differences(given, &stored);
            if !diff.is_empty() {
                return Err(ArenaError::Journal {
                    path: journal_path,
                    message: format!(
                        "it was written for a different event (settings that differ: {}); give the same arguments as the first run, or only --resume and the output directory",
                        diff.join(", ")
                    ),
                });
            }
        }
        (journal, entries, stored)
    } else {
        let Some(config) = config else {
            return Err(ArenaError::BadSetting("no event to run".to_owned()));
        };
        if journal_path.exists() {
            return Err(ArenaError::Journal {
                path: journal_path,
                message: "an event was already run in this directory: use --resume to continue it, or another output directory".to_owned(),
            });
        }
        config.validate()?;
        let start = Entry::Start {
            version: JOURNAL_VERSION,
            config: config.clone(),
        };
        let journal = Journal::create(&journal_path, &start)?;
        (journal, vec![start], config)
    };
    config.validate()?;
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
                if !finished.insert(pairing.game) {
                    return Err(ArenaError::Journal {
                        path: journal_path,
                        message: format!("game {} is finished twice", pairing.game),
                    });
                }
            }
            Entry::Bye { round, engine, .. } => {
                byes.insert((*round, *engine));
            }
            Entry::Complete { .. } => complete = true,
            Entry::Start { .. } => {}
        }
    }
    let total = config.total_games();
    let bar = if options.progress && std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise}, about {eta} left]",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    bar.set_position(finished.len() as u64);
    let mut state = State {
        config: config.clone(),
        journal,
        entries,
        scheduled,
        finished,
        byes,
        out: out.clone(),
        total,
        played_now: 0,
        bar,
    };
    state.bar.set_message(state.standings().short_score());
    if !complete {
        let openings = config.openings_or_standard();
        let settings = config.game_settings();
        match config.system {
            System::Swiss => {
                let mut history = SwissHistory::new(config.engines.len());
                let mut next_game = 1u64;
                let mut encounter = 0usize;
                for round in 1..=config.rounds {
                    let (tables, round_byes) = swiss_round(round, config.players, &history);
                    let games = swiss_games(round, &tables, next_game, encounter, openings.len());
                    for &b in &round_byes {
                        state.ensure_bye(round, b)?;
                    }
                    play_all(
                        &mut state,
                        &games,
                        &openings,
                        &settings,
                        options.concurrency,
                    )?;
                    // The round's results feed the next pairing.
                    next_game += games.len() as u64;
                    encounter += tables.len();
                    for t in &tables {
                        history.add_table(t);
                    }
                    for &b in &round_byes {
                        history.byes[b] += 1;
                        history.points[b] += 1.0;
                    }
                    for e in &state.entries {
                        if let Entry::Finished {
                            pairing, outcome, ..
                        } = e
                            && pairing.round == round
                        {
                            for (slot, &eng) in pairing.engines.iter().enumerate() {
                                history.points[eng] +=
                                    outcome.points.get(slot).copied().unwrap_or(0.0);
                            }
                        }
                    }
                }
            }
            system => {
                let games = fixed_schedule(
                    system,
                    config.engines.len(),
                    config.players,
                    config.rounds,
                    openings.len(),
                );
                play_all(
                    &mut state,
                    &games,
                    &openings,
                    &settings,
                    options.concurrency,
                )?;
            }
        }
        let entry = Entry::Complete {
            games: state.finished.len() as u64,
        };
        state.journal.append(&entry)?;
        state.entries.push(entry);
    }
    state.write_records()?;
    state.bar.finish_and_clear();
    Ok(EventReport {
        standings: state.standings(),
        complete: true,
        played_now: state.played_now,
        records_not_ok: state.records_not_ok(),
        out,
    })
}

/// Journals `games` as scheduled (if not already), then plays those not yet finished
/// on up to `concurrency` threads, recording each as it ends.
fn play_all(
    state: &mut State,
    games: &[Pairing],
    openings: &[Opening],
    settings: &GameSettings,
    concurrency: usize,
) -> Result<(), ArenaError> {
    for p in games {
        state.ensure_scheduled(p)?;
    }
    let pending: Vec<Pairing> = games
        .iter()
        .filter(|p| !state.finished.contains(&p.game))
        .cloned()
        .collect();
    if pending.is_empty() {
        return Ok(());
    }
    let workers = concurrency.clamp(1, pending.len());
    let count = pending.len();
    let queue = Mutex::new(pending.into_iter().collect::<VecDeque<_>>());
    let stop = AtomicBool::new(false);
    let engines = &state.config.engines.clone();
    let (tx, rx) = mpsc::channel::<(Pairing, GameOutcome)>();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let queue = &queue;
            let stop = &stop;
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::SeqCst) {
                        return;
                    }
                    let next = queue.lock().unwrap_or_else(|e| e.into_inner()).pop_front();
                    let Some(pairing) = next else { return };
                    let spec = GameSpec {
                        round: pairing.label.clone(),
                        engines: pairing.engines.iter().map(|&e| &engines[e]).collect(),
                        opening: &openings[pairing.opening % openings.len()],
                    };
                    tracing::info!("game {} ({}) starts", pairing.game, pairing.label);
                    let outcome = play_game(&spec, settings);
                    if tx.send((pairing, outcome)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        for _ in 0..count {
            let Ok((pairing, outcome)) = rx.recv() else {
                break;
            };
            tracing::info!(
                "game {} ends: {} ({})",
                pairing.game,
                outcome.result,
                outcome.termination
            );
            if outcome.check != "ok" {
                tracing::error!(
                    "game {}: the record is not ok ({}): this is a bug of the arena",
                    pairing.game,
                    outcome.check
                );
            }
            if let Err(e) = state.record(pairing, outcome) {
                stop.store(true, Ordering::SeqCst);
                failure = Some(e);
                break;
            }
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Reads the journal in an output directory without changing it (for tools and
/// tests).
pub fn read_journal(out: &Path) -> Result<Vec<Entry>, ArenaError> {
    Journal::read(&out.join(JOURNAL_FILE)).map(|(entries, _)| entries)
}
