//! `bestMove`: the Monte Carlo tree search of `pacru engine search` on a position,
//! within a budget of simulations or milliseconds.

use crate::args::{self, MAX_SAFE_INTEGER, Options, type_error};
use crate::json::to_js;
use crate::position::Position;
use pacru_search::{Limits, SearchConfig, SearchResult, Searcher};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use std::time::Duration;
use wasm_bindgen::prelude::*;

/// What `bestMove` returns (declared as `BestMove` in TypeScript).
#[derive(Serialize)]
struct BestMoveObject {
    /// The move to play; `null` when the game is over.
    #[serde(rename = "move")]
    mv: Option<String>,
    /// The expected result of the move for every player, from 0 (a sure loss) to
    /// 1 (a sure win), keyed by colour in order of play.
    evaluation: Evaluation,
    /// The simulations run.
    nodes: u64,
    /// The deepest ply the tree reached.
    depth: u32,
    /// The expected line of play, starting with the move.
    pv: Vec<String>,
}

/// Each player's expected result, serialised as an object keyed by colour in
/// order of play.
struct Evaluation(Vec<(&'static str, f64)>);

impl Serialize for Evaluation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (colour, value) in &self.0 {
            map.serialize_entry(colour, value)?;
        }
        map.end()
    }
}

/// The object for `result`, a search of `position`.
fn best_move_object(position: &pacru_core::Position, result: &SearchResult) -> BestMoveObject {
    let evaluation = position
        .players()
        .iter()
        .zip(&result.scores)
        .map(|(colour, &score)| (colour.word(), score as f64 / 1000.0))
        .collect();
    BestMoveObject {
        mv: result.best.as_ref().map(|m| m.to_string()),
        evaluation: Evaluation(evaluation),
        nodes: result.simulations,
        depth: result.depth,
        pv: result.pv.iter().map(|m| m.to_string()).collect(),
    }
}

/// The limits of a search from `bestMove`'s options.
fn limits(options: &Options) -> Result<Limits, JsValue> {
    let simulations = options
        .given("nodes")?
        .map(|nodes| args::whole(&nodes, "nodes", 0, MAX_SAFE_INTEGER))
        .transpose()?;
    let time = options
        .given("millis")?
        .map(|millis| args::whole(&millis, "millis", 0, MAX_SAFE_INTEGER))
        .transpose()?
        .map(Duration::from_millis);
    if simulations.is_none() && time.is_none() {
        return Err(type_error(
            "bestMove needs a budget: the option nodes (simulations), millis, or both",
        ));
    }
    Ok(Limits { simulations, time })
}

/// Searches `position` with the Monte Carlo tree search of `pacru engine search`
/// and returns the move it would play, with the evaluation of that move for every
/// player. The budget is `nodes` (simulations), `millis` (milliseconds), or both
/// (whichever ends first); at least one is needed. With a node budget and no
/// time, the result depends only on the position, the budget and `seed`
/// (default 0).
///
/// The search runs on the calling thread: in a page, call it inside a Web Worker
/// so that the page stays responsive.
///
/// ```js
/// const { move, evaluation } = bestMove(Position.standard(2), { nodes: 2000, seed: 1 });
/// ```
#[wasm_bindgen(js_name = bestMove, unchecked_return_type = "BestMove")]
pub fn best_move(
    position: &Position,
    #[wasm_bindgen(unchecked_param_type = "BestMoveOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let options = Options::new(&options, "bestMove", &["nodes", "millis", "seed"])?;
    let limits = limits(&options)?;
    let seed = match options.given("seed")? {
        Some(seed) => args::seed(&seed, "seed")?,
        None => 0,
    };
    let searcher = Searcher::new(SearchConfig {
        seed,
        ..SearchConfig::default()
    });
    let position = position.inner();
    let result = searcher.search(position, limits, &|| false, &mut |_| {});
    to_js(&best_move_object(position, &result))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pacru_core::{Colour, Seat};

    #[test]
    fn the_evaluation_names_every_player_in_order_of_play() {
        let colours = [Colour::Black, Colour::Red, Colour::Blue];
        let position =
            pacru_core::Position::standard_with(&colours, &[Seat::S, Seat::W, Seat::E]).unwrap();
        let limits = Limits {
            simulations: Some(50),
            time: None,
        };
        let result = Searcher::default().search(&position, limits, &|| false, &mut |_| {});
        let object = best_move_object(&position, &result);
        let keys: Vec<&str> = object.evaluation.0.iter().map(|(c, _)| *c).collect();
        assert_eq!(keys, ["Black", "Red", "Blue"]);
        assert_eq!(object.mv, result.best.map(|m| m.to_string()));
        assert_eq!(object.nodes, 50);
        let json = serde_json::to_string(&object).unwrap();
        assert!(json.starts_with(r#"{"move":""#), "{json}");
        assert!(json.contains(r#""evaluation":{"Black":"#), "{json}");
        assert!(json.find(r#""Red":"#) < json.find(r#""Blue":"#), "{json}");
    }
}
