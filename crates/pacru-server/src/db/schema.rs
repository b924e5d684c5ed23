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
pub(crate) const MIGRATIONS: &[&str] = &[VERSION_1, VERSION_2, VERSION_3, VERSION_4];

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

/// Version 2: ratings, one row per account and pool (player count) once the
/// account has played a rated game there, and a history row per account and
/// rated game. Ratings are on the shown scale (`crate::rating`).
const VERSION_2: &str = "
CREATE TABLE rating (
    user       INTEGER NOT NULL REFERENCES user (id),
    pool       INTEGER NOT NULL CHECK (pool BETWEEN 2 AND 4),
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL,
    PRIMARY KEY (user, pool)
);
CREATE INDEX rating_pool ON rating (pool, rating);
CREATE TABLE rating_history (
    user       INTEGER NOT NULL REFERENCES user (id),
    pool       INTEGER NOT NULL CHECK (pool BETWEEN 2 AND 4),
    game       TEXT    NOT NULL REFERENCES game (id),
    at         INTEGER NOT NULL,
    place      INTEGER NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    PRIMARY KEY (user, game)
);
CREATE INDEX rating_history_user ON rating_history (user, at);
";

/// Version 3: events. Each event's desk (players, rounds, tables, records,
/// decisions, log) is the bytes of a `pacru event` file (`desk`), changed in
/// the same transaction as the games its rounds open; `event_game` ties a
/// table to its game on the server, `event_checkin` holds who checked in
/// before the first round.
const VERSION_3: &str = "
CREATE TABLE event (
    id              TEXT    PRIMARY KEY,
    name            TEXT    NOT NULL,
    created         INTEGER NOT NULL,
    arbiter         INTEGER NOT NULL REFERENCES user (id),
    venue           TEXT    NOT NULL CHECK (venue IN ('server', 'board')),
    clock_initial   INTEGER,
    clock_increment INTEGER,
    clock_days      INTEGER,
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    desk            BLOB    NOT NULL
);
CREATE INDEX event_created ON event (created);
CREATE TABLE event_game (
    event   TEXT    NOT NULL REFERENCES event (id),
    round   INTEGER NOT NULL,
    board   INTEGER NOT NULL,
    game    TEXT    NOT NULL UNIQUE REFERENCES game (id),
    PRIMARY KEY (event, round, board)
);
CREATE TABLE event_checkin (
    event   TEXT    NOT NULL REFERENCES event (id),
    user    INTEGER NOT NULL REFERENCES user (id),
    PRIMARY KEY (event, user)
);
";

/// Version 4: `event_game.entered`, set once the game has ended and its end has
/// reached the event's desk (its record entered, or nothing to enter: an
/// aborted game, a table the arbiter decided), so that a change of the event and
/// the server's start read only the games that may still bring a result, not
/// every game the event ever had. Games of a file of version 3 start unset: the
/// first start enters what is missing and sets them.
const VERSION_4: &str = "
ALTER TABLE event_game ADD COLUMN entered INTEGER NOT NULL DEFAULT 0 CHECK (entered IN (0, 1));
CREATE INDEX event_game_waiting ON event_game (game) WHERE entered = 0;
";
