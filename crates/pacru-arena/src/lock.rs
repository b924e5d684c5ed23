//! The output directory's lock: one run at a time in an output directory.
//!
//! Two runs on one directory would both play the games not finished yet and both
//! journal them, leaving a journal that can be neither resumed nor merged. So a
//! run takes an exclusive lock on the file [`LOCK_FILE`] in its output directory
//! before it reads or writes the journal, and holds it until it ends; a second
//! run is refused at once ([`ArenaError::Busy`]), it does not wait. The lock is
//! the operating system's (`flock` on Unix): it goes with the process, however
//! the process ends (`kill -9` included), and engines started by the run do not
//! inherit it. A file system that has no such locks is warned about and the run
//! goes on unlocked.

use crate::error::ArenaError;
use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

/// The lock file's name in the output directory. It stays there, empty, after
/// the run: only the lock on it matters.
pub const LOCK_FILE: &str = ".lock";

/// How often the lock is tried again when the lock file was replaced between
/// opening it and locking it (the run that held it removed its directory).
const ATTEMPTS: usize = 8;

/// An exclusive lock on an output directory, held until [`DirLock::release`] or
/// until it is dropped.
#[derive(Debug)]
pub struct DirLock {
    /// The locked file (`None`: the file system has no locks).
    file: Option<File>,
    /// The output directory.
    dir: PathBuf,
    /// The directories created to hold the lock, deepest first.
    created: Vec<PathBuf>,
}

impl DirLock {
    /// Locks the output directory `dir`, creating it (and its parents) if need be.
    /// Fails with [`ArenaError::Busy`] when another run holds the lock.
    pub fn take(dir: &Path) -> Result<DirLock, ArenaError> {
        // The directories to create, deepest first.
        let mut created = Vec::new();
        let mut missing = Some(dir);
        while let Some(d) = missing.filter(|d| !d.as_os_str().is_empty() && !d.exists()) {
            created.push(d.to_owned());
            missing = d.parent();
        }
        let mut lock = DirLock {
            file: None,
            dir: dir.to_owned(),
            created,
        };
        let path = dir.join(LOCK_FILE);
        for _ in 0..ATTEMPTS {
            if let Err(e) = std::fs::create_dir_all(dir) {
                lock.release();
                return Err(ArenaError::io(dir, e));
            }
            let file = match OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
            {
                Ok(file) => file,
                Err(e) => {
                    lock.release();
                    return Err(ArenaError::io(&path, e));
                }
            };
            match file.try_lock() {
                Ok(()) if still_there(&file, &path) => {
                    lock.file = Some(file);
                    return Ok(lock);
                }
                // Locked after its run removed it: try the new file.
                Ok(()) => continue,
                Err(TryLockError::WouldBlock) => {
                    // Not ours: the directory is the other run's.
                    lock.created.clear();
                    return Err(ArenaError::Busy {
                        dir: dir.to_owned(),
                    });
                }
                Err(TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => {
                    tracing::warn!(
                        "{}: this file system cannot lock files, so nothing keeps another run from using {} at the same time",
                        path.display(),
                        dir.display()
                    );
                    return Ok(lock);
                }
                Err(TryLockError::Error(e)) => {
                    lock.release();
                    return Err(ArenaError::io(&path, e));
                }
            }
        }
        lock.release();
        Err(ArenaError::Busy {
            dir: dir.to_owned(),
        })
    }

    /// Releases the lock. If the directory was created to hold the lock and
    /// nothing else was written there (the event was refused), the lock file and
    /// the directories created are removed again.
    pub fn release(mut self) {
        let only_the_lock = std::fs::read_dir(&self.dir).is_ok_and(|mut items| {
            items.all(|item| item.is_ok_and(|item| item.file_name() == LOCK_FILE))
        });
        if !self.created.is_empty() && only_the_lock {
            // Removed while still locked: a run that opened it meanwhile finds
            // it gone once it has the lock, and tries again.
            let _ = std::fs::remove_file(self.dir.join(LOCK_FILE));
            for d in &self.created {
                let _ = std::fs::remove_dir(d);
            }
        }
        self.file = None;
    }
}

/// Whether `path` is still the file `file` locked (not removed or replaced by
/// the run that held the lock before).
#[cfg(unix)]
fn still_there(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Whether `path` is still the file `file` locked.
#[cfg(not(unix))]
fn still_there(_file: &File, path: &Path) -> bool {
    path.exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_locked_directory_is_refused_until_its_lock_is_released() {
        let dir = std::env::temp_dir().join(format!("pacru-arena-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let out = dir.join("a").join("b");
        let first = DirLock::take(&out).unwrap();
        let err = DirLock::take(&out).unwrap_err();
        assert!(matches!(err, ArenaError::Busy { .. }), "{err:?}");
        assert!(err.to_string().contains("another run"), "{err}");
        // Nothing else was written: the directories go with the lock.
        first.release();
        assert!(!dir.join("a").exists());
        // A directory with something in it keeps its lock file.
        let lock = DirLock::take(&out).unwrap();
        std::fs::write(out.join("journal.jsonl"), "").unwrap();
        lock.release();
        assert!(out.join(LOCK_FILE).exists());
        let again = DirLock::take(&out).unwrap();
        drop(again);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
