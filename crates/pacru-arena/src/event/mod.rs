//! Running an event: the check of the engines, scheduling, parallel games, the
//! journal, resuming, records and standings.

mod given;
mod peers;
mod play;
mod state;

use crate::config::EventConfig;
use crate::engine::adopt_handshake_names;
use crate::error::ArenaError;
use crate::journal::{Entry, JOURNAL_VERSION, Journal};
use crate::lock::DirLock;
use crate::progress::Progress;
use crate::schedule::{System, fixed_schedule, swiss_games, swiss_round};
use crate::shard::Shard;
use crate::standings::Standings;
use crate::startup::check_engines;
use crate::stop::StopHandle;
pub use given::{Apply, Given};
use pacru_pairing::{History, Score};
use play::play_all;
use state::State;
use std::path::{Path, PathBuf};

/// The journal's file name in the output directory.
pub const JOURNAL_FILE: &str = "journal.jsonl";
/// The records' file name in the output directory.
pub const GAMES_FILE: &str = "games.pgr";
/// The standings table's file name.
pub const STANDINGS_FILE: &str = "standings.txt";
/// The standings' JSON file name.
pub const STANDINGS_JSON_FILE: &str = "standings.json";
/// What a Swiss bye is worth: what an engine scores at a table on average. A
/// table plays one game per rotation of its order of play, as many games as it
/// has engines, so one point (`pacru_pairing::average_bye`).
pub(crate) const BYE_POINTS: Score = Score::ONE;

/// How to run an event: not part of its definition, so it may change when the
/// event is resumed.
///
/// ```
/// use pacru_arena::EventOptions;
/// let options = EventOptions { concurrency: 2, ..EventOptions::new("my-event") };
/// assert!(!options.resume);
/// ```
#[derive(Clone, Debug)]
pub struct EventOptions {
    /// The output directory (journal, records, standings, and the lock that
    /// keeps other runs out: [`crate::lock`]). It is created when the run
    /// starts, and removed again when the event is refused.
    pub out: PathBuf,
    /// Continue the event whose journal is in `out`. If nothing was started there
    /// (no journal, or one without a complete line) and the settings are given,
    /// the event starts there; without the settings that is an error
    /// ([`ArenaError::NothingToResume`]).
    pub resume: bool,
    /// Games played at the same time (0 counts as 1).
    pub concurrency: usize,
    /// Go on when an engine cannot be started or fails its handshake in the check
    /// made before the first game: it then forfeits its games. By default such an
    /// engine stops the event before anything is written
    /// ([`ArenaError::Unstartable`]).
    pub forfeit_unstartable: bool,
    /// Stops the event from another thread (for example on a signal).
    pub stop: StopHandle,
}

impl EventOptions {
    /// A new event in `out`, one game at a time, refusing unstartable engines.
    pub fn new(out: impl Into<PathBuf>) -> EventOptions {
        EventOptions {
            out: out.into(),
            resume: false,
            concurrency: 1,
            forfeit_unstartable: false,
            stop: StopHandle::new(),
        }
    }
}

/// What running an event gave.
#[derive(Clone, Debug)]
pub struct EventReport {
    /// The standings.
    pub standings: Standings,
    /// Whether every game is finished.
    pub complete: bool,
    /// Whether the run was stopped (through [`EventOptions::stop`]) before the
    /// end; the event can then be resumed.
    pub stopped: bool,
    /// Games played by this run (not counting those found in the journal).
    pub played_now: u64,
    /// Games whose record the referee did not find `ok` (a bug of the arena).
    pub records_not_ok: Vec<u64>,
    /// The output directory.
    pub out: PathBuf,
    /// For a shard of a match with an SPRT that ended before all its games were
    /// played because the test, judged on the games of every shard (its
    /// siblings' journals included), decided: what it decided.
    pub sprt_of_shards: Option<String>,
}

/// Names the settings that differ between two configurations.
pub(crate) fn differences(a: &EventConfig, b: &EventConfig) -> Vec<String> {
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

/// `given` with the stored names of the engines whose names were not given: the
/// journal holds the names their handshakes gave them.
fn with_stored_default_names(given: &EventConfig, stored: &EventConfig) -> EventConfig {
    let mut given = given.clone();
    for (engine, kept) in given.engines.iter_mut().zip(&stored.engines) {
        if !engine.named && !kept.named {
            engine.name.clone_from(&kept.name);
        }
    }
    given
}

/// Runs (or, with `options.resume`, continues) an event. `config` may be `None`
/// ([`Given::Journal`]) when resuming: the journal's settings are used. When both
/// are there they must agree; so must the settings given with
/// [`Given::JournalWith`]. See [`run_event_with`] to follow its progress.
pub fn run_event<'a>(
    config: impl Into<Given<'a>>,
    options: &EventOptions,
) -> Result<EventReport, ArenaError> {
    run_event_with(config, options, &mut |_| {})
}

/// The settings to run with and the journal's entries so far (empty for a new
/// event), from what was given and what the output directory holds.
fn settle(
    config: Given<'_>,
    options: &EventOptions,
    journal_path: &Path,
) -> Result<(EventConfig, Vec<Entry>), ArenaError> {
    let dir = options.out.clone();
    let has_journal = journal_path.exists();
    let entries = if has_journal {
        Journal::read(journal_path)?.0
    } else {
        Vec::new()
    };
    if entries.is_empty() {
        // Nothing was started here (no journal, or one without a complete line).
        // The folder of a sharded event's shards is no place for another event:
        // a shard's run given without its shard would land here.
        let shards = shards_in(&dir);
        if !shards.is_empty() {
            return Err(ArenaError::ShardsHere { dir, shards });
        }
        // With its settings given, the event starts here, resumed or not: a run
        // stopped before its journal existed is continued by starting it.
        return match config {
            Given::Event(config) => Ok((*config, entries)),
            _ if has_journal => Err(ArenaError::NothingToResume {
                dir,
                reason: "its journal is empty: the event never started, so its settings must be given again".to_owned(),
            }),
            _ if options.resume => Err(ArenaError::NothingToResume {
                dir,
                reason: "there is no journal".to_owned(),
            }),
            _ => Err(ArenaError::BadSetting("no event to run".to_owned())),
        };
    }
    if !options.resume {
        return Err(ArenaError::EventExists { dir });
    }
    let Some(Entry::Start {
        version,
        config: stored,
    }) = entries.first().cloned()
    else {
        unreachable!("Journal::read checks the first line");
    };
    if version != JOURNAL_VERSION {
        return Err(ArenaError::Journal {
            path: journal_path.to_owned(),
            message: format!("journal version {version}, this program writes {JOURNAL_VERSION}"),
        });
    }
    let given = match config {
        Given::Event(given) => Some(*given),
        Given::Journal => None,
        Given::JournalWith(apply) => Some(apply(&stored)?),
    };
    if let Some(given) = &given {
        let diff = differences(&with_stored_default_names(given, &stored), &stored);
        if !diff.is_empty() {
            return Err(ArenaError::Journal {
                path: journal_path.to_owned(),
                message: format!(
                    "it was written for a different event (settings that differ: {}); give the same arguments as the first run, or only --resume and the output directory",
                    diff.join(", ")
                ),
            });
        }
    }
    Ok((stored, entries))
}

/// Checks every engine once; an unstartable one is an error unless the options
/// say to go on. Returns the name each engine gave in its handshake, if any.
fn check_startup(
    config: &EventConfig,
    options: &EventOptions,
    observer: &mut dyn FnMut(&Progress<'_>),
) -> Result<Vec<Option<String>>, ArenaError> {
    let results = check_engines(&config.engines, &config.start_settings(), &options.stop);
    if options.stop.is_stopped() {
        return Err(ArenaError::Stopped);
    }
    for (i, (engine, result)) in config.engines.iter().zip(&results).enumerate() {
        match result {
            None => {}
            Some(Ok(id)) => observer(&Progress::EngineReady {
                number: i + 1,
                name: &engine.name,
                id,
            }),
            Some(Err(failure)) if options.forfeit_unstartable => {
                observer(&Progress::EngineUnstartable {
                    number: i + 1,
                    name: &engine.name,
                    failure,
                });
            }
            Some(Err(failure)) => {
                return Err(ArenaError::Unstartable {
                    number: i + 1,
                    name: engine.name.clone(),
                    failure: failure.clone(),
                });
            }
        }
    }
    Ok(results
        .into_iter()
        .map(|result| result.and_then(Result::ok).map(|id| id.name))
        .collect())
}

/// Creates the journal of a new event in its output directory; on failure,
/// removes the temporary file it wrote.
fn create_journal(journal_path: &Path, start: &Entry) -> Result<Journal, ArenaError> {
    let created = Journal::create(journal_path, start);
    if created.is_err()
        && let Some(dir) = journal_path.parent()
    {
        let _ = std::fs::remove_file(dir.join(format!(".{JOURNAL_FILE}.tmp")));
    }
    created
}

/// Runs an event like [`run_event`], telling `observer` what happens as it
/// happens (on the calling thread): the check of the engines, each game's start,
/// forfeits, each game's end with the standings so far.
///
/// Before anything is written, the settings are checked and every engine program
/// is started once and handshaken; an engine that fails this stops the event with
/// [`ArenaError::Unstartable`] (unless [`EventOptions::forfeit_unstartable`]),
/// and no output directory is left behind. When [`EventOptions::stop`] is
/// stopped, the run ends its engines, leaves the journal and files consistent and
/// returns with [`EventReport::stopped`] set; the games it cut short are played
/// again when the event is resumed.
///
/// The run holds the output directory's lock ([`crate::lock`]) from before it
/// reads the journal until it returns: while another run holds it, the event is
/// refused at once with [`ArenaError::Busy`].
pub fn run_event_with<'a>(
    config: impl Into<Given<'a>>,
    options: &EventOptions,
    observer: &mut dyn FnMut(&Progress<'_>),
) -> Result<EventReport, ArenaError> {
    let lock = DirLock::take(&options.out)?;
    let result = run_locked(config.into(), options, observer);
    lock.release();
    result
}

/// Runs an event like [`run_event_with`], its output directory locked.
fn run_locked(
    config: Given<'_>,
    options: &EventOptions,
    observer: &mut dyn FnMut(&Progress<'_>),
) -> Result<EventReport, ArenaError> {
    let out = options.out.clone();
    let journal_path = out.join(JOURNAL_FILE);
    let (mut config, entries) = settle(config, options, &journal_path)?;
    config.validate()?;
    check_shard_dir(&config, &out)?;
    let resumed = !entries.is_empty();
    let already_complete = entries.iter().any(|e| matches!(e, Entry::Complete { .. }));
    if !already_complete {
        let said = check_startup(&config, options, observer)?;
        if !resumed {
            // A resumed event keeps the names its journal gave its games.
            let said: Vec<Option<&str>> = said.iter().map(Option::as_deref).collect();
            adopt_handshake_names(&mut config.engines, &said);
        }
    }
    let (journal, entries) = if resumed {
        Journal::open(&journal_path)?
    } else {
        let start = Entry::Start {
            version: JOURNAL_VERSION,
            config: config.clone(),
        };
        let journal = create_journal(&journal_path, &start)?;
        (journal, vec![start])
    };
    let (mut state, complete) = State::new(config.clone(), journal, entries, out.clone())?;
    observer(&Progress::Started {
        total: state.total,
        finished: state.finished.len() as u64,
        resumed,
    });
    let stop = &options.stop;
    if !complete {
        let openings = config.openings_or_standard();
        let settings = config.game_settings();
        let concurrency = options.concurrency.max(1);
        match config.system {
            System::Swiss => {
                let mut history = History::new(config.engines.len());
                let mut next_game = 1u64;
                let mut encounter = 0usize;
                for round in 1..=config.rounds {
                    if stop.is_stopped() {
                        break;
                    }
                    let (tables, round_byes) = swiss_round(config.players, &history);
                    let games = swiss_games(round, &tables, next_game, encounter, openings.len());
                    for &b in &round_byes {
                        state.ensure_bye(round, b)?;
                    }
                    play_all(
                        &mut state,
                        &games,
                        &openings,
                        &settings,
                        concurrency,
                        stop,
                        observer,
                    )?;
                    // The round's results feed the next pairing.
                    next_game += games.len() as u64;
                    encounter += tables.len();
                    for t in &tables {
                        history.meet(t);
                    }
                    for &b in &round_byes {
                        history.add_bye(b, BYE_POINTS);
                    }
                    for e in &state.entries {
                        if let Entry::Finished {
                            pairing, outcome, ..
                        } = e
                            && pairing.round == round
                        {
                            for (slot, &eng) in pairing.engines.iter().enumerate() {
                                // The arena's points are whole twelfths (game.rs).
                                let points = outcome.points.get(slot).copied().unwrap_or(0.0);
                                history
                                    .add_points(eng, Score::from_f64(points).unwrap_or_default());
                            }
                        }
                    }
                }
            }
            system => {
                let mut games = fixed_schedule(
                    system,
                    config.engines.len(),
                    config.players,
                    config.rounds,
                    openings.len(),
                );
                if let Some(shard) = config.shard {
                    games.retain(|p| shard.owns_game(p.game, config.players));
                }
                play_all(
                    &mut state,
                    &games,
                    &openings,
                    &settings,
                    concurrency,
                    stop,
                    observer,
                )?;
            }
        }
    }
    let all_played = state.finished.len() as u64 >= state.total;
    let stopped = !complete && !all_played && stop.is_stopped();
    if !complete && !stopped {
        state.complete()?;
    }
    state.write_records()?;
    Ok(EventReport {
        standings: state.standings(),
        complete: !stopped,
        stopped,
        played_now: state.played_now,
        records_not_ok: state.records_not_ok(),
        out,
        sprt_of_shards: state
            .sprt_of_shards
            .clone()
            .filter(|_| !stopped && !all_played),
    })
}

/// The records of the finished games in `entries`, in game order: the text of
/// `games.pgr`.
pub(crate) fn games_text(entries: &[Entry]) -> String {
    let mut games: Vec<(u64, &str)> = entries
        .iter()
        .filter_map(|e| match e {
            Entry::Finished {
                pairing, outcome, ..
            } if !outcome.pgr.is_empty() => Some((pairing.game, outcome.pgr.as_str())),
            _ => None,
        })
        .collect();
    games.sort_by_key(|g| g.0);
    games.iter().map(|g| g.1).collect::<Vec<_>>().join("\n")
}

/// The shards whose folders (`shard-I-of-N`, with a journal) are in `dir`, in
/// order.
fn shards_in(dir: &Path) -> Vec<Shard> {
    let mut shards: Vec<Shard> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let shard = Shard::from_dir_name(entry.file_name().to_str()?)?;
            entry.path().join(JOURNAL_FILE).is_file().then_some(shard)
        })
        .collect();
    shards.sort_by_key(|s| (s.count(), s.index()));
    shards
}

/// A shard's output directory is `shard-I-of-N` in the folder the shards share
/// ([`shard_dir`]): its siblings and the merge find it there.
fn check_shard_dir(config: &EventConfig, out: &Path) -> Result<(), ArenaError> {
    let Some(shard) = config.shard else {
        return Ok(());
    };
    if out.file_name().and_then(|n| n.to_str()) == Some(shard.dir_name().as_str()) {
        return Ok(());
    }
    Err(ArenaError::BadSetting(format!(
        "shard {shard}: its output directory must be {} in the folder the shards share, not {}",
        shard.dir_name(),
        out.display()
    )))
}

/// The output directory of shard `shard` in the folder `shared` that the
/// shards of an event share: `shared/shard-I-of-N`.
///
/// ```
/// use pacru_arena::{event::shard_dir, shard::Shard};
/// let dir = shard_dir("out".as_ref(), Shard::new(1, 4).unwrap());
/// assert_eq!(dir, std::path::Path::new("out/shard-1-of-4"));
/// ```
pub fn shard_dir(shared: &Path, shard: Shard) -> PathBuf {
    shared.join(shard.dir_name())
}

/// Reads the journal in an output directory without changing it (for tools and
/// tests). A journal in which nothing was started has no entries.
pub fn read_journal(out: &Path) -> Result<Vec<Entry>, ArenaError> {
    Journal::read(&out.join(JOURNAL_FILE)).map(|(entries, _)| entries)
}
