//! `pacru serve`: the game server (`docs/server.md`).

use crate::Outcome;
use crate::cli::ServeArgs;
use crate::diagnostics;
use anyhow::Context as _;
use pacru_server::{Config, Server};

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
    runtime.block_on(async {
        // The handlers are in place before the `listening on` line, so that a
        // SIGTERM sent as soon as it is read stops the server cleanly.
        let stop = stop_signal().context("installing the SIGINT and SIGTERM handlers")?;
        let server = Server::bind(config, args.listen).await?;
        diagnostics::note(format_args!("listening on http://{}", server.local_addr()));
        server.run(stop).await?;
        Ok(Outcome::Success)
    })
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
