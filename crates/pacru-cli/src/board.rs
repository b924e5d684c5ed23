//! The board for people on a terminal (`show`, `replay`, `check`): pacru-core's
//! diagram, painted. The characters are the same with and without colour;
//! colour only adds the owners' colours as backgrounds and chevron colours.

use crate::style::paint;
use anstyle::{AnsiColor, Color, Style};
use pacru_core::{Colour, DiagramPaint, Position};

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

/// The diagram's painter for a terminal: an owned field gets its owner's colour
/// as background (bold under a chevron), a chevron on a neutral field its
/// owner's colour, a neutral marker is dimmed, and players' names their colours.
struct Terminal;

impl DiagramPaint for Terminal {
    fn field(
        &self,
        marker: char,
        chevron: &str,
        owner: Option<Colour>,
        chevron_owner: Option<Colour>,
    ) -> String {
        match owner {
            Some(owner) => {
                let style = field_style(owner);
                let style = if chevron_owner.is_some() {
                    style.bold()
                } else {
                    style
                };
                paint(format!("{marker}{chevron}"), style, true)
            }
            None => {
                let dot = paint(marker, crate::style::DIM, true);
                match chevron_owner {
                    Some(c) => format!("{dot}{}", paint(chevron, player_style(c), true)),
                    None => format!("{dot}{chevron}"),
                }
            }
        }
    }

    fn player(&self, colour: Colour) -> String {
        paint(colour.word(), player_style(colour), true)
    }
}

/// The board (pacru-core's diagram, the one drawing of a position), with colour
/// for a terminal if `colour`.
pub fn render(position: &Position, colour: bool) -> String {
    if colour {
        position.diagram_painted(&Terminal)
    } else {
        position.diagram()
    }
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
    fn the_plain_board_is_the_cores_diagram() {
        // Its alignment is pacru-core's to test (diagram.rs).
        let start = Position::standard(2).unwrap();
        let text = render(&start, false);
        assert!(!text.contains('\x1b'));
        assert_eq!(text, start.diagram());
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
