//! What every handler shares: the database, the games in memory, the clock, the
//! limits and the server's settings.

use crate::clock::Clock;
use crate::db::Db;
use crate::hub::Hub;
use crate::limits::Limits;
use crate::sweeper::Sweeper;
use axum::http::{HeaderMap, header};
use std::sync::Arc;
use tokio::sync::watch;

/// The shared state of the server.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The database.
    pub db: Db,
    /// The games in memory and the users' channels.
    pub hub: Arc<Hub>,
    /// The server's time.
    pub clock: Arc<Clock>,
    /// Rate limits.
    pub limits: Arc<Limits>,
    /// The deadlines of the clocks.
    pub sweeper: Arc<Sweeper>,
    /// The address the server is reached at (`--public-url`), without a
    /// trailing slash.
    pub public_url: Option<String>,
    /// The address the records of event games name as their `Site`
    /// (`--public-url`, else the address listened on).
    pub record_site: String,
    /// Turns true when the server stops: streams end.
    pub stopping: watch::Receiver<bool>,
}

impl AppState {
    /// The server's own origin (`scheme://host[:port]`): `--public-url`'s, else
    /// the `Host` the request was sent to, over http.
    pub fn origin(&self, headers: &HeaderMap) -> String {
        if let Some(url) = &self.public_url {
            let after_scheme = url.find("://").map_or(0, |i| i + 3);
            let end = url[after_scheme..]
                .find('/')
                .map_or(url.len(), |i| after_scheme + i);
            return url[..end].to_string();
        }
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("localhost");
        format!("http://{host}")
    }

    /// The address records name as their `Site`.
    pub fn site(&self, headers: &HeaderMap) -> String {
        self.public_url
            .clone()
            .unwrap_or_else(|| self.origin(headers))
    }

    /// Whether cookies must be `Secure` (the public address is https).
    pub fn secure_cookies(&self) -> bool {
        self.public_url
            .as_deref()
            .is_some_and(|u| u.to_ascii_lowercase().starts_with("https://"))
    }
}
