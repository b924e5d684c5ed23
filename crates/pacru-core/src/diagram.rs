//! The board diagram for people: the one drawing of a position as text, shared by
//! the `pacru` program (which paints it for terminals), the Python package, logs
//! and snapshot tests.

use crate::{Colour, Direction, Field, Position, Status, WinReason};
use std::fmt::Write as _;

/// The arrow glyph for a chevron facing `direction`.
pub const fn arrow(direction: Direction) -> char {
    match direction {
        Direction::N => '↑',
        Direction::NE => '↗',
        Direction::E => '→',
        Direction::SE => '↘',
        Direction::S => '↓',
        Direction::SW => '↙',
        Direction::W => '←',
        Direction::NW => '↖',
    }
}

/// How the parts of a [`Position::diagram_painted`] are written: as they are
/// (the default methods), or with colour added around them for a terminal. A
/// painter adds, it does not change the characters.
pub trait DiagramPaint {
    /// One field's three characters: `marker` (its owner's letter, `.` when
    /// neutral) then `chevron` (the chevron's owner's letter in lower case and
    /// the arrow of its facing, or two spaces); `owner` owns the field,
    /// `chevron_owner` the chevron on it.
    fn field(
        &self,
        marker: char,
        chevron: &str,
        owner: Option<Colour>,
        chevron_owner: Option<Colour>,
    ) -> String {
        let _ = (owner, chevron_owner);
        format!("{marker}{chevron}")
    }

    /// A player's name (`Black`) in the lines below the board.
    fn player(&self, colour: Colour) -> String {
        colour.word().to_owned()
    }
}

/// The diagram as plain text: [`DiagramPaint`]'s default methods.
#[derive(Clone, Copy, Debug, Default)]
pub struct Plain;

impl DiagramPaint for Plain {}

impl Position {
    /// The board as text: rank 9 at the top, the nine borderlands boxed by heavy
    /// lines, coordinates on every side; each field as its owner's letter (`.`
    /// when neutral) followed by its chevron, if any, as its owner's letter in
    /// lower case and an arrow for its facing. Below the board: each player's
    /// fields and chevrons, the target, and whose turn it is or how the game
    /// ended. This is the drawing of `pacru show`.
    ///
    /// ```
    /// use pacru_core::Position;
    /// let diagram = Position::standard(2).unwrap().diagram();
    /// let lines: Vec<&str> = diagram.lines().collect();
    /// assert_eq!(lines[0], "     a   b   c     d   e   f     g   h   i");
    /// assert_eq!(lines[1], "   ┏━━━━━━━━━━━━━┳━━━━━━━━━━━━━┳━━━━━━━━━━━━━┓");
    /// assert_eq!(lines[2], " 9 ┃ .   .   .   ┃ .   .r↓ .   ┃ .   .   .k↙ ┃ 9");
    /// assert_eq!(lines[15], "Black (K) 0 fields, 4 chevrons; Red (R) 0 fields, 4 chevrons");
    /// assert_eq!(lines[16], "target 42 fields; Black to move");
    /// ```
    pub fn diagram(&self) -> String {
        self.diagram_painted(&Plain)
    }

    /// The [`diagram`](Position::diagram) with its fields and player names
    /// written by `paint` (to add colour, say).
    pub fn diagram_painted(&self, paint: &impl DiagramPaint) -> String {
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
                    out.push_str(&self.field_text(field, paint));
                }
                if file % 3 == 2 {
                    out.push_str(" ┃");
                }
            }
            let _ = writeln!(out, " {}", rank + 1);
        }
        out.push_str(&rule('┗', '┻', '┛'));
        out.push_str(&files());
        out.push_str(&self.summary(paint));
        out
    }

    /// One field, three columns wide.
    fn field_text(&self, field: Field, paint: &impl DiagramPaint) -> String {
        let owner = self.colour_at(field);
        let chevron = self.chevron_at(field);
        let marker = owner.map_or('.', Colour::letter);
        let chevron_text = chevron.map_or_else(
            || "  ".to_owned(),
            |c| {
                format!(
                    "{}{}",
                    c.colour.letter().to_ascii_lowercase(),
                    arrow(c.facing)
                )
            },
        );
        paint.field(marker, &chevron_text, owner, chevron.map(|c| c.colour))
    }

    /// The lines below the board: fields per player (and who is out), the
    /// target, whose turn it is or how the game ended.
    fn summary(&self, paint: &impl DiagramPaint) -> String {
        let players: Vec<String> = self
            .players()
            .iter()
            .map(|c| {
                let state = if self.is_in_game(c) {
                    count(self.chevrons_of(c).count(), "chevron")
                } else {
                    "out".to_owned()
                };
                format!(
                    "{} ({}) {}, {state}",
                    paint.player(c),
                    c.letter(),
                    count(self.field_count(c), "field")
                )
            })
            .collect();
        let mut out = players.join("; ");
        let _ = write!(out, "\ntarget {} fields; ", self.target());
        match self.status() {
            Status::Ongoing => {
                let _ = writeln!(out, "{} to move", self.to_move());
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
}

/// `n` and `word`, with an `s` unless `n` is 1.
fn count(n: impl Into<u64>, word: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
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
        line.push(char::from(b'a' + file));
        line.push_str("  ");
        if file % 3 == 2 {
            line.push_str("  ");
        }
    }
    line.truncate(line.trim_end().len());
    line.push('\n');
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_aligned() {
        let text = Position::standard(2).unwrap().diagram();
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
    fn a_painter_sees_every_field_and_player() {
        struct Brackets;
        impl DiagramPaint for Brackets {
            fn field(
                &self,
                marker: char,
                chevron: &str,
                _: Option<Colour>,
                _: Option<Colour>,
            ) -> String {
                format!("<{marker}{chevron}>")
            }
            fn player(&self, colour: Colour) -> String {
                format!("<{}>", colour.word())
            }
        }
        let text = Position::standard(3).unwrap().diagram_painted(&Brackets);
        assert_eq!(text.matches('<').count(), 81 + 3, "{text}");
        assert!(text.contains("<Black> (K)"), "{text}");
    }
}
