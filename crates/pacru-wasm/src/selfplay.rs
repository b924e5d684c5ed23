//! `selfplay`: games between random players, as the canonical records `pacru
//! selfplay` writes.

use crate::args::{self, MAX_SAFE_INTEGER, Options};
use pacru_notation::selfplay::{SelfplaySettings, run_record};
use wasm_bindgen::prelude::*;

/// A seed drawn at random (from `Math.random`, 32 bits at a time).
fn random_seed() -> u64 {
    let half = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (half() << 32) | half()
}

/// Random games as canonical PGR text, byte for byte what `pacru selfplay
/// --players P --games G --seed S --rules R --max-plies M` writes. Options:
/// `players` (2 to 4, default 2), `games` (default 1), `seed` (a whole number, or
/// a bigint up to 2n ** 64n - 1n; without one a seed is drawn at random and
/// written in each record's `Seed` tag, as the command does), `rules` (default
/// `"2004"`), `maxPlies` (games are cut after this many moves with result `*`;
/// default 1000, 0 for no limit).
///
/// ```js
/// const text = selfplay({ players: 3, games: 10, seed: 42, maxPlies: 400 });
/// ```
#[wasm_bindgen]
pub fn selfplay(
    #[wasm_bindgen(unchecked_optional_param_type = "SelfplayOptions")] options: JsValue,
) -> Result<String, JsValue> {
    let options = Options::new(
        &options,
        "selfplay",
        &["players", "games", "seed", "rules", "maxPlies"],
    )?;
    let players = match options.given("players")? {
        Some(players) => args::whole(&players, "players", 2, 4)? as usize,
        None => 2,
    };
    let games = match options.given("games")? {
        Some(games) => args::whole(&games, "games", 0, MAX_SAFE_INTEGER)?,
        None => 1,
    };
    let seed = options
        .given("seed")?
        .map(|seed| args::seed(&seed, "seed"))
        .transpose()?;
    let max_plies = match options.given("maxPlies")? {
        Some(max) => args::whole(&max, "maxPlies", 0, u64::from(u32::MAX))? as u32,
        None => 1000,
    };
    let settings = SelfplaySettings::new(players, seed.unwrap_or_else(random_seed))
        .rules(args::rules(&options.get("rules")?, "rules")?)
        .max_plies((max_plies > 0).then_some(max_plies))
        .seed_tag(seed.is_none());
    let mut text = String::new();
    for number in 1..=games {
        let record = run_record(&settings, number).map_err(|error| {
            js_sys::Error::new(&format!(
                "pacru: internal error (a bug; please report it): {error}"
            ))
        })?;
        text.push_str(&record);
    }
    Ok(text)
}
