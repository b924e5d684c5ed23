//! Adding up the journals of an event's shards ([`crate::shard`]) into the
//! standings and records of the whole event: the same as one machine playing the
//! same games would give.
//!
//! The shards must be of one event (their settings equal but for the shard),
//! each given once, each holding only its own games; a shard that is missing or
//! not finished yet is reported, and the standings are those of the games there
//! are.

use crate::config::EventConfig;
use crate::error::ArenaError;
use crate::event::{JOURNAL_FILE, differences};
use crate::journal::{Entry, JOURNAL_VERSION, Journal};
use crate::journal_games::check_games;
use crate::shard::Shard;
use crate::standings::{Standings, of_event};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why shards cannot be merged.
#[derive(Debug, Error)]
pub enum MergeError {
    /// A journal could not be read, or is corrupt.
    #[error(transparent)]
    Arena(#[from] ArenaError),
    /// A folder given holds neither a shard's journal nor shards' folders.
    #[error(
        "{}: no shard here (neither a journal.jsonl nor shard-I-of-N folders)",
        dir.display()
    )]
    NoShards {
        /// The folder.
        dir: PathBuf,
    },
    /// A journal is of an event played whole.
    #[error("{}: the journal of an event that is not sharded (played without --shard)", path.display())]
    NotAShard {
        /// The journal.
        path: PathBuf,
    },
    /// Two shards split their event into different numbers of shards.
    #[error(
        "{} is shard {first} but {} is shard {second}: the shards of one event have the same number N",
        first_path.display(),
        second_path.display()
    )]
    CountsDiffer {
        /// The first journal.
        first_path: PathBuf,
        /// Its shard.
        first: Shard,
        /// The other journal.
        second_path: PathBuf,
        /// Its shard.
        second: Shard,
    },
    /// Two shards are of different events.
    #[error(
        "{} is not of the same event as {} (settings that differ: {})",
        path.display(),
        first_path.display(),
        settings.join(", ")
    )]
    DifferentEvent {
        /// The journal that differs.
        path: PathBuf,
        /// The first journal, which the others are compared with.
        first_path: PathBuf,
        /// The settings that differ.
        settings: Vec<String>,
    },
    /// A shard is given twice.
    #[error("shard {shard} is given twice: {} and {}", first_path.display(), second_path.display())]
    Duplicate {
        /// The shard.
        shard: Shard,
        /// One journal of it.
        first_path: PathBuf,
        /// The other.
        second_path: PathBuf,
    },
    /// A journal holds a game that is not its shard's or not the event's, a game
    /// finished twice, or one finished with another pairing than it was scheduled
    /// with, or whose outcome does not follow from its record.
    #[error(
        "{}: {}game {game} {reason}",
        path.display(),
        line.map_or_else(String::new, |l| format!("line {l}: "))
    )]
    BadGame {
        /// The journal.
        path: PathBuf,
        /// The journal's line, when the message names it.
        line: Option<usize>,
        /// The game's number.
        game: u64,
        /// What is wrong with it.
        reason: String,
    },
}

/// One shard found for the merge.
#[derive(Clone, Debug, PartialEq)]
pub struct ShardJournal {
    /// The shard.
    pub shard: Shard,
    /// Its journal.
    pub path: PathBuf,
    /// Its finished games.
    pub games: u64,
    /// Whether it is complete (every game played, or the SPRT decided).
    pub complete: bool,
}

/// The shards of an event, added up.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The whole event's settings.
    pub config: EventConfig,
    /// The number of shards the event is split into.
    pub count: u32,
    /// The shards found, in order.
    pub shards: Vec<ShardJournal>,
    /// The shards not found (or whose journal is empty: never started).
    pub missing: Vec<Shard>,
    /// The whole event's journal: its settings, the finished games of every
    /// shard in game order, and a `complete` line when every shard is complete.
    pub entries: Vec<Entry>,
    /// The standings of the whole event.
    pub standings: Standings,
}

impl Merged {
    /// Whether every shard is there and complete.
    pub fn complete(&self) -> bool {
        self.missing.is_empty() && self.shards.iter().all(|s| s.complete)
    }

    /// The shards found that are not complete.
    pub fn incomplete(&self) -> Vec<Shard> {
        self.shards
            .iter()
            .filter(|s| !s.complete)
            .map(|s| s.shard)
            .collect()
    }

    /// Every finished game's record, in game order (the `games.pgr` one machine
    /// would write).
    pub fn games_pgr(&self) -> String {
        crate::event::games_text(&self.entries)
    }
}

/// The shards' journals in `dirs`: each is a shard's output directory
/// (`shard-I-of-N`, holding `journal.jsonl`) or the folder the shards share
/// (holding `shard-I-of-N` folders).
fn journals(dirs: &[PathBuf]) -> Result<Vec<PathBuf>, MergeError> {
    let mut out = Vec::new();
    for dir in dirs {
        let journal = dir.join(JOURNAL_FILE);
        if journal.is_file() {
            out.push(journal);
            continue;
        }
        let listing = std::fs::read_dir(dir).map_err(|e| ArenaError::io(dir, e))?;
        let mut found: Vec<(Shard, PathBuf)> = Vec::new();
        for item in listing {
            let item = item.map_err(|e| ArenaError::io(dir, e))?;
            let name = item.file_name();
            if let Some(shard) = name.to_str().and_then(Shard::from_dir_name)
                && item.path().is_dir()
            {
                found.push((shard, item.path().join(JOURNAL_FILE)));
            }
        }
        if found.is_empty() {
            return Err(MergeError::NoShards { dir: dir.clone() });
        }
        found.sort();
        out.extend(found.into_iter().map(|(_, path)| path));
    }
    Ok(out)
}

/// Merges the shards in `dirs` (shard output directories, or the folders the
/// shards share; see the module's documentation).
///
/// ```no_run
/// let merged = pacru_arena::merge_shards(&["pacru-match".into()])?;
/// print!("{}", merged.standings.table());
/// if !merged.complete() {
///     eprintln!("shards missing: {:?}", merged.missing);
/// }
/// # Ok::<(), pacru_arena::MergeError>(())
/// ```
pub fn merge_shards(dirs: &[PathBuf]) -> Result<Merged, MergeError> {
    let mut first: Option<(PathBuf, EventConfig)> = None;
    let mut by_shard: BTreeMap<Shard, (PathBuf, Vec<Entry>)> = BTreeMap::new();
    let mut empty: Vec<PathBuf> = Vec::new();
    for path in journals(dirs)? {
        let (entries, _) = if path.exists() {
            Journal::read(&path)?
        } else {
            (Vec::new(), 0)
        };
        let Some(Entry::Start { version, config }) = entries.first() else {
            // Never started: counted as missing below.
            empty.push(path);
            continue;
        };
        if *version != JOURNAL_VERSION {
            return Err(ArenaError::Journal {
                path,
                message: format!("journal version {version}, this program reads {JOURNAL_VERSION}"),
            }
            .into());
        }
        let Some(shard) = config.shard else {
            return Err(MergeError::NotAShard { path });
        };
        match &first {
            None => first = Some((path.clone(), config.clone())),
            Some((first_path, first_config)) => {
                let first_shard = first_config.shard.unwrap_or(shard);
                if first_shard.count() != shard.count() {
                    return Err(MergeError::CountsDiffer {
                        first_path: first_path.clone(),
                        first: first_shard,
                        second_path: path,
                        second: shard,
                    });
                }
                let settings = differences(&config.whole(), &first_config.whole());
                if !settings.is_empty() {
                    return Err(MergeError::DifferentEvent {
                        path,
                        first_path: first_path.clone(),
                        settings,
                    });
                }
            }
        }
        if let Err(bad) = check_games(config, &entries, 0) {
            return Err(MergeError::BadGame {
                path,
                line: bad.line,
                game: bad.game,
                reason: bad.reason,
            });
        }
        if let Some((first_path, _)) = by_shard.get(&shard) {
            return Err(MergeError::Duplicate {
                shard,
                first_path: first_path.clone(),
                second_path: path,
            });
        }
        by_shard.insert(shard, (path, entries));
    }
    let Some((_, first_config)) = first else {
        // Every journal is empty: nothing to merge.
        let dir = empty
            .first()
            .and_then(|p| p.parent())
            .map_or_else(|| dirs.first().cloned().unwrap_or_default(), Path::to_owned);
        return Err(MergeError::NoShards { dir });
    };
    let count = first_config.shard.map_or(1, Shard::count);
    let config = first_config.whole();
    let missing: Vec<Shard> = (0..count)
        .filter_map(|i| Shard::new(i, count).ok())
        .filter(|s| !by_shard.contains_key(s))
        .collect();
    let mut shards = Vec::new();
    let mut finished: Vec<Entry> = Vec::new();
    for (shard, (path, entries)) in by_shard {
        let games = entries
            .iter()
            .filter(|e| matches!(e, Entry::Finished { .. }))
            .count() as u64;
        shards.push(ShardJournal {
            shard,
            path,
            games,
            complete: entries.iter().any(|e| matches!(e, Entry::Complete { .. })),
        });
        finished.extend(
            entries
                .into_iter()
                .filter(|e| matches!(e, Entry::Finished { .. })),
        );
    }
    finished.sort_by_key(|e| match e {
        Entry::Finished { pairing, .. } => pairing.game,
        _ => 0,
    });
    let mut entries = vec![Entry::Start {
        version: JOURNAL_VERSION,
        config: config.clone(),
    }];
    entries.extend(finished);
    let complete = missing.is_empty() && shards.iter().all(|s| s.complete);
    if complete {
        entries.push(Entry::Complete {
            games: entries.len() as u64 - 1,
        });
    }
    let standings = of_event(&config, &entries);
    Ok(Merged {
        config,
        count,
        shards,
        missing,
        entries,
        standings,
    })
}
