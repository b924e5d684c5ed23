//! `/events/{id}`: an event's pairings (each table linked to its game),
//! tables in play, standings with tiebreaks and the crosstable, kept up to date
//! by the event's stream; the arbiter's controls for the arbiter only, a
//! player's (enter, check in, withdraw, a record for their table) for them.
//!
//! The page is a shell: its script (`event.js`, served from the binary) draws
//! the event from the stream's lines with text nodes only, so nothing a user
//! wrote is ever read as markup.

use super::{html, not_found, site_page};
use crate::api::body::{PathArgs, QueryArgs};
use crate::auth::MaybeCaller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use pacru_core::Position;
use pacru_notation::pgr::Game;
use pacru_view::page::{LiveGame, PageWriter, content_security_policy, escape_html};
use serde::Deserialize;

/// Where the event page's script is served.
pub const SCRIPT_PATH: &str = "/assets/event.js";

const SCRIPT: &str = include_str!("event.js");

/// `GET /assets/event.js`.
pub async fn script() -> Response {
    super::assets::asset("text/javascript; charset=utf-8", SCRIPT)
}

/// The arbiter's controls.
const ARBITER_CONTROLS: &str = "<section id=\"arbiter-controls\" aria-labelledby=\"arbiter-h\">\n\
<h2 id=\"arbiter-h\">Arbiter</h2>\n\
<button type=\"button\" id=\"btn-pair\">Pair the next round</button>\n\
<button type=\"button\" id=\"btn-unpair\">Undo the last pairing</button>\n\
<form id=\"add-player-form\"><label>Enter a player <input name=\"username\" required maxlength=\"20\"></label>\
<button type=\"submit\">Enter</button></form>\n\
<form id=\"withdraw-form\"><label>Withdraw a player <input name=\"username\" required maxlength=\"20\"></label>\
<button type=\"submit\">Withdraw</button></form>\n\
<form id=\"reinstate-form\"><label>Reinstate a withdrawn player <input name=\"username\" required maxlength=\"20\"></label>\
<button type=\"submit\">Reinstate</button></form>\n\
<form id=\"decide-form\"><label>Round <input name=\"round\" type=\"number\" min=\"1\" required></label>\
<label>Table <input name=\"table\" type=\"number\" min=\"1\" required></label>\
<label>Winner <input name=\"winner\" maxlength=\"20\" placeholder=\"empty: a draw\"></label>\
<label>Reason <input name=\"reason\" required maxlength=\"2000\"></label>\
<button type=\"submit\">Decide</button></form>\n\
</section>\n";

/// A signed-in player's controls (which show depends on the event).
const PLAYER_CONTROLS: &str = "<section id=\"player-controls\">\n\
<button type=\"button\" id=\"btn-join\" hidden>Enter this event</button>\n\
<button type=\"button\" id=\"btn-check-in\" hidden>Check in</button>\n\
<button type=\"button\" id=\"btn-withdraw\" hidden>Withdraw</button>\n\
</section>\n";

/// The record form: a table's players (on boards) and the arbiter.
const RECORD_FORM: &str = "<section id=\"record-entry\" aria-labelledby=\"record-h\" hidden>\n\
<h2 id=\"record-h\">Enter a record</h2>\n\
<form id=\"record-form\"><label>Round <input name=\"round\" type=\"number\" min=\"1\" required></label>\
<label>Table <input name=\"table\" type=\"number\" min=\"1\" required></label>\
<label class=\"wide\">Record (PGR) <textarea name=\"record\" rows=\"8\" required maxlength=\"60000\"></textarea></label>\
<button type=\"submit\">Enter</button></form>\n\
</section>\n";

/// `GET /events/{id}`.
pub async fn page(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: MaybeCaller,
) -> ApiResult<Response> {
    let event = match state.event(&id).await {
        Ok(event) => event,
        Err(ApiError::NotFound) => return Ok(not_found(&caller, &format!("the event {id}"))),
        Err(e) => return Err(e),
    };
    let name = event["name"].as_str().unwrap_or("");
    let arbiter = event["arbiter"].as_str().unwrap_or("");
    let me = caller.0.as_ref().map(|c| c.user.name.as_str());
    let is_arbiter = me.is_some_and(|m| m == arbiter);
    let id = escape_html(&id);
    let mut main = format!(
        "<div id=\"event\" data-event=\"{id}\" data-me=\"{}\" data-arbiter=\"{is_arbiter}\">\n\
<h1 id=\"event-name\">{}</h1>\n<p id=\"event-summary\">arbiter <a href=\"/@/{arbiter}\">{arbiter}</a></p>\n\
<p id=\"event-state\" role=\"status\">connecting…</p>\n",
        escape_html(me.unwrap_or("")),
        escape_html(name),
        arbiter = escape_html(arbiter),
    );
    if is_arbiter {
        main.push_str(ARBITER_CONTROLS);
    }
    if me.is_some() {
        main.push_str(PLAYER_CONTROLS);
        main.push_str(RECORD_FORM);
    }
    main.push_str(
        "<section aria-labelledby=\"rounds-h\">\n<h2 id=\"rounds-h\">Pairings</h2>\n<div id=\"rounds\"></div>\n</section>\n\
<section aria-labelledby=\"standings-h\">\n<h2 id=\"standings-h\">Standings</h2>\n<table id=\"standings\"></table>\n</section>\n\
<section aria-labelledby=\"crosstable-h\">\n<h2 id=\"crosstable-h\">Crosstable</h2>\n<table id=\"crosstable\"></table>\n</section>\n\
<section aria-labelledby=\"entrants-h\">\n<h2 id=\"entrants-h\">Players</h2>\n<ul id=\"entrants\"></ul>\n</section>\n",
    );
    main.push_str(&format!(
        "<p id=\"downloads\"><a href=\"/api/events/{id}/pgr\">every record (PGR)</a> · \
<a href=\"/api/events/{id}/desk\">the desk file for <code>pacru event</code></a> · \
<a href=\"/api/events/{id}/trf\">TRF-16 (2 a table)</a> · \
<a href=\"/api/events/{id}\">JSON</a></p>\n</div>\n<script src=\"{SCRIPT_PATH}\" defer></script>\n"
    ));
    Ok(site_page(StatusCode::OK, name, &caller, &main))
}

/// `GET /events/{id}/board`'s query: the table to record.
#[derive(Debug, Deserialize)]
pub struct TableQuery {
    round: u32,
    table: u32,
}

/// `GET /events/{id}/board?round=R&table=T`: the board of `pacru board` in its
/// recording mode, set up for that table (the event, the round and table, the
/// players in their seats, the rules): the game is recorded at the board, then
/// its PGR copied into the event page's record form. The page fetches nothing.
pub async fn board(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    QueryArgs(query): QueryArgs<TableQuery>,
    caller: MaybeCaller,
) -> ApiResult<Response> {
    let event = match state.event(&id).await {
        Ok(event) => event,
        Err(ApiError::NotFound) => return Ok(not_found(&caller, &format!("the event {id}"))),
        Err(e) => return Err(e),
    };
    let round = usize::try_from(query.round).unwrap_or(0);
    let table = usize::try_from(query.table).unwrap_or(0);
    let players: Vec<String> = event["rounds"]
        .get(round.wrapping_sub(1))
        .and_then(|r| r["tables"].get(table.wrapping_sub(1)))
        .and_then(|t| t["players"].as_array())
        .map(|p| {
            p.iter()
                .filter_map(|n| n.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    if players.is_empty() {
        return Ok(not_found(
            &caller,
            &format!(
                "table {} of round {} of the event {id}",
                query.table, query.round
            ),
        ));
    }
    let position =
        Position::standard(players.len()).map_err(|e| ApiError::Internal(e.to_string()))?;
    let mut record = Game::new();
    let name = event["name"].as_str().unwrap_or("");
    record.tags.set("Event", name);
    record
        .tags
        .set("Round", &format!("{}.{}", query.round, query.table));
    for (colour, player) in position.players().iter().zip(&players) {
        record.tags.set(colour.word(), player);
    }
    let letters: String = position.players().iter().map(|c| c.letter()).collect();
    record.tags.set("Players", &letters);
    record
        .tags
        .set("Rules", event["rules"].as_str().unwrap_or("2004"));
    let live = LiveGame::from_game(record).map_err(|e| ApiError::Internal(e.message))?;
    let title = format!("{name}: round {} table {}", query.round, query.table);
    let mut page =
        PageWriter::new(Vec::new(), &title).map_err(|e| ApiError::Internal(e.to_string()))?;
    page.live_game(live);
    let bytes = page
        .finish()
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    let body = String::from_utf8(bytes).map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(html(
        StatusCode::OK,
        &format!("{}; frame-ancestors 'none'", content_security_policy()),
        body,
    ))
}
