//! `pacru bot`: an engine program as a bot account on a server.

use crate::Outcome;
use crate::cli::{BotArgs, ClockArg};
use crate::strays::Strays;
use pacru_bot::{AcceptPolicy, BotConfig, ClockKind, Inviter, Stop};
use pacru_protocol::Framing;
use pacru_runner::{EngineProcess, EngineSpec};
use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use std::sync::mpsc;
use std::time::Duration;

/// The engine of the words `PROGRAM [ARGS]...`; `pacru` means this very
/// program, as for `pacru engine-check`.
pub fn engine_spec(words: &[String]) -> anyhow::Result<EngineSpec> {
    let (program, rest) = words
        .split_first()
        .ok_or_else(|| anyhow::anyhow!("give the engine program"))?;
    let program = if program == "pacru" {
        std::env::current_exe()?.to_string_lossy().into_owned()
    } else {
        program.clone()
    };
    Ok(EngineSpec::new(program, rest.iter().cloned()))
}

/// Starts `engine` once, handshakes in its framing and sets its options, then
/// ends it: an engine that does not take its options, or does not speak the
/// framing asked for, is refused before any game.
fn check_settings(engine: &EngineSpec) -> anyhow::Result<()> {
    let settings = match (engine.options.is_empty(), engine.framing) {
        (false, Framing::Json) => "--option and --framing",
        (true, Framing::Json) => "--framing",
        _ => "--option",
    };
    let refused =
        |e: &dyn std::fmt::Display| anyhow::anyhow!("the engine with its {settings} settings: {e}");
    let process = EngineProcess::spawn(engine).map_err(|e| refused(&e))?;
    process.quit().map_err(|e| refused(&e))
}

/// The accept policy of the command line.
fn policy(args: &BotArgs) -> AcceptPolicy {
    AcceptPolicy {
        inviter: if args.accept.eq_ignore_ascii_case("any") {
            Inviter::Any
        } else {
            Inviter::User(args.accept.clone())
        },
        players: args.players.iter().map(|&n| usize::from(n)).collect(),
        rules: args.rules.iter().map(|&r| r.into()).collect(),
        clocks: args
            .clock
            .iter()
            .map(|c| match c {
                ClockArg::Realtime => ClockKind::Realtime,
                ClockArg::Correspondence => ClockKind::Correspondence,
                ClockArg::None => ClockKind::None,
            })
            .collect(),
    }
}

/// The token: `--token`, or the first line of `--token-file`.
fn token(args: &BotArgs) -> anyhow::Result<String> {
    use anyhow::Context as _;
    if let Some(token) = &args.token {
        return Ok(token.clone());
    }
    let path = args
        .token_file
        .as_ref()
        .ok_or_else(|| anyhow::anyhow!("give --token or --token-file"))?;
    let mut text = String::new();
    std::io::Read::read_to_string(
        &mut std::io::Read::take(
            std::fs::File::open(path).with_context(|| format!("{}", path.display()))?,
            4096,
        ),
        &mut text,
    )
    .with_context(|| format!("{}", path.display()))?;
    let token = text.lines().next().unwrap_or("").trim();
    anyhow::ensure!(
        !token.is_empty(),
        "{}: no token on its first line",
        path.display()
    );
    Ok(token.to_string())
}

/// What ends the command.
enum End {
    Signal(i32),
    Bridge(Result<(), pacru_bot::BotError>),
}

/// Runs the bridge until SIGINT or SIGTERM (then ends the engines and exits
/// 0) or until the server refuses the token.
pub fn run(args: &BotArgs) -> anyhow::Result<Outcome> {
    let mut engine = engine_spec(&args.engine)?;
    engine.options = args.options.clone();
    engine.framing = args.framing.into();
    if !engine.options.is_empty() || engine.framing != Framing::Text {
        check_settings(&engine)?;
    }
    let mut config = BotConfig::new(args.server.clone(), token(args)?, engine);
    config.accept = policy(args);
    config.concurrency = args.concurrency as usize;
    config.stream_timeout = Duration::from_secs(args.stream_timeout);
    config.unclocked_move_time = Duration::from_secs(args.move_time);
    let strays = Strays::adopt();
    let stop = Stop::new();
    let (tx, rx) = mpsc::channel();
    let mut signals = Signals::new([SIGINT, SIGTERM])?;
    let handle = signals.handle();
    let signalled = tx.clone();
    std::thread::Builder::new()
        .name("pacru signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                let _ = signalled.send(End::Signal(signal));
            }
        })?;
    let bridge_stop = stop.clone();
    std::thread::Builder::new()
        .name("pacru bot".into())
        .spawn(move || {
            let _ = tx.send(End::Bridge(pacru_bot::run(config, bridge_stop)));
        })?;
    let end = rx.recv();
    handle.close();
    // The engines end with their process groups; the game threads, blocked
    // on the network perhaps, end with the process.
    stop.stop();
    strays.end_now();
    match end {
        Ok(End::Bridge(Err(e))) => Err(e.into()),
        Ok(End::Signal(signal)) => {
            tracing::info!("signal {signal}: stopped");
            Ok(Outcome::Success)
        }
        Ok(End::Bridge(Ok(()))) | Err(_) => Ok(Outcome::Success),
    }
}
