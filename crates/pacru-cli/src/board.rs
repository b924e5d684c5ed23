//! The board for people on a terminal: fields by owner, chevrons as arrows,
//! borderland lines and coordinates, with or without ANSI colours.

use pacru_core::{Colour, Field, Position, Status, WinReason, arrow};
use std::fmt::Write as _;

/// ANSI escape: reset all attributes.
const RESET: &str = "\x1b[0m";

/// The ANSI background of a field of `colour`, and the foreground that reads on it.
fn field_style(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "\x1b[100;97m",
        Colour::Red => "\x1b[41;97m",
        Colour::Yellow => "\x1b[43;30m",
        Colour::Green => "\x1b[42;30m",
        Colour::Blue => "\x1b[44;97m",
    }
}

/// The ANSI foreground of a chevron of `colour` on a neutral field.
fn chevron_style(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "\x1b[1;37m",
        Colour::Red => "\x1b[1;91m",
        Colour::Yellow => "\x1b[1;93m",
        Colour::Green => "\x1b[1;92m",
        Colour::Blue => "\x1b[1;94m",
    }
}

/// One field, three columns wide.
///
/// Without colour: the field's marker letter (`.` when neutral), then the chevron as
/// its owner's letter in lower case and an arrow for its facing (two spaces when the
/// field is unoccupied). With colour: the field's background is its owner's colour,
/// the chevron is its owner's letter and arrow in bold.
fn cell(position: &Position, field: Field, colour: bool) -> String {
    let marker = position.colour_at(field);
    let chevron = position.chevron_at(field).map(|c| {
        format!(
            "{}{}",
            c.colour.letter().to_ascii_lowercase(),
            arrow(c.facing)
        )
    });
    if !colour {
        let marker = marker.map_or('.', Colour::letter);
        return format!("{marker}{}", chevron.as_deref().unwrap_or("  "));
    }
    match (marker, chevron) {
        (Some(m), Some(c)) => format!("{}\x1b[1m {c}{RESET}", field_style(m)),
        (Some(m), None) => format!("{}   {RESET}", field_style(m)),
        (None, Some(c)) => {
            let owner = position
                .chevron_at(field)
                .map_or(Colour::Black, |c| c.colour);
            format!(" {}{c}{RESET}", chevron_style(owner))
        }
        (None, None) => " \x1b[2m·\x1b[22m ".to_string(),
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

/// `n` and the noun, plural unless `n` is 1.
fn plural(n: u32, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
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
                format!("{}{}{RESET}", chevron_style(c), c.word())
            } else {
                c.word().to_string()
            };
            let state = if position.is_in_game(c) {
                plural(position.chevrons_of(c).count(), "chevron")
            } else {
                "out".to_string()
            };
            format!(
                "{name} ({}) {}, {state}",
                c.letter(),
                plural(position.field_count(c), "field")
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
    out.push_str(&pacru_notation::format_ppn(position));
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
    fn coloured_board_resets_every_style() {
        let start = Position::standard(4).unwrap();
        let text = render(&start, true);
        assert_eq!(text.matches("\x1b[1;").count(), text.matches(RESET).count());
    }
}
