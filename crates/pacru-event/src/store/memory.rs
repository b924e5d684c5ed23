//! Events held in memory: an event file's bytes opened without a file, and
//! written back out as the bytes of a file that `pacru event` opens. A server
//! keeps each of its events this way, inside its own database.

use super::{DEFAULT_WAIT, EventFile, database, insert_event, schema};
use crate::error::EventError;
use crate::model::NewEvent;
use rusqlite::{Connection, MAIN_DB};
use std::path::PathBuf;

/// The first 16 bytes of every SQLite database file.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// Where the file header keeps its read and write format versions: 1 for a
/// rollback journal, 2 for a write-ahead log.
const FORMAT_VERSIONS: std::ops::Range<usize> = 18..20;

/// The size of a database file's header.
const HEADER_BYTES: usize = 100;

impl EventFile {
    /// Creates the event `new` in memory; `name` stands for the file in
    /// messages.
    ///
    /// ```
    /// use pacru_event::{EventFile, NewEvent};
    /// let mut event = EventFile::create_in_memory("club", &NewEvent::swiss("Club", 2, 3))?;
    /// event.add_players(&["Ada".into(), "Bob".into()], None, None)?;
    /// let bytes = event.to_bytes()?;
    /// let mut again = EventFile::from_bytes("club", &bytes)?;
    /// assert_eq!(again.read()?.players.len(), 2);
    /// # Ok::<(), pacru_event::EventError>(())
    /// ```
    pub fn create_in_memory(name: &str, new: &NewEvent) -> Result<EventFile, EventError> {
        let settings = new.settings()?;
        let path = PathBuf::from(name);
        let conn = Connection::open_in_memory().map_err(|e| database(&path, e))?;
        let mut file = in_memory(conn, path.clone());
        file.configure()?;
        file.create_schema(|tx| insert_event(&path, tx, &settings))?;
        Ok(file)
    }

    /// Opens the event file whose bytes are `bytes` (as [`EventFile::to_bytes`]
    /// gives them, or as read from a file `pacru event` wrote) in memory,
    /// bringing an older schema up to date. Refuses what is not an event file,
    /// an event file of a newer pacru, and a damaged one.
    pub fn from_bytes(name: &str, bytes: &[u8]) -> Result<EventFile, EventError> {
        let path = PathBuf::from(name);
        if bytes.len() < HEADER_BYTES || !bytes.starts_with(SQLITE_MAGIC) {
            return Err(EventError::NotAnEvent {
                path,
                reason: "it is not an SQLite database".to_owned(),
            });
        }
        let mut image = bytes.to_vec();
        // SQLite cannot use a write-ahead log in memory: the image says
        // "rollback journal" while it is held here.
        for version in &mut image[FORMAT_VERSIONS] {
            if *version == 2 {
                *version = 1;
            }
        }
        let mut conn = Connection::open_in_memory().map_err(|e| database(&path, e))?;
        // Bytes from elsewhere: no function call hidden in their schema runs.
        conn.pragma_update(None, "trusted_schema", false)
            .map_err(|e| database(&path, e))?;
        conn.deserialize_read_exact(MAIN_DB, image.as_slice(), image.len(), false)
            .map_err(|e| database(&path, e))?;
        let mut file = in_memory(conn, path);
        file.check_and_migrate()?;
        file.configure()?;
        file.integrity_check()?;
        file.check_schema()?;
        Ok(file)
    }

    /// Refuses a file whose tables, indexes, triggers or views are not exactly
    /// those of an event file (a trigger or a view added elsewhere would run
    /// with every change made here).
    fn check_schema(&self) -> Result<(), EventError> {
        let fresh = Connection::open_in_memory().map_err(|e| database(&self.path, e))?;
        for migration in schema::MIGRATIONS {
            fresh
                .execute_batch(migration)
                .map_err(|e| database(&self.path, e))?;
        }
        if schema_of(&self.conn).map_err(|e| database(&self.path, e))?
            != schema_of(&fresh).map_err(|e| database(&self.path, e))?
        {
            return Err(EventError::NotAnEvent {
                path: self.path.clone(),
                reason: "its tables are not those of an event file".to_owned(),
            });
        }
        Ok(())
    }

    /// The bytes of the event as a file: written to disk, `pacru event` opens
    /// it (in write-ahead-log mode, as the files it creates).
    pub fn to_bytes(&mut self) -> Result<Vec<u8>, EventError> {
        let path = self.path().to_owned();
        let data = self
            .conn
            .serialize(MAIN_DB)
            .map_err(|e| database(&path, e))?;
        let mut bytes = data.to_vec();
        if bytes.len() >= HEADER_BYTES {
            bytes[FORMAT_VERSIONS].fill(2);
        }
        Ok(bytes)
    }
}

/// Every table, index, trigger and view of `conn` with its SQL, by name.
fn schema_of(conn: &Connection) -> rusqlite::Result<Vec<(String, String, Option<String>)>> {
    let mut stmt = conn.prepare("SELECT type, name, sql FROM sqlite_schema ORDER BY type, name")?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    rows.collect()
}

/// An event file over `conn`, named `path` in messages.
fn in_memory(conn: Connection, path: PathBuf) -> EventFile {
    EventFile {
        conn,
        path,
        wait: DEFAULT_WAIT,
        notice: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Award;

    #[test]
    fn an_event_goes_from_memory_to_a_file_and_back() {
        let mut event =
            EventFile::create_in_memory("club", &NewEvent::swiss("Club night", 2, 2)).unwrap();
        event
            .add_players(&["Ada".into(), "Bob".into(), "Cy".into()], None, None)
            .unwrap();
        event.pair().unwrap();
        event.result(1, 1, &Award::Draw).unwrap();
        let bytes = event.to_bytes().unwrap();

        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("club.pacru");
        std::fs::write(&path, &bytes).unwrap();
        let mut on_disk = EventFile::open(&path).unwrap();
        let mode: String = on_disk
            .conn
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        on_disk.pair().unwrap();
        assert!(crate::check_file(&path).unwrap().is_ok());
        drop(on_disk);

        let mut back = EventFile::from_bytes("club", &std::fs::read(&path).unwrap()).unwrap();
        let read = back.read().unwrap();
        assert_eq!(read.rounds_paired(), 2);
        assert_eq!(read.rounds[0].tables[0].status, crate::TableStatus::Entered);
    }

    #[test]
    fn bytes_that_are_no_event_are_refused() {
        let e = EventFile::from_bytes("x", b"hello").unwrap_err();
        assert!(
            e.to_string().ends_with("it is not an SQLite database"),
            "{e}"
        );
        let mut other = Connection::open_in_memory().unwrap();
        other.execute_batch("CREATE TABLE t (x);").unwrap();
        let bytes = other.serialize(MAIN_DB).unwrap().to_vec();
        let e = EventFile::from_bytes("x", &bytes).unwrap_err();
        assert!(e.to_string().contains("not one that pacru wrote"), "{e}");
        let mut damaged = EventFile::create_in_memory("e", &NewEvent::swiss("E", 2, 1))
            .unwrap()
            .to_bytes()
            .unwrap();
        let half = damaged.len() / 2;
        damaged.truncate(half);
        assert!(EventFile::from_bytes("e", &damaged).is_err());
    }

    #[test]
    fn an_event_file_with_a_trigger_added_is_refused() {
        let mut event = EventFile::create_in_memory("e", &NewEvent::swiss("E", 2, 1)).unwrap();
        assert!(EventFile::from_bytes("e", &event.to_bytes().unwrap()).is_ok());
        event
            .conn
            .execute_batch(
                "CREATE TRIGGER grow AFTER INSERT ON log BEGIN
                 INSERT INTO log (at, action, detail) VALUES ('x', 'new', zeroblob(1000000));
                 END;",
            )
            .unwrap();
        let e = EventFile::from_bytes("e", &event.to_bytes().unwrap()).unwrap_err();
        assert!(
            e.to_string()
                .ends_with("its tables are not those of an event file"),
            "{e}"
        );
    }
}
