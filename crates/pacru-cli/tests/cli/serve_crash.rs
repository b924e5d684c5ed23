//! Crash safety of `pacru serve`: scripted bots play 20 games (2, 3 and 4
//! players) while the server is killed with SIGKILL at random moments and
//! restarted on the same database. No acknowledged move may be lost, no game may
//! be corrupted, the file must pass `PRAGMA integrity_check`, and every game
//! must finish with a record `pacru check` finds `ok`.
//!
//! The seed is `PACRU_CRASH_SEED` (default a fixed one), printed on failure.

use crate::common;

use crate::common::server::{Client, ServerProcess};
use pacru_core::{Move, Position, RulesEdition, SplitMix64};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

/// Games played.
const GAMES: usize = 20;
/// SIGKILLs at least.
const KILLS: usize = 40;
/// The bot accounts; each game seats the first `players` from its creator on.
const BOTS: [&str; 4] = ["crash_a", "crash_b", "crash_c", "crash_d"];
/// A game's players resign from this ply on (a bound on the run).
const MAX_PLIES: usize = 5_000;

/// What the test and the bots share.
struct Shared {
    /// The server's address now (changes with every restart).
    url: RwLock<String>,
    /// Per game: the longest move list a 200 answer gave.
    acked: Vec<Mutex<Vec<String>>>,
    /// Set when the kills are over: the bots resign their games.
    wind_down: AtomicBool,
    /// Moves acknowledged in all.
    acked_moves: AtomicUsize,
    /// Requests that got no answer (the server was killed).
    lost_requests: AtomicUsize,
    /// Games over.
    finished: AtomicUsize,
}

fn seed() -> u64 {
    std::env::var("PACRU_CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_c4a5)
}

fn client(url: &str, token: &str) -> Client {
    let mut client = Client::new(url);
    client.token = Some(token.to_string());
    client.origin = None;
    client
}

fn moves_of(game: &Value) -> Vec<String> {
    game["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().expect("a move").to_string())
        .collect()
}

fn rules_of(game: &Value) -> RulesEdition {
    let rules = match &game["rules"] {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    rules.parse().expect("a rules edition")
}

/// Asserts that `game` is sound: its moves replay legally from the start and
/// give its `ppn`, and `acked` is a prefix of its moves.
fn assert_sound(game: &Value, acked: &[String], seed: u64) {
    let moves = moves_of(game);
    assert!(
        moves.len() >= acked.len() && moves[..acked.len()] == *acked,
        "seed {seed}: game {} lost acknowledged moves: acknowledged {acked:?}, stored {moves:?}",
        game["id"]
    );
    let players = game["players"].as_array().expect("players").len();
    let mut position = Position::standard(players)
        .expect("a player count")
        .with_rules(rules_of(game));
    for text in &moves {
        let mv: Move = text.parse().expect("a stored move parses");
        position
            .try_play(&mv)
            .unwrap_or_else(|e| panic!("seed {seed}: game {}: {text}: {e:?}", game["id"]));
    }
    let replayed = Position::from_ppn(game["ppn"].as_str().expect("ppn"), rules_of(game))
        .expect("the game's PPN parses");
    assert_eq!(
        position.to_ppn().to_string(),
        replayed.to_ppn().to_string(),
        "seed {seed}: game {}: the PPN is the moves'",
        game["id"]
    );
}

/// The moves of every game as the file stores them (the server is down).
fn stored_moves(db: &Path, ids: &[String]) -> Vec<Vec<String>> {
    let conn = rusqlite::Connection::open(db).expect("the database opens");
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .expect("integrity_check runs");
    assert_eq!(check, "ok", "PRAGMA integrity_check");
    let mut stmt = conn
        .prepare("SELECT text FROM move WHERE game = ?1 ORDER BY ply")
        .expect("a query of moves");
    ids.iter()
        .map(|id| {
            stmt.query_map([id], |r| r.get::<_, String>(0))
                .expect("moves")
                .collect::<Result<Vec<_>, _>>()
                .expect("moves")
        })
        .collect()
}

/// One game's bots: reads the game, lets the seat to move play a random legal
/// move as the next ply, and goes on through kills until the game is over.
fn play_game(shared: &Shared, index: usize, id: &str, seats: &[(String, String)], seed: u64) {
    let mut rng = SplitMix64::new(seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let started = Instant::now();
    // The seats' clients, made again when the server's address changes.
    let mut clients: Vec<(String, Client)> = Vec::new();
    let mut url = String::new();
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "seed {seed}: game {id} did not finish"
        );
        let now = shared.url.read().unwrap().clone();
        if now != url {
            url = now;
            clients = seats
                .iter()
                .map(|(seat, token)| (seat.clone(), client(&url, token)))
                .collect();
        }
        let game = match clients[0].1.try_get(&format!("/api/games/{id}")) {
            Ok(answer) if answer.status == 200 => answer.json,
            Ok(answer) => panic!("seed {seed}: GET game {id}: {answer:?}"),
            Err(_) => {
                std::thread::sleep(Duration::from_millis(10));
                continue;
            }
        };
        let acked = shared.acked[index].lock().unwrap().clone();
        assert_sound(&game, &acked, seed);
        if game["status"] == "finished" {
            shared.finished.fetch_add(1, Ordering::Relaxed);
            return;
        }
        assert_eq!(game["status"], "playing", "seed {seed}: {game}");
        let to_move = game["to_move"].as_str().expect("a seat to move");
        let mover = &clients
            .iter()
            .find(|(seat, _)| seat == to_move)
            .expect("a seated bot")
            .1;
        let ply = moves_of(&game).len() + 1;
        // Paced, so that the games are still played when the last kills come.
        std::thread::sleep(Duration::from_millis(30 + rng.below(60)));
        let mv = if shared.wind_down.load(Ordering::Relaxed) || ply > MAX_PLIES {
            "resign".to_string()
        } else {
            let position = Position::from_ppn(game["ppn"].as_str().unwrap(), rules_of(&game))
                .expect("the PPN parses");
            let legal: Vec<Move> = position
                .sorted_legal_moves()
                .into_iter()
                .filter(|m| *m != Move::Resign)
                .collect();
            if legal.is_empty() {
                "resign".to_string()
            } else {
                legal[rng.below(legal.len() as u64) as usize].to_string()
            }
        };
        match mover.try_play(id, &mv, Some(ply)) {
            Ok(answer) if answer.status == 200 => {
                let moves = moves_of(&answer.json);
                assert_eq!(
                    moves.len(),
                    ply,
                    "seed {seed}: game {id}: the answer holds the move"
                );
                assert_eq!(moves[ply - 1], mv, "seed {seed}: game {id}");
                let mut acked = shared.acked[index].lock().unwrap();
                assert!(
                    moves.len() > acked.len() && moves[..acked.len()] == acked[..],
                    "seed {seed}: game {id}: an answer without acknowledged moves"
                );
                *acked = moves;
                shared.acked_moves.fetch_add(1, Ordering::Relaxed);
            }
            // Another request of this game got there first (a move stored but
            // not answered before a kill): read the game again.
            Ok(answer) if answer.status == 409 && answer.json["error"] == "stale" => {}
            Ok(answer) => panic!("seed {seed}: game {id}: {mv} as ply {ply}: {answer:?}"),
            Err(_) => {
                shared.lost_requests.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// Opens game `index`: its creator invites the other bots, who join.
fn open_game(url: &str, tokens: &[String], index: usize) -> (String, Vec<(String, String)>) {
    let players = [2, 3, 4][index % 3];
    let creator = index % BOTS.len();
    let seated: Vec<usize> = (0..players).map(|k| (creator + k) % BOTS.len()).collect();
    let clock = if index.is_multiple_of(2) {
        json!({"initial": 600, "increment": 5})
    } else {
        Value::Null
    };
    let rules = if index % 4 < 2 { "2004" } else { "2011" };
    let created = client(url, &tokens[creator]).post(
        "/api/games",
        &json!({"players": players, "rules": rules, "clock": clock, "rated": false,
                "invite": seated[1..].iter().map(|&b| BOTS[b]).collect::<Vec<_>>()}),
    );
    assert_eq!(created.status, 201, "{created:?}");
    let id = created.json["id"].as_str().unwrap().to_string();
    let mut game = created.json;
    for &bot in &seated[1..] {
        let joined = client(url, &tokens[bot]).post(&format!("/api/games/{id}/join"), &json!({}));
        assert_eq!(joined.status, 200, "{joined:?}");
        game = joined.json;
    }
    assert_eq!(game["status"], "playing", "{game}");
    let seats = game["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let name = p["username"].as_str().unwrap();
            let bot = BOTS.iter().position(|b| *b == name).unwrap();
            (p["seat"].as_str().unwrap().to_string(), tokens[bot].clone())
        })
        .collect();
    (id, seats)
}

#[test]
fn no_acknowledged_move_is_lost_when_the_server_is_killed() {
    let seed = seed();
    let dir = tempfile::tempdir().unwrap();
    let db: PathBuf = dir.path().join("server.db");
    let mut server = ServerProcess::start(&db, &[]);
    let tokens: Vec<String> = BOTS
        .iter()
        .map(|name| Client::bot(&server.url, name).token.unwrap())
        .collect();
    let games: Vec<(String, Vec<(String, String)>)> = (0..GAMES)
        .map(|i| open_game(&server.url, &tokens, i))
        .collect();
    let ids: Vec<String> = games.iter().map(|(id, _)| id.clone()).collect();
    let shared = Arc::new(Shared {
        url: RwLock::new(server.url.clone()),
        acked: (0..GAMES).map(|_| Mutex::new(Vec::new())).collect(),
        wind_down: AtomicBool::new(false),
        acked_moves: AtomicUsize::new(0),
        lost_requests: AtomicUsize::new(0),
        finished: AtomicUsize::new(0),
    });
    let bots: Vec<_> = games
        .into_iter()
        .enumerate()
        .map(|(i, (id, seats))| {
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || play_game(&shared, i, &id, &seats, seed))
        })
        .collect();

    let mut rng = SplitMix64::new(seed);
    let started = Instant::now();
    let mut kills_in_play = 0;
    for kill in 0..KILLS {
        std::thread::sleep(Duration::from_millis(20 + rng.below(130)));
        let before = shared.acked_moves.load(Ordering::Relaxed);
        if shared.finished.load(Ordering::Relaxed) < GAMES {
            kills_in_play += 1;
        }
        server.kill();
        // What was acknowledged before the kill is all in the file.
        let acked: Vec<Vec<String>> = shared
            .acked
            .iter()
            .map(|a| a.lock().unwrap().clone())
            .collect();
        let stored = stored_moves(&db, &ids);
        for ((id, acked), stored) in ids.iter().zip(&acked).zip(&stored) {
            assert!(
                stored.len() >= acked.len() && stored[..acked.len()] == acked[..],
                "seed {seed}, kill {kill}: game {id}: acknowledged {acked:?}, stored {stored:?}"
            );
        }
        server = ServerProcess::start(&db, &[]);
        *shared.url.write().unwrap() = server.url.clone();
        // And the restarted server serves every game, sound, with those moves.
        let reader = client(&server.url, &tokens[0]);
        for (id, acked) in ids.iter().zip(&acked) {
            let game = reader.get(&format!("/api/games/{id}"));
            assert_eq!(game.status, 200, "seed {seed}, kill {kill}: {game:?}");
            assert_sound(&game.json, acked, seed);
        }
        eprintln!(
            "kill {kill}: {before} moves acknowledged before it, {} after {:?}",
            shared.acked_moves.load(Ordering::Relaxed),
            started.elapsed()
        );
    }
    shared.wind_down.store(true, Ordering::Relaxed);
    for bot in bots {
        bot.join().expect("a bot thread");
    }
    let acked_moves = shared.acked_moves.load(Ordering::Relaxed);
    let lost = shared.lost_requests.load(Ordering::Relaxed);
    eprintln!(
        "{acked_moves} moves acknowledged, {lost} requests unanswered, {KILLS} kills, \
         {kills_in_play} of them while games were played"
    );
    assert!(
        kills_in_play >= KILLS,
        "seed {seed}: the games were played through the kills: only {kills_in_play} of {KILLS}"
    );

    // Every game finished, with a record that pacru check finds ok.
    let reader = Client::new(&server.url);
    for (i, id) in ids.iter().enumerate() {
        let game = reader.get(&format!("/api/games/{id}"));
        assert_eq!(game.json["status"], "finished", "{game:?}");
        assert_sound(&game.json, &shared.acked[i].lock().unwrap(), seed);
        let record = reader.get(&format!("/api/games/{id}/pgr"));
        assert_eq!(record.status, 200);
        let run =
            common::pacru_with_input(&["check", "--format", "json", "-"], record.text.as_bytes());
        let verdict: Value = serde_json::from_str(run.stdout.trim()).expect("a verdict");
        assert_eq!(verdict["status"], "ok", "{}\n{verdict}", record.text);
    }
    assert!(server.stop().success());
    stored_moves(&db, &ids);
}
