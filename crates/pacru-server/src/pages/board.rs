//! `/games/{id}`: a game's board, pacru-view's board page in its server mode
//! (its script's `server.js`): the rules run in the browser as WebAssembly, the
//! page follows the game over the server's WebSocket, the seated player moves
//! there and the server referees.

use super::{html, not_found};
use crate::api::body::PathArgs;
use crate::auth::MaybeCaller;
use crate::error::{ApiError, ApiResult};
use crate::service::is_game_id;
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use pacru_core::{Players, RulesEdition};
use pacru_notation::pgr::Game;
use pacru_view::page::{LiveGame, PageWriter, connected_content_security_policy};
use serde_json::json;

/// `GET /games/{id}`.
pub async fn page(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: MaybeCaller,
) -> ApiResult<Response> {
    if !is_game_id(&id) {
        return Ok(not_found(&caller, &format!("the game {id}")));
    }
    let game = match state.game(&id).await {
        Ok(game) => game,
        Err(ApiError::NotFound) => return Ok(not_found(&caller, &format!("the game {id}"))),
        Err(e) => return Err(e),
    };
    let object = game.to_json(state.clock.now());
    let viewer = caller.0.as_ref().map(|c| c.user.name.clone());
    let live = start(game.seats.len(), game.rules, &object)?;
    let mut page = PageWriter::connected(Vec::new(), &format!("Game {id}"))
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    page.live_game(live);
    page.server_game(json!({"game": object, "viewer": viewer}).to_string());
    let bytes = page
        .finish()
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    let body = String::from_utf8(bytes).map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(html(
        StatusCode::OK,
        &format!(
            "{}; frame-ancestors 'none'",
            connected_content_security_policy()
        ),
        body,
    ))
}

/// The game's start for the page: the seats in the order of play and the rules.
fn start(players: usize, rules: RulesEdition, object: &serde_json::Value) -> ApiResult<LiveGame> {
    let letters: String = match object["players"].as_array() {
        Some(seats) => seats.iter().filter_map(|s| s["seat"].as_str()).collect(),
        None => Players::default_for(players)
            .map_err(|e| ApiError::Internal(e.to_string()))?
            .as_slice()
            .iter()
            .map(|c| c.letter())
            .collect(),
    };
    let mut record = Game::new();
    record.tags.set("Players", &letters);
    record.tags.set("Rules", rules.year());
    LiveGame::from_game(record).map_err(|e| ApiError::Internal(e.message))
}
