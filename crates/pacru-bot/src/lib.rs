//! The bridge behind `pacru bot`: connects a PEP engine program
//! (`docs/protocol.md`) to a `pacru serve` server as a bot account.
//!
//! It follows the account's event stream (`GET /api/stream/event`), joins the
//! invitations it accepts (`challenge` events), and plays each game of the
//! account that starts (`gameStart`, also sent on connecting for every game in
//! play) on its own thread: it follows the game's stream, and whenever the bot
//! is to move asks a fresh engine process (started per game through
//! `pacru-runner`, which enforces the clock and ends the process group) with the
//! game's real clocks, then posts the move with `?ply=`. Dropped connections
//! are retried with exponential backoff. An engine that fails (crash, timeout,
//! illegal move) makes the bridge resign that game: it never sends a move the
//! engine did not give.

use pacru_core::{Colour, Move};
use pacru_protocol::{Clocks, GameSetup};
use pacru_runner::{EngineProcess, EngineSpec};
use serde_json::Value;
use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Which invitations the bot accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Accept {
    /// Every invitation.
    Any,
    /// Invitations from games created by this user (case-insensitive).
    User(String),
}

impl Accept {
    /// Whether an invitation to `game` (the API's game object) is accepted.
    pub fn accepts(&self, game: &Value) -> bool {
        match self {
            Accept::Any => true,
            Accept::User(name) => game["creator"]
                .as_str()
                .is_some_and(|c| c.eq_ignore_ascii_case(name)),
        }
    }
}

/// How the bridge runs.
#[derive(Clone, Debug)]
pub struct BotConfig {
    /// The server's base URL (`http://127.0.0.1:8080`).
    pub server: String,
    /// The bot account's API token.
    pub token: String,
    /// Which invitations to accept.
    pub accept: Accept,
    /// The most games played at once (at least 1).
    pub concurrency: usize,
    /// The engine program, started once per game.
    pub engine: EngineSpec,
}

/// Why the bridge stopped.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// The HTTP client could not be built.
    #[error("HTTP client: {0}")]
    Client(#[from] reqwest::Error),
    /// The server refused the token.
    #[error("the server refused the token ({0})")]
    Unauthorized(String),
}

/// The longest wait between two connection attempts.
const MAX_BACKOFF: Duration = Duration::from_secs(30);
/// The first wait after a dropped connection.
const FIRST_BACKOFF: Duration = Duration::from_millis(250);

/// The server's API, as the bot account.
#[derive(Clone, Debug)]
struct Api {
    base: String,
    token: String,
    http: reqwest::blocking::Client,
    streams: reqwest::blocking::Client,
}

impl Api {
    fn new(base: &str, token: &str) -> Result<Api, BotError> {
        Ok(Api {
            base: base.trim_end_matches('/').to_string(),
            token: token.to_string(),
            http: reqwest::blocking::Client::builder()
                .timeout(Duration::from_secs(30))
                .build()?,
            streams: reqwest::blocking::Client::builder().timeout(None).build()?,
        })
    }

    fn get(&self, path: &str) -> Result<(u16, Value), reqwest::Error> {
        let response = self
            .http
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .send()?;
        let status = response.status().as_u16();
        let text = response.text()?;
        Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
    }

    fn post(&self, path: &str) -> Result<(u16, Value), reqwest::Error> {
        let response = self
            .http
            .post(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .header("Content-Type", "application/json")
            .body("{}")
            .send()?;
        let status = response.status().as_u16();
        let text = response.text()?;
        Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
    }

    /// Opens the NDJSON stream at `path`.
    fn stream(&self, path: &str) -> Result<BufReader<reqwest::blocking::Response>, String> {
        let response = self
            .streams
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .send()
            .map_err(|e| e.to_string())?;
        if !response.status().is_success() {
            return Err(format!("{path}: HTTP {}", response.status()));
        }
        Ok(BufReader::new(response))
    }
}

/// The games being played, shared by the event loop and the game threads.
type Playing = Arc<Mutex<HashSet<String>>>;

/// Runs the bridge until `stop` is set (checked between events and after
/// each dropped connection).
pub fn run(config: BotConfig, stop: Arc<AtomicBool>) -> Result<(), BotError> {
    let api = Api::new(&config.server, &config.token)?;
    let concurrency = config.concurrency.max(1);
    let me = loop {
        match api.get("/api/account") {
            Ok((200, account)) => break account["username"].as_str().unwrap_or("").to_string(),
            Ok((status, body)) if status == 401 || status == 403 => {
                return Err(BotError::Unauthorized(body.to_string()));
            }
            Ok((status, _)) => tracing::warn!("GET /api/account: HTTP {status}"),
            Err(e) => tracing::warn!("GET /api/account: {e}"),
        }
        if stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        std::thread::sleep(FIRST_BACKOFF);
    };
    tracing::info!("signed in as {me}; accepting {:?}", config.accept);
    let playing: Playing = Arc::default();
    let mut backoff = FIRST_BACKOFF;
    while !stop.load(Ordering::Relaxed) {
        match api.stream("/api/stream/event") {
            Ok(reader) => {
                tracing::info!("following the event stream");
                backoff = FIRST_BACKOFF;
                for line in reader.lines() {
                    let Ok(line) = line else { break };
                    if stop.load(Ordering::Relaxed) {
                        return Ok(());
                    }
                    let Ok(event) = serde_json::from_str::<Value>(&line) else {
                        continue;
                    };
                    on_event(&api, &config, &me, concurrency, &playing, &event);
                }
                tracing::warn!("the event stream ended; reconnecting");
            }
            Err(e) => tracing::warn!("event stream: {e}; retrying in {backoff:?}"),
        }
        std::thread::sleep(backoff);
        backoff = (backoff * 2).min(MAX_BACKOFF);
    }
    Ok(())
}

fn on_event(
    api: &Api,
    config: &BotConfig,
    me: &str,
    concurrency: usize,
    playing: &Playing,
    event: &Value,
) {
    let game = &event["game"];
    let Some(id) = game["id"].as_str() else {
        return;
    };
    match event["type"].as_str() {
        Some("challenge") => {
            let busy = playing.lock().map_or(usize::MAX, |p| p.len());
            if !config.accept.accepts(game) {
                tracing::info!("game {id}: invitation not accepted ({:?})", game["creator"]);
            } else if busy >= concurrency {
                tracing::info!("game {id}: invitation left, {busy} games in play");
            } else {
                match api.post(&format!("/api/games/{id}/join")) {
                    Ok((200, _)) => tracing::info!("game {id}: joined"),
                    Ok((status, body)) => tracing::warn!("game {id}: join: HTTP {status} {body}"),
                    Err(e) => tracing::warn!("game {id}: join: {e}"),
                }
            }
        }
        Some("gameStart") => {
            let Ok(mut set) = playing.lock() else { return };
            if set.contains(id) {
                return;
            }
            set.insert(id.to_string());
            let (api, spec, me, id, playing) = (
                api.clone(),
                config.engine.clone(),
                me.to_string(),
                id.to_string(),
                Arc::clone(playing),
            );
            std::thread::spawn(move || {
                play_game(&api, &spec, &me, &id);
                if let Ok(mut set) = playing.lock() {
                    set.remove(&id);
                }
            });
        }
        _ => {}
    }
}

/// The bot's seat colour in `game`, if seated.
fn my_colour(game: &Value, me: &str) -> Option<Colour> {
    game["players"]
        .as_array()?
        .iter()
        .find(|p| p["username"].as_str() == Some(me))
        .and_then(|p| p["seat"].as_str()?.parse().ok())
}

/// The engine's request for `game` (the API's game object): its setup,
/// history and clocks as they stand.
pub fn engine_request(game: &Value) -> Option<(GameSetup, Vec<Move>, Clocks)> {
    let players = game["players"].as_array()?;
    let rules = game["rules"].as_str()?.parse().ok()?;
    let mut setup = GameSetup::standard(players.len()).ok()?;
    setup.rules = rules;
    let seats: Vec<String> = players
        .iter()
        .map(|p| p["seat"].as_str().map(str::to_string))
        .collect::<Option<_>>()?;
    let moves: Vec<Move> = game["moves"]
        .as_array()?
        .iter()
        .map(|m| m.as_str()?.parse().ok())
        .collect::<Option<_>>()?;
    let clocks = match (
        game["clocks"].as_object(),
        game["clock"]["increment"].as_u64(),
    ) {
        (Some(map), Some(increment)) => Clocks {
            remaining: seats
                .iter()
                .map(|s| map.get(s)?.as_u64().map(Duration::from_millis))
                .collect::<Option<_>>()?,
            increment: Duration::from_secs(increment),
            move_time: None,
        },
        // Correspondence games: the time left is days; the engine gets it all.
        (Some(map), None) => Clocks {
            remaining: seats
                .iter()
                .map(|s| map.get(s)?.as_u64().map(Duration::from_millis))
                .collect::<Option<_>>()?,
            ..Clocks::default()
        },
        _ => Clocks::untimed(),
    };
    Some((setup, moves, clocks))
}

/// Plays game `id` to its end: one engine process for the game, quit (or
/// killed with its process group) when the game ends.
fn play_game(api: &Api, spec: &EngineSpec, me: &str, id: &str) {
    tracing::info!("game {id}: playing");
    let mut engine: Option<EngineProcess> = None;
    let mut backoff = FIRST_BACKOFF;
    'connect: loop {
        let mut reader = match api.stream(&format!("/api/games/{id}/stream")) {
            Ok(reader) => reader,
            Err(e) => {
                tracing::warn!("game {id}: stream: {e}; retrying in {backoff:?}");
                std::thread::sleep(backoff);
                backoff = (backoff * 2).min(MAX_BACKOFF);
                continue;
            }
        };
        loop {
            // The game as it stands (the stream's lines only say when to look).
            let game = match api.get(&format!("/api/games/{id}")) {
                Ok((200, game)) => game,
                Ok((status, body)) => {
                    tracing::warn!("game {id}: HTTP {status} {body}");
                    if status == 404 {
                        break 'connect;
                    }
                    std::thread::sleep(backoff);
                    continue 'connect;
                }
                Err(e) => {
                    tracing::warn!("game {id}: {e}");
                    std::thread::sleep(backoff);
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                    continue 'connect;
                }
            };
            backoff = FIRST_BACKOFF;
            match game["status"].as_str() {
                Some("finished") | Some("aborted") => {
                    tracing::info!(
                        "game {id}: over ({} {})",
                        game["result"],
                        game["termination"]
                    );
                    break 'connect;
                }
                _ => {}
            }
            let mine = my_colour(&game, me);
            let to_move = game["to_move"]
                .as_str()
                .and_then(|s| s.parse::<Colour>().ok());
            if mine.is_some() && to_move == mine {
                if let Err(e) = move_once(api, spec, &mut engine, id, &game) {
                    tracing::error!("game {id}: {e}; resigning");
                    let _ = api.post(&format!("/api/games/{id}/resign"));
                    std::thread::sleep(backoff);
                }
                continue;
            }
            // Wait for the next line of the game's stream.
            let mut line = String::new();
            match reader.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    tracing::warn!("game {id}: stream dropped; reconnecting");
                    std::thread::sleep(backoff);
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                    continue 'connect;
                }
                Ok(_) => {}
            }
        }
    }
    if let Some(engine) = engine.take()
        && let Err(e) = engine.quit()
    {
        tracing::warn!("game {id}: engine quit: {e}");
    }
}

/// Asks the engine for the move of `game` and posts it.
fn move_once(
    api: &Api,
    spec: &EngineSpec,
    engine: &mut Option<EngineProcess>,
    id: &str,
    game: &Value,
) -> Result<(), String> {
    let (setup, moves, clocks) =
        engine_request(game).ok_or_else(|| "the game object cannot be read".to_string())?;
    if engine.is_none() {
        let process = EngineProcess::spawn(spec).map_err(|e| format!("engine: {e}"))?;
        *engine = Some(process);
    }
    let process = engine.as_mut().ok_or("no engine")?;
    let (mv, took) = process
        .request_move(&setup, &moves, &clocks)
        .map_err(|e| format!("engine: {e}"))?;
    let ply = moves.len() + 1;
    let text = mv.to_string();
    tracing::info!("game {id}: ply {ply} {text} ({} ms)", took.as_millis());
    let path = format!("/api/games/{id}/move/{text}?ply={ply}");
    match api.post(&path) {
        Ok((200, _)) => Ok(()),
        // The game moved on meanwhile (a flag, a resignation): look again.
        Ok((409, body)) => {
            tracing::info!("game {id}: move refused: {body}");
            Ok(())
        }
        Ok((status, body)) => Err(format!("move {text}: HTTP {status} {body}")),
        Err(e) => {
            tracing::warn!("game {id}: move {text}: {e}");
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_engine_gets_the_moves_and_every_seats_time_left_in_order_of_play() {
        let game = json!({
            "rules": "2011",
            "players": [{"seat": "K", "username": "ana"}, {"seat": "R", "username": "robo"}],
            "moves": ["e1-e2"],
            "clock": {"initial": 300, "increment": 5},
            "clocks": {"R": 1234, "K": 299_000},
        });
        let (setup, moves, clocks) = engine_request(&game).unwrap();
        assert_eq!(setup.rules, "2011".parse().unwrap());
        assert_eq!(setup.players.len(), 2);
        assert_eq!(moves, vec!["e1-e2".parse::<Move>().unwrap()]);
        assert_eq!(
            clocks.remaining,
            vec![Duration::from_millis(299_000), Duration::from_millis(1234)]
        );
        assert_eq!(clocks.increment, Duration::from_secs(5));
        let untimed = json!({
            "rules": "2004", "players": [{"seat": "K"}, {"seat": "R"}],
            "moves": [], "clock": null, "clocks": null,
        });
        assert_eq!(engine_request(&untimed).unwrap().2, Clocks::untimed());
        assert_eq!(my_colour(&game, "robo"), Some(Colour::Red));
        assert!(Accept::User("Ana".into()).accepts(&json!({"creator": "ana"})));
        assert!(!Accept::User("cy".into()).accepts(&json!({"creator": "ana"})));
    }
}
