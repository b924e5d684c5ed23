//! A short match between the built-in `greedy` and `random` engines, written to a
//! temporary directory; prints the standings.
//!
//! ```sh
//! cargo run -p pacru-arena --example short_match
//! ```

use pacru_arena::{EngineConfig, EventConfig, EventOptions, System, run_event};
use std::error::Error;

fn main() -> Result<(), Box<dyn Error>> {
    let engines = vec![
        "builtin:greedy:1".parse::<EngineConfig>()?,
        "builtin:random:2".parse::<EngineConfig>()?,
    ];
    let config = EventConfig::new("short match", System::Match { games: 4 }, engines);
    let out = std::env::temp_dir().join(format!("pacru-short-match-{}", std::process::id()));
    let report = run_event(Some(config), &EventOptions::new(&out))?;
    print!("{}", report.standings.table());
    println!("records and journal in {}", out.display());
    Ok(())
}
