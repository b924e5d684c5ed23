//! The server database's schema, its version and the migrations between
//! versions.
//!
//! The version is SQLite's `user_version`: the number of migrations applied.
//! Opening a file of an older version applies the missing migrations in one
//! transaction; a file of a newer version is refused, and so is a file of
//! another program (its `application_id`, or tables without ours).

/// `PRAGMA application_id` of a server database: `PCSV` in ASCII.
pub(crate) const APPLICATION_ID: i32 = 0x5043_5356;

/// The migrations, in order: applying the first `n` gives version `n`.
pub(crate) const MIGRATIONS: &[&str] = &[VERSION_1];

/// The schema version this server writes.
pub(crate) fn current() -> i64 {
    MIGRATIONS.len() as i64
}

/// Version 1: accounts, sessions and tokens (as SHA-256 hashes), games, their
/// seats, invitations and moves. Times are milliseconds since the Unix epoch.
const VERSION_1: &str = "
CREATE TABLE user (
    id            INTEGER PRIMARY KEY,
    username      TEXT    NOT NULL,
    username_key  TEXT    NOT NULL UNIQUE,
    password_hash TEXT    NOT NULL,
    bot           INTEGER NOT NULL CHECK (bot IN (0, 1)),
    created       INTEGER NOT NULL
);
CREATE TABLE session (
    hash     BLOB    PRIMARY KEY,
    user     INTEGER NOT NULL REFERENCES user (id),
    created  INTEGER NOT NULL,
    expires  INTEGER NOT NULL
);
CREATE TABLE token (
    hash     BLOB    PRIMARY KEY,
    user     INTEGER NOT NULL REFERENCES user (id),
    created  INTEGER NOT NULL
);
CREATE TABLE game (
    id            TEXT    PRIMARY KEY,
    created       INTEGER NOT NULL,
    creator       INTEGER NOT NULL REFERENCES user (id),
    players       INTEGER NOT NULL CHECK (players BETWEEN 2 AND 4),
    rules         TEXT    NOT NULL CHECK (rules IN ('2004', '2011')),
    clock_initial INTEGER,
    clock_increment INTEGER,
    clock_days    INTEGER,
    rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
    status        TEXT    NOT NULL CHECK (status IN ('open', 'playing', 'finished', 'aborted')),
    clocks        TEXT,
    turn_started  INTEGER NOT NULL,
    started       INTEGER,
    ended         INTEGER,
    result        TEXT,
    termination   TEXT
);
CREATE INDEX game_status ON game (status, created);
CREATE TABLE seat (
    game    TEXT    NOT NULL REFERENCES game (id),
    colour  TEXT    NOT NULL,
    user    INTEGER REFERENCES user (id),
    PRIMARY KEY (game, colour)
);
CREATE INDEX seat_user ON seat (user, game);
CREATE TABLE invite (
    game    TEXT    NOT NULL REFERENCES game (id),
    user    INTEGER NOT NULL REFERENCES user (id),
    PRIMARY KEY (game, user)
);
CREATE INDEX invite_user ON invite (user);
CREATE TABLE move (
    game     TEXT    NOT NULL REFERENCES game (id),
    ply      INTEGER NOT NULL,
    text     TEXT    NOT NULL,
    at       INTEGER NOT NULL,
    on_time  INTEGER NOT NULL CHECK (on_time IN (0, 1)),
    PRIMARY KEY (game, ply)
);
";
