//! The event file: one SQLite database in WAL mode. Every command is one
//! transaction, so a command killed at any moment leaves the event as it was
//! before or after it; a command that finds the file busy with another one's
//! write waits for it.

pub(crate) mod load;
mod memory;
pub(crate) mod schema;

use crate::error::EventError;
use crate::model::{Event, LogAction, NewEvent, Settings};
use rusqlite::{Connection, ErrorCode, OpenFlags, Transaction, TransactionBehavior};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long a command waits for another one to finish with the file, by default.
pub const DEFAULT_WAIT: Duration = Duration::from_secs(60);

/// An open event file.
///
/// ```
/// use pacru_event::{EventFile, NewEvent};
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("club.pacru");
/// let mut file = EventFile::create(&path, &NewEvent::swiss("Club night", 2, 3)).unwrap();
/// file.add_players(&["Ada".into(), "Bob".into()], None, None).unwrap();
/// let event = EventFile::open(&path).unwrap().read().unwrap();
/// assert_eq!(event.players.len(), 2);
/// ```
pub struct EventFile {
    pub(crate) conn: Connection,
    path: PathBuf,
    wait: Duration,
    notice: Option<Box<dyn FnMut()>>,
}

impl std::fmt::Debug for EventFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventFile")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

impl EventFile {
    /// Gives this new, empty database an event file's schema (its application
    /// id, every migration, the schema version) and, in the same transaction,
    /// what `fill` writes.
    fn create_schema(
        &mut self,
        fill: impl FnOnce(&Transaction<'_>) -> Result<(), EventError>,
    ) -> Result<(), EventError> {
        let path = self.path.clone();
        let db = |e| database(&path, e);
        self.conn
            .pragma_update(None, "application_id", schema::APPLICATION_ID)
            .map_err(db)?;
        let tx = self.conn.transaction().map_err(db)?;
        for migration in schema::MIGRATIONS {
            tx.execute_batch(migration).map_err(db)?;
        }
        tx.pragma_update(None, "user_version", schema::current())
            .map_err(db)?;
        fill(&tx)?;
        tx.commit().map_err(db)
    }

    /// Opens the event file at `path`, bringing an older schema up to date.
    pub fn open(path: &Path) -> Result<EventFile, EventError> {
        if !path.exists() {
            return Err(EventError::NotFound {
                path: path.to_owned(),
            });
        }
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| database(path, e))?;
        let mut file = EventFile {
            conn,
            path: path.to_owned(),
            wait: DEFAULT_WAIT,
            notice: None,
        };
        // What the file is comes first: a file that is no database fails any pragma.
        file.check_and_migrate()?;
        file.configure()?;
        Ok(file)
    }

    /// Creates the event file `path` for `new`; refuses a file that exists.
    pub fn create(path: &Path, new: &NewEvent) -> Result<EventFile, EventError> {
        let settings = new.settings()?;
        EventFile::create_with(path, |tx| insert_event(path, tx, &settings))
    }

    /// Creates the file `path` with an empty schema, then fills it with `fill`
    /// and puts it in place under `path` only when complete: a command stopped
    /// before leaves no event file (a stray temporary file at most).
    pub(crate) fn create_with(
        path: &Path,
        fill: impl FnOnce(&Transaction<'_>) -> Result<(), EventError>,
    ) -> Result<EventFile, EventError> {
        if path.exists() {
            return Err(EventError::Exists {
                path: path.to_owned(),
            });
        }
        let file_name = path
            .file_name()
            .ok_or_else(|| EventError::Setting(format!("{}: not a file name", path.display())))?;
        let mut temporary = file_name.to_owned();
        temporary.push(format!(".new-{}", std::process::id()));
        let temporary = path.with_file_name(temporary);
        let _ = std::fs::remove_file(&temporary);
        {
            let conn = Connection::open(&temporary).map_err(|e| database(&temporary, e))?;
            let mut file = EventFile {
                conn,
                path: temporary.clone(),
                wait: DEFAULT_WAIT,
                notice: None,
            };
            file.configure()?;
            let db = |e| database(&temporary, e);
            let mode: String = file
                .conn
                .pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))
                .map_err(db)?;
            if !mode.eq_ignore_ascii_case("wal") {
                return Err(EventError::NotAnEvent {
                    path: temporary.clone(),
                    reason: format!(
                        "SQLite would not use a write-ahead log here (journal mode {mode})"
                    ),
                });
            }
            file.create_schema(fill)?;
            // Closing checkpoints the write-ahead log into the file.
            file.conn.close().map_err(|(_, e)| db(e))?;
        }
        // A hard link never replaces a file that appeared in the meantime.
        std::fs::hard_link(&temporary, path).map_err(|e| {
            let _ = std::fs::remove_file(&temporary);
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                EventError::Exists {
                    path: path.to_owned(),
                }
            } else {
                EventError::Io {
                    path: path.to_owned(),
                    source: e,
                }
            }
        })?;
        let _ = std::fs::remove_file(&temporary);
        EventFile::open(path)
    }

    /// Sets how long a command waits for another one that keeps the file busy
    /// (default [`DEFAULT_WAIT`]).
    pub fn set_wait(&mut self, wait: Duration) {
        self.wait = wait;
    }

    /// Sets what to do, once, when a command has to wait for another one (the
    /// command line prints a note).
    pub fn on_wait(&mut self, notice: impl FnMut() + 'static) {
        self.notice = Some(Box::new(notice));
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// SQLite's checks of the file: its structure (`PRAGMA integrity_check`) and
    /// its references (`PRAGMA foreign_key_check`), then a whole reading.
    pub fn integrity_check(&mut self) -> Result<(), EventError> {
        let path = self.path.clone();
        let db = |e| database(&path, e);
        let verdict: String = self
            .conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .map_err(db)?;
        if verdict != "ok" {
            return Err(EventError::NotAnEvent {
                path: path.clone(),
                reason: format!("SQLite's integrity check failed: {verdict}"),
            });
        }
        let dangling: i64 = self
            .conn
            .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
                r.get(0)
            })
            .map_err(db)?;
        if dangling > 0 {
            return Err(EventError::NotAnEvent {
                path: path.clone(),
                reason: format!("{dangling} rows refer to rows that do not exist"),
            });
        }
        self.read().map(|_| ())
    }

    /// The whole event, records included, in one reading.
    pub fn read(&mut self) -> Result<Event, EventError> {
        self.read_with(true)
    }

    /// The whole event, in one reading; the records' bytes only if `records`.
    pub fn read_with(&mut self, records: bool) -> Result<Event, EventError> {
        let path = self.path.clone();
        self.conn
            .busy_timeout(self.wait)
            .map_err(|e| database(&path, e))?;
        let tx = self.conn.transaction().map_err(|e| database(&path, e))?;
        let event = load::event(&tx, records).map_err(|e| load::error(&path, e))?;
        tx.commit().map_err(|e| database(&path, e))?;
        Ok(event)
    }

    /// Runs `change` in one write transaction, with the event as it stands at
    /// its start: committed if `change` succeeds, rolled back otherwise. When
    /// another command is writing, waits for it (saying so once).
    pub(crate) fn write<T>(
        &mut self,
        change: impl FnOnce(&Transaction<'_>, &Event) -> Result<T, EventError>,
    ) -> Result<T, EventError> {
        let path = self.path.clone();
        let db = |e| database(&path, e);
        self.conn.busy_timeout(Duration::ZERO).map_err(db)?;
        let busy = match self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
        {
            Ok(tx) => {
                drop(tx);
                false
            }
            Err(e) if e.sqlite_error_code() == Some(ErrorCode::DatabaseBusy) => true,
            Err(e) => return Err(db(e)),
        };
        if busy && let Some(notice) = &mut self.notice {
            notice();
        }
        self.conn.busy_timeout(self.wait).map_err(db)?;
        let tx = match self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
        {
            Ok(tx) => tx,
            Err(e) if e.sqlite_error_code() == Some(ErrorCode::DatabaseBusy) => {
                return Err(EventError::Busy {
                    path: path.clone(),
                    seconds: self.wait.as_secs(),
                });
            }
            Err(e) => return Err(db(e)),
        };
        let event = load::event(&tx, false).map_err(|e| load::error(&path, e))?;
        let value = change(&tx, &event)?;
        tx.commit().map_err(db)?;
        Ok(value)
    }

    /// Per-connection settings: foreign keys, full sync at each commit.
    fn configure(&mut self) -> Result<(), EventError> {
        let path = self.path.clone();
        let db = |e| database(&path, e);
        self.conn.busy_timeout(self.wait).map_err(db)?;
        self.conn
            .pragma_update(None, "foreign_keys", true)
            .map_err(db)?;
        self.conn
            .pragma_update(None, "synchronous", "FULL")
            .map_err(db)?;
        Ok(())
    }

    /// Refuses a file that is not an event file or is newer than this library,
    /// and applies the migrations an older one lacks.
    fn check_and_migrate(&mut self) -> Result<(), EventError> {
        let version = identify(&self.conn, &self.path)?;
        if version < schema::current() {
            self.migrate(schema::MIGRATIONS)?;
        }
        Ok(())
    }

    /// Applies the `migrations` the file lacks (those past its `user_version`)
    /// and sets its version to their number, all in one transaction: a
    /// migration that fails, or a crash, leaves the file as it was.
    fn migrate(&mut self, migrations: &[&str]) -> Result<(), EventError> {
        let path = self.path.clone();
        let db = |e| database(&path, e);
        self.conn.busy_timeout(self.wait).map_err(db)?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db)?;
        // Another command may have migrated it meanwhile.
        let version: i64 = tx
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .map_err(db)?;
        let applied = usize::try_from(version).unwrap_or(0).min(migrations.len());
        for migration in &migrations[applied..] {
            tx.execute_batch(migration).map_err(db)?;
        }
        tx.pragma_update(None, "user_version", migrations.len() as i64)
            .map_err(db)?;
        tx.commit().map_err(db)
    }
}

/// The schema version of the event file open on `conn` (at `path`); refuses a
/// file that is not an event file or is newer than this library. Reads only.
pub(crate) fn identify(conn: &Connection, path: &Path) -> Result<i64, EventError> {
    let not_event = |reason: &str| EventError::NotAnEvent {
        path: path.to_owned(),
        reason: reason.to_owned(),
    };
    let read = |pragma: &str| -> Result<i64, EventError> {
        conn.pragma_query_value(None, pragma, |row| row.get::<_, i64>(0))
            .map_err(|e| match e.sqlite_error_code() {
                Some(ErrorCode::NotADatabase) => not_event("it is not an SQLite database"),
                _ => database(path, e),
            })
    };
    let application = read("application_id")?;
    if application != i64::from(schema::APPLICATION_ID) {
        return Err(not_event(if application == 0 {
            "an SQLite database, but not one that pacru wrote"
        } else {
            "an SQLite database of another program"
        }));
    }
    let version = read("user_version")?;
    let current = schema::current();
    if version > current {
        return Err(EventError::Newer {
            path: path.to_owned(),
            found: version,
            known: current,
        });
    }
    if version < 1 {
        return Err(not_event("its schema was never written"));
    }
    Ok(version)
}

/// A database error on `path`.
pub(crate) fn database(path: &Path, source: rusqlite::Error) -> EventError {
    EventError::Database {
        path: path.to_owned(),
        source,
    }
}

/// Writes the event's row for `settings` and the log's first line.
pub(crate) fn insert_event(
    path: &Path,
    tx: &Transaction<'_>,
    settings: &Settings,
) -> Result<(), EventError> {
    let db = |e| database(path, e);
    tx.execute(
        &format!(
            "INSERT INTO event (id, name, table_size, system, rounds, rules, uneven, bye_points, created)
             VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, {NOW})"
        ),
        rusqlite::params![
            settings.name,
            settings.table_size as i64,
            settings.system.as_str(),
            settings.rounds,
            settings.rules.year(),
            crate::model::uneven_str(settings.uneven),
            settings.bye_points.twelfths(),
        ],
    )
    .map_err(db)?;
    log(
        path,
        tx,
        LogAction::New,
        None,
        None,
        &format!(
            "created: {} players a table, {}, {} rounds, rules {}, a bye worth {}",
            settings.table_size,
            settings.system,
            settings.rounds,
            settings.rules.year(),
            settings.bye_points
        ),
        None,
    )
}

/// The current time as the file stores it.
pub(crate) const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')";

impl rusqlite::ToSql for LogAction {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        Ok(self.as_str().into())
    }
}

/// Adds a line to the event's log.
pub(crate) fn log(
    path: &Path,
    tx: &Transaction<'_>,
    action: LogAction,
    round: Option<u32>,
    table: Option<u32>,
    detail: &str,
    reason: Option<&str>,
) -> Result<(), EventError> {
    tx.execute(
        &format!(
            "INSERT INTO log (at, action, round, board, detail, reason) VALUES ({NOW}, ?1, ?2, ?3, ?4, ?5)"
        ),
        rusqlite::params![action, round, table, detail, reason],
    )
    .map_err(|e| database(path, e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::rc::Rc;
    use std::sync::mpsc;

    /// Holds the file's write lock for `hold` in another thread, once it is taken.
    fn hold(path: &Path, hold: Duration) -> std::thread::JoinHandle<()> {
        let (started, wait) = mpsc::channel();
        let path = path.to_owned();
        let holder = std::thread::spawn(move || {
            let mut file = EventFile::open(&path).unwrap();
            file.write(|_, _| {
                started.send(()).unwrap();
                std::thread::sleep(hold);
                Ok(())
            })
            .unwrap();
        });
        wait.recv().unwrap();
        holder
    }

    #[test]
    fn a_second_command_waits_for_the_first_and_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.pacru");
        EventFile::create(&path, &NewEvent::swiss("E", 2, 1)).unwrap();
        let holder = hold(&path, Duration::from_millis(300));
        let mut file = EventFile::open(&path).unwrap();
        let waited = Rc::new(Cell::new(0));
        let count = Rc::clone(&waited);
        file.on_wait(move || count.set(count.get() + 1));
        file.add_players(&["Ada".into()], None, None).unwrap();
        holder.join().unwrap();
        assert_eq!(waited.get(), 1);
        assert_eq!(file.read().unwrap().players.len(), 1);

        let holder = hold(&path, Duration::from_millis(500));
        let mut file = EventFile::open(&path).unwrap();
        file.set_wait(Duration::from_millis(50));
        let e = file.add_players(&["Bob".into()], None, None).unwrap_err();
        assert!(matches!(e, EventError::Busy { .. }), "{e}");
        holder.join().unwrap();
        assert_eq!(file.read().unwrap().players.len(), 1);
    }

    #[test]
    fn a_migration_that_fails_leaves_the_file_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.pacru");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(schema::MIGRATIONS[0]).unwrap();
        conn.pragma_update(None, "application_id", schema::APPLICATION_ID)
            .unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        drop(conn);
        let mut file = EventFile {
            conn: Connection::open(&path).unwrap(),
            path: path.clone(),
            wait: DEFAULT_WAIT,
            notice: None,
        };
        // The second migration's first statement works, its second fails.
        let failing = [
            schema::MIGRATIONS[0],
            "CREATE TABLE extra (x); INSERT INTO no_such_table VALUES (1);",
        ];
        let e = file.migrate(&failing).unwrap_err();
        assert!(e.to_string().contains("no_such_table"), "{e}");
        drop(file);
        let conn = Connection::open(&path).unwrap();
        let version: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, 1);
        let extra: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_schema WHERE name = 'extra'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(extra, 0, "the first statement was rolled back too");
    }

    #[test]
    fn files_of_a_newer_schema_or_another_program_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.pacru");
        EventFile::create(&path, &NewEvent::swiss("E", 2, 1)).unwrap();
        let conn = Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", schema::current() + 1)
            .unwrap();
        drop(conn);
        let e = EventFile::open(&path).unwrap_err();
        assert!(
            matches!(e, EventError::Newer { found, .. } if found == schema::current() + 1),
            "{e}"
        );
        let other = dir.path().join("other.db");
        Connection::open(&other)
            .unwrap()
            .execute_batch("CREATE TABLE t (x); PRAGMA application_id = 7;")
            .unwrap();
        let e = EventFile::open(&other).unwrap_err().to_string();
        assert!(e.ends_with("an SQLite database of another program"), "{e}");
    }
}
