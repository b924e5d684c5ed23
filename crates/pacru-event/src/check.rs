//! `pacru event check`: SQLite's own checks of an event file, the event read
//! whole and checked for parts that do not agree (see [`crate::consistency`]),
//! then every stored record refereed again and compared with the verdict
//! stored beside it. The file is opened read-only: checking never changes it.

use crate::consistency::{InconsistencyProblem, inconsistencies};
use crate::error::EventError;
use crate::model::{Event, Submission, TableStatus};
use crate::record::Received;
use crate::results::{describe, record_outcome};
use crate::store::{database, identify, load};
use pacru_pairing::Outcome;
use pacru_referee::VerdictStatus;
use rusqlite::{Connection, ErrorCode, OpenFlags};
use serde::Serialize;
use serde_json::Value;
use std::path::Path;

/// What [`check_file`] found.
#[derive(Clone, Debug, Serialize)]
pub struct CheckReport {
    /// The file's schema version (none when its header cannot be read).
    pub schema_version: Option<i64>,
    /// How many stored records were refereed again.
    pub records: usize,
    /// Every problem found, SQLite's first.
    pub problems: Vec<Problem>,
}

impl CheckReport {
    /// Whether nothing is wrong.
    pub fn is_ok(&self) -> bool {
        self.problems.is_empty()
    }
}

/// One thing wrong with an event file.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Problem {
    /// A line of SQLite's `PRAGMA integrity_check`, or the error that stopped it.
    Integrity {
        /// SQLite's words.
        message: String,
    },
    /// A row that refers to a row that does not exist (`PRAGMA foreign_key_check`).
    ForeignKey {
        /// The table of the row.
        table: String,
        /// The row.
        rowid: Option<i64>,
        /// The table it refers to.
        parent: String,
    },
    /// The event cannot be read from the file.
    Unreadable {
        /// Why.
        reason: String,
    },
    /// A stored verdict that is not what the referee says of its record now.
    Verdict(VerdictProblem),
    /// A played table whose result is not the one its record gives.
    Result(ResultProblem),
    /// A part of the event that does not agree with the rest: a table whose
    /// points are not what its result scores, more rounds paired than the
    /// event has, a table of a size the event does not play.
    Inconsistent(InconsistencyProblem),
}

/// A stored verdict the referee no longer gives.
#[derive(Clone, Debug, Serialize)]
pub struct VerdictProblem {
    /// The submission.
    pub submission: i64,
    /// Its round.
    pub round: u32,
    /// Its table.
    pub table: u32,
    /// The name it was submitted under.
    pub source: String,
    /// The version of pacru whose referee gave the stored verdict (none for a
    /// verdict of event schema 1).
    pub referee: Option<String>,
    /// The stored status.
    #[serde(serialize_with = "as_text")]
    pub stored_status: VerdictStatus,
    /// The stored verdict in words.
    pub stored: String,
    /// The stored verdict as stored (a JSON string when it is not JSON).
    pub stored_verdict: Value,
    /// The status the referee gives now (`refused` when the record is no
    /// longer read as one game).
    pub now_status: String,
    /// The referee's verdict now, in words.
    pub now: String,
    /// The referee's verdict now (null when the record is refused).
    pub verdict_now: Value,
    /// The keys of the verdict that differ (`status` when only the stored
    /// status does).
    pub differences: Vec<String>,
}

/// A played table whose stored result its record does not give.
#[derive(Clone, Debug, Serialize)]
pub struct ResultProblem {
    /// The round.
    pub round: u32,
    /// The table.
    pub table: u32,
    /// The submission the result came from.
    pub submission: Option<i64>,
    /// The stored result, in words.
    pub stored: String,
    /// What the record gives now, in words.
    pub now: String,
}

/// Checks the event file at `path` without changing it: SQLite's integrity
/// check and foreign-key check, a whole reading of the event and the
/// agreement of its parts, and every stored record refereed again (under the event's rules) and compared with its stored
/// verdict; a played table's result is compared with what its record gives.
///
/// An error means the file could not be checked at all (missing, not an event
/// file, of a newer schema); what is wrong inside an event file is in the
/// report.
///
/// ```
/// use pacru_event::{EventFile, NewEvent, check_file};
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("e.pacru");
/// EventFile::create(&path, &NewEvent::swiss("E", 2, 1))?;
/// let report = check_file(&path)?;
/// assert!(report.is_ok());
/// assert_eq!(report.records, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_file(path: &Path) -> Result<CheckReport, EventError> {
    if !path.exists() {
        return Err(EventError::NotFound {
            path: path.to_owned(),
        });
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| database(path, e))?;
    conn.busy_timeout(crate::DEFAULT_WAIT)
        .map_err(|e| database(path, e))?;
    let mut report = CheckReport {
        schema_version: None,
        records: 0,
        problems: Vec::new(),
    };
    match identify(&conn, path) {
        Ok(version) => report.schema_version = Some(version),
        Err(EventError::Database { source, .. }) if is_corrupt(&source) => {
            report.problems.push(Problem::Integrity {
                message: source.to_string(),
            });
            return Ok(report);
        }
        Err(e) => return Err(e),
    }
    // One read transaction: every check sees the same state of the file.
    conn.execute_batch("BEGIN").map_err(|e| database(path, e))?;
    // An integrity check that stops on a damaged page: the foreign-key check
    // would stop on it too.
    if integrity(&conn, &mut report.problems) {
        foreign_keys(&conn, &mut report.problems);
    }
    match load::event(&conn, true) {
        Ok(event) => {
            report.problems.extend(
                inconsistencies(&event)
                    .into_iter()
                    .map(Problem::Inconsistent),
            );
            referee_again(&event, &mut report);
        }
        Err(e) => report.problems.push(Problem::Unreadable {
            reason: match load::error(path, e) {
                EventError::NotAnEvent { reason, .. } => reason,
                EventError::Database { source, .. } => source.to_string(),
                other => other.to_string(),
            },
        }),
    }
    let _ = conn.execute_batch("COMMIT");
    Ok(report)
}

fn is_corrupt(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase)
    )
}

/// SQLite's `PRAGMA integrity_check`: each line that is not `ok`. Whether it
/// ran to its end.
fn integrity(conn: &Connection, problems: &mut Vec<Problem>) -> bool {
    let lines = conn.prepare("PRAGMA integrity_check").and_then(|mut stmt| {
        stmt.query_map([], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<String>, _>>()
    });
    match lines {
        Ok(lines) => {
            problems.extend(
                lines
                    .into_iter()
                    .filter(|l| l != "ok")
                    .map(|message| Problem::Integrity { message }),
            );
            true
        }
        Err(e) => {
            problems.push(Problem::Integrity {
                message: format!("the check stopped: {e}"),
            });
            false
        }
    }
}

/// SQLite's `PRAGMA foreign_key_check`: each row referring to nothing.
fn foreign_keys(conn: &Connection, problems: &mut Vec<Problem>) {
    let rows = conn
        .prepare("SELECT \"table\", rowid, parent FROM pragma_foreign_key_check")
        .and_then(|mut stmt| {
            stmt.query_map([], |r| {
                Ok(Problem::ForeignKey {
                    table: r.get(0)?,
                    rowid: r.get(1)?,
                    parent: r.get(2)?,
                })
            })?
            .collect::<Result<Vec<Problem>, _>>()
        });
    match rows {
        Ok(rows) => problems.extend(rows),
        Err(e) => problems.push(Problem::Integrity {
            message: format!("the foreign-key check failed: {e}"),
        }),
    }
}

/// Referees every stored record again; compares verdicts and the results of
/// played tables.
fn referee_again(event: &Event, report: &mut CheckReport) {
    let rules = event.settings.rules;
    let mut outcomes = std::collections::HashMap::new();
    for s in &event.submissions {
        report.records += 1;
        let received = Received::read(&s.source, s.record.clone(), rules);
        if let Some(problem) = compare_verdict(s, &received) {
            report.problems.push(Problem::Verdict(problem));
        }
        outcomes.insert(s.id, received.ok().and_then(|r| record_outcome(&r)));
    }
    for table in event.rounds.iter().flat_map(|r| &r.tables) {
        if table.status != TableStatus::Played {
            continue;
        }
        let outcome = table.submission.and_then(|id| outcomes.get(&id)).cloned();
        let now = match outcome.flatten() {
            Some(Outcome::Win(seat)) => Some(Some(seat)),
            Some(Outcome::Draw(_)) => Some(None),
            _ => None,
        };
        let stored = table.result.as_ref().map(|r| r.winner);
        if now.is_none() || now != stored {
            let now = match (table.submission, now) {
                (None, _) => "no record".to_owned(),
                (Some(_), None) => "no result".to_owned(),
                (Some(_), Some(winner)) => describe(
                    event,
                    table,
                    Some(&crate::model::TableResult {
                        winner,
                        points: Vec::new(),
                    }),
                ),
            };
            report.problems.push(Problem::Result(ResultProblem {
                round: table.round,
                table: table.number,
                submission: table.submission,
                stored: describe(event, table, table.result.as_ref()),
                now,
            }));
        }
    }
}

/// The stored verdict of `s` against `received`, the referee's reading now.
fn compare_verdict(
    s: &Submission,
    received: &Result<Received, EventError>,
) -> Option<VerdictProblem> {
    let stored_verdict: Value =
        serde_json::from_str(&s.verdict).unwrap_or_else(|_| Value::String(s.verdict.clone()));
    let (now_status, now, verdict_now) = match received {
        Ok(r) => {
            let value = serde_json::to_value(&r.game.verdict).unwrap_or(Value::Null);
            (
                r.game.verdict.status.as_str().to_owned(),
                summary(&value),
                value,
            )
        }
        Err(e) => ("refused".to_owned(), e.to_string(), Value::Null),
    };
    let mut differences: Vec<String> = match (&stored_verdict, &verdict_now) {
        (Value::Object(old), Value::Object(new)) => {
            let mut keys: Vec<String> = Vec::new();
            for key in old.keys().chain(new.keys()) {
                if old.get(key) != new.get(key) && !keys.contains(key) {
                    keys.push(key.clone());
                }
            }
            keys
        }
        _ if stored_verdict == verdict_now => Vec::new(),
        _ => vec!["verdict".to_owned()],
    };
    if s.status.as_str() != now_status && !differences.iter().any(|d| d == "status") {
        differences.insert(0, "status".to_owned());
    }
    if differences.is_empty() {
        return None;
    }
    Some(VerdictProblem {
        submission: s.id,
        round: s.round,
        table: s.table,
        source: s.source.clone(),
        referee: s.referee.clone(),
        stored_status: s.status,
        stored: summary(&stored_verdict),
        stored_verdict,
        now_status,
        now,
        verdict_now,
        differences,
    })
}

/// A verdict (the JSON object of `pacru check --format json`) in words:
/// `ok, 58 plies, Red wins (Result "Red")`, with the error for a game not `ok`.
fn summary(verdict: &Value) -> String {
    let Value::Object(v) = verdict else {
        return format!("not a verdict: {verdict}");
    };
    let text = |key: &str| match v.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => "?".to_owned(),
        Some(other) => other.to_string(),
    };
    let winner = match v.get("winner") {
        Some(Value::String(w)) => format!("{w} wins"),
        _ => "no winner by the rules".to_owned(),
    };
    let mut out = format!(
        "{}, {} plies, {winner} (Result \"{}\")",
        text("status"),
        text("plies"),
        text("result")
    );
    if let Some(Value::Object(e)) = v.get("error") {
        let field = |key: &str| e.get(key).filter(|x| !x.is_null());
        out.push_str(&format!(
            "; line {}, column {}: ",
            field("line").map_or("?".into(), Value::to_string),
            field("column").map_or("?".into(), Value::to_string)
        ));
        if let Some(Value::String(m)) = field("move") {
            out.push_str(&format!("{m}: "));
        }
        if let Some(Value::String(r)) = field("rule") {
            out.push_str(&format!("{r}: "));
        }
        if let Some(Value::String(m)) = field("message") {
            out.push_str(m);
        }
    }
    out
}

/// Serializes a value as its text (its `Display`).
fn as_text<S: serde::Serializer>(
    value: &impl std::fmt::Display,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_verdict_in_words() {
        let ok: Value = serde_json::from_str(
            r#"{"game":1,"line":1,"status":"ok","plies":58,"result":"Red","winner":"Red","final_position":null,"error":null}"#,
        )
        .unwrap();
        assert_eq!(summary(&ok), "ok, 58 plies, Red wins (Result \"Red\")");
        let illegal: Value = serde_json::from_str(
            r#"{"game":1,"line":1,"status":"illegal","plies":0,"result":"*","winner":null,"final_position":null,
                "error":{"ply":1,"line":12,"column":4,"move":"a5-a4","rule":"R3","message":"there is no chevron on a5"}}"#,
        )
        .unwrap();
        assert_eq!(
            summary(&illegal),
            "illegal, 0 plies, no winner by the rules (Result \"*\"); line 12, column 4: a5-a4: R3: there is no chevron on a5"
        );
        assert_eq!(
            summary(&Value::String("{oops".into())),
            "not a verdict: \"{oops\""
        );
    }
}
