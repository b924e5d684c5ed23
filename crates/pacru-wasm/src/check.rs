//! `check`: the referee's verdict on every game of a record, each the object of
//! one line of `pacru check --format json`.

use crate::args::{self, Options};
use crate::json::to_json;
use pacru_notation::pgr::Reader;
use pacru_referee::{Checker, FileVerdict, Verdict};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Referees every game of a PGR record (a string, or bytes taken as they are) and
/// returns the verdicts in input order, each an object with exactly the keys and
/// values of a line of `pacru check --format json`: `file`, `game`, `line`,
/// `status` (`"ok"`, `"illegal"`, `"malformed"` or `"inconsistent"`), `plies`,
/// `result`, `winner`, `final_position`, `error`. `JSON.stringify` of a verdict is
/// that line. A bad game is a verdict, never an exception. Options: `rules`, the
/// edition of games without a `Rules` tag (as `pacru check --rules`); `name`, the
/// verdicts' `file` (default `"-"`, as for standard input).
///
/// ```js
/// const verdicts = check(readFileSync("games.pgr"), { name: "games.pgr" });
/// const bad = verdicts.filter((v) => v.status !== "ok");
/// ```
#[wasm_bindgen(unchecked_return_type = "Verdict[]")]
pub fn check(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array | ArrayBuffer")] record: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CheckOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let bytes = args::record_bytes(&record, "the record")?;
    let options = Options::new(&options, "check", &["rules", "name"])?;
    let rules = args::rules(&options.get("rules")?, "rules")?;
    let name = match options.given("name")? {
        Some(name) => {
            args::string(&name, "name")?;
            name
        }
        None => JsValue::from_str("-"),
    };
    let mut reader = Reader::new(&bytes[..]).lenient();
    let mut checker = Checker::with_default_rules(rules);
    let mut batch = Batch::new(name);
    loop {
        let verdict = match reader.read_with(&mut checker) {
            Ok(Some(verdict)) => verdict,
            Ok(None) => break,
            Err(error) => checker.malformed(&error),
        };
        batch.push(verdict)?;
    }
    batch.finish()
}

/// How many verdicts cross into JavaScript at once.
const BATCH: usize = 1024;

/// The verdicts of [`check`], handed to JavaScript a batch at a time as they
/// are read: the module holds one batch, never every verdict, nor one JSON
/// text of them all (which for millions of games outgrew the module's memory
/// and trapped).
struct Batch {
    /// The verdicts given so far, as JavaScript objects.
    all: js_sys::Array,
    /// The verdicts not handed over yet.
    pending: Vec<Verdict>,
    /// The input's name: one JavaScript string that every verdict's `file` refers to.
    name: JsValue,
}

impl Batch {
    fn new(name: JsValue) -> Batch {
        Batch {
            all: js_sys::Array::new(),
            pending: Vec::with_capacity(BATCH),
            name,
        }
    }

    fn push(&mut self, verdict: Verdict) -> Result<(), JsValue> {
        self.pending.push(verdict);
        if self.pending.len() == BATCH {
            self.hand_over()?;
        }
        Ok(())
    }

    /// Turns the pending verdicts into objects and appends them. Each is written
    /// with an empty `file`, which then takes the name: the key keeps its first
    /// place, and the name is one string however many games share it.
    fn hand_over(&mut self) -> Result<(), JsValue> {
        let lines: Vec<FileVerdict<'_>> = self
            .pending
            .iter()
            .map(|verdict| FileVerdict { file: "", verdict })
            .collect();
        let objects: js_sys::Array = js_sys::JSON::parse(&to_json(&lines)?)?.unchecked_into();
        let file = JsValue::from_str("file");
        for object in objects.iter() {
            js_sys::Reflect::set(&object, &file, &self.name)?;
            self.all.push(&object);
        }
        self.pending.clear();
        Ok(())
    }

    fn finish(mut self) -> Result<JsValue, JsValue> {
        self.hand_over()?;
        Ok(self.all.into())
    }
}
