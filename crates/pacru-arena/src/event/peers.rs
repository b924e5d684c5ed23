//! The other shards of a sharded SPRT match, read from the folder the shards
//! share: each shard follows its siblings' journals as they grow, so that the
//! early stop of the test works across machines.
//!
//! A sibling's games count only when its journal passes the check a resume and
//! the merge make ([`check_games`]: the shard's games, each scheduled once and
//! finished once, with an outcome that follows from its record). A sibling's
//! journal that fails it is left out of the test, with a warning naming it, and
//! the shard plays on: a bad journal can then only make the shards play more
//! games, never stop them early (and `merge-shards` refuses it, naming the line).

use crate::config::EventConfig;
use crate::error::ArenaError;
use crate::event::{JOURNAL_FILE, differences};
use crate::journal::Entry;
use crate::journal_games::check_games;
use crate::shard::Shard;
use crate::sprt::game_points;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// The sibling shards' journals, read up to their last complete line.
pub(crate) struct Peers {
    whole: EventConfig,
    journals: Vec<PeerJournal>,
}

/// One sibling's journal and what has been read of it.
struct PeerJournal {
    shard: Shard,
    path: PathBuf,
    /// The length read so far, up to the end of a line.
    read: u64,
    /// The journal's entries read so far (its lines, in order).
    entries: Vec<Entry>,
    /// The finished games: number and the first engine's points.
    games: Vec<(u64, Option<f64>)>,
    /// Set when the journal fails the check of its games: it is then left out
    /// of the test.
    ignored: bool,
}

impl Peers {
    /// The siblings of the shard whose output directory is `out`, for a sharded
    /// match with an SPRT (`None` otherwise, or when there is no sibling).
    pub(crate) fn new(out: &Path, config: &EventConfig) -> Option<Peers> {
        let shard = config.shard?;
        config.sprt?;
        let shared = out.parent().unwrap_or(Path::new(""));
        let journals: Vec<PeerJournal> = (0..shard.count())
            .filter(|&i| i != shard.index())
            .filter_map(|i| Shard::new(i, shard.count()).ok())
            .map(|sibling| PeerJournal {
                shard: sibling,
                path: shared.join(sibling.dir_name()).join(JOURNAL_FILE),
                read: 0,
                entries: Vec::new(),
                games: Vec::new(),
                ignored: false,
            })
            .collect();
        (!journals.is_empty()).then(|| Peers {
            whole: config.whole(),
            journals,
        })
    }

    /// Reads what the siblings have journaled since the last call. A sibling
    /// that has not started has no journal yet; one from another match is an
    /// error.
    pub(crate) fn refresh(&mut self) -> Result<(), ArenaError> {
        for journal in &mut self.journals {
            journal.refresh(&self.whole)?;
        }
        Ok(())
    }

    /// The siblings whose journals are left out of the test (they fail the
    /// check of their games).
    pub(crate) fn left_out(&self) -> Vec<Shard> {
        self.journals
            .iter()
            .filter(|j| j.ignored)
            .map(|j| j.shard)
            .collect()
    }

    /// The siblings' finished games: number and the first engine's points (a
    /// sibling whose journal fails the check of its games has none).
    pub(crate) fn games(&self) -> impl Iterator<Item = (u64, Option<f64>)> + '_ {
        self.journals
            .iter()
            .filter(|j| !j.ignored)
            .flat_map(|j| j.games.iter().copied())
    }
}

impl PeerJournal {
    fn refresh(&mut self, whole: &EventConfig) -> Result<(), ArenaError> {
        if self.ignored {
            return Ok(());
        }
        let bad = |message: String| ArenaError::Journal {
            path: self.path.clone(),
            message,
        };
        let mut file = match std::fs::File::open(&self.path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(ArenaError::io(&self.path, e)),
        };
        let mut bytes = Vec::new();
        file.seek(SeekFrom::Start(self.read))
            .and_then(|_| file.read_to_end(&mut bytes))
            .map_err(|e| ArenaError::io(&self.path, e))?;
        // Only whole lines: the rest is being written.
        let Some(end) = bytes.iter().rposition(|&b| b == b'\n') else {
            return Ok(());
        };
        for line in bytes[..end].split(|&b| b == b'\n') {
            let entry = std::str::from_utf8(line)
                .ok()
                .and_then(|l| serde_json::from_str::<Entry>(l).ok())
                .ok_or_else(|| bad("a line is not a journal entry".to_owned()))?;
            if self.read == 0 {
                let Entry::Start { config, .. } = &entry else {
                    return Err(bad("it does not begin with the event's settings".to_owned()));
                };
                if config.shard != Some(self.shard) {
                    return Err(bad(format!(
                        "it is not the journal of shard {}",
                        self.shard
                    )));
                }
                let diff = differences(&config.whole(), whole);
                if !diff.is_empty() {
                    return Err(bad(format!(
                        "shard {} in the shared folder is from a different match (settings that differ: {}); give each match its own folder",
                        self.shard,
                        diff.join(", ")
                    )));
                }
            }
            self.read += line.len() as u64 + 1;
            self.entries.push(entry);
        }
        // The lines read before this call were checked then: only the new
        // finished games are refereed again.
        let checked = self.games.len();
        let Some(Entry::Start { config, .. }) = self.entries.first() else {
            return Ok(());
        };
        let new_from = self
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, Entry::Finished { .. }))
            .nth(checked)
            .map_or(self.entries.len(), |(i, _)| i);
        if let Err(bad) = check_games(config, &self.entries, new_from) {
            self.ignored = true;
            self.games.clear();
            tracing::warn!(
                "journal {}: {bad}; the SPRT of this shard leaves shard {}'s games out (merge-shards will refuse this journal)",
                self.path.display(),
                self.shard
            );
            return Ok(());
        }
        self.games = self.entries.iter().filter_map(game_points).collect();
        Ok(())
    }
}
