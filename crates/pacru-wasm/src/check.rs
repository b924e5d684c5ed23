//! `check`: the referee's verdict on every game of a record, each the object of
//! one line of `pacru check --format json`.

use crate::args::{self, Options};
use crate::json::to_json;
use pacru_core::RulesEdition;
use pacru_notation::pgr::Reader;
use pacru_referee::{Checker, FileVerdict, Verdict};
use wasm_bindgen::prelude::*;

/// The verdict on every game of `record`, in input order, as `pacru check`
/// referees them one after the other; games without a `Rules` tag are played
/// under `rules`.
pub fn verdicts(record: &[u8], rules: RulesEdition) -> Vec<Verdict> {
    let mut reader = Reader::new(record).lenient();
    let mut checker = Checker::with_default_rules(rules);
    let mut verdicts = Vec::new();
    loop {
        match reader.read_with(&mut checker) {
            Ok(Some(verdict)) => verdicts.push(verdict),
            Ok(None) => return verdicts,
            Err(error) => verdicts.push(checker.malformed(&error)),
        }
    }
}

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
        Some(name) => args::string(&name, "name")?,
        None => "-".to_owned(),
    };
    let verdicts = verdicts(&bytes, rules);
    let lines: Vec<FileVerdict<'_>> = verdicts
        .iter()
        .map(|verdict| FileVerdict {
            file: &name,
            verdict,
        })
        .collect();
    js_sys::JSON::parse(&to_json(&lines)?)
}
