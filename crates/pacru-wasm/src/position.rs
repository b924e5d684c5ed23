//! The `Position` class: a position of the game, immutable, with its legal moves,
//! perft, moves played, checked and explained, and its text forms.

use crate::args::{self, Options, is_missing, range_error, type_error};
use crate::errors::{illegal_move, invalid_move, invalid_position, invalid_ppn};
use crate::explain::{EffectsObject, status_word};
use crate::json::to_js;
use crate::perft::MAX_DEPTH;
use pacru_core::{
    Colour, IllegalMove, Move, MoveSyntaxError, PerftCounting, PpnError, RulesEdition, Seat,
};
use serde::Serialize;
use wasm_bindgen::JsCast as _;
use wasm_bindgen::prelude::*;

/// The longest move text read, in characters: far more than any move needs
/// (`a1>NE(...)` with every field of the board is under 400), little enough that
/// reading a hostile text stays cheap.
pub const MAX_MOVE_CHARS: usize = 65_536;

/// The longest PPN read, in characters (a real one is under 300).
pub const MAX_PPN_CHARS: usize = 65_536;

/// A position of the game: the fields' colours, the chevrons, whose turn it is,
/// the players and the rules edition. Immutable: `play` returns a new position.
///
/// `Position.standard(players)` is the standard start, `Position.fromPpn(text)` a
/// position read from PPN, the one-line position notation; `toPpn()` writes it.
#[wasm_bindgen]
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    inner: pacru_core::Position,
}

impl From<pacru_core::Position> for Position {
    fn from(inner: pacru_core::Position) -> Position {
        Position { inner }
    }
}

impl Position {
    /// The core's position.
    pub fn inner(&self) -> &pacru_core::Position {
        &self.inner
    }

    /// `IllegalMove` (R2) when `value` is the text `pass` (any letter case):
    /// no move, but refused as the referee refuses it in a record, not as text
    /// that does not read.
    fn refuse_pass(&self, value: &JsValue) -> Result<(), JsValue> {
        match value.as_string() {
            Some(text) if IllegalMove::is_pass(&text) => {
                Err(illegal_move(&IllegalMove::pass(), "pass", &self.inner))
            }
            _ => Ok(()),
        }
    }
}

/// Reads move notation; `text` that is not a move is an `InvalidMove`.
pub fn parse_move(text: &str) -> Result<Move, JsValue> {
    if text.len() > MAX_MOVE_CHARS && text.chars().nth(MAX_MOVE_CHARS).is_some() {
        let error = MoveSyntaxError {
            column: MAX_MOVE_CHARS + 1,
            message: format!("a move is at most {MAX_MOVE_CHARS} characters long"),
        };
        return Err(invalid_move(text, &error));
    }
    text.parse().map_err(|error| invalid_move(text, &error))
}

/// A move argument: move notation (a string).
pub fn move_arg(value: &JsValue) -> Result<Move, JsValue> {
    parse_move(&args::string(value, "a move")?)
}

/// Reads a position in PPN, played under `rules`.
pub fn parse_ppn(text: &str, rules: RulesEdition) -> Result<pacru_core::Position, JsValue> {
    if text.len() > MAX_PPN_CHARS && text.chars().nth(MAX_PPN_CHARS).is_some() {
        let error = PpnError {
            column: MAX_PPN_CHARS + 1,
            message: format!("a position in PPN is at most {MAX_PPN_CHARS} characters long"),
        };
        return Err(invalid_ppn(text, &error));
    }
    pacru_core::Position::from_ppn(text, rules).map_err(|error| invalid_ppn(text, &error))
}

/// Pairs serialised as an object, keys in their order.
struct Ordered<'a>(&'a [(String, u64)]);

impl Serialize for Ordered<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// A colour's word, or `null`.
fn word_or_null(colour: Option<Colour>) -> JsValue {
    colour.map_or(JsValue::NULL, |c| JsValue::from_str(c.word()))
}

/// A chevron, as `chevrons()` and `chevronAt()` give it.
#[derive(Serialize)]
struct ChevronObject {
    colour: &'static str,
    field: String,
    facing: &'static str,
}

/// The letters of a string, or the strings of an array: how seats and colours are
/// given (`"SWE"`, `["S", "W", "E"]`).
fn items(value: &JsValue, what: &str) -> Result<Vec<String>, JsValue> {
    if value.is_string() {
        let text = args::string(value, what)?;
        return Ok(text.chars().map(String::from).collect());
    }
    if value.is_array() {
        let array = js_sys::Array::unchecked_from_js_ref(value);
        return array
            .iter()
            .map(|item| args::string(&item, &format!("each of {what}")))
            .collect();
    }
    Err(type_error(&format!(
        "{what} must be a string or an array of strings, not {}",
        args::kind(value)
    )))
}

/// The seats option of `standard`.
fn seats_arg(value: &JsValue) -> Result<Vec<Seat>, JsValue> {
    items(value, "seats")?
        .iter()
        .map(|seat| {
            seat.parse().map_err(|_| {
                range_error(&format!(
                    "seats are S, W, N or E, not {:?}",
                    args::shorten(seat)
                ))
            })
        })
        .collect()
}

/// The colours option of `standard`.
fn colours_arg(value: &JsValue) -> Result<Vec<Colour>, JsValue> {
    items(value, "colours")?
        .iter()
        .map(|colour| args::colour(&JsValue::from_str(colour), "each of colours"))
        .collect()
}

#[wasm_bindgen]
impl Position {
    /// The standard start for 2, 3 or 4 players (default 2). The options give the
    /// players' colours and seats in order of play (`colours: "KRB"` or `["Black",
    /// "Red", "Blue"]`, `seats: "SWE"`; by default Black, Red, Yellow, Green on the
    /// seats `SN`, `SWE`, `SWNE`) and the rules edition (`rules: "2011"`; default
    /// `"2004"`).
    ///
    /// ```js
    /// const start = Position.standard(3, { seats: "SWN", rules: "2011" });
    /// ```
    pub fn standard(
        #[wasm_bindgen(unchecked_optional_param_type = "number")] players: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "StandardOptions")] options: JsValue,
    ) -> Result<Position, JsValue> {
        let players = if is_missing(&players) {
            2
        } else {
            args::whole(&players, "players", 2, 4)? as usize
        };
        let options = Options::new(
            &options,
            "Position.standard",
            &["seats", "colours", "rules"],
        )?;
        let rules = args::rules(&options.get("rules")?, "rules")?;
        let colours = match options.given("colours")? {
            Some(colours) => colours_arg(&colours)?,
            None => pacru_core::Players::default_for(players)
                .map_err(|e| invalid_position(&e.to_string()))?
                .as_slice()
                .to_vec(),
        };
        if colours.len() != players {
            return Err(invalid_position(&format!(
                "{} colours given for {players} players",
                colours.len()
            )));
        }
        let seats = match options.given("seats")? {
            Some(seats) => seats_arg(&seats)?,
            None => Seat::default_seats(players).unwrap_or_default().to_vec(),
        };
        pacru_core::Position::standard_with(&colours, &seats)
            .map(|position| position.with_rules(rules).into())
            .map_err(|e| invalid_position(&e.to_string()))
    }

    /// Reads a position in PPN (`MARKERS CHEVRONS TO_MOVE PLAYERS`), played under
    /// `rules` (`"2004"`, the default, or `"2011"`). Text that is not a position is
    /// an `InvalidPosition` with the line and column of the problem.
    ///
    /// ```js
    /// const p = Position.fromPpn("9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR");
    /// ```
    #[wasm_bindgen(js_name = fromPpn)]
    pub fn from_ppn(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Rules")] rules: JsValue,
    ) -> Result<Position, JsValue> {
        let text = args::string(&text, "the PPN text")?;
        let rules = args::rules(&rules, "rules")?;
        parse_ppn(&text, rules).map(Position::from)
    }

    /// The position in PPN, the one-line position notation.
    #[wasm_bindgen(js_name = toPpn)]
    pub fn to_ppn(&self) -> String {
        self.inner.to_ppn().to_string()
    }

    /// The position in PPN (as `toPpn()`).
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.to_ppn()
    }

    /// The player whose turn it is (in a finished game: who would be next).
    #[wasm_bindgen(getter = toMove, unchecked_return_type = "Colour")]
    pub fn to_move(&self) -> String {
        self.inner.to_move().word().to_owned()
    }

    /// The players who started the game, in order of play.
    #[wasm_bindgen(getter, unchecked_return_type = "Colour[]")]
    pub fn players(&self) -> Vec<String> {
        self.inner
            .players()
            .iter()
            .map(|c| c.word().to_owned())
            .collect()
    }

    /// The rules edition the game is played under: `"2004"` or `"2011"`.
    #[wasm_bindgen(getter, unchecked_return_type = "Rules")]
    pub fn rules(&self) -> String {
        self.inner.rules().year().to_owned()
    }

    /// The number of fields of one colour that wins: 42, 28 or 24 with 2, 3 or 4
    /// players.
    #[wasm_bindgen(getter)]
    pub fn target(&self) -> u32 {
        self.inner.target()
    }

    /// Whether the game goes on (`"ongoing"`), has been won (`"won"`), or ended
    /// without a winner (`"no-winner"`, only in positions set up by hand).
    #[wasm_bindgen(getter, unchecked_return_type = "Status")]
    pub fn status(&self) -> String {
        status_word(self.inner.status()).to_owned()
    }

    /// The winner of a finished game, or `null`.
    #[wasm_bindgen(getter, unchecked_return_type = "Colour | null")]
    pub fn winner(&self) -> JsValue {
        word_or_null(self.inner.winner())
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isFinished)]
    pub fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }

    /// How many fields `colour` has (0 for a colour that does not play). A colour
    /// is a word (`"Red"`, any letter case) or a letter (`"R"`).
    #[wasm_bindgen(js_name = fieldCount)]
    pub fn field_count(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Colour | string")] colour: JsValue,
    ) -> Result<u32, JsValue> {
        Ok(self.inner.field_count(args::colour(&colour, "colour")?))
    }

    /// The fields of `colour`, in the order a1, b1, ..., i9.
    #[wasm_bindgen(js_name = fieldsOf)]
    pub fn fields_of(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Colour | string")] colour: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let fields = self.inner.fields_of(args::colour(&colour, "colour")?);
        Ok(fields.iter().map(|f| f.to_string()).collect())
    }

    /// The colour of `field` (such as `"e5"`), or `null` if it is neutral.
    #[wasm_bindgen(js_name = colourAt, unchecked_return_type = "Colour | null")]
    pub fn colour_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] field: JsValue,
    ) -> Result<JsValue, JsValue> {
        let field = args::field(&field, "field")?;
        Ok(word_or_null(self.inner.colour_at(field)))
    }

    /// The chevron on `field`, or `null` if there is none.
    #[wasm_bindgen(js_name = chevronAt, unchecked_return_type = "Chevron | null")]
    pub fn chevron_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] field: JsValue,
    ) -> Result<JsValue, JsValue> {
        let field = args::field(&field, "field")?;
        let chevron = self.inner.chevron_at(field).map(|c| ChevronObject {
            colour: c.colour.word(),
            field: field.to_string(),
            facing: c.facing.name(),
        });
        to_js(&chevron)
    }

    /// Every chevron on the board, by player in order of play, then by field.
    #[wasm_bindgen(unchecked_return_type = "Chevron[]")]
    pub fn chevrons(&self) -> Result<JsValue, JsValue> {
        let chevrons: Vec<ChevronObject> = self
            .inner
            .chevrons()
            .map(|(colour, field, facing)| ChevronObject {
                colour: colour.word(),
                field: field.to_string(),
                facing: facing.name(),
            })
            .collect();
        to_js(&chevrons)
    }

    /// Every legal move of the player to move, each complete (with all its
    /// choices), in canonical notation, in byte order of that text: the order of
    /// `pacru moves` and of every other interface of pacru. Empty when the game is
    /// over.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.inner
            .sorted_legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    /// The number of legal moves, counted without listing them.
    #[wasm_bindgen(js_name = countMoves)]
    pub fn count_moves(&self) -> f64 {
        self.inner.legal_move_count() as f64
    }

    /// The number of move sequences of `depth` moves from here (0 to 30),
    /// resignations not counted: the standard check of a move generator. By
    /// default the last ply is counted without playing its moves (bulk
    /// counting); `{ bulk: false }` plays every move, which gives the same count
    /// more slowly and exercises every move's application.
    pub fn perft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "PerftOptions")] options: JsValue,
    ) -> Result<f64, JsValue> {
        let depth = args::whole(&depth, "depth", 0, MAX_DEPTH)? as u32;
        let options = Options::new(&options, "perft", &["bulk"])?;
        let bulk = match options.given("bulk")? {
            None => true,
            Some(bulk) => bulk.as_bool().ok_or_else(|| {
                type_error(&format!(
                    "the bulk option must be a boolean, not {}",
                    args::kind(&bulk)
                ))
            })?,
        };
        let counting = if bulk {
            PerftCounting::Bulk
        } else {
            PerftCounting::PlayEveryMove
        };
        Ok(self.inner.perft_counting(depth, counting) as f64)
    }

    /// Perft split by first move: an object whose keys are the legal moves (in the
    /// order of `legalMoves()`) and whose values are the number of move sequences
    /// of `depth` moves (1 to 30) that start with each, as `pacru perft --divide`
    /// prints them; empty for depth 0 or a finished game.
    ///
    /// ```js
    /// const split = Position.standard(2).perftDivide(2); // { "a3-b2": 27, ... }
    /// ```
    #[wasm_bindgen(js_name = perftDivide, unchecked_return_type = "Record<string, number>")]
    pub fn perft_divide(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
    ) -> Result<JsValue, JsValue> {
        let depth = args::whole(&depth, "depth", 0, MAX_DEPTH)? as u32;
        let split: Vec<(String, u64)> = self
            .inner
            .perft_divide(depth)
            .into_iter()
            .map(|(mv, count)| (mv.to_string(), count))
            .collect();
        to_js(&Ordered(&split))
    }

    /// The position after `move` (move notation, such as `"a3-b4(a4)"`, in any
    /// letter case, with optional spaces after commas). Throws `IllegalMove` if the rules forbid it
    /// here, with the rule (`"R4"`), the reason and the fields that would do
    /// (`"pass"` too, under R2, as the referee refuses it in a record);
    /// `InvalidMove` if the text is not a move at all.
    pub fn play(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] r#move: JsValue,
    ) -> Result<Position, JsValue> {
        self.refuse_pass(&r#move)?;
        let mv = move_arg(&r#move)?;
        self.inner
            .play(&mv)
            .map(Position::from)
            .map_err(|error| illegal_move(&error, &mv.to_string(), &self.inner))
    }

    /// Checks `move` without playing it: returns if it is legal, throws
    /// `IllegalMove` (or `InvalidMove`) as `play` would.
    pub fn validate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] r#move: JsValue,
    ) -> Result<(), JsValue> {
        self.refuse_pass(&r#move)?;
        let mv = move_arg(&r#move)?;
        self.inner
            .validate(&mv)
            .map_err(|error| illegal_move(&error, &mv.to_string(), &self.inner))
    }

    /// Whether `move` is legal here (`InvalidMove` if it is not a move at all).
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] r#move: JsValue,
    ) -> Result<bool, JsValue> {
        if self.refuse_pass(&r#move).is_err() {
            return Ok(false);
        }
        let mv = move_arg(&r#move)?;
        Ok(self.inner.validate(&mv).is_ok())
    }

    /// What `move` does here: who moves, the kind of movement, the crossing
    /// benefit, a capture, a meeting, the fields a reorientation returns, every
    /// field whose colour changes, who leaves the game and the status after it.
    /// Throws `IllegalMove` (or `InvalidMove`) as `play` would.
    #[wasm_bindgen(unchecked_return_type = "Effects")]
    pub fn explain(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] r#move: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.refuse_pass(&r#move)?;
        let mv = move_arg(&r#move)?;
        let effects = self
            .inner
            .explain(&mv)
            .map_err(|error| illegal_move(&error, &mv.to_string(), &self.inner))?;
        to_js(&EffectsObject::from(&effects))
    }

    /// A text diagram of the board, for people (as `pacru show` draws it, without
    /// colours).
    pub fn diagram(&self) -> String {
        self.inner.diagram()
    }

    /// Whether `other` is the same position: fields, chevrons, player to move,
    /// players and rules edition.
    pub fn equals(&self, other: &Position) -> bool {
        self.inner == other.inner
    }
}
