//! Events on the server, run on the arbiter's desk's own code (`pacru-event`):
//! each event's desk is the bytes of a `pacru event` file kept in the server's
//! database. A change opens the desk in memory, changes it as `pacru event`
//! would, opens the games of newly paired tables, enters the results of
//! finished games, and stores it all in one transaction; then the event's
//! watchers get the event as it stands.

mod json;
mod tables;

use crate::db::events::{self as store, EventRow};
use crate::error::{ApiError, ApiResult};
use crate::game::GameState;
use crate::service::is_game_id;
use crate::state::AppState;
use pacru_event::{Award, EventError, EventFile};
use rusqlite::Connection;
use serde_json::{Value, json};
use std::sync::Arc;

pub use json::event_json;

/// An event as a change sees it: its row and its desk, open in memory.
#[derive(Debug)]
pub struct Held {
    /// The event's row.
    pub row: EventRow,
    /// Its desk.
    pub desk: EventFile,
    /// The desk's bytes as stored: a change that leaves them so stores nothing.
    stored: Vec<u8>,
}

impl Held {
    /// Refuses `user` unless they are the event's arbiter.
    pub fn arbiter_only(&self, user: i64, what: &str) -> ApiResult<()> {
        if self.row.arbiter.id == user {
            Ok(())
        } else {
            Err(ApiError::Forbidden(format!(
                "only the event's arbiter may {what}"
            )))
        }
    }

    /// The desk as it stands (records left out).
    pub fn read(&mut self) -> ApiResult<pacru_event::Event> {
        self.desk.read_with(false).map_err(desk_error)
    }
}

/// Opens event `id` (in the caller's transaction).
pub fn open(conn: &Connection, id: &str) -> ApiResult<Held> {
    let (row, bytes) = store::load(conn, id)?.ok_or(ApiError::NotFound)?;
    let desk = EventFile::from_bytes(&desk_name(id), &bytes).map_err(desk_error)?;
    Ok(Held {
        row,
        desk,
        stored: bytes,
    })
}

/// Account `name` as event `event` spells its player (user names are matched
/// ignoring case on the server; a desk brought onto the server may hold them
/// in another case), or `name` itself when no player matches.
pub fn spelled(event: &pacru_event::Event, name: &str) -> String {
    event
        .players
        .iter()
        .find(|p| p.name.eq_ignore_ascii_case(name))
        .map_or_else(|| name.to_owned(), |p| p.name.clone())
}

/// The name an event's desk goes by in messages.
pub fn desk_name(id: &str) -> String {
    format!("event {id}")
}

/// An arbiter's decision on a table (`POST /api/events/{id}/decide`).
pub struct TableDecision {
    /// The round.
    pub round: u32,
    /// The table of the round.
    pub table: u32,
    /// The result decided.
    pub award: Award,
    /// Why, for the event's log.
    pub reason: String,
}

/// A refusal of the desk as the API answers it: what the request got wrong
/// is a 400, what the event's state forbids a 409, a failure of the store a 500.
pub fn desk_error(e: EventError) -> ApiError {
    let message = e.to_string();
    match e {
        EventError::Setting(_)
        | EventError::Text { .. }
        | EventError::UnknownPlayer { .. }
        | EventError::NoSuchRound { .. }
        | EventError::NoSuchTable { .. }
        | EventError::NotAtTable { .. }
        | EventError::RecordTooLarge { .. }
        | EventError::NoGame { .. }
        | EventError::SeveralGames { .. }
        | EventError::NotARecord { .. }
        | EventError::WrongPlayers { .. }
        | EventError::WrongRules { .. }
        | EventError::NotAnEvent { .. }
        | EventError::Newer { .. } => ApiError::BadRequest(message),
        EventError::DuplicatePlayer { .. }
        | EventError::PlayersFixed
        | EventError::AlreadyWithdrawn { .. }
        | EventError::NotWithdrawn { .. }
        | EventError::RoundsMissed { .. }
        | EventError::RoundNotFinished { .. }
        | EventError::AllRoundsPaired { .. }
        | EventError::Pairing { .. }
        | EventError::NoRound
        | EventError::RoundStarted { .. }
        | EventError::TableHasResult { .. }
        | EventError::TableHeld { .. }
        | EventError::DuplicateSubmission { .. } => ApiError::Conflict(message),
        _ => ApiError::Internal(message),
    }
}

impl AppState {
    /// Event `id` as the API shows it.
    pub async fn event(&self, id: &str) -> ApiResult<Value> {
        if !is_game_id(id) {
            return Err(ApiError::NotFound);
        }
        let id = id.to_owned();
        self.db
            .call(move |conn| {
                let mut held = open(conn, &id)?;
                event_json(conn, &mut held)
            })
            .await
    }

    /// The bytes of event `id`'s desk, as a file `pacru event` opens.
    pub async fn event_desk(&self, id: &str) -> ApiResult<Vec<u8>> {
        if !is_game_id(id) {
            return Err(ApiError::NotFound);
        }
        let id = id.to_owned();
        self.db
            .call(move |conn| open(conn, &id)?.desk.to_bytes().map_err(desk_error))
            .await
    }

    /// Event `id` in full (records included), for exports.
    pub async fn event_in_full(&self, id: &str) -> ApiResult<pacru_event::Event> {
        if !is_game_id(id) {
            return Err(ApiError::NotFound);
        }
        let id = id.to_owned();
        self.db
            .call(move |conn| open(conn, &id)?.desk.read().map_err(desk_error))
            .await
    }

    /// Stores the new event `row` with its desk, the bytes of an event file
    /// (drawing ids until one is free); the event as the API shows it.
    pub async fn create_event(&self, mut row: EventRow, bytes: Vec<u8>) -> ApiResult<Value> {
        let site = self.record_site.clone();
        let now = self.clock.now();
        let (id, opened, value) = self
            .db
            .call(move |conn| {
                let tx = conn.transaction()?;
                loop {
                    row.id = crate::service::new_game_id()?;
                    if store::insert(&tx, &row, &bytes)? {
                        break;
                    }
                }
                let mut held = open(&tx, &row.id)?;
                let opened = settle(&tx, &mut held, &site, now)?.opened;
                let value = event_json(&tx, &mut held)?;
                tx.commit()?;
                Ok((row.id, opened, value))
            })
            .await?;
        self.hold_games(opened);
        self.announce_event(&id, &value);
        Ok(value)
    }

    /// Changes event `id` with `change` under the event's lock, in one
    /// transaction with the games it opens and the results it enters; then
    /// tells the event's watchers. Returns what `change` returned and the
    /// event as it stands.
    pub async fn change_event<T, F>(&self, id: &str, change: F) -> ApiResult<(T, Value)>
    where
        F: FnOnce(&Connection, &mut Held) -> ApiResult<T> + Send + 'static,
        T: Send + 'static,
    {
        if !is_game_id(id) {
            return Err(ApiError::NotFound);
        }
        let _held = self.hub.lock_event(id).await;
        self.change_event_locked(id, change).await
    }

    /// [`AppState::change_event`] for a caller that holds the event's lock.
    async fn change_event_locked<T, F>(&self, id: &str, change: F) -> ApiResult<(T, Value)>
    where
        F: FnOnce(&Connection, &mut Held) -> ApiResult<T> + Send + 'static,
        T: Send + 'static,
    {
        let site = self.record_site.clone();
        let now = self.clock.now();
        let event = id.to_owned();
        let (value, opened, shown) = self
            .db
            .call(move |conn| {
                let tx = conn.transaction()?;
                let mut held = open(&tx, &event)?;
                let value = change(&tx, &mut held)?;
                let opened = settle(&tx, &mut held, &site, now)?.opened;
                let shown = event_json(&tx, &mut held)?;
                tx.commit()?;
                Ok((value, opened, shown))
            })
            .await?;
        self.hold_games(opened);
        self.announce_event(id, &shown);
        Ok((value, shown))
    }

    /// The arbiter's decision (`user` must be the arbiter) on table `table`
    /// of round `round` of event `id`, as `pacru event decide`. The decision
    /// replaces the table's game: a game on the server that has no move yet is
    /// called off (aborted), so that its clock does not run on and end it on
    /// time after the decision; a game with moves goes on, and its record no
    /// longer enters the event.
    pub async fn decide_event(
        &self,
        id: &str,
        user: i64,
        decision: TableDecision,
    ) -> ApiResult<Value> {
        if !is_game_id(id) {
            return Err(ApiError::NotFound);
        }
        let _held = self.hub.lock_event(id).await;
        let (game, shown) = self
            .change_event_locked(id, move |conn, held| {
                held.arbiter_only(user, "decide a result")?;
                // A winner is named as the server names users, ignoring case;
                // the desk takes the player's name as the event holds it.
                let award = match &decision.award {
                    Award::Winner(name) => Award::Winner(spelled(&held.read()?, name)),
                    Award::Draw => Award::Draw,
                };
                held.desk
                    .decide(decision.round, decision.table, &award, &decision.reason)
                    .map_err(desk_error)?;
                Ok(store::table_games(conn, &held.row.id)?
                    .into_iter()
                    .find(|t| t.round == decision.round && t.table == decision.table)
                    .map(|t| t.game))
            })
            .await?;
        if let Some(game) = game {
            let now = self.clock.now();
            let called_off = self
                .change_game(&game, |g, _| {
                    if g.moves.is_empty() {
                        Ok(vec![g.cancel(now)?])
                    } else {
                        Ok(Vec::new())
                    }
                })
                .await;
            match called_off {
                Ok(_) | Err(ApiError::Conflict(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(shown)
    }

    /// Undoes the pairing of event `id`'s last round (its arbiter, `user`,
    /// asks): refused once a table has a result, a record or a move; the
    /// round's games on the server are called off. The games are locked
    /// together while they are checked for moves and called off, so that a
    /// first move arriving meanwhile is either refused (its game called off)
    /// or refuses the undoing: never both taken.
    pub async fn unpair_event(&self, id: &str, user: i64) -> ApiResult<Value> {
        if !is_game_id(id) {
            return Err(ApiError::NotFound);
        }
        let _held = self.hub.lock_event(id).await;
        let event = id.to_owned();
        let (round, games) = self
            .db
            .call(move |conn| {
                let mut held = open(conn, &event)?;
                held.arbiter_only(user, "undo a pairing")?;
                // A trial on this copy of the desk in memory, which is not
                // stored: a round the desk will not undo (a table with a
                // result or a record) is refused before any game is called off.
                let round = held.desk.unpair().map_err(desk_error)?;
                let games: Vec<String> = store::table_games(conn, &event)?
                    .into_iter()
                    .filter(|t| t.round == round)
                    .map(|t| t.game)
                    .collect();
                Ok((round, games))
            })
            .await?;
        let begun = |games: &[&GameState]| match games.iter().find(|g| !g.moves.is_empty()) {
            Some(game) => Err(ApiError::conflict(format!(
                "round {round} has begun: game {} has moves; decide its tables instead",
                game.id
            ))),
            None => Ok(()),
        };
        self.change_games_together(&games, begun, |g, now| match g.cancel(now) {
            Ok(change) => Ok(vec![change]),
            // A game already over stays as it is.
            Err(ApiError::Conflict(_)) => Ok(Vec::new()),
            Err(e) => Err(e),
        })
        .await?;
        let (_, shown) = self
            .change_event_locked(id, move |tx, held| {
                let undone = held.desk.unpair().map_err(desk_error)?;
                store::unlink_round(tx, &held.row.id, round)?;
                Ok(undone)
            })
            .await?;
        Ok(shown)
    }

    /// A game ended: if it was a table's, its result enters the event.
    pub async fn event_game_ended(&self, game: &str) {
        let id = game.to_owned();
        let event = match self
            .db
            .call(move |conn| store::table_of_game(conn, &id))
            .await
        {
            Ok(Some((event, _))) => event,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!("the event of game {game}: {e}");
                return;
            }
        };
        if let Err(e) = self.change_event(&event, |_, _| Ok(())).await {
            tracing::warn!("the result of game {game} for event {event}: {e}");
        }
    }

    /// At start-up: results of games that ended while their event was not
    /// told (the server stopped in between) enter their events. A desk is
    /// stored only when this changed it (saying why); the number stored.
    pub async fn resume_events(&self) -> ApiResult<usize> {
        let ids = self.db.call(|conn| store::events_with_games(conn)).await?;
        let mut stored = 0;
        for id in ids {
            let _held = self.hub.lock_event(&id).await;
            let site = self.record_site.clone();
            let now = self.clock.now();
            let event = id.clone();
            // Nobody watches yet: the event is not shown, only settled.
            let settled = self
                .db
                .call(move |conn| {
                    let tx = conn.transaction()?;
                    let mut held = open(&tx, &event)?;
                    let settled = settle(&tx, &mut held, &site, now)?;
                    tx.commit()?;
                    Ok(settled)
                })
                .await?;
            if settled.stored {
                stored += 1;
                let (entered, opened) = (settled.entered, settled.opened.len());
                tracing::info!(
                    "event {id}: desk stored at start-up: {entered} record(s) of games that \
                     ended while the server was stopped entered, {opened} game(s) opened{}",
                    if entered == 0 && opened == 0 {
                        "; the desk's file brought up to date"
                    } else {
                        ""
                    }
                );
            }
            self.hold_games(settled.opened);
        }
        Ok(stored)
    }

    /// Holds the games a change opened, runs their clocks and tells their
    /// players.
    fn hold_games(&self, games: Vec<GameState>) {
        let now = self.clock.now();
        for game in games {
            let start =
                Arc::from(json!({"type": "gameStart", "game": game.to_json(now)}).to_string());
            for seat in &game.seats {
                if let Some(user) = &seat.user {
                    self.hub.tell_user(user.id, &start);
                }
            }
            self.sweeper.schedule(&game.id, game.deadline());
            self.hub
                .insert(game.id.clone(), crate::hub::LiveGame::new(game));
        }
    }

    fn announce_event(&self, id: &str, shown: &Value) {
        let line: Arc<str> = Arc::from(json!({"type": "event", "event": shown}).to_string());
        self.hub.tell_event(id, &line);
    }
}

/// What a change ended with.
struct Settled {
    /// The games of newly paired tables, opened.
    opened: Vec<GameState>,
    /// How many finished games had their records entered.
    entered: usize,
    /// Whether the desk was stored (its bytes had changed).
    stored: bool,
}

/// What every change ends with: the results of finished games entered, the
/// games of newly paired tables opened, the desk stored if its bytes changed
/// (a change that changed nothing writes nothing).
fn settle(tx: &Connection, held: &mut Held, site: &str, now: i64) -> ApiResult<Settled> {
    let entered = tables::enter_results(tx, held, site)?;
    let opened = tables::open_games(tx, held, now)?;
    let bytes = held.desk.to_bytes().map_err(desk_error)?;
    let stored = bytes != held.stored;
    if stored {
        store::save_desk(tx, &held.row.id, &bytes)?;
        held.stored = bytes;
    }
    Ok(Settled {
        opened,
        entered,
        stored,
    })
}
