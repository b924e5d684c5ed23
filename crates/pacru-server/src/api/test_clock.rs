//! `POST /api/test/clock` `{"advance_ms":N}`: moves the test clock forward.
//! The route exists only on a server started with `--test-clock`.

use super::body::JsonBody;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};

/// The body: how far to move the clock.
#[derive(Debug, Deserialize)]
pub struct Advance {
    advance_ms: i64,
}

/// Moves the test clock and plays out the clocks that ran out.
pub async fn advance(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<Advance>,
) -> ApiResult<Json<Value>> {
    if !(0..=366 * 86_400_000).contains(&body.advance_ms) {
        return Err(ApiError::BadRequest("advance_ms: 0 to a year".into()));
    }
    state.clock.advance(body.advance_ms);
    // Play out what came due before answering, so that the caller sees it.
    for id in state.sweeper.due(state.clock.now()) {
        state.change_game(&id, |_, _| Ok(Vec::new())).await?;
    }
    state.sweeper.wake();
    Ok(Json(json!({"now": state.clock.now()})))
}
