//! Users as others see them: `/api/users/{name}`, their rating history and
//! the leaderboards `/api/ratings/{players}`.

use super::body::PathArgs;
use crate::error::{ApiError, ApiResult};
use crate::game::UserRef;
use crate::rating::Rating;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

/// The rating pools (player counts).
pub const POOLS: [usize; 3] = [2, 3, 4];

/// A rating as the API shows it: `{"rating","deviation","games","provisional"}`.
fn rating_json(r: &Rating) -> Value {
    json!({
        "rating": r.rating,
        "deviation": r.deviation,
        "games": r.games,
        "provisional": r.provisional(),
    })
}

/// A user's ratings per player count: `{"2":R,"3":R,"4":R}`.
pub async fn ratings_json(state: &AppState, user: i64) -> ApiResult<Value> {
    let ratings = state.db.ratings_of(user).await?;
    let mut map = serde_json::Map::new();
    for (pool, r) in POOLS.iter().zip(&ratings) {
        map.insert(pool.to_string(), rating_json(r));
    }
    Ok(Value::Object(map))
}

/// The most rows a leaderboard shows.
pub const LEADERBOARD_ROWS: usize = 100;

/// The pool a leaderboard's path names: exactly `2`, `3` or `4` (not `02`
/// nor `+2`, which a number parser would take).
fn pool_named(text: &str) -> Option<usize> {
    POOLS.into_iter().find(|p| p.to_string() == text)
}

/// `GET /api/ratings/{players}`: `{"players":[{"username","rating","deviation",
/// "games"}]}`, non-provisional first, then by rating.
pub async fn leaderboard(
    State(state): State<AppState>,
    PathArgs(players): PathArgs<String>,
) -> ApiResult<Json<Value>> {
    let pool = pool_named(&players).ok_or(ApiError::NotFound)?;
    let rows = state.db.leaderboard(pool, LEADERBOARD_ROWS).await?;
    let players: Vec<Value> = rows
        .iter()
        .map(|row| {
            json!({
                "username": row.username,
                "rating": row.rating.rating,
                "deviation": row.rating.deviation,
                "games": row.rating.games,
            })
        })
        .collect();
    Ok(Json(json!({ "players": players })))
}

/// The account named `name` (ignoring case); 404 when there is none.
pub async fn user_named(state: &AppState, name: String) -> ApiResult<UserRef> {
    if !super::account::valid_username(&name) {
        return Err(ApiError::NotFound);
    }
    state.db.user_by_name(name).await?.ok_or(ApiError::NotFound)
}

/// `GET /api/users/{name}/history`: `{"username","history":[{"players","game",
/// "at","place","rating","deviation"}]}`, one entry per rated game, oldest
/// first, with the rating after that game.
pub async fn history(
    State(state): State<AppState>,
    PathArgs(name): PathArgs<String>,
) -> ApiResult<Json<Value>> {
    let user = user_named(&state, name).await?;
    let rows = state.db.rating_history(user.id).await?;
    let history: Vec<Value> = rows
        .iter()
        .map(|h| {
            json!({
                "players": h.pool,
                "game": h.game,
                "at": h.at,
                "place": h.place,
                "rating": h.rating,
                "deviation": h.deviation,
            })
        })
        .collect();
    Ok(Json(json!({"username": user.name, "history": history})))
}

/// `GET /api/users/{name}`.
pub async fn show(
    State(state): State<AppState>,
    PathArgs(name): PathArgs<String>,
) -> ApiResult<Json<Value>> {
    let user = user_named(&state, name).await?;
    Ok(Json(json!({
        "username": user.name,
        "bot": user.bot,
        "ratings": ratings_json(&state, user.id).await?,
    })))
}

#[cfg(test)]
mod tests {
    use super::pool_named;

    #[test]
    fn a_leaderboard_pool_is_named_exactly() {
        assert_eq!(pool_named("2"), Some(2));
        assert_eq!(pool_named("3"), Some(3));
        assert_eq!(pool_named("4"), Some(4));
        for other in ["02", "+2", "004", "1", "5", "x", "", " 2", "2.0"] {
            assert_eq!(pool_named(other), None, "{other:?}");
        }
    }
}
