//! Colour: whether to use it (`--color`, `NO_COLOR`, a terminal) and the styles
//! of the words that every command colours the same way.

use anstyle::{AnsiColor, Style};
use std::fmt::Display;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU8, Ordering};

/// When to use colour: the `--color` choice, as the commands see it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Choice {
    /// On a terminal whose `TERM` is not `dumb`, unless `NO_COLOR` is set.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// The `--color` choice of this run (set once at start).
static CHOICE: AtomicU8 = AtomicU8::new(0);

/// Records the `--color` choice for the rest of the run.
pub fn set_choice(choice: Choice) {
    let code = match choice {
        Choice::Auto => 0,
        Choice::Always => 1,
        Choice::Never => 2,
    };
    CHOICE.store(code, Ordering::Relaxed);
}

/// The `--color` choice of this run.
fn choice() -> Choice {
    match CHOICE.load(Ordering::Relaxed) {
        1 => Choice::Always,
        2 => Choice::Never,
        _ => Choice::Auto,
    }
}

/// Whether `NO_COLOR` asks for no colour (set to anything non-empty; see no-color.org).
fn no_colour_requested() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

/// Whether a stream that is (or is not) a terminal gets colour under the choice.
fn allowed(is_terminal: bool) -> bool {
    match choice() {
        Choice::Always => true,
        Choice::Never => false,
        Choice::Auto => {
            is_terminal
                && !no_colour_requested()
                && std::env::var_os("TERM").is_none_or(|t| t != "dumb")
        }
    }
}

/// Whether output to standard output may use ANSI colours.
pub fn stdout_colour() -> bool {
    allowed(std::io::stdout().is_terminal())
}

/// Whether output to standard error may use ANSI colours.
pub fn stderr_colour() -> bool {
    allowed(std::io::stderr().is_terminal())
}

/// `text` in `style` when `colour` is on, else as it is.
pub fn paint(text: impl Display, style: Style, colour: bool) -> String {
    if colour {
        format!("{style}{text}{style:#}")
    } else {
        text.to_string()
    }
}

/// Good news: `ok`, a passed check.
pub const GOOD: Style = AnsiColor::Green.on_default().bold();
/// Bad news: an illegal game, a failed check, `error:`.
pub const BAD: Style = AnsiColor::Red.on_default().bold();
/// A warning, an inconsistent or malformed game.
pub const WARN: Style = AnsiColor::Yellow.on_default().bold();
/// A note, a skipped check.
pub const NOTE: Style = AnsiColor::Cyan.on_default().bold();
/// Less important text: a summary's time, a neutral field's dot.
pub const DIM: Style = Style::new().dimmed();
