//! `pacru bot`: an engine program as a bot account on a server.

use crate::Outcome;
use crate::cli::BotArgs;
use crate::strays::Strays;
use pacru_bot::{Accept, BotConfig};
use pacru_runner::EngineSpec;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Runs the bridge until it is stopped (SIGINT or SIGTERM end the process; the
/// engines, in their own process groups, get the parent-death signal).
pub fn run(args: &BotArgs) -> anyhow::Result<Outcome> {
    let (program, rest) = args
        .engine
        .split_first()
        .ok_or_else(|| anyhow::anyhow!("give the engine program after `--`"))?;
    let accept = if args.accept.eq_ignore_ascii_case("any") {
        Accept::Any
    } else {
        Accept::User(args.accept.clone())
    };
    // `pacru` means this very program, as for `pacru engine-check`.
    let program = if program == "pacru" {
        std::env::current_exe()?.to_string_lossy().into_owned()
    } else {
        program.clone()
    };
    let config = BotConfig {
        server: args.server.clone(),
        token: args.token.clone(),
        accept,
        concurrency: args.concurrency as usize,
        engine: EngineSpec::new(program, rest.iter().cloned()),
    };
    let _strays = Strays::adopt();
    pacru_bot::run(config, Arc::new(AtomicBool::new(false)))?;
    Ok(Outcome::Success)
}
