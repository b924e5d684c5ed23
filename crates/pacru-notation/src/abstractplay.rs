//! Import of AbstractPlay game records into PGR (feature `abstractplay`).
//!
//! [AbstractPlay](https://abstractplay.com) is the one public online implementation
//! of Pacru. It archives finished games as JSON "AP Game Records" (the schema is
//! `src/schemas/gamerecord.json` of the `AbstractPlay/recranks` repository; the
//! records are made by `genRecord` in `src/games/_base.ts` of `AbstractPlay/gameslib`,
//! the moves by `src/games/pacru.ts` there):
//!
//! ```json
//! {
//!   "header": {
//!     "game": {"name": "Pacru", "variants": []},
//!     "site": {"name": "Abstract Play", "gameid": "b7c1..."},
//!     "date-start": "2024-05-01T10:00:00.000Z",
//!     "date-end": "2024-05-09T18:30:00.000Z",
//!     "date-generated": "2024-05-09T18:30:01.000Z",
//!     "players": [
//!       {"name": "alice", "userid": "u1", "score": 1, "result": 0},
//!       {"name": "bob", "userid": "u2", "score": 3, "result": 1}
//!     ]
//!   },
//!   "moves": [["e1-e2", "e9-e8"], ["a3-b4(b4)", "resign"]]
//! }
//! ```
//!
//! `moves` is a list of rounds; a round lists one entry per player in seating
//! order (player 1 first), each a move string, an object `{"move": ..., "result":
//! [...], "sequence": n}` or `null`. AbstractPlay keeps its turn cycle strict: a
//! player who is out (or is removed as blocked) gets a `pass` on each of their
//! turns, and a game that ends by `resign`, `timeout`, `draw` or `abandoned` has
//! that word as its last entry.
//!
//! [`import`] maps AbstractPlay's player `n` to the `n`-th colour in order of play
//! (Black, Red, Yellow, Green), its seats to the `Seats` tag (`EWN` for 3 players,
//! `EWNS` for 4; 2 players sit `SN` in the current code and `EW` in older
//! versions, told apart by the first move), and its meeting rule, which is the
//! amendment of March 2011, to `[Rules "2011"]`. Moves are translated to canonical
//! notation; `pass`es of players who are out are dropped (the referee removes
//! blocked players itself). The record is replayed with [`pacru_core`] to put
//! the movement items in our order; a move that stays illegal is kept as it is, for
//! [`crate::referee::check_game`] (`pacru check`) to report. See `docs/notation.md`,
//! section "AbstractPlay", for the mapping tables.
#![cfg(feature = "abstractplay")]

use crate::pgr::{Game, GameResult, MoveEntry, Tags};
use pacru_core::{
    Bitboard, Colour, Field, Item, Items, Move, Movement, Position, Reorientation, Rotation,
    RulesEdition, Seat,
};
use serde_json::{Map, Value};
use std::fmt::Write as _;
use thiserror::Error;

/// The tag that keeps AbstractPlay's game id (`header.site.gameid`).
pub const GAME_ID_TAG: &str = "SiteGameId";

/// The rules edition of AbstractPlay's Pacru: its meeting gives the benefit only
/// while another player's colour covers at least 9 fields (the 2011 amendment).
pub const RULES: RulesEdition = RulesEdition::Pacru2011;

/// Why an AbstractPlay record cannot be imported: what is wrong, and where (a JSON
/// path such as `$.moves[3][1]`; rounds and moves are also given 1-based).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ImportError {
    /// The text is not JSON.
    #[error("not JSON (line {line}, column {column}): {message}")]
    Json {
        /// The 1-based line of the problem.
        line: usize,
        /// The 1-based column of the problem.
        column: usize,
        /// What the JSON parser says.
        message: String,
    },
    /// A required member is missing.
    #[error("{path}: missing")]
    Missing {
        /// Where it should be.
        path: String,
    },
    /// A value has the wrong JSON type.
    #[error("{path}: expected {expected}, found {found}")]
    Type {
        /// Where.
        path: String,
        /// What was expected (for example "a string").
        expected: &'static str,
        /// What was found (for example "a number").
        found: &'static str,
    },
    /// The record is of another game.
    #[error("{path}: the record is of \"{name}\", not Pacru")]
    NotPacru {
        /// Where the game's name is.
        path: String,
        /// The game's name.
        name: String,
    },
    /// Pacru has 2 to 4 players.
    #[error("{path}: {count} players; Pacru has 2 to 4")]
    PlayerCount {
        /// Where the players are.
        path: String,
        /// How many there are.
        count: usize,
    },
    /// A variant this importer does not know (AbstractPlay's Pacru has none).
    #[error("{path}: unknown variant \"{variant}\" (AbstractPlay's Pacru has no variants)")]
    UnknownVariant {
        /// Where.
        path: String,
        /// The variant as written.
        variant: String,
    },
    /// A value that does not mean anything here (a bad date, a round with too
    /// many entries, ...).
    #[error("{path}: {message}")]
    Value {
        /// Where.
        path: String,
        /// What is wrong.
        message: String,
    },
    /// A move that cannot be translated.
    #[error("{path} (round {round}, move {index}): \"{text}\": {message}")]
    Move {
        /// Where.
        path: String,
        /// The 1-based round.
        round: usize,
        /// The 1-based entry within the round.
        index: usize,
        /// The move as written (cut to 40 characters).
        text: String,
        /// What is wrong.
        message: String,
    },
    /// An entry after the one that ended the game (`resign`, `timeout`, `draw`,
    /// `abandoned`).
    #[error(
        "{path} (round {round}, move {index}): \"{text}\" comes after the game ended with \"{ended_by}\""
    )]
    AfterEnd {
        /// Where.
        path: String,
        /// The 1-based round.
        round: usize,
        /// The 1-based entry within the round.
        index: usize,
        /// The entry as written (cut to 40 characters).
        text: String,
        /// The entry that ended the game.
        ended_by: String,
    },
}

impl ImportError {
    /// The JSON path of the problem (`$` for JSON syntax errors).
    pub fn path(&self) -> &str {
        match self {
            ImportError::Json { .. } => "$",
            ImportError::Missing { path }
            | ImportError::Type { path, .. }
            | ImportError::NotPacru { path, .. }
            | ImportError::PlayerCount { path, .. }
            | ImportError::UnknownVariant { path, .. }
            | ImportError::Value { path, .. }
            | ImportError::Move { path, .. }
            | ImportError::AfterEnd { path, .. } => path,
        }
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn type_error(path: &str, expected: &'static str, found: &Value) -> ImportError {
    ImportError::Type {
        path: path.to_string(),
        expected,
        found: kind(found),
    }
}

fn as_object<'a>(value: &'a Value, path: &str) -> Result<&'a Map<String, Value>, ImportError> {
    value
        .as_object()
        .ok_or_else(|| type_error(path, "an object", value))
}

fn as_array<'a>(value: &'a Value, path: &str) -> Result<&'a [Value], ImportError> {
    value
        .as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| type_error(path, "an array", value))
}

fn as_str<'a>(value: &'a Value, path: &str) -> Result<&'a str, ImportError> {
    value
        .as_str()
        .ok_or_else(|| type_error(path, "a string", value))
}

fn required<'a>(
    object: &'a Map<String, Value>,
    key: &str,
    path: &str,
) -> Result<(&'a Value, String), ImportError> {
    let member_path = format!("{path}.{key}");
    match object.get(key) {
        Some(value) => Ok((value, member_path)),
        None => Err(ImportError::Missing { path: member_path }),
    }
}

/// An optional member: absent and `null` are both "not given".
fn optional<'a>(
    object: &'a Map<String, Value>,
    key: &str,
    path: &str,
) -> Option<(&'a Value, String)> {
    match object.get(key) {
        None | Some(Value::Null) => None,
        Some(value) => Some((value, format!("{path}.{key}"))),
    }
}

/// An optional string member.
fn optional_str<'a>(
    object: &'a Map<String, Value>,
    key: &str,
    path: &str,
) -> Result<Option<&'a str>, ImportError> {
    optional(object, key, path)
        .map(|(value, path)| as_str(value, &path))
        .transpose()
}

/// A JSON date-time (`2024-05-01T10:00:00.000Z`) as a PGR date (`2024.05.01`).
fn pgr_date(text: &str, path: &str) -> Result<String, ImportError> {
    let bytes = text.as_bytes();
    let shape_ok = bytes.len() >= 10
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && [0, 1, 2, 3, 5, 6, 8, 9]
            .iter()
            .all(|&i| bytes[i].is_ascii_digit())
        && (bytes.len() == 10 || bytes[10] == b'T' || bytes[10] == b't' || bytes[10] == b' ');
    if !shape_ok {
        return Err(ImportError::Value {
            path: path.to_string(),
            message: format!("\"{text}\" is not a date-time such as 2024-05-01T10:00:00Z"),
        });
    }
    // The shape check makes the first 10 bytes ASCII.
    let date = text.get(..10).unwrap_or_default();
    Ok(date.replace('-', "."))
}

/// A move of AbstractPlay's notation, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
enum ApMove {
    /// A turn the player could not play (out, or removed as blocked).
    Pass,
    /// The game ended: `resign`, `timeout`, `draw` or `abandoned`.
    End(Ending),
    /// A movement with its items in AbstractPlay's order (duplicates removed).
    Movement {
        from: Field,
        to: Field,
        pincer: bool,
        items: Vec<Item>,
    },
    /// A reorientation.
    Reorientation(Reorientation),
}

/// How an AbstractPlay game ended other than by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Resign,
    Timeout,
    Draw,
    Abandoned,
}

impl Ending {
    fn word(self) -> &'static str {
        match self {
            Ending::Resign => "resign",
            Ending::Timeout => "timeout",
            Ending::Draw => "draw",
            Ending::Abandoned => "abandoned",
        }
    }

    /// The PGR `Termination` value.
    fn termination(self) -> &'static str {
        match self {
            Ending::Resign => "resignation",
            Ending::Timeout => "time",
            Ending::Draw => "agreement",
            Ending::Abandoned => "abandoned",
        }
    }
}

/// Reads a field at `chars[at..at + 2]`.
fn ap_field(chars: &[char], at: usize, what: &str) -> Result<Field, String> {
    let text: String = chars.iter().skip(at).take(2).collect();
    if text.chars().count() < 2 {
        return Err(format!(
            "expected {what} (a field a1..i9), found the end of the move"
        ));
    }
    text.parse()
        .map_err(|_| format!("expected {what} (a field a1..i9), found \"{text}\""))
}

/// The fields and `*`s between `(` at `chars[open]` and the final `)`.
fn ap_items(chars: &[char], open: usize) -> Result<Vec<Item>, String> {
    if chars.last() != Some(&')') || chars.len() < open + 2 {
        return Err("a '(' without a closing ')' at the end of the move".to_string());
    }
    let inner: String = chars[open + 1..chars.len() - 1].iter().collect();
    let mut items = Vec::new();
    for part in inner.split(',') {
        let item = if part == "*" {
            Item::Connection
        } else {
            match part.parse::<Field>() {
                Ok(field) => Item::Field(field),
                Err(_) if part.is_empty() => return Err("an empty item".to_string()),
                Err(_) => {
                    return Err(format!("\"{part}\" is neither a field a1..i9 nor '*'"));
                }
            }
        };
        // AbstractPlay keeps the items in a set: a repeated one counts once.
        if !items.contains(&item) {
            items.push(item);
        }
    }
    Ok(items)
}

/// Parses one entry of AbstractPlay's move list, as AbstractPlay reads it: letter
/// case and white space do not matter.
fn parse_ap_move(text: &str) -> Result<ApMove, String> {
    let norm: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    match norm.as_str() {
        "pass" => return Ok(ApMove::Pass),
        "resign" => return Ok(ApMove::End(Ending::Resign)),
        "timeout" => return Ok(ApMove::End(Ending::Timeout)),
        "draw" => return Ok(ApMove::End(Ending::Draw)),
        "abandoned" => return Ok(ApMove::End(Ending::Abandoned)),
        "" => return Err("an empty move".to_string()),
        _ => {}
    }
    let chars: Vec<char> = norm.chars().collect();
    let from = ap_field(&chars, 0, "the chevron's field")?;
    match chars.get(2) {
        Some(&op @ ('-' | 'x')) => {
            let to = ap_field(&chars, 3, "the destination")?;
            let items = match chars.get(5) {
                None => Vec::new(),
                Some('(') => ap_items(&chars, 5)?,
                Some(c) => return Err(format!("unexpected '{c}' after the destination")),
            };
            Ok(ApMove::Movement {
                from,
                to,
                pincer: op == 'x',
                items,
            })
        }
        Some(&symbol @ ('>' | '<')) => {
            let double = chars.get(3) == Some(&symbol);
            let open = if double { 4 } else { 3 };
            let rotation = match (symbol, double) {
                ('>', false) => Rotation::Clockwise45,
                ('>', true) => Rotation::Clockwise90,
                ('<', false) => Rotation::Anticlockwise45,
                _ => Rotation::Anticlockwise90,
            };
            match chars.get(open) {
                Some('(') => {}
                Some(c) => {
                    return Err(format!(
                        "unexpected '{c}' in the turn: expected '>', '>>', '<' or '<<' and the returned fields"
                    ));
                }
                None => {
                    return Err(
                        "a reorientation without the fields it returns (an unfinished move)"
                            .to_string(),
                    );
                }
            }
            let mut returned = Bitboard::EMPTY;
            for item in ap_items(&chars, open)? {
                match item {
                    Item::Field(field) => returned.insert(field),
                    Item::Connection => {
                        return Err("'*' among the fields a reorientation returns".to_string());
                    }
                }
            }
            Ok(ApMove::Reorientation(Reorientation {
                field: from,
                rotation,
                returned,
            }))
        }
        Some(c) => Err(format!(
            "unexpected '{c}' after {from}: expected '-' or 'x' (movement) or '>', '<' (reorientation)"
        )),
        None => Err(format!(
            "only a field, {from}: an unfinished move (a chevron selected, nothing done)"
        )),
    }
}

/// One entry of the move list, in the order played.
struct Entry {
    path: String,
    round: usize,
    index: usize,
    /// The player (0-based seat in AbstractPlay's order) the entry belongs to.
    seat: usize,
    text: String,
    mv: ApMove,
    /// The player a `resigned`/`timeout` result names (0-based), if any.
    named: Option<usize>,
}

impl Entry {
    fn error(&self, message: impl Into<String>) -> ImportError {
        ImportError::Move {
            path: self.path.clone(),
            round: self.round,
            index: self.index,
            text: self.text.clone(),
            message: message.into(),
        }
    }
}

/// `text`, cut to at most 40 characters (with `...`) for messages.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// The player a result such as `{"type": "resigned", "player": 2}` names (0-based).
fn named_player(slot: &Map<String, Value>, players: usize) -> Option<usize> {
    let results = slot.get("result")?.as_array()?;
    results.iter().find_map(|r| {
        let r = r.as_object()?;
        match r.get("type")?.as_str()? {
            "resigned" | "timeout" => {
                let n = r.get("player")?.as_u64()?;
                (1..=players as u64).contains(&n).then(|| (n - 1) as usize)
            }
            _ => None,
        }
    })
}

/// Reads `$.moves` into entries in the order played.
fn read_entries(moves: &Value, players: usize) -> Result<Vec<Entry>, ImportError> {
    let rounds = as_array(moves, "$.moves")?;
    let mut entries = Vec::new();
    for (r, round) in rounds.iter().enumerate() {
        let round_path = format!("$.moves[{r}]");
        let slots = as_array(round, &round_path)?;
        if slots.len() > players {
            return Err(ImportError::Value {
                path: round_path,
                message: format!(
                    "{} entries in a round of a {players}-player game",
                    slots.len()
                ),
            });
        }
        let mut in_round = Vec::with_capacity(slots.len());
        for (i, slot) in slots.iter().enumerate() {
            let path = format!("{round_path}[{i}]");
            let (text, sequence, named) = match slot {
                Value::Null => continue,
                Value::String(s) => (s.as_str(), None, None),
                Value::Object(object) => {
                    let (mv, mv_path) = required(object, "move", &path)?;
                    let text = as_str(mv, &mv_path)?;
                    let sequence = match optional(object, "sequence", &path) {
                        Some((v, p)) => Some(v.as_u64().ok_or_else(|| ImportError::Type {
                            path: p,
                            expected: "a whole number",
                            found: kind(v),
                        })?),
                        None => None,
                    };
                    (text, sequence, named_player(object, players))
                }
                other => return Err(type_error(&path, "a move (a string or an object)", other)),
            };
            let mut entry = Entry {
                path,
                round: r + 1,
                index: i + 1,
                seat: i,
                text: shorten(text),
                mv: ApMove::Pass,
                named,
            };
            entry.mv = parse_ap_move(text).map_err(|message| entry.error(message))?;
            // Without a sequence number a move is played in seating order.
            in_round.push((sequence.unwrap_or(i as u64 + 1), entry));
        }
        in_round.sort_by_key(|(order, _)| *order);
        entries.extend(in_round.into_iter().map(|(_, e)| e));
    }
    // Nothing may follow the entry that ended the game.
    if let Some(end) = entries.iter().position(|e| matches!(e.mv, ApMove::End(_)))
        && let (Some(ender), Some(next)) = (entries.get(end), entries.get(end + 1))
    {
        return Err(ImportError::AfterEnd {
            path: next.path.clone(),
            round: next.round,
            index: next.index,
            text: next.text.clone(),
            ended_by: ender.text.clone(),
        });
    }
    Ok(entries)
}

/// The seats of AbstractPlay's players in order. 3 and 4 players sit `E W N (S)`;
/// 2 players sit `S N` in AbstractPlay's current code and sat `E W` in an older
/// version: the first move tells which (its chevron stands on one of player 1's
/// start fields), `S N` when it cannot tell.
fn seats(players: usize, entries: &[Entry]) -> Vec<Seat> {
    match players {
        3 => vec![Seat::E, Seat::W, Seat::N],
        4 => vec![Seat::E, Seat::W, Seat::N, Seat::S],
        _ => {
            let first = entries.iter().find_map(|e| match &e.mv {
                ApMove::Movement { from, .. } => Some(*from),
                ApMove::Reorientation(r) => Some(r.field),
                _ => None,
            });
            let starts_on = |seat: Seat, field: Field| {
                seat.chevrons().iter().any(|&(f, _)| f == field)
                    || seat.two_player_extra().0 == field
            };
            match first {
                Some(field) if starts_on(Seat::E, field) && !starts_on(Seat::S, field) => {
                    vec![Seat::E, Seat::W]
                }
                _ => vec![Seat::S, Seat::N],
            }
        }
    }
}

/// The orders of a movement's items worth trying, most likely first: AbstractPlay
/// keeps the items in the order they were clicked, where we write the crossing or
/// connection item first and the meeting field second; and it offers `*` on a
/// connection that changes no field, which we leave out.
fn item_orders(items: &[Item]) -> Vec<Items> {
    let mut star_first: Vec<Item> = items
        .iter()
        .copied()
        .filter(|i| *i == Item::Connection)
        .collect();
    star_first.extend(items.iter().copied().filter(|i| *i != Item::Connection));
    let mut orders = vec![Items::from_slice(&star_first)];
    if let [a, b] = star_first.as_slice() {
        orders.push(Items::two(*b, *a));
    }
    if star_first.first() == Some(&Item::Connection) {
        orders.push(Items::from_slice(&star_first[1..]));
    }
    orders
}

/// What AbstractPlay's header says about the players' results.
struct Outcome {
    /// The players with the best result (0-based), when the results are known
    /// and not all equal.
    winners: Vec<usize>,
}

fn colour_of(seat: usize) -> Colour {
    [Colour::Black, Colour::Red, Colour::Yellow, Colour::Green]
        .get(seat)
        .copied()
        .unwrap_or(Colour::Black)
}

fn colour_list(seats: &[usize]) -> String {
    let words: Vec<&str> = seats.iter().map(|&s| colour_of(s).word()).collect();
    words.join(", ")
}

/// A JSON string as a tag value: a tag stands on one line, so each line break
/// (CR or LF) becomes a space here, as writing the tag would make it; the game
/// imported is then exactly the game written and read back.
fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

/// Reads `$.header.players`: sets the colour-name tags and returns the outcome.
fn read_players(players: &[Value], tags: &mut Tags) -> Result<Outcome, ImportError> {
    let mut results = Vec::with_capacity(players.len());
    for (i, player) in players.iter().enumerate() {
        let path = format!("$.header.players[{i}]");
        let player = as_object(player, &path)?;
        if let Some(name) = optional_str(player, "name", &path)? {
            tags.set(colour_of(i).word(), &one_line(name));
        }
        // `result` is a whole number; AbstractPlay writes null for an unknown one.
        let result = match optional(player, "result", &path) {
            Some((v, p)) => Some(v.as_f64().ok_or_else(|| type_error(&p, "a number", v))?),
            None => None,
        };
        results.push(result);
    }
    let known: Option<Vec<f64>> = results.into_iter().collect();
    let mut winners = Vec::new();
    if let Some(known) = known {
        let best = known.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let worst = known.iter().copied().fold(f64::INFINITY, f64::min);
        if best > worst {
            winners = (0..known.len()).filter(|&i| known[i] == best).collect();
        }
    }
    Ok(Outcome { winners })
}

/// Converts an AbstractPlay game record (JSON) into a PGR game.
///
/// The game is returned even when a move is illegal under our rules (which can
/// happen where AbstractPlay's implementation differs): check it with
/// [`crate::referee::check_game`]. Only what cannot be read or translated is an
/// error. Never panics.
///
/// ```
/// use pacru_notation::abstractplay::import;
/// use pacru_notation::pgr::write_game;
/// let json = r#"{"header": {"game": {"name": "Pacru"}, "site": {"name": "Abstract Play"},
///   "date-start": "2024-05-01T10:00:00.000Z", "date-end": "2024-05-02T10:00:00.000Z",
///   "date-generated": "2024-05-02T10:00:00.000Z",
///   "players": [{"name": "alice", "result": 1}, {"name": "bob", "result": 0}]},
///   "moves": [["E1-E2", "resign"]]}"#;
/// let game = import(json).unwrap();
/// assert_eq!(game.tags.get("Red"), Some("bob"));
/// assert_eq!(game.tags.get("Rules"), Some("2011"));
/// assert!(write_game(&game).ends_with("\n\n1. e1-e2 resign Black\n"));
/// ```
pub fn import(json: &str) -> Result<Game, ImportError> {
    let root: Value = serde_json::from_str(json).map_err(|e| ImportError::Json {
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })?;
    let root = as_object(&root, "$")?;
    let (header, header_path) = required(root, "header", "$")?;
    let header = as_object(header, &header_path)?;
    let (moves, _) = required(root, "moves", "$")?;

    // The game and its variants.
    let (game_info, game_path) = required(header, "game", &header_path)?;
    let game_info = as_object(game_info, &game_path)?;
    let (name, name_path) = required(game_info, "name", &game_path)?;
    let name = as_str(name, &name_path)?;
    if !name.trim().eq_ignore_ascii_case("pacru") {
        return Err(ImportError::NotPacru {
            path: name_path,
            name: name.to_string(),
        });
    }
    if let Some((variants, path)) = optional(game_info, "variants", &game_path) {
        // AbstractPlay's Pacru has no variants: any variant is unknown.
        if let Some(variant) = as_array(variants, &path)?.first() {
            let vpath = format!("{path}[0]");
            return Err(ImportError::UnknownVariant {
                variant: as_str(variant, &vpath)?.to_string(),
                path: vpath,
            });
        }
    }

    // Players, colours, names, results.
    let (players, players_path) = required(header, "players", &header_path)?;
    let players = as_array(players, &players_path)?;
    if !(2..=4).contains(&players.len()) {
        return Err(ImportError::PlayerCount {
            path: players_path,
            count: players.len(),
        });
    }
    let count = players.len();
    let mut tags = Tags::new();
    if let Some(event) = optional_str(header, "event", &header_path)? {
        tags.set("Event", &one_line(event));
    }
    if let Some((site, site_path)) = optional(header, "site", &header_path) {
        let site = as_object(site, &site_path)?;
        if let Some(site_name) = optional_str(site, "name", &site_path)? {
            tags.set("Site", &one_line(site_name));
        }
        if let Some((id, id_path)) = optional(site, "gameid", &site_path) {
            let id = match id {
                Value::String(s) => s.clone(),
                Value::Number(n) => n.to_string(),
                other => return Err(type_error(&id_path, "a string or a number", other)),
            };
            tags.set(GAME_ID_TAG, &one_line(&id));
        }
    }
    if let Some((date, date_path)) = optional(header, "date-start", &header_path) {
        tags.set("Date", &pgr_date(as_str(date, &date_path)?, &date_path)?);
    }
    if let Some(round) = optional_str(header, "round", &header_path)? {
        tags.set("Round", &one_line(round));
    }
    let outcome = read_players(players, &mut tags)?;
    let letters: String = (0..count).map(|s| colour_of(s).letter()).collect();
    tags.set("Players", &letters);

    let entries = read_entries(moves, count)?;
    let seats = seats(count, &entries);
    let seats_text: String = seats.iter().map(|s| s.letter()).collect();
    tags.set("Seats", &seats_text);
    tags.set("Rules", RULES.year());

    let colours: Vec<Colour> = (0..count).map(colour_of).collect();
    let start = Position::standard_with(&colours, &seats)
        .map(|p| p.with_rules(RULES))
        .map_err(|e| ImportError::Value {
            path: players_path.clone(),
            message: e.to_string(),
        })?;
    let mut game = Game::new();
    game.tags = tags;
    // The position while the replay agrees with the record; `None` after a move
    // that is illegal here (the referee reports it).
    let mut pos = Some(start);
    let mut ending: Option<(Ending, usize)> = None;
    for entry in &entries {
        let actor = colour_of(entry.seat);
        match &entry.mv {
            ApMove::Pass => {
                // A pass stands for a player who is out or blocked: the referee
                // removes blocked players itself. Only a pass where this player
                // could move is kept, for the referee to report.
                if let Some(p) = &pos
                    && !p.is_finished()
                    && p.to_move() == actor
                {
                    let mut pass = MoveEntry::pass();
                    pass.comments.push(format!(
                        "AbstractPlay: {actor} passes (blocked), but can move here"
                    ));
                    game.moves.push(pass);
                    pos = None;
                }
            }
            ApMove::End(end) => {
                let who = entry.named.unwrap_or(entry.seat);
                ending = Some((*end, who));
                // A resignation by the player to move is a move of the game.
                if *end == Ending::Resign
                    && let Some(p) = &mut pos
                    && !p.is_finished()
                    && p.to_move() == colour_of(who)
                {
                    p.play_unchecked(&Move::Resign);
                    game.moves.push(MoveEntry::new(Move::Resign));
                }
            }
            ApMove::Movement {
                from,
                to,
                pincer,
                items,
            } => {
                let orders = item_orders(items);
                let movement = |items: Items| {
                    Move::Movement(Movement {
                        from: *from,
                        to: *to,
                        pincer: *pincer,
                        items,
                    })
                };
                let first = movement(orders.first().cloned().unwrap_or(Items::NONE));
                let chosen = match &pos {
                    Some(p) => orders
                        .iter()
                        .map(|items| movement(items.clone()))
                        .find(|mv| p.validate(mv).is_ok())
                        .unwrap_or(first),
                    None => first,
                };
                play(&mut game, &mut pos, chosen, actor);
            }
            ApMove::Reorientation(r) => play(&mut game, &mut pos, Move::Reorientation(*r), actor),
        }
    }

    // The result: AbstractPlay's single winner; else what the rules say after a
    // resignation or timeout; `draw` for an agreed draw; else unknown.
    let rules_winner = pos.as_ref().and_then(Position::winner);
    let single = match outcome.winners.as_slice() {
        [w] => Some(colour_of(*w)),
        _ => None,
    };
    let (result, termination) = match ending {
        None => match single {
            Some(w) => (GameResult::Winner(w), Some("rules")),
            None => (GameResult::Unfinished, None),
        },
        Some((Ending::Draw, _)) => (GameResult::Draw, Some(Ending::Draw.termination())),
        Some((Ending::Abandoned, _)) => (
            GameResult::Unfinished,
            Some(Ending::Abandoned.termination()),
        ),
        Some((end, _)) => {
            let result = single
                .or(rules_winner)
                .map_or(GameResult::Unfinished, GameResult::Winner);
            (result, Some(end.termination()))
        }
    };
    if outcome.winners.len() > 1 {
        let mut note = String::from("AbstractPlay: ");
        if let Some((end, who)) = ending {
            let _ = write!(note, "{} ({}); ", end.word(), colour_of(who));
        }
        let _ = write!(note, "joint winners {}", colour_list(&outcome.winners));
        match game.moves.last_mut() {
            Some(last) => last.comments.push(note),
            None => game.leading_comments.push(note),
        }
    }
    game.set_result(result);
    if let Some(t) = termination {
        game.tags.set("Termination", t);
    }
    game.canonicalize();
    Ok(game)
}

/// Records `mv` (a movement or reorientation of `actor`) and replays it while the
/// replay agrees with the record.
fn play(game: &mut Game, pos: &mut Option<Position>, mv: Move, actor: Colour) {
    let mut entry = MoveEntry::new(mv.clone());
    if let Some(p) = pos {
        if !p.is_finished() && p.to_move() != actor {
            entry.comments.push(format!(
                "AbstractPlay: a move of {actor}, but {} is to move here",
                p.to_move()
            ));
        }
        if p.validate(&mv).is_ok() {
            p.play_unchecked(&mv);
        } else {
            *pos = None;
        }
    }
    game.moves.push(entry);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ap_moves_parse_as_abstractplay_reads_them() {
        assert_eq!(parse_ap_move(" PASS "), Ok(ApMove::Pass));
        assert_eq!(parse_ap_move("Resign"), Ok(ApMove::End(Ending::Resign)));
        let Ok(ApMove::Movement { items, pincer, .. }) = parse_ap_move("C3 X C5(D4,I9,d4)") else {
            panic!("not a movement")
        };
        assert!(pincer);
        assert_eq!(items.len(), 2);
        let Ok(ApMove::Reorientation(r)) = parse_ap_move("e3<<(d1,c1,b2,a1,a1)") else {
            panic!("not a reorientation")
        };
        assert_eq!(r.rotation, Rotation::Anticlockwise90);
        assert_eq!(r.returned.count(), 4);
        for bad in [
            "",
            "e1",
            "e1-",
            "e1-e2(",
            "e1-e2()",
            "e1-e2(e3",
            "e3>",
            "e3><(a1,b2)",
            "z1-e2",
            "e1-e2x",
        ] {
            assert!(parse_ap_move(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn item_orders_put_the_star_first_and_try_both_orders() {
        let f = |s: &str| Item::Field(s.parse().unwrap());
        let orders = item_orders(&[f("d4"), Item::Connection]);
        assert_eq!(orders[0], Items::two(Item::Connection, f("d4")));
        assert_eq!(orders[1], Items::two(f("d4"), Item::Connection));
        assert_eq!(orders[2], Items::one(f("d4")));
        assert_eq!(item_orders(&[]), vec![Items::NONE]);
    }

    #[test]
    fn long_texts_are_cut_for_messages() {
        assert_eq!(shorten("e1-e2"), "e1-e2");
        let long = "é".repeat(50);
        assert_eq!(shorten(&long), format!("{}...", "é".repeat(40)));
    }

    #[test]
    fn dates_become_pgr_dates() {
        assert_eq!(
            pgr_date("2024-05-01T10:00:00.000Z", "$").unwrap(),
            "2024.05.01"
        );
        assert_eq!(pgr_date("2024-05-01", "$").unwrap(), "2024.05.01");
        assert!(pgr_date("2024-5-1", "$").is_err());
        assert!(pgr_date("yesterday", "$").is_err());
    }
}
