//! Rate limits: requests per token, session or address (governor's keyed
//! limiter), and failed sign-ins per account and per address (10 in a minute,
//! then 429 until the minute is over).

use crate::clock::Millis;
use governor::clock::{Clock as _, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::Mutex;

/// Failed sign-ins allowed per account or address in a minute.
pub const SIGN_IN_FAILURES: u32 = 10;

/// The window of the sign-in count, in milliseconds.
const WINDOW_MS: Millis = 60_000;

/// How many keys the sign-in count holds before it forgets ended windows.
const MAX_KEYS: usize = 100_000;

/// The limits of a server.
#[derive(Debug)]
pub struct Limits {
    api: DefaultKeyedRateLimiter<Vec<u8>>,
    failures: Mutex<HashMap<String, (Millis, u32)>>,
}

impl Limits {
    /// `per_minute` API requests per key, with bursts of a sixth of that.
    pub fn new(per_minute: u32) -> Limits {
        let per_minute = NonZeroU32::new(per_minute.max(1)).unwrap_or(NonZeroU32::MIN);
        let burst = NonZeroU32::new((per_minute.get() / 6).max(10)).unwrap_or(NonZeroU32::MIN);
        Limits {
            api: RateLimiter::keyed(Quota::per_minute(per_minute).allow_burst(burst)),
            failures: Mutex::new(HashMap::new()),
        }
    }

    /// Counts a request of `key`; `Err(seconds)` when over the limit: the
    /// whole seconds until a request may pass, rounded up (5.9 s is 6, so
    /// that a client that waits what it is told is not refused again).
    pub fn check_api(&self, key: Vec<u8>) -> Result<(), u64> {
        if self.api.len() > MAX_KEYS {
            self.api.retain_recent();
        }
        self.api.check_key(&key).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            u64::try_from(wait.as_millis().div_ceil(1000))
                .unwrap_or(u64::MAX)
                .max(1)
        })
    }

    /// Begins a sign-in for `keys` (an account, an address): `Err(seconds)`
    /// while any of them has had too many failed sign-ins in the current
    /// minute; otherwise the attempt counts as a failure until
    /// [`Limits::sign_in_succeeded`] takes it back. Counted before the
    /// password is checked, attempts sent together cannot all pass the check
    /// while none has failed yet.
    pub fn begin_sign_in(&self, keys: &[String], now: Millis) -> Result<(), u64> {
        let Ok(mut failures) = self.failures.lock() else {
            return Ok(());
        };
        for key in keys {
            if let Some(&(start, count)) = failures.get(key)
                && now - start < WINDOW_MS
                && count >= SIGN_IN_FAILURES
            {
                let left = WINDOW_MS - (now - start);
                return Err(u64::try_from((left + 999) / 1000).unwrap_or(60).max(1));
            }
        }
        if failures.len() > MAX_KEYS {
            failures.retain(|_, (start, _)| now - *start < WINDOW_MS);
        }
        for key in keys {
            let entry = failures.entry(key.clone()).or_insert((now, 0));
            if now - entry.0 >= WINDOW_MS {
                *entry = (now, 0);
            }
            entry.1 += 1;
        }
        Ok(())
    }

    /// Takes back the attempt [`Limits::begin_sign_in`] counted for `keys`:
    /// the password was right.
    pub fn sign_in_succeeded(&self, keys: &[String], now: Millis) {
        let Ok(mut failures) = self.failures.lock() else {
            return;
        };
        for key in keys {
            if let Some(entry) = failures.get_mut(key)
                && now - entry.0 < WINDOW_MS
            {
                entry.1 = entry.1.saturating_sub(1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_failures_lock_the_key_for_the_rest_of_the_minute() {
        let limits = Limits::new(600);
        let keys = vec!["user:ana".to_string()];
        for _ in 0..SIGN_IN_FAILURES {
            assert!(limits.begin_sign_in(&keys, 1_000).is_ok());
        }
        assert_eq!(limits.begin_sign_in(&keys, 1_000), Err(60));
        assert_eq!(limits.begin_sign_in(&keys, 31_000), Err(30));
        assert!(
            limits
                .begin_sign_in(&["user:bo".to_string()], 1_000)
                .is_ok()
        );
        assert!(limits.begin_sign_in(&keys, 61_000).is_ok());
    }

    #[test]
    fn attempts_count_while_they_run_and_a_success_is_taken_back() {
        let limits = Limits::new(600);
        let keys = vec!["user:ana".to_string(), "ip:127.0.0.1".to_string()];
        // Ten attempts begun together, none finished: the eleventh waits.
        for _ in 0..SIGN_IN_FAILURES {
            assert!(limits.begin_sign_in(&keys, 1_000).is_ok());
        }
        assert!(limits.begin_sign_in(&keys, 1_000).is_err());
        // Right passwords do not count.
        for _ in 0..SIGN_IN_FAILURES {
            limits.sign_in_succeeded(&keys, 2_000);
        }
        for _ in 0..SIGN_IN_FAILURES {
            assert!(limits.begin_sign_in(&keys, 3_000).is_ok());
            limits.sign_in_succeeded(&keys, 3_000);
        }
        assert!(limits.begin_sign_in(&keys, 3_000).is_ok());
    }

    #[test]
    fn the_api_limit_counts_per_key() {
        let limits = Limits::new(60);
        let mut refused = 0;
        for _ in 0..20 {
            refused += usize::from(limits.check_api(b"a".to_vec()).is_err());
        }
        assert_eq!(refused, 10, "a burst of 10, then refusals");
        assert!(limits.check_api(b"b".to_vec()).is_ok());
    }

    #[test]
    fn the_api_limit_says_the_wait_rounded_up() {
        // 10 a minute: a request every 6 s once the burst of 10 is spent.
        let limits = Limits::new(10);
        for _ in 0..10 {
            assert!(limits.check_api(b"a".to_vec()).is_ok());
        }
        let retry_after = limits.check_api(b"a".to_vec()).unwrap_err();
        assert_eq!(retry_after, 6, "a little under 6 s is 6, not 5");
    }
}
