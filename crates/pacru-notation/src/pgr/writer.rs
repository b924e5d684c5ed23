//! The canonical writer of game records.

use super::game::default_seats_text;
use super::movers::replay_movers;
use super::tags::SETUP_TAGS;
use super::{Game, MoveEntry, Tags};
use pacru_core::{Colour, RulesEdition};
use std::fmt::Write as _;

/// The longest line the writer makes, in characters (a longer unit, such as a
/// long comment, stands on a line of its own).
pub const LINE_WIDTH: usize = 80;

const SEVEN_TAG_ROSTER: [&str; 4] = ["Event", "Site", "Date", "Round"];

/// The tags of `game` as the canonical writer orders them (`docs/notation.md`):
/// `Event`, `Site`, `Date`, `Round` (`?` when missing), the colour-name tags of the
/// players in order of play, `Players`, `Seats` (only when not the default),
/// `Rules` (`2004` when missing), `Position` (when present), `Result` (the result
/// token), `Termination` (when present), then every other tag in the order read.
pub fn canonical_tags(game: &Game) -> Tags {
    let tags = &game.tags;
    let mut out = Tags::new();
    for name in SEVEN_TAG_ROSTER {
        out.push(name.to_string(), tags.get(name).unwrap_or("?").to_string());
    }
    let players = game.players().ok();
    let order: Vec<Colour> = players
        .clone()
        .unwrap_or_else(|| vec![Colour::Black, Colour::Red]);
    let mut written_colours = Vec::new();
    for colour in &order {
        if let Some(v) = tags.get(colour.word()) {
            out.push(colour.word().to_string(), v.to_string());
            written_colours.push(colour.word());
        }
    }
    let players_text = match (tags.get("Players"), &players) {
        (Some(v), _) => v.to_string(),
        (None, Some(list)) => list.iter().map(|c| c.letter()).collect(),
        (None, None) => "KR".to_string(),
    };
    let count = players
        .as_ref()
        .map_or(players_text.chars().count(), Vec::len);
    out.push("Players".to_string(), players_text);
    if let Some(seats) = tags.get("Seats")
        && Some(seats) != default_seats_text(count)
    {
        out.push("Seats".to_string(), seats.to_string());
    }
    out.push(
        "Rules".to_string(),
        tags.get("Rules")
            .unwrap_or(RulesEdition::default().year())
            .to_string(),
    );
    if let Some(position) = tags.get("Position") {
        out.push("Position".to_string(), position.to_string());
    }
    out.push("Result".to_string(), game.result.token().to_string());
    if let Some(termination) = tags.get("Termination") {
        out.push("Termination".to_string(), termination.to_string());
    }
    for (name, value) in tags.iter() {
        if SEVEN_TAG_ROSTER.contains(&name)
            || SETUP_TAGS.contains(&name)
            || written_colours.contains(&name)
        {
            continue;
        }
        out.push(name.to_string(), value.to_string());
    }
    out
}

impl Game {
    /// Puts the game in canonical form, as [`write_game`] writes it and reading
    /// the written text gives it back: canonical tags ([`canonical_tags`]) and
    /// moves written canonically.
    pub fn canonicalize(&mut self) {
        self.tags = canonical_tags(self);
        for entry in &mut self.moves {
            entry.text = entry.canonical_text();
        }
    }

    /// A canonical copy of the game (see [`Game::canonicalize`]).
    #[must_use]
    pub fn canonical(&self) -> Game {
        let mut game = self.clone();
        game.canonicalize();
        game
    }
}

fn escape_value(out: &mut String, value: &str) {
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            // A tag stands on one line; line breaks cannot be written.
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
}

/// Lays out movetext units in lines of at most [`LINE_WIDTH`] characters.
struct Lines {
    out: String,
    /// Characters on the current line.
    current: usize,
    /// Whether the current line already holds a unit.
    started: bool,
    /// The last unit was a `;` comment: the next unit starts a new line.
    must_break: bool,
}

impl Lines {
    fn put(&mut self, unit: &str) {
        let first_line = unit.split('\n').next().unwrap_or("").chars().count();
        if self.started {
            if !self.must_break && self.current + 1 + first_line <= LINE_WIDTH {
                self.out.push(' ');
                self.current += 1;
            } else {
                self.out.push('\n');
                self.current = 0;
            }
        }
        self.out.push_str(unit);
        match unit.rfind('\n') {
            Some(i) => self.current = unit[i + 1..].chars().count(),
            None => self.current += first_line,
        }
        self.started = true;
        self.must_break = false;
    }

    fn put_comment(&mut self, text: &str) {
        if !text.contains('}') {
            let mut unit = String::with_capacity(text.len() + 2);
            unit.push('{');
            unit.push_str(text);
            unit.push('}');
            self.put(&unit);
        } else if !text.contains('\n') {
            // Only a `;` comment can hold a '}'; it runs to the end of the line.
            let mut unit = String::with_capacity(text.len() + 1);
            unit.push(';');
            unit.push_str(text);
            self.put(&unit);
            self.must_break = true;
        } else {
            // Neither form can hold both '}' and a line break; documented loss.
            let mut unit = String::with_capacity(text.len() + 2);
            unit.push('{');
            unit.push_str(&text.replace('}', ")"));
            unit.push('}');
            self.put(&unit);
        }
    }
}

fn is_symbolic_glyph(g: &str) -> bool {
    matches!(g, "!" | "?" | "!!" | "??" | "!?" | "?!")
}

fn write_entry(lines: &mut Lines, entry: &MoveEntry, round: Option<usize>) {
    let mut unit = String::with_capacity(24);
    if let Some(n) = round {
        let _ = write!(unit, "{n}. ");
    }
    match &entry.mv {
        Some(mv) => {
            let _ = write!(unit, "{mv}");
        }
        None => unit.push_str("pass"),
    }
    let mut glyphs = entry.glyphs.iter();
    if let Some(first) = entry.glyphs.first()
        && is_symbolic_glyph(first)
    {
        unit.push_str(first);
        glyphs.next();
    }
    lines.put(&unit);
    for glyph in glyphs {
        lines.put(glyph);
    }
    for comment in &entry.comments {
        lines.put_comment(comment);
    }
}

/// The canonical text of one game (`docs/notation.md`, "Canonical writing"), ending in
/// `"\n"`. Round numbers come from replaying the moves (see `docs/notation.md` for
/// games that cannot be replayed to the end). `pass` entries are kept.
pub fn write_game(game: &Game) -> String {
    let mut out = String::with_capacity(256 + game.moves.len() * 12);
    for (name, value) in canonical_tags(game).iter() {
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        escape_value(&mut out, value);
        out.push_str("\"]\n");
    }
    out.push('\n');
    let movers = replay_movers(game);
    let mut lines = Lines {
        out,
        current: 0,
        started: false,
        must_break: false,
    };
    for comment in &game.leading_comments {
        lines.put_comment(comment);
    }
    let mut round = 0;
    let mut previous: Option<usize> = None;
    for (entry, mover) in game.moves.iter().zip(&movers) {
        let number = match mover {
            Some(slot) => {
                let new_round = previous.is_none_or(|p| *slot <= p);
                previous = Some(*slot);
                if new_round {
                    round += 1;
                    Some(round)
                } else {
                    None
                }
            }
            None => None,
        };
        write_entry(&mut lines, entry, number);
    }
    lines.put(game.result.token());
    let mut out = lines.out;
    out.push('\n');
    out
}

/// The canonical text of several games, separated by one blank line.
pub fn write_games(games: &[Game]) -> String {
    let mut out = String::new();
    for (i, game) in games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&write_game(game));
    }
    out
}
