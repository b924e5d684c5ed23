//! Deadlines: an instant plus durations from requests or configuration, computed
//! without overflow.

use std::time::{Duration, Instant};

/// The longest wait a deadline is ever computed for (about 30 years):
/// durations from requests or configuration are capped to it, so adding them to
/// an `Instant` can never overflow.
const LONGEST: Duration = Duration::from_secs(30 * 365 * 24 * 3600);

/// `start + d1 + d2 + ...`, without overflow (the sum is capped to about 30 years).
///
/// ```
/// use pacru_protocol::deadline::after;
/// use std::time::{Duration, Instant};
/// let start = Instant::now();
/// assert_eq!(after(start, &[Duration::from_millis(5), Duration::from_millis(7)]),
///     start + Duration::from_millis(12));
/// assert!(after(start, &[Duration::MAX, Duration::MAX]) > start);
/// ```
pub fn after(start: Instant, parts: &[Duration]) -> Instant {
    let total = parts
        .iter()
        .fold(Duration::ZERO, |sum, d| sum.saturating_add(*d))
        .min(LONGEST);
    start + total
}

/// `Instant::now()` plus the sum of `parts`, without overflow.
pub fn from_now(parts: &[Duration]) -> Instant {
    after(Instant::now(), parts)
}
