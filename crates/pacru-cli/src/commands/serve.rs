//! `pacru serve`: the game server (`docs/server.md`), with the bots it runs.

use crate::Outcome;
use crate::cli::ServeArgs;
use crate::diagnostics;
use crate::strays::Strays;
use anyhow::Context as _;
use pacru_bot::{BotConfig, Stop};
use pacru_server::{Config, Server};
use std::net::SocketAddr;

/// The most games a bot of the server plays at once.
const SERVER_BOT_CONCURRENCY: usize = 8;

/// Runs the server until SIGINT or SIGTERM.
pub fn run(args: &ServeArgs) -> anyhow::Result<Outcome> {
    if let Some(url) = &args.public_url
        && !(url.starts_with("http://") || url.starts_with("https://"))
    {
        anyhow::bail!("--public-url must start with http:// or https://: {url}");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the server's runtime")?;
    let config = Config {
        db: args.db.clone(),
        public_url: args.public_url.clone(),
        requests_per_minute: args.rate_limit,
        test_clock: args.test_clock,
    };
    // The engines of the bots are ended with their process groups, and what
    // they leave behind when the server stops.
    let strays = (!args.bots.is_empty()).then(Strays::adopt);
    let bots = Stop::new();
    let outcome = runtime.block_on(async {
        // The handlers are in place before the `listening on` line, so that a
        // SIGTERM sent as soon as it is read stops the server cleanly.
        let signal = stop_signal().context("installing the SIGINT and SIGTERM handlers")?;
        let server = Server::bind(config, args.listen).await?;
        let url = format!("http://{}", reachable(server.local_addr()));
        for bot in &args.bots {
            let token = server.bot_token(&bot.name).await?;
            let mut config =
                BotConfig::new(url.clone(), token, super::bot::engine_spec(&bot.command)?);
            config.concurrency = SERVER_BOT_CONCURRENCY;
            let (name, stop) = (bot.name.clone(), bots.clone());
            std::thread::Builder::new()
                .name(format!("bot {name}"))
                .spawn(move || {
                    if let Err(e) = pacru_bot::run(config, stop) {
                        tracing::error!("bot {name}: {e}");
                    }
                })?;
        }
        diagnostics::note(format_args!("listening on http://{}", server.local_addr()));
        let stop_bots = bots.clone();
        server
            .run(async move {
                signal.await;
                stop_bots.stop();
            })
            .await?;
        Ok(Outcome::Success)
    });
    // The bots' engines are ended (again, for any started while stopping).
    bots.stop();
    if let Some(strays) = strays {
        strays.end_now();
    }
    outcome
}

/// The address the server's own bots reach it at: `addr`, or the loopback
/// address with its port when it listens on every address.
fn reachable(addr: SocketAddr) -> SocketAddr {
    match addr {
        SocketAddr::V4(a) if a.ip().is_unspecified() => {
            SocketAddr::from(([127, 0, 0, 1], a.port()))
        }
        SocketAddr::V6(a) if a.ip().is_unspecified() => {
            SocketAddr::from((std::net::Ipv6Addr::LOCALHOST, a.port()))
        }
        other => other,
    }
}

/// A future that completes on SIGINT or SIGTERM, its handlers installed now.
fn stop_signal() -> std::io::Result<impl std::future::Future<Output = ()> + Send + 'static> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt())?;
    let mut terminate = signal(SignalKind::terminate())?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {}
            _ = terminate.recv() => {}
        }
    })
}
