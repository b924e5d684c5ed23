//! `analyse`: the search engine's judgement of every position of recorded games,
//! as `pacru analyse` makes it (crate `pacru-analysis`, without its rayon
//! feature: a WebAssembly module has one thread).

use crate::args::{self, MAX_SAFE_INTEGER, Options, type_error};
use crate::errors::{invalid_position, malformed_game};
use crate::json::to_js;
use crate::records::game_arg;
use js_sys::{Array, Reflect};
use pacru_analysis::{
    AnalysisLine, AnalysisOptions, Budget, DEFAULT_NODES, analyse_game, annotate,
};
use pacru_notation::pgr::{Game, Reader, write_game};
use pacru_referee::Checker;
use serde::Serialize;
use std::time::Duration;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const ANALYSIS_TYPES: &str = r#"
/** Options of `analyse`: a budget (`nodes` or `millis`, not both; by default 5000 nodes), a seed and a name. */
export interface AnalyseOptions {
  /** Simulations for each position. With it, the analysis depends only on the game, `nodes` and `seed`. Default 5000 (when `millis` is not given). */
  nodes?: number;
  /** Milliseconds for each position (the analysis then depends on the machine's speed). */
  millis?: number;
  /** The seed of the search's random choices: a whole number, or a bigint up to 2n ** 64n - 1n. Default 0. */
  seed?: number | bigint;
  /** The analyses' `file`. Default `"-"`, as `pacru analyse` names standard input. */
  name?: string;
}

/** The analysis of one ply, as `pacru analyse --format json` gives it. */
export interface PlyAnalysis {
  /** The 1-based number of the ply (`pass` is not a ply). */
  ply: number;
  /** The player who moved. */
  mover: Colour;
  /** The move played, in canonical notation. */
  move: string;
  /** Each player's expected score before the move, from 0 (a sure loss) to 1 (a sure win), in thousandths, in order of play. */
  scores: number[];
  /** The engine's best move before the move; `null` in a finished game. */
  best: string | null;
  /** The engine's principal line from there, starting with `best` (at most 8 moves). */
  pv: string[];
  /** What the move cost its mover: the mover's expected score before the move less the one after it (0 when it is the engine's best, never below 0). */
  loss: number;
  /** `"mistake"` from a loss of 0.100, `"blunder"` from 0.200, else `null`. */
  mark: "mistake" | "blunder" | null;
  /** The simulations of the searches of the position before the move: one
   * search, or up to three when the loss of a move next to it lies near a
   * threshold. */
  simulations: number;
}

/** The analysis of one game: the keys and values of a line of `pacru analyse --format json`, in the same order, and the annotated record. */
export interface Analysis {
  /** The input: the `name` option, else `"-"`. */
  file: string;
  /** The 1-based number of the game in its input (a game object's `index`, else 1). */
  game: number;
  /** The line where the game starts (a game object's `line`, else 1). */
  line: number;
  /** The referee's verdict: `"ok"`, `"illegal"`, `"malformed"` or `"inconsistent"`. */
  status: string;
  /** The players in order of play. */
  players: Colour[];
  /** Who analysed: the engine, its version, the budget and the seed. */
  annotator: string;
  /** Every ply analysed (up to the first illegal move, if any). */
  plies: PlyAnalysis[];
  /** Each player's expected score after the last ply analysed (the result, when the game is over). */
  after: number[];
  /** The game's PGR text with the analysis written in, as `pacru analyse` writes it. Not in the JSON line. */
  annotated: string;
}
"#;

/// One analysis as `analyse` returns it (declared as `Analysis`): the CLI's JSON
/// line, and the annotated record.
#[derive(Serialize)]
struct AnalysisObject<'a> {
    #[serde(flatten)]
    line: AnalysisLine<'a>,
    annotated: String,
}

/// The analysis options from `analyse`'s options.
fn analysis_options(options: &Options) -> Result<AnalysisOptions, JsValue> {
    let nodes = options
        .given("nodes")?
        .map(|n| args::whole(&n, "nodes", 1, MAX_SAFE_INTEGER))
        .transpose()?;
    let millis = options
        .given("millis")?
        .map(|ms| args::whole(&ms, "millis", 1, MAX_SAFE_INTEGER))
        .transpose()?;
    let budget = match (nodes, millis) {
        (Some(_), Some(_)) => {
            return Err(type_error(
                "analyse takes one budget: the option nodes or millis, not both",
            ));
        }
        (Some(n), None) => Budget::Nodes(n),
        (None, Some(ms)) => Budget::MoveTime(Duration::from_millis(ms)),
        (None, None) => Budget::Nodes(DEFAULT_NODES),
    };
    let seed = match options.given("seed")? {
        Some(seed) => args::seed(&seed, "seed")?,
        None => 0,
    };
    Ok(AnalysisOptions { budget, seed })
}

/// A whole number property `key` of the game object `value`, if it has one.
fn number_of(value: &JsValue, key: &str) -> Result<Option<usize>, JsValue> {
    let property = Reflect::get(value, &JsValue::from_str(key))?;
    if args::is_missing(&property) {
        return Ok(None);
    }
    let what = format!("the game's {key}");
    Ok(Some(
        args::whole(&property, &what, 1, MAX_SAFE_INTEGER)? as usize
    ))
}

/// The object of the analysis of `game`, the `index`-th of input `file`, starting
/// on line `line`; a game whose tags give no start position is an
/// `InvalidPosition`.
fn analysis_object(
    game: &Game,
    file: &str,
    index: usize,
    line: usize,
    options: &AnalysisOptions,
) -> Result<JsValue, JsValue> {
    let analysis =
        analyse_game(game, options, &mut || {}).map_err(|e| invalid_position(&e.to_string()))?;
    let verdict = Checker::new().check_game(game, index);
    to_js(&AnalysisObject {
        line: AnalysisLine {
            file,
            game: index,
            line,
            status: verdict.status.as_str(),
            analysis: &analysis,
        },
        annotated: write_game(&annotate(game, &analysis)),
    })
}

/// The `search` engine's analysis of every game of a PGR record (a string, or
/// bytes taken as they are), or of one game object (`{ tags, moves, result }`, a
/// `Game` of `readGames` will do), as `pacru analyse` makes it: every position
/// judged in turn, then each move's loss and mark. Returns one entry per game in
/// input order: an `Analysis`, whose keys but `annotated` are those of the game's
/// line of `pacru analyse --format json`, in the same order and with the same
/// values, and whose `annotated` is the game as `pacru analyse` writes it; or, for a game of the record that does not parse, a `MalformedGame`
/// error (returned, not thrown). A game with an illegal move is analysed up to it.
///
/// The budget is `nodes` simulations a search (5000 by default: the analysis
/// then depends only on the games, the budget and `seed`) or `millis`
/// milliseconds a search; a position is searched once, or up to three times
/// when the loss of a move next to it lies near a threshold. The work runs on the calling thread: in a page, call
/// it inside a Web Worker.
///
/// ```js
/// const [analysis] = analyse(text, { nodes: 2000, seed: 1 });
/// const blunders = analysis.plies.filter((ply) => ply.mark === "blunder");
/// ```
#[wasm_bindgen(unchecked_return_type = "(Analysis | MalformedGame)[]")]
pub fn analyse(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array | ArrayBuffer | GameInput")]
    record: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "AnalyseOptions")] options: JsValue,
) -> Result<Array, JsValue> {
    let options = Options::new(&options, "analyse", &["nodes", "millis", "seed", "name"])?;
    let name = match options.given("name")? {
        Some(name) => args::string(&name, "name")?,
        None => "-".to_owned(),
    };
    let analysis_options = analysis_options(&options)?;
    let analyses = Array::new();
    if args::is_missing(&record) {
        return Err(type_error(
            "analyse needs a record (a string or bytes) or a game object",
        ));
    }
    // A game object is an object that is not binary data; binary data of any class
    // (a `Uint16Array`, a `DataView`, ...) is read as a record, or refused as one.
    let is_game_object =
        record.is_object() && !record.is_array() && args::builtin_class(&record).is_none();
    if is_game_object {
        let game = game_arg(&record, "analyse")?;
        let index = number_of(&record, "index")?.unwrap_or(1);
        let line = number_of(&record, "line")?.unwrap_or(1);
        analyses.push(&analysis_object(
            &game,
            &name,
            index,
            line,
            &analysis_options,
        )?);
        return Ok(analyses);
    }
    let bytes = args::record_bytes(&record, "the record")?;
    let mut reader = Reader::new(bytes.as_slice()).lenient();
    loop {
        match reader.read_game() {
            Ok(Some(game)) => {
                let index = reader.games_read();
                analyses.push(&analysis_object(
                    &game,
                    &name,
                    index,
                    game.line,
                    &analysis_options,
                )?);
            }
            Ok(None) => return Ok(analyses),
            Err(error) => {
                analyses.push(&malformed_game(
                    error.game,
                    error.line,
                    error.column,
                    &error.message,
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_object_is_the_cli_line_and_the_annotated_record() {
        let text = "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
        let game = Reader::new(text.as_bytes()).read_game().unwrap().unwrap();
        let options = AnalysisOptions {
            budget: Budget::Nodes(50),
            seed: 2,
        };
        let analysis = analyse_game(&game, &options, &mut || {}).unwrap();
        let object = AnalysisObject {
            line: AnalysisLine {
                file: "-",
                game: 1,
                line: game.line,
                status: "ok",
                analysis: &analysis,
            },
            annotated: write_game(&annotate(&game, &analysis)),
        };
        let json = serde_json::to_string(&object).unwrap();
        assert!(
            json.starts_with(r#"{"file":"-","game":1,"line":1,"status":"ok","players":["Black","Red"],"annotator":"pacru search"#),
            "{json}"
        );
        assert!(json.contains(r#","after":["#), "{json}");
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        // The annotated record comes last, after the keys of the CLI's line.
        assert!(
            json.find(r#","after":"#) < json.find(r#","annotated":"#),
            "{json}"
        );
        let annotated = value["annotated"].as_str().unwrap();
        assert!(
            annotated.contains(&format!("[Annotator \"{}\"]", analysis.annotator)),
            "{annotated}"
        );
        let again = Reader::new(annotated.as_bytes())
            .read_game()
            .unwrap()
            .unwrap();
        assert_eq!(write_game(&again), annotated);
    }
}
