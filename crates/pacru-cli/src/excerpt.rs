//! Quoting a line of the input with a caret under the offending text: the line is
//! cut to a window around the caret, its control characters are shown escaped
//! (`\u{1b}`), and the caret stays aligned under the text as shown.

use crate::style::{self, BAD};
use pacru_core::{Escaped, needs_escape};
use unicode_width::UnicodeWidthChar;

/// The most columns of the line shown.
const WINDOW: usize = 100;

/// One character of the line as shown.
struct Cell {
    /// Its text: the character, or its escape.
    text: String,
    /// The columns it takes on a terminal (a tab counts as one and is copied
    /// into the caret line, so that it takes the same room there).
    width: usize,
    tab: bool,
}

fn cell(c: char) -> Cell {
    if c == '\t' {
        return Cell {
            text: "\t".to_string(),
            width: 1,
            tab: true,
        };
    }
    if needs_escape(c) {
        let text = Escaped(c.encode_utf8(&mut [0; 4])).to_string();
        let width = text.len();
        return Cell {
            text,
            width,
            tab: false,
        };
    }
    Cell {
        text: c.to_string(),
        width: c.width().unwrap_or(0),
        tab: false,
    }
}

/// The number of characters of the token starting at `column` (1-based) of `line`:
/// up to the next white space, at least 1.
pub fn token_width(line: &str, column: usize) -> usize {
    line.chars()
        .skip(column.saturating_sub(1))
        .take_while(|c| !c.is_whitespace())
        .count()
        .max(1)
}

/// How many characters on each side of the caret are looked at: more than the
/// window shows, and few enough that a line megabytes long costs no more than a
/// short one.
const SPAN: usize = 2 * WINDOW;

/// The text of `line` with a caret line under `width` characters from `column`
/// (1-based, in characters), both indented by two spaces. A long line is cut to
/// a window of about [`WINDOW`] columns around the column, marked with `...`; the
/// caret never runs past what is shown. With `colour`, the caret is red.
pub fn caret(line: &str, column: usize, width: usize, colour: bool) -> String {
    let count = line.chars().count();
    let at_char = column.max(1).min(count + 1) - 1;
    // Only the characters around the caret become cells.
    let first = at_char.saturating_sub(SPAN);
    let cells: Vec<Cell> = line
        .chars()
        .skip(first)
        .take(at_char - first + width.clamp(1, WINDOW) + SPAN)
        .map(cell)
        .collect();
    let cut_before = first > 0;
    let cut_after = first + cells.len() < count;
    let at = at_char - first;
    let total: usize = cells.iter().map(|c| c.width).sum();
    let mut start = 0;
    if total > WINDOW || cut_before || cut_after {
        let mut before: usize = cells[..at].iter().map(|c| c.width).sum();
        while start < at && before > WINDOW / 2 {
            before -= cells[start].width;
            start += 1;
        }
    }
    let mut end = start;
    let mut shown_width = 0;
    while end < cells.len() && (end <= at || shown_width + cells[end].width <= WINDOW) {
        shown_width += cells[end].width;
        end += 1;
    }
    let prefix = if start > 0 || cut_before { "..." } else { "" };
    let suffix = if end < cells.len() || cut_after {
        "..."
    } else {
        ""
    };
    let shown: String = cells[start..end].iter().map(|c| c.text.as_str()).collect();
    let mut pad = " ".repeat(prefix.len());
    for c in &cells[start..at] {
        if c.tab {
            pad.push('\t');
        } else {
            pad.push_str(&" ".repeat(c.width));
        }
    }
    let under = &cells[at.min(end)..(at + width.max(1)).min(end)];
    let marks = "^".repeat(under.iter().map(|c| c.width).sum::<usize>().max(1));
    let marks = style::paint(marks, BAD, colour);
    format!("  {prefix}{shown}{suffix}\n  {pad}{marks}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_points_under_the_column() {
        assert_eq!(
            caret("1. e1-e2 e9", 4, 5, false),
            "  1. e1-e2 e9\n     ^^^^^\n"
        );
        assert_eq!(caret("\tx", 2, 1, false), "  \tx\n  \t^\n");
        assert_eq!(caret("ab", 3, 4, false), "  ab\n    ^\n");
    }

    #[test]
    fn a_long_line_is_cut_and_the_caret_stays_inside() {
        let long = "x".repeat(300);
        let shown = caret(&long, 200, 1, false);
        assert!(shown.starts_with("  ..."));
        // A stray token longer than the window: the caret ends with the excerpt.
        let line = format!("1. e1-e2 }}{}", "y".repeat(300));
        let shown = caret(&line, 10, 301, false);
        let mut lines = shown.lines();
        let text = lines.next().unwrap();
        let marks = lines.next().unwrap();
        assert!(text.ends_with("..."), "{text}");
        assert_eq!(marks.len(), text.len() - "...".len(), "{shown}");
    }

    #[test]
    fn a_line_megabytes_long_shows_what_a_cut_line_shows() {
        // Only the characters around the caret are looked at: the excerpt of a
        // line of a million characters is that of its neighbourhood, also cut.
        let x = |n| "x".repeat(n);
        let long = format!("{}e1-e2 {}", x(1_000_000), x(1_000_000));
        let near = format!("{}e1-e2 {}", x(250), x(250));
        assert_eq!(
            caret(&long, 1_000_001, 5, false),
            caret(&near, 251, 5, false)
        );
        assert_eq!(
            caret(&long, 1_000_001, 2_000_000, false),
            caret(&near, 251, 500, false)
        );
        let shown = caret(&long, 1_000_001, 5, false);
        assert!(
            shown.starts_with("  ...x") && shown.contains("e1-e2 x"),
            "{shown}"
        );
    }

    #[test]
    fn control_characters_are_escaped_and_the_caret_follows() {
        let shown = caret("a\u{1b}]0;x\u{7} e1-e2", 8, 5, false);
        assert_eq!(
            shown,
            "  a\\u{1b}]0;x\\u{7} e1-e2\n                  ^^^^^\n"
        );
        assert!(!shown.bytes().any(|b| b < 0x20 && b != b'\n'));
        let shown = caret("\u{1b}\u{1b}", 1, 2, false);
        assert_eq!(shown, "  \\u{1b}\\u{1b}\n  ^^^^^^^^^^^^\n");
    }

    #[test]
    fn wide_characters_take_two_columns() {
        assert_eq!(caret("名前 x", 4, 1, false), "  名前 x\n       ^\n");
    }
}
