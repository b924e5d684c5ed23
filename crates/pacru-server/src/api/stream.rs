//! Live streams: a game's NDJSON stream and WebSocket, and a user's event
//! stream. Each sends what stands first, then what happens, with an empty
//! line (NDJSON) or a ping (WebSocket) to keep quiet connections open, and ends
//! when the game ends, the watcher falls too far behind, or the server stops.

use super::body::PathArgs;
use super::games::play;
use crate::auth::{CROSS_SITE_CHANGE, Caller, MaybeCaller, Presented, same_origin};
use crate::error::{ApiError, ApiResult};
use crate::game::GameStatus;
use crate::hub::GameLine;
use crate::state::AppState;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, watch};

/// How often a quiet stream sends an empty line (the contract asks for at
/// least every 10 s).
pub const KEEP_ALIVE: Duration = Duration::from_secs(7);

/// The largest WebSocket message a client may send.
pub const MAX_WS_MESSAGE: usize = 64 * 1024;

/// The most a WebSocket may hold of what it has not yet sent to its client.
/// Every ping a client sends is answered with a pong; a client that sends
/// pings and reads nothing made the answers pile up without end (150 MB of
/// pings in a second, the server's memory growing with them). Past this the
/// socket is closed.
pub const MAX_WS_UNSENT: usize = 512 * 1024;

struct Feed<T> {
    first: VecDeque<Arc<str>>,
    rx: broadcast::Receiver<T>,
    keep_alive: tokio::time::Interval,
    stopping: watch::Receiver<bool>,
    done: bool,
}

/// What a stream carries: its text, and whether it is the last line.
trait Line: Clone + Send + 'static {
    fn text(&self) -> Arc<str>;
    fn last(&self) -> bool;
}

impl Line for GameLine {
    fn text(&self) -> Arc<str> {
        Arc::clone(&self.text)
    }
    fn last(&self) -> bool {
        self.last
    }
}

impl Line for Arc<str> {
    fn text(&self) -> Arc<str> {
        Arc::clone(self)
    }
    fn last(&self) -> bool {
        false
    }
}

/// The next thing to send: `Some(text)` (empty for a keep-alive), `None` at the end.
async fn next_line<T: Line>(feed: &mut Feed<T>) -> Option<Arc<str>> {
    if let Some(line) = feed.first.pop_front() {
        return Some(line);
    }
    if feed.done || *feed.stopping.borrow() {
        return None;
    }
    tokio::select! {
        received = feed.rx.recv() => match received {
            Ok(line) => {
                feed.done = line.last();
                Some(line.text())
            }
            // Too far behind, or the game is gone: the client reconnects.
            Err(_) => None,
        },
        _ = feed.keep_alive.tick() => Some(Arc::from("")),
        _ = feed.stopping.changed() => None,
    }
}

fn feed<T>(
    first: Vec<Arc<str>>,
    rx: broadcast::Receiver<T>,
    stopping: watch::Receiver<bool>,
) -> Feed<T> {
    let mut keep_alive = tokio::time::interval(KEEP_ALIVE);
    keep_alive.reset();
    Feed {
        first: first.into(),
        rx,
        keep_alive,
        stopping,
        done: false,
    }
}

/// `line` and its line break, as a stream sends it.
fn ndjson_bytes(line: &str) -> Result<Bytes, Infallible> {
    let mut bytes = Vec::with_capacity(line.len() + 1);
    bytes.extend_from_slice(line.as_bytes());
    bytes.push(b'\n');
    Ok(Bytes::from(bytes))
}

fn ndjson<T: Line>(feed: Feed<T>) -> Response {
    let lines = stream::unfold(feed, |mut feed| async move {
        let line = next_line(&mut feed).await?;
        Some((ndjson_bytes(&line), feed))
    });
    ndjson_response(lines)
}

/// A user's stream: the lines of `feed`, sent while `credentials` (those the
/// stream was opened with) still name user `user`. Each event and each
/// keep-alive looks them up again, so that a stream opened before its token
/// was revoked or its session ended stops (within [`KEEP_ALIVE`] when quiet)
/// rather than go on telling of the account's games.
fn ndjson_while_signed_in(
    feed: Feed<Arc<str>>,
    state: AppState,
    credentials: HeaderMap,
    user: i64,
) -> Response {
    let lines = stream::unfold(
        (feed, state, credentials),
        move |(mut feed, state, credentials)| async move {
            // The lines that stand when the stream opens follow the sign-in check.
            let opening = !feed.first.is_empty();
            let line = next_line(&mut feed).await?;
            if !opening && !matches!(signed_in_as(&state, &credentials, user).await, Ok(true)) {
                return None;
            }
            Some((ndjson_bytes(&line), (feed, state, credentials)))
        },
    );
    ndjson_response(lines)
}

/// Whether `credentials` still name user `user` (a token not revoked, a
/// session not ended or expired).
async fn signed_in_as(state: &AppState, credentials: &HeaderMap, user: i64) -> ApiResult<bool> {
    Ok(matches!(
        Presented::of(state, credentials).await?,
        Presented::Token(Some(u)) | Presented::Session(Some(u)) if u.id == user
    ))
}

fn ndjson_response(
    lines: impl Stream<Item = Result<Bytes, Infallible>> + Send + 'static,
) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        Body::from_stream(lines),
    )
        .into_response()
}

/// `GET /api/games/{id}/stream`: the game, then its events.
pub async fn game_stream(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
) -> ApiResult<Response> {
    // Plays out a clock that ran out before the game is shown.
    state.game(&id).await?;
    let live = state.live(&id).await?;
    let (first, rx, over) = {
        let game = live.state.lock().await;
        let rx = live.lines.subscribe();
        let over = matches!(game.status, GameStatus::Finished | GameStatus::Aborted);
        (game.to_json(state.clock.now()).to_string(), rx, over)
    };
    let mut feed = feed(vec![Arc::from(first)], rx, state.stopping.clone());
    feed.done = over;
    Ok(ndjson(feed))
}

/// `GET /api/stream/event`: the caller's challenges, game starts and finishes;
/// on connecting, a `gameStart` for each game in play and a `challenge` for
/// each open invitation. The stream ends once its token is revoked or its
/// session ends.
pub async fn event_stream(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let rx = state.hub.subscribe_user(caller.user.id);
    let now = state.clock.now();
    let mut first = Vec::new();
    for id in state
        .db
        .games_of(caller.user.id, GameStatus::Playing)
        .await?
    {
        let game = state.game(&id).await?;
        // A clock that ran out ended it as it was read.
        if game.status != GameStatus::Playing {
            continue;
        }
        first.push(Arc::from(
            json!({"type": "gameStart", "game": game.to_json(now)}).to_string(),
        ));
    }
    // Every open invitation, however many open games the lobby holds.
    for id in state.db.open_invitations(caller.user.id).await? {
        let game = state.game(&id).await?;
        if game.status == GameStatus::Open && game.seat_of(caller.user.id).is_none() {
            first.push(Arc::from(
                json!({"type": "challenge", "game": game.to_json(now)}).to_string(),
            ));
        }
    }
    let feed = feed(first, rx, state.stopping.clone());
    Ok(ndjson_while_signed_in(
        feed,
        state,
        credentials(&headers),
        caller.user.id,
    ))
}

/// `GET /ws/games/{id}`: the game stream over a WebSocket; a seated player
/// (signed in from this server's pages, or with a token) may send
/// `{"type":"move","move":"...","ply":N}`, answered with
/// `{"type":"answer","status":S,...}` carrying what the POST would answer.
pub async fn game_socket(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: MaybeCaller,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> ApiResult<Response> {
    let upgrade = upgrade.map_err(|e| ApiError::BadRequest(e.body_text()))?;
    // Plays out a clock that ran out before the game is shown.
    state.game(&id).await?;
    let live = state.live(&id).await?;
    // A page of another site must not move for a signed-in visitor.
    let mover = match caller.0 {
        Some(c) if c.by_cookie && !same_origin(&headers, &state.origin(&headers)) => {
            Mover::OtherSite
        }
        Some(c) => Mover::Caller(c, credentials(&headers)),
        None => Mover::SignedOut,
    };
    Ok(upgrade
        .max_message_size(MAX_WS_MESSAGE)
        .max_frame_size(MAX_WS_MESSAGE)
        .max_write_buffer_size(MAX_WS_UNSENT)
        .on_upgrade(move |socket| async move {
            let (first, rx, over) = {
                let game = live.state.lock().await;
                (
                    game.to_json(state.clock.now()).to_string(),
                    live.lines.subscribe(),
                    matches!(game.status, GameStatus::Finished | GameStatus::Aborted),
                )
            };
            let mut feed = feed(vec![Arc::from(first)], rx, state.stopping.clone());
            // A game over has nothing more to say: the socket closes after
            // it, as the NDJSON stream ends.
            feed.done = over;
            run_socket(socket, state, id, mover, feed).await;
        })
        .into_response())
}

/// The credentials of a request's headers (its bearer token or session
/// cookie), kept to look them up again.
fn credentials(headers: &HeaderMap) -> HeaderMap {
    [header::AUTHORIZATION, header::COOKIE]
        .into_iter()
        .flat_map(|name| {
            headers
                .get_all(&name)
                .iter()
                .map(move |value| (name.clone(), value.clone()))
        })
        .collect()
}

/// Who may move through a game's WebSocket.
enum Mover {
    /// A signed-in user (whether they hold a seat is the move's business),
    /// with the credentials the socket was opened with: each move looks them
    /// up again, so that a socket opened before its token was revoked or its
    /// session ended moves no more.
    Caller(Caller, HeaderMap),
    /// Nobody is signed in: a move is answered 401.
    SignedOut,
    /// A user signed in by cookie on a page of another site: a move is
    /// answered 403, as the POST of the move is.
    OtherSite,
}

impl Mover {
    /// The caller a move is made for, or the refusal the POST would answer
    /// now: 401 once the token is revoked or the session ended.
    async fn caller(&self, state: &AppState) -> ApiResult<&Caller> {
        match self {
            Mover::Caller(caller, credentials) => {
                if signed_in_as(state, credentials, caller.user.id).await? {
                    Ok(caller)
                } else {
                    Err(ApiError::Unauthorized)
                }
            }
            Mover::SignedOut => Err(ApiError::Unauthorized),
            Mover::OtherSite => Err(ApiError::Forbidden(CROSS_SITE_CHANGE.into())),
        }
    }
}

async fn run_socket(
    mut socket: WebSocket,
    state: AppState,
    id: String,
    mover: Mover,
    mut feed: Feed<GameLine>,
) {
    loop {
        tokio::select! {
            line = next_line(&mut feed) => {
                let message = match line {
                    Some(line) if line.is_empty() => Message::Ping(Bytes::new()),
                    Some(line) => Message::Text(Utf8Bytes::from(line.to_string())),
                    None => break,
                };
                if socket.send(message).await.is_err() {
                    return;
                }
            }
            received = socket.recv() => {
                let answer = match received {
                    Some(Ok(Message::Text(text))) => answer(&state, &id, &mover, Some(text.as_str())).await,
                    // A move is a text message: a binary one is answered, not
                    // passed over in silence.
                    Some(Ok(Message::Binary(_))) => answer(&state, &id, &mover, None).await,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue,
                };
                if socket.send(Message::Text(Utf8Bytes::from(answer.to_string()))).await.is_err() {
                    return;
                }
            }
        }
    }
    let _ = socket.send(Message::Close(None)).await;
}

/// The answer to a client's WebSocket message: its text, `None` for a binary
/// message.
async fn answer(state: &AppState, id: &str, mover: &Mover, text: Option<&str>) -> Value {
    let result: ApiResult<Value> = async {
        // Who may move first, as the POST asks before it reads a move: a
        // socket that may not move is told so whatever it sends.
        let caller = mover.caller(state).await?;
        let text = text.ok_or_else(|| {
            ApiError::BadRequest(
                "a move is a text message: {\"type\":\"move\",\"move\":\"...\",\"ply\":N}".into(),
            )
        })?;
        let message: Value = serde_json::from_str(text)
            .map_err(|e| ApiError::BadRequest(format!("not JSON: {e}")))?;
        if message.get("type").and_then(Value::as_str) != Some("move") {
            return Err(ApiError::BadRequest(
                "expected {\"type\":\"move\",\"move\":\"...\",\"ply\":N}".into(),
            ));
        }
        let mv = message
            .get("move")
            .and_then(Value::as_str)
            .ok_or_else(|| ApiError::BadRequest("move: a string".into()))?;
        let ply = match message.get("ply") {
            None | Some(Value::Null) => None,
            Some(v) => Some(
                v.as_u64()
                    .and_then(|n| usize::try_from(n).ok())
                    .ok_or_else(|| ApiError::BadRequest("ply: a whole number".into()))?,
            ),
        };
        let game = play(state, id, caller, mv, ply).await?;
        Ok(game.to_json(state.clock.now()))
    }
    .await;
    match result {
        Ok(game) => json!({"type": "answer", "status": 200, "game": game}),
        Err(e) => {
            let mut body = e.body();
            body["type"] = json!("answer");
            body["status"] = json!(e.status().as_u16());
            body
        }
    }
}

/// `GET /api/events/{id}/stream`: the event, then the event again after each
/// change (`{"type":"event","event":{...}}`).
pub async fn event_updates(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
) -> ApiResult<Response> {
    let rx = state.hub.subscribe_event(&id);
    let event = match state.event(&id).await {
        Ok(event) => event,
        Err(e) => {
            drop(rx);
            state.hub.forget_event(&id);
            return Err(e);
        }
    };
    let first = json!({"type": "event", "event": event}).to_string();
    Ok(ndjson(feed(
        vec![Arc::from(first)],
        rx,
        state.stopping.clone(),
    )))
}
