//! The server's time: the system clock in milliseconds since the Unix epoch, or
//! a test clock that tests advance by hand (`pacru serve --test-clock`), so that
//! a correspondence deadline of days can be tested without waiting days.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch.
pub type Millis = i64;

/// Where the server reads the time.
#[derive(Debug)]
pub struct Clock {
    /// Milliseconds added to the system clock (only a test clock moves it).
    offset: AtomicI64,
    /// Whether [`Clock::advance`] is allowed.
    test: bool,
}

impl Clock {
    /// The system clock.
    pub fn system() -> Clock {
        Clock {
            offset: AtomicI64::new(0),
            test: false,
        }
    }

    /// The system clock plus an offset that [`Clock::advance`] moves forward.
    pub fn test() -> Clock {
        Clock {
            offset: AtomicI64::new(0),
            test: true,
        }
    }

    /// Whether this is a test clock.
    pub fn is_test(&self) -> bool {
        self.test
    }

    /// Now, in milliseconds since the Unix epoch.
    pub fn now(&self) -> Millis {
        let system = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        system.saturating_add(self.offset.load(Ordering::SeqCst))
    }

    /// Moves a test clock forward by `millis` (no effect on the system clock).
    pub fn advance(&self, millis: Millis) {
        if self.test && millis > 0 {
            self.offset.fetch_add(millis, Ordering::SeqCst);
        }
    }
}

/// The date of `millis` as a record writes it: `YYYY.MM.DD` (UTC).
pub fn record_date(millis: Millis) -> String {
    let days = millis.div_euclid(86_400_000);
    let (year, month, day) = civil_from_days(days);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The proleptic Gregorian date of a day number counted from 1970-01-01
/// (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = u32::try_from(doy - (153 * mp + 2) / 5 + 1).unwrap_or(1);
    let month = u32::try_from(if mp < 10 { mp + 3 } else { mp - 9 }).unwrap_or(1);
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_as_records_write_them() {
        assert_eq!(record_date(0), "1970.01.01");
        assert_eq!(record_date(951_782_400_000), "2000.02.29");
        assert_eq!(record_date(1_796_515_200_000), "2026.12.06");
    }

    #[test]
    fn only_a_test_clock_moves() {
        let system = Clock::system();
        let before = system.now();
        system.advance(86_400_000);
        assert!(system.now() - before < 86_400_000);
        let test = Clock::test();
        let before = test.now();
        test.advance(86_400_000);
        assert!(test.now() - before >= 86_400_000);
    }
}
