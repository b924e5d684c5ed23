//! The one format of every message on standard error: `pacru: error: ...`,
//! `pacru: warning: ...`, `pacru: note: ...`, and for logs at `-v` and above
//! `pacru: info: ...`, `pacru: debug: ...`, `pacru: trace: ...`.
//!
//! Errors are always shown; `-q` hides warnings and notes. Every message is shown
//! with its control characters escaped (line breaks kept), so that no text from
//! the input can act on the terminal, whatever the caller forgot.

use crate::style::{self, BAD, NOTE, WARN};
use anstyle::Style;
use pacru_core::Escaped;
use std::fmt::{self, Display, Write as _};
use std::io::Write;
use std::sync::atomic::{AtomicU8, Ordering};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields};
use tracing_subscriber::registry::LookupSpan;

/// The `-q` count of this run.
static QUIET: AtomicU8 = AtomicU8::new(0);

/// The kinds of message, each with its word and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// Something failed; the exit status is not 0.
    Error,
    /// Something is probably not what was wanted.
    Warning,
    /// Something worth knowing.
    Note,
    /// A log line at `-v` and above.
    Log(Level),
}

impl Severity {
    fn word(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Log(level) if level == Level::ERROR => "error",
            Severity::Log(level) if level == Level::WARN => "warning",
            Severity::Log(level) if level == Level::INFO => "info",
            Severity::Log(level) if level == Level::DEBUG => "debug",
            Severity::Log(_) => "trace",
        }
    }

    fn style(self) -> Style {
        match self {
            Severity::Error => BAD,
            Severity::Warning => WARN,
            Severity::Note => NOTE,
            Severity::Log(level) if level == Level::ERROR => BAD,
            Severity::Log(level) if level == Level::WARN => WARN,
            Severity::Log(_) => style::DIM,
        }
    }
}

/// `pacru: WORD: ` for `severity`, coloured when `colour` is on.
pub fn prefix(severity: Severity, colour: bool) -> String {
    let word = format!("{}:", severity.word());
    format!("pacru: {} ", style::paint(word, severity.style(), colour))
}

/// `text` with control characters escaped, except the line breaks between lines.
pub fn safe(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = write!(out, "{}", Escaped(line));
    }
    out
}

/// Records the `-q` count for the rest of the run.
pub fn set_quiet(quiet: u8) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether `-q` was given (progress bars, warnings and notes are then left out).
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed) > 0
}

/// Writes one message on standard error (a failure to write is ignored: there is
/// nowhere left to say it).
fn emit(severity: Severity, message: &dyn Display) {
    let text = format!(
        "{}{}\n",
        prefix(severity, style::stderr_colour()),
        safe(&message.to_string())
    );
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// `pacru: error: MESSAGE` on standard error.
pub fn error(message: impl Display) {
    emit(Severity::Error, &message);
}

/// `pacru: warning: MESSAGE` on standard error, unless `-q`.
pub fn warning(message: impl Display) {
    if QUIET.load(Ordering::Relaxed) == 0 {
        emit(Severity::Warning, &message);
    }
}

/// `pacru: note: MESSAGE` on standard error, unless `-q`.
pub fn note(message: impl Display) {
    if QUIET.load(Ordering::Relaxed) == 0 {
        emit(Severity::Note, &message);
    }
}

/// Prints a command-line error of clap (`error: ...`) in the format of the other
/// errors: `pacru: error: ...`, the rest of clap's text unchanged.
pub fn clap_error(err: &clap::Error, colour: bool) {
    let plain = err.render().to_string();
    let rest = if colour {
        let styled = err.render().ansi().to_string();
        // clap styles the word `error:` itself: drop it with its reset.
        match styled.find("error:") {
            Some(at) => {
                let after = &styled[at + "error:".len()..];
                after.strip_prefix("\u{1b}[0m").unwrap_or(after).to_string()
            }
            None => styled,
        }
    } else {
        plain
            .strip_prefix("error:")
            .map_or_else(|| plain.clone(), str::to_string)
    };
    let text = format!(
        "{}{}",
        prefix(Severity::Error, colour),
        rest.trim_start_matches(' ')
    );
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// Sets up logs on standard error in the same format; `RUST_LOG` overrides the
/// level set by `-v`/`-q`.
pub fn init_logging(verbose: u8, quiet: u8) {
    use tracing_subscriber::EnvFilter;
    set_quiet(quiet);
    let level = match (verbose, quiet) {
        (_, q) if q >= 2 => "off",
        (_, 1) => "error",
        (0, _) => "warn",
        (1, _) => "info",
        (2, _) => "debug",
        _ => "trace",
    };
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(level));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .event_format(PacruFormat {
            colour: style::stderr_colour(),
        })
        .try_init();
}

/// The tracing event format: `pacru: LEVEL: MESSAGE`, escaped.
struct PacruFormat {
    colour: bool,
}

impl<S, N> FormatEvent<S, N> for PacruFormat
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        ctx: &FmtContext<'_, S, N>,
        mut writer: Writer<'_>,
        event: &Event<'_>,
    ) -> fmt::Result {
        let mut message = String::new();
        ctx.field_format()
            .format_fields(Writer::new(&mut message), event)?;
        let severity = Severity::Log(*event.metadata().level());
        writeln!(
            writer,
            "{}{}",
            prefix(severity, self.colour),
            safe(&message)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_and_escaping() {
        assert_eq!(prefix(Severity::Error, false), "pacru: error: ");
        assert_eq!(
            prefix(Severity::Log(Level::WARN), false),
            "pacru: warning: "
        );
        assert_eq!(
            prefix(Severity::Warning, true),
            "pacru: \u{1b}[1m\u{1b}[33mwarning:\u{1b}[0m "
        );
        assert_eq!(safe("a\u{1b}[2J\nb\u{7}"), "a\\u{1b}[2J\nb\\u{7}");
    }
}
