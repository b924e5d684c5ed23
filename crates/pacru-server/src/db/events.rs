//! Events in the database: each event's row with its desk (the bytes of a
//! `pacru event` file), the games its tables are played in, and who checked
//! in. Every function runs inside the caller's transaction, so that an
//! event's desk and the games of a round change together.

use super::games;
use crate::error::{ApiError, ApiResult};
use crate::game::{GameState, TimeControl, UserRef};
use rusqlite::{Connection, OptionalExtension, params};

pub(crate) use super::games::load as load_game;

/// Where an event's games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Venue {
    /// On this server: pairing a round opens a game a table.
    Server,
    /// On boards in a room: the players (or the arbiter) enter each record.
    Board,
}

impl Venue {
    /// The word of the API and the database.
    pub const fn as_str(self) -> &'static str {
        match self {
            Venue::Server => "server",
            Venue::Board => "board",
        }
    }

    /// The venue named `word`.
    pub fn from_word(word: &str) -> Option<Venue> {
        [Venue::Server, Venue::Board]
            .into_iter()
            .find(|v| v.as_str() == word)
    }
}

/// An event's row.
#[derive(Clone, Debug)]
pub struct EventRow {
    /// The event's id (8 letters and digits).
    pub id: String,
    /// Its name (also inside the desk; kept here for listings).
    pub name: String,
    /// When it was created (milliseconds since the Unix epoch).
    pub created: i64,
    /// Who created it and runs it.
    pub arbiter: UserRef,
    /// Where its games are played.
    pub venue: Venue,
    /// The clock of its games on the server.
    pub time_control: TimeControl,
    /// Whether its games on the server count for ratings.
    pub rated: bool,
}

/// A table's game on the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableGame {
    /// The round.
    pub round: u32,
    /// The table.
    pub table: u32,
    /// The game's id.
    pub game: String,
    /// Whether the game's end has reached the event's desk
    /// ([`mark_entered`]): nothing more will come of it.
    pub entered: bool,
}

fn user(conn: &Connection, id: i64) -> ApiResult<UserRef> {
    Ok(conn.query_row(
        "SELECT id, username, bot FROM user WHERE id = ?1",
        [id],
        |r| {
            Ok(UserRef {
                id: r.get(0)?,
                name: r.get(1)?,
                bot: r.get(2)?,
            })
        },
    )?)
}

/// The account named `name` (ignoring case).
pub fn user_named(conn: &Connection, name: &str) -> ApiResult<Option<UserRef>> {
    Ok(conn
        .query_row(
            "SELECT id, username, bot FROM user WHERE username_key = ?1",
            [name.to_ascii_lowercase()],
            |r| {
                Ok(UserRef {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    bot: r.get(2)?,
                })
            },
        )
        .optional()?)
}

/// Stores the new event `row` with its first desk; false when its id is taken.
pub fn insert(tx: &Connection, row: &EventRow, desk: &[u8]) -> ApiResult<bool> {
    let (initial, increment, days) = row.time_control.columns();
    let inserted = tx.execute(
        "INSERT INTO event (id, name, created, arbiter, venue, clock_initial, clock_increment,
         clock_days, rated, desk) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
         ON CONFLICT (id) DO NOTHING",
        params![
            row.id,
            row.name,
            row.created,
            row.arbiter.id,
            row.venue.as_str(),
            initial,
            increment,
            days,
            row.rated,
            desk
        ],
    )?;
    Ok(inserted == 1)
}

/// Event `id`'s row and desk.
pub fn load(conn: &Connection, id: &str) -> ApiResult<Option<(EventRow, Vec<u8>)>> {
    #[allow(clippy::type_complexity)]
    let row: Option<(
        String,
        i64,
        i64,
        String,
        Option<u32>,
        Option<u32>,
        Option<u32>,
        bool,
        Vec<u8>,
    )> = conn
        .query_row(
            "SELECT name, created, arbiter, venue, clock_initial, clock_increment, clock_days,
             rated, desk FROM event WHERE id = ?1",
            [id],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                    r.get(8)?,
                ))
            },
        )
        .optional()?;
    let Some((name, created, arbiter, venue, initial, increment, days, rated, desk)) = row else {
        return Ok(None);
    };
    let venue =
        Venue::from_word(&venue).ok_or_else(|| ApiError::Internal("stored event: venue".into()))?;
    Ok(Some((
        EventRow {
            id: id.to_owned(),
            name,
            created,
            arbiter: user(conn, arbiter)?,
            venue,
            time_control: TimeControl::from_columns(initial, increment, days),
            rated,
        },
        desk,
    )))
}

/// Replaces event `id`'s desk.
pub fn save_desk(tx: &Connection, id: &str, desk: &[u8]) -> ApiResult<()> {
    tx.execute(
        "UPDATE event SET desk = ?2 WHERE id = ?1",
        params![id, desk],
    )?;
    Ok(())
}

/// The games of event `id`'s tables, by round and table.
pub fn table_games(conn: &Connection, id: &str) -> ApiResult<Vec<TableGame>> {
    let mut stmt = conn.prepare(
        "SELECT round, board, game, entered FROM event_game WHERE event = ?1
         ORDER BY round, board",
    )?;
    let rows = stmt
        .query_map([id], |r| {
            Ok(TableGame {
                round: r.get(0)?,
                table: r.get(1)?,
                game: r.get(2)?,
                entered: r.get(3)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Records that game `game`'s end has reached its event's desk.
pub fn mark_entered(tx: &Connection, game: &str) -> ApiResult<()> {
    tx.execute("UPDATE event_game SET entered = 1 WHERE game = ?1", [game])?;
    Ok(())
}

/// Stores the new game `game` of table `table` of round `round` of event
/// `event`; false when the game's id is taken (the caller draws another).
pub fn insert_table_game(
    tx: &Connection,
    event: &str,
    round: u32,
    table: u32,
    game: &GameState,
) -> ApiResult<bool> {
    if !games::insert(tx, game)? {
        return Ok(false);
    }
    tx.execute(
        "INSERT INTO event_game (event, round, board, game) VALUES (?1, ?2, ?3, ?4)",
        params![event, round, table, game.id],
    )?;
    Ok(true)
}

/// Forgets the games of round `round` of event `event` (its pairing was
/// undone; the games stay, aborted).
pub fn unlink_round(tx: &Connection, event: &str, round: u32) -> ApiResult<()> {
    tx.execute(
        "DELETE FROM event_game WHERE event = ?1 AND round = ?2",
        params![event, round],
    )?;
    Ok(())
}

/// The event, round and table game `game` is played for, if any.
pub fn table_of_game(conn: &Connection, game: &str) -> ApiResult<Option<(String, TableGame)>> {
    Ok(conn
        .query_row(
            "SELECT event, round, board, entered FROM event_game WHERE game = ?1",
            [game],
            |r| {
                Ok((
                    r.get(0)?,
                    TableGame {
                        round: r.get(1)?,
                        table: r.get(2)?,
                        game: game.to_owned(),
                        entered: r.get(3)?,
                    },
                ))
            },
        )
        .optional()?)
}

/// The user names of the accounts that checked in to event `event`.
pub fn checked_in(conn: &Connection, event: &str) -> ApiResult<Vec<String>> {
    let mut stmt = conn.prepare(
        "SELECT u.username FROM event_checkin c JOIN user u ON u.id = c.user WHERE c.event = ?1",
    )?;
    let rows = stmt
        .query_map([event], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(rows)
}

/// Account `user` checks in to event `event` (again: no change).
pub fn check_in(tx: &Connection, event: &str, user: i64) -> ApiResult<()> {
    tx.execute(
        "INSERT INTO event_checkin (event, user) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
        params![event, user],
    )?;
    Ok(())
}

/// The ids of the events with a game that ended and has not reached their
/// desk ([`TableGame::entered`] unset; start-up: results that did not reach
/// their event before a stop).
pub fn events_with_games(conn: &Connection) -> ApiResult<Vec<String>> {
    let mut stmt = conn.prepare(
        "SELECT DISTINCT e.event FROM event_game e JOIN game g ON g.id = e.game
         WHERE e.entered = 0 AND g.status IN ('finished', 'aborted')",
    )?;
    let rows = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(rows)
}

/// The newest events, at most `limit`: id, name, arbiter's name, created.
pub fn list(conn: &Connection, limit: usize) -> ApiResult<Vec<(String, String, String, i64)>> {
    let mut stmt = conn.prepare(
        "SELECT e.id, e.name, u.username, e.created FROM event e JOIN user u ON u.id = e.arbiter
         ORDER BY e.created DESC, e.id LIMIT ?1",
    )?;
    let rows = stmt
        .query_map([i64::try_from(limit).unwrap_or(i64::MAX)], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Account `user`'s rating in pool `pool`, for seeding; `None` while
/// provisional.
pub fn seeding_rating(conn: &Connection, user: i64, pool: usize) -> ApiResult<Option<u32>> {
    let rating = super::ratings::stored(conn, user, pool)?;
    Ok((!rating.provisional()).then(|| rating.rating.round().clamp(0.0, 4000.0) as u32))
}
