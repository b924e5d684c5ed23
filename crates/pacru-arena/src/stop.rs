//! Stopping a running event from outside (a signal handler, a user interface).

use pacru_runner::KillSwitch;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Asks a running event to stop, from any thread.
///
/// Clones share one state. After [`StopHandle::stop`], the event starts no more
/// games, ends the process group of every engine still running (so games in
/// progress end at once), records nothing about the games it cut short (they are
/// played again when the event is resumed), leaves its journal and files
/// consistent, and returns a report with [`stopped`](crate::EventReport::stopped)
/// set.
///
/// ```
/// use pacru_arena::StopHandle;
/// let stop = StopHandle::new();
/// let for_the_signal_handler = stop.clone();
/// for_the_signal_handler.stop();
/// assert!(stop.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopHandle {
    inner: Arc<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    stopped: AtomicBool,
    next_id: AtomicU64,
    running: Mutex<BTreeMap<u64, KillSwitch>>,
}

impl StopHandle {
    /// A handle that has not been stopped.
    pub fn new() -> StopHandle {
        StopHandle::default()
    }

    /// Stops the event: no new game starts and every running engine is ended.
    /// Calling it again ends any engine started since (there should be none).
    pub fn stop(&self) {
        self.inner.stopped.store(true, Ordering::SeqCst);
        let running = self.inner.running.lock().unwrap_or_else(|e| e.into_inner());
        for switch in running.values() {
            switch.kill();
        }
    }

    /// Whether [`StopHandle::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.inner.stopped.load(Ordering::SeqCst)
    }

    /// Registers a running engine, to be ended if the event is stopped (at once, if
    /// it already is); it is forgotten when the guard is dropped.
    pub(crate) fn watch(&self, switch: KillSwitch) -> WatchGuard {
        let id = self.inner.next_id.fetch_add(1, Ordering::SeqCst);
        self.inner
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, switch.clone());
        // A stop between the registration and now has missed this engine.
        if self.is_stopped() {
            switch.kill();
        }
        WatchGuard {
            stop: self.clone(),
            id,
        }
    }
}

/// Keeps an engine registered with a [`StopHandle`] while it lives.
#[derive(Debug)]
pub(crate) struct WatchGuard {
    stop: StopHandle,
    id: u64,
}

impl Drop for WatchGuard {
    fn drop(&mut self) {
        self.stop
            .inner
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.id);
    }
}
