//! Reading the whole event from the file, inside a transaction.

use crate::error::EventError;
use crate::model::{
    Bye, Event, LogEntry, Player, Round, Settings, Submission, System, Table, TableResult,
};
use pacru_core::RulesEdition;
use pacru_pairing::{Score, Uneven};
use pacru_referee::VerdictStatus;
use rusqlite::{Connection, OptionalExtension};
use std::path::Path;

/// Why a file could not be read as an event.
pub(crate) enum LoadError {
    Database(rusqlite::Error),
    /// A value no pacru writes.
    Invalid(String),
}

impl From<rusqlite::Error> for LoadError {
    fn from(e: rusqlite::Error) -> LoadError {
        LoadError::Database(e)
    }
}

/// The event error for a load error of `path`.
pub(crate) fn error(path: &Path, e: LoadError) -> EventError {
    match e {
        LoadError::Database(e) => super::database(path, e),
        LoadError::Invalid(reason) => EventError::NotAnEvent {
            path: path.to_owned(),
            reason,
        },
    }
}

fn invalid(what: impl Into<String>) -> LoadError {
    LoadError::Invalid(what.into())
}

/// A verdict's status as stored: `ok`, `illegal`, `malformed` or `inconsistent`.
fn verdict_status(text: &str) -> Result<VerdictStatus, LoadError> {
    [
        VerdictStatus::Ok,
        VerdictStatus::Illegal,
        VerdictStatus::Malformed,
        VerdictStatus::Inconsistent,
    ]
    .into_iter()
    .find(|status| status.as_str() == text)
    .ok_or_else(|| invalid(format!("a verdict `{text}`")))
}

fn score(twelfths: i64) -> Result<Score, LoadError> {
    u32::try_from(twelfths)
        .map(Score::from_twelfths)
        .map_err(|_| invalid(format!("a score of {twelfths} twelfths")))
}

fn number(n: i64, what: &str) -> Result<u32, LoadError> {
    u32::try_from(n).map_err(|_| invalid(format!("{what} {n}")))
}

/// Reads the event; the records' bytes only if `records`.
pub(crate) fn event(conn: &Connection, records: bool) -> Result<Event, LoadError> {
    let settings = settings(conn)?;
    let players = players(conn)?;
    let rounds = rounds(conn)?;
    let submissions = submissions(conn, records)?;
    let log = log(conn)?;
    Ok(Event {
        settings,
        players,
        rounds,
        submissions,
        log,
    })
}

fn settings(conn: &Connection) -> Result<Settings, LoadError> {
    let row = conn
        .query_row(
            "SELECT name, table_size, system, rounds, rules, uneven, bye_points FROM event WHERE id = 1",
            [],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, i64>(6)?,
                ))
            },
        )
        .optional()?
        .ok_or_else(|| invalid("it holds no event"))?;
    let (name, table_size, system, rounds, rules, uneven, bye) = row;
    Ok(Settings {
        name,
        table_size: usize::try_from(table_size)
            .ok()
            .filter(|k| (2..=4).contains(k))
            .ok_or_else(|| invalid(format!("{table_size} players a table")))?,
        system: system.parse::<System>().map_err(invalid)?,
        rounds: number(rounds, "rounds")?,
        rules: match rules.as_str() {
            "2004" => RulesEdition::Pacru2004,
            "2011" => RulesEdition::Pacru2011,
            _ => return Err(invalid(format!("rules `{rules}`"))),
        },
        uneven: match uneven.as_str() {
            "byes" => Uneven::Byes,
            "mixed" => Uneven::Mixed,
            _ => return Err(invalid(format!("`{uneven}` for uneven numbers"))),
        },
        bye_points: score(bye)?,
    })
}

fn players(conn: &Connection) -> Result<Vec<Player>, LoadError> {
    let mut stmt =
        conn.prepare("SELECT id, name, rating, club, withdrawn_from FROM player ORDER BY id")?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, Option<i64>>(2)?,
            r.get::<_, Option<String>>(3)?,
            r.get::<_, Option<i64>>(4)?,
        ))
    })?;
    let mut players = Vec::new();
    for row in rows {
        let (id, name, rating, club, withdrawn) = row?;
        players.push(Player {
            id,
            name,
            rating: rating.map(|r| number(r, "rating")).transpose()?,
            club,
            withdrawn_from: withdrawn.map(|r| number(r, "round")).transpose()?,
        });
    }
    Ok(players)
}

fn rounds(conn: &Connection) -> Result<Vec<Round>, LoadError> {
    let count: i64 = conn.query_row("SELECT count(*) FROM round", [], |r| r.get(0))?;
    let mut rounds: Vec<Round> = (1..=count)
        .map(|n| -> Result<Round, LoadError> {
            Ok(Round {
                number: number(n, "round")?,
                tables: Vec::new(),
                byes: Vec::new(),
            })
        })
        .collect::<Result<_, _>>()?;
    let max: Option<i64> = conn.query_row("SELECT max(number) FROM round", [], |r| r.get(0))?;
    if max.unwrap_or(0) != count {
        return Err(invalid("its rounds are not numbered 1, 2, 3..."));
    }
    let round_of = |rounds: &mut Vec<Round>, n: i64| -> Result<usize, LoadError> {
        let i = usize::try_from(n - 1).map_err(|_| invalid(format!("round {n}")))?;
        if i >= rounds.len() {
            return Err(invalid(format!("round {n} without its round")));
        }
        Ok(i)
    };
    let mut stmt = conn.prepare(
        "SELECT round, number, status, winner_seat, submission FROM board ORDER BY round, number",
    )?;
    let boards = stmt.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, Option<i64>>(3)?,
            r.get::<_, Option<i64>>(4)?,
        ))
    })?;
    for b in boards {
        let (round, table, status, winner, submission) = b?;
        let i = round_of(&mut rounds, round)?;
        let table = number(table, "table")?;
        if table as usize != rounds[i].tables.len() + 1 {
            return Err(invalid(format!(
                "round {round}'s tables are not numbered 1, 2, 3..."
            )));
        }
        let round_number = rounds[i].number;
        rounds[i].tables.push(Table {
            round: round_number,
            number: table,
            seats: Vec::new(),
            status: status.parse().map_err(invalid)?,
            result: winner.map(|w| TableResult {
                winner: usize::try_from(w).ok(),
                points: Vec::new(),
            }),
            submission,
        });
    }
    let mut stmt = conn.prepare(
        "SELECT round, board, seat, player, points FROM seat ORDER BY round, board, seat",
    )?;
    let seats = stmt.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, i64>(2)?,
            r.get::<_, i64>(3)?,
            r.get::<_, Option<i64>>(4)?,
        ))
    })?;
    let mut points: Vec<Vec<Vec<Option<Score>>>> = rounds
        .iter()
        .map(|r| vec![Vec::new(); r.tables.len()])
        .collect();
    for s in seats {
        let (round, board, seat, player, pts) = s?;
        let i = round_of(&mut rounds, round)?;
        let t = usize::try_from(board - 1)
            .ok()
            .filter(|&t| t < rounds[i].tables.len())
            .ok_or_else(|| invalid(format!("a seat at table {board} of round {round}")))?;
        if seat as usize != rounds[i].tables[t].seats.len() {
            return Err(invalid(format!(
                "the seats of table {board} of round {round}"
            )));
        }
        rounds[i].tables[t].seats.push(player);
        points[i][t].push(pts.map(score).transpose()?);
    }
    for (round, round_points) in rounds.iter_mut().zip(points) {
        for (table, seat_points) in round.tables.iter_mut().zip(round_points) {
            let complete: Option<Vec<Score>> = seat_points.into_iter().collect();
            match (table.status.has_result(), complete) {
                (true, Some(points)) if !points.is_empty() => {
                    let winner = table.result.as_ref().and_then(|r| r.winner);
                    table.result = Some(TableResult { winner, points });
                }
                (false, _) => table.result = None,
                _ => {
                    return Err(invalid(format!(
                        "table {} of round {} has a result without points",
                        table.number, round.number
                    )));
                }
            }
            if table.seats.len() < 2 {
                return Err(invalid(format!(
                    "table {} of round {} has fewer than 2 players",
                    table.number, round.number
                )));
            }
        }
    }
    let mut stmt = conn.prepare("SELECT round, player, points FROM bye ORDER BY round, player")?;
    let byes = stmt.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, i64>(2)?,
        ))
    })?;
    for b in byes {
        let (round, player, pts) = b?;
        let i = round_of(&mut rounds, round)?;
        let round_number = rounds[i].number;
        rounds[i].byes.push(Bye {
            round: round_number,
            player,
            points: score(pts)?,
        });
    }
    Ok(rounds)
}

fn submissions(conn: &Connection, records: bool) -> Result<Vec<Submission>, LoadError> {
    // A file of schema 1 (read without migrating it, by `check`) has no referee.
    let noted: bool = conn.query_row(
        "SELECT count(*) > 0 FROM pragma_table_info('submission') WHERE name = 'referee'",
        [],
        |r| r.get(0),
    )?;
    let sql = format!(
        "SELECT id, round, board, source, {}, status, verdict, submitted, {} FROM submission ORDER BY id",
        if records { "record" } else { "x''" },
        if noted { "referee" } else { "NULL" }
    );
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, i64>(2)?,
            r.get::<_, String>(3)?,
            r.get::<_, Vec<u8>>(4)?,
            r.get::<_, String>(5)?,
            r.get::<_, String>(6)?,
            r.get::<_, String>(7)?,
            r.get::<_, Option<String>>(8)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (id, round, table, source, record, status, verdict, submitted, referee) = row?;
        out.push(Submission {
            id,
            round: number(round, "round")?,
            table: number(table, "table")?,
            source,
            record,
            status: verdict_status(&status)?,
            verdict,
            submitted: submitted.parse().map_err(invalid)?,
            referee,
        });
    }
    Ok(out)
}

fn log(conn: &Connection) -> Result<Vec<LogEntry>, LoadError> {
    let mut stmt =
        conn.prepare("SELECT id, at, action, round, board, detail, reason FROM log ORDER BY id")?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, Option<i64>>(3)?,
            r.get::<_, Option<i64>>(4)?,
            r.get::<_, String>(5)?,
            r.get::<_, Option<String>>(6)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (id, at, action, round, table, detail, reason) = row?;
        out.push(LogEntry {
            id,
            at: at.parse().map_err(invalid)?,
            action: action.parse().map_err(invalid)?,
            round: round.map(|r| number(r, "round")).transpose()?,
            table: table.map(|t| number(t, "table")).transpose()?,
            detail,
            reason,
        });
    }
    Ok(out)
}
