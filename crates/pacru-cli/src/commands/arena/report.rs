//! What `pacru match` and `pacru tournament` show while an event runs: a progress
//! bar on a terminal, and log lines (forfeits always; starts and ends with -v).

use indicatif::{ProgressBar, ProgressStyle};
use pacru_arena::Progress;
use pacru_core::Escaped;
use std::io::IsTerminal;

/// Turns an event's progress reports into a bar and lines on standard error.
pub struct Reporter {
    bar: ProgressBar,
    resume_asked: bool,
}

impl Reporter {
    /// A reporter with a bar if `show_bar` and standard error is a terminal;
    /// `resume_asked`: whether the user asked to resume (an event that then
    /// starts afresh is worth a word).
    pub fn new(show_bar: bool, resume_asked: bool) -> Reporter {
        let bar = if show_bar && std::io::stderr().is_terminal() {
            let bar = ProgressBar::new(0);
            bar.set_style(
                ProgressStyle::with_template(
                    "{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise}, about {eta} left]",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar
        } else {
            ProgressBar::hidden()
        };
        Reporter { bar, resume_asked }
    }

    /// Shows one report.
    pub fn show(&mut self, progress: &Progress<'_>) {
        // Lines go above the bar, never through it.
        self.bar.suspend(|| {
            if let Progress::Started { resumed: false, .. } = progress
                && self.resume_asked
            {
                tracing::warn!("nothing was started in the output directory: the event starts");
            }
            log(progress)
        });
        match progress {
            Progress::Started {
                total, finished, ..
            } => {
                self.bar.set_length(*total);
                self.bar.set_position(*finished);
            }
            Progress::GameFinished {
                standings,
                finished,
                ..
            } => {
                self.bar.set_position(*finished);
                // Engine names come from the command line or a journal: on
                // the terminal, their control characters are shown escaped.
                self.bar
                    .set_message(Escaped(&standings.short_score()).to_string());
            }
            _ => {}
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// The log line of a report, if it has one.
fn log(progress: &Progress<'_>) {
    match progress {
        Progress::EngineReady { number, name, id } => tracing::info!(
            "engine {number} ({}) is ready: {} {} by {}",
            Escaped(name),
            Escaped(&id.name),
            Escaped(&id.version),
            Escaped(&id.author)
        ),
        Progress::EngineUnstartable {
            number,
            name,
            failure,
        } => tracing::warn!(
            "engine {number} ({}) cannot be used, and forfeits its games: {}",
            Escaped(name),
            Escaped(&failure.to_string())
        ),
        Progress::Started {
            total,
            finished,
            resumed: true,
        } => tracing::info!("resuming: {finished} of {total} games were played before"),
        Progress::Started { .. } => {}
        Progress::GameStarted { pairing, names } => tracing::info!(
            "game {} ({}) starts: {}",
            pairing.game,
            pairing.label,
            Escaped(&names.join(" - "))
        ),
        Progress::Forfeit {
            pairing,
            name,
            colour,
            forfeit,
        } => tracing::warn!(
            "game {} ({}): {} ({colour}) forfeits ({}): {}",
            pairing.game,
            pairing.label,
            Escaped(name),
            forfeit.kind,
            Escaped(&forfeit.message)
        ),
        Progress::GameFinished {
            pairing, outcome, ..
        } => {
            tracing::info!(
                "game {} ends: {} ({})",
                pairing.game,
                outcome.result,
                outcome.termination
            );
            if outcome.check != "ok" {
                tracing::error!(
                    "game {}: the record is not ok ({}): this is a bug of the arena",
                    pairing.game,
                    Escaped(&outcome.check)
                );
            }
        }
        _ => {}
    }
}
