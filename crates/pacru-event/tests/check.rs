//! `check_file`: SQLite's checks, the agreement of the event's parts and
//! every stored record refereed again, on a healthy event, a tampered
//! verdict, a tampered result, forged points, rounds and seats, and a
//! corrupted page; the file is never changed.

use pacru_event::{Award, EventError, EventFile, NewEvent, Problem, check_file};
use rusqlite::Connection;
use std::path::{Path, PathBuf};

/// The event of `fixtures/v1.sql` (two records: table 1 of round 1 played
/// from an `ok` record, table 2 held by an illegal one and then decided),
/// brought up to the current schema, in write-ahead-log mode as pacru writes
/// event files, in a fresh directory.
fn event() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.pacru");
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch(include_str!("fixtures/v1.sql")).unwrap();
    let mode: String = conn
        .pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    drop(conn);
    EventFile::open(&path).unwrap();
    (dir, path)
}

/// Checks that `path` holds `bytes` and that nothing was written beside it: a
/// read-only connection to a file in write-ahead-log mode may leave SQLite's
/// empty `-wal` and its `-shm` index, which the next command that opens the
/// file for writing removes.
fn unchanged(path: &Path, bytes: &[u8]) {
    assert!(std::fs::read(path).unwrap() == bytes, "the file changed");
    let dir = path.parent().unwrap();
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        match name.strip_prefix("e.pacru") {
            Some("") | Some("-shm") => {}
            Some("-wal") => assert_eq!(entry.metadata().unwrap().len(), 0, "{name}"),
            _ => panic!("{name} appeared"),
        }
    }
    EventFile::open(path).unwrap().read().unwrap();
    let left: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["e.pacru"]);
}

#[test]
fn a_healthy_event_passes_and_is_not_changed() {
    let (_dir, path) = event();
    let before = std::fs::read(&path).unwrap();
    let report = check_file(&path).unwrap();
    assert!(report.is_ok(), "{report:?}");
    assert_eq!(report.records, 2);
    assert_eq!(report.schema_version, Some(3));
    unchanged(&path, &before);
}

#[test]
fn a_file_of_schema_1_is_checked_without_being_migrated() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.pacru");
    Connection::open(&path)
        .unwrap()
        .execute_batch(include_str!("fixtures/v1.sql"))
        .unwrap();
    let before = std::fs::read(&path).unwrap();
    let report = check_file(&path).unwrap();
    assert!(report.is_ok(), "{report:?}");
    assert_eq!((report.schema_version, report.records), (Some(1), 2));
    unchanged(&path, &before);
}

#[test]
fn a_tampered_verdict_is_reported_with_both_verdicts() {
    let (_dir, path) = event();
    let conn = Connection::open(&path).unwrap();
    // Submission 2 was illegal; someone makes it look ok.
    conn.execute(
        "UPDATE submission SET status = 'ok', verdict = json_set(verdict, '$.status', 'ok', '$.error', NULL) WHERE id = 2",
        [],
    )
    .unwrap();
    drop(conn);
    let before = std::fs::read(&path).unwrap();
    let report = check_file(&path).unwrap();
    unchanged(&path, &before);
    assert_eq!(report.problems.len(), 1, "{report:?}");
    let Problem::Verdict(p) = &report.problems[0] else {
        panic!("{report:?}");
    };
    assert_eq!((p.submission, p.round, p.table), (2, 1, 2));
    assert_eq!(p.source, "t2bad.pgr");
    assert_eq!(
        (p.stored_status.as_str(), p.now_status.as_str()),
        ("ok", "illegal")
    );
    assert_eq!(p.differences, ["error", "status"]);
    assert!(p.stored.starts_with("ok, "), "{}", p.stored);
    assert!(
        p.now.starts_with("illegal, ") && p.now.contains(": R"),
        "{}",
        p.now
    );
    // Stored by a pacru of schema 1, which did not note its version.
    assert_eq!(p.referee, None);
}

#[test]
fn a_played_result_its_record_does_not_give_is_reported() {
    let (_dir, path) = event();
    let conn = Connection::open(&path).unwrap();
    // The points go with the forged winner: only the record disagrees.
    conn.execute_batch(
        "UPDATE board SET winner_seat = 0 WHERE round = 1 AND number = 1;
         UPDATE seat SET points = iif(seat = 0, 12, 0) WHERE round = 1 AND board = 1",
    )
    .unwrap();
    drop(conn);
    let report = check_file(&path).unwrap();
    assert_eq!(report.problems.len(), 1, "{report:?}");
    let Problem::Result(p) = &report.problems[0] else {
        panic!("{report:?}");
    };
    assert_eq!((p.round, p.table, p.submission), (1, 1, Some(1)));
    assert_eq!(p.stored, "Ada wins");
    assert_eq!(p.now, "Cy wins");
}

#[test]
fn a_corrupted_page_is_reported() {
    let (_dir, path) = event();
    let conn = Connection::open(&path).unwrap();
    let page_size: i64 = conn
        .pragma_query_value(None, "page_size", |r| r.get(0))
        .unwrap();
    let pages: i64 = conn
        .pragma_query_value(None, "page_count", |r| r.get(0))
        .unwrap();
    // The root page of the seats: a page in use, in the middle of the file.
    let root: i64 = conn
        .query_row(
            "SELECT rootpage FROM sqlite_schema WHERE name = 'seat'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    drop(conn);
    assert!(root > 1 && root < pages, "page {root} of {pages}");
    let mut bytes = std::fs::read(&path).unwrap();
    let from = ((root - 1) * page_size) as usize;
    for (i, b) in bytes[from..from + 64].iter_mut().enumerate() {
        *b = 0xA5 ^ i as u8;
    }
    std::fs::write(&path, &bytes).unwrap();
    let report = check_file(&path).unwrap();
    assert!(!report.is_ok());
    assert!(
        matches!(report.problems[0], Problem::Integrity { .. }),
        "{report:?}"
    );
    assert!(std::fs::read(&path).unwrap() == bytes, "the file changed");
}

#[test]
fn what_is_no_event_file_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.pacru");
    assert!(matches!(
        check_file(&missing),
        Err(EventError::NotFound { .. })
    ));
    let text = dir.path().join("notes.txt");
    std::fs::write(
        &text,
        "not a database, just words, and more of them than a header",
    )
    .unwrap();
    let e = check_file(&text).unwrap_err().to_string();
    assert!(e.ends_with("it is not an SQLite database"), "{e}");
}

/// A Swiss event of 2 a table and 3 rounds: Ada, Bob, Cy and Dee; round 1
/// (table 1 won by Ada, table 2 by Cy) and round 2 paired; Eve entered after
/// the pairing. Then `forge` is run on the file.
fn forged(forge: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.pacru");
    let mut file = EventFile::create(&path, &NewEvent::swiss("E", 2, 3)).unwrap();
    let names: Vec<String> = ["Ada", "Bob", "Cy", "Dee"].map(String::from).into();
    file.add_players(&names, None, None).unwrap();
    file.pair().unwrap();
    file.result(1, 1, &Award::Winner("Ada".into())).unwrap();
    file.result(1, 2, &Award::Winner("Cy".into())).unwrap();
    file.pair().unwrap();
    file.add_players(&["Eve".to_owned()], None, None).unwrap();
    drop(file);
    assert!(check_file(&path).unwrap().is_ok());
    Connection::open(&path)
        .unwrap()
        .execute_batch(forge)
        .unwrap();
    (dir, path)
}

/// The one problem `check_file` finds in `path`, which must be inconsistent:
/// its round, table and message.
fn inconsistency(path: &Path) -> (Option<u32>, Option<u32>, String) {
    let report = check_file(path).unwrap();
    assert_eq!(report.problems.len(), 1, "{report:?}");
    let Problem::Inconsistent(p) = &report.problems[0] else {
        panic!("{report:?}");
    };
    (p.round, p.table, p.message.clone())
}

#[test]
fn a_game_that_hands_out_more_than_one_point_is_reported() {
    let (_dir, path) =
        forged("UPDATE seat SET points = 100 WHERE round = 1 AND board = 1 AND seat = 1");
    let (round, table, message) = inconsistency(&path);
    assert_eq!((round, table), (Some(1), Some(1)));
    assert_eq!(
        message,
        "its seats hold 1, 8.33 points, but a win of seat 1 scores 1, 0: every game hands out one point"
    );
}

#[test]
fn more_rounds_paired_than_the_event_has_are_reported() {
    let (_dir, path) = forged("UPDATE event SET rounds = 1");
    assert_eq!(
        inconsistency(&path),
        (
            None,
            None,
            "2 rounds are paired, more than the event's 1".to_owned()
        )
    );
}

#[test]
fn a_third_seat_at_a_table_of_two_is_reported() {
    let (_dir, path) = forged("INSERT INTO seat VALUES (2, 2, 2, 5, NULL)");
    assert_eq!(
        inconsistency(&path),
        (
            Some(2),
            Some(2),
            "3 players at the table, but the event plays tables of 2".to_owned()
        )
    );
}
