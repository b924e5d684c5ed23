//! The pages people open: the lobby, a game's board, a player's profile.

use crate::state::AppState;
use axum::Router;

/// The pages' routes.
pub fn routes() -> Router<AppState> {
    Router::new()
}
