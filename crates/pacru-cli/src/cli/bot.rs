//! The arguments of `pacru bot`.

use super::FramingArg;
use super::values::{RulesArg, engine_option, players};
use clap::{Args, ValueEnum};

/// The long help of `pacru bot`.
pub const BOT_LONG_ABOUT: &str = "Plays a PEP engine program (docs/protocol.md) as a bot \
account on a pacru server (docs/server.md, section Bots): follows the account's event \
stream, joins the invitations it accepts (by inviter, player count, rules and clock; the \
others are declined, and those that come while it plays --concurrency games wait their \
turn), and plays every game of the account in play by asking the engine (started once per game, ended \
with its process group when the game ends) with the game's real clocks. A dropped or silent \
connection is retried with backoff; an engine that crashes, times out or gives an illegal \
move makes the bot resign that game (it never sends a move the engine did not give). \
SIGINT or SIGTERM ends the engines and exits 0. A token the server refuses (at start-up, or \
revoked while the bot runs), a --server that is not an http:// or https:// address or does not \
answer as a pacru server end the engines and exit 2.";

/// The examples of `pacru bot`.
pub const BOT_EXAMPLES: &str = "Examples:\n  pacru bot --server http://127.0.0.1:8080 --token TOKEN -- pacru engine random\n  \
pacru bot --server https://pacru.example.org --token-file bot.token --accept ana --concurrency 4 -- ./my-engine\n  \
pacru bot --server http://127.0.0.1:8080 --token TOKEN --players 3,4 --clock realtime -- pacru engine search\n  \
pacru bot --server http://127.0.0.1:8080 --token TOKEN --option Nodes=2000 -- pacru engine search";

/// The kind of clock of a game, for `--clock`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ClockArg {
    /// Live games: `{"initial":S,"increment":S}`.
    Realtime,
    /// Correspondence games: days a move.
    Correspondence,
    /// Games without a clock.
    None,
}

/// Arguments of `pacru bot`.
#[derive(Debug, Args)]
pub struct BotArgs {
    /// The server's address.
    #[arg(long, value_name = "URL")]
    pub server: String,

    /// The bot account's API token (POST /api/token); visible to other users
    /// of the machine in the process list: see --token-file.
    // A token may begin with `-` (URL-safe base64).
    #[arg(
        long,
        value_name = "TOKEN",
        allow_hyphen_values = true,
        required_unless_present = "token_file",
        conflicts_with = "token_file"
    )]
    pub token: Option<String>,

    /// A file holding the token (its first line).
    #[arg(long, value_name = "FILE")]
    pub token_file: Option<std::path::PathBuf>,

    /// Whose invitations to accept: a user name, or `any`.
    #[arg(long, value_name = "USER|any", default_value = "any")]
    pub accept: String,

    /// The player counts to accept, e.g. `2,3` (default: all).
    #[arg(long, value_name = "N,...", value_delimiter = ',', value_parser = players)]
    pub players: Vec<u8>,

    /// The rules editions to accept (default: both).
    #[arg(long, value_name = "YEAR,...", value_delimiter = ',', value_enum)]
    pub rules: Vec<RulesArg>,

    /// The kinds of clock to accept (default: all).
    #[arg(long, value_name = "KIND,...", value_delimiter = ',', value_enum)]
    pub clock: Vec<ClockArg>,

    /// The most games played at once.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub concurrency: u32,

    /// The most seconds a move may take in games without a clock and in
    /// correspondence games (games with minutes on the clock follow it).
    #[arg(long, value_name = "SECS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub move_time: u64,

    /// Seconds a stream may stay silent, or a request unanswered, before the
    /// connection counts as dropped (the server sends a keep-alive line on
    /// its streams every 7 s).
    #[arg(long, value_name = "SECS", default_value_t = 21, hide = true,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub stream_timeout: u64,

    /// Sets an engine option after each engine's handshake: NAME=VALUE, as the
    /// engine advertises it (repeatable; e.g. `--option Nodes=2000`). The
    /// engine is started once at start-up to check that it takes them.
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = engine_option)]
    pub options: Vec<(String, String)>,

    /// The framing spoken to the engine: `text` (the default) or `json`, for an
    /// engine that speaks only JSON lines.
    #[arg(long, value_enum, value_name = "FRAMING", default_value = "text")]
    pub framing: FramingArg,

    /// The engine program and its arguments (after `--`; `pacru` means this
    /// very program).
    #[arg(required = true, last = true, value_name = "ENGINE")]
    pub engine: Vec<String>,
}
