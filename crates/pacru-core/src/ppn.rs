//! Position notation (PPN): `MARKERS CHEVRONS TO_MOVE PLAYERS`, as a value ([`Ppn`])
//! with `FromStr` and `Display`, and the conversions on [`Position`].
//!
//! A PPN does not name the rules edition; parsing assumes the 2004 rules unless told
//! otherwise ([`Ppn::with_rules`], [`Position::from_ppn`]).

use crate::{Colour, Direction, Field, Position, PositionError, RulesEdition, Setup};
use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

/// The most characters of the text quoted in an error message.
const QUOTED_CHARS: usize = 40;

/// `text` as quoted in an error message: its first 40 characters and `...` when
/// it is longer, so that a message stays short whatever the input.
fn shorten(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(QUOTED_CHARS) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}...", &text[..end])),
    }
}
use thiserror::Error;

/// The text is not a valid position; `column` (counted from 1, in characters, as
/// editors count) points at the problem.
///
/// ```
/// use pacru_core::Position;
/// let text = "9/9/9/9/9/9/9/9/9 Ke1N,Ra1NE K KQ";
/// let err = text.parse::<Position>().unwrap_err();
/// assert_eq!(err.column, 33); // the Q
/// assert_eq!(err.to_string(), "column 33: 'Q' is not a colour letter (K, R, Y, G or B)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("column {column}: {message}")]
pub struct PpnError {
    /// The column of the problem within the PPN text: 1 for its first character.
    pub column: usize,
    /// What is wrong, in plain words.
    pub message: String,
}

/// An error at the 0-based character `offset`.
fn error(offset: usize, message: impl Into<String>) -> PpnError {
    PpnError {
        column: offset + 1,
        message: message.into(),
    }
}

/// Where each part of the position was written, to place errors found later.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Spans {
    marker_column: [usize; 81],
    chevron_columns: Vec<usize>,
    to_move_column: usize,
    players_column: usize,
}

/// A position in PPN, read but not yet checked against the rules' invariants.
///
/// `"...".parse::<Ppn>()` checks the syntax; [`Ppn::into_position`] checks the
/// invariants (one chevron per field, colours that play, ...) and settles the position.
/// `Display` writes the text back: the canonical PPN for a `Ppn` made by
/// [`Ppn::from_position`] or [`Position::to_ppn`].
///
/// ```
/// use pacru_core::{Position, Ppn, RulesEdition};
///
/// let text = "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR";
/// let ppn: Ppn = text.parse()?;
/// let position = ppn.into_position()?;
/// assert_eq!(position, Position::standard(2).unwrap());
/// assert_eq!(position.to_ppn().to_string(), text);
///
/// // The same in one step, under a chosen rules edition:
/// let position = Position::from_ppn(text, RulesEdition::Pacru2011)?;
/// assert_eq!(position.rules(), RulesEdition::Pacru2011);
/// # Ok::<(), pacru_core::PpnError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ppn {
    setup: Setup,
    /// Columns of the parts, when the value was read from text.
    spans: Option<Box<Spans>>,
}

impl Ppn {
    /// The PPN of a position (canonical text).
    pub fn from_position(position: &Position) -> Ppn {
        Ppn {
            setup: position.to_setup(),
            spans: None,
        }
    }

    /// The position's plain data.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The same text read under another rules edition (a PPN does not name one).
    #[must_use]
    pub fn with_rules(mut self, rules: RulesEdition) -> Ppn {
        self.setup.rules = rules;
        self
    }

    /// Checks the invariants and builds the settled position; an error points at the
    /// part of the text at fault.
    pub fn into_position(self) -> Result<Position, PpnError> {
        Position::from_setup(&self.setup).map_err(|e| match &self.spans {
            Some(spans) => locate(&e, &self.setup, spans),
            None => error(0, e.to_string()),
        })
    }
}

impl FromStr for Ppn {
    type Err = PpnError;

    /// Reads the text under the 2004 rules (see [`Ppn::with_rules`]); a trailing
    /// line end is ignored.
    fn from_str(text: &str) -> Result<Ppn, PpnError> {
        let (setup, spans) = parse_setup(text, RulesEdition::default())?;
        Ok(Ppn {
            setup,
            spans: Some(Box::new(spans)),
        })
    }
}

impl fmt::Display for Ppn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let setup = &self.setup;
        let mut letters = [0u8; 81];
        for (letter, marker) in letters.iter_mut().zip(&setup.markers) {
            *letter = marker.map_or(0, |colour| colour.letter() as u8);
        }
        write_ppn(
            f,
            &letters,
            setup.chevrons.iter().copied(),
            setup.to_move,
            &setup.players,
        )
    }
}

impl From<&Position> for Ppn {
    fn from(position: &Position) -> Ppn {
        Ppn::from_position(position)
    }
}

impl Position {
    /// Reads a position from PPN under the given rules edition and settles it (a
    /// blocked player to move is removed).
    ///
    /// ```
    /// use pacru_core::{Position, RulesEdition};
    /// let text = "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR";
    /// let position = Position::from_ppn(text, RulesEdition::Pacru2004).unwrap();
    /// assert_eq!(position.to_ppn().to_string(), text);
    /// ```
    pub fn from_ppn(text: &str, rules: RulesEdition) -> Result<Position, PpnError> {
        text.parse::<Ppn>()?.with_rules(rules).into_position()
    }

    /// The position in PPN, as a value. For the text alone, `to_string()` (the
    /// `Display` of a position is its canonical PPN) does the same without the
    /// intermediate value.
    pub fn to_ppn(&self) -> Ppn {
        Ppn::from_position(self)
    }
}

/// Splits on single spaces, recording each part's starting column.
fn split_fields(text: &str) -> Result<Vec<(usize, &str)>, PpnError> {
    let mut parts = Vec::new();
    let mut column = 0;
    for part in text.split(' ') {
        if part.is_empty() {
            return Err(error(
                column,
                "expected four parts separated by single spaces: MARKERS CHEVRONS TO_MOVE PLAYERS",
            ));
        }
        parts.push((column, part));
        column += part.chars().count() + 1;
    }
    Ok(parts)
}

fn parse_setup(text: &str, rules: RulesEdition) -> Result<(Setup, Spans), PpnError> {
    let text = text.trim_end_matches(['\n', '\r']);
    let parts = split_fields(text)?;
    if parts.len() != 4 {
        let column = parts.get(4).map_or(text.chars().count(), |p| p.0);
        return Err(error(
            column,
            format!(
                "expected four parts (MARKERS CHEVRONS TO_MOVE PLAYERS), found {}",
                parts.len()
            ),
        ));
    }
    let (players_column, players_text) = parts[3];
    let players = parse_players(players_column, players_text)?;
    let mut spans = Spans {
        marker_column: [0; 81],
        chevron_columns: Vec::new(),
        to_move_column: parts[2].0,
        players_column,
    };
    let markers = parse_markers(parts[0].0, parts[0].1, &mut spans)?;
    let chevrons = parse_chevrons(parts[1].0, parts[1].1, &mut spans)?;
    let (to_move_column, to_move_text) = parts[2];
    let to_move = single_colour(to_move_column, to_move_text, "the player to move")?;
    Ok((
        Setup {
            players,
            markers,
            chevrons,
            to_move,
            rules,
        },
        spans,
    ))
}

fn colour_letter(column: usize, c: char) -> Result<Colour, PpnError> {
    Colour::from_letter(c).ok_or_else(|| {
        error(
            column,
            format!("'{c}' is not a colour letter (K, R, Y, G or B)"),
        )
    })
}

fn single_colour(column: usize, text: &str, what: &str) -> Result<Colour, PpnError> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => colour_letter(column, c),
        _ => Err(error(
            column,
            format!(
                "{what} must be one colour letter, found '{}'",
                shorten(text)
            ),
        )),
    }
}

fn parse_players(column: usize, text: &str) -> Result<Vec<Colour>, PpnError> {
    let mut players = Vec::new();
    for (i, c) in text.chars().enumerate() {
        let colour = colour_letter(column + i, c)?;
        if players.contains(&colour) {
            return Err(error(
                column + i,
                format!("{colour} is listed twice among the players"),
            ));
        }
        players.push(colour);
    }
    if !(2..=4).contains(&players.len()) {
        return Err(error(
            column,
            format!("a game has 2 to 4 players, found {}", players.len()),
        ));
    }
    Ok(players)
}

fn parse_markers(
    column: usize,
    text: &str,
    spans: &mut Spans,
) -> Result<[Option<Colour>; 81], PpnError> {
    let mut markers = [None; 81];
    let mut rank: u8 = 8;
    let mut file: u8 = 0;
    let mut rank_start = column;
    for (i, c) in text.chars().enumerate() {
        let col = column + i;
        match c {
            '/' => {
                if file != 9 {
                    return Err(error(
                        rank_start,
                        format!("rank {} describes {file} fields, not 9", rank + 1),
                    ));
                }
                if rank == 0 {
                    return Err(error(col, "more than 9 ranks"));
                }
                rank -= 1;
                file = 0;
                rank_start = col + 1;
            }
            '1'..='9' => {
                let run = c as u8 - b'0';
                if file + run > 9 {
                    return Err(error(
                        col,
                        format!("rank {} describes more than 9 fields", rank + 1),
                    ));
                }
                for f in file..file + run {
                    if let Some(field) = Field::new(f, rank) {
                        spans.marker_column[field.index()] = col;
                    }
                }
                file += run;
            }
            _ => {
                let colour = Colour::from_letter(c).ok_or_else(|| {
                    error(
                        col,
                        format!("'{c}' is neither a colour letter (K R Y G B) nor a digit 1-9"),
                    )
                })?;
                let field = Field::new(file, rank).ok_or_else(|| {
                    error(
                        col,
                        format!("rank {} describes more than 9 fields", rank + 1),
                    )
                })?;
                markers[field.index()] = Some(colour);
                spans.marker_column[field.index()] = col;
                file += 1;
            }
        }
    }
    if file != 9 {
        return Err(error(
            rank_start,
            format!("rank {} describes {file} fields, not 9", rank + 1),
        ));
    }
    if rank != 0 {
        return Err(error(
            column + text.chars().count(),
            format!("only {} ranks given, 9 needed", 9 - rank),
        ));
    }
    Ok(markers)
}

fn parse_chevrons(
    column: usize,
    text: &str,
    spans: &mut Spans,
) -> Result<Vec<(Colour, Field, Direction)>, PpnError> {
    let mut chevrons = Vec::new();
    if text == "-" {
        return Ok(chevrons);
    }
    let mut col = column;
    for entry in text.split(',') {
        let mut chars = entry.chars();
        let Some(letter) = chars.next() else {
            return Err(error(col, "empty chevron entry; expected e.g. Ke1N"));
        };
        let colour = colour_letter(col, letter)?;
        let rest = chars.as_str();
        let field_text: String = rest.chars().take(2).collect();
        let field: Field = field_text.parse().map_err(|_| {
            error(
                col + 1,
                format!("expected a field a1..i9 after '{letter}', found '{field_text}'"),
            )
        })?;
        let facing_text: String = rest.chars().skip(2).collect();
        let facing: Direction = match facing_text.as_str() {
            "N" | "NE" | "E" | "SE" | "S" | "SW" | "W" | "NW" => facing_text
                .parse()
                .map_err(|_| error(col + 3, "bad facing"))?,
            _ => {
                return Err(error(
                    col + 3,
                    format!(
                        "expected a facing (N NE E SE S SW W NW) after {field}, found '{}'",
                        shorten(&facing_text)
                    ),
                ));
            }
        };
        chevrons.push((colour, field, facing));
        spans.chevron_columns.push(col);
        col += entry.chars().count() + 1;
    }
    Ok(chevrons)
}

/// Turns a core invariant error into a located PPN error.
fn locate(e: &PositionError, setup: &Setup, spans: &Spans) -> PpnError {
    let chevron_column = |field: Field| {
        setup
            .chevrons
            .iter()
            .zip(&spans.chevron_columns)
            .rev()
            .find(|((_, f, _), _)| *f == field)
            .map_or(0, |(_, &c)| c)
    };
    // Two chevrons on one field: the second entry is the first one too many.
    let second_on = |field: Field| {
        setup
            .chevrons
            .iter()
            .zip(&spans.chevron_columns)
            .filter(|((_, f, _), _)| *f == field)
            .nth(1)
            .map_or(0, |(_, &c)| c)
    };
    let column = match e {
        PositionError::PlayerCount(_) | PositionError::RepeatedPlayer(_) => spans.players_column,
        PositionError::ToMoveNotPlaying(_) => spans.to_move_column,
        PositionError::MarkerColourNotPlaying { field, .. } => spans.marker_column[field.index()],
        PositionError::TwoChevrons { field } => second_on(*field),
        PositionError::ChevronColourNotPlaying { field, .. }
        | PositionError::ChevronOnForeignColour { field, .. } => chevron_column(*field),
        PositionError::BadSeats(_) => 0,
    };
    error(column, e.to_string())
}

/// Writes the canonical PPN of a position given as its fields' colour letters (0
/// for neutral, indexed by field), its chevrons in order, the player to move and
/// the players. The one PPN writer: [`Position`]'s and [`Ppn`]'s `Display` both
/// come here, so that `pacru check --format json`, which writes one PPN a game,
/// pays no intermediate [`Setup`].
fn write_ppn(
    out: &mut fmt::Formatter<'_>,
    letters: &[u8; 81],
    chevrons: impl Iterator<Item = (Colour, Field, Direction)>,
    to_move: Colour,
    players: &[Colour],
) -> fmt::Result {
    // At most 81 + 8 marker characters, 16 chevrons of 5 characters, the rest.
    let mut text = String::with_capacity(192);
    for rank in (0..9usize).rev() {
        let mut run = 0u8;
        for &letter in &letters[rank * 9..rank * 9 + 9] {
            if letter == 0 {
                run += 1;
                continue;
            }
            if run > 0 {
                text.push(char::from(b'0' + run));
                run = 0;
            }
            text.push(char::from(letter));
        }
        if run > 0 {
            text.push(char::from(b'0' + run));
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text.push(' ');
    let mut any = false;
    for (colour, field, facing) in chevrons {
        if any {
            text.push(',');
        }
        any = true;
        text.push(colour.letter());
        text.push(field.file_char());
        text.push(field.rank_char());
        text.push_str(facing.name());
    }
    if !any {
        text.push('-');
    }
    text.push(' ');
    text.push(to_move.letter());
    text.push(' ');
    for colour in players {
        text.push(colour.letter());
    }
    out.write_str(&text)
}

impl fmt::Display for Position {
    /// The canonical PPN of the position.
    ///
    /// ```
    /// use pacru_core::Position;
    /// let start = Position::standard(2).unwrap();
    /// assert_eq!(
    ///     start.to_string(),
    ///     "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR"
    /// );
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut letters = [0u8; 81];
        for colour in self.players().iter() {
            for field in self.fields_of(colour) {
                letters[field.index()] = colour.letter() as u8;
            }
        }
        write_ppn(
            f,
            &letters,
            self.chevrons(),
            self.to_move(),
            self.players().as_slice(),
        )
    }
}

impl FromStr for Position {
    type Err = PpnError;

    /// Reads a position from PPN under the 2004 rules (a PPN does not name the
    /// edition; [`Position::from_ppn`] takes one).
    ///
    /// ```
    /// use pacru_core::Position;
    /// let text = "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR";
    /// let position: Position = text.parse().unwrap();
    /// assert_eq!(position, Position::standard(2).unwrap());
    /// ```
    fn from_str(text: &str) -> Result<Position, PpnError> {
        Position::from_ppn(text, RulesEdition::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ppn_text(pos: &Position) -> String {
        pos.to_string()
    }

    fn parse_2004(text: &str) -> Result<Position, PpnError> {
        text.parse()
    }

    const START2: &str = "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR";

    #[test]
    fn position_and_ppn_value_write_the_same_text_along_random_games() {
        let mut rng = crate::SplitMix64::new(3);
        let mut positions = 0;
        for players in [2, 3, 4] {
            for _ in 0..20 {
                let mut pos = Position::standard(players).unwrap();
                loop {
                    assert_eq!(pos.to_string(), pos.to_ppn().to_string());
                    positions += 1;
                    let Some(mv) = pos.random_move(&mut rng) else {
                        break;
                    };
                    pos.play_unchecked(&mv);
                }
            }
        }
        assert!(positions > 1000);
    }
    #[test]
    fn standard_start_matches_the_spec() {
        let pos = Position::standard(2).unwrap();
        assert_eq!(ppn_text(&pos), START2);
        assert_eq!(parse_2004(START2).unwrap(), pos);
    }

    #[test]
    fn ppn_values_round_trip_through_text_and_positions() {
        let mut rng = crate::SplitMix64::new(7);
        for players in 2..=4 {
            let mut pos = Position::standard(players).unwrap();
            for _ in 0..120 {
                if pos.is_finished() {
                    break;
                }
                let text = pos.to_ppn().to_string();
                let read: Ppn = text.parse().unwrap();
                assert_eq!(read.to_string(), text);
                assert_eq!(read.setup(), &pos.to_setup());
                let back = read.with_rules(pos.rules()).into_position().unwrap();
                assert_eq!(back, pos, "{text}");
                let mv = pos.random_move(&mut rng).unwrap();
                pos.play_unchecked(&mv);
            }
        }
    }

    #[test]
    fn ppn_keeps_the_rules_edition_it_is_given() {
        let pos = Position::from_ppn(START2, RulesEdition::Pacru2011).unwrap();
        assert_eq!(pos.rules(), RulesEdition::Pacru2011);
        assert_eq!(
            START2.parse::<Ppn>().unwrap().setup().rules,
            RulesEdition::Pacru2004
        );
    }

    #[test]
    fn invariant_errors_of_a_read_ppn_are_located() {
        let err = "9/9/9/9/9/9/9/9/9 Ke1N,Re1N K KR"
            .parse::<Ppn>()
            .unwrap()
            .into_position()
            .unwrap_err();
        assert_eq!(err.column, 24);
    }

    #[test]
    fn markers_round_trip() {
        let text = "K8/1R7/9/9/4K4/9/9/9/8R Ke5N,Ri1NW R KR";
        assert_eq!(ppn_text(&parse_2004(text).unwrap()), text);
    }

    #[test]
    fn errors_say_what_and_where() {
        // (text, column counted from 1, what the message says)
        let cases = [
            ("9/9/9/9/9/9/9/9/8 Ke1N,Ra1NE K KR", 17, "rank 1"),
            ("9/9/9/9/9/9/9/9/9 Ke1N,Ra1NE K KK", 33, "twice"),
            ("9/9/9/9/9/9/9/9/9 Ke1N,Ra1NE Y KR", 30, "player to move"),
            ("9/9/9/9/9/9/9/9/9 Ke1N,Re1N K KR", 24, "two chevrons"),
            ("9/9/9/9/9/9/9/9/4R4 Ke1N,Ra1NE K KR", 21, "Red field"),
            (
                "9/9/9/9/9/9/9/9/4Y4 Ke1N,Ra1NE K KR",
                18,
                "Yellow does not play",
            ),
            ("9/9/9/9/9/9/9/9/9 Ke1Q,Ra1NE K KR", 22, "facing"),
            ("9/9/9/9/9/9/9/9/9 Ke1N,Ra1NE K K", 32, "2 to 4"),
            ("9/9/9/9/9/9/9/9/9  Ke1N K KR", 19, "single spaces"),
            ("9/9/9/9/9/9/9/9/X Ke1N K KR", 17, "neither"),
            // A doubled chevron: the second copy is the first one too many.
            (
                "9/9/9/9/9/9/9/9/9 Ke1N,Ke1N,Ke1N,Ra1NE K KR",
                24,
                "two chevrons",
            ),
        ];
        for (text, column, needle) in cases {
            let err = parse_2004(text).unwrap_err();
            assert_eq!(err.column, column, "{text}: {err}");
            assert!(err.message.contains(needle), "{text}: {err}");
        }
    }

    /// Messages quote at most 40 characters of the input, however long it is.
    #[test]
    fn errors_stay_short_on_long_input() {
        let long = "N".repeat(100_000);
        for text in [
            format!("9/9/9/9/9/9/9/9/9 Ke1{long} K KR"),
            format!("9/9/9/9/9/9/9/9/9 Ke1N {long} KR"),
        ] {
            let err = parse_2004(&text).unwrap_err();
            assert!(err.message.len() < 200, "{}", err.message.len());
            assert!(err.message.contains("NNN..."), "{}", err.message);
        }
    }
}
