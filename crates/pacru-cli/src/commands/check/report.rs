//! Rendering verdicts: one JSON object per line for programs, text for people.

use crate::excerpt::{caret, token_width};
use crate::input::{Tape, Unreadable};
use crate::style::{self, BAD, DIM, GOOD, WARN};
use crate::words::{plies, plural};
use pacru_core::{Escaped, Position};
use pacru_referee::{FileVerdict, Verdict, VerdictStatus};
use serde::Serialize;
use std::fmt::Write as _;
use std::time::Duration;

/// The JSON object of an input that cannot be read: the keys of a verdict, all
/// null but `file`, `status`, `plies` and the error's `message`.
#[derive(Serialize)]
struct UnreadableInput<'a> {
    file: &'a str,
    game: Option<usize>,
    line: Option<usize>,
    status: &'static str,
    plies: usize,
    result: Option<&'a str>,
    winner: Option<&'a str>,
    final_position: Option<&'a str>,
    error: UnreadableError<'a>,
}

/// The `error` object of [`UnreadableInput`].
#[derive(Serialize)]
struct UnreadableError<'a> {
    ply: Option<usize>,
    line: Option<usize>,
    column: Option<usize>,
    #[serde(rename = "move")]
    move_text: Option<&'a str>,
    rule: Option<&'a str>,
    message: &'a str,
}

/// `value` as one line of JSON, with its line break.
fn to_line(file: &str, value: &impl Serialize) -> String {
    let mut line = crate::json::line(value).unwrap_or_else(|e| {
        // Serialising plain strings and numbers cannot fail; say so if it does.
        format!("{{\"file\":{file:?},\"error\":\"cannot write the verdict: {e}\"}}")
    });
    line.push('\n');
    line
}

/// The verdict as one line of JSON, with its line break: the input's name, then
/// the referee's verdict as it serialises itself (`pacru-referee`, feature
/// `serde`); `docs/notation.md` ("JSON verdicts") gives the keys and their order.
pub fn json_line(file: &str, verdict: &Verdict) -> String {
    to_line(file, &FileVerdict { file, verdict })
}

/// Where the game number stands in a verdict's line for input `file`: after
/// `NAME game ` in text, after `{"file":NAME,"game":` in JSON.
pub fn number_offset(file: &str, json: bool) -> usize {
    if json {
        let name = crate::json::line(&file).map_or(0, |name| name.len());
        "{\"file\":".len() + name + ",\"game\":".len()
    } else {
        Escaped(file).to_string().len() + " game ".len()
    }
}

/// The JSON object of an input that cannot be read (status `unreadable`), with
/// its line break.
pub fn json_unreadable(unreadable: &Unreadable) -> String {
    let json = UnreadableInput {
        file: &unreadable.name,
        game: None,
        line: None,
        status: "unreadable",
        plies: 0,
        result: None,
        winner: None,
        final_position: None,
        error: UnreadableError {
            ply: None,
            line: None,
            column: None,
            move_text: None,
            rule: None,
            message: &unreadable.reason,
        },
    };
    to_line(&unreadable.name, &json)
}

/// How the game stands at the end, in words, for the one-line report of a good
/// game: `Black wins`, or `not finished, Result "*"`.
fn write_outcome(out: &mut String, verdict: &Verdict) {
    match verdict.winner {
        Some(winner) => {
            out.push_str(winner.word());
            out.push_str(" wins");
        }
        None => {
            let _ = write!(out, "not finished, Result \"{}\"", Escaped(&verdict.result));
        }
    }
}

/// Appends `n` in decimal.
pub fn push_number(out: &mut String, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[start..].iter().map(|&d| char::from(d)));
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

/// The text of the line of `verdict`'s error, if it has one and `tape` still
/// holds that line (line numbers as the tape's reader counts them).
pub fn quoted_line(verdict: &Verdict, tape: &Tape) -> Option<String> {
    let error = verdict.error.as_ref()?;
    (error.line > 0).then(|| tape.line(error.line)).flatten()
}

/// The report of one game for people: a line, and for a bad game the offending
/// line of the file with a caret, the rule and the reason. (The position, with
/// or without a diagram, is added by the caller: see [`position_shown`].)
/// `shown_file` is the input's name as people see it, its control characters
/// escaped ([`pacru_core::escape_controls`], once for all the games of the
/// input); `error_line` is the text of the error's line, if it can be quoted
/// ([`quoted_line`]).
pub fn text(shown_file: &str, verdict: &Verdict, error_line: Option<&str>, colour: bool) -> String {
    let mut out = String::with_capacity(96);
    // Written piece by piece: through `write!` the line of a good game cost
    // three times the instructions.
    out.push_str(shown_file);
    out.push_str(" game ");
    push_number(&mut out, verdict.game);
    out.push_str(" (line ");
    push_number(&mut out, verdict.line);
    out.push_str("): ");
    let paint = |text: &str| style::paint(text, status_style(verdict.status), colour);
    let Some(error) = &verdict.error else {
        if colour {
            out.push_str(&paint("ok"));
        } else {
            out.push_str("ok");
        }
        out.push_str(", ");
        match verdict.plies {
            1 => out.push_str("1 ply, "),
            n => {
                push_number(&mut out, n);
                out.push_str(" plies, ");
            }
        }
        write_outcome(&mut out, verdict);
        out.push('\n');
        return out;
    };
    let plies = plies(verdict.plies as u64);
    let rule = error.rule.map(|r| format!("{r} ({})", r.title()));
    match verdict.status {
        VerdictStatus::Illegal => {
            let _ = writeln!(
                out,
                "{} {} at ply {} (line {}, column {}): {}",
                paint("illegal move"),
                Escaped(error.move_text.as_deref().unwrap_or("?")),
                error.ply.unwrap_or(verdict.plies + 1),
                error.line,
                error.column,
                rule.as_deref().unwrap_or("syntax")
            );
        }
        VerdictStatus::Malformed => {
            out.push_str(&paint("malformed"));
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
            // The moves before the syntax error may have ended the game: say so
            // here too, not only in the diagram and the JSON.
            if let Some(winner) = verdict.winner {
                let _ = write!(out, " ({winner} had already won)");
            }
            out.push('\n');
        }
        VerdictStatus::Inconsistent | VerdictStatus::Ok => {
            let _ = writeln!(
                out,
                "{} after {plies} (line {}, column {}): {}",
                paint("inconsistent result"),
                error.line,
                error.column,
                rule.as_deref().unwrap_or("syntax")
            );
        }
    }
    if let Some(line) = error_line {
        let width = match (&error.move_text, verdict.status) {
            (_, VerdictStatus::Malformed) => token_width(line, error.column),
            (Some(m), _) => m.chars().count().max(1),
            (None, _) => verdict.result.chars().count().max(1),
        };
        out.push_str(&caret(line, error.column, width, colour));
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
    fn a_json_line_is_the_file_then_the_referees_verdict() {
        for file in ["games.pgr", "quo\"te\u{1b}[31m.pgr", "-"] {
            for result in [
                "*",
                "Black",
                "a \"quoted\" \\ result",
                "bell\u{7}",
                "é ü 漢",
            ] {
                for (plies, winner) in [(0, None), (1, Some(Colour::Red)), (40, None)] {
                    let v = verdict(plies + 1, plies, result, winner);
                    let line = json_line(file, &v);
                    let verdict_json = serde_json::to_string(&v).unwrap();
                    let file_json = serde_json::to_string(file).unwrap();
                    let expected = format!("{{\"file\":{file_json},{}\n", &verdict_json[1..]);
                    assert_eq!(line, expected);
                    assert_eq!(
                        line.find(",\"game\":").unwrap() + ",\"game\":".len(),
                        number_offset(file, true)
                    );
                }
            }
        }
    }

    #[test]
    fn the_line_of_a_good_game_says_plies_and_outcome() {
        let (_, tape) = TapeReader::new(&b""[..], 1 << 10, None);
        let cases = [
            (
                verdict(3, 1, "Red", Some(Colour::Red)),
                "f.pgr game 3 (line 40): ok, 1 ply, Red wins\n",
            ),
            (
                verdict(1, 0, "*", None),
                "f.pgr game 1 (line 14): ok, 0 plies, not finished, Result \"*\"\n",
            ),
            (
                verdict(5, 40, "bell\u{7}", None),
                "f.pgr game 5 (line 66): ok, 40 plies, not finished, Result \"bell\\u{7}\"\n",
            ),
        ];
        for (v, expected) in cases {
            assert_eq!(
                text("f.pgr", &v, quoted_line(&v, &tape).as_deref(), false),
                expected
            );
            assert_eq!(
                expected.find(" game ").unwrap() + " game ".len(),
                number_offset("f.pgr", false)
            );
        }
        let painted = text("f.pgr", &cases_painted(), None, true);
        assert!(painted.contains("\u{1b}["), "{painted:?}");
    }

    fn cases_painted() -> Verdict {
        verdict(2, 2, "*", None)
    }
}
