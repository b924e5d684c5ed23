//! What an event gives out: JSON for programs, one PGR of every game, a static
//! site, and FIDE's TRF-16 for events of 2 a table. The JSON objects of tables
//! and standings are also those of `pacru event tables --format json` and
//! `pacru event standings --format json`.

mod html;
mod json;
mod pgr;
mod trf;

pub use html::write_site;
pub use json::{
    CrosstableCellJson, CrosstableLineJson, EventJson, StandingJson, TableJson, crosstable_json,
    event_json, standings_json, tables_json,
};
pub use pgr::games_pgr;
pub use trf::{TrfError, trf};
