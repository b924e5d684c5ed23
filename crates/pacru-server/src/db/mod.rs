//! The server's one SQLite file: opening it (schema created or migrated, WAL,
//! full synchronous commits), and the queries, run off the async threads.

pub mod events;
mod games;
mod ratings;
mod schema;
mod users;

use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, mpsc};

/// Why the database cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// SQLite refused.
    #[error("{path}: {source}")]
    Sqlite {
        /// The file.
        path: PathBuf,
        /// SQLite's error.
        source: rusqlite::Error,
    },
    /// The thread that commits game changes could not start.
    #[error("{path}: the database writer thread: {source}")]
    Writer {
        /// The file.
        path: PathBuf,
        /// Why the thread did not start.
        source: std::io::Error,
    },
    /// The file belongs to another program.
    #[error("{0}: not a pacru server database (it holds another program's tables)")]
    Foreign(PathBuf),
    /// The file was written by a newer server.
    #[error(
        "{path}: schema version {found} is newer than this server's ({supported}); use a newer pacru"
    )]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: i64,
        /// Ours.
        supported: i64,
    },
}

/// The database: one connection, used by one blocking task at a time (SQLite
/// has one writer anyway; every request's work is a few milliseconds). Game
/// changes go through a writer thread that commits together those waiting
/// at the same moment.
#[derive(Clone, Debug)]
pub struct Db {
    conn: Arc<Mutex<Connection>>,
    saves: mpsc::Sender<SaveJob>,
}

/// A game change waiting for the writer thread.
#[derive(Debug)]
struct SaveJob {
    game: crate::game::GameState,
    stored_moves: usize,
    done: tokio::sync::oneshot::Sender<Result<(), crate::error::ApiError>>,
}

/// The most changes one commit carries.
const MAX_BATCH: usize = 512;

/// The writer thread: takes the changes waiting, writes each in a savepoint of
/// one transaction, commits (one `fsync` with `synchronous=FULL`) and only then
/// answers each; ends when every [`Db`] is dropped.
///
/// A commit costs an `fsync`, so one transaction per move bounded the moves a
/// second by the disk; sharing the commit lets the moves that arrive during
/// one `fsync` wait for the next one only (`docs/performance.md`, the game
/// server).
fn writer(conn: &Mutex<Connection>, saves: &mpsc::Receiver<SaveJob>) {
    while let Ok(first) = saves.recv() {
        let mut jobs = vec![first];
        while jobs.len() < MAX_BATCH {
            match saves.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let results = match conn.lock() {
            Ok(mut conn) => commit_batch(&mut conn, &jobs),
            Err(_) => jobs
                .iter()
                .map(|_| {
                    Err(crate::error::ApiError::Internal(
                        "database lock poisoned".into(),
                    ))
                })
                .collect(),
        };
        for (job, result) in jobs.into_iter().zip(results) {
            let _ = job.done.send(result);
        }
    }
}

/// Writes `jobs` in one transaction, each in its own savepoint (a change that
/// fails is rolled back alone), and commits; the result of each.
fn commit_batch(
    conn: &mut Connection,
    jobs: &[SaveJob],
) -> Vec<Result<(), crate::error::ApiError>> {
    let failed = |e: rusqlite::Error| -> Vec<Result<(), crate::error::ApiError>> {
        let text = format!("database: {e}");
        jobs.iter()
            .map(|_| Err(crate::error::ApiError::Internal(text.clone())))
            .collect()
    };
    let mut tx = match conn.transaction() {
        Ok(tx) => tx,
        Err(e) => return failed(e),
    };
    let mut results = Vec::with_capacity(jobs.len());
    for job in jobs {
        let result = tx.savepoint().map_err(Into::into).and_then(|sp| {
            games::write(&sp, &job.game, job.stored_moves)?;
            sp.commit()?;
            Ok(())
        });
        results.push(result);
    }
    match tx.commit() {
        Ok(()) => results,
        Err(e) => failed(e),
    }
}

impl Db {
    /// Opens (or creates) the database at `path`, migrating an older schema.
    pub fn open(path: &Path) -> Result<Db, DbError> {
        let sqlite = |source| DbError::Sqlite {
            path: path.to_path_buf(),
            source,
        };
        let mut conn = Connection::open(path).map_err(sqlite)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))
            .map_err(sqlite)?;
        let app: i32 = conn
            .query_row("PRAGMA application_id", [], |r| r.get(0))
            .map_err(sqlite)?;
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(sqlite)?;
        let tables: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
            .map_err(sqlite)?;
        if app != schema::APPLICATION_ID && (app != 0 || tables > 0) {
            return Err(DbError::Foreign(path.to_path_buf()));
        }
        if version > schema::current() {
            return Err(DbError::Newer {
                path: path.to_path_buf(),
                found: version,
                supported: schema::current(),
            });
        }
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(sqlite)?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(sqlite)?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(sqlite)?;
        if version < schema::current() {
            let tx = conn.transaction().map_err(sqlite)?;
            for migration in &schema::MIGRATIONS[usize::try_from(version).unwrap_or(0)..] {
                tx.execute_batch(migration).map_err(sqlite)?;
            }
            tx.pragma_update(None, "application_id", schema::APPLICATION_ID)
                .map_err(sqlite)?;
            tx.pragma_update(None, "user_version", schema::current())
                .map_err(sqlite)?;
            tx.commit().map_err(sqlite)?;
        }
        let conn = Arc::new(Mutex::new(conn));
        let (saves, waiting) = mpsc::channel();
        let writer_conn = Arc::clone(&conn);
        std::thread::Builder::new()
            .name("pacru-db-writer".into())
            .spawn(move || writer(&writer_conn, &waiting))
            .map_err(|source| DbError::Writer {
                path: path.to_path_buf(),
                source,
            })?;
        Ok(Db { conn, saves })
    }

    /// Runs `f` on the connection in a blocking task.
    pub async fn call<F, R>(&self, f: F) -> Result<R, crate::error::ApiError>
    where
        F: FnOnce(&mut Connection) -> Result<R, crate::error::ApiError> + Send + 'static,
        R: Send + 'static,
    {
        let conn = Arc::clone(&self.conn);
        tokio::task::spawn_blocking(move || {
            let mut conn = conn
                .lock()
                .map_err(|_| crate::error::ApiError::Internal("database lock poisoned".into()))?;
            f(&mut conn)
        })
        .await
        .map_err(|e| crate::error::ApiError::Internal(format!("database task: {e}")))?
    }

    /// Runs `f` on the connection on this thread (start-up and shutdown).
    pub fn call_blocking<R>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<R, crate::error::ApiError>,
    ) -> Result<R, crate::error::ApiError> {
        let mut conn = self
            .conn
            .lock()
            .map_err(|_| crate::error::ApiError::Internal("database lock poisoned".into()))?;
        f(&mut conn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_version_1_file_is_migrated_to_the_ratings_tables() {
        let dir = std::env::temp_dir().join(format!("pacru-migrate-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("v1.db");
        let _ = std::fs::remove_file(&path);
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(schema::MIGRATIONS[0]).unwrap();
            conn.pragma_update(None, "application_id", schema::APPLICATION_ID)
                .unwrap();
            conn.pragma_update(None, "user_version", 1).unwrap();
        }
        let db = Db::open(&path).unwrap();
        let (version, tables) = db
            .call_blocking(|conn| {
                let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
                let tables: i64 = conn.query_row(
                    "SELECT count(*) FROM sqlite_master
                     WHERE type = 'table' AND name IN ('rating', 'rating_history')",
                    [],
                    |r| r.get(0),
                )?;
                Ok((version, tables))
            })
            .unwrap();
        assert_eq!((version, tables), (schema::current(), 2));
        drop(db);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
