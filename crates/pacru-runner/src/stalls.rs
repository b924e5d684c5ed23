//! The referee's own stalls: time during which this process did not get to run.
//!
//! On a busy machine a whole process can wait for the processor for a tenth of a
//! second or more. While the referee's process waits, its threads can neither
//! write a request, nor read and stamp an answer, nor notice one in time; an
//! engine must not lose on time for that. A monitor thread sleeps for a short
//! tick, again and again, and adds up by how much each sleep overran (beyond a
//! small slack for ordinary wake-up delays): the time this process was kept from
//! running. The referee adds what accumulated during a move to the time it
//! allows that move, never to the time it charges.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long the monitor sleeps between two looks at the clock.
const TICK: Duration = Duration::from_millis(5);

/// The overrun of a sleep that counts as an ordinary wake-up delay, not a stall.
const SLACK: Duration = Duration::from_millis(2);

/// What the monitor thread shares.
struct Monitor {
    /// When the monitor started: the origin of `tick_started`.
    origin: Instant,
    /// Nanoseconds of stalls seen in the ticks that are over.
    stalled: AtomicU64,
    /// When the tick in progress started, in nanoseconds after `origin`.
    tick_started: AtomicU64,
}

static MONITOR: OnceLock<&'static Monitor> = OnceLock::new();

/// The stalls seen so far (starting the monitor on first use): pass it to
/// [`stalled_since`] later.
pub(crate) fn mark() -> u64 {
    monitor().total()
}

/// The stalls seen since `mark` was taken, the one in progress included (so that
/// a referee resuming after a stall sees it before the monitor does).
pub(crate) fn stalled_since(mark: u64) -> Duration {
    Duration::from_nanos(monitor().total().saturating_sub(mark))
}

/// The part of a sleep of `asked` that took `took` which counts as a stall.
fn stall(asked: Duration, took: Duration) -> Duration {
    took.saturating_sub(asked + SLACK)
}

fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

impl Monitor {
    /// The stalls of the ticks that are over and of the one in progress.
    fn total(&self) -> u64 {
        let started = Duration::from_nanos(self.tick_started.load(Ordering::Acquire));
        let running = self.origin.elapsed().saturating_sub(started);
        self.stalled
            .load(Ordering::Acquire)
            .saturating_add(nanos(stall(TICK, running)))
    }

    fn run(&self) {
        loop {
            let before = Instant::now();
            self.tick_started
                .store(nanos(before - self.origin), Ordering::Release);
            std::thread::sleep(TICK);
            let lost = stall(TICK, before.elapsed());
            // Counted here before the next tick starts: for a moment the stall
            // counts twice (a little more time allowed), never zero times.
            if !lost.is_zero() {
                self.stalled.fetch_add(nanos(lost), Ordering::AcqRel);
            }
        }
    }
}

fn monitor() -> &'static Monitor {
    MONITOR.get_or_init(|| {
        let monitor: &'static Monitor = Box::leak(Box::new(Monitor {
            origin: Instant::now(),
            stalled: AtomicU64::new(0),
            tick_started: AtomicU64::new(0),
        }));
        // Like the client's other threads, a thread that cannot start is a panic
        // (a monitor that never ticks would excuse every wait).
        std::thread::Builder::new()
            .name("pacru-stall-monitor".to_owned())
            .spawn(move || monitor.run())
            .expect("the referee's stall monitor thread");
        monitor
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_overrun_beyond_the_slack_is_a_stall() {
        let ms = Duration::from_millis;
        assert_eq!(stall(ms(5), ms(5)), Duration::ZERO);
        assert_eq!(stall(ms(5), ms(7)), Duration::ZERO);
        assert_eq!(stall(ms(5), ms(8)), ms(1));
        assert_eq!(stall(ms(5), ms(250)), ms(243));
        assert_eq!(stall(ms(5), ms(1)), Duration::ZERO);
    }

    #[test]
    fn stalls_only_grow() {
        let first = mark();
        std::thread::sleep(Duration::from_millis(20));
        let second = mark();
        assert!(second >= first);
        assert!(stalled_since(first).as_nanos() as u64 >= second - first);
        assert_eq!(stalled_since(u64::MAX), Duration::ZERO);
    }
}
