//! Stopping the bridge: a flag every loop checks, waits that end early when it
//! is raised, and the kill switches of the engines in play.

use pacru_runner::KillSwitch;
use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

#[derive(Debug, Default)]
struct Inner {
    stopped: bool,
    engines: HashMap<u64, KillSwitch>,
    next: u64,
}

/// A handle that stops a bridge (cheap to clone; every clone stops the same
/// bridge).
#[derive(Clone, Debug, Default)]
pub struct Stop {
    inner: Arc<(Mutex<Inner>, Condvar)>,
}

/// An engine registered with [`Stop::register`]; unregistered when dropped.
#[derive(Debug)]
pub struct Registration {
    stop: Stop,
    key: u64,
}

impl Drop for Registration {
    fn drop(&mut self) {
        self.stop.lock().engines.remove(&self.key);
    }
}

impl Stop {
    /// A handle not yet raised.
    pub fn new() -> Stop {
        Stop::default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Raises the flag and ends the process group of every engine in play.
    /// The bridge's loops return as soon as they look.
    pub fn stop(&self) {
        let engines: Vec<KillSwitch> = {
            let mut inner = self.lock();
            inner.stopped = true;
            inner.engines.values().cloned().collect()
        };
        for engine in engines {
            engine.kill();
        }
        self.inner.1.notify_all();
    }

    /// Whether [`Stop::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.lock().stopped
    }

    /// Waits `duration`, or less if the bridge is stopped meanwhile; whether it
    /// was stopped.
    pub fn sleep(&self, duration: Duration) -> bool {
        let deadline = Instant::now() + duration;
        let mut inner = self.lock();
        while !inner.stopped {
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                break;
            };
            inner = self
                .inner
                .1
                .wait_timeout(inner, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        inner.stopped
    }

    /// Registers an engine's kill switch, so that [`Stop::stop`] ends it; an
    /// engine registered after the stop is ended at once.
    pub fn register(&self, engine: KillSwitch) -> Registration {
        let mut inner = self.lock();
        if inner.stopped {
            engine.kill();
        }
        let key = inner.next;
        inner.next += 1;
        inner.engines.insert(key, engine);
        Registration {
            stop: self.clone(),
            key,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sleep_ends_when_stopped() {
        let stop = Stop::new();
        assert!(!stop.sleep(Duration::from_millis(1)));
        let other = stop.clone();
        let started = Instant::now();
        let t = std::thread::spawn(move || other.sleep(Duration::from_secs(60)));
        // Stopping before the sleeper waits is also seen: the flag is checked first.
        stop.stop();
        assert!(t.join().unwrap());
        assert!(started.elapsed() < Duration::from_secs(30));
        assert!(stop.is_stopped());
    }
}
