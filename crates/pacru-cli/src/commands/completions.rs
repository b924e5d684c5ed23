//! `pacru completions SHELL`: a completion script for the shell, on standard output.

use crate::Outcome;
use crate::cli::{Cli, CompletionsArgs};
use clap::CommandFactory;
use std::io::Write;

/// Writes the completion script.
pub fn run(args: &CompletionsArgs) -> anyhow::Result<Outcome> {
    let mut command = Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut command, "pacru", &mut out);
    std::io::stdout().lock().write_all(&out)?;
    Ok(Outcome::Success)
}
