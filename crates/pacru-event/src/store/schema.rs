//! The event file's schema: SQLite tables, their version and the migrations
//! between versions.
//!
//! The version is SQLite's `user_version`: the number of migrations applied.
//! Opening a file of an older version applies the missing migrations in one
//! transaction; a file of a newer version is refused, so that an older pacru
//! never writes what it does not understand. The `application_id` marks the
//! file as a pacru event.

/// `PRAGMA application_id` of an event file: `PACR` in ASCII.
pub(crate) const APPLICATION_ID: i32 = 0x5041_4352;

/// The migrations, in order: applying the first `n` gives version `n`.
pub(crate) const MIGRATIONS: &[&str] = &[VERSION_1, VERSION_2, VERSION_3];

/// The schema version this library writes.
pub(crate) fn current() -> i64 {
    MIGRATIONS.len() as i64
}

/// Version 1: the event, its players, rounds, tables, seats, byes, the records
/// submitted with their verdicts, and the log. Points are whole twelfths of a
/// point (`pacru_pairing::Score`); times are UTC text, `YYYY-MM-DDTHH:MM:SSZ`.
const VERSION_1: &str = "
CREATE TABLE event (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    name        TEXT    NOT NULL,
    table_size  INTEGER NOT NULL CHECK (table_size BETWEEN 2 AND 4),
    system      TEXT    NOT NULL CHECK (system IN ('swiss', 'round-robin')),
    rounds      INTEGER NOT NULL CHECK (rounds >= 1),
    rules       TEXT    NOT NULL CHECK (rules IN ('2004', '2011')),
    uneven      TEXT    NOT NULL CHECK (uneven IN ('byes', 'mixed')),
    bye_points  INTEGER NOT NULL CHECK (bye_points >= 0),
    created     TEXT    NOT NULL
);
CREATE TABLE player (
    id              INTEGER PRIMARY KEY,
    name            TEXT    NOT NULL UNIQUE,
    rating          INTEGER,
    club            TEXT,
    withdrawn_from  INTEGER
);
CREATE TABLE round (
    number  INTEGER PRIMARY KEY,
    paired  TEXT    NOT NULL
);
CREATE TABLE board (
    round       INTEGER NOT NULL REFERENCES round (number),
    number      INTEGER NOT NULL,
    status      TEXT    NOT NULL
                CHECK (status IN ('pending', 'held', 'played', 'entered', 'decided')),
    winner_seat INTEGER,
    submission  INTEGER REFERENCES submission (id),
    PRIMARY KEY (round, number)
);
CREATE TABLE seat (
    round   INTEGER NOT NULL,
    board   INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    player  INTEGER NOT NULL REFERENCES player (id),
    points  INTEGER,
    PRIMARY KEY (round, board, seat),
    UNIQUE (round, player),
    FOREIGN KEY (round, board) REFERENCES board (round, number)
);
CREATE TABLE bye (
    round   INTEGER NOT NULL REFERENCES round (number),
    player  INTEGER NOT NULL REFERENCES player (id),
    points  INTEGER NOT NULL,
    PRIMARY KEY (round, player)
);
CREATE TABLE submission (
    id          INTEGER PRIMARY KEY,
    round       INTEGER NOT NULL,
    board       INTEGER NOT NULL,
    source      TEXT    NOT NULL,
    record      BLOB    NOT NULL,
    status      TEXT    NOT NULL,
    verdict     TEXT    NOT NULL,
    submitted   TEXT    NOT NULL,
    FOREIGN KEY (round, board) REFERENCES board (round, number)
);
CREATE TABLE log (
    id      INTEGER PRIMARY KEY,
    at      TEXT    NOT NULL,
    action  TEXT    NOT NULL,
    round   INTEGER,
    board   INTEGER,
    detail  TEXT    NOT NULL,
    reason  TEXT
);
";

/// Version 2: the version of pacru whose referee gave each stored verdict
/// (`referee`; null for the verdicts stored before version 2), so that
/// `pacru event check` can say which program gave a verdict it no longer
/// agrees with; and indexes on the submissions and log entries of a table.
const VERSION_2: &str = "
ALTER TABLE submission ADD COLUMN referee TEXT;
CREATE INDEX submission_of_board ON submission (round, board);
CREATE INDEX log_of_board ON log (round, board);
";

/// Version 3: the log may record a reinstatement (`reinstate`), which a pacru
/// of version 2 cannot read; the tables are unchanged, the version number
/// alone makes such a pacru refuse the file with a message that says why.
const VERSION_3: &str = "
-- No table changes: the log's action may be `reinstate` from version 3 on.
";
