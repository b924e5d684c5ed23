//! The games being played, in memory: each behind its own lock, with a channel
//! that carries its stream lines to every watcher; and each user's channel of
//! events (challenges, starts, finishes); each event's lock and channel; each
//! user's lock on taking seats.

use crate::game::GameState;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// How many lines a slow watcher may fall behind before its stream is closed
/// (it reconnects and gets the game as it stands).
const CHANNEL_CAPACITY: usize = 64;

/// A line of a game's stream: the JSON text, and whether it is the last (the
/// game ended).
#[derive(Clone, Debug)]
pub struct GameLine {
    /// The JSON text, without the newline.
    pub text: Arc<str>,
    /// Whether the game ended with this line.
    pub last: bool,
}

/// A game held in memory while it is open or played.
#[derive(Debug)]
pub struct LiveGame {
    /// The game; every change holds this lock until it is stored.
    pub state: tokio::sync::Mutex<GameState>,
    /// The game's stream lines (JSON text).
    pub lines: broadcast::Sender<GameLine>,
}

impl LiveGame {
    /// A game to hold.
    pub fn new(state: GameState) -> LiveGame {
        LiveGame {
            state: tokio::sync::Mutex::new(state),
            lines: broadcast::channel(CHANNEL_CAPACITY).0,
        }
    }
}

/// The games in memory and the users' event channels.
#[derive(Debug, Default)]
pub struct Hub {
    games: Mutex<HashMap<String, Arc<LiveGame>>>,
    users: Mutex<HashMap<i64, broadcast::Sender<Arc<str>>>>,
    events: Mutex<HashMap<String, broadcast::Sender<Arc<str>>>>,
    event_locks: KeyedLocks<String>,
    seat_locks: KeyedLocks<i64>,
}

/// One asynchronous lock per key, kept only while someone holds or waits for it.
#[derive(Debug)]
pub struct KeyedLocks<K>(Mutex<HashMap<K, Arc<tokio::sync::Mutex<()>>>>);

impl<K> Default for KeyedLocks<K> {
    fn default() -> KeyedLocks<K> {
        KeyedLocks(Mutex::new(HashMap::new()))
    }
}

impl<K: Hash + Eq + Clone> KeyedLocks<K> {
    /// Holds `key`'s lock until the guard is dropped.
    pub async fn lock(&self, key: K) -> KeyedGuard<'_, K> {
        let lock = match self.0.lock() {
            Ok(mut locks) => Arc::clone(locks.entry(key.clone()).or_default()),
            Err(_) => Arc::default(),
        };
        KeyedGuard {
            locks: self,
            key,
            guard: Some(lock.lock_owned().await),
        }
    }

    /// The number of keys whose lock is kept (held or waited for).
    #[cfg(test)]
    fn kept(&self) -> usize {
        self.0.lock().map_or(0, |locks| locks.len())
    }
}

/// A key's lock, held: dropping it lets the next holder in, and forgets the
/// lock when nobody else holds or waits for it.
#[derive(Debug)]
pub struct KeyedGuard<'a, K: Hash + Eq> {
    locks: &'a KeyedLocks<K>,
    key: K,
    guard: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl<K: Hash + Eq> Drop for KeyedGuard<'_, K> {
    fn drop(&mut self) {
        drop(self.guard.take());
        // Handles are cloned only under the map's lock: one held by the map
        // alone stays so until it is removed here.
        if let Ok(mut locks) = self.locks.0.lock()
            && locks
                .get(&self.key)
                .is_some_and(|lock| Arc::strong_count(lock) == 1)
        {
            locks.remove(&self.key);
        }
    }
}

/// Event `id`'s lock, held (see [`Hub::lock_event`]).
pub type EventGuard<'a> = KeyedGuard<'a, String>;

impl Hub {
    /// The game `id` if it is held.
    pub fn get(&self, id: &str) -> Option<Arc<LiveGame>> {
        self.games.lock().ok()?.get(id).cloned()
    }

    /// Holds `game` (or returns the one already held under its id).
    pub fn insert(&self, id: String, game: LiveGame) -> Arc<LiveGame> {
        let Ok(mut games) = self.games.lock() else {
            return Arc::new(game);
        };
        Arc::clone(games.entry(id).or_insert_with(|| Arc::new(game)))
    }

    /// Stops holding game `id` (it is over; its watchers keep their handle).
    pub fn remove(&self, id: &str) {
        if let Ok(mut games) = self.games.lock() {
            games.remove(id);
        }
    }

    /// A receiver of user `id`'s events.
    pub fn subscribe_user(&self, id: i64) -> broadcast::Receiver<Arc<str>> {
        match self.users.lock() {
            Ok(mut users) => users
                .entry(id)
                .or_insert_with(|| broadcast::channel(CHANNEL_CAPACITY).0)
                .subscribe(),
            Err(_) => broadcast::channel(1).1,
        }
    }

    /// Sends `line` to user `id`'s event streams, if any is open.
    pub fn tell_user(&self, id: i64, line: &Arc<str>) {
        if let Ok(mut users) = self.users.lock()
            && let Some(sender) = users.get(&id)
        {
            if sender.receiver_count() == 0 {
                users.remove(&id);
            } else {
                let _ = sender.send(Arc::clone(line));
            }
        }
    }

    /// Holds the lock every change of event `id` holds, from reading its desk
    /// to telling its watchers, until the guard is dropped. The lock is kept
    /// only while someone holds or waits for it: requests naming events that
    /// do not exist leave nothing behind.
    pub async fn lock_event(&self, id: &str) -> EventGuard<'_> {
        self.event_locks.lock(id.to_owned()).await
    }

    /// Holds user `id`'s lock on taking seats (creating or joining a game),
    /// from counting their unfinished games to taking the seat, so that
    /// requests made at once cannot all pass the limit on that count.
    pub async fn lock_seats(&self, id: i64) -> KeyedGuard<'_, i64> {
        self.seat_locks.lock(id).await
    }

    /// Stops keeping event `id`'s channel if nobody watches it (a stream
    /// asked for an event that does not exist).
    pub fn forget_event(&self, id: &str) {
        if let Ok(mut events) = self.events.lock()
            && events.get(id).is_some_and(|s| s.receiver_count() == 0)
        {
            events.remove(id);
        }
    }

    /// The number of events whose channel is kept.
    #[cfg(test)]
    fn event_channels_kept(&self) -> usize {
        self.events.lock().map_or(0, |events| events.len())
    }

    /// A receiver of event `id`'s changes.
    pub fn subscribe_event(&self, id: &str) -> broadcast::Receiver<Arc<str>> {
        match self.events.lock() {
            Ok(mut events) => events
                .entry(id.to_owned())
                .or_insert_with(|| broadcast::channel(CHANNEL_CAPACITY).0)
                .subscribe(),
            Err(_) => broadcast::channel(1).1,
        }
    }

    /// Sends `line` to event `id`'s streams, if any is open.
    pub fn tell_event(&self, id: &str, line: &Arc<str>) {
        if let Ok(mut events) = self.events.lock()
            && let Some(sender) = events.get(id)
        {
            if sender.receiver_count() == 0 {
                events.remove(id);
            } else {
                let _ = sender.send(Arc::clone(line));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_events_lock_and_channel_are_kept_only_while_used() {
        let hub = Hub::default();
        {
            let _held = hub.lock_event("AbCd1234").await;
            assert_eq!(hub.event_locks.kept(), 1);
        }
        assert_eq!(hub.event_locks.kept(), 0, "nobody holds it: forgotten");
        let rx = hub.subscribe_event("AbCd1234");
        hub.forget_event("AbCd1234");
        assert_eq!(hub.event_channels_kept(), 1, "watched: kept");
        drop(rx);
        hub.forget_event("AbCd1234");
        assert_eq!(hub.event_channels_kept(), 0);
    }

    #[tokio::test]
    async fn a_users_seat_lock_is_kept_only_while_used() {
        let hub = Hub::default();
        {
            let _held = hub.lock_seats(7).await;
            assert_eq!(hub.seat_locks.kept(), 1);
        }
        assert_eq!(hub.seat_locks.kept(), 0);
    }
}
