//! The stream follower: reads the account's event stream, joins the
//! invitations the policy accepts (declining the others, and queueing those
//! that come while the bot plays as many games as it may), and starts a game
//! player for each game that starts (and, on every connection, for each game
//! in play).

use crate::BotConfig;
use crate::api::{Api, valid_id};
use crate::backoff::Backoff;
use crate::game::{my_colour, play_game};
use crate::stop::Stop;
use serde_json::Value;
use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// The most invitations kept waiting for a free slot; past it the oldest is
/// declined.
const MAX_WAITING: usize = 100;

/// The most games played at once whatever the server says (a thread and an
/// engine process each): `gameStart` events beyond it are ignored.
pub const MAX_GAMES: usize = 256;

/// The games of the bot, shared by the follower and the game threads.
#[derive(Debug, Default)]
struct Games {
    /// Games being played (a game thread runs for each).
    playing: HashSet<String>,
    /// Games joined that have not started (waiting for other players).
    joined: HashSet<String>,
    /// Accepted invitations that came while the bot was busy, oldest first.
    waiting: VecDeque<String>,
}

impl Games {
    /// Games that take a slot: played, or joined and about to be.
    fn busy(&self) -> usize {
        self.playing.len() + self.joined.len()
    }

    /// Queues invitation `id` for a free slot; the oldest waiting one when
    /// the queue was full, which the bot will not join.
    fn queue(&mut self, id: &str) -> Option<String> {
        let dropped = if self.waiting.len() >= MAX_WAITING {
            self.waiting.pop_front()
        } else {
            None
        };
        self.waiting.push_back(id.to_string());
        dropped
    }
}

/// The follower's shared state.
#[derive(Clone)]
struct Shared {
    api: Api,
    config: Arc<BotConfig>,
    me: Arc<str>,
    stop: Stop,
    games: Arc<Mutex<Games>>,
}

impl Shared {
    fn games(&self) -> MutexGuard<'_, Games> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn concurrency(&self) -> usize {
        self.config.concurrency.max(1)
    }

    /// Joins game `id`; whether the server took the bot in.
    fn join(&self, id: &str) -> bool {
        match self.api.post(&format!("/api/games/{id}/join")) {
            Ok((200, _)) => {
                tracing::info!(game = id, "joined");
                true
            }
            Ok((status, body)) => {
                tracing::warn!(game = id, "join: HTTP {status} {body}");
                false
            }
            Err(e) => {
                tracing::warn!(game = id, "join: {e}");
                false
            }
        }
    }

    /// Forgets the joined games that are no longer open (started games come
    /// again as `gameStart` on connecting; games given up while the stream
    /// was down sent their `gameFinish` to nobody).
    fn prune_joined(&self) {
        let joined: Vec<String> = self.games().joined.iter().cloned().collect();
        for id in joined {
            let open = match self.api.get(&format!("/api/games/{id}")) {
                Ok((200, game)) => game["status"] == "open",
                Ok((404, _)) => false,
                // Unknown: kept until the next connection.
                _ => true,
            };
            if !open {
                self.games().joined.remove(&id);
            }
        }
    }

    /// Counts as joined the open games in which the bot holds a seat and
    /// that someone else opened (`GET /api/games?status=open&player=ME`): the
    /// invitations it joined before the bridge was restarted, or whose answer
    /// was lost, take their slots as those joined since do (the server sends
    /// no event for them on connecting).
    fn recall_joined(&self) {
        let path = format!("/api/games?status=open&player={}", self.me);
        let games = match self.api.get(&path) {
            Ok((200, answer)) => answer,
            Ok((status, _)) => {
                tracing::warn!("the open games of the bot: HTTP {status}");
                return;
            }
            Err(e) => {
                tracing::warn!("the open games of the bot: {e}");
                return;
            }
        };
        let mut known = self.games();
        for game in games["games"].as_array().into_iter().flatten() {
            let Some(id) = game["id"].as_str().filter(|id| valid_id(id)) else {
                continue;
            };
            let invited = game["creator"].as_str() != Some(&*self.me);
            if invited && my_colour(game, &self.me).is_some() && !known.playing.contains(id) {
                known.joined.insert(id.to_string());
            }
        }
    }

    /// Joins waiting invitations while there is a free slot (the ones that
    /// can no longer be joined are dropped).
    fn fill_slots(&self) {
        loop {
            let next = {
                let mut games = self.games();
                if games.busy() >= self.concurrency() {
                    return;
                }
                let Some(id) = games.waiting.pop_front() else {
                    return;
                };
                // Taken before joining, so that two threads do not both join.
                games.joined.insert(id.clone());
                id
            };
            if !self.join(&next) {
                self.games().joined.remove(&next);
            }
        }
    }
}

/// Follows the event stream of `me` until `stop` is raised, reconnecting with
/// backoff whenever the stream fails, ends or stays silent too long.
pub fn follow(api: &Api, config: &BotConfig, me: &str, stop: &Stop) {
    let shared = Shared {
        api: api.clone(),
        config: Arc::new(config.clone()),
        me: Arc::from(me),
        stop: stop.clone(),
        games: Arc::default(),
    };
    let mut backoff = Backoff::default();
    // A token the server refuses (revoked while the bridge runs) ends the
    // follower: no retry could succeed.
    while !stop.is_stopped() && !api.refused() {
        match api.stream("/api/stream/event") {
            Ok(mut stream) => {
                tracing::info!("following the event stream");
                backoff.reset();
                shared.prune_joined();
                shared.recall_joined();
                shared.fill_slots();
                loop {
                    match stream.next_line() {
                        Ok(Some(event)) => {
                            if stop.is_stopped() || api.refused() {
                                return;
                            }
                            on_event(&shared, &event);
                        }
                        Ok(None) => {
                            tracing::warn!("the event stream ended; reconnecting");
                            break;
                        }
                        Err(e) => {
                            tracing::warn!("event stream: {e}; reconnecting");
                            break;
                        }
                    }
                }
            }
            Err(e) => tracing::warn!("event stream: {e}"),
        }
        if api.refused() {
            return;
        }
        stop.sleep(backoff.next_wait());
    }
}

/// Handles one line of the event stream.
fn on_event(shared: &Shared, event: &Value) {
    let game = &event["game"];
    let Some(id) = game["id"].as_str().filter(|id| valid_id(id)) else {
        return;
    };
    match event["type"].as_str() {
        Some("challenge") => on_challenge(shared, id, game),
        Some("gameStart") => {
            {
                let mut games = shared.games();
                games.joined.remove(id);
                if games.playing.len() >= MAX_GAMES && !games.playing.contains(id) {
                    tracing::error!(game = id, "not played: {MAX_GAMES} games in play already");
                    return;
                }
                if !games.playing.insert(id.to_string()) {
                    return;
                }
            }
            let (thread, id) = (shared.clone(), id.to_string());
            let spawned = std::thread::Builder::new()
                .name(format!("game {id}"))
                .spawn(move || {
                    play_game(&thread.api, &thread.config, &thread.stop, &thread.me, &id);
                    thread.games().playing.remove(&id);
                    if !thread.stop.is_stopped() {
                        thread.fill_slots();
                    }
                });
            if let Err(e) = spawned {
                tracing::error!("cannot start a game thread: {e}");
                shared
                    .games()
                    .playing
                    .remove(game["id"].as_str().unwrap_or(""));
            }
        }
        // A game joined that was given up before it started frees its slot.
        Some("gameFinish") => {
            let freed = shared.games().joined.remove(id);
            if freed {
                shared.fill_slots();
            }
        }
        _ => {}
    }
}

/// Declines invitation `id`, saying `why` in the log.
fn decline(shared: &Shared, id: &str, why: &str) {
    tracing::info!(game = id, "invitation declined: {}", why.escape_debug());
    match shared.api.post(&format!("/api/games/{id}/decline")) {
        Ok((200 | 409, _)) => {}
        Ok((status, body)) => tracing::warn!(game = id, "decline: HTTP {status} {body}"),
        Err(e) => tracing::warn!(game = id, "decline: {e}"),
    }
}

/// An invitation: declined when the policy refuses it, queued when the bot
/// is busy (the oldest queued one declined when the queue is full), else
/// joined.
fn on_challenge(shared: &Shared, id: &str, game: &Value) {
    if let Err(why) = shared.config.accept.check(game) {
        decline(shared, id, &why.to_string());
        return;
    }
    let queued = {
        let mut games = shared.games();
        let known = games.playing.contains(id)
            || games.joined.contains(id)
            || games.waiting.iter().any(|w| w == id);
        if known {
            return;
        }
        if games.busy() >= shared.concurrency() {
            tracing::info!(
                game = id,
                "invitation queued: {} games in play",
                games.busy()
            );
            Some(games.queue(id))
        } else {
            games.joined.insert(id.to_string());
            None
        }
    };
    if let Some(dropped) = queued {
        if let Some(oldest) = dropped {
            let why = format!("{MAX_WAITING} newer invitations wait for a free slot");
            decline(shared, &oldest, &why);
        }
        return;
    }
    if !shared.join(id) {
        shared.games().joined.remove(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_queue_gives_up_its_oldest_invitation() {
        let mut games = Games::default();
        for i in 0..MAX_WAITING {
            assert_eq!(games.queue(&format!("game{i:04}")), None);
        }
        assert_eq!(games.queue("newest"), Some("game0000".to_string()));
        assert_eq!(games.waiting.len(), MAX_WAITING);
        assert_eq!(games.waiting.front().map(String::as_str), Some("game0001"));
        assert_eq!(games.waiting.back().map(String::as_str), Some("newest"));
    }
}
