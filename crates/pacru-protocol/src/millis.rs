//! serde helpers: durations as whole milliseconds.

use serde::{Deserialize, Deserializer, Serializer};
use std::time::Duration;

/// The longest wait the crate ever computes a deadline for (about 30 years):
/// durations from requests or configuration are capped to it, so adding them to
/// an `Instant` can never overflow.
const LONGEST: Duration = Duration::from_secs(30 * 365 * 24 * 3600);

/// `now + d1 + d2 + ...`, without overflow.
pub(crate) fn after(start: std::time::Instant, parts: &[Duration]) -> std::time::Instant {
    let total = parts
        .iter()
        .fold(Duration::ZERO, |sum, d| sum.saturating_add(*d))
        .min(LONGEST);
    start + total
}

/// `Instant::now()` plus the sum of `parts`, without overflow.
pub(crate) fn from_now(parts: &[Duration]) -> std::time::Instant {
    after(std::time::Instant::now(), parts)
}

pub(crate) fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
    u64::deserialize(d).map(Duration::from_millis)
}

pub(crate) mod option {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(d: &Option<Duration>, s: S) -> Result<S::Ok, S::Error> {
        match d {
            Some(d) => super::serialize(d, s),
            None => s.serialize_none(),
        }
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Duration>, D::Error> {
        Option::<u64>::deserialize(d).map(|ms| ms.map(Duration::from_millis))
    }
}
