//! Games: create, list, join, decline, abort, move, resign, the record.

use super::body::{JsonBody, PathArgs, QueryArgs};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::game::{GameState, GameStatus, TimeControl};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use pacru_core::{Colour, RulesEdition};
use pacru_notation::pgr::Game;
use serde::Deserialize;
use serde_json::{Value, json};

/// The most games a listing returns.
pub const PAGE: usize = 100;

/// `POST /api/games`'s body.
#[derive(Debug, Deserialize)]
pub struct NewGame {
    #[serde(default = "two")]
    players: usize,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    clock: Option<Value>,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    seat: Option<String>,
    #[serde(default)]
    invite: Vec<String>,
}

fn two() -> usize {
    2
}

/// A seat in a request body.
#[derive(Debug, Default, Deserialize)]
pub struct SeatChoice {
    #[serde(default)]
    seat: Option<String>,
}

/// `GET /api/games`'s query.
#[derive(Debug, Deserialize)]
pub struct ListQuery {
    status: Option<String>,
    player: Option<String>,
    before: Option<String>,
}

/// `POST .../move/{move}`'s query.
#[derive(Debug, Deserialize)]
pub struct MoveQuery {
    ply: Option<usize>,
}

/// `GET /api/games/export`'s query.
#[derive(Debug, Deserialize)]
pub struct ExportQuery {
    player: String,
}

fn seat_letter(text: Option<&str>) -> ApiResult<Option<Colour>> {
    text.map(|t| {
        let mut chars = t.chars();
        match (chars.next().and_then(Colour::from_letter), chars.next()) {
            (Some(colour), None) => Ok(colour),
            _ => Err(ApiError::BadRequest(format!(
                "seat: {t:?} is not a seat letter (K, R, Y, G)"
            ))),
        }
    })
    .transpose()
}

/// The most unfinished games (open or in play) in which one account may hold a
/// seat by creating or joining games: every such game is held in memory until
/// it ends (`docs/server.md`, Limits). The tables an arbiter opens for an event
/// are not refused.
pub const MAX_UNFINISHED_GAMES: u64 = 100;

/// Refuses a new seat for `user` when they already hold
/// [`MAX_UNFINISHED_GAMES`] seats in unfinished games. The caller holds the
/// user's seat lock ([`crate::hub::Hub::lock_seats`]) from this count until
/// the seat is taken.
async fn check_unfinished(state: &AppState, user: &crate::game::UserRef) -> ApiResult<()> {
    if state.db.unfinished_count(user.id).await? >= MAX_UNFINISHED_GAMES {
        return Err(ApiError::conflict("too many games"));
    }
    Ok(())
}

/// `POST /api/games`.
pub async fn create(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(body): JsonBody<NewGame>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    if !(2..=4).contains(&body.players) {
        return Err(ApiError::BadRequest("players: 2, 3 or 4".into()));
    }
    let rules: RulesEdition = match body.rules.as_deref() {
        None => RulesEdition::default(),
        Some(r) => r
            .parse()
            .map_err(|_| ApiError::BadRequest("rules: \"2004\" or \"2011\"".into()))?,
    };
    let time_control = TimeControl::from_json(body.clock.as_ref())?;
    let seat = seat_letter(body.seat.as_deref())?;
    if body.invite.len() > 3 {
        return Err(ApiError::BadRequest("invite: at most 3 users".into()));
    }
    let mut invited = Vec::new();
    for name in body.invite {
        let user = if super::account::valid_username(&name) {
            state.db.user_by_name(name.clone()).await?
        } else {
            None
        };
        let user = user.ok_or_else(|| ApiError::BadRequest(format!("invite: no user {name:?}")))?;
        // A name given twice (in any case) would be counted once: a challenge
        // then names fewer users than it seems to, or seems to name too many.
        if invited
            .iter()
            .any(|u: &crate::game::UserRef| u.id == user.id)
        {
            return Err(ApiError::BadRequest(format!(
                "invite: {name:?} is named twice (user {:?})",
                user.name
            )));
        }
        invited.push(user);
    }
    let _seats = state.hub.lock_seats(caller.user.id).await;
    check_unfinished(&state, &caller.user).await?;
    let game = GameState::new(
        String::new(),
        state.clock.now(),
        caller.user,
        body.players,
        rules,
        time_control,
        body.rated,
        seat,
        invited,
    )?;
    let game = state.create_game(game).await?;
    Ok((StatusCode::CREATED, Json(game.to_json(state.clock.now()))))
}

/// `GET /api/games`.
pub async fn list(
    State(state): State<AppState>,
    QueryArgs(query): QueryArgs<ListQuery>,
) -> ApiResult<Json<Value>> {
    let status = query
        .status
        .as_deref()
        .map(|s| {
            GameStatus::from_word(s).ok_or_else(|| {
                ApiError::BadRequest("status: open, playing, finished or aborted".into())
            })
        })
        .transpose()?;
    let player = match query.player {
        Some(name) => match state.db.user_by_name(name).await? {
            Some(user) => Some(user.id),
            None => return Ok(Json(json!({"games": []}))),
        },
        None => None,
    };
    let rows = state
        .db
        .list_games(status, player, query.before, PAGE)
        .await?;
    let now = state.clock.now();
    let mut games = Vec::with_capacity(rows.len());
    for row in rows {
        games.push(state.game(&row.id).await?.to_json(now));
    }
    Ok(Json(json!({"games": games})))
}

/// `GET /api/games/{id}`.
pub async fn show(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
) -> ApiResult<Json<Value>> {
    let game = state.game(&id).await?;
    Ok(Json(game.to_json(state.clock.now())))
}

async fn changed(state: &AppState, game: GameState) -> ApiResult<Json<Value>> {
    Ok(Json(game.to_json(state.clock.now())))
}

/// `POST /api/games/{id}/join`.
pub async fn join(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: Caller,
    JsonBody(body): JsonBody<SeatChoice>,
) -> ApiResult<Json<Value>> {
    let seat = seat_letter(body.seat.as_deref())?;
    let _seats = state.hub.lock_seats(caller.user.id).await;
    check_unfinished(&state, &caller.user).await?;
    let game = state
        .change_game(&id, |game, now| {
            Ok(vec![game.join(&caller.user, seat, now)?])
        })
        .await?;
    changed(&state, game).await
}

/// `POST /api/games/{id}/decline`.
pub async fn decline(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: Caller,
) -> ApiResult<Json<Value>> {
    let game = state
        .change_game(&id, |game, now| {
            Ok(vec![game.decline(caller.user.id, now)?])
        })
        .await?;
    changed(&state, game).await
}

/// Why game `id` may not be aborted, if it is a table of an event: its
/// arbiter decides its result.
async fn event_table(state: &AppState, id: &str) -> ApiResult<Option<String>> {
    let game_id = id.to_string();
    let of_event = state
        .db
        .call(move |conn| crate::db::events::table_of_game(conn, &game_id))
        .await?;
    Ok(of_event.map(|(event, table)| {
        format!(
            "table {} of round {} of event {event}: an event's game is not aborted; its arbiter decides",
            table.table, table.round
        )
    }))
}

/// `POST /api/games/{id}/abort`.
pub async fn abort(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: Caller,
) -> ApiResult<Json<Value>> {
    if let Some(why) = event_table(&state, &id).await? {
        return Err(ApiError::conflict(why));
    }
    let game = state
        .change_game(&id, |game, now| Ok(vec![game.abort(caller.user.id, now)?]))
        .await?;
    changed(&state, game).await
}

/// `POST /api/games/{id}/resign`.
pub async fn resign(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: Caller,
) -> ApiResult<Json<Value>> {
    let abortable = event_table(&state, &id).await?.is_none();
    let game = state
        .change_game(&id, |game, now| game.resign(caller.user.id, now, abortable))
        .await?;
    changed(&state, game).await
}

/// Plays `text` for `caller` in game `id`: shared by the POST and the WebSocket.
pub async fn play(
    state: &AppState,
    id: &str,
    caller: &Caller,
    text: &str,
    ply: Option<usize>,
) -> ApiResult<GameState> {
    // Only a resignation may abort the game (before any move); only then
    // does it matter whether the game is an event's.
    let abortable = matches!(
        text.parse::<pacru_core::Move>(),
        Ok(pacru_core::Move::Resign)
    ) && event_table(state, id).await?.is_none();
    state
        .change_game(id, |game, now| {
            game.play(caller.user.id, text, ply, now, abortable)
        })
        .await
}

/// `POST /api/games/{id}/move/{move}`.
pub async fn move_(
    State(state): State<AppState>,
    PathArgs((id, text)): PathArgs<(String, String)>,
    caller: Caller,
    QueryArgs(query): QueryArgs<MoveQuery>,
) -> ApiResult<Json<Value>> {
    let game = play(&state, &id, &caller, &text, query.ply).await?;
    changed(&state, game).await
}

fn pgr_response(text: String) -> Response {
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response()
}

/// `GET /api/games/{id}/pgr`: the canonical record.
pub async fn pgr(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let game = state.game(&id).await?;
    let record = record_of(&state, &game, &state.site(&headers)).await?;
    Ok(pgr_response(pacru_notation::pgr::write_game(&record)))
}

/// The record of `game`; a table of an event names the event and the round,
/// as the event's own records do.
async fn record_of(state: &AppState, game: &GameState, site: &str) -> ApiResult<Game> {
    let mut record = game.record(site);
    if let Some((event, round)) = state.db.event_round_of(game.id.clone()).await? {
        record.tags.set("Event", &event);
        record.tags.set("Round", &round.to_string());
    }
    Ok(record)
}

/// `GET /api/games/export?player=U`: U's finished games as one PGR stream,
/// oldest first, written a game at a time.
pub async fn export(
    State(state): State<AppState>,
    headers: HeaderMap,
    QueryArgs(query): QueryArgs<ExportQuery>,
) -> ApiResult<Response> {
    let Some(user) = state.db.user_by_name(query.player).await? else {
        return Err(ApiError::NotFound);
    };
    let ids = state.db.games_of(user.id, GameStatus::Finished).await?;
    let site = state.site(&headers);
    let games = futures_util::stream::unfold((ids.into_iter(), 0usize), move |(mut ids, n)| {
        let state = state.clone();
        let site = site.clone();
        async move {
            let id = ids.next()?;
            let record = match state.game(&id).await {
                Ok(game) => record_of(&state, &game, &site).await,
                Err(e) => Err(e),
            };
            let text = match record {
                Ok(record) => {
                    let record = pacru_notation::pgr::write_game(&record);
                    if n == 0 {
                        record
                    } else {
                        format!("\n{record}")
                    }
                }
                // A game that cannot be read ends the stream short; it is logged.
                Err(e) => {
                    tracing::error!("export of game {id}: {e}");
                    return None;
                }
            };
            Some((Ok::<_, std::convert::Infallible>(text), (ids, n + 1)))
        }
    });
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        axum::body::Body::from_stream(games),
    )
        .into_response())
}
