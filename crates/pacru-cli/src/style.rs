//! Whether to use colour: only on a terminal, and never when `NO_COLOR` is set.

use std::io::IsTerminal;

/// Whether `NO_COLOR` asks for no colour (set to anything non-empty; see no-color.org).
fn no_colour_requested() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

/// Whether output to standard output may use ANSI colours.
pub fn stdout_colour() -> bool {
    !no_colour_requested()
        && std::io::stdout().is_terminal()
        && std::env::var_os("TERM").is_none_or(|t| t != "dumb")
}

/// Whether output to standard error may use ANSI colours.
pub fn stderr_colour() -> bool {
    !no_colour_requested()
        && std::io::stderr().is_terminal()
        && std::env::var_os("TERM").is_none_or(|t| t != "dumb")
}
