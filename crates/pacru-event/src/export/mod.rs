//! What an event gives out: JSON for programs, one PGR of every game, and a
//! static site. The JSON objects of tables and standings are also those of
//! `pacru event tables --format json` and `pacru event standings --format json`.

mod html;
mod json;
mod pgr;

pub use html::write_site;
pub use json::{
    CrosstableCellJson, CrosstableLineJson, EventJson, StandingJson, TableJson, crosstable_json,
    event_json, standings_json, tables_json,
};
pub use pgr::games_pgr;
