//! The stream follower: reads the account's event stream, joins the
//! invitations the policy accepts and starts a game player for each game that
//! starts (and, on every connection, for each game in play).

use crate::BotConfig;
use crate::api::{Api, valid_id};
use crate::backoff::Backoff;
use crate::game::play_game;
use crate::stop::Stop;
use serde_json::Value;
use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};

/// The games being played, shared by the follower and the game threads.
type Playing = Arc<Mutex<HashSet<String>>>;

/// Follows the event stream of `me` until `stop` is raised, reconnecting with
/// backoff whenever the stream fails, ends or stays silent too long.
pub fn follow(api: &Api, config: &BotConfig, me: &str, stop: &Stop) {
    let playing: Playing = Arc::default();
    let mut backoff = Backoff::default();
    while !stop.is_stopped() {
        match api.stream("/api/stream/event") {
            Ok(mut stream) => {
                tracing::info!("following the event stream");
                backoff.reset();
                loop {
                    match stream.next_line() {
                        Ok(Some(event)) => {
                            if stop.is_stopped() {
                                return;
                            }
                            on_event(api, config, me, stop, &playing, &event);
                        }
                        Ok(None) => {
                            tracing::warn!("the event stream ended; reconnecting");
                            break;
                        }
                        Err(e) => {
                            tracing::warn!("event stream: {e}; reconnecting");
                            break;
                        }
                    }
                }
            }
            Err(e) => tracing::warn!("event stream: {e}"),
        }
        stop.sleep(backoff.next_wait());
    }
}

/// Handles one line of the event stream.
fn on_event(
    api: &Api,
    config: &BotConfig,
    me: &str,
    stop: &Stop,
    playing: &Playing,
    event: &Value,
) {
    let game = &event["game"];
    let Some(id) = game["id"].as_str().filter(|id| valid_id(id)) else {
        return;
    };
    match event["type"].as_str() {
        Some("challenge") => {
            let busy = playing.lock().unwrap_or_else(PoisonError::into_inner).len();
            if let Err(why) = config.accept.check(game) {
                tracing::info!(game = id, "invitation not accepted: {}", why.escape_debug());
            } else if busy >= config.concurrency.max(1) {
                tracing::info!(game = id, "invitation left: {busy} games in play");
            } else {
                match api.post(&format!("/api/games/{id}/join")) {
                    Ok((200, _)) => tracing::info!(game = id, "joined"),
                    Ok((status, body)) => tracing::warn!(game = id, "join: HTTP {status} {body}"),
                    Err(e) => tracing::warn!(game = id, "join: {e}"),
                }
            }
        }
        Some("gameStart") => {
            if !playing
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .insert(id.to_string())
            {
                return;
            }
            let (api, spec, stop, me, id, playing) = (
                api.clone(),
                config.engine.clone(),
                stop.clone(),
                me.to_string(),
                id.to_string(),
                Arc::clone(playing),
            );
            let spawned = std::thread::Builder::new()
                .name(format!("game {id}"))
                .spawn(move || {
                    play_game(&api, &spec, &stop, &me, &id);
                    playing
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .remove(&id);
                });
            if let Err(e) = spawned {
                tracing::error!("cannot start a game thread: {e}");
            }
        }
        _ => {}
    }
}
