//! Waiting between attempts to reach the server: doubling from a first wait to
//! a longest one, back to the first after a success.

use std::time::Duration;

/// The first wait after a failure.
pub const FIRST_BACKOFF: Duration = Duration::from_millis(250);
/// The longest wait between two attempts.
pub const MAX_BACKOFF: Duration = Duration::from_secs(30);

/// Exponential backoff between attempts.
#[derive(Clone, Debug)]
pub struct Backoff {
    next: Duration,
}

impl Default for Backoff {
    fn default() -> Backoff {
        Backoff {
            next: FIRST_BACKOFF,
        }
    }
}

impl Backoff {
    /// The wait before the next attempt (doubled for the one after, up to
    /// [`MAX_BACKOFF`]).
    pub fn next_wait(&mut self) -> Duration {
        let wait = self.next;
        self.next = (self.next * 2).min(MAX_BACKOFF);
        wait
    }

    /// Back to the first wait, after a success.
    pub fn reset(&mut self) {
        self.next = FIRST_BACKOFF;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_up_to_the_longest_and_reset() {
        let mut b = Backoff::default();
        assert_eq!(b.next_wait(), FIRST_BACKOFF);
        assert_eq!(b.next_wait(), FIRST_BACKOFF * 2);
        for _ in 0..20 {
            b.next_wait();
        }
        assert_eq!(b.next_wait(), MAX_BACKOFF);
        b.reset();
        assert_eq!(b.next_wait(), FIRST_BACKOFF);
    }
}
