//! Game records: `readGames` (each game of a PGR text as a plain object),
//! `formatGame` (a game as canonical PGR) and `Position.startOf` (the position a
//! game starts from, by its tags).

use crate::args::{self, Options, own_keys, range_error, type_error};
use crate::errors::{invalid_position, malformed_game};
use crate::json::to_js;
use crate::position::{Position, parse_move};
use js_sys::{Array, Object, Reflect};
use pacru_notation::pgr::{
    DEFAULT_MAX_COMMENT_BYTES, Game, GameResult, MAX_TAGS, MoveEntry, Reader, Tags, write_game,
};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use wasm_bindgen::JsCast as _;
use wasm_bindgen::prelude::*;

/// The longest tag name a record may hold, in characters.
const MAX_TAG_NAME_CHARS: usize = 256;

/// A game as `readGames` gives it (declared as `Game` in TypeScript).
#[derive(Serialize)]
pub struct GameObject<'a> {
    /// Its 1-based number in the input.
    pub index: usize,
    /// The 1-based line of its first tag.
    pub line: usize,
    /// Its tags, in the order written.
    pub tags: TagsObject<'a>,
    /// Its plies in canonical notation (`pass` tokens are not plies).
    pub moves: Vec<String>,
    /// Its result token: a colour word, `draw` or `*`.
    pub result: &'static str,
}

/// Tags, serialised as an object in their order.
pub struct TagsObject<'a>(pub &'a Tags);

impl Serialize for TagsObject<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in self.0.iter() {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

impl<'a> GameObject<'a> {
    /// The object of `game`, the `index`-th of its input.
    pub fn new(game: &'a Game, index: usize) -> GameObject<'a> {
        GameObject {
            index,
            line: game.line,
            tags: TagsObject(&game.tags),
            moves: game.plies().map(|m| m.to_string()).collect(),
            result: game.result.token(),
        }
    }
}

/// Reads every game of a PGR record: a string, or bytes (`Uint8Array`,
/// `ArrayBuffer`) taken as they are. Returns one entry per game in input order: a
/// `Game` (`index`, `line`, `tags`, `moves`, `result`) or, for a game that does not
/// parse, a `MalformedGame` error (returned, not thrown; reading goes on with the
/// next game). Whether the moves are legal is `check`'s business.
///
/// ```js
/// for (const game of readGames(text)) {
///   if (game instanceof MalformedGame) continue;
///   console.log(game.tags.Black, "vs", game.tags.Red, game.result, game.moves.length);
/// }
/// ```
#[wasm_bindgen(js_name = readGames, unchecked_return_type = "(Game | MalformedGame)[]")]
pub fn read_games(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array | ArrayBuffer")] record: JsValue,
) -> Result<Array, JsValue> {
    let bytes = args::record_bytes(&record, "the record")?;
    let mut reader = Reader::new(bytes.as_slice()).lenient();
    let games = Array::new();
    loop {
        match reader.read_game() {
            Ok(Some(game)) => {
                games.push(&to_js(&GameObject::new(&game, reader.games_read()))?);
            }
            Ok(None) => break,
            Err(error) => {
                games.push(&malformed_game(
                    error.game,
                    error.line,
                    error.column,
                    &error.message,
                ));
            }
        }
    }
    Ok(games)
}

/// Whether `name` can be written as a tag name: a letter, then letters, digits and
/// `_`, at most 256 characters (what the reader reads).
fn is_tag_name(name: &str) -> bool {
    name.len() <= MAX_TAG_NAME_CHARS
        && name.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The `tags` of a game object.
fn tags_arg(value: &JsValue) -> Result<Tags, JsValue> {
    if !value.is_object() || value.is_array() || value.is_function() {
        return Err(type_error(&format!(
            "a game's tags must be an object of strings, not {}",
            args::kind(value)
        )));
    }
    let object = Object::unchecked_from_js_ref(value);
    let names = own_keys(object)?;
    if names.len() > MAX_TAGS {
        return Err(range_error(&format!(
            "a game has at most {MAX_TAGS} tags, not {}",
            names.len()
        )));
    }
    let mut tags = Tags::new();
    for name in names {
        if !is_tag_name(&name) {
            return Err(range_error(&format!(
                "a tag name is a letter, then letters, digits and _, at most {MAX_TAG_NAME_CHARS} characters, not {:?}",
                args::shorten(&name)
            )));
        }
        let value = Reflect::get(object, &JsValue::from_str(&name))?;
        let value = args::string(&value, &format!("the value of tag {name}"))?;
        if value.len() > DEFAULT_MAX_COMMENT_BYTES {
            return Err(range_error(&format!(
                "the value of tag {name} is longer than {DEFAULT_MAX_COMMENT_BYTES} bytes"
            )));
        }
        tags.set(&name, &value);
    }
    Ok(tags)
}

/// The `moves` of a game object: move notation, or `pass`.
fn moves_arg(value: &JsValue) -> Result<Vec<MoveEntry>, JsValue> {
    if !value.is_array() {
        return Err(type_error(&format!(
            "a game's moves must be an array of strings, not {}",
            args::kind(value)
        )));
    }
    Array::unchecked_from_js_ref(value)
        .iter()
        .map(|mv| {
            let text = args::string(&mv, "each move")?;
            if text == "pass" {
                Ok(MoveEntry::pass())
            } else {
                parse_move(&text).map(MoveEntry::new)
            }
        })
        .collect()
}

/// A result token, read exactly.
fn result_arg(text: &str, what: &str) -> Result<GameResult, JsValue> {
    GameResult::from_token(text).ok_or_else(|| {
        range_error(&format!(
            "{what} must be a colour word, \"draw\" or \"*\", not {:?}",
            args::shorten(text)
        ))
    })
}

/// A game given as an object `{ tags, moves, result }` (a `Game` of `readGames`
/// does; its `index` and `line` are ignored).
pub(crate) fn game_arg(value: &JsValue, function: &str) -> Result<Game, JsValue> {
    if args::is_missing(value) {
        return Err(type_error(&format!(
            "{function} needs a game: an object with tags, moves and result"
        )));
    }
    let options = Options::new(
        value,
        function,
        &["tags", "moves", "result", "index", "line"],
    )?;
    let mut game = Game::new();
    if let Some(tags) = options.given("tags")? {
        game.tags = tags_arg(&tags)?;
    }
    if let Some(moves) = options.given("moves")? {
        game.moves = moves_arg(&moves)?;
    }
    let tag = match game.tags.get("Result") {
        Some(tag) => Some(result_arg(tag, "the Result tag")?),
        None => None,
    };
    game.result = match options.given("result")? {
        Some(result) => {
            let result = result_arg(&args::string(&result, "result")?, "result")?;
            // Two statements of the result must agree, as a record's Result tag
            // and result token must (`pacru check` finds such a record malformed).
            if let Some(tag) = tag.filter(|tag| *tag != result) {
                return Err(range_error(&format!(
                    "the game's result \"{result}\" differs from its Result tag \"{tag}\": give the same result in both, or only one of them"
                )));
            }
            result
        }
        None => tag.unwrap_or(GameResult::Unfinished),
    };
    Ok(game)
}

/// A game as canonical PGR text, as `pacru fmt` writes it: the tags in canonical
/// order (`Event`, `Site`, `Date`, `Round`, the players' names, `Players`, `Rules`,
/// ..., then the others), the moves in canonical notation with round numbers, lines
/// of at most 80 characters, and the result. The game is an object `{ tags, moves,
/// result }`: `tags` an object of strings, `moves` move notation (and `"pass"` for a
/// blocked player's removed turn), `result` a colour word, `"draw"` or `"*"`
/// (default: the `Result` tag, else `"*"`; given with a `Result` tag, the two must
/// be the same, else a `RangeError`). A `Game` of `readGames` will do.
/// Whether the moves are legal is not checked: `check` the text for that.
///
/// ```js
/// const text = formatGame({ tags: { Black: "Ada", Red: "Bo" }, moves: ["e1-e2", "e9-e8"], result: "*" });
/// ```
#[wasm_bindgen(js_name = formatGame)]
pub fn format_game(
    #[wasm_bindgen(unchecked_param_type = "GameInput")] game: JsValue,
) -> Result<String, JsValue> {
    Ok(write_game(&game_arg(&game, "formatGame")?))
}

#[wasm_bindgen]
impl Position {
    /// The position a game starts from, by its tags (`Players`, `Seats`, `Rules`,
    /// `Position`; the standard 2-player start under the 2004 rules without them).
    /// The game is an object with `tags`, such as a `Game` of `readGames`. Tags
    /// that describe no position are an `InvalidPosition` naming the tag.
    ///
    /// ```js
    /// let position = Position.startOf(game);
    /// for (const move of game.moves) position = position.play(move);
    /// ```
    #[wasm_bindgen(js_name = startOf)]
    pub fn start_of(
        #[wasm_bindgen(unchecked_param_type = "GameInput")] game: JsValue,
    ) -> Result<Position, JsValue> {
        let game = game_arg(&game, "Position.startOf")?;
        game.start_position()
            .map(Position::from)
            .map_err(|error| invalid_position(&error.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_names_are_what_the_reader_reads() {
        assert!(is_tag_name("Black"));
        assert!(is_tag_name("Time_Control2"));
        assert!(!is_tag_name(""));
        assert!(!is_tag_name("2nd"));
        assert!(!is_tag_name("_x"));
        assert!(!is_tag_name("White Elo"));
        assert!(!is_tag_name("a]"));
        assert!(is_tag_name(&"a".repeat(256)));
        assert!(!is_tag_name(&"a".repeat(257)));
    }

    #[test]
    fn a_game_object_has_its_plies_without_passes_and_its_tags_in_order() {
        let record = "[Zeta \"1\"]\n[Alpha \"2\"]\n[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
        let game = Reader::new(record.as_bytes()).read_game().unwrap().unwrap();
        let json = serde_json::to_string(&GameObject::new(&game, 1)).unwrap();
        assert_eq!(
            json,
            r#"{"index":1,"line":1,"tags":{"Zeta":"1","Alpha":"2","Result":"*"},"moves":["e1-e2","e9-e8"],"result":"*"}"#
        );
    }
}
