//! `pacru perft`: the number of move sequences of a given length, optionally per
//! first move; with a progress bar on a terminal and a warning before a count
//! that will take long.

use crate::Outcome;
use crate::cli::PerftArgs;
use crate::outcome::write_failed;
use crate::progress::{Progress, Units};
use crate::{diagnostics, position_arg};
use pacru_core::Position;
use rayon::prelude::*;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Depths from which the time of a count is estimated first.
const ESTIMATE_FROM_DEPTH: u32 = 5;
/// Estimated times above this get a warning.
const WARN_ABOVE: Duration = Duration::from_secs(60);
/// The most time a quick count for the estimate may be expected to take.
const QUICK_COUNT_BUDGET: Duration = Duration::from_millis(300);

/// Each legal first move (canonical notation, sorted by byte order) with its
/// count. The work is split by the first two moves, so that the counter `done`
/// (subtrees below a second move) moves often enough for a progress bar.
fn divide(position: &Position, depth: u32, done: &AtomicU64) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves: Vec<_> = position.legal_moves().collect();
    let mut counts: Vec<(String, u64)> = moves
        .par_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let count = if depth == 1 {
                1
            } else {
                let replies: Vec<_> = child.legal_moves().collect();
                replies
                    .par_iter()
                    .map(|reply| {
                        let mut grandchild = child.clone();
                        grandchild.play_unchecked(reply);
                        let n = grandchild.perft(depth - 2);
                        done.fetch_add(1, Ordering::Relaxed);
                        n
                    })
                    .sum()
            };
            (mv.to_string(), count)
        })
        .collect();
    counts.sort_unstable();
    counts
}

/// The number of subtrees [`divide`] counts for the progress bar.
fn subtrees(position: &Position, depth: u32) -> Option<u64> {
    (depth >= 2).then(|| position.perft(2))
}

/// An estimate of a count: base-10 logarithms, since a deep count can be far
/// beyond what an `f64` or a [`Duration`] holds.
struct Estimate {
    /// Of the number of move sequences.
    log_sequences: f64,
    /// Of the time in seconds.
    log_seconds: f64,
    /// The depth of the quick count it was made from.
    from: u32,
}

/// An estimate of a count at `depth`: the number of sequences and the time, from
/// quick counts at lower depths (the branching factor of the last two levels,
/// the time of the last one). `None` when the game ends before.
fn estimate(position: &Position, depth: u32) -> Option<Estimate> {
    let mut previous = 1u64;
    let mut last = None;
    for d in 1..depth {
        let started = Instant::now();
        let count = position.perft(d);
        let elapsed = started.elapsed();
        if count == 0 || previous == 0 {
            return None;
        }
        let branching = count as f64 / previous as f64;
        last = Some((d, count, elapsed, branching));
        previous = count;
        if elapsed.as_secs_f64() * branching > QUICK_COUNT_BUDGET.as_secs_f64() {
            break;
        }
    }
    let (d, count, elapsed, branching) = last?;
    let log_growth = branching.log10() * f64::from(depth - d);
    let threads = rayon::current_num_threads().max(1) as f64;
    let seconds = elapsed.as_secs_f64() / threads;
    Some(Estimate {
        log_sequences: (count as f64).log10() + log_growth,
        log_seconds: seconds.log10() + log_growth,
        from: d,
    })
}

/// `10^log` in scientific notation with one decimal, `2.4e12`, however large.
fn scientific(log: f64) -> String {
    let mut exponent = log.floor();
    let mut mantissa = format!("{:.1}", 10f64.powf(log - exponent));
    if mantissa == "10.0" {
        mantissa = "1.0".to_owned();
        exponent += 1.0;
    }
    format!("{mantissa}e{exponent}")
}

/// A duration given as the base-10 logarithm of its seconds, in words: as
/// [`about`] gives it, or in years in scientific notation when it is too long
/// for a [`Duration`].
fn about_log(log_seconds: f64) -> String {
    const YEAR: f64 = 365.25 * 86400.0;
    if log_seconds < 15.0 {
        about(Duration::from_secs_f64(10f64.powf(log_seconds)))
    } else {
        format!("{} years", scientific(log_seconds - YEAR.log10()))
    }
}

/// A duration in words, rounded: "40 seconds", "3 minutes", "5 hours", "2 days",
/// "300 years".
fn about(duration: Duration) -> String {
    let seconds = duration.as_secs_f64();
    let (value, unit) = if seconds < 90.0 {
        (seconds, "second")
    } else if seconds < 90.0 * 60.0 {
        (seconds / 60.0, "minute")
    } else if seconds < 36.0 * 3600.0 {
        (seconds / 3600.0, "hour")
    } else if seconds < 365.0 * 86400.0 {
        (seconds / 86400.0, "day")
    } else {
        (seconds / (365.25 * 86400.0), "year")
    };
    let value = value.round().max(1.0);
    if value >= 1e6 {
        format!("{value:.1e} {unit}s")
    } else if value == 1.0 {
        format!("1 {unit}")
    } else {
        format!("{value} {unit}s")
    }
}

/// Warns before a count that will take longer than [`WARN_ABOVE`].
fn warn_if_long(position: &Position, depth: u32) {
    if depth < ESTIMATE_FROM_DEPTH || diagnostics::quiet() {
        return;
    }
    if let Some(estimate) = estimate(position, depth)
        && estimate.log_seconds > WARN_ABOVE.as_secs_f64().log10()
    {
        diagnostics::warning(format_args!(
            "perft to depth {depth} will take about {} (about {} move sequences, \
             estimated from depth {}); Ctrl-C stops it",
            about_log(estimate.log_seconds),
            scientific(estimate.log_sequences),
            estimate.from
        ));
    }
}

/// Prints the count, or the divide lines and the total.
pub fn run(args: &PerftArgs) -> anyhow::Result<Outcome> {
    let position = position_arg::parse(&args.ppn, args.rules.map(Into::into))?;
    warn_if_long(&position, args.depth);
    let done = Arc::new(AtomicU64::new(0));
    let mut progress = Progress::new(
        &format!("perft depth {}", args.depth),
        Units::Items,
        subtrees(&position, args.depth),
        Arc::clone(&done),
    );
    let counts = if args.divide || args.depth >= 2 {
        divide(&position, args.depth, &done)
    } else {
        Vec::new()
    };
    progress.finish();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = if args.divide {
        let total: u64 = if args.depth == 0 {
            1
        } else {
            counts.iter().map(|(_, n)| n).sum()
        };
        counts
            .iter()
            .try_for_each(|(mv, count)| writeln!(out, "{mv}: {count}"))
            .and_then(|()| writeln!(out, "total: {total}"))
    } else {
        let total = if args.depth <= 1 {
            position.perft(args.depth)
        } else {
            counts.iter().map(|(_, n)| n).sum()
        };
        writeln!(out, "{total}")
    };
    written
        .and_then(|()| out.flush())
        .map_err(|e| write_failed(e, Outcome::Success))?;
    Ok(Outcome::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_in_words() {
        assert_eq!(about(Duration::from_secs(40)), "40 seconds");
        assert_eq!(about(Duration::from_secs(180)), "3 minutes");
        assert_eq!(about(Duration::from_secs(5 * 3600)), "5 hours");
        assert_eq!(about(Duration::from_secs(86400)), "24 hours");
        assert_eq!(about(Duration::from_secs(3 * 86400)), "3 days");
        assert_eq!(about(Duration::from_secs(400 * 86400)), "1 year");
    }

    #[test]
    fn split_counts_agree_with_perft() {
        let start = Position::standard(3).unwrap();
        let done = AtomicU64::new(0);
        for depth in 0..=3 {
            let total: u64 = divide(&start, depth, &done).iter().map(|(_, n)| n).sum();
            let expected = if depth == 0 { 0 } else { start.perft(depth) };
            assert_eq!(total, expected, "depth {depth}");
        }
        assert_eq!(done.load(Ordering::Relaxed), 2 * start.perft(2));
    }

    #[test]
    fn deep_counts_are_estimated_as_long() {
        let start = Position::standard(2).unwrap();
        let estimate = estimate(&start, 14).unwrap();
        assert!(estimate.log_sequences > 15.0, "{}", estimate.log_sequences);
        assert!(estimate.log_seconds > WARN_ABOVE.as_secs_f64().log10());
    }

    #[test]
    fn huge_numbers_in_words() {
        assert_eq!(scientific(12.38), "2.4e12");
        assert_eq!(scientific(2.0), "1.0e2");
        assert_eq!(scientific(4.99999), "1.0e5");
        assert_eq!(scientific(6e9), "1.0e6000000000");
        assert_eq!(about_log(60f64.log10() * 1.0 + 2.0f64.log10()), "2 minutes");
        assert_eq!(about_log(400.0), "3.2e392 years");
    }
}
