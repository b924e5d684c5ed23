//! The append-only journal: one JSON object per line, each line flushed to disk
//! (`fsync`) before the event goes on, so that a runner killed at any moment (even
//! with `kill -9`) loses no finished game and can resume where it stopped.
//!
//! The journal comes into being whole: its first line (the event's settings) is
//! written to a temporary file, flushed and renamed into place. A journal that is
//! empty or whose first line is cut short (made by another program, or by a
//! runner from before this rule) counts as an event that never started.

use crate::config::EventConfig;
use crate::error::ArenaError;
use crate::game::GameOutcome;
use crate::schedule::Pairing;
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The journal format's version.
pub const JOURNAL_VERSION: u32 = 1;

/// One line of the journal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Entry {
    /// The first line: the event's settings (engines, openings, time control...).
    Start {
        /// [`JOURNAL_VERSION`].
        version: u32,
        /// The event.
        config: EventConfig,
    },
    /// A game was scheduled (written before it starts).
    Scheduled {
        /// The pairing.
        #[serde(flatten)]
        pairing: Pairing,
    },
    /// An engine sits out a Swiss round.
    Bye {
        /// The round.
        round: u32,
        /// The engine's index.
        engine: usize,
        /// The points the bye gives.
        points: f64,
    },
    /// A game finished (written as soon as it did, with its whole record).
    Finished {
        /// The pairing.
        pairing: Pairing,
        /// The engines' names, in order of play.
        names: Vec<String>,
        /// How it went, with the record.
        outcome: GameOutcome,
    },
    /// Every game of the event is finished.
    Complete {
        /// The number of games.
        games: u64,
    },
}

/// An open journal, appended to line by line.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
}

impl Journal {
    /// Creates the journal at `path` with its first line, atomically: the line is
    /// written to a temporary file in the same directory, flushed to disk and
    /// renamed to `path`, so the journal is never seen without a complete first
    /// line. Replaces a journal in which nothing was started (see
    /// [`Journal::read`]); the caller checks that there is no other.
    pub fn create(path: &Path, start: &Entry) -> Result<Journal, ArenaError> {
        let mut line = serde_json::to_string(start).map_err(|e| ArenaError::Journal {
            path: path.to_owned(),
            message: e.to_string(),
        })?;
        line.push('\n');
        write_atomic(path, line.as_bytes())?;
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| ArenaError::io(path, e))?;
        Ok(Journal {
            path: path.to_owned(),
            file,
        })
    }

    /// Reads a journal's entries without changing the file. A last line cut short
    /// by a crash (no line end, or not valid JSON) is left out; a bad line anywhere
    /// else is an error. Also returns the length of the good part, in bytes.
    ///
    /// An empty journal, or one whose first line is incomplete, holds no entries:
    /// the event never started (the result is then empty, with length 0).
    pub fn read(path: &Path) -> Result<(Vec<Entry>, u64), ArenaError> {
        let bytes = std::fs::read(path).map_err(|e| ArenaError::io(path, e))?;
        if !bytes.contains(&b'\n') {
            // Empty, or the first line was being written when the runner stopped.
            return Ok((Vec::new(), 0));
        }
        let bad = |message: String| ArenaError::Journal {
            path: path.to_owned(),
            message,
        };
        let mut entries = Vec::new();
        let mut start = 0usize;
        let mut line_no = 0;
        while start < bytes.len() {
            line_no += 1;
            let end = bytes[start..].iter().position(|&b| b == b'\n');
            let line = match end {
                Some(e) => &bytes[start..start + e],
                None => &bytes[start..],
            };
            let parsed = std::str::from_utf8(line)
                .ok()
                .and_then(|l| serde_json::from_str::<Entry>(l).ok());
            let is_last = end.is_none_or(|e| start + e + 1 >= bytes.len());
            match parsed {
                Some(entry) if end.is_some() => {
                    entries.push(entry);
                    start += line.len() + 1;
                }
                _ if is_last => {
                    tracing::warn!(
                        "journal {}: leaving out an incomplete last line {line_no} (the runner was stopped while writing it)",
                        path.display()
                    );
                    break;
                }
                _ => return Err(bad(format!("line {line_no} is not a journal entry"))),
            }
        }
        if !matches!(entries.first(), Some(Entry::Start { .. })) {
            return Err(bad("it does not begin with the event's settings".to_owned()));
        }
        Ok((entries, start as u64))
    }

    /// Opens an existing journal to append to it, and reads its entries (see
    /// [`Journal::read`]); an incomplete last line is cut off the file.
    pub fn open(path: &Path) -> Result<(Journal, Vec<Entry>), ArenaError> {
        let (entries, good_len) = Journal::read(path)?;
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| ArenaError::io(path, e))?;
        let len = file.metadata().map_err(|e| ArenaError::io(path, e))?.len();
        if good_len < len {
            file.set_len(good_len)
                .and_then(|()| file.sync_all())
                .map_err(|e| ArenaError::io(path, e))?;
        }
        Ok((
            Journal {
                path: path.to_owned(),
                file,
            },
            entries,
        ))
    }

    /// Appends one entry as a line and waits until it is on disk.
    pub fn append(&mut self, entry: &Entry) -> Result<(), ArenaError> {
        let mut line = serde_json::to_string(entry).map_err(|e| ArenaError::Journal {
            path: self.path.clone(),
            message: e.to_string(),
        })?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.sync_data())
            .map_err(|e| ArenaError::io(&self.path, e))
    }

    /// The journal's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Writes `contents` to `path` atomically: a temporary file in the same directory,
/// flushed to disk, then renamed over `path`.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), ArenaError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.tmp"));
    let result = (|| {
        let mut file = File::create(&tmp)?;
        file.write_all(contents)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    result.map_err(|e| ArenaError::io(path, e))?;
    sync_dir(dir);
    Ok(())
}

/// Flushes a directory's entries (new files, renames) to disk, where supported.
fn sync_dir(dir: &Path) {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Entry {
        Entry::Complete { games: 0 }
    }

    #[test]
    fn torn_last_lines_are_dropped_and_bad_middle_lines_refused() {
        let dir = std::env::temp_dir().join(format!("pacru-arena-journal-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("j.jsonl");
        // A journal must begin with the settings.
        let mut j = Journal::create(&path, &start()).unwrap();
        j.append(&Entry::Complete { games: 1 }).unwrap();
        drop(j);
        assert!(Journal::read(&path).is_err());
        // A valid start line, then a cut line.
        let config_line = r#"{"type":"bye","round":1,"engine":0,"points":1.0}"#;
        std::fs::write(&path, format!("{config_line}\n")).unwrap();
        assert!(Journal::read(&path).is_err(), "no start line");
        let start_line = serde_json::to_string(&Entry::Start {
            version: JOURNAL_VERSION,
            config: serde_json::from_str(include_str!("../tests/data/config.json")).unwrap(),
        })
        .unwrap();
        std::fs::write(
            &path,
            format!("{start_line}\n{config_line}\n{{\"type\":\"fin"),
        )
        .unwrap();
        let (entries, good) = Journal::read(&path).unwrap();
        assert_eq!(entries.len(), 2);
        let (mut j, _) = Journal::open(&path).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().len(), good);
        j.append(&Entry::Complete { games: 0 }).unwrap();
        assert_eq!(Journal::read(&path).unwrap().0.len(), 3);
        // A complete last line without its line end is also dropped.
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.trim_end()).unwrap();
        assert_eq!(Journal::read(&path).unwrap().0.len(), 2);
        // A bad line in the middle is corruption, not a crash.
        std::fs::write(&path, format!("{start_line}\nnot json\n{config_line}\n")).unwrap();
        assert!(Journal::read(&path).is_err());
        // Atomic writes replace the whole file.
        let out = dir.join("out.txt");
        write_atomic(&out, b"one").unwrap();
        write_atomic(&out, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "two");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
