//! Events: create, enter, check in, withdraw, reinstate, pair, unpair, decide, enter a
//! record, and the event as JSON, PGR, TRF-16 or its desk file; bring a desk
//! file made offline onto the server.

use super::body::{JsonBody, PathArgs, QueryArgs};
use crate::auth::Caller;
use crate::db::events::{self as store, EventRow, Venue};
use crate::error::{ApiError, ApiResult};
use crate::events::{Held, TableDecision, desk_error, desk_name, spelled};
use crate::game::{TimeControl, UserRef};
use crate::state::AppState;
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use pacru_core::{RulesEdition, escape_controls};
use pacru_event::{Award, EventFile, NewEvent, Received, System, TableStatus};
use rusqlite::Connection;
use serde::Deserialize;
use serde_json::{Value, json};

/// The largest desk file `POST /api/events/import` takes, in bytes.
pub const MAX_DESK_BYTES: usize = 8 * 1024 * 1024;

/// The most players an event on the server has, withdrawn ones included: every
/// read of an event works out its standings and crosstable, whose cost grows
/// with the players (about 2 s of processor time a read at 20,000, which any
/// visitor could ask for again and again).
pub const MAX_EVENT_PLAYERS: usize = 1000;

/// The most events a listing returns.
const PAGE: usize = 100;

/// `POST /api/events`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewEventBody {
    name: String,
    #[serde(default = "two")]
    players_per_table: usize,
    rounds: u32,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    clock: Option<Value>,
    #[serde(default)]
    venue: Option<String>,
    #[serde(default)]
    system: Option<String>,
    #[serde(default)]
    rated: bool,
}

fn two() -> usize {
    2
}

/// A body naming an account (absent: the caller).
#[derive(Debug, Default, Deserialize)]
pub struct UserChoice {
    #[serde(default)]
    username: Option<String>,
}

/// `POST /api/events/{id}/decide`'s body.
#[derive(Debug, Deserialize)]
pub struct Decision {
    round: u32,
    table: u32,
    /// The winner's user name; absent or null with `draw`.
    #[serde(default)]
    winner: Option<String>,
    #[serde(default)]
    draw: bool,
    reason: String,
}

/// `POST /api/events/{id}/record`'s body.
#[derive(Debug, Deserialize)]
pub struct RecordEntry {
    round: u32,
    table: u32,
    record: String,
}

/// `POST /api/events/import`'s query.
#[derive(Debug, Deserialize)]
pub struct ImportQuery {
    venue: Option<String>,
    initial: Option<u64>,
    increment: Option<u64>,
    days: Option<u64>,
    #[serde(default)]
    rated: bool,
}

fn rules(text: Option<&str>) -> ApiResult<RulesEdition> {
    match text {
        None => Ok(RulesEdition::default()),
        Some(r) => r
            .parse()
            .map_err(|_| ApiError::BadRequest("rules: \"2004\" or \"2011\"".into())),
    }
}

fn venue(text: Option<&str>) -> ApiResult<Venue> {
    match text {
        None => Ok(Venue::Server),
        Some(v) => Venue::from_word(v)
            .ok_or_else(|| ApiError::BadRequest("venue: \"server\" or \"board\"".into())),
    }
}

fn system(text: Option<&str>) -> ApiResult<System> {
    match text {
        None | Some("swiss") => Ok(System::Swiss),
        Some("round-robin") => Ok(System::RoundRobin),
        Some(_) => Err(ApiError::BadRequest(
            "system: \"swiss\" or \"round-robin\"".into(),
        )),
    }
}

/// `POST /api/events`: a new event; its creator is its arbiter.
pub async fn create(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(body): JsonBody<NewEventBody>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let new = NewEvent {
        system: system(body.system.as_deref())?,
        rules: rules(body.rules.as_deref())?,
        ..NewEvent::swiss(&body.name, body.players_per_table, body.rounds)
    };
    let time_control = TimeControl::from_json(body.clock.as_ref())?;
    let row = EventRow {
        id: String::new(),
        name: body.name,
        created: state.clock.now(),
        arbiter: caller.user,
        venue: venue(body.venue.as_deref())?,
        time_control,
        rated: body.rated,
    };
    let desk = EventFile::create_in_memory(&desk_name("new"), &new)
        .and_then(|mut desk| desk.to_bytes())
        .map_err(desk_error)?;
    let event = state.create_event(row, desk).await?;
    Ok((StatusCode::CREATED, Json(event)))
}

/// `GET /api/events`: the newest events.
pub async fn list(State(state): State<AppState>) -> ApiResult<Json<Value>> {
    let rows = state.db.call(|conn| store::list(conn, PAGE)).await?;
    let events: Vec<Value> = rows
        .into_iter()
        .map(|(id, name, arbiter, created)| {
            json!({"id": id, "name": name, "arbiter": arbiter, "created": created})
        })
        .collect();
    Ok(Json(json!({ "events": events })))
}

/// `GET /api/events/{id}`.
pub async fn show(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
) -> ApiResult<Json<Value>> {
    Ok(Json(state.event(&id).await?))
}

/// Adds account `user` to the event, seeded by their rating of its pool.
fn enter(conn: &Connection, held: &mut Held, user: &UserRef) -> ApiResult<()> {
    let event = held.read()?;
    if event.players.len() >= MAX_EVENT_PLAYERS {
        return Err(ApiError::conflict("event full"));
    }
    let pool = event.settings.table_size;
    let rating = store::seeding_rating(conn, user.id, pool)?;
    // Spelled as the event spells a player of that name, if it has one: the
    // desk refuses them as entered already.
    held.desk
        .add_players(&[spelled(&event, &user.name)], rating, None)
        .map_err(desk_error)?;
    Ok(())
}

/// The account named `name`, or a 400.
async fn account(state: &AppState, name: &str) -> ApiResult<UserRef> {
    let user = if super::account::valid_username(name) {
        state.db.user_by_name(name.to_owned()).await?
    } else {
        None
    };
    user.ok_or_else(|| ApiError::BadRequest(format!("username: no user {name:?}")))
}

/// The account a request must name (`username`).
async fn named_account(state: &AppState, body: UserChoice) -> ApiResult<UserRef> {
    let name = body
        .username
        .ok_or_else(|| ApiError::BadRequest("username: required".into()))?;
    account(state, &name).await
}

/// `POST /api/events/{id}/join`: the caller enters the event.
pub async fn join(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: Caller,
) -> ApiResult<Json<Value>> {
    if caller.user.bot {
        return Err(ApiError::Forbidden(
            "a bot account is entered by the event's arbiter".into(),
        ));
    }
    let user = caller.user;
    let (_, event) = state
        .change_event(&id, move |conn, held| {
            // Once every round is paired, a player entering would never be
            // paired: they would only add a line to the final standings.
            let event = held.read()?;
            if event.rounds_paired() >= event.settings.rounds {
                return Err(ApiError::conflict(format!(
                    "all {} rounds of the event are paired: a player entering now would never be paired",
                    event.settings.rounds
                )));
            }
            enter(conn, held, &user)
        })
        .await?;
    Ok(Json(event))
}

/// `POST /api/events/{id}/players` `{"username"}`: the arbiter enters an account.
pub async fn add_player(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: Caller,
    JsonBody(body): JsonBody<UserChoice>,
) -> ApiResult<Json<Value>> {
    let user = named_account(&state, body).await?;
    let (_, event) = state
        .change_event(&id, move |conn, held| {
            held.arbiter_only(caller.user.id, "enter other players")?;
            enter(conn, held, &user)
        })
        .await?;
    Ok(Json(event))
}

/// The account a request names (`username`), or the caller; only the arbiter
/// acts for someone else.
async fn for_whom(
    state: &AppState,
    caller: &Caller,
    body: UserChoice,
) -> ApiResult<(UserRef, bool)> {
    match body.username {
        Some(name) if !name.eq_ignore_ascii_case(&caller.user.name) => {
            Ok((account(state, &name).await?, true))
        }
        _ => Ok((caller.user.clone(), false)),
    }
}

/// The player of `event` that account `user` is, or 409: the account has
/// not entered the event.
fn entrant<'e>(
    event: &'e pacru_event::Event,
    user: &UserRef,
) -> ApiResult<&'e pacru_event::Player> {
    event
        .player_named(&spelled(event, &user.name))
        .ok_or_else(|| ApiError::conflict(format!("{} has not entered this event", user.name)))
}

/// `POST /api/events/{id}/withdraw` `{"username"?}`: a player leaves the
/// event (themselves, or anyone by the arbiter): not paired from the next round.
pub async fn withdraw(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: Caller,
    JsonBody(body): JsonBody<UserChoice>,
) -> ApiResult<Json<Value>> {
    let (user, other) = for_whom(&state, &caller, body).await?;
    let (_, event) = state
        .change_event(&id, move |_, held| {
            if other {
                held.arbiter_only(caller.user.id, "withdraw other players")?;
            }
            let name = entrant(&held.read()?, &user)?.name.clone();
            held.desk.withdraw(&name).map_err(desk_error)
        })
        .await?;
    Ok(Json(event))
}

/// `POST /api/events/{id}/reinstate` `{"username"}`: the arbiter undoes a
/// player's withdrawal, as `pacru event player reinstate` (only before the
/// next round is paired). Before the first round, while check-in is in use,
/// the player counts as checked in: the pairing would withdraw them again.
pub async fn reinstate(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: Caller,
    JsonBody(body): JsonBody<UserChoice>,
) -> ApiResult<Json<Value>> {
    let user = named_account(&state, body).await?;
    let (_, event) = state
        .change_event(&id, move |conn, held| {
            held.arbiter_only(caller.user.id, "reinstate players")?;
            let event = held.read()?;
            held.desk
                .reinstate(&entrant(&event, &user)?.name)
                .map_err(desk_error)?;
            if event.rounds_paired() == 0 && !store::checked_in(conn, &held.row.id)?.is_empty() {
                store::check_in(conn, &held.row.id, user.id)?;
            }
            Ok(())
        })
        .await?;
    Ok(Json(event))
}

/// `POST /api/events/{id}/checkin` `{"username"?}`: a player says they are
/// here for the first round (themselves, or anyone by the arbiter).
pub async fn check_in(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: Caller,
    JsonBody(body): JsonBody<UserChoice>,
) -> ApiResult<Json<Value>> {
    let (user, other) = for_whom(&state, &caller, body).await?;
    let (_, event) = state
        .change_event(&id, move |conn, held| {
            if other {
                held.arbiter_only(caller.user.id, "check other players in")?;
            }
            let event = held.read()?;
            if event.rounds_paired() > 0 {
                return Err(ApiError::conflict(
                    "check-in is over: the first round is paired",
                ));
            }
            let player = entrant(&event, &user)?;
            // Checked in, a withdrawn player would still not be paired.
            if let Some(round) = player.withdrawn_from {
                return Err(ApiError::conflict(format!(
                    "`{}` has withdrawn (from round {round} on): checked in they would still not be paired; the arbiter may reinstate them",
                    escape_controls(&player.name)
                )));
            }
            store::check_in(conn, &held.row.id, user.id)
        })
        .await?;
    Ok(Json(event))
}

/// `POST /api/events/{id}/pair`: the arbiter pairs the next round with the
/// desk's pairing; on the server, a game opens for each table. Before the
/// first round, once anyone has checked in, those who have not are withdrawn.
pub async fn pair(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: Caller,
) -> ApiResult<Json<Value>> {
    let (_, event) = state
        .change_event(&id, move |conn, held| {
            held.arbiter_only(caller.user.id, "pair a round")?;
            let event = held.read()?;
            if event.rounds_paired() == 0 {
                let here = store::checked_in(conn, &held.row.id)?;
                if !here.is_empty() {
                    for player in &event.players {
                        let absent = player.withdrawn_from.is_none()
                            && !here.iter().any(|h| h.eq_ignore_ascii_case(&player.name));
                        if absent {
                            held.desk.withdraw(&player.name).map_err(desk_error)?;
                        }
                    }
                }
            }
            held.desk.pair().map_err(desk_error)
        })
        .await?;
    Ok(Json(event))
}

/// `POST /api/events/{id}/unpair`: the arbiter undoes the last round's
/// pairing while no table has a result, a record or a move.
pub async fn unpair(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: Caller,
) -> ApiResult<Json<Value>> {
    Ok(Json(state.unpair_event(&id, caller.user.id).await?))
}

/// `POST /api/events/{id}/decide`: the arbiter's decision on a table, as
/// `pacru event decide`.
pub async fn decide(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: Caller,
    JsonBody(body): JsonBody<Decision>,
) -> ApiResult<Json<Value>> {
    let award = match (body.winner, body.draw) {
        (Some(name), false) => Award::Winner(name),
        (None, true) => Award::Draw,
        _ => {
            return Err(ApiError::BadRequest(
                "give either winner (a user name) or draw: true".into(),
            ));
        }
    };
    let decision = TableDecision {
        round: body.round,
        table: body.table,
        award,
        reason: body.reason,
    };
    Ok(Json(
        state.decide_event(&id, caller.user.id, decision).await?,
    ))
}

/// `POST /api/events/{id}/record`: a table's record, refereed on entry. Sent
/// by one of the table's players (an event on boards) or the arbiter. A
/// record the referee does not find `ok` and finished is refused with its
/// verdict and nothing is stored.
pub async fn record(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
    caller: Caller,
    JsonBody(body): JsonBody<RecordEntry>,
) -> ApiResult<Json<Value>> {
    let user = caller.user;
    let (_, event) = state
        .change_event(&id, move |_, held| {
            let event = held.read()?;
            let table = event
                .round(body.round)
                .and_then(|r| {
                    r.tables
                        .get(usize::try_from(body.table).ok()?.checked_sub(1)?)
                })
                .ok_or_else(|| {
                    ApiError::BadRequest(format!(
                        "round {} has no table {}",
                        body.round, body.table
                    ))
                })?;
            let seated = table
                .seats
                .iter()
                .any(|&p| event.name(p).eq_ignore_ascii_case(&user.name));
            let arbiter = held.row.arbiter.id == user.id;
            let player_on_board = seated && held.row.venue == Venue::Board;
            if !(arbiter || player_on_board) {
                return Err(ApiError::Forbidden(if held.row.venue == Venue::Server {
                    "the results of games on the server enter by themselves; only the arbiter enters a record".into()
                } else {
                    "only the table's players and the arbiter enter its record".into()
                }));
            }
            if table.status != TableStatus::Pending {
                return Err(ApiError::conflict(format!(
                    "table {} of round {} is {}: only the arbiter's decision changes it now",
                    body.table, body.round, table.status
                )));
            }
            let source = format!("round {} table {} by {}", body.round, body.table, user.name);
            let received =
                Received::read(&source, body.record.clone().into_bytes(), event.settings.rules)
                    .map_err(desk_error)?;
            refuse_unless_finished(&received)?;
            held.desk
                .submit(body.round, body.table, &source, body.record.into_bytes())
                .map_err(desk_error)
        })
        .await?;
    Ok(Json(event))
}

/// Refuses a record the referee does not find `ok` and finished, naming the
/// rule and the ply as `pacru check` does.
fn refuse_unless_finished(received: &Received) -> ApiResult<()> {
    let verdict = &received.game.verdict;
    if !verdict.is_ok() {
        let error = verdict.error.as_ref();
        return Err(ApiError::Record {
            status: verdict.status.to_string(),
            rule: error.and_then(|e| e.rule).map(|r| r.to_string()),
            ply: error.and_then(|e| e.ply),
            message: error.map_or_else(|| verdict.status.to_string(), |e| e.message.clone()),
        });
    }
    if verdict.winner.is_none() && verdict.result != "draw" {
        return Err(ApiError::Record {
            status: "unfinished".into(),
            rule: None,
            ply: None,
            message: "the record's game is not over: a table's result comes from a finished game"
                .into(),
        });
    }
    Ok(())
}

/// `GET /api/events/{id}/pgr`: every record the event holds, in one PGR.
pub async fn pgr(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
) -> ApiResult<Response> {
    let event = state.event_in_full(&id).await?;
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        pacru_event::export::games_pgr(&event),
    )
        .into_response())
}

/// `GET /api/events/{id}/trf`: a 2-player event as FIDE's TRF-16 (409 for 3
/// or 4 a table: TRF has no place for them).
pub async fn trf(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
) -> ApiResult<Response> {
    let event = state.event_in_full(&id).await?;
    let text = pacru_event::export::trf(&event).map_err(|e| ApiError::Conflict(e.to_string()))?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

/// `GET /api/events/{id}/desk`: the event as the file `pacru event` opens.
pub async fn desk(
    State(state): State<AppState>,
    PathArgs(id): PathArgs<String>,
) -> ApiResult<Response> {
    let bytes = state.event_desk(&id).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/vnd.sqlite3".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{id}.pacru\""),
            ),
        ],
        bytes,
    )
        .into_response())
}

/// The body of an import read whole (up to [`MAX_DESK_BYTES`]) before its
/// handler runs, as [`super::body::whole_body`] reads the others.
pub async fn whole_desk_body(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    match super::body::read_whole(request, MAX_DESK_BYTES).await {
        Ok(request) => next.run(request).await,
        Err(e) => e.into_response(),
    }
}

/// `POST /api/events/import`: an event file made with `pacru event` (the raw
/// bytes as the body) becomes an event of the server, its arbiter the caller.
/// On the server (`?venue=server`) every player still in must have an account.
pub async fn import(
    State(state): State<AppState>,
    caller: Caller,
    QueryArgs(query): QueryArgs<ImportQuery>,
    bytes: Bytes,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let venue = venue(query.venue.as_deref())?;
    let mut clock = serde_json::Map::new();
    for (key, value) in [
        ("initial", query.initial),
        ("increment", query.increment),
        ("days", query.days),
    ] {
        if let Some(v) = value {
            clock.insert(key.into(), v.into());
        }
    }
    let time_control = TimeControl::from_json(
        Some(&Value::Object(clock)).filter(|v| v.as_object().is_some_and(|o| !o.is_empty())),
    )?;
    let (name, players, desk) = {
        let mut desk = EventFile::from_bytes(&desk_name("import"), &bytes).map_err(desk_error)?;
        let event = desk.read().map_err(desk_error)?;
        if event.players.len() > MAX_EVENT_PLAYERS {
            return Err(ApiError::BadRequest(format!(
                "the event has {} players; an event on the server has at most {MAX_EVENT_PLAYERS}",
                event.players.len()
            )));
        }
        // The server tells names apart ignoring case, as it does accounts:
        // two players spelled alike would be one account, seated against
        // itself.
        for (i, player) in event.players.iter().enumerate() {
            if let Some(twin) = event.players[..i]
                .iter()
                .find(|p| p.name.eq_ignore_ascii_case(&player.name))
            {
                return Err(ApiError::BadRequest(format!(
                    "the players `{}` and `{}` differ only in case; names on the server match accounts ignoring case",
                    escape_controls(&twin.name),
                    escape_controls(&player.name)
                )));
            }
        }
        let players: Vec<String> = event
            .players
            .iter()
            .filter(|p| p.withdrawn_from.is_none())
            .map(|p| p.name.clone())
            .collect();
        (
            event.settings.name.clone(),
            players,
            desk.to_bytes().map_err(desk_error)?,
        )
    };
    if venue == Venue::Server {
        let mut missing = Vec::new();
        for name in &players {
            let found = super::account::valid_username(name)
                && state.db.user_by_name(name.to_owned()).await?.is_some();
            if !found {
                missing.push(name.clone());
            }
        }
        if !missing.is_empty() {
            return Err(ApiError::BadRequest(format!(
                "players without an account here cannot play on the server: {}",
                missing.join(", ")
            )));
        }
    }
    let row = EventRow {
        id: String::new(),
        name,
        created: state.clock.now(),
        arbiter: caller.user,
        venue,
        time_control,
        rated: query.rated,
    };
    let event = state.create_event(row, desk).await?;
    Ok((StatusCode::CREATED, Json(event)))
}
