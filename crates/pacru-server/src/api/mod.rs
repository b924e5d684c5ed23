//! The HTTP API (`docs/server.md`): routes, the request limits and the JSON
//! answer for every refusal.

pub(crate) mod account;
pub mod body;
mod events;
mod games;
mod stream;
mod test_clock;
pub mod users;

use crate::auth;
use crate::error::ApiError;
use crate::state::AppState;
use axum::Router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Request, State};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use std::net::SocketAddr;

/// The API's routes.
pub fn routes(state: &AppState) -> Router<AppState> {
    let mut api = Router::new()
        .route("/api/account", post(account::create).get(account::show))
        .route(
            "/api/session",
            post(account::sign_in).delete(account::sign_out),
        )
        .route(
            "/api/token",
            post(account::create_token).delete(account::revoke_token),
        )
        .route("/api/games", post(games::create).get(games::list))
        .route("/api/games/export", get(games::export))
        .route("/api/games/{id}", get(games::show))
        .route("/api/games/{id}/join", post(games::join))
        .route("/api/games/{id}/decline", post(games::decline))
        .route("/api/games/{id}/abort", post(games::abort))
        .route("/api/games/{id}/resign", post(games::resign))
        .route("/api/games/{id}/move/{move}", post(games::move_))
        .route("/api/games/{id}/stream", get(stream::game_stream))
        .route("/api/games/{id}/pgr", get(games::pgr))
        .route("/api/stream/event", get(stream::event_stream))
        .route("/api/users/{name}", get(users::show))
        .route("/api/users/{name}/history", get(users::history))
        .route("/api/ratings/{players}", get(users::leaderboard))
        .route("/ws/games/{id}", get(stream::game_socket))
        .route("/api/events", post(events::create).get(events::list))
        .route("/api/events/{id}", get(events::show))
        .route("/api/events/{id}/join", post(events::join))
        .route("/api/events/{id}/players", post(events::add_player))
        .route("/api/events/{id}/withdraw", post(events::withdraw))
        .route("/api/events/{id}/reinstate", post(events::reinstate))
        .route("/api/events/{id}/checkin", post(events::check_in))
        .route("/api/events/{id}/pair", post(events::pair))
        .route("/api/events/{id}/unpair", post(events::unpair))
        .route("/api/events/{id}/decide", post(events::decide))
        .route("/api/events/{id}/record", post(events::record))
        .route("/api/events/{id}/stream", get(stream::event_updates))
        .route("/api/events/{id}/pgr", get(events::pgr))
        .route("/api/events/{id}/trf", get(events::trf))
        .route("/api/events/{id}/desk", get(events::desk));
    if state.clock.is_test() {
        api = api.route("/api/test/clock", post(test_clock::advance));
    }
    // Every route above reads its whole body first, within the API's limit;
    // an event's desk file, imported below, has a limit of its own.
    api.layer(middleware::from_fn(body::whole_body))
        .route(
            "/api/events/import",
            post(events::import)
                .layer(DefaultBodyLimit::max(events::MAX_DESK_BYTES))
                .layer(middleware::from_fn(events::whole_desk_body)),
        )
        .route("/api/{*rest}", axum::routing::any(not_found))
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(state.clone(), rate_limit))
        .layer(DefaultBodyLimit::max(body::MAX_BODY_BYTES))
}

/// The answer to a path that is no route.
pub async fn not_found() -> ApiError {
    ApiError::NotFound
}

async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}

/// Counts each request (of the API and of the pages) against its token,
/// session or address: against the token or session only when it is known
/// (one made up, new with each request, would otherwise escape every limit).
/// The credentials looked up go on to the handler (`auth::MaybeCaller`).
pub async fn rate_limit(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let presented = match auth::Presented::of(&state, request.headers()).await {
        Ok(presented) => presented,
        Err(e) => return e.into_response(),
    };
    let headers = request.headers();
    let key = match &presented {
        auth::Presented::Token(Some(_)) => auth::bearer(headers)
            .map(|token| [b"t:".as_slice(), &auth::secret_hash(token)].concat()),
        auth::Presented::Session(Some(_)) => auth::session_secret(headers)
            .map(|secret| [b"s:".as_slice(), &auth::secret_hash(&secret)].concat()),
        _ => None,
    };
    let key = key.unwrap_or_else(|| {
        let ip = request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip().to_string())
            .unwrap_or_default();
        format!("a:{ip}").into_bytes()
    });
    if let Err(retry_after) = state.limits.check_api(key) {
        return ApiError::TooManyRequests { retry_after }.into_response();
    }
    request.extensions_mut().insert(presented);
    next.run(request).await
}
