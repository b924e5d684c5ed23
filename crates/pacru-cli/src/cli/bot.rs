//! The arguments of `pacru bot`.

use clap::Args;

/// The long help of `pacru bot`.
pub const BOT_LONG_ABOUT: &str = "Plays a PEP engine program (docs/protocol.md) as a bot \
account on a pacru server (docs/server.md, section Bots): follows the account's event \
stream, joins the invitations it accepts, and plays every game of the account in play by \
asking the engine (started once per game, ended with its process group when the game ends) \
with the game's real clocks. A dropped connection is retried with backoff; an engine that \
crashes, times out or gives an illegal move makes the bot resign that game (it never sends \
a move the engine did not give). SIGINT or SIGTERM stops it.";

/// The examples of `pacru bot`.
pub const BOT_EXAMPLES: &str = "Examples:\n  pacru bot --server http://127.0.0.1:8080 --token TOKEN -- pacru engine random\n  \
pacru bot --server https://pacru.example.org --token TOKEN --accept ana --concurrency 4 -- ./my-engine";

/// Arguments of `pacru bot`.
#[derive(Debug, Args)]
pub struct BotArgs {
    /// The server's address.
    #[arg(long, value_name = "URL")]
    pub server: String,

    /// The bot account's API token (POST /api/token).
    #[arg(long, value_name = "TOKEN")]
    pub token: String,

    /// Whose invitations to accept: a user name, or `any`.
    #[arg(long, value_name = "USER|any", default_value = "any")]
    pub accept: String,

    /// The most games played at once.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub concurrency: u32,

    /// The engine program and its arguments (after `--`; `pacru` means this
    /// very program).
    #[arg(required = true, last = true, value_name = "ENGINE")]
    pub engine: Vec<String>,
}
