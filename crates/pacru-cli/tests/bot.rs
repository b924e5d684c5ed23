//! `pacru bot` as a real process between a real `pacru serve` and the built-in
//! random engine: a person invites the bot, plays random legal moves against
//! it, and the game finishes with every move legal and its record `ok`.

mod common;

use common::server::{Client, ServerProcess};
use pacru_core::{Move, Position};
use serde_json::{Value, json};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// The bot process, killed when dropped.
struct Bot(Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A small deterministic generator for the person's random moves.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn a_person_plays_the_random_engine_through_pacru_bot() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let ana = Client::sign_up(&server.url, "ana");
    let robo = Client::bot(&server.url, "robo");
    let token = robo.token.clone().unwrap();
    let _bot = Bot(common::spawn_pacru(
        &[
            "bot",
            "--server",
            &server.url,
            "--token",
            &token,
            "--accept",
            "ana",
            "--",
            "pacru",
            "engine",
            "random",
            "--seed",
            "7",
        ],
        Stdio::null(),
    ));
    let created = ana.post(
        "/api/games",
        &json!({"players": 2, "rules": "2004", "rated": true,
                "clock": {"initial": 300, "increment": 2}, "invite": ["robo"]}),
    );
    assert_eq!(created.status, 201, "{created:?}");
    let id = created.json["id"].as_str().unwrap().to_string();
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut game: Value;
    let deadline = Instant::now() + Duration::from_secs(240);
    loop {
        assert!(Instant::now() < deadline, "the game did not finish in time");
        game = ana.get(&format!("/api/games/{id}")).json;
        match game["status"].as_str().unwrap() {
            "finished" => break,
            "aborted" => panic!("aborted: {game}"),
            _ => {}
        }
        let mine = game["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["username"] == "ana")
            .unwrap()["seat"]
            .clone();
        if game["status"] != "playing" || game["to_move"] != mine {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        }
        let mut position = Position::standard(2).unwrap();
        let moves = game["moves"].as_array().unwrap();
        for m in moves {
            let mv: Move = m.as_str().unwrap().parse().unwrap();
            position = position.play(&mv).expect("every move of the game is legal");
        }
        let legal: Vec<Move> = position
            .sorted_legal_moves()
            .into_iter()
            .filter(|m| *m != Move::Resign)
            .collect();
        let mv = &legal[(next(&mut seed) % legal.len() as u64) as usize];
        let played = ana.play(&id, &mv.to_string(), Some(moves.len() + 1));
        assert_eq!(played.status, 200, "{played:?}");
    }
    // Every move replays, the bot's included.
    let moves = game["moves"].as_array().unwrap();
    assert!(moves.len() >= 2, "{game}");
    let mut position = Position::standard(2).unwrap();
    for m in moves {
        let mv: Move = m.as_str().unwrap().parse().unwrap();
        position = position.play(&mv).expect("every move of the game is legal");
    }
    assert!(position.is_finished(), "{game}");
    assert_eq!(game["termination"], "rules", "{game}");
    let record = Client::new(&server.url).get(&format!("/api/games/{id}/pgr"));
    assert_eq!(record.status, 200);
    let run = common::pacru_with_input(&["check", "--format", "json", "-"], record.text.as_bytes());
    let verdict: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(verdict["status"], "ok", "{}\n{verdict}", record.text);
    // A rated game between a person and a bot counts.
    let robo_ratings = ana.get("/api/users/robo").json;
    assert_eq!(robo_ratings["ratings"]["2"]["games"], 1);
}
