//! Users as others see them: `/api/users/{name}`.

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use serde_json::{Value, json};

/// The rating pools (player counts).
pub const POOLS: [usize; 3] = [2, 3, 4];

/// A user's ratings per player count. Until ratings are kept, every pool shows
/// the starting rating of a player without rated games.
pub async fn ratings_json(_state: &AppState, _user: i64) -> ApiResult<Value> {
    let mut ratings = serde_json::Map::new();
    for pool in POOLS {
        ratings.insert(
            pool.to_string(),
            json!({"rating": 1500.0, "deviation": 350.0, "games": 0, "provisional": true}),
        );
    }
    Ok(Value::Object(ratings))
}

/// `GET /api/users/{name}`.
pub async fn show(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> ApiResult<Json<Value>> {
    if !super::account::valid_username(&name) {
        return Err(ApiError::NotFound);
    }
    let user = state
        .db
        .user_by_name(name)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Json(json!({
        "username": user.name,
        "bot": user.bot,
        "ratings": ratings_json(&state, user.id).await?,
    })))
}
