//! The arguments of `pacru serve`.

use clap::Args;
use pacru_server::DEFAULT_REQUESTS_PER_MINUTE;
use std::net::SocketAddr;
use std::path::PathBuf;

/// The long help of `pacru serve`.
pub const SERVE_LONG_ABOUT: &str = "Hosts Pacru between people and programs over the network: \
accounts, a lobby, live and correspondence games refereed by the server with its own clocks, \
spectators, an archive of every game as PGR, and an HTTP API with NDJSON streams and \
WebSockets (docs/server.md). Everything lives in one SQLite file, created with its schema \
when missing; a file of a newer schema or of another program is refused.\n\n\
Once it accepts connections it says `pacru: note: listening on http://HOST:PORT` on standard \
error (the real port when 0 was asked). SIGINT or SIGTERM stops it: it takes no new \
requests, ends the streams, finishes what is in flight and exits 0.\n\n\
`--bot NAME=COMMAND` (repeatable) runs a bot the server plays itself: the bot account NAME is \
made when missing, and `pacru bot` runs inside the server with a token the server makes (the \
account's other tokens are revoked), \
accepting every invitation (up to 8 games at once, 10 s a move in games without a live \
clock) and playing them with the engine \
COMMAND (words split at spaces, `pacru` meaning this very program). The bots start and stop \
with the server; their engines end with it.";

/// The examples of `pacru serve`.
pub const SERVE_EXAMPLES: &str = "Examples:\n  pacru serve                  # then open http://127.0.0.1:8080/\n  \
pacru serve --db club.db --listen 0.0.0.0:8080 --public-url https://pacru.example.org\n  \
pacru serve --bot random=\"pacru engine random\" --bot search=\"pacru engine search\"";

/// Arguments of `pacru serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The SQLite file of the server.
    #[arg(long, value_name = "FILE", default_value = "pacru-server.db")]
    pub db: PathBuf,

    /// The address to listen on (port 0: any free port).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    /// The address people reach the server at, when it runs behind a reverse
    /// proxy (https makes the session cookie Secure; records name it as Site).
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,

    /// API requests allowed per token, session or address in a minute.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_REQUESTS_PER_MINUTE,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub rate_limit: u32,

    /// A bot the server runs: account NAME playing the engine COMMAND
    /// (repeatable).
    #[arg(long = "bot", value_name = "NAME=COMMAND", value_parser = server_bot)]
    pub bots: Vec<ServerBot>,

    /// A clock that `POST /api/test/clock` moves forward (for tests only).
    #[arg(long, hide = true)]
    pub test_clock: bool,
}

/// A bot the server runs (`--bot NAME=COMMAND`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerBot {
    /// The bot account's name.
    pub name: String,
    /// The engine program and its arguments.
    pub command: Vec<String>,
}

/// Parses `NAME=COMMAND`: the command split at whitespace, not empty.
fn server_bot(text: &str) -> Result<ServerBot, String> {
    let (name, command) = text
        .split_once('=')
        .ok_or("expected NAME=COMMAND, e.g. random=\"pacru engine random\"")?;
    let command: Vec<String> = command.split_whitespace().map(str::to_string).collect();
    if name.is_empty() || command.is_empty() {
        return Err("expected NAME=COMMAND, e.g. random=\"pacru engine random\"".into());
    }
    Ok(ServerBot {
        name: name.to_string(),
        command,
    })
}
