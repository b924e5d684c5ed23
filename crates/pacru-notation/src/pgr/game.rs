//! A game record in memory: tags, moves with their annotations, the result.

use super::quote::shorten;
use super::{GameResult, Tags};
use pacru_core::{Colour, Move, Position, PpnError, RulesEdition, Seat};
use thiserror::Error;

/// One entry of the movetext: a move (or a `pass`) with what was written around it.
///
/// Equality compares the content (`text`, `mv`, `glyphs`, `comments`), not where the
/// entry was read (`line`, `column`), so a game read back from its written text
/// equals the original.
#[derive(Clone, Debug, Eq)]
pub struct MoveEntry {
    /// The move as written (for example `E1-E3(e3)`; canonical text after writing).
    pub text: String,
    /// The move; `None` for `pass` (a blocked player's removed turn, see `docs/notation.md`).
    pub mv: Option<Move>,
    /// The 1-based line of the move in the input (0 when not read from text).
    pub line: usize,
    /// The 1-based column (in characters) of the move in the input (0 when not read).
    pub column: usize,
    /// Annotation glyphs after the move, in order: `!`, `?`, `!!`, `??`, `!?`, `?!` or `$N`.
    pub glyphs: Vec<String>,
    /// The comments after this move (before the next move), in order; the text
    /// between the braces, or after `;` up to the end of the line, exactly.
    pub comments: Vec<String>,
}

impl PartialEq for MoveEntry {
    fn eq(&self, other: &MoveEntry) -> bool {
        self.text == other.text
            && self.mv == other.mv
            && self.glyphs == other.glyphs
            && self.comments == other.comments
    }
}

impl MoveEntry {
    /// An entry for `mv` written canonically, with no annotations.
    pub fn new(mv: Move) -> MoveEntry {
        MoveEntry {
            text: mv.to_string(),
            mv: Some(mv),
            line: 0,
            column: 0,
            glyphs: Vec::new(),
            comments: Vec::new(),
        }
    }

    /// A `pass` entry.
    pub fn pass() -> MoveEntry {
        MoveEntry {
            text: "pass".to_string(),
            mv: None,
            line: 0,
            column: 0,
            glyphs: Vec::new(),
            comments: Vec::new(),
        }
    }

    /// Whether this entry is a `pass`.
    pub fn is_pass(&self) -> bool {
        self.mv.is_none()
    }

    /// The canonical text of the entry: the move's canonical notation, or `pass`.
    pub fn canonical_text(&self) -> String {
        match &self.mv {
            Some(mv) => mv.to_string(),
            None => "pass".to_string(),
        }
    }
}

/// One game: tags, comments before the first move, the moves and the result token.
///
/// Equality compares the content (tags, comments, moves, result), not where the
/// game was read (`line`, `offset`, `result_line`, `result_column`).
#[derive(Clone, Debug, Eq)]
pub struct Game {
    /// Comments before the first tag (PGN readers accept them there).
    pub comments_before_tags: Vec<String>,
    /// The tag pairs, in the order read.
    pub tags: Tags,
    /// Comments before the first move.
    pub leading_comments: Vec<String>,
    /// The movetext entries in order (moves and `pass`es).
    pub moves: Vec<MoveEntry>,
    /// The result token: `Black`, `Red`, `Yellow`, `Green`, `Blue`, `draw` or `*`.
    pub result: GameResult,
    /// The 1-based line where the game starts (its first tag), 0 when not read.
    pub line: usize,
    /// The byte offset where the game starts in the input.
    pub offset: u64,
    /// The 1-based line of the result token, 0 when not read.
    pub result_line: usize,
    /// The 1-based column of the result token, 0 when not read.
    pub result_column: usize,
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.comments_before_tags == other.comments_before_tags
            && self.tags == other.tags
            && self.leading_comments == other.leading_comments
            && self.moves == other.moves
            && self.result == other.result
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

/// The tags do not describe a start position: which tag, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{tag} tag: {message}")]
pub struct SetupError {
    /// The tag at fault (`Players`, `Seats`, `Rules` or `Position`).
    pub tag: String,
    /// What is wrong, in plain words.
    pub message: String,
}

fn setup_error(tag: &str, message: impl Into<String>) -> SetupError {
    SetupError {
        tag: tag.to_string(),
        message: message.into(),
    }
}

/// Whether `s` is a result token (exact spelling); see [`GameResult`].
pub fn is_result_token(s: &str) -> bool {
    GameResult::from_token(s).is_some()
}

/// Parses a `Players` tag value: 2 to 4 distinct colour letters.
pub(crate) fn parse_players_tag(value: &str) -> Result<Vec<Colour>, SetupError> {
    let mut players = Vec::with_capacity(4);
    for c in value.chars() {
        let colour = Colour::from_letter(c).ok_or_else(|| {
            setup_error(
                "Players",
                format!("'{c}' is not a colour letter (K, R, Y, G or B)"),
            )
        })?;
        if players.contains(&colour) {
            return Err(setup_error("Players", format!("{colour} is listed twice")));
        }
        players.push(colour);
    }
    if !(2..=4).contains(&players.len()) {
        return Err(setup_error(
            "Players",
            format!("a game has 2 to 4 players, found {}", players.len()),
        ));
    }
    Ok(players)
}

/// Parses a `Seats` tag value for `count` players: distinct seat letters.
pub(crate) fn parse_seats_tag(value: &str, count: usize) -> Result<Vec<Seat>, SetupError> {
    let mut seats = Vec::with_capacity(4);
    for c in value.chars() {
        let seat = Seat::from_letter(c).ok_or_else(|| {
            setup_error(
                "Seats",
                format!("'{c}' is not a seat letter (S, W, N or E)"),
            )
        })?;
        if seats.contains(&seat) {
            return Err(setup_error("Seats", format!("seat {seat} is taken twice")));
        }
        seats.push(seat);
    }
    if seats.len() != count {
        return Err(setup_error(
            "Seats",
            format!("{} seats given for {count} players", seats.len()),
        ));
    }
    Ok(seats)
}

/// Parses a `Rules` tag value.
pub(crate) fn parse_rules_tag(value: &str) -> Result<RulesEdition, SetupError> {
    value.parse().map_err(|_| {
        setup_error(
            "Rules",
            format!(
                "'{}' is not a rules edition: expected 2004 or 2011",
                shorten(value)
            ),
        )
    })
}

/// The default `Seats` value for `count` players (`SN`, `SWE`, `SWNE`).
pub(crate) fn default_seats_text(count: usize) -> Option<&'static str> {
    match count {
        2 => Some("SN"),
        3 => Some("SWE"),
        4 => Some("SWNE"),
        _ => None,
    }
}

/// Checks that the players of a `Players` tag (`players`, read from `text`) are
/// those of the `Position` tag's position `pos`, in the same order.
pub(crate) fn check_players_agree(
    players: &[Colour],
    text: &str,
    pos: &Position,
) -> Result<(), SetupError> {
    if players != pos.players().as_slice() {
        return Err(setup_error(
            "Players",
            format!(
                "\"{text}\" disagrees with the Position tag's players \"{}\"",
                pos.players()
            ),
        ));
    }
    Ok(())
}

fn ppn_error(e: PpnError) -> SetupError {
    setup_error("Position", e.to_string())
}

impl Game {
    /// An empty game: no tags, no moves, result `*`.
    pub fn new() -> Game {
        Game {
            comments_before_tags: Vec::new(),
            tags: Tags::new(),
            leading_comments: Vec::new(),
            moves: Vec::new(),
            result: GameResult::Unfinished,
            line: 0,
            offset: 0,
            result_line: 0,
            result_column: 0,
        }
    }

    /// The rules edition of the `Rules` tag; 2004 when the tag is missing or not
    /// an edition (use [`Game::start_position`] to have a bad tag reported).
    pub fn rules(&self) -> RulesEdition {
        self.rules_or(RulesEdition::default())
    }

    /// The rules edition of the `Rules` tag, or `default_rules` when the tag is
    /// missing: the meaning of `pacru check --rules`.
    pub fn rules_or(&self, default_rules: RulesEdition) -> RulesEdition {
        match self.tags.get("Rules") {
            Some(v) => v.parse().unwrap_or_default(),
            None => default_rules,
        }
    }

    /// The players in order of play, from the `Players` tag, else the `Position`
    /// tag, else the default Black, Red.
    pub fn players(&self) -> Result<Vec<Colour>, SetupError> {
        if let Some(v) = self.tags.get("Players") {
            return parse_players_tag(v);
        }
        if let Some(ppn) = self.tags.get("Position") {
            let pos = Position::from_ppn(ppn, RulesEdition::default()).map_err(ppn_error)?;
            return Ok(pos.players().as_slice().to_vec());
        }
        Ok(vec![Colour::Black, Colour::Red])
    }

    /// The position the game starts from, built from the `Players`, `Seats`,
    /// `Rules` and `Position` tags (defaults: `KR`, the default seats, `2004`, the
    /// standard start). A `Position` tag must agree with a `Players` tag; a
    /// `Seats` tag next to a `Position` tag is checked (letters, count) but places
    /// nothing.
    ///
    /// ```
    /// use pacru_notation::pgr::Game;
    /// let start = Game::new().start_position().unwrap();
    /// assert_eq!(start, pacru_core::Position::standard(2).unwrap());
    /// ```
    pub fn start_position(&self) -> Result<Position, SetupError> {
        self.start_position_or(RulesEdition::default())
    }

    /// [`Game::start_position`], with `default_rules` for a game without a `Rules`
    /// tag (the meaning of `pacru check --rules`).
    pub fn start_position_or(&self, default_rules: RulesEdition) -> Result<Position, SetupError> {
        let rules = match self.tags.get("Rules") {
            Some(v) => parse_rules_tag(v)?,
            None => default_rules,
        };
        let players_tag = self
            .tags
            .get("Players")
            .map(parse_players_tag)
            .transpose()?;
        if let Some(ppn) = self.tags.get("Position") {
            let pos = Position::from_ppn(ppn, rules).map_err(ppn_error)?;
            if let Some(players) = &players_tag {
                check_players_agree(players, self.tags.get("Players").unwrap_or_default(), &pos)?;
            }
            if let Some(seats) = self.tags.get("Seats") {
                parse_seats_tag(seats, pos.players().len())?;
            }
            return Ok(pos);
        }
        let players = players_tag.unwrap_or_else(|| vec![Colour::Black, Colour::Red]);
        let seats = match self.tags.get("Seats") {
            Some(v) => parse_seats_tag(v, players.len())?,
            None => Seat::default_seats(players.len())
                .map(<[Seat]>::to_vec)
                .unwrap_or_default(),
        };
        Position::standard_with(&players, &seats)
            .map(|pos| pos.with_rules(rules))
            .map_err(|e| setup_error("Players", e.to_string()))
    }

    /// The number of players removed as blocked before the first move (possible
    /// only with a `Position` tag), `start` being the game's start position: that
    /// many `pass`es may open the movetext.
    pub fn blocked_at_start(&self, start: &Position) -> usize {
        let Some(ppn) = self.tags.get("Position") else {
            return 0;
        };
        let Some(chevrons) = ppn.split(' ').nth(1) else {
            return 0;
        };
        let mut seen: Vec<Colour> = Vec::new();
        for entry in chevrons.split(',') {
            if let Some(c) = entry.chars().next().and_then(Colour::from_letter)
                && !seen.contains(&c)
            {
                seen.push(c);
            }
        }
        seen.iter().filter(|&&c| !start.is_in_game(c)).count()
    }

    /// Sets the result token and the `Result` tag together.
    pub fn set_result(&mut self, result: GameResult) {
        self.result = result;
        self.tags.set("Result", result.token());
    }

    /// The plies of the game: its moves without the `pass`es.
    pub fn plies(&self) -> impl Iterator<Item = &Move> + '_ {
        self.moves.iter().filter_map(|e| e.mv.as_ref())
    }
}
