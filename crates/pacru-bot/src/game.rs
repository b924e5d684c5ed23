//! The game player: follows one game's stream and, whenever the bot is to
//! move, posts the move its engine gives.

use crate::BotConfig;
use crate::api::Api;
use crate::backoff::Backoff;
use crate::engine::{EngineSession, NoMove};
use crate::stop::Stop;
use pacru_core::Colour;
use serde_json::Value;
use std::time::Duration;

/// The bot's seat colour in `game` (the API's game object), if seated.
pub fn my_colour(game: &Value, me: &str) -> Option<Colour> {
    game["players"]
        .as_array()?
        .iter()
        .find(|p| p["username"].as_str() == Some(me))
        .and_then(|p| p["seat"].as_str()?.parse().ok())
}

/// Whether `game` is over (finished or aborted).
fn is_over(game: &Value) -> bool {
    matches!(game["status"].as_str(), Some("finished" | "aborted"))
}

/// Whether `line` of a game's stream is a move after which another seat
/// than `mine` is to move (its PPN says so): the bot has nothing to do then,
/// and need not ask for the game.
fn others_turn(line: &Value, mine: Option<Colour>) -> bool {
    let Some(mine) = mine else {
        return false;
    };
    line["type"] == "move"
        && line["ppn"]
            .as_str()
            .and_then(|ppn| ppn.split(' ').nth_back(1))
            .and_then(|to_move| to_move.parse::<Colour>().ok())
            .is_some_and(|to_move| to_move != mine)
}

/// How long the server asks the bot to wait after a 429 (the `retry_after`
/// seconds of its answer; 1 s when it does not say, at most a minute).
fn retry_after(body: &Value) -> Duration {
    Duration::from_secs(body["retry_after"].as_u64().unwrap_or(1).clamp(1, 60))
}

/// What happened to the bot's turn.
enum Turn {
    /// The move was stored (the game as the server answered it, when it
    /// did), or the game moved on meanwhile: look again.
    Done(Option<Value>),
    /// The server could not be reached: reconnect.
    Unreachable,
    /// The server refused the token (HTTP 401): nothing more can be done.
    Refused,
}

/// Plays game `id` as `me` with the engine of `config` until it is over or
/// the bridge is stopped: one engine process for the game, ended when this
/// returns.
pub fn play_game(api: &Api, config: &BotConfig, stop: &Stop, me: &str, id: &str) {
    tracing::info!(game = id, "playing");
    let mut engine = EngineSession::new(
        config.engine.clone(),
        config.unclocked_move_time,
        stop.clone(),
    );
    let mut backoff = Backoff::default();
    // The ply at which the engine last failed: it is asked once more, a new
    // process, before the bot resigns.
    let mut failed_at = None;
    'connect: while !stop.is_stopped() && !api.refused() {
        // The stream first, then the game as it stands: a move made between
        // the two is in the game object, and any later one wakes the stream.
        let mut stream = match api.stream(&format!("/api/games/{id}/stream")) {
            Ok(stream) => stream,
            Err(_) if api.refused() => break,
            Err(e) => {
                let wait = backoff.next_wait();
                tracing::warn!(game = id, "stream: {e}; retrying in {wait:?}");
                stop.sleep(wait);
                continue;
            }
        };
        // The game as the server last answered it, when that is as recent
        // as the stream (the answer to the bot's own move).
        let mut known: Option<Value> = None;
        loop {
            if stop.is_stopped() || api.refused() {
                break 'connect;
            }
            let answer = match known.take() {
                Some(game) => Ok((200, game)),
                None => api.get(&format!("/api/games/{id}")),
            };
            let game = match answer {
                Ok((200, game)) => game,
                Ok((404, _)) => {
                    tracing::warn!(game = id, "no such game");
                    break 'connect;
                }
                Ok((401, _)) => break 'connect,
                // Asked too often: the stream is fine, the same request is
                // made again when the server says.
                Ok((429, body)) => {
                    let wait = retry_after(&body);
                    tracing::warn!(game = id, "HTTP 429; again in {wait:?}");
                    stop.sleep(wait);
                    continue;
                }
                Ok((status, _)) => {
                    tracing::warn!(game = id, "HTTP {status}");
                    stop.sleep(backoff.next_wait());
                    continue 'connect;
                }
                Err(e) => {
                    tracing::warn!(game = id, "{e}");
                    stop.sleep(backoff.next_wait());
                    continue 'connect;
                }
            };
            backoff.reset();
            if is_over(&game) {
                tracing::info!(
                    game = id,
                    "over: {} ({})",
                    game["result"].as_str().unwrap_or("?").escape_debug(),
                    game["termination"].as_str().unwrap_or("?").escape_debug()
                );
                break 'connect;
            }
            let mine = my_colour(&game, me);
            let to_move = game["to_move"].as_str().and_then(|s| s.parse().ok());
            if game["status"] == "playing" && mine.is_some() && to_move == mine {
                match take_turn(api, &mut engine, stop, id, &game, &mut failed_at) {
                    Turn::Done(answer) => {
                        known = answer;
                        continue;
                    }
                    Turn::Unreachable => {
                        stop.sleep(backoff.next_wait());
                        continue 'connect;
                    }
                    Turn::Refused => {
                        tracing::error!(game = id, "the server refused the token");
                        break 'connect;
                    }
                }
            }
            // Wait for the next line of the game's stream that may concern the
            // bot (a move after which it is to move, the end, a join, or a
            // keep-alive), then look at the game again; a move after which
            // another seat is to move asks nothing of the server, so that
            // fast games do not run into its limit of requests. A silent or
            // broken stream means reconnecting.
            let mine = game["status"].eq("playing").then_some(mine).flatten();
            let line = loop {
                match stream.next_line() {
                    Ok(Some(line)) if others_turn(&line, mine) => {
                        if stop.is_stopped() || api.refused() {
                            break 'connect;
                        }
                    }
                    line => break line,
                }
            };
            match line {
                Ok(Some(_)) => {}
                Ok(None) => {
                    tracing::warn!(game = id, "the stream ended; reconnecting");
                    stop.sleep(backoff.next_wait());
                    continue 'connect;
                }
                Err(e) => {
                    tracing::warn!(game = id, "stream: {e}; reconnecting");
                    stop.sleep(backoff.next_wait());
                    continue 'connect;
                }
            }
        }
    }
    engine.finish();
}

/// Asks the engine for its move in `game` and posts it. When the engine gives
/// none (a move it did not give is never sent), the turn is taken again once
/// with a new engine process and the game as it then stands (`failed_at`
/// remembers the ply); a second failure at the same ply resigns.
fn take_turn(
    api: &Api,
    engine: &mut EngineSession,
    stop: &Stop,
    id: &str,
    game: &Value,
    failed_at: &mut Option<usize>,
) -> Turn {
    let ply = game["moves"].as_array().map_or(0, Vec::len) + 1;
    let (mv, took) = match engine.best_move(game) {
        Ok(answer) => answer,
        Err(e) => {
            if stop.is_stopped() {
                return Turn::Done(None);
            }
            if matches!(e, NoMove::Engine(_)) && *failed_at != Some(ply) {
                *failed_at = Some(ply);
                tracing::warn!(
                    game = id,
                    ply,
                    "{}; asking a new engine process once more",
                    e.to_string().escape_debug()
                );
                return Turn::Done(None);
            }
            // The engine's own words may hold anything: escaped.
            tracing::error!(
                game = id,
                ply,
                "{}; resigning",
                e.to_string().escape_debug()
            );
            return match api.post(&format!("/api/games/{id}/resign")) {
                Ok((200 | 409, _)) => Turn::Done(None),
                Ok((401, _)) => Turn::Refused,
                Ok((status, body)) => {
                    tracing::warn!(game = id, "resign: HTTP {status} {body}");
                    Turn::Unreachable
                }
                Err(e) => {
                    tracing::warn!(game = id, "resign: {e}");
                    Turn::Unreachable
                }
            };
        }
    };
    let text = mv.to_string();
    tracing::info!(game = id, ply, "{text} ({} ms)", took.as_millis());
    let encoded: String = text
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'-' {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    // A move refused for the server's limit of requests is sent again when
    // it says (its `?ply=` makes a copy already stored refused as stale):
    // the engine is not asked again.
    let path = format!("/api/games/{id}/move/{encoded}?ply={ply}");
    let answer = loop {
        match api.post(&path) {
            Ok((429, body)) => {
                let wait = retry_after(&body);
                tracing::warn!(game = id, ply, "move {text}: HTTP 429; again in {wait:?}");
                if stop.sleep(wait) {
                    return Turn::Done(None);
                }
            }
            answer => break answer,
        }
    };
    match answer {
        Ok((200, game)) => Turn::Done(Some(game)),
        // The token was revoked: neither the move nor a resignation can be
        // sent any more.
        Ok((401, _)) => Turn::Refused,
        // The game moved on meanwhile (a flag, a resignation, a stale ply).
        Ok((409, body)) => {
            tracing::info!(game = id, ply, "move refused: {body}");
            Turn::Done(None)
        }
        // Refused for good (the server's referee disagrees with the engine's
        // check): resign rather than ask again and again.
        Ok((status @ 400..=499, body)) => {
            tracing::error!(
                game = id,
                ply,
                "move {text}: HTTP {status} {body}; resigning"
            );
            match api.post(&format!("/api/games/{id}/resign")) {
                Ok((200 | 409, _)) => Turn::Done(None),
                Ok((401, _)) => Turn::Refused,
                _ => Turn::Unreachable,
            }
        }
        Ok((status, body)) => {
            tracing::warn!(game = id, ply, "move {text}: HTTP {status} {body}");
            Turn::Unreachable
        }
        // Sent again with the same ply after reconnecting, if still to move:
        // `?ply=` makes a second copy of a stored move refused as stale.
        Err(e) => {
            tracing::warn!(game = id, ply, "move {text}: {e}");
            Turn::Unreachable
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_seat_is_found_by_name() {
        let game = json!({"players": [{"seat": "K", "username": "ana"},
                                      {"seat": "R", "username": "robo"}]});
        assert_eq!(my_colour(&game, "robo"), Some(Colour::Red));
        assert_eq!(my_colour(&game, "cy"), None);
        assert!(is_over(&json!({"status": "aborted"})));
        // A move line says who is to move next in its PPN.
        let line = |ppn: &str| json!({"type": "move", "ply": 3, "move": "e1-e2", "ppn": ppn});
        let red_next = line("9/9/9/9/9/9/9/9/9 Ke2N,Ra1NE R KR");
        assert!(others_turn(&red_next, Some(Colour::Black)));
        assert!(!others_turn(&red_next, Some(Colour::Red)));
        assert!(!others_turn(&red_next, None));
        assert!(!others_turn(&line("garbage"), Some(Colour::Black)));
        assert!(!others_turn(&json!({"type": "end"}), Some(Colour::Black)));
        assert!(!others_turn(&Value::Null, Some(Colour::Black)));
        assert_eq!(
            retry_after(&json!({"retry_after": 7})),
            Duration::from_secs(7)
        );
        assert_eq!(retry_after(&Value::Null), Duration::from_secs(1));
        assert!(!is_over(&json!({"status": "playing"})));
    }
}
