//! `pacru man`: the man page, in roff, on standard output.
//!
//! clap_mangen writes the page for `pacru` itself (name, synopsis, description,
//! options, the list of commands, version); a section per command follows with
//! its synopsis, description, arguments, options and examples. Text written
//! `like this` in the help (Markdown's code) is set in bold, not shown with its
//! backticks.

use crate::Outcome;
use crate::cli::Cli;
use anyhow::Context;
use clap::CommandFactory;
use std::fmt::Write as _;
use std::io::Write;

/// A line of roff with every pair of backticks turned into bold: `` `x` ``
/// becomes `\fBx\fR`. A line with an odd number of backticks is left alone.
fn code_to_bold(line: &str) -> String {
    if !line.matches('`').count().is_multiple_of(2) {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len() + 8);
    for (i, part) in line.split('`').enumerate() {
        if i > 0 {
            out.push_str(if i % 2 == 1 { "\\fB" } else { "\\fR" });
        }
        out.push_str(part);
    }
    out
}

/// Every line of a roff page through [`code_to_bold`].
fn page_code_to_bold(page: &str) -> String {
    page.lines().map(|l| code_to_bold(l) + "\n").collect()
}

/// `text` made safe for roff: backslashes escaped, hyphens as minus signs (so
/// that options copied from the page work), no line starting with `.` or `'`.
fn escape(text: &str) -> String {
    text.replace('\\', "\\e")
        .replace('-', "\\-")
        .lines()
        .map(|line| {
            if line.starts_with('.') || line.starts_with('\'') {
                format!("\\&{line}\n")
            } else if line.trim().is_empty() {
                ".PP\n".to_string()
            } else {
                format!("{line}\n")
            }
        })
        .collect()
}

/// The section of one command.
fn command_section(sub: &mut clap::Command) -> String {
    let mut out = String::new();
    let name = format!("pacru {}", sub.get_name());
    let _ = writeln!(out, ".SH \"{}\"", name.to_uppercase());
    let usage = sub.render_usage().to_string();
    let usage = usage.trim_start_matches("Usage: ");
    let _ = writeln!(out, ".PP\n.B {}", escape(usage).trim_end());
    let about = sub
        .get_long_about()
        .or(sub.get_about())
        .map(ToString::to_string)
        .unwrap_or_default();
    let _ = write!(out, ".PP\n{}", escape(&about));
    for arg in sub.get_arguments() {
        if arg.is_hide_set()
            || arg.is_global_set()
            || matches!(arg.get_id().as_str(), "help" | "version")
        {
            continue;
        }
        let mut label = String::new();
        if let Some(short) = arg.get_short() {
            let _ = write!(label, "\\fB\\-{short}\\fR, ");
        }
        match arg.get_long() {
            Some(long) => {
                let _ = write!(label, "\\fB\\-\\-{long}\\fR");
                if arg.get_action().takes_values() {
                    let value = arg.get_value_names().and_then(|v| v.first()).map_or_else(
                        || arg.get_id().to_string().to_uppercase(),
                        ToString::to_string,
                    );
                    let _ = write!(label, " \\fI{value}\\fR");
                }
            }
            None => {
                let value = arg.get_value_names().and_then(|v| v.first()).map_or_else(
                    || arg.get_id().to_string().to_uppercase(),
                    ToString::to_string,
                );
                let _ = write!(label, "\\fI{value}\\fR");
            }
        }
        let help = arg
            .get_long_help()
            .or(arg.get_help())
            .map(ToString::to_string)
            .unwrap_or_default();
        let defaults: Vec<String> = arg
            .get_default_values()
            .iter()
            .map(|v| v.to_string_lossy().into_owned())
            .collect();
        let default = if defaults.is_empty() || !arg.get_action().takes_values() {
            String::new()
        } else {
            format!(" [default: {}]", defaults.join(", "))
        };
        let _ = write!(out, ".TP\n{label}\n{}", escape(&format!("{help}{default}")));
    }
    if let Some(after) = sub.get_after_long_help().or(sub.get_after_help()) {
        let _ = write!(out, ".PP\n.nf\n{}.fi\n", escape(&after.to_string()));
    }
    out
}

/// Writes the man page.
pub fn run() -> anyhow::Result<Outcome> {
    let mut command = Cli::command();
    command.build();
    let mut head = Vec::new();
    clap_mangen::Man::new(command.clone())
        .render(&mut head)
        .context("cannot render the man page")?;
    let mut page = String::from_utf8_lossy(&head).into_owned();
    for sub in command.get_subcommands_mut() {
        if sub.get_name() == "help" {
            continue;
        }
        page.push_str(&command_section(sub));
    }
    std::io::stdout()
        .lock()
        .write_all(page_code_to_bold(&page).as_bytes())?;
    Ok(Outcome::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backticks_become_bold() {
        assert_eq!(code_to_bold("use `-` for stdin"), "use \\fB-\\fR for stdin");
        assert_eq!(code_to_bold("`a` and `b`"), "\\fBa\\fR and \\fBb\\fR");
        assert_eq!(code_to_bold("odd ` one"), "odd ` one");
    }
}
