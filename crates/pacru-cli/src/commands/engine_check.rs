//! `pacru engine-check -- CMD [ARGS]...`: test an engine program against the protocol.
//!
//! `pacru` as the program means this very binary (as in `match` and
//! `tournament`), so `pacru engine-check -- pacru engine random` works without
//! `pacru` on the `PATH`. A program that cannot be started at all is one error
//! (exit status 2), not a report of failed checks. The report shows what the
//! engine said with control characters escaped. Interrupted (SIGINT, SIGTERM),
//! it shows the checks done so far and the one interrupted, and exits with
//! 128 + the signal.

use crate::Outcome;
use crate::cli::EngineCheckArgs;
use crate::outcome::write_failed;
use crate::style::{self, BAD, GOOD, NOTE};
use anyhow::{Context, bail};
use pacru_core::Escaped;
use pacru_runner::check::{
    CheckOptions, ComplianceReport, Outcome as CheckOutcome, check_engine_with,
};
use std::fmt::Write as _;
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// How far the checks have gone: the report so far and the check running (its
/// name and description), for a report when interrupted; `None` once the
/// checks are over and the whole report is printed.
type ChecksSoFar = Arc<Mutex<Option<(ComplianceReport, Option<(&'static str, &'static str)>)>>>;

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
    let mut out = render_checks(report, colour);
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

/// The report of checks cut short by `signal` while `running` ran (`None`: after
/// the last check): the checks done, then what was interrupted.
fn render_interrupted(
    report: &ComplianceReport,
    running: Option<(&str, &str)>,
    signal: &str,
    colour: bool,
) -> String {
    let mut out = render_checks(report, colour);
    let failed = report.failures().count();
    let done = report.checks.len();
    let text = match running {
        Some((name, description)) => format!(
            "interrupted by {signal} during the check {name} ({description}); {done} checks done before it, {failed} failed"
        ),
        None => format!(
            "interrupted by {signal} after the last check; {done} checks done, {failed} failed"
        ),
    };
    let _ = writeln!(out, "{}", style::paint(text, BAD, colour));
    out
}

/// The command, who the engine is, and one line per check done.
fn render_checks(report: &ComplianceReport, colour: bool) -> String {
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
    let progress: ChecksSoFar = Arc::new(Mutex::new(None));
    end_engines_on_signal(Arc::clone(&progress))?;
    probe(&program, rest)?;
    let options = CheckOptions {
        move_time: Duration::from_millis(args.movetime),
        handshake_timeout: Duration::from_millis(args.handshake_timeout),
        json: !args.text_only,
        framing: args.framing.into(),
        ..CheckOptions::default()
    };
    tracing::info!("checking {program} {rest:?}");
    let report = check_engine_with(&program, rest, options, &mut |report, running| {
        let mut shared = progress.lock().unwrap_or_else(PoisonError::into_inner);
        *shared = Some((report.clone(), running));
    });
    // The whole report is printed below: a signal from now on prints nothing more.
    let _ = progress
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take();
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
/// and what it left outside it, prints the checks done so far (`progress`) and
/// the one interrupted, then exits with 128 + the signal, as a program stopped
/// by it does. Without this the signal's default action ended the process at
/// once, and a helper of the engine outside its process group outlived it.
fn end_engines_on_signal(progress: ChecksSoFar) -> anyhow::Result<()> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])?;
    std::thread::Builder::new()
        .name("pacru signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                pacru_runner::end_engines_and_strays();
                let name = if signal == SIGINT {
                    "SIGINT"
                } else {
                    "SIGTERM"
                };
                let shared = progress.lock().unwrap_or_else(PoisonError::into_inner);
                if let Some((report, running)) = shared.as_ref() {
                    let text = render_interrupted(report, *running, name, style::stdout_colour());
                    let mut out = std::io::stdout().lock();
                    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
                    crate::diagnostics::note(format!(
                        "interrupted by {name}: {}",
                        running.map_or_else(
                            || "after the last check".to_owned(),
                            |(check, _)| format!("the check {check} did not finish")
                        )
                    ));
                }
                std::process::exit(128 + signal);
            }
        })?;
    Ok(())
}
