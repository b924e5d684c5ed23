//! Rendering verdicts: one JSON object per line for programs, text for people.

use crate::excerpt::{caret, token_width};
use crate::input::{Tape, Unreadable};
use crate::style::{self, BAD, DIM, GOOD, WARN};
use crate::words::{plies, plural};
use pacru_core::Position;
use pacru_core::format_ppn;
use pacru_core::{Escaped, needs_escape};
use pacru_referee::{Verdict, VerdictStatus};
use serde::Serialize;
use std::fmt::Write as _;
use std::time::Duration;

/// The `error` object of a JSON verdict.
#[derive(Serialize)]
struct JsonError<'a> {
    ply: Option<usize>,
    line: Option<usize>,
    column: Option<usize>,
    #[serde(rename = "move")]
    move_text: Option<&'a str>,
    rule: Option<String>,
    message: &'a str,
}

/// One JSON verdict, keys in the order `docs/notation.md` ("JSON verdicts") gives.
#[derive(Serialize)]
struct JsonVerdict<'a> {
    file: &'a str,
    game: Option<usize>,
    line: Option<usize>,
    status: &'static str,
    plies: usize,
    result: Option<&'a str>,
    winner: Option<&'static str>,
    final_position: Option<String>,
    error: Option<JsonError<'a>>,
}

/// `json` as one line, with its line break.
fn to_line(file: &str, json: &JsonVerdict<'_>) -> String {
    let mut line = serde_json::to_string(json).unwrap_or_else(|e| {
        // Serialising plain strings and numbers cannot fail; say so if it does.
        format!("{{\"file\":{file:?},\"error\":\"cannot write the verdict: {e}\"}}")
    });
    line.push('\n');
    line
}

/// The verdict as one line of JSON, with its line break.
pub fn json_line(file: &str, verdict: &Verdict) -> String {
    let json = JsonVerdict {
        file,
        game: Some(verdict.game),
        line: Some(verdict.line),
        status: verdict.status.as_str(),
        plies: verdict.plies,
        result: Some(&verdict.result),
        winner: verdict.winner.map(|c| c.word()),
        final_position: verdict.final_position.as_ref().map(format_ppn),
        error: verdict.error.as_ref().map(|e| JsonError {
            ply: e.ply,
            line: Some(e.line),
            column: Some(e.column),
            move_text: e.move_text.as_deref(),
            rule: e.rule.map(|r| r.to_string()),
            message: &e.message,
        }),
    };
    to_line(file, &json)
}

/// Appends `n` in decimal.
fn push_number(out: &mut String, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
}

/// Appends `text` as a JSON string, as `serde_json` writes it.
fn push_json_string(out: &mut String, text: &str) {
    let plain = text
        .bytes()
        .all(|b| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\');
    if plain {
        out.push('"');
        out.push_str(text);
        out.push('"');
    } else {
        out.push_str(&serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_string()));
    }
}

/// Renders the verdicts of one input, with what is the same for every game of
/// it (the file name, escaped for text and for JSON) worked out once.
pub struct Renderer<'a> {
    file: &'a str,
    /// The file name as text shows it.
    text_name: String,
    /// The file name as a JSON string.
    json_name: String,
}

impl<'a> Renderer<'a> {
    /// A renderer for the verdicts of input `file`.
    pub fn new(file: &'a str) -> Renderer<'a> {
        let mut json_name = String::new();
        push_json_string(&mut json_name, file);
        Renderer {
            file,
            text_name: Escaped(file).to_string(),
            json_name,
        }
    }

    /// Where the game number stands in a verdict's line: after `NAME game ` in
    /// text, after `{"file":NAME,"game":` in JSON.
    pub fn number_offset(&self, json: bool) -> usize {
        if json {
            "{\"file\":".len() + self.json_name.len() + ",\"game\":".len()
        } else {
            self.text_name.len() + " game ".len()
        }
    }

    /// [`json_line`], written directly for a game without an error (nearly
    /// every game), the same bytes.
    pub fn json_line(&self, verdict: &Verdict) -> String {
        if verdict.error.is_some() {
            return json_line(self.file, verdict);
        }
        let mut out = String::with_capacity(256);
        out.push_str("{\"file\":");
        out.push_str(&self.json_name);
        out.push_str(",\"game\":");
        push_number(&mut out, verdict.game);
        out.push_str(",\"line\":");
        push_number(&mut out, verdict.line);
        out.push_str(",\"status\":\"");
        out.push_str(verdict.status.as_str());
        out.push_str("\",\"plies\":");
        push_number(&mut out, verdict.plies);
        out.push_str(",\"result\":");
        push_json_string(&mut out, &verdict.result);
        out.push_str(",\"winner\":");
        match verdict.winner {
            Some(colour) => {
                out.push('"');
                out.push_str(colour.word());
                out.push('"');
            }
            None => out.push_str("null"),
        }
        out.push_str(",\"final_position\":");
        match &verdict.final_position {
            Some(position) => {
                out.push('"');
                out.push_str(&format_ppn(position));
                out.push('"');
            }
            None => out.push_str("null"),
        }
        out.push_str(",\"error\":null}\n");
        out
    }

    /// [`text`], written directly for a good game without colour, the same bytes.
    pub fn text(&self, verdict: &Verdict, tape: &Tape, colour: bool) -> String {
        if verdict.error.is_some() || colour || verdict.status != VerdictStatus::Ok {
            return text(self.file, verdict, tape, colour);
        }
        let mut out = String::with_capacity(96);
        out.push_str(&self.text_name);
        out.push_str(" game ");
        push_number(&mut out, verdict.game);
        out.push_str(" (line ");
        push_number(&mut out, verdict.line);
        out.push_str("): ok, ");
        push_number(&mut out, verdict.plies);
        out.push_str(if verdict.plies == 1 {
            " ply, "
        } else {
            " plies, "
        });
        match verdict.winner {
            Some(winner) => {
                out.push_str(winner.word());
                out.push_str(" wins");
            }
            None => {
                out.push_str("not finished, Result \"");
                if verdict.result.chars().any(needs_escape) {
                    out.push_str(&Escaped(&verdict.result).to_string());
                } else {
                    out.push_str(&verdict.result);
                }
                out.push('"');
            }
        }
        out.push('\n');
        out
    }
}

/// The JSON object of an input that cannot be read (status `unreadable`), with
/// its line break.
pub fn json_unreadable(unreadable: &Unreadable) -> String {
    let json = JsonVerdict {
        file: &unreadable.name,
        game: None,
        line: None,
        status: "unreadable",
        plies: 0,
        result: None,
        winner: None,
        final_position: None,
        error: Some(JsonError {
            ply: None,
            line: None,
            column: None,
            move_text: None,
            rule: None,
            message: &unreadable.reason,
        }),
    };
    to_line(&unreadable.name, &json)
}

/// How the game stands at the end, in words, for the one-line report of a good game.
fn outcome_words(verdict: &Verdict) -> String {
    match verdict.winner {
        Some(winner) => format!("{winner} wins"),
        None => format!("not finished, Result \"{}\"", Escaped(&verdict.result)),
    }
}

/// The style of a status word.
fn status_style(status: VerdictStatus) -> anstyle::Style {
    match status {
        VerdictStatus::Ok => GOOD,
        VerdictStatus::Illegal => BAD,
        VerdictStatus::Malformed | VerdictStatus::Inconsistent => WARN,
    }
}

/// The position a bad game's report shows, and what it is.
pub fn position_shown(verdict: &Verdict) -> Option<(&'static str, Box<Position>)> {
    verdict.error.as_ref()?;
    let what = if verdict.status == VerdictStatus::Illegal {
        "position before the move"
    } else {
        "final position"
    };
    verdict.final_position.clone().map(|p| (what, Box::new(p)))
}

/// The report of one game for people: a line, and for a bad game the offending
/// line of the file with a caret, the rule and the reason. (The position, with
/// or without a diagram, is added by the caller: see [`position_shown`].)
pub fn text(file: &str, verdict: &Verdict, tape: &Tape, colour: bool) -> String {
    let mut out = String::new();
    let head = format!(
        "{} game {} (line {})",
        Escaped(file),
        verdict.game,
        verdict.line
    );
    let plies = plies(verdict.plies as u64);
    let paint = |text: &str| style::paint(text, status_style(verdict.status), colour);
    let Some(error) = &verdict.error else {
        let _ = writeln!(
            out,
            "{head}: {}, {plies}, {}",
            paint("ok"),
            outcome_words(verdict)
        );
        return out;
    };
    let rule = error.rule.map(|r| format!("{r} ({})", r.title()));
    match verdict.status {
        VerdictStatus::Illegal => {
            let _ = writeln!(
                out,
                "{head}: {} {} at ply {} (line {}, column {}): {}",
                paint("illegal move"),
                Escaped(error.move_text.as_deref().unwrap_or("?")),
                error.ply.unwrap_or(verdict.plies + 1),
                error.line,
                error.column,
                rule.as_deref().unwrap_or("syntax")
            );
        }
        VerdictStatus::Malformed => {
            let _ = write!(out, "{head}: {}", paint("malformed"));
            match error.ply {
                Some(ply) => {
                    let _ = write!(
                        out,
                        " at ply {ply} (line {}, column {})",
                        error.line, error.column
                    );
                }
                None => {
                    let _ = write!(out, " at line {}, column {}", error.line, error.column);
                }
            }
            if verdict.plies > 0 {
                let _ = write!(out, ", after {plies}");
            }
            out.push('\n');
        }
        VerdictStatus::Inconsistent | VerdictStatus::Ok => {
            let _ = writeln!(
                out,
                "{head}: {} after {plies} (line {}, column {}): {}",
                paint("inconsistent result"),
                error.line,
                error.column,
                rule.as_deref().unwrap_or("syntax")
            );
        }
    }
    if let Some(line) = (error.line > 0).then(|| tape.line(error.line)).flatten() {
        let width = match (&error.move_text, verdict.status) {
            (_, VerdictStatus::Malformed) => token_width(&line, error.column),
            (Some(m), _) => m.chars().count().max(1),
            (None, _) => verdict.result.chars().count().max(1),
        };
        out.push_str(&caret(&line, error.column, width, colour));
    }
    match error.rule {
        Some(rule) => {
            let _ = writeln!(out, "  {rule}: {}", Escaped(&error.message));
        }
        None => {
            let _ = writeln!(out, "  {}", Escaped(&error.message));
        }
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
    pub fn add(&mut self, status: VerdictStatus) {
        match status {
            VerdictStatus::Ok => self.ok += 1,
            VerdictStatus::Illegal => self.illegal += 1,
            VerdictStatus::Malformed => self.malformed += 1,
            VerdictStatus::Inconsistent => self.inconsistent += 1,
        }
    }

    /// The summary line: games per status, unreadable inputs, the time taken.
    /// With `colour`, the counts that are not zero have their status's colour.
    pub fn summary(&self, elapsed: Duration, colour: bool) -> String {
        let games = self.ok + self.illegal + self.malformed + self.inconsistent;
        let count = |n: u64, word: &str, status: VerdictStatus| {
            let text = format!("{n} {word}");
            style::paint(&text, status_style(status), colour && n > 0)
        };
        let mut line = format!(
            "{}: {}, {}, {}, {}",
            plural(games, "game"),
            count(self.ok, "ok", VerdictStatus::Ok),
            count(self.illegal, "illegal", VerdictStatus::Illegal),
            count(self.malformed, "malformed", VerdictStatus::Malformed),
            count(
                self.inconsistent,
                "inconsistent",
                VerdictStatus::Inconsistent
            ),
        );
        if self.unreadable > 0 {
            let inputs = plural(self.unreadable, "input");
            let text = format!("{inputs} could not be read");
            let _ = write!(line, "; {}", style::paint(text, BAD, colour));
        }
        let time = format!("({:.2} s)", elapsed.as_secs_f64());
        let _ = write!(line, " {}", style::paint(time, DIM, colour));
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::TapeReader;
    use pacru_core::Colour;

    fn verdict(game: usize, plies: usize, result: &str, winner: Option<Colour>) -> Verdict {
        Verdict {
            game,
            line: game * 13 + 1,
            status: VerdictStatus::Ok,
            plies,
            result: result.to_string(),
            winner,
            final_position: (!plies.is_multiple_of(3))
                .then(|| Position::standard(2 + plies % 3).unwrap()),
            error: None,
            movers: Vec::new(),
        }
    }

    #[test]
    fn push_number_writes_decimal() {
        for n in [0, 1, 9, 10, 99, 100, 12_345, usize::MAX] {
            let mut out = "x".to_string();
            push_number(&mut out, n);
            assert_eq!(out, format!("x{n}"));
        }
    }

    #[test]
    fn direct_writing_gives_the_bytes_of_the_general_writers() {
        let (_, tape) = TapeReader::new(&b""[..], 1 << 10, None);
        let results = [
            "*",
            "Black",
            "1-0",
            "a \"quoted\" \\ result",
            "tab\there",
            "bell\u{7}",
            "del\u{7f}",
            "é ü 漢",
            "",
        ];
        let files = [
            "games.pgr",
            "dir/with space.pgr",
            "quo\"te\u{1b}[31m.pgr",
            "-",
        ];
        for file in files {
            let renderer = Renderer::new(file);
            for (i, result) in results.iter().enumerate() {
                for plies in [0, 1, 2, 40, 12345] {
                    for winner in [None, Some(Colour::Red), Some(Colour::Green)] {
                        let v = verdict(i * 1000 + plies + 1, plies, result, winner);
                        assert_eq!(renderer.json_line(&v), json_line(file, &v));
                        assert_eq!(
                            renderer.text(&v, &tape, false),
                            text(file, &v, &tape, false)
                        );
                        assert_eq!(renderer.text(&v, &tape, true), text(file, &v, &tape, true));
                    }
                }
            }
        }
    }
}
