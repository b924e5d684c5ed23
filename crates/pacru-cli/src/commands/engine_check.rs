//! `pacru engine-check -- CMD [ARGS]...`: test an engine program against the protocol.

use crate::Outcome;
use crate::cli::EngineCheckArgs;
use anyhow::Context;
use pacru_protocol::check::{CheckOptions, check_engine};
use std::io::Write;
use std::time::Duration;

/// Runs the compliance checks and prints the report; exit status 1 unless all passed.
pub fn run(args: &EngineCheckArgs) -> anyhow::Result<Outcome> {
    let (program, rest) = args
        .command
        .split_first()
        .context("give the engine program after `--`")?;
    let options = CheckOptions {
        move_time: Duration::from_millis(args.move_time_ms),
        handshake_timeout: Duration::from_millis(args.handshake_timeout_ms),
        json: !args.text_only,
        ..CheckOptions::default()
    };
    tracing::info!("checking {program} {rest:?}");
    let report = check_engine(program, rest, options);
    let mut out = std::io::stdout().lock();
    writeln!(out, "{report}")?;
    out.flush()?;
    Ok(if report.passed() {
        Outcome::Success
    } else {
        Outcome::Failure
    })
}
