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

/// Plays `ana`'s random legal moves in game `id` until it is finished, or
/// until she has made `max_moves` moves; the game as it stands then.
fn play_random(ana: &Client, id: &str, seed: &mut u64, max_moves: usize) -> Value {
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut made = 0;
    loop {
        assert!(Instant::now() < deadline, "the game did not go on in time");
        let game = ana.get(&format!("/api/games/{id}")).json;
        match game["status"].as_str().unwrap() {
            "finished" => return game,
            "aborted" => panic!("aborted: {game}"),
            _ => {}
        }
        if made == max_moves {
            return game;
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
        let mv = &legal[(next(seed) % legal.len() as u64) as usize];
        let played = ana.play(id, &mv.to_string(), Some(moves.len() + 1));
        assert_eq!(played.status, 200, "{played:?}");
        made += 1;
    }
}

/// Checks that finished `game` replays move by move and that its record is `ok`.
fn check_finished(server: &ServerProcess, game: &Value) {
    let id = game["id"].as_str().unwrap();
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
}

/// Starts `pacru bot` for `token` against `url`, with the random engine.
fn start_bot(url: &str, token: &str) -> Bot {
    Bot(common::spawn_pacru(
        &[
            "bot", "--server", url, "--token", token, "--accept", "ana", "--", "pacru", "engine",
            "random", "--seed", "7",
        ],
        Stdio::null(),
    ))
}

/// Ana's invitation of robo to a rated 2-player game with a clock; its id.
fn invite(ana: &Client) -> String {
    let created = ana.post(
        "/api/games",
        &json!({"players": 2, "rules": "2004", "rated": true,
                "clock": {"initial": 300, "increment": 2}, "invite": ["robo"]}),
    );
    assert_eq!(created.status, 201, "{created:?}");
    created.json["id"].as_str().unwrap().to_string()
}

#[test]
fn a_person_plays_the_random_engine_through_pacru_bot() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let ana = Client::sign_up(&server.url, "ana");
    let robo = Client::bot(&server.url, "robo");
    let _bot = start_bot(&server.url, robo.token.as_ref().unwrap());
    let id = invite(&ana);
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let game = play_random(&ana, &id, &mut seed, usize::MAX);
    check_finished(&server, &game);
    // A rated game between a person and a bot counts.
    let robo_ratings = ana.get("/api/users/robo").json;
    assert_eq!(robo_ratings["ratings"]["2"]["games"], 1);
}

#[test]
fn the_bot_resumes_its_game_after_a_server_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    // A port that was free a moment ago, so that the restarted server has the
    // address the bot knows.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let listen = format!("127.0.0.1:{port}");
    let args = |db: &str| {
        vec![
            "serve".to_string(),
            "--db".into(),
            db.to_string(),
            "--listen".into(),
            listen.clone(),
            "--test-clock".into(),
            "--rate-limit".into(),
            "1000000".into(),
        ]
    };
    let db_text = db.to_str().unwrap().to_string();
    let start = || {
        let a = args(&db_text);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        ServerProcess::start_with(&db, &a)
    };
    let server = start();
    let mut ana = Client::sign_up(&server.url, "ana");
    let robo = Client::bot(&server.url, "robo");
    let token = robo.token.clone().unwrap();
    let _bot = start_bot(&server.url, &token);
    let id = invite(&ana);
    let mut seed = 0x2545_F491_4F6C_DD1D_u64;
    let game = play_random(&ana, &id, &mut seed, 3);
    assert_eq!(game["status"], "playing", "{game}");
    server.kill();
    std::thread::sleep(Duration::from_millis(500));
    let server = start();
    // Ana signs in again (her session is in the database; a new client keeps
    // the cookie of a new sign-in).
    ana = Client::new(&server.url);
    let signed = ana.sign_in("ana", "password-of-ana");
    assert!(signed.status == 200 || signed.status == 201, "{signed:?}");
    let game = play_random(&ana, &id, &mut seed, usize::MAX);
    check_finished(&server, &game);
}

#[test]
fn a_failing_engine_resigns_and_other_invitations_are_left() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let ana = Client::sign_up(&server.url, "ana");
    let cy = Client::sign_up(&server.url, "cy");
    let robo = Client::bot(&server.url, "robo");
    // An engine that exits at once, before its handshake.
    let _bot = Bot(common::spawn_pacru(
        &[
            "bot",
            "--server",
            &server.url,
            "--token",
            robo.token.as_ref().unwrap(),
            "--accept",
            "ana",
            "--",
            "sh",
            "-c",
            "exit 3",
        ],
        Stdio::null(),
    ));
    // cy's invitation is not accepted: the game stays open.
    let created = cy.post(
        "/api/games",
        &json!({"players": 2, "rules": "2004", "invite": ["robo"]}),
    );
    assert_eq!(created.status, 201, "{created:?}");
    let cys = created.json["id"].as_str().unwrap().to_string();

    let id = invite(&ana);
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut moved = false;
    let game = loop {
        assert!(
            Instant::now() < deadline,
            "the bot neither moved nor resigned"
        );
        let game = ana.get(&format!("/api/games/{id}")).json;
        if game["status"] == "finished" {
            break game;
        }
        if !moved && game["status"] == "playing" && game["to_move"] == "K" {
            assert_eq!(ana.play(&id, "e1-e2", Some(1)).status, 200);
            moved = true;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(game["termination"], "resignation", "{game}");
    assert_eq!(game["winner"], "Black", "{game}");
    // The bridge resigned on its turn (the server records that as the move
    // `resign`); the engine gave no move, so none was sent.
    assert_eq!(game["moves"], json!(["e1-e2", "resign"]), "{game}");
    let other = cy.get(&format!("/api/games/{cys}")).json;
    assert_eq!(other["status"], "open", "{other}");
}
