//! `pacru engine-check -- CMD [ARGS]...`: test an engine program against the protocol.
//!
//! `pacru` as the program means this very binary (as in `match` and
//! `tournament`), so `pacru engine-check -- pacru engine random` works without
//! `pacru` on the `PATH`. A program that cannot be started at all is one error
//! (exit status 2), not a report of failed checks. The report shows what the
//! engine said with control characters escaped.

use crate::Outcome;
use crate::cli::EngineCheckArgs;
use crate::outcome::write_failed;
use crate::style::{self, BAD, GOOD, NOTE};
use anyhow::{Context, bail};
use pacru_core::Escaped;
use pacru_runner::check::{CheckOptions, ComplianceReport, Outcome as CheckOutcome, check_engine};
use std::fmt::Write as _;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

/// The program actually started: `program`, except that `pacru` means this very
/// program when it is the `pacru` binary.
pub fn resolve_program(program: &str) -> String {
    if program == "pacru"
        && let Ok(exe) = std::env::current_exe()
        && exe.file_stem().is_some_and(|s| s == "pacru")
    {
        return exe.to_string_lossy().into_owned();
    }
    program.to_string()
}

/// Starts `program` once, with no input, and stops it at once: an error when the
/// operating system cannot start it (missing, not executable).
fn probe(program: &str, args: &[String]) -> anyhow::Result<()> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .with_context(|| format!("cannot start the engine program {}", Escaped(program)))?;
    let _ = child.kill();
    let _ = child.wait();
    Ok(())
}

/// The report for people: the command, who the engine is, one line per check and
/// a summary; what the engine said escaped.
fn render(report: &ComplianceReport, colour: bool) -> String {
    let mut out = String::new();
    let mut command = Escaped(&report.program).to_string();
    for arg in &report.args {
        let _ = write!(command, " {}", Escaped(arg));
    }
    let _ = writeln!(out, "engine-check: {command}");
    if let Some(engine) = &report.engine {
        let _ = write!(out, "engine: {}", Escaped(&engine.name));
        if !engine.version.is_empty() {
            let _ = write!(out, " {}", Escaped(&engine.version));
        }
        if !engine.author.is_empty() {
            let _ = write!(out, " by {}", Escaped(&engine.author));
        }
        let _ = writeln!(out, " (protocol {})", engine.protocol);
    }
    let width = report
        .checks
        .iter()
        .map(|c| c.name.len())
        .max()
        .unwrap_or(0);
    for check in &report.checks {
        let mark = match check.outcome {
            CheckOutcome::Pass => style::paint("ok  ", GOOD, colour),
            CheckOutcome::Fail => style::paint("FAIL", BAD, colour),
            CheckOutcome::Skip => style::paint("skip", NOTE, colour),
        };
        let _ = write!(out, "{mark} {:width$}  {}", check.name, check.description);
        if !check.detail.is_empty() {
            let _ = write!(out, "\n       -> {}", Escaped(&check.detail));
        }
        out.push('\n');
    }
    let failed = report.failures().count();
    let skipped = report
        .checks
        .iter()
        .filter(|c| c.outcome == CheckOutcome::Skip)
        .count();
    let total = report.checks.len();
    if failed == 0 && skipped == 0 {
        let text = match total {
            1 => "the 1 check passed".to_string(),
            n => format!("all {n} checks passed"),
        };
        let _ = writeln!(out, "{}", style::paint(text, GOOD, colour));
    } else {
        let text = format!("{failed} of {total} checks failed, {skipped} skipped");
        let _ = writeln!(out, "{}", style::paint(text, BAD, colour));
    }
    out
}

/// Runs the compliance checks and prints the report; exit status 1 unless all passed.
pub fn run(args: &EngineCheckArgs) -> anyhow::Result<Outcome> {
    let Some((program, rest)) = args.command.split_first() else {
        bail!("give the engine program after `--`");
    };
    let program = resolve_program(program);
    // Before the probe, which may leave helpers too (ended with the first engine).
    let _strays = crate::strays::Strays::adopt();
    end_engines_on_signal()?;
    probe(&program, rest)?;
    let options = CheckOptions {
        move_time: Duration::from_millis(args.movetime),
        handshake_timeout: Duration::from_millis(args.handshake_timeout),
        json: !args.text_only,
        ..CheckOptions::default()
    };
    tracing::info!("checking {program} {rest:?}");
    let report = check_engine(&program, rest, options);
    let outcome = if report.passed() {
        Outcome::Success
    } else {
        Outcome::Failure
    };
    let mut out = std::io::stdout().lock();
    out.write_all(render(&report, style::stdout_colour()).as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| write_failed(e, outcome))?;
    Ok(outcome)
}

/// On SIGINT or SIGTERM, ends the engine being checked with its process group
/// and what it left outside it, then exits with 128 + the signal, as a program
/// stopped by it does. Without this the signal's default action ended the
/// process at once, and a helper of the engine outside its process group
/// outlived it.
fn end_engines_on_signal() -> anyhow::Result<()> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])?;
    std::thread::Builder::new()
        .name("pacru signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                pacru_runner::end_engines_and_strays();
                std::process::exit(128 + signal);
            }
        })?;
    Ok(())
}
