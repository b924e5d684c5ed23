//! `pacru`: the command-line referee and toolbox for the board game Pacru.
//!
//! The command line is declared in [`cli`]; each command is a module of
//! [`commands`]. This file only parses the command line, sets up colour and
//! messages, runs the command and turns its outcome into the exit status: 0
//! success, 1 the input is not all right, 2 usage or I/O error.

mod board;
mod cli;
mod commands;
mod diagnostics;
mod excerpt;
mod input;
mod json;
mod outcome;
mod position_arg;
mod progress;
mod record;
mod strays;
mod style;
mod terminal;
mod words;

pub use outcome::Outcome;

use clap::{CommandFactory, FromArgMatches};
use cli::{Cli, ColorWhen};
use std::process::ExitCode;

/// The colour choice of `--color` as [`style`] keeps it.
fn colour_choice(when: ColorWhen) -> style::Choice {
    match when {
        ColorWhen::Auto => style::Choice::Auto,
        ColorWhen::Always => style::Choice::Always,
        ColorWhen::Never => style::Choice::Never,
    }
}

/// Parses the command line; help, version and usage errors are printed here.
fn parse() -> Result<Cli, ExitCode> {
    let early = ColorWhen::from_raw_args(std::env::args_os());
    style::set_choice(colour_choice(early));
    let clap_colour = match early {
        ColorWhen::Auto => clap::ColorChoice::Auto,
        ColorWhen::Always => clap::ColorChoice::Always,
        ColorWhen::Never => clap::ColorChoice::Never,
    };
    let mut command = Cli::command().color(clap_colour);
    let parsed = command
        .try_get_matches_from_mut(std::env::args_os())
        .and_then(|matches| {
            let mut cli = Cli::from_arg_matches(&matches)?;
            cli.note_given(&matches);
            Ok(cli)
        });
    parsed.map_err(|err| {
        use clap::error::ErrorKind;
        match err.kind() {
            ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                let _ = err.print();
            }
            _ => diagnostics::clap_error(&err, style::stderr_colour()),
        }
        ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2))
    })
}

fn main() -> ExitCode {
    let cli = match parse() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    style::set_choice(colour_choice(cli.global.color));
    diagnostics::init_logging(cli.global.verbose, cli.global.quiet);
    match commands::run(cli.command) {
        Ok(outcome) => ExitCode::from(outcome.code()),
        Err(err) => {
            if let Some(earned) = outcome::closed_status(&err) {
                // The reader went away (`pacru ... | head`): not worth a message.
                return ExitCode::from(earned.code());
            }
            diagnostics::error(format_args!("{err:#}"));
            ExitCode::from(Outcome::IoError.code())
        }
    }
}
