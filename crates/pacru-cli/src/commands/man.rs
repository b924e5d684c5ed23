//! `pacru man`: the man page, in roff, on standard output.

use crate::Outcome;
use crate::cli::Cli;
use anyhow::Context;
use clap::CommandFactory;
use std::io::Write;

/// Writes the man page of `pacru` and a section per command.
pub fn run() -> anyhow::Result<Outcome> {
    let command = Cli::command();
    let mut out = Vec::new();
    clap_mangen::Man::new(command.clone())
        .render(&mut out)
        .context("cannot render the man page")?;
    // One extra section per command, so that their options are in the one page.
    for sub in command.get_subcommands() {
        if sub.get_name() == "help" {
            continue;
        }
        writeln!(out, ".SH \"PACRU {}\"", sub.get_name().to_uppercase())?;
        let man = clap_mangen::Man::new(sub.clone().bin_name(format!("pacru {}", sub.get_name())));
        man.render_synopsis_section(&mut out)?;
        man.render_description_section(&mut out)?;
        man.render_options_section(&mut out)?;
        if sub.get_after_help().is_some() {
            man.render_extra_section(&mut out)?;
        }
    }
    std::io::stdout().lock().write_all(&out)?;
    Ok(Outcome::Success)
}
