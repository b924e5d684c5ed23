//! The bridge behind `pacru bot`: connects a PEP engine program
//! (`docs/protocol.md`) to a `pacru serve` server as a bot account.
//!
//! - [`events`] follows the account's event stream (`GET /api/stream/event`),
//!   joins the invitations the [`AcceptPolicy`] accepts (`challenge` events)
//!   and starts a game player for every game of the account that starts
//!   (`gameStart`, also sent on connecting for every game in play);
//! - [`game`] plays one game on its own thread: it follows the game's stream
//!   and, whenever the bot is to move, posts the move of its engine with
//!   `?ply=`;
//! - [`engine`] runs one engine process a game through `pacru-runner`, which
//!   enforces the game's real clock, checks the answer against the legal moves
//!   and ends the process group when the game ends;
//! - [`api`] is the server's HTTP API with bounded answers and streams that
//!   fail when silent for too long; [`backoff`] spaces the reconnections;
//!   [`stop`] ends everything.
//!
//! An engine that fails (does not start, crashes, times out, gives an illegal
//! move) makes the bridge resign that game: it never sends a move the engine
//! did not give.

pub mod accept;
pub mod api;
pub mod backoff;
pub mod engine;
pub mod events;
pub mod game;
pub mod stop;

pub use accept::{AcceptPolicy, ClockKind, Inviter};
pub use engine::engine_request;
pub use stop::Stop;

use api::Api;
use backoff::Backoff;
use pacru_runner::EngineSpec;
use std::time::Duration;

/// The server's keep-alive period on its streams (an empty line at least this
/// often).
pub const SERVER_KEEP_ALIVE: Duration = Duration::from_secs(7);

/// How long a stream may stay silent, or a request unanswered, before the
/// bridge counts the connection as dropped, by default: three keep-alive
/// periods.
pub const DEFAULT_STREAM_TIMEOUT: Duration = Duration::from_secs(3 * 7);

/// The most a move may take in a game without a clock or a correspondence
/// game, by default.
pub const DEFAULT_UNCLOCKED_MOVE_TIME: Duration = Duration::from_secs(10);

/// How the bridge runs.
#[derive(Clone, Debug)]
pub struct BotConfig {
    /// The server's base URL (`http://127.0.0.1:8080`).
    pub server: String,
    /// The bot account's API token.
    pub token: String,
    /// Which invitations to accept.
    pub accept: AcceptPolicy,
    /// The most games played at once (at least 1).
    pub concurrency: usize,
    /// The engine program, started once per game.
    pub engine: EngineSpec,
    /// How long a stream may stay silent, or a request unanswered, before the
    /// bridge counts the connection as dropped.
    pub stream_timeout: Duration,
    /// The most a move may take in a game without a clock or a
    /// correspondence game.
    pub unclocked_move_time: Duration,
}

impl BotConfig {
    /// A bridge to `server` with `token` for `engine`, accepting every
    /// invitation, one game at a time.
    pub fn new(
        server: impl Into<String>,
        token: impl Into<String>,
        engine: EngineSpec,
    ) -> BotConfig {
        BotConfig {
            server: server.into(),
            token: token.into(),
            accept: AcceptPolicy::any(),
            concurrency: 1,
            engine,
            stream_timeout: DEFAULT_STREAM_TIMEOUT,
            unclocked_move_time: DEFAULT_UNCLOCKED_MOVE_TIME,
        }
    }
}

/// Why the bridge stopped.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// The HTTP client could not be built.
    #[error("HTTP client: {0}")]
    Client(#[from] reqwest::Error),
    /// The server refused the token.
    #[error("the server refused the token (HTTP {0})")]
    Unauthorized(u16),
    /// The token holds a character no HTTP header can carry: no request
    /// could ever send it.
    #[error(
        "the token holds a character no HTTP request can carry (a control character or \
         one outside ASCII): it is not a token of the server"
    )]
    BadToken,
    /// The account is not a bot account.
    #[error("`{0}` is not a bot account")]
    NotABot(String),
    /// The server's address is not an `http://` or `https://` URL.
    #[error("`{0}` is not the http:// or https:// address of a server ({1})")]
    BadUrl(String, String),
    /// The address answers, but not as a pacru server does.
    #[error("`{0}` does not answer as a pacru server: GET /api/account gave {1}")]
    NotAServer(String, String),
}

/// Runs the bridge until `stop` is raised: then it returns `Ok` (the engines
/// were ended by [`Stop::stop`]; game threads still winding down end their
/// own). Fails at once when the server's address is not a URL, does not
/// answer as a pacru server or the account is not a bot's, and whenever the
/// server refuses the token (HTTP 401), at start-up or later (a token revoked
/// while the bridge runs): then the game threads end their engines and stop
/// too, since no retry could succeed.
pub fn run(config: BotConfig, stop: Stop) -> Result<(), BotError> {
    let api = Api::new(&config.server, &config.token, config.stream_timeout)?;
    let server = || config.server.escape_debug().to_string();
    let mut backoff = Backoff::default();
    let me = loop {
        if stop.is_stopped() {
            return Ok(());
        }
        match api.get("/api/account") {
            Ok((200, account)) => {
                let Some(name) = account["username"].as_str().map(str::to_string) else {
                    return Err(BotError::NotAServer(
                        server(),
                        "an answer that is not an account".into(),
                    ));
                };
                if account["bot"] != true {
                    return Err(BotError::NotABot(name.escape_debug().to_string()));
                }
                break name;
            }
            Ok((status @ (401 | 403), _)) => return Err(BotError::Unauthorized(status)),
            // Every pacru server has the route: a wrong address (or path).
            Ok((404, _)) => return Err(BotError::NotAServer(server(), "HTTP 404".into())),
            Ok((status, _)) => tracing::warn!("GET /api/account: HTTP {status}"),
            Err(e) => tracing::warn!("GET /api/account: {e}"),
        }
        stop.sleep(backoff.next_wait());
    };
    tracing::info!(
        "signed in as {}; accepting {}",
        me.escape_debug(),
        config.accept
    );
    events::follow(&api, &config, &me, &stop);
    if api.refused() && !stop.is_stopped() {
        return Err(BotError::Unauthorized(401));
    }
    Ok(())
}
