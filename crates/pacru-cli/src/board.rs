//! The one board renderer for people on a terminal (`show`, `replay`, `check`):
//! fields by owner, chevrons as arrows, borderland lines and coordinates, and the
//! summary lines below. The characters are the same with and without colour;
//! colour only adds the owners' colours as backgrounds and chevron colours.

use crate::style::paint;
use crate::words::plural;
use anstyle::{AnsiColor, Color, Style};
use pacru_core::{Colour, Field, Position, Status, WinReason, arrow};
use std::fmt::Write as _;

/// The style of a field of `colour`: its colour as background, a foreground that
/// reads on it.
fn field_style(colour: Colour) -> Style {
    let (background, foreground) = match colour {
        Colour::Black => (AnsiColor::BrightBlack, AnsiColor::BrightWhite),
        Colour::Red => (AnsiColor::Red, AnsiColor::BrightWhite),
        Colour::Yellow => (AnsiColor::Yellow, AnsiColor::Black),
        Colour::Green => (AnsiColor::Green, AnsiColor::Black),
        Colour::Blue => (AnsiColor::Blue, AnsiColor::BrightWhite),
    };
    Style::new()
        .bg_color(Some(Color::Ansi(background)))
        .fg_color(Some(Color::Ansi(foreground)))
}

/// The style of a player's name and of their chevrons on neutral fields.
fn player_style(colour: Colour) -> Style {
    let foreground = match colour {
        Colour::Black => AnsiColor::White,
        Colour::Red => AnsiColor::BrightRed,
        Colour::Yellow => AnsiColor::BrightYellow,
        Colour::Green => AnsiColor::BrightGreen,
        Colour::Blue => AnsiColor::BrightBlue,
    };
    Style::new().fg_color(Some(Color::Ansi(foreground))).bold()
}

/// One field, three columns wide: the field's marker letter (`.` when neutral),
/// then the chevron as its owner's letter in lower case and an arrow for its
/// facing (two spaces when the field is unoccupied). With colour, an owned field
/// also gets its owner's colour as background, a chevron on a neutral field its
/// owner's colour, and a neutral marker is dimmed.
fn cell(position: &Position, field: Field, colour: bool) -> String {
    let marker = position.colour_at(field);
    let chevron = position.chevron_at(field);
    let chevron_text = chevron.map_or_else(
        || "  ".to_string(),
        |c| {
            format!(
                "{}{}",
                c.colour.letter().to_ascii_lowercase(),
                arrow(c.facing)
            )
        },
    );
    match marker {
        Some(owner) => {
            let style = field_style(owner);
            let style = if chevron.is_some() {
                style.bold()
            } else {
                style
            };
            paint(format!("{}{chevron_text}", owner.letter()), style, colour)
        }
        None => {
            let dot = paint('.', crate::style::DIM, colour);
            match chevron {
                Some(c) => format!(
                    "{dot}{}",
                    paint(chevron_text, player_style(c.colour), colour)
                ),
                None => format!("{dot}{chevron_text}"),
            }
        }
    }
}

/// A horizontal borderland line with the given corner and junction glyphs.
fn rule(left: char, middle: char, right: char) -> String {
    let segment = "━".repeat(13);
    format!("   {left}{segment}{middle}{segment}{middle}{segment}{right}\n")
}

/// The file letters, aligned with the fields.
fn files() -> String {
    let mut line = String::from("    ");
    for file in 0..9u8 {
        line.push(' ');
        line.push((b'a' + file) as char);
        line.push_str("  ");
        if file % 3 == 2 {
            line.push_str("  ");
        }
    }
    line.truncate(line.trim_end().len());
    line.push('\n');
    line
}

/// The board: rank 9 at the top, borderlands boxed by heavy lines, coordinates on
/// every side; below it the fields of each player, the target and whose turn it is.
pub fn render(position: &Position, colour: bool) -> String {
    let mut out = files();
    out.push_str(&rule('┏', '┳', '┓'));
    for rank in (0..9u8).rev() {
        if rank % 3 == 2 && rank != 8 {
            out.push_str(&rule('┣', '╋', '┫'));
        }
        let _ = write!(out, " {} ┃", rank + 1);
        for file in 0..9u8 {
            if let Some(field) = Field::new(file, rank) {
                out.push(' ');
                out.push_str(&cell(position, field, colour));
            }
            if file % 3 == 2 {
                out.push_str(" ┃");
            }
        }
        let _ = writeln!(out, " {}", rank + 1);
    }
    out.push_str(&rule('┗', '┻', '┛'));
    out.push_str(&files());
    out.push_str(&summary(position, colour));
    out
}

/// The lines below the board: fields per player (and who is out), the target,
/// whose turn it is or how the game ended.
fn summary(position: &Position, colour: bool) -> String {
    let mut out = String::new();
    let players: Vec<String> = position
        .players()
        .iter()
        .map(|c| {
            let name = if colour {
                paint(c.word(), player_style(c), true)
            } else {
                c.word().to_string()
            };
            let state = if position.is_in_game(c) {
                plural(u64::from(position.chevrons_of(c).count()), "chevron")
            } else {
                "out".to_string()
            };
            format!(
                "{name} ({}) {}, {state}",
                c.letter(),
                plural(u64::from(position.field_count(c)), "field")
            )
        })
        .collect();
    let _ = writeln!(out, "{}", players.join("; "));
    let _ = write!(out, "target {} fields; ", position.target());
    match position.status() {
        Status::Ongoing => {
            let _ = writeln!(out, "{} to move", position.to_move());
        }
        Status::Won { winner, reason } => {
            let how = match reason {
                WinReason::Target => "reached the target",
                WinReason::LastStanding => "last player with chevrons",
            };
            let _ = writeln!(out, "game over: {winner} wins ({how})");
        }
        Status::NoWinner => {
            let _ = writeln!(out, "game over: no player has chevrons");
        }
    }
    out
}

/// The board followed by the position's PPN on its own last line.
pub fn render_with_ppn(position: &Position, colour: bool) -> String {
    let mut out = render(position, colour);
    out.push_str(&position.to_ppn().to_string());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_board_has_no_escapes_and_aligned_rows() {
        let start = Position::standard(2).unwrap();
        let text = render(&start, false);
        assert!(!text.contains('\x1b'));
        let widths: Vec<usize> = text
            .lines()
            .filter(|l| l.contains('┃'))
            .map(|l| l.chars().count())
            .collect();
        assert_eq!(widths.len(), 9);
        assert!(widths.iter().all(|&w| w == widths[0]), "{widths:?}\n{text}");
        assert!(text.contains(".k↑"), "{text}");
    }

    #[test]
    fn coloured_board_has_the_same_characters() {
        let start = Position::standard(4).unwrap();
        let mut position = start.clone();
        for _ in 0..12 {
            let mv = position.legal_moves().next().unwrap();
            position.play_unchecked(&mv);
        }
        let plain = render(&position, false);
        let coloured = render(&position, true);
        assert!(coloured.contains('\x1b'));
        let stripped = strip_escapes(&coloured);
        assert_eq!(stripped, plain);
    }

    /// `text` without its ANSI escape sequences.
    fn strip_escapes(text: &str) -> String {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }
}
