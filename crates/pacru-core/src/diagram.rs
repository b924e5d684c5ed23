//! A plain-text board diagram for people, logs and snapshot tests.

use crate::{Direction, Field, Position};
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

impl Position {
    /// A plain-text diagram: rank 9 at the top, borderlands boxed, each field as its
    /// marker letter (`.` when neutral) followed by a chevron as its owner's letter in
    /// lower case and an arrow for its facing. Below: fields per player and whose turn.
    ///
    /// ```text
    ///      a   b   c     d   e   f     g   h   i
    ///    +-------------+-------------+-------------+
    ///  9 | .   .   .   | .   .r↓ .   | .   .   .   | 9
    /// ```
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        let files = "     a   b   c     d   e   f     g   h   i\n";
        let rule = "   +-------------+-------------+-------------+\n";
        out.push_str(files);
        for rank in (0..9u8).rev() {
            if rank % 3 == 2 {
                out.push_str(rule);
            }
            let _ = write!(out, " {} |", rank + 1);
            for file in 0..9u8 {
                let Some(field) = Field::new(file, rank) else {
                    continue;
                };
                let marker = self.colour_at(field).map_or('.', |c| c.letter());
                let _ = write!(out, " {marker}");
                match self.chevron_at(field) {
                    Some(c) => {
                        let _ = write!(
                            out,
                            "{}{}",
                            c.colour.letter().to_ascii_lowercase(),
                            arrow(c.facing)
                        );
                    }
                    None => out.push_str("  "),
                }
                if file % 3 == 2 {
                    out.push_str(" |");
                }
            }
            let _ = writeln!(out, " {}", rank + 1);
        }
        out.push_str(rule);
        out.push_str(files);
        let mut counts = Vec::new();
        for colour in self.players().iter() {
            let out_mark = if self.is_in_game(colour) {
                ""
            } else {
                " (out)"
            };
            counts.push(format!(
                "{} {}{}",
                colour,
                self.field_count(colour),
                out_mark
            ));
        }
        let _ = writeln!(
            out,
            "fields: {} (target {})",
            counts.join(", "),
            self.target()
        );
        match self.status() {
            crate::Status::Ongoing => {
                let _ = writeln!(out, "to move: {}", self.to_move());
            }
            crate::Status::Won { winner, reason } => {
                let how = match reason {
                    crate::WinReason::Target => "reached the target",
                    crate::WinReason::LastStanding => "last player with chevrons",
                };
                let _ = writeln!(out, "game over: {winner} wins ({how})");
            }
            crate::Status::NoWinner => {
                let _ = writeln!(out, "game over: no player has chevrons");
            }
        }
        out
    }
}
