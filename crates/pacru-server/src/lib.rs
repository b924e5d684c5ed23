#![doc = include_str!("../README.md")]

mod api;
mod auth;
mod bots;
mod clock;
mod db;
mod error;
mod events;
mod game;
mod hub;
mod limits;
mod listener;
mod pages;
mod password;
mod rating;
mod service;
mod state;
mod sweeper;

pub use db::DbError;
pub use error::ApiError;
pub use game::LAG_ALLOWANCE_MS;

use axum::Router;
use axum::serve::ListenerExt as _;
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio::sync::watch;

/// How a server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The SQLite file (created with its schema when missing).
    pub db: PathBuf,
    /// The address people reach the server at (`https://...` makes cookies
    /// `Secure`); records name it as their `Site`.
    pub public_url: Option<String>,
    /// API requests allowed per token, session or address in a minute.
    pub requests_per_minute: u32,
    /// Whether the clock is a test clock (`POST /api/test/clock`).
    pub test_clock: bool,
}

impl Config {
    /// The defaults of `pacru serve` for the database `db`.
    pub fn new(db: impl Into<PathBuf>) -> Config {
        Config {
            db: db.into(),
            public_url: None,
            requests_per_minute: DEFAULT_REQUESTS_PER_MINUTE,
            test_clock: false,
        }
    }
}

/// API requests per token, session or address in a minute, by default.
pub const DEFAULT_REQUESTS_PER_MINUTE: u32 = 1200;

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The database cannot be used.
    #[error(transparent)]
    Db(#[from] DbError),
    /// The address cannot be listened on, or the connection loop failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Loading the games in play failed.
    #[error("loading the games in play: {0}")]
    Load(ApiError),
    /// A bot the server runs cannot have its account: its name, and why.
    #[error("bot `{0}`: {1}")]
    Bot(String, String),
}

/// A server bound to its address, ready to run.
///
/// ```no_run
/// # async fn run() -> Result<(), pacru_server::ServerError> {
/// use pacru_server::{Config, Server};
/// let server = Server::bind(Config::new("pacru-server.db"), "127.0.0.1:0".parse().unwrap()).await?;
/// eprintln!("listening on http://{}", server.local_addr());
/// server.run(async { let _ = tokio::signal::ctrl_c().await; }).await
/// # }
/// ```
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    state: state::AppState,
    stop: watch::Sender<bool>,
}

impl Server {
    /// Opens the database (creating or migrating it), loads the games in play
    /// and binds `addr`.
    pub async fn bind(config: Config, addr: SocketAddr) -> Result<Server, ServerError> {
        let db_path = config.db.clone();
        let db = tokio::task::spawn_blocking(move || db::Db::open(&db_path))
            .await
            .map_err(|e| std::io::Error::other(e.to_string()))??;
        let (stop, stopping) = watch::channel(false);
        let listener = TcpListener::bind(addr).await?;
        let local = listener.local_addr()?;
        let public_url = config
            .public_url
            .map(|u| u.trim_end_matches('/').to_string());
        let state = state::AppState {
            db,
            hub: Arc::new(hub::Hub::default()),
            clock: Arc::new(if config.test_clock {
                clock::Clock::test()
            } else {
                clock::Clock::system()
            }),
            limits: Arc::new(limits::Limits::new(config.requests_per_minute)),
            sweeper: Arc::new(sweeper::Sweeper::default()),
            record_site: public_url
                .clone()
                .unwrap_or_else(|| format!("http://{local}")),
            public_url,
            stopping,
        };
        state.resume_games().await.map_err(ServerError::Load)?;
        state.resume_events().await.map_err(ServerError::Load)?;
        Ok(Server {
            listener,
            state,
            stop,
        })
    }

    /// The address the server listens on (the real port when 0 was asked).
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .unwrap_or_else(|_| SocketAddr::from(([127, 0, 0, 1], 0)))
    }

    /// Serves until `shutdown` completes, then stops taking connections, ends
    /// the streams, finishes the requests in flight and returns.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServerError> {
        let Server {
            listener,
            state,
            stop,
        } = self;
        let sweeper = tokio::spawn(state.clone().sweep());
        let app = router(state);
        let stopped = async move {
            shutdown.await;
            let _ = stop.send(true);
        };
        // `tap_io` only so that axum gives the peer's address (ConnectInfo)
        // for a listener of this crate.
        let listener = listener::QuietListener(listener).tap_io(|_| {});
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(stopped)
        .await?;
        let _ = sweeper.await;
        Ok(())
    }
}

fn router(state: state::AppState) -> Router {
    let pages = pages::routes()
        .layer(axum::middleware::from_fn(api::body::whole_body))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            api::rate_limit,
        ));
    api::routes(&state)
        .merge(pages)
        .fallback(api::not_found)
        .with_state(state)
        .layer(axum::middleware::from_fn(run_to_completion))
        .layer(axum::middleware::from_fn(policy_for_every_answer))
}

/// The Content-Security-Policy of an answer that is no page (JSON, NDJSON, a
/// record, a script, an error): nothing in it may run or load anything.
const NO_PAGE_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

/// Gives every answer without a Content-Security-Policy of its own (the pages
/// set theirs) the strictest one and `X-Content-Type-Options: nosniff`, so that
/// no answer, an error for a path that is no route among them, can be taken
/// for a page by a browser that opens it.
async fn policy_for_every_answer(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::http::{HeaderValue, header};
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers
        .entry(header::CONTENT_SECURITY_POLICY)
        .or_insert(HeaderValue::from_static(NO_PAGE_POLICY));
    headers
        .entry(header::X_CONTENT_TYPE_OPTIONS)
        .or_insert(HeaderValue::from_static("nosniff"));
    response
}

/// Runs each request's handler on a task of its own, so that a client that
/// goes away does not cancel a change half made: the connection's future is
/// dropped then, and a handler dropped between storing a move and updating
/// the game held in memory left the two apart (every later move of that game
/// failed). The answer is still lost with the connection; the change is not.
async fn run_to_completion(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse as _;
    match tokio::spawn(next.run(request)).await {
        Ok(response) => response,
        Err(e) => ApiError::Internal(format!("request handler: {e}")).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameState, GameStatus, Termination, TimeControl, UserRef};

    /// A 2-player game of `ana` and `bo` with 5 s a player, started a minute
    /// ago: Black's flag fell 55 s ago.
    async fn game_out_of_time(state: &state::AppState, players: &[UserRef]) -> String {
        let started = state.clock.now() - 60_000;
        let game = GameState::seated(
            String::new(),
            started,
            players[0].clone(),
            players.to_vec(),
            pacru_core::RulesEdition::default(),
            TimeControl::RealTime {
                initial: 5,
                increment: 0,
            },
            false,
        )
        .unwrap();
        state.create_game(game).await.unwrap().id
    }

    #[tokio::test]
    async fn no_answer_shows_a_player_out_of_time_still_to_move() {
        let dir = std::env::temp_dir().join(format!("pacru-flag-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("server.db");
        let _ = std::fs::remove_file(&path);
        let addr: SocketAddr = "127.0.0.1:0".parse().unwrap();
        let server = Server::bind(Config::new(&path), addr).await.unwrap();
        let state = server.state.clone();
        let mut players = Vec::new();
        for name in ["ana", "bo"] {
            let user = state.db.create_user(name.into(), "x".into(), false, 0);
            players.push(user.await.unwrap());
        }
        // Read before the sweeper (not running here) came to it: the flag is
        // played out by the read.
        let read = game_out_of_time(&state, &players).await;
        let game = state.game(&read).await.unwrap();
        assert_eq!(game.status, GameStatus::Finished);
        assert_eq!(game.termination, Some(Termination::Time));
        let stored = state.db.load_game(read).await.unwrap().unwrap();
        assert_eq!(
            stored.status,
            GameStatus::Finished,
            "stored, not only shown"
        );

        // A flag that fell while the server was down is played out before the
        // server takes a request.
        let unread = game_out_of_time(&state, &players).await;
        drop((server, state));
        let server = Server::bind(Config::new(&path), addr).await.unwrap();
        let stored = server.state.db.load_game(unread).await.unwrap().unwrap();
        assert_eq!(stored.status, GameStatus::Finished);
        assert_eq!(stored.termination, Some(Termination::Time));
        assert_eq!(stored.ended, Some(stored.started.unwrap() + 5_250));
        drop(server);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
