//! `pacru event check`: the report of `pacru_event::check_file`, for people
//! or as JSON. Everything from the file is shown with control characters
//! escaped.

use crate::Outcome;
use crate::cli::{EventCheckArgs, EventFormat};
use pacru_core::Escaped;
use pacru_event::{CheckReport, Problem, check_file};
use serde::Serialize;
use std::fmt::Write as _;

/// The report as JSON: `file`, `ok`, `schema_version`, `records`, `problems`.
#[derive(Serialize)]
struct ReportJson<'a> {
    file: String,
    ok: bool,
    #[serde(flatten)]
    report: &'a CheckReport,
}

/// Runs `pacru event check`: exit status 0 when all is well, 1 when a problem
/// is found (a file that cannot be checked at all is an error: 2).
pub fn run(a: &EventCheckArgs, out: &mut String) -> anyhow::Result<Outcome> {
    let report = check_file(&a.file)?;
    let file = a.file.display().to_string();
    match a.format {
        EventFormat::Json => super::json(
            &ReportJson {
                file,
                ok: report.is_ok(),
                report: &report,
            },
            out,
        )?,
        EventFormat::Text => text(&file, &report, out),
    }
    Ok(if report.is_ok() {
        Outcome::Success
    } else {
        Outcome::Failure
    })
}

/// One paragraph per problem, then a summary line.
fn text(file: &str, report: &CheckReport, out: &mut String) {
    for problem in &report.problems {
        match problem {
            Problem::Integrity { message } => {
                let _ = writeln!(out, "integrity: {}", Escaped(message));
            }
            Problem::ForeignKey {
                table,
                rowid,
                parent,
            } => {
                let row = rowid.map_or_else(|| "a row".to_owned(), |r| format!("row {r}"));
                let _ = writeln!(
                    out,
                    "references: {row} of table {} refers to a row of {} that does not exist",
                    Escaped(table),
                    Escaped(parent)
                );
            }
            Problem::Unreadable { reason } => {
                let _ = writeln!(
                    out,
                    "unreadable: the event cannot be read: {}",
                    Escaped(reason)
                );
            }
            Problem::Verdict(p) => {
                let referee = p
                    .referee
                    .as_deref()
                    .map_or_else(|| "not noted".to_owned(), |v| Escaped(v).to_string());
                let _ = writeln!(
                    out,
                    "round {} table {}: submission {} ({}): the stored verdict is not the referee's (differs in {})\n  stored: {} (referee {referee})\n  now:    {} (referee {})",
                    p.round,
                    p.table,
                    p.submission,
                    Escaped(&p.source),
                    p.differences.join(", "),
                    Escaped(&p.stored),
                    Escaped(&p.now),
                    pacru_event::REFEREE_VERSION
                );
            }
            Problem::Result(p) => {
                let submission = p
                    .submission
                    .map_or_else(String::new, |s| format!(" (submission {s})"));
                let _ = writeln!(
                    out,
                    "round {} table {}: the stored result is not its record's{submission}\n  stored: played: {}\n  now:    {}",
                    p.round,
                    p.table,
                    Escaped(&p.stored),
                    Escaped(&p.now)
                );
            }
            Problem::Inconsistent(p) => {
                let place = match (p.round, p.table) {
                    (Some(r), Some(t)) => format!("round {r} table {t}: "),
                    (Some(r), None) => format!("round {r}: "),
                    _ => String::new(),
                };
                let _ = writeln!(out, "inconsistent: {place}{}", Escaped(&p.message));
            }
        }
    }
    let file = Escaped(file);
    let records = match report.records {
        1 => "1 record".to_owned(),
        n => format!("{n} records"),
    };
    if report.is_ok() {
        let _ = writeln!(
            out,
            "{file}: ok: SQLite's integrity and foreign-key checks pass; {records} refereed again, each verdict as stored"
        );
    } else {
        let mut kinds: Vec<(&str, usize)> = Vec::new();
        for problem in &report.problems {
            let kind = match problem {
                Problem::Integrity { .. } => "integrity",
                Problem::ForeignKey { .. } => "references",
                Problem::Unreadable { .. } => "unreadable",
                Problem::Verdict(_) => "verdict",
                Problem::Result(_) => "result",
                Problem::Inconsistent(_) => "inconsistent",
            };
            match kinds.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, n)) => *n += 1,
                None => kinds.push((kind, 1)),
            }
        }
        let count = report.problems.len();
        let kinds: Vec<String> = kinds.iter().map(|(k, n)| format!("{n} {k}")).collect();
        let _ = writeln!(
            out,
            "{file}: {count} problem{} ({}); {records} refereed again",
            if count == 1 { "" } else { "s" },
            kinds.join(", ")
        );
    }
}
