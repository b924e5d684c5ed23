//! An event file of schema version 1 (`tests/fixtures/v1.sql`, written by
//! pacru with that schema) opened by today's library: brought up to date in
//! one transaction with every row kept; a file newer than the library is
//! refused.

use pacru_event::{Award, EventError, EventFile, LogAction, TableStatus, VerdictStatus};
use rusqlite::Connection;
use std::path::Path;

const V1: &str = include_str!("fixtures/v1.sql");

/// Writes the version-1 event as `path`.
fn write_v1(path: &Path) {
    let conn = Connection::open(path).unwrap();
    conn.execute_batch(V1).unwrap();
    assert_eq!(version(&conn), 1);
}

fn version(conn: &Connection) -> i64 {
    conn.pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap()
}

/// Every row of every table, as text, restricted to the columns of `columns`
/// (table name, column names).
fn rows(conn: &Connection, columns: &[(String, Vec<String>)]) -> Vec<String> {
    let mut out = Vec::new();
    for (table, cols) in columns {
        let sql = format!("SELECT {} FROM {table} ORDER BY rowid", cols.join(", "));
        let mut stmt = conn.prepare(&sql).unwrap();
        let n = cols.len();
        let found = stmt
            .query_map([], |r| {
                let values: Vec<String> = (0..n)
                    .map(|i| format!("{:?}", r.get_ref(i).unwrap()))
                    .collect();
                Ok(format!("{table}: {}", values.join(" | ")))
            })
            .unwrap();
        out.extend(found.map(Result::unwrap));
    }
    out
}

/// The tables of the file and their columns.
fn columns(conn: &Connection) -> Vec<(String, Vec<String>)> {
    let mut stmt = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        .unwrap();
    let tables: Vec<String> = stmt
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    tables
        .into_iter()
        .map(|t| {
            let mut stmt = conn
                .prepare(&format!("SELECT name FROM pragma_table_info('{t}')"))
                .unwrap();
            let cols = stmt
                .query_map([], |r| r.get(0))
                .unwrap()
                .map(Result::unwrap)
                .collect();
            (t, cols)
        })
        .collect()
}

#[test]
fn a_version_1_file_is_migrated_with_its_data_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v1.pacru");
    write_v1(&path);
    let conn = Connection::open(&path).unwrap();
    let v1_columns = columns(&conn);
    let before = rows(&conn, &v1_columns);
    assert!(before.len() > 30, "{before:?}");
    assert!(
        !v1_columns
            .iter()
            .any(|(t, c)| t == "submission" && c.iter().any(|c| c == "referee"))
    );
    drop(conn);

    let mut file = EventFile::open(&path).unwrap();
    let event = file.read().unwrap();
    drop(file);
    let conn = Connection::open(&path).unwrap();
    assert_eq!(version(&conn), 3);
    assert_eq!(rows(&conn, &v1_columns), before, "every row kept");
    let referees: Vec<Option<String>> = conn
        .prepare("SELECT referee FROM submission ORDER BY id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(
        referees,
        [None, None],
        "verdicts of version 1 name no referee"
    );
    let indexes: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'index'
             AND name IN ('submission_of_board', 'log_of_board')",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(indexes, 2);
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(integrity, "ok");
    drop(conn);

    // The event as the library reads it.
    assert_eq!(event.settings.name, "Club <v1>");
    let players: Vec<(&str, Option<u32>, Option<&str>)> = event
        .players
        .iter()
        .map(|p| (p.name.as_str(), p.rating, p.club.as_deref()))
        .collect();
    assert_eq!(
        players,
        [
            ("Ada", Some(1900), None),
            ("Bob", Some(1900), None),
            ("Cy", None, Some("Chess & Go")),
            ("Dee", None, Some("Chess & Go")),
            ("Eve", None, None),
            ("Fay", None, None),
        ]
    );
    assert_eq!(event.rounds.len(), 2);
    let table = &event.rounds[0].tables[1];
    assert_eq!(table.status, TableStatus::Decided);
    assert_eq!(event.submissions.len(), 2);
    assert_eq!(event.submissions[1].status, VerdictStatus::Illegal);
    assert!(
        event
            .log
            .iter()
            .any(|l| l.reason.as_deref() == Some("Fay's flag fell; the record is illegal"))
    );
    let lines = pacru_event::standings(&event);
    assert_eq!(event.name(lines[0].player), "Cy");

    // The migrated file takes new changes.
    let mut file = EventFile::open(&path).unwrap();
    file.decide(1, 1, &Award::Draw, "a recount").unwrap();
    let stored = file.read().unwrap();
    assert_eq!(stored.log.len(), event.log.len() + 1);
    assert_eq!(stored.rounds[0].tables[0].status, TableStatus::Decided);
}

#[test]
fn a_file_newer_than_the_library_is_refused_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v9.pacru");
    write_v1(&path);
    let conn = Connection::open(&path).unwrap();
    conn.pragma_update(None, "user_version", 9).unwrap();
    let columns = columns(&conn);
    let before = rows(&conn, &columns);
    drop(conn);
    let e = EventFile::open(&path).unwrap_err();
    assert!(
        matches!(
            e,
            EventError::Newer {
                found: 9,
                known: 3,
                ..
            }
        ),
        "{e}"
    );
    assert!(
        e.to_string().ends_with(
            "is an event file of version 9, newer than this pacru knows (up to 3); \
             open it with a newer pacru"
        ),
        "{e}"
    );
    let conn = Connection::open(&path).unwrap();
    assert_eq!(version(&conn), 9);
    assert_eq!(rows(&conn, &columns), before);
}

#[test]
fn stored_values_no_pacru_writes_are_refused_on_reading() {
    let tampering = [
        ("UPDATE log SET action = 'dance' WHERE id = 1", "dance"),
        (
            "UPDATE log SET at = '2026-02-30T10:00:00Z' WHERE id = 1",
            "2026-02-30T10:00:00Z",
        ),
        (
            "UPDATE submission SET submitted = 'yesterday' WHERE id = 1",
            "yesterday",
        ),
        ("UPDATE submission SET status = 'fine' WHERE id = 1", "fine"),
    ];
    for (sql, value) in tampering {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.pacru");
        write_v1(&path);
        let mut file = EventFile::open(&path).unwrap();
        let read = file.read().unwrap();
        assert_eq!(read.log[0].action, LogAction::New);
        assert_eq!(read.submissions[0].status, VerdictStatus::Ok);
        drop(file);
        Connection::open(&path).unwrap().execute(sql, []).unwrap();
        let e = EventFile::open(&path).unwrap().read().unwrap_err();
        assert!(matches!(e, EventError::NotAnEvent { .. }), "{sql}: {e}");
        assert!(e.to_string().contains(value), "{sql}: {e}");
    }
}
