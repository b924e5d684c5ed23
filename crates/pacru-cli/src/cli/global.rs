//! The options every command takes: how much to log and whether to use colour.
//!
//! They are declared once here, flattened into [`crate::cli::Cli`] as global
//! arguments and shown under their own heading in every command's help.

use clap::{Args, ValueEnum};
use std::ffi::OsString;

/// The help heading of the global options.
pub const HEADING: &str = "Global options";

/// When to use colour (ANSI escape sequences) on a terminal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    /// When the output is a terminal, `TERM` is not `dumb` and `NO_COLOR` is not set.
    #[default]
    Auto,
    /// Always, even into a pipe or a file, and whatever `NO_COLOR` says.
    Always,
    /// Never.
    Never,
}

impl ColorWhen {
    /// The `--color` value among raw command-line arguments, for the messages
    /// that come before the command line is parsed (usage errors, help). The last
    /// `--color WHEN` or `--color=WHEN` before `--` wins; a missing or unknown
    /// value gives `auto`.
    pub fn from_raw_args(args: impl IntoIterator<Item = OsString>) -> ColorWhen {
        let mut choice = ColorWhen::Auto;
        let mut args = args.into_iter().skip(1);
        while let Some(arg) = args.next() {
            let Some(arg) = arg.to_str() else { continue };
            if arg == "--" {
                break;
            }
            let value = match arg.split_once('=') {
                Some(("--color" | "--colour", value)) => Some(value.to_string()),
                None if arg == "--color" || arg == "--colour" => {
                    args.next().and_then(|v| v.into_string().ok())
                }
                _ => None,
            };
            if let Some(value) = value {
                choice = ColorWhen::from_str(&value, true).unwrap_or_default();
            }
        }
        choice
    }
}

/// The global options, shown under "Global options" in every command's help.
#[derive(Clone, Debug, Args)]
pub struct GlobalArgs {
    /// More log output on standard error (-v info, -vv debug, -vvv trace).
    #[arg(short, long, action = clap::ArgAction::Count, global = true, help_heading = HEADING)]
    pub verbose: u8,

    /// Less output on standard error (-q: errors only, no warnings, notes or progress bars).
    #[arg(
        short,
        long,
        action = clap::ArgAction::Count,
        global = true,
        conflicts_with = "verbose",
        help_heading = HEADING
    )]
    pub quiet: u8,

    /// When to use colour: auto (on a terminal, unless NO_COLOR is set), always or never.
    #[arg(
        long,
        alias = "colour",
        value_enum,
        value_name = "WHEN",
        default_value_t = ColorWhen::Auto,
        global = true,
        help_heading = HEADING
    )]
    pub color: ColorWhen,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(args: &[&str]) -> ColorWhen {
        ColorWhen::from_raw_args(args.iter().map(OsString::from))
    }

    #[test]
    fn raw_color_values_are_found_before_the_double_dash() {
        assert_eq!(scan(&["pacru", "check"]), ColorWhen::Auto);
        assert_eq!(scan(&["pacru", "--color", "never", "x"]), ColorWhen::Never);
        assert_eq!(scan(&["pacru", "x", "--color=always"]), ColorWhen::Always);
        assert_eq!(scan(&["pacru", "--colour", "never"]), ColorWhen::Never);
        assert_eq!(scan(&["pacru", "--color", "bogus"]), ColorWhen::Auto);
        assert_eq!(
            scan(&["pacru", "engine-check", "--", "e", "--color", "never"]),
            ColorWhen::Auto
        );
    }
}
