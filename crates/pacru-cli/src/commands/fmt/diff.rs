//! Where a game is not canonical: a unified diff of its text as written against
//! its canonical text, for `fmt --check` (as `rustfmt --check` shows it), for
//! people on a terminal.
//!
//! Lines are numbered as in the file (both sides from the game's first line).
//! Control characters are shown escaped (a carriage return as `\u{d}`), and the
//! output is bounded whatever the game's size: a long line is cut, a long run of
//! removed or added lines is cut, the whole diff has a most number of lines, and
//! a game too long to compare line by line gets its first difference only.

use pacru_core::Escaped;
use similar::{Algorithm, DiffOp, capture_diff_slices, group_diff_ops};
use std::fmt::Write as _;

/// The lines of context around each change.
const CONTEXT: usize = 3;
/// The most lines (as written and canonical together) compared line by line; a
/// longer game gets its first difference only, so that the time stays bounded
/// (the diff takes time in proportion to the lines times the differences).
pub const MAX_COMPARED_LINES: usize = 4000;
/// The most lines shown of one run of removed or added lines.
pub const MAX_RUN_LINES: usize = 20;
/// The most lines of one diff, headers included.
pub const MAX_DIFF_LINES: usize = 80;
/// The most characters shown of one line (of its escaped form).
pub const MAX_LINE_CHARS: usize = 200;

/// A unified diff from `written`, the text of a game as it stands in its file from
/// line `first_line` on, to `canonical`, its canonical text; `label` names the
/// game in the two header lines. Every line ends with a line break.
pub fn unified(label: &str, first_line: usize, written: &str, canonical: &str) -> String {
    let old: Vec<&str> = written.split_inclusive('\n').collect();
    let new: Vec<&str> = canonical.split_inclusive('\n').collect();
    let mut out = Diff {
        text: String::new(),
        lines: 0,
        first_line,
        full: false,
    };
    out.line(format_args!("--- {}, as written", Escaped(label)));
    out.line(format_args!("+++ {}, canonical", Escaped(label)));
    if old.len() + new.len() > MAX_COMPARED_LINES {
        out.first_difference(&old, &new);
        return out.text;
    }
    let ops = capture_diff_slices(Algorithm::Myers, &old, &new);
    for group in group_diff_ops(ops, CONTEXT) {
        if !out.hunk(&group, &old, &new) {
            break;
        }
    }
    out.text
}

/// A diff being written, with its line count.
struct Diff {
    text: String,
    lines: usize,
    first_line: usize,
    /// Whether the line limit was reached (and said).
    full: bool,
}

impl Diff {
    /// Adds one line; `false` (and a last line saying so) once the diff is full.
    fn line(&mut self, line: std::fmt::Arguments<'_>) -> bool {
        if self.full {
            return false;
        }
        if self.lines + 1 == MAX_DIFF_LINES {
            self.text.push_str("... (more differences not shown)\n");
            self.full = true;
            return false;
        }
        let _ = writeln!(self.text, "{line}");
        self.lines += 1;
        true
    }

    /// Adds the lines `lines` with `sign` in front, at most [`MAX_RUN_LINES`]
    /// of them; `false` once the diff is full.
    fn run(&mut self, sign: char, lines: &[&str]) -> bool {
        let shown = if lines.len() > MAX_RUN_LINES {
            MAX_RUN_LINES - 1
        } else {
            lines.len()
        };
        for line in &lines[..shown] {
            if !self.line(format_args!("{sign}{}", Shown(line))) {
                return false;
            }
            if !line.ends_with('\n') && !self.line(format_args!("\\ No newline at end of game")) {
                return false;
            }
        }
        if shown < lines.len() {
            let more = lines.len() - shown;
            return self.line(format_args!("{sign}... ({more} more lines)"));
        }
        true
    }

    /// Adds one hunk: the header with the lines of both sides, then the lines;
    /// `false` once the diff is full.
    fn hunk(&mut self, group: &[DiffOp], old: &[&str], new: &[&str]) -> bool {
        let (Some(first), Some(last)) = (group.first(), group.last()) else {
            return true;
        };
        let old_range = first.old_range().start..last.old_range().end;
        let new_range = first.new_range().start..last.new_range().end;
        let header = format!(
            "@@ -{} +{} @@",
            self.range(old_range.start, old_range.len()),
            self.range(new_range.start, new_range.len())
        );
        if !self.line(format_args!("{header}")) {
            return false;
        }
        for op in group {
            let (old_lines, new_lines) = (&old[op.old_range()], &new[op.new_range()]);
            let written = match op {
                DiffOp::Equal { .. } => self.run(' ', old_lines),
                DiffOp::Delete { .. } => self.run('-', old_lines),
                DiffOp::Insert { .. } => self.run('+', new_lines),
                DiffOp::Replace { .. } => self.run('-', old_lines) && self.run('+', new_lines),
            };
            if !written {
                return false;
            }
        }
        true
    }

    /// The range of `len` lines from index `start` of the game, in the file's
    /// line numbers as a unified diff writes them (`L,N`; for no line, the line
    /// before).
    fn range(&self, start: usize, len: usize) -> String {
        let line = self.first_line + start;
        match len {
            0 => format!("{},0", line - 1),
            1 => line.to_string(),
            _ => format!("{line},{len}"),
        }
    }

    /// For a game too long to compare: the first line that differs, on each
    /// side, with the lines before it as context.
    fn first_difference(&mut self, old: &[&str], new: &[&str]) {
        let same = old.iter().zip(new).take_while(|(a, b)| a == b).count();
        let from = same.saturating_sub(CONTEXT);
        let header = format!(
            "@@ -{} +{} @@",
            self.range(from, (same - from) + usize::from(same < old.len())),
            self.range(from, (same - from) + usize::from(same < new.len()))
        );
        let _ = self.line(format_args!("{header}"))
            && self.run(' ', &old[from..same])
            && self.run('-', &old[same..old.len().min(same + 1)])
            && self.run('+', &new[same..new.len().min(same + 1)])
            && self.line(format_args!(
                "... (the game is too long to compare further: {} lines as written, {} canonical)",
                old.len(),
                new.len()
            ));
    }
}

/// A line as shown: without its line break, control characters escaped, cut
/// after [`MAX_LINE_CHARS`] characters.
struct Shown<'a>(&'a str);

impl std::fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let line = self.0.strip_suffix('\n').unwrap_or(self.0);
        let escaped = Escaped(line).to_string();
        match escaped.char_indices().nth(MAX_LINE_CHARS) {
            None => f.write_str(&escaped),
            Some((at, _)) => {
                let more = escaped[at..].chars().count();
                write!(f, "{} ... ({more} more characters)", &escaped[..at])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_line_is_shown_with_its_context_and_file_lines() {
        let written = "[Result \"*\"]\n\n1. E1-E2 e9-e8 *\n";
        let canonical = "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
        let diff = unified("f.pgr game 2 (line 10)", 10, written, canonical);
        assert_eq!(
            diff,
            "--- f.pgr game 2 (line 10), as written\n\
             +++ f.pgr game 2 (line 10), canonical\n\
             @@ -10,3 +10,3 @@\n \
             [Result \"*\"]\n \n\
             -1. E1-E2 e9-e8 *\n\
             +1. e1-e2 e9-e8 *\n"
        );
    }

    #[test]
    fn control_characters_and_line_ends_are_shown_escaped() {
        let written = "[Result \"*\"]\r\n\r\n{\u{1b}[2J} *\r\n";
        let canonical = "[Result \"*\"]\n\n{\u{1b}[2J} *\n";
        let diff = unified("-", 1, written, canonical);
        assert!(!diff.contains('\r') && !diff.contains('\u{1b}'), "{diff:?}");
        assert!(diff.contains("-[Result \"*\"]\\u{d}\n"), "{diff}");
        assert!(diff.contains("-{\\u{1b}[2J} *\\u{d}\n"), "{diff}");
        assert!(diff.contains("+{\\u{1b}[2J} *\n"), "{diff}");
    }

    #[test]
    fn a_missing_last_line_break_is_said() {
        let diff = unified("-", 1, "[Result \"*\"]\n\n*", "[Result \"*\"]\n\n*\n");
        assert!(
            diff.ends_with("-*\n\\ No newline at end of game\n+*\n"),
            "{diff}"
        );
    }

    #[test]
    fn a_huge_game_gives_a_bounded_diff() {
        // Every line differs, and the lines are long.
        let line = "1. E1-E2 E9-E8 ".repeat(100);
        let written: String = (0..3000).map(|_| format!("{line}\n")).collect();
        let canonical = written.to_lowercase();
        let diff = unified("-", 1, &written, &canonical);
        assert!(diff.lines().count() <= MAX_DIFF_LINES, "{diff}");
        assert!(
            diff.len() < MAX_DIFF_LINES * (MAX_LINE_CHARS + 40),
            "{}",
            diff.len()
        );
        assert!(
            diff.contains("too long to compare further: 3000 lines"),
            "{diff}"
        );
        assert!(diff.contains("more characters)"), "{diff}");

        // Short enough to compare, but one long run of differences.
        let written: String = (0..500).map(|i| format!("{i} A\n")).collect();
        let canonical = written.to_lowercase();
        let diff = unified("-", 1, &written, &canonical);
        assert!(diff.contains("\n-... (481 more lines)\n"), "{diff}");
        assert!(diff.ends_with("\n+... (481 more lines)\n"), "{diff}");

        // Many differences apart from each other: many hunks.
        let written: String = (0..500)
            .map(|i| format!("{i} {}\n", if i % 10 == 0 { "A" } else { "a" }))
            .collect();
        let canonical = written.to_lowercase();
        let diff = unified("-", 1, &written, &canonical);
        assert_eq!(diff.lines().count(), MAX_DIFF_LINES, "{diff}");
        assert!(
            diff.ends_with("\n... (more differences not shown)\n"),
            "{diff}"
        );
    }

    #[test]
    fn equal_texts_give_the_headers_only() {
        let text = "[Result \"*\"]\n\n*\n";
        assert_eq!(unified("-", 1, text, text).lines().count(), 2);
    }
}
