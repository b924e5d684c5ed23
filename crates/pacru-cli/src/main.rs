//! `pacru`: the command-line referee and toolbox for the board game Pacru.
//!
//! The command line is declared in [`cli`]; each command is a module of
//! [`commands`]. This file only sets up logging, runs the command and turns its
//! outcome into the exit status: 0 success, 1 the input is not all right, 2 usage
//! or I/O error.

mod board;
mod cli;
mod commands;
mod input;
mod position_arg;
mod record;
mod style;

use clap::Parser;
use std::process::ExitCode;

/// How a command ended, when it did not fail outright.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everything was all right: exit status 0.
    Success,
    /// The input was read but is not all right (a bad game, a non-canonical
    /// record): exit status 1.
    Failure,
    /// Some input could not be read, but the rest was processed: exit status 2.
    IoError,
}

impl Outcome {
    /// The worse of two outcomes.
    #[must_use]
    pub fn max(self, other: Outcome) -> Outcome {
        if self.code() >= other.code() {
            self
        } else {
            other
        }
    }

    /// The exit status.
    pub fn code(self) -> u8 {
        match self {
            Outcome::Success => 0,
            Outcome::Failure => 1,
            Outcome::IoError => 2,
        }
    }
}

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    init_logging(cli.verbose, cli.quiet);
    match commands::run(cli.command) {
        Ok(outcome) => ExitCode::from(outcome.code()),
        Err(err) => {
            if is_broken_pipe(&err) {
                // The reader went away (`pacru ... | head`): not worth a message.
                return ExitCode::from(Outcome::Failure.code());
            }
            eprintln!("pacru: error: {err:#}");
            ExitCode::from(Outcome::IoError.code())
        }
    }
}

/// Whether `err` was caused by writing to a closed pipe.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Logs go to standard error; `RUST_LOG` overrides the level set by -v/-q.
fn init_logging(verbose: u8, quiet: u8) {
    use tracing_subscriber::EnvFilter;
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
        .with_ansi(style::stderr_colour())
        .with_target(false)
        .without_time()
        .try_init();
}
