//! The clocks' deadlines: when a player to move runs out of time, the server
//! ends the game (or removes the player) without waiting for a request. A
//! heap of (deadline, game); each change to a game schedules its new deadline,
//! and an entry that is no longer the game's deadline is dropped when it comes
//! up, or when such entries outnumber the games' deadlines (the heap is then
//! made again from the deadlines: correspondence moves, each leaving behind an
//! entry due in up to 30 days, would otherwise hold memory for a month).

use crate::clock::Millis;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::Mutex;
use tokio::sync::Notify;

/// The longest the sweeper sleeps before looking again, in milliseconds (so
/// that a test clock moved forward is noticed even without a wake-up).
pub const MAX_SLEEP_MS: Millis = 1_000;

/// The deadlines of the games' clocks.
#[derive(Debug, Default)]
pub struct Sweeper {
    inner: Mutex<Deadlines>,
    wake: Notify,
}

#[derive(Debug, Default)]
struct Deadlines {
    heap: BinaryHeap<Reverse<(Millis, String)>>,
    current: HashMap<String, Millis>,
}

/// Replaced entries the heap may hold beyond as many as there are deadlines
/// before it is made again.
const STALE_SLACK: usize = 64;

impl Deadlines {
    /// The heap made again from the current deadlines, replaced ones left out.
    fn rebuild(&mut self) {
        self.heap = self
            .current
            .iter()
            .map(|(id, &deadline)| Reverse((deadline, id.clone())))
            .collect();
    }
}

impl Sweeper {
    /// Game `id` must be looked at `deadline` (`None`: it has no running clock).
    pub fn schedule(&self, id: &str, deadline: Option<Millis>) {
        let Ok(mut inner) = self.inner.lock() else {
            return;
        };
        match deadline {
            Some(deadline) => {
                inner.current.insert(id.to_string(), deadline);
                inner.heap.push(Reverse((deadline, id.to_string())));
                if inner.heap.len() > 2 * inner.current.len() + STALE_SLACK {
                    inner.rebuild();
                }
                drop(inner);
                self.wake.notify_one();
            }
            None => {
                inner.current.remove(id);
            }
        }
    }

    /// Wakes the sweeper (the test clock moved).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// The games whose deadline has come by `now`, taken off the heap.
    pub fn due(&self, now: Millis) -> Vec<String> {
        let Ok(mut inner) = self.inner.lock() else {
            return Vec::new();
        };
        let mut due = Vec::new();
        while let Some(Reverse((deadline, _))) = inner.heap.peek() {
            if *deadline > now {
                break;
            }
            let Some(Reverse((deadline, id))) = inner.heap.pop() else {
                break;
            };
            if inner.current.get(&id) == Some(&deadline) {
                inner.current.remove(&id);
                due.push(id);
            }
        }
        due
    }

    /// How long to sleep from `now` before the next deadline.
    pub fn sleep_ms(&self, now: Millis) -> Millis {
        let next = self
            .inner
            .lock()
            .ok()
            .and_then(|inner| inner.heap.peek().map(|Reverse((d, _))| *d));
        next.map_or(MAX_SLEEP_MS, |d| (d - now).clamp(0, MAX_SLEEP_MS))
    }

    /// Waits until woken or `ms` milliseconds passed.
    pub async fn wait(&self, ms: Millis) {
        let duration = std::time::Duration::from_millis(u64::try_from(ms).unwrap_or(0));
        let _ = tokio::time::timeout(duration, self.wake.notified()).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_games_latest_deadline_comes_due() {
        let sweeper = Sweeper::default();
        sweeper.schedule("a", Some(100));
        sweeper.schedule("a", Some(300));
        sweeper.schedule("b", Some(200));
        assert!(sweeper.due(99).is_empty());
        assert!(
            sweeper.due(150).is_empty(),
            "a's first deadline was replaced"
        );
        assert_eq!(sweeper.due(250), vec!["b".to_string()]);
        sweeper.schedule("a", None);
        assert!(sweeper.due(1_000).is_empty(), "a's clock stopped");
        assert_eq!(sweeper.sleep_ms(1_000), MAX_SLEEP_MS);
    }

    /// Each move of a correspondence game replaces its deadline, due in up to
    /// 30 days: the replaced ones are not kept until then.
    #[test]
    fn replaced_deadlines_are_not_kept_until_they_come_up() {
        let sweeper = Sweeper::default();
        sweeper.schedule("other", Some(5_000_000));
        for ply in 0..100_000 {
            sweeper.schedule("corr", Some(1_000_000 + ply));
        }
        let held = sweeper.inner.lock().unwrap().heap.len();
        assert!(
            held <= 2 * 2 + STALE_SLACK + 1,
            "{held} entries for 2 deadlines"
        );
        assert!(
            sweeper.due(1_099_998).is_empty(),
            "replaced deadlines never come due"
        );
        assert_eq!(sweeper.due(1_099_999), vec!["corr".to_string()]);
        assert_eq!(sweeper.due(5_000_000), vec!["other".to_string()]);
        assert_eq!(sweeper.sleep_ms(5_000_000), MAX_SLEEP_MS);
    }
}
