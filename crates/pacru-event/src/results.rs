//! Results: from a record refereed on entry, entered bare, or decided by the
//! arbiter.

use crate::error::EventError;
use crate::model::{Event, LogAction, Table, TableResult, TableStatus};
use crate::record::Received;
use crate::store::{EventFile, database, log};
use crate::text;
use pacru_notation::pgr::GameResult;
use pacru_pairing::Outcome;
use pacru_referee::{Verdict, VerdictStatus};
use rusqlite::{OptionalExtension, Transaction};
use std::path::Path;

/// A result as the arbiter gives it: a winner by name, or a draw (the point
/// split among the table's players).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Award {
    /// This player won.
    Winner(String),
    /// No winner: the point is shared by everyone at the table.
    Draw,
}

/// What became of a record submitted for a table.
#[derive(Clone, Debug)]
pub struct Submitted {
    /// The submission's number.
    pub id: i64,
    /// The record, read and refereed.
    pub received: Received,
    /// The table afterwards: `played` with its result for an `ok` finished
    /// game, `held` for the arbiter otherwise.
    pub status: TableStatus,
    /// The result, when the record gave one.
    pub result: Option<TableResult>,
}

impl Submitted {
    /// The referee's verdict on the record.
    pub fn verdict(&self) -> &Verdict {
        &self.received.game.verdict
    }
}

impl EventFile {
    /// Submits `bytes`, named `source`, as the record of table `table` of round
    /// `round`. The record must name the table's players in seat order (the
    /// first colour of its `Players` tag is the first seat). It is stored
    /// verbatim with the referee's verdict; an `ok` finished game gives the
    /// table its result, anything else holds the table for the arbiter.
    pub fn submit(
        &mut self,
        round: u32,
        table: u32,
        source: &str,
        bytes: Vec<u8>,
    ) -> Result<Submitted, EventError> {
        let path = self.path().to_owned();
        self.write(|tx, event| {
            let t = table_of(event, round, table)?;
            if t.status.has_result() {
                return Err(EventError::TableHasResult {
                    round,
                    table,
                    status: t.status,
                });
            }
            let received = Received::read(source, bytes, event.settings.rules)?;
            let seats: Vec<&str> = t.seats.iter().map(|&p| event.name(p)).collect();
            if !received.names(&seats) {
                return Err(EventError::WrongPlayers {
                    input: source.to_owned(),
                    round,
                    table,
                    expected: seats.iter().map(|&s| s.to_owned()).collect(),
                    found: received.players(),
                });
            }
            let event_rules = event.settings.rules.year();
            if let Some(rules) = received.game.rules.as_deref()
                && rules != event_rules
            {
                return Err(EventError::WrongRules {
                    input: source.to_owned(),
                    record: rules.to_owned(),
                    event: event_rules.to_owned(),
                });
            }
            let db = |e| database(&path, e);
            let earlier: Option<(i64, String)> = tx
                .query_row(
                    "SELECT id, status FROM submission WHERE round = ?1 AND board = ?2 AND record = ?3",
                    rusqlite::params![round, table, received.bytes],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()
                .map_err(db)?;
            if let Some((id, status)) = earlier {
                return Err(EventError::DuplicateSubmission {
                    input: source.to_owned(),
                    round,
                    table,
                    id,
                    status,
                });
            }
            let verdict = &received.game.verdict;
            let verdict_json = serde_json::to_string(verdict).unwrap_or_default();
            tx.execute(
                &format!(
                    "INSERT INTO submission (round, board, source, record, status, verdict, submitted, referee)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, {}, ?7)",
                    crate::store::NOW
                ),
                rusqlite::params![
                    round,
                    table,
                    source,
                    received.bytes,
                    verdict.status.as_str(),
                    verdict_json,
                    crate::REFEREE_VERSION
                ],
            )
            .map_err(db)?;
            let id = tx.last_insert_rowid();
            let outcome = record_outcome(&received);
            let (status, result) = match &outcome {
                Some(outcome) => {
                    let result = set_result(&path, tx, t, TableStatus::Played, outcome, Some(id))?;
                    (TableStatus::Played, Some(result))
                }
                None => {
                    tx.execute(
                        "UPDATE board SET status = 'held', submission = ?1 WHERE round = ?2 AND number = ?3",
                        rusqlite::params![id, round, table],
                    )
                    .map_err(db)?;
                    (TableStatus::Held, None)
                }
            };
            let detail = match (&outcome, verdict.status) {
                (Some(_), _) => format!(
                    "record {} (submission {id}): ok, {}",
                    received.source,
                    describe(event, t, result.as_ref())
                ),
                (None, VerdictStatus::Ok) => format!(
                    "record {} (submission {id}): ok but not finished (Result \"{}\"): held for the arbiter",
                    received.source, verdict.result
                ),
                (None, status) => format!(
                    "record {} (submission {id}): {status}: held for the arbiter",
                    received.source
                ),
            };
            log(&path, tx, LogAction::Submit, Some(round), Some(table), &detail, None)?;
            Ok(Submitted {
                id,
                received,
                status,
                result,
            })
        })
    }

    /// Enters the result of a table that has no record: the table must be
    /// waiting for its result (not held, not already given one).
    pub fn result(&mut self, round: u32, table: u32, award: &Award) -> Result<Table, EventError> {
        let path = self.path().to_owned();
        self.write(|tx, event| {
            let t = table_of(event, round, table)?;
            match t.status {
                TableStatus::Pending => {}
                TableStatus::Held => {
                    let verdict = t
                        .submission
                        .and_then(|id| event.submission(id))
                        .map_or_else(|| "held".to_owned(), |s| s.status.to_string());
                    return Err(EventError::TableHeld {
                        round,
                        table,
                        verdict,
                    });
                }
                status => {
                    return Err(EventError::TableHasResult {
                        round,
                        table,
                        status,
                    });
                }
            }
            let outcome = outcome(event, t, award)?;
            let result = set_result(&path, tx, t, TableStatus::Entered, &outcome, None)?;
            let detail = format!("result entered: {}", describe(event, t, Some(&result)));
            log(
                &path,
                tx,
                LogAction::Result,
                Some(round),
                Some(table),
                &detail,
                None,
            )?;
            Ok(Table {
                status: TableStatus::Entered,
                result: Some(result),
                ..t.clone()
            })
        })
    }

    /// The arbiter's decision on any table, held or not, with a result or not:
    /// sets its result and keeps `reason` in the log. A record that held the
    /// table stays stored beside the decision.
    pub fn decide(
        &mut self,
        round: u32,
        table: u32,
        award: &Award,
        reason: &str,
    ) -> Result<Table, EventError> {
        text::check("reason", reason, text::REASON)?;
        let path = self.path().to_owned();
        self.write(|tx, event| {
            let t = table_of(event, round, table)?;
            let outcome = outcome(event, t, award)?;
            let before = match &t.result {
                Some(r) => format!(" (was {}: {})", t.status, describe(event, t, Some(r))),
                None => format!(" (was {})", t.status),
            };
            let result = set_result(&path, tx, t, TableStatus::Decided, &outcome, t.submission)?;
            let detail = format!(
                "arbiter's decision: {}{before}",
                describe(event, t, Some(&result))
            );
            log(
                &path,
                tx,
                LogAction::Decide,
                Some(round),
                Some(table),
                &detail,
                Some(reason),
            )?;
            Ok(Table {
                status: TableStatus::Decided,
                result: Some(result),
                ..t.clone()
            })
        })
    }
}

/// Table `table` of round `round`.
pub(crate) fn table_of(event: &Event, round: u32, table: u32) -> Result<&Table, EventError> {
    let r = event.round(round).ok_or(EventError::NoSuchRound {
        round,
        paired: event.rounds_paired(),
    })?;
    r.tables
        .get(usize::try_from(table).unwrap_or(0).wrapping_sub(1))
        .ok_or(EventError::NoSuchTable {
            round,
            table,
            tables: r.tables.len() as u32,
        })
}

/// The outcome `award` gives at table `t`.
fn outcome(event: &Event, t: &Table, award: &Award) -> Result<Outcome, EventError> {
    match award {
        Award::Draw => Ok(Outcome::Draw((0..t.seats.len()).collect())),
        Award::Winner(name) => t
            .seats
            .iter()
            .position(|&p| event.name(p) == name)
            .map(Outcome::Win)
            .ok_or_else(|| EventError::NotAtTable {
                name: name.clone(),
                round: t.round,
                table: t.number,
                seats: t.seats.iter().map(|&p| event.name(p).to_owned()).collect(),
            }),
    }
}

/// The `Termination` tags whose winner a table takes from the record's
/// `Result`: the game ended by a resignation or on time, which the moves do not
/// show (a 2-player game's loser resigning out of turn, a flag).
pub(crate) const RESULT_TERMINATIONS: [&str; 2] = ["resignation", "time"];

/// The outcome of an `ok` record of a finished game: the rules' winner, a
/// draw, or the `Result`'s winner when the `Termination` tag says the game
/// ended by a resignation or on time; `None` for anything else.
pub(crate) fn record_outcome(received: &Received) -> Option<Outcome> {
    let game = &received.game;
    if !game.verdict.is_ok() {
        return None;
    }
    let seats = game.players.len();
    let seat_of = |colour| game.players.iter().position(|p| p.colour == colour);
    let termination = game
        .tags
        .iter()
        .find(|(name, _)| name == "Termination")
        .map(|(_, value)| value.as_str());
    match (
        game.verdict.winner,
        GameResult::from_token(&game.verdict.result)?,
    ) {
        (Some(colour), _) => seat_of(colour).map(Outcome::Win),
        (None, GameResult::Draw) => Some(Outcome::Draw((0..seats).collect())),
        (None, GameResult::Winner(colour))
            if termination.is_some_and(|t| RESULT_TERMINATIONS.contains(&t)) =>
        {
            seat_of(colour).map(Outcome::Win)
        }
        _ => None,
    }
}

/// Gives table `t` its result: status, winner, each seat's points.
fn set_result(
    path: &Path,
    tx: &Transaction<'_>,
    t: &Table,
    status: TableStatus,
    outcome: &Outcome,
    submission: Option<i64>,
) -> Result<TableResult, EventError> {
    let db = |e| database(path, e);
    let winner = match outcome {
        Outcome::Win(seat) => Some(*seat),
        _ => None,
    };
    let points = outcome.points(t.seats.len());
    tx.execute(
        "UPDATE board SET status = ?1, winner_seat = ?2, submission = ?3 WHERE round = ?4 AND number = ?5",
        rusqlite::params![status.as_str(), winner.map(|w| w as i64), submission, t.round, t.number],
    )
    .map_err(db)?;
    for (seat, p) in points.iter().enumerate() {
        tx.execute(
            "UPDATE seat SET points = ?1 WHERE round = ?2 AND board = ?3 AND seat = ?4",
            rusqlite::params![p.twelfths(), t.round, t.number, seat as i64],
        )
        .map_err(db)?;
    }
    Ok(TableResult { winner, points })
}

/// A result in words: `Ada wins` or `draw`.
pub(crate) fn describe(event: &Event, t: &Table, result: Option<&TableResult>) -> String {
    match result {
        None => "no result".to_owned(),
        Some(TableResult {
            winner: Some(seat), ..
        }) => format!(
            "{} wins",
            t.seats.get(*seat).map_or("?", |&p| event.name(p))
        ),
        Some(_) => "draw".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NewEvent;

    fn record(termination: &str) -> Vec<u8> {
        format!(
            "[Black \"Ada\"]\n[Red \"Bob\"]\n[Players \"KR\"]\n[Result \"Red\"]\n[Termination \"{termination}\"]\n\n1. i9-h9 Red\n"
        )
        .into_bytes()
    }

    #[test]
    fn a_resignation_or_a_flag_named_by_the_termination_gives_the_result() {
        for (termination, status) in [
            ("resignation", TableStatus::Played),
            ("time", TableStatus::Played),
            ("abandoned", TableStatus::Held),
            ("adjudication", TableStatus::Held),
        ] {
            let mut event = EventFile::create_in_memory("e", &NewEvent::swiss("E", 2, 1)).unwrap();
            event
                .add_players(&["Ada".into(), "Bob".into()], None, None)
                .unwrap();
            event.pair().unwrap();
            let submitted = event.submit(1, 1, "r.pgr", record(termination)).unwrap();
            assert_eq!(submitted.status, status, "{termination}");
            if status == TableStatus::Played {
                assert_eq!(submitted.result.unwrap().winner, Some(1), "{termination}");
            }
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("e.pacru");
            std::fs::write(&path, event.to_bytes().unwrap()).unwrap();
            assert!(crate::check_file(&path).unwrap().is_ok(), "{termination}");
        }
    }
}
