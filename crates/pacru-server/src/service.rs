//! Changing games: every change runs under the game's lock, is committed to
//! the database, and only then is told to the watchers and answered.

use crate::error::{ApiError, ApiResult};
use crate::game::{Change, GameState, GameStatus};
use crate::hub::{GameLine, LiveGame};
use crate::state::AppState;
use serde_json::{Value, json};
use std::sync::Arc;

/// Whether `id` has the form of a game id (8 ASCII letters and digits).
pub fn is_game_id(id: &str) -> bool {
    id.len() == 8 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// A new game id: 8 letters and digits from the operating system's generator.
pub fn new_game_id() -> ApiResult<String> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(format!("random: {e}")))?;
    Ok(bytes
        .iter()
        .map(|b| char::from(ALPHABET[usize::from(*b) % ALPHABET.len()]))
        .collect())
}

fn line(value: &Value) -> Arc<str> {
    Arc::from(value.to_string())
}

impl AppState {
    /// The game `id`: held in memory while open or played, else read from the
    /// database.
    pub async fn live(&self, id: &str) -> ApiResult<Arc<LiveGame>> {
        if !is_game_id(id) {
            return Err(ApiError::NotFound);
        }
        if let Some(live) = self.hub.get(id) {
            return Ok(live);
        }
        let game = self
            .db
            .load_game(id.to_string())
            .await?
            .ok_or(ApiError::NotFound)?;
        if matches!(game.status, GameStatus::Open | GameStatus::Playing) {
            Ok(self.hub.insert(id.to_string(), LiveGame::new(game)))
        } else {
            Ok(Arc::new(LiveGame::new(game)))
        }
    }

    /// The game `id` as it stands, a clock that ran out played out first (the
    /// sweeper may not have come to it yet), so that no answer shows a player
    /// out of time still to move.
    pub async fn game(&self, id: &str) -> ApiResult<GameState> {
        let live = self.live(id).await?;
        let game = live.state.lock().await.clone();
        if game.deadline().is_some_and(|d| d <= self.clock.now()) {
            return self.change_game(id, |_, _| Ok(Vec::new())).await;
        }
        Ok(game)
    }

    /// Stores a new game (drawing ids until one is free), holds it and tells
    /// the invited users.
    pub async fn create_game(&self, mut game: GameState) -> ApiResult<GameState> {
        loop {
            game.id = new_game_id()?;
            if self.db.insert_game(game.clone()).await? {
                break;
            }
        }
        self.hub
            .insert(game.id.clone(), LiveGame::new(game.clone()));
        let challenge = line(&json!({"type": "challenge", "game": game.to_json(self.clock.now())}));
        for user in &game.invited {
            self.hub.tell_user(user.id, &challenge);
        }
        Ok(game)
    }

    /// Changes game `id` with `change`, after playing out any clock that ran
    /// out; the change is stored before this returns the game as it is then.
    pub async fn change_game<F>(&self, id: &str, change: F) -> ApiResult<GameState>
    where
        F: FnOnce(&mut GameState, i64) -> ApiResult<Vec<Change>>,
    {
        let live = self.live(id).await?;
        let mut current = live.state.lock().await;
        let now = self.clock.now();
        let mut next = current.clone();
        let flags = next.flag(now);
        if !flags.is_empty() {
            self.commit(&live, &mut current, next, &flags, now).await?;
        }
        let mut next = current.clone();
        let changes = change(&mut next, now)?;
        if !changes.is_empty() {
            self.commit(&live, &mut current, next, &changes, now)
                .await?;
        }
        Ok(current.clone())
    }

    /// Changes games `ids` together: holds all their locks at once (taken in
    /// the order of their ids, so that two such changes cannot wait for each
    /// other), plays out any clock that ran out, and lets `check` see them all
    /// before `change` changes any. An error of `check` changes nothing; while
    /// the locks are held no other change (a move) reaches any of them.
    pub async fn change_games_together<C, F>(
        &self,
        ids: &[String],
        check: C,
        mut change: F,
    ) -> ApiResult<Vec<GameState>>
    where
        C: FnOnce(&[&GameState]) -> ApiResult<()>,
        F: FnMut(&mut GameState, i64) -> ApiResult<Vec<Change>>,
    {
        let mut ids = ids.to_vec();
        ids.sort();
        ids.dedup();
        let mut lives = Vec::with_capacity(ids.len());
        for id in &ids {
            lives.push(self.live(id).await?);
        }
        let mut held = Vec::with_capacity(lives.len());
        for live in &lives {
            held.push(live.state.lock().await);
        }
        for (live, current) in lives.iter().zip(held.iter_mut()) {
            let now = self.clock.now();
            let mut next = current.clone();
            let flags = next.flag(now);
            if !flags.is_empty() {
                self.commit(live, current, next, &flags, now).await?;
            }
        }
        check(&held.iter().map(|g| &**g).collect::<Vec<_>>())?;
        let mut games = Vec::with_capacity(held.len());
        for (live, current) in lives.iter().zip(held.iter_mut()) {
            let now = self.clock.now();
            let mut next = current.clone();
            let changes = change(&mut next, now)?;
            if !changes.is_empty() {
                self.commit(live, current, next, &changes, now).await?;
            }
            games.push(current.clone());
        }
        Ok(games)
    }

    /// Stores `next` as the game, then tells the watchers what changed.
    async fn commit(
        &self,
        live: &LiveGame,
        current: &mut GameState,
        next: GameState,
        changes: &[Change],
        now: i64,
    ) -> ApiResult<()> {
        let stored = current.moves.len();
        self.db.save_game(next.clone(), stored).await?;
        *current = next;
        self.announce(live, current, changes, now);
        self.sweeper.schedule(&current.id, current.deadline());
        if matches!(current.status, GameStatus::Finished | GameStatus::Aborted) {
            self.hub.remove(&current.id);
        }
        if current.status == GameStatus::Finished {
            let state = self.clone();
            let id = current.id.clone();
            tokio::spawn(async move { state.event_game_ended(&id).await });
        }
        Ok(())
    }

    fn announce(&self, live: &LiveGame, game: &GameState, changes: &[Change], now: i64) {
        let seated: Vec<i64> = game
            .seats
            .iter()
            .filter_map(|s| s.user.as_ref().map(|u| u.id))
            .collect();
        for change in changes {
            let last = matches!(change, Change::Ended | Change::Aborted);
            let text = match change {
                Change::Joined {
                    colour, started, ..
                } => {
                    if *started {
                        let start = line(&json!({"type": "gameStart", "game": game.to_json(now)}));
                        for user in &seated {
                            self.hub.tell_user(*user, &start);
                        }
                    }
                    game.join_line(*colour, now)
                }
                Change::Moved { ply } => game.move_line(*ply, now),
                Change::Ended | Change::Aborted => {
                    let finish = line(&json!({"type": "gameFinish", "game": game.to_json(now)}));
                    // The seated players and the invited ones, each once (an
                    // invited user who joined is both).
                    let mut told: Vec<i64> = seated.clone();
                    told.extend(game.invited.iter().map(|u| u.id));
                    told.sort_unstable();
                    told.dedup();
                    for user in told {
                        self.hub.tell_user(user, &finish);
                    }
                    game.end_line(now)
                }
            };
            let _ = live.lines.send(GameLine {
                text: line(&text),
                last,
            });
        }
    }

    /// Loads every open and played game into memory and schedules its clock;
    /// the clocks that ran out while the server was down are played out
    /// before this returns, so before the server takes a request.
    pub async fn resume_games(&self) -> ApiResult<usize> {
        let ids = self.db.live_game_ids()?;
        let count = ids.len();
        let now = self.clock.now();
        let mut due = Vec::new();
        for id in ids {
            if let Some(game) = self.db.load_game(id.clone()).await? {
                let deadline = game.deadline();
                if deadline.is_some_and(|d| d <= now) {
                    due.push(id.clone());
                }
                self.sweeper.schedule(&id, deadline);
                self.hub.insert(id, LiveGame::new(game));
            }
        }
        // Together, so that their commits share the writer's fsyncs.
        let flagged = futures_util::future::join_all(
            due.iter()
                .map(|id| self.change_game(id, |_, _| Ok(Vec::new()))),
        )
        .await;
        for (id, result) in due.iter().zip(flagged) {
            if let Err(e) = result {
                tracing::warn!("clock of game {id}: {e}");
            }
        }
        Ok(count)
    }

    /// Plays out the clocks of the games whose deadline came, until the server
    /// stops.
    pub async fn sweep(self) {
        let mut stopping = self.stopping.clone();
        loop {
            if *stopping.borrow() {
                break;
            }
            for id in self.sweeper.due(self.clock.now()) {
                if let Err(e) = self.change_game(&id, |_, _| Ok(Vec::new())).await {
                    tracing::warn!("clock of game {id}: {e}");
                }
            }
            let ms = self.sweeper.sleep_ms(self.clock.now());
            tokio::select! {
                () = self.sweeper.wait(ms) => {}
                _ = stopping.changed() => {}
            }
        }
    }
}
