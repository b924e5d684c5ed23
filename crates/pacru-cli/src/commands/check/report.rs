//! Rendering verdicts: one JSON object per line for programs, text for people.

use crate::input::{Tape, caret, token_width};
use pacru_notation::format_ppn;
use pacru_notation::referee::{Status, Verdict};
use serde::Serialize;
use std::fmt::Write as _;
use std::time::Duration;

/// The `error` object of a JSON verdict.
#[derive(Serialize)]
struct JsonError<'a> {
    ply: Option<usize>,
    line: usize,
    column: usize,
    #[serde(rename = "move")]
    move_text: Option<&'a str>,
    rule: Option<String>,
    message: &'a str,
}

/// One JSON verdict, keys in the order `docs/notation.md` ("JSON verdicts") gives.
#[derive(Serialize)]
struct JsonVerdict<'a> {
    file: &'a str,
    game: usize,
    line: usize,
    status: &'static str,
    plies: usize,
    result: &'a str,
    winner: Option<&'static str>,
    final_position: Option<String>,
    error: Option<JsonError<'a>>,
}

/// The verdict as one line of JSON, with its line break.
pub fn json_line(file: &str, verdict: &Verdict) -> String {
    let json = JsonVerdict {
        file,
        game: verdict.game,
        line: verdict.line,
        status: verdict.status.as_str(),
        plies: verdict.plies,
        result: &verdict.result,
        winner: verdict.winner.map(|c| c.word()),
        final_position: verdict.final_position.as_ref().map(format_ppn),
        error: verdict.error.as_ref().map(|e| JsonError {
            ply: e.ply,
            line: e.line,
            column: e.column,
            move_text: e.move_text.as_deref(),
            rule: e.rule.map(|r| r.to_string()),
            message: &e.message,
        }),
    };
    let mut line = serde_json::to_string(&json).unwrap_or_else(|e| {
        // Serialising plain strings and numbers cannot fail; say so if it does.
        format!("{{\"file\":{file:?},\"error\":\"cannot write the verdict: {e}\"}}")
    });
    line.push('\n');
    line
}

/// Indents every line of `text` by `by` spaces.
fn indent(text: &str, by: usize) -> String {
    let pad = " ".repeat(by);
    text.lines().map(|l| format!("{pad}{l}\n")).collect()
}

/// How the game stands at the end, in words, for the one-line report of a good game.
fn outcome_words(verdict: &Verdict) -> String {
    match verdict.winner {
        Some(winner) => format!("{winner} wins"),
        None => format!("not finished, Result \"{}\"", verdict.result),
    }
}

/// The report of one game for people: a line, and for a bad game the offending
/// line of the file with a caret, the rule and the reason, and the position.
pub fn text(file: &str, verdict: &Verdict, tape: &Tape) -> String {
    let mut out = String::new();
    let head = format!("{file} game {} (line {})", verdict.game, verdict.line);
    let plies = match verdict.plies {
        1 => "1 ply".to_string(),
        n => format!("{n} plies"),
    };
    let Some(error) = &verdict.error else {
        let _ = writeln!(out, "{head}: ok, {plies}, {}", outcome_words(verdict));
        return out;
    };
    let rule = error.rule.map(|r| format!("{r} ({})", r.title()));
    match verdict.status {
        Status::Illegal => {
            let _ = writeln!(
                out,
                "{head}: illegal move {} at ply {} (line {}, column {}): {}",
                error.move_text.as_deref().unwrap_or("?"),
                error.ply.unwrap_or(verdict.plies + 1),
                error.line,
                error.column,
                rule.as_deref().unwrap_or("syntax")
            );
        }
        Status::Malformed => {
            let _ = writeln!(
                out,
                "{head}: malformed at line {}, column {}",
                error.line, error.column
            );
        }
        Status::Inconsistent | Status::Ok => {
            let _ = writeln!(
                out,
                "{head}: inconsistent result after {plies} (line {}, column {}): {}",
                error.line,
                error.column,
                rule.as_deref().unwrap_or("syntax")
            );
        }
    }
    if let Some(line) = (error.line > 0).then(|| tape.line(error.line)).flatten() {
        let width = match (&error.move_text, verdict.status) {
            (Some(m), _) => m.chars().count().max(1),
            (None, Status::Malformed) => token_width(&line, error.column),
            (None, _) => verdict.result.chars().count().max(1),
        };
        out.push_str(&caret(&line, error.column, width));
    }
    match error.rule {
        Some(rule) => {
            let _ = writeln!(out, "  {rule}: {}", error.message);
        }
        None => {
            let _ = writeln!(out, "  {}", error.message);
        }
    }
    if let Some(position) = &verdict.final_position {
        let what = if verdict.status == Status::Illegal {
            "position before the move"
        } else {
            "final position"
        };
        let _ = writeln!(out, "  {what}:");
        out.push_str(&indent(&position.diagram(), 4));
        let _ = writeln!(out, "    {}", format_ppn(position));
    }
    out
}

/// How many games had each status, and how many inputs could not be read.
#[derive(Debug, Default)]
pub struct Counts {
    ok: u64,
    illegal: u64,
    malformed: u64,
    inconsistent: u64,
    /// Inputs that could not be read (wholly or in part).
    pub unreadable: u64,
}

impl Counts {
    /// Counts one verdict.
    pub fn add(&mut self, status: Status) {
        match status {
            Status::Ok => self.ok += 1,
            Status::Illegal => self.illegal += 1,
            Status::Malformed => self.malformed += 1,
            Status::Inconsistent => self.inconsistent += 1,
        }
    }

    /// The summary line: games per status, unreadable inputs, the time taken.
    pub fn summary(&self, elapsed: Duration) -> String {
        let games = self.ok + self.illegal + self.malformed + self.inconsistent;
        let noun = if games == 1 { "game" } else { "games" };
        let mut line = format!(
            "{games} {noun}: {} ok, {} illegal, {} malformed, {} inconsistent",
            self.ok, self.illegal, self.malformed, self.inconsistent
        );
        if self.unreadable > 0 {
            let _ = write!(line, "; {} input(s) could not be read", self.unreadable);
        }
        let _ = write!(line, " ({:.2} s)", elapsed.as_secs_f64());
        line
    }
}
