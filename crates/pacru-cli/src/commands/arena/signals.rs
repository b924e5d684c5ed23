//! SIGINT, SIGTERM and SIGHUP during a match or tournament: the first stops the
//! event cleanly (through its stop handle), a second one ends the program at once.

use pacru_arena::StopHandle;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::{Handle, Signals};
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicI32, Ordering};

/// The signals an event listens to while it runs.
pub struct Interrupts {
    first: Arc<AtomicI32>,
    handle: Option<Handle>,
}

/// The name of a signal we handle.
fn name(signal: i32) -> &'static str {
    match signal {
        SIGINT => "SIGINT",
        SIGTERM => "SIGTERM",
        SIGHUP => "SIGHUP",
        _ => "a signal",
    }
}

/// Writes a line on standard error, ignoring failures (after SIGHUP the terminal
/// may be gone).
fn say(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

impl Interrupts {
    /// Starts listening: the first signal stops `stop` (and says so), a second one
    /// ends every engine again and exits at once with 128 + the signal.
    pub fn listen(stop: StopHandle) -> Interrupts {
        let first = Arc::new(AtomicI32::new(0));
        let handle = match Signals::new([SIGINT, SIGTERM, SIGHUP]) {
            Ok(mut signals) => {
                let handle = signals.handle();
                let seen = Arc::clone(&first);
                let _ = std::thread::Builder::new()
                    .name("pacru signals".to_owned())
                    .spawn(move || {
                        for signal in signals.forever() {
                            if seen
                                .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
                                .is_ok()
                            {
                                say(&format!(
                                    "pacru: {}: stopping: no new game starts, the engines are ended; the games in progress will be played again on resume (press Ctrl-C again to quit at once)",
                                    name(signal)
                                ));
                                stop.stop();
                            } else {
                                stop.stop();
                                say("pacru: quitting at once");
                                std::process::exit(128 + seen.load(Ordering::SeqCst));
                            }
                        }
                    });
                Some(handle)
            }
            Err(e) => {
                tracing::warn!("signals cannot be handled ({e}): Ctrl-C will not stop cleanly");
                None
            }
        };
        Interrupts { first, handle }
    }

    /// The first signal received, if any.
    pub fn received(&self) -> Option<i32> {
        match self.first.load(Ordering::SeqCst) {
            0 => None,
            signal => Some(signal),
        }
    }
}

impl Drop for Interrupts {
    fn drop(&mut self) {
        if let Some(handle) = self.handle.take() {
            handle.close();
        }
    }
}
