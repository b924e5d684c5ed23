//! A progress bar on standard error, shown only when standard error is a terminal
//! (and not under `-q`) and the work has already taken a while; silent otherwise.
//! `check` counts bytes read, `selfplay` games played, `perft` subtrees counted.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long the work must have run before the bar appears.
const DELAY: Duration = Duration::from_secs(1);
/// How often the bar is updated.
const PERIOD: Duration = Duration::from_millis(100);

/// What a bar counts.
#[derive(Clone, Copy, Debug)]
pub enum Units {
    /// Bytes read.
    Bytes,
    /// Things done, e.g. games.
    Items,
}

/// A bar over the work done so far, updated by a thread of its own from a counter.
pub struct Progress {
    bar: Option<ProgressBar>,
    shown: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    /// A bar labelled `label` over `total` units (unknown: a spinner), fed by
    /// the counter `done`. Does nothing at all when standard error is not a
    /// terminal or under `-q`.
    pub fn new(label: &str, units: Units, total: Option<u64>, done: Arc<AtomicU64>) -> Progress {
        let shown = Arc::new(AtomicBool::new(false));
        let stop = Arc::new(AtomicBool::new(false));
        if !std::io::stderr().is_terminal() || crate::diagnostics::quiet() {
            return Progress {
                bar: None,
                shown,
                stop,
                thread: None,
            };
        }
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
        let template = match (units, total.is_some()) {
            (Units::Bytes, true) => "{spinner} {prefix} [{bar:30}] {bytes}/{total_bytes} ({eta})",
            (Units::Bytes, false) => "{spinner} {prefix}: {bytes} read",
            (Units::Items, true) => "{spinner} {prefix} [{bar:30}] {pos}/{len} ({eta})",
            (Units::Items, false) => "{spinner} {prefix}: {pos}",
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_prefix(label.to_string());
        let thread = {
            let (bar, shown, stop) = (bar.clone(), Arc::clone(&shown), Arc::clone(&stop));
            let started = Instant::now();
            std::thread::Builder::new()
                .name("progress".to_string())
                .spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        std::thread::sleep(PERIOD);
                        bar.set_position(done.load(Ordering::Relaxed));
                        if !shown.load(Ordering::Relaxed) && started.elapsed() >= DELAY {
                            bar.set_draw_target(ProgressDrawTarget::stderr());
                            shown.store(true, Ordering::Relaxed);
                        }
                        bar.tick();
                    }
                })
                .ok()
        };
        Progress {
            bar: Some(bar),
            shown,
            stop,
            thread,
        }
    }

    /// Adds `n` units to the total of a bar whose work turned out larger.
    pub fn grow(&self, n: u64) {
        if let Some(bar) = &self.bar {
            bar.inc_length(n);
        }
    }

    /// Runs `f` with the bar out of the way (for writing to the terminal).
    pub fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) if self.shown.load(Ordering::Relaxed) => bar.suspend(f),
            _ => f(),
        }
    }

    /// Stops updating and removes the bar.
    pub fn finish(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
