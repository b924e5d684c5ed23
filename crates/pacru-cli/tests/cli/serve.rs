//! `pacru serve` as a real process on a real database: accounts, games refereed
//! by the server, streams, clocks, records, restarts and refused requests.

use crate::common;

use crate::common::server::{Client, ServerProcess};
use serde_json::{Value, json};
use tempfile::TempDir;

fn server() -> (TempDir, ServerProcess) {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    (dir, server)
}

/// A 2-player game with `clock`, created by `a` and joined by `b`.
fn two_player_game(a: &Client, b: &Client, clock: Value) -> String {
    let created = a.post(
        "/api/games",
        &json!({"players": 2, "rules": "2004", "clock": clock, "rated": false}),
    );
    assert_eq!(created.status, 201, "{created:?}");
    let id = created.json["id"].as_str().unwrap().to_string();
    let joined = b.post(&format!("/api/games/{id}/join"), &json!({}));
    assert_eq!(joined.status, 200, "{joined:?}");
    assert_eq!(joined.json["status"], "playing");
    id
}

fn check_record(server: &ServerProcess, id: &str) -> Value {
    let client = Client::new(&server.url);
    let record = client.get(&format!("/api/games/{id}/pgr"));
    assert_eq!(record.status, 200);
    let run = common::pacru_with_input(&["check", "--format", "json", "-"], record.text.as_bytes());
    let verdict: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(
        verdict["status"], "ok",
        "record:\n{}\nverdict: {verdict}",
        record.text
    );
    let fmt = common::pacru_with_input(&["fmt", "--check", "-"], record.text.as_bytes());
    assert_eq!(fmt.code, 0, "the record is canonical: {}", fmt.stderr);
    verdict
}

#[test]
fn accounts_sessions_and_tokens() {
    let (_dir, server) = server();
    let ana = Client::sign_up(&server.url, "ana");
    let me = ana.get("/api/account");
    assert_eq!(me.status, 200);
    assert_eq!(me.json["username"], "ana");
    assert_eq!(me.json["bot"], false);
    assert_eq!(me.json["ratings"]["2"]["provisional"], true);

    let cookie = ana.get("/api/account");
    assert_eq!(cookie.status, 200);
    // The cookie of the sign-up.
    let other = Client::new(&server.url);
    let signup = other.post(
        "/api/account",
        &json!({"username": "Bo_1", "password": "12345678"}),
    );
    let set_cookie = signup
        .headers
        .get("set-cookie")
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        set_cookie.contains("HttpOnly") && set_cookie.contains("SameSite=Lax"),
        "{set_cookie}"
    );
    assert!(!set_cookie.contains("Secure"), "no Secure over http");

    // Names are unique ignoring case; bad names and passwords are refused.
    let dup = Client::new(&server.url).post(
        "/api/account",
        &json!({"username": "ANA", "password": "12345678"}),
    );
    assert_eq!(dup.status, 409, "{dup:?}");
    for (name, password) in [
        ("a", "12345678"),
        ("<b>x</b>", "12345678"),
        ("ana lo", "12345678"),
        ("okname", "short"),
    ] {
        let bad = Client::new(&server.url).post(
            "/api/account",
            &json!({"username": name, "password": password}),
        );
        assert_eq!(bad.status, 400, "{name} {password}: {bad:?}");
        assert!(bad.json["error"].is_string());
    }

    // Signing out ends the session.
    assert_eq!(ana.delete("/api/session").status, 204);
    assert_eq!(ana.get("/api/account").status, 401);
    let wrong = ana.sign_in("ana", "nope-nope");
    assert_eq!(wrong.status, 401);
    let right = ana.sign_in("Ana", "password-of-ana");
    assert_eq!(right.status, 200, "{right:?}");
    assert_eq!(ana.get("/api/account").json["username"], "ana");

    // Tokens: made from credentials, used as Bearer, revoked.
    let token = Client::new(&server.url).post(
        "/api/token",
        &json!({"username": "ana", "password": "password-of-ana"}),
    );
    assert_eq!(token.status, 201);
    let mut program = Client::new(&server.url);
    program.origin = None;
    program.token = Some(token.json["token"].as_str().unwrap().to_string());
    assert_eq!(program.token.as_ref().unwrap().len(), 43);
    assert_eq!(program.get("/api/account").json["username"], "ana");
    let created = program.post("/api/games", &json!({"players": 2}));
    assert_eq!(created.status, 201, "a token needs no Origin: {created:?}");
    assert_eq!(program.delete("/api/token").status, 204);
    assert_eq!(program.get("/api/account").status, 401);
    assert_eq!(
        program.post("/api/games", &json!({"players": 2})).status,
        401
    );

    // The token is stored only as a hash.
    drop(server);
}

#[test]
fn a_two_player_game_refereed_streamed_and_recorded() {
    let (_dir, server) = server();
    let ana = Client::sign_up(&server.url, "ana");
    let bo = Client::sign_up(&server.url, "bo");
    let cy = Client::sign_up(&server.url, "cy");
    let created = ana.post(
        "/api/games",
        &json!({"players": 2, "clock": {"initial": 300, "increment": 5}}),
    );
    assert_eq!(created.status, 201);
    let id = created.json["id"].as_str().unwrap().to_string();
    assert_eq!(created.json["status"], "open");
    assert_eq!(created.json["players"][0]["username"], "ana");
    assert_eq!(created.json["players"][0]["seat"], "K");
    assert_eq!(created.json["players"][0]["colour"], "Black");
    // Before the last seat fills no seat is to move: the contract's 409.
    let too_early = ana.play(&id, "e1-e2", None);
    assert_eq!(too_early.status, 409, "{too_early:?}");
    assert_eq!(too_early.json["error"], "not your turn");
    assert_eq!(
        too_early.json["message"],
        "the game has not started: it waits for its seats to fill"
    );
    let lobby = cy.get("/api/games?status=open");
    assert!(
        lobby.json["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id.as_str())
    );

    let watcher = Client::new(&server.url);
    let stream = watcher.stream(&format!("/api/games/{id}/stream"));
    let first = stream.next_json(10).unwrap();
    assert_eq!(first["id"], id.as_str());

    let joined = bo.post(&format!("/api/games/{id}/join"), &json!({"seat": "R"}));
    assert_eq!(joined.status, 200, "{joined:?}");
    assert_eq!(joined.json["status"], "playing");
    assert_eq!(joined.json["to_move"], "K");
    assert_eq!(joined.json["clocks"]["R"], 300_000);
    let join = stream.next_json(10).unwrap();
    assert_eq!(join["type"], "join");
    assert_eq!(join["username"], "bo");

    // Refusals: out of turn, a third user, syntax, an illegal move.
    let out_of_turn = bo.play(&id, "e9-e8", None);
    assert_eq!(out_of_turn.status, 409);
    assert_eq!(out_of_turn.json["error"], "not your turn");
    assert_eq!(cy.play(&id, "e1-e2", None).status, 403);
    let syntax = ana.play(&id, "zz9", None);
    assert_eq!(syntax.status, 400);
    assert_eq!(syntax.json["error"], "syntax");
    let illegal = ana.play(&id, "e1-e5", None);
    assert_eq!(illegal.status, 400, "{illegal:?}");
    assert_eq!(illegal.json["error"], "illegal");
    assert!(illegal.json["rule"].as_str().unwrap().starts_with('R'));
    assert!(
        illegal.json["allowed"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == "e1-e2")
    );
    // The referee's words are pacru check's.
    let record = "[Players \"KR\"]\n[Result \"*\"]\n\n1. e1-e5 *\n";
    let check = common::pacru_with_input(&["check", "--format", "json", "-"], record.as_bytes());
    let verdict: Value = serde_json::from_str(check.stdout.trim()).unwrap();
    assert_eq!(verdict["error"]["rule"], illegal.json["rule"]);
    assert_eq!(verdict["error"]["message"], illegal.json["message"]);

    // Moves, with the stale check.
    let moved = ana.play(&id, "e1-e2", Some(1));
    assert_eq!(moved.status, 200, "{moved:?}");
    assert_eq!(moved.json["moves"], json!(["e1-e2"]));
    assert_eq!(moved.json["to_move"], "R");
    let again = ana.play(&id, "e1-e2", Some(1));
    assert_eq!(again.status, 409);
    assert_eq!(again.json["error"], "stale");
    let line = stream.next_json(10).unwrap();
    assert_eq!(line["type"], "move");
    assert_eq!(line["ply"], 1);
    assert_eq!(line["move"], "e1-e2");
    assert_eq!(line["ppn"], moved.json["ppn"]);
    assert_eq!(bo.play(&id, "e9-e8", Some(2)).status, 200);
    assert_eq!(stream.next_json(10).unwrap()["move"], "e9-e8");

    // Resigning ends a 2-player game; the stream says so and closes.
    let resigned = ana.post(&format!("/api/games/{id}/resign"), &json!({}));
    assert_eq!(resigned.status, 200);
    assert_eq!(resigned.json["status"], "finished");
    assert_eq!(resigned.json["winner"], "Red");
    assert_eq!(resigned.json["result"], "Red");
    assert_eq!(resigned.json["termination"], "resignation");
    assert_eq!(stream.next_json(10).unwrap()["move"], "resign");
    let end = stream.next_json(10).unwrap();
    assert_eq!(end["type"], "end");
    assert_eq!(end["winner"], "Red");
    assert!(stream.ended(10));
    assert_eq!(bo.play(&id, "e8-e7", None).json["error"], "game over");

    let verdict = check_record(&server, &id);
    assert_eq!(verdict["result"], "Red");
    let record = Client::new(&server.url)
        .get(&format!("/api/games/{id}/pgr"))
        .text;
    for tag in [
        "[Event ",
        "[Site ",
        "[Date ",
        "[Round ",
        "[Black \"ana\"]",
        "[Red \"bo\"]",
        "[Players \"KR\"]",
        "[Rules \"2004\"]",
        "[TimeControl \"300+5\"]",
        "[Result \"Red\"]",
        "[Termination \"resignation\"]",
    ] {
        assert!(record.contains(tag), "{tag} in\n{record}");
    }
    let export = Client::new(&server.url).get("/api/games/export?player=bo");
    assert_eq!(export.text, record);
    let finished = Client::new(&server.url).get("/api/games?status=finished&player=ana");
    assert_eq!(finished.json["games"][0]["id"], id.as_str());
}

/// `before=ID` pages back from game ID; an ID that names no game is a 404,
/// not the first page again (a client paging on would never stop).
#[test]
fn the_game_list_pages_back_from_a_game_that_exists() {
    let (_dir, server) = server();
    let ana = Client::sign_up(&server.url, "ana");
    let ids: Vec<String> = (0..3)
        .map(|_| {
            let game = ana.post("/api/games", &json!({"players": 2}));
            assert_eq!(game.status, 201, "{game:?}");
            game.json["id"].as_str().unwrap().to_string()
        })
        .collect();
    let listed = |path: &str| -> Vec<String> {
        let answer = ana.get(path);
        assert_eq!(answer.status, 200, "{path}: {answer:?}");
        answer.json["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_string())
            .collect()
    };
    let newest_first: Vec<String> = ids.iter().rev().cloned().collect();
    assert_eq!(listed("/api/games?player=ana"), newest_first);
    assert_eq!(
        listed(&format!("/api/games?player=ana&before={}", ids[2])),
        newest_first[1..]
    );
    assert_eq!(
        listed(&format!("/api/games?status=open&before={}", ids[0])),
        Vec::<String>::new()
    );
    let unknown = ana.get("/api/games?before=ZZZZZZZZ");
    assert_eq!(unknown.status, 404, "{unknown:?}");
    assert_eq!(unknown.json["error"], "not found");
}

#[test]
fn clocks_run_out_on_the_server() {
    let (_dir, server) = server();
    let ana = Client::sign_up(&server.url, "ana");
    let bo = Client::sign_up(&server.url, "bo");
    let cy = Client::sign_up(&server.url, "cy");
    let clock = Client::new(&server.url);

    // 2 players: the game ends on time with no request from the players.
    let id = two_player_game(&ana, &bo, json!({"initial": 60, "increment": 0}));
    assert_eq!(ana.play(&id, "e1-e2", Some(1)).status, 200);
    let stream = clock.stream(&format!("/api/games/{id}/stream"));
    stream.next_json(10).unwrap();
    assert_eq!(
        clock
            .post("/api/test/clock", &json!({"advance_ms": 61_000}))
            .status,
        200
    );
    let end = stream.next_json(10).unwrap();
    assert_eq!(end["type"], "end", "{end}");
    assert_eq!(end["termination"], "time");
    assert_eq!(end["winner"], "Black");
    let game = clock.get(&format!("/api/games/{id}")).json;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["clocks"]["R"], 0);
    check_record(&server, &id);

    // 3 players: the flagged player leaves and the game goes on.
    let created = ana.post(
        "/api/games",
        &json!({"players": 3, "clock": {"initial": 30, "increment": 1}}),
    );
    let id = created.json["id"].as_str().unwrap().to_string();
    assert_eq!(
        bo.post(&format!("/api/games/{id}/join"), &json!({})).status,
        200
    );
    assert_eq!(
        cy.post(&format!("/api/games/{id}/join"), &json!({})).status,
        200
    );
    assert_eq!(
        clock
            .post("/api/test/clock", &json!({"advance_ms": 31_000}))
            .status,
        200
    );
    let game = clock.get(&format!("/api/games/{id}")).json;
    assert_eq!(game["status"], "playing", "{game}");
    assert_eq!(game["moves"], json!(["resign"]));
    assert_eq!(game["to_move"], "R");
    assert_eq!(game["clocks"]["K"], 0);
    // The next player's clock started when the flag fell.
    assert!(game["clocks"]["R"].as_i64().unwrap() > 29_000);
    let moves: Vec<String> =
        serde_json::from_value(bo.get(&format!("/api/games/{id}")).json["moves"].clone()).unwrap();
    assert_eq!(moves.len(), 1);
    check_record(&server, &id);

    // Correspondence: a day a move; the deadline passes on the test clock.
    let id = two_player_game(&ana, &bo, json!({"days": 1}));
    assert_eq!(
        clock
            .post("/api/test/clock", &json!({"advance_ms": 23 * 3_600_000}))
            .status,
        200
    );
    assert_eq!(
        clock.get(&format!("/api/games/{id}")).json["status"],
        "playing"
    );
    assert_eq!(ana.play(&id, "e1-e2", None).status, 200);
    assert_eq!(
        clock
            .post("/api/test/clock", &json!({"advance_ms": 23 * 3_600_000}))
            .status,
        200
    );
    assert_eq!(
        bo.play(&id, "e9-e8", None).status,
        200,
        "a new day for each move"
    );
    assert_eq!(
        clock
            .post("/api/test/clock", &json!({"advance_ms": 25 * 3_600_000}))
            .status,
        200
    );
    let game = clock.get(&format!("/api/games/{id}")).json;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["termination"], "time");
    assert_eq!(game["winner"], "Red");
    check_record(&server, &id);
}

#[test]
fn refused_requests_change_nothing() {
    let (_dir, server) = server();
    let ana = Client::sign_up(&server.url, "ana");
    let bo = Client::sign_up(&server.url, "bo");
    let id = two_player_game(&ana, &bo, Value::Null);
    let before = ana.get(&format!("/api/games/{id}")).json;

    // A cross-site POST with the cookie.
    let mut forged = Client::new(&server.url);
    forged.origin = Some("http://evil.example".into());
    let signed_in = forged.sign_in("ana", "password-of-ana");
    assert_eq!(signed_in.status, 403, "no sign-in from another site");
    let mut evil = Client::sign_up(&server.url, "eve");
    let eve_game = evil.post("/api/games", &json!({"players": 2}));
    assert_eq!(eve_game.status, 201);
    evil.origin = Some("http://evil.example".into());
    let cross = evil.post("/api/games", &json!({"players": 2}));
    assert_eq!(cross.status, 403, "{cross:?}");
    evil.origin = None;
    assert_eq!(
        evil.post("/api/games", &json!({"players": 2})).status,
        403,
        "no Origin, no Referer"
    );

    // Oversized and malformed bodies, long moves, unknown routes.
    let big = ana.post_bytes("/api/games", vec![b' '; 65 * 1024]);
    assert_eq!(big.status, 413, "{big:?}");
    assert_eq!(big.json["error"], "too large");
    let long_move = ana.play(&id, &"e1-e2".repeat(20), None);
    assert_eq!(long_move.status, 400);
    let malformed = ana.post_bytes("/api/games", b"{\"players\": ".to_vec());
    assert_eq!(malformed.status, 400);
    assert!(malformed.json["message"].is_string());
    let wrong_type = ana.post("/api/games", &json!({"players": "two"}));
    assert_eq!(wrong_type.status, 400);
    for path in [
        "/api/nothing",
        "/api/games/XXXXXXXX",
        "/api/games/../../etc/passwd",
        "/api/games/%2e%2e%2fx",
        "/api/users/nobody",
    ] {
        let answer = ana.get(path);
        assert_eq!(answer.status, 404, "{path}: {answer:?}");
        assert_eq!(answer.json["error"], "not found", "{path}");
    }
    assert_eq!(ana.delete("/api/games").status, 405);

    // A forged token.
    let mut forger = Client::new(&server.url);
    forger.token = Some("A".repeat(43));
    assert_eq!(forger.play(&id, "e1-e2", None).status, 401);

    // Wrong passwords: 10 a minute, then 429 with Retry-After, even with the
    // right password.
    let guesser = Client::new(&server.url);
    for _ in 0..10 {
        let answer = guesser.sign_in("bo", "guess-guess");
        assert_eq!(answer.status, 401);
    }
    let locked = guesser.sign_in("bo", "password-of-bo");
    assert_eq!(locked.status, 429);
    let retry: u64 = locked
        .headers
        .get("retry-after")
        .unwrap()
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry));

    let after = ana.get(&format!("/api/games/{id}")).json;
    assert_eq!(before["moves"], after["moves"]);
    assert_eq!(before["status"], after["status"]);
    let games = Client::new(&server.url).get("/api/games?player=eve").json;
    assert_eq!(
        games["games"].as_array().unwrap().len(),
        1,
        "only the same-site game of eve"
    );
}

#[test]
fn the_websocket_of_a_game_over_closes_after_the_game() {
    let (_dir, server) = server();
    let ana = Client::sign_up(&server.url, "ana");
    let bo = Client::sign_up(&server.url, "bo");
    let id = two_player_game(&ana, &bo, Value::Null);
    assert_eq!(ana.play(&id, "e1-e2", Some(1)).status, 200);
    assert_eq!(
        bo.post(&format!("/api/games/{id}/resign"), &json!({}))
            .status,
        200
    );
    // The NDJSON stream: the game, then its end.
    let stream = Client::new(&server.url).stream(&format!("/api/games/{id}/stream"));
    assert_eq!(stream.next_json(10).unwrap()["status"], "finished");
    assert!(stream.ended(5), "the stream ends");
    // The WebSocket: the game, then the server's close, not a ping 7 s later.
    let address = server.url.trim_start_matches("http://");
    let tcp = std::net::TcpStream::connect(address).unwrap();
    tcp.set_read_timeout(Some(std::time::Duration::from_secs(5)))
        .unwrap();
    let (mut socket, _) = tungstenite::client(format!("ws://{address}/ws/games/{id}"), tcp)
        .expect("the WebSocket opens");
    let first = socket.read().unwrap();
    let game: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
    assert_eq!(game["status"], "finished");
    let next = socket.read();
    assert!(
        matches!(next, Ok(tungstenite::Message::Close(_))),
        "{next:?}"
    );
}

#[test]
fn games_survive_a_restart_and_sigterm_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let server = ServerProcess::start(&db, &[]);
    let ana = Client::sign_up(&server.url, "ana");
    let bo = Client::sign_up(&server.url, "bo");
    let id = two_player_game(&ana, &bo, json!({"initial": 600, "increment": 0}));
    assert_eq!(ana.play(&id, "e1-e2", Some(1)).status, 200);
    let status = server.stop();
    assert!(status.success(), "{status:?}");

    let server = ServerProcess::start(&db, &[]);
    let ana2 = Client::new(&server.url);
    assert_eq!(ana2.sign_in("ana", "password-of-ana").status, 200);
    let game = ana2.get(&format!("/api/games/{id}")).json;
    assert_eq!(game["moves"], json!(["e1-e2"]));
    assert_eq!(game["status"], "playing");
    let bo2 = Client::new(&server.url);
    assert_eq!(bo2.sign_in("bo", "password-of-bo").status, 200);
    assert_eq!(bo2.play(&id, "e9-e8", Some(2)).status, 200);
    server.kill();
}

/// `pacru serve` on `db`, for a database it must refuse (it exits at once).
fn serve_once(db: &std::path::Path) -> common::Run {
    common::pacru(&[
        "serve",
        "--db",
        db.to_str().unwrap(),
        "--listen",
        "127.0.0.1:0",
    ])
}

#[test]
fn a_database_of_another_program_or_a_newer_schema_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let foreign = dir.path().join("foreign.db");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE accounts (x);")
        .unwrap();
    let run = serve_once(&foreign);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stderr.contains("not a pacru server database"),
        "{}",
        run.stderr
    );

    let db = dir.path().join("server.db");
    let server = ServerProcess::start(&db, &[]);
    assert!(server.stop().success());
    rusqlite::Connection::open(&db)
        .unwrap()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    let run = serve_once(&db);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(run.stderr.contains("newer"), "{}", run.stderr);
}

/// The pages (`docs/server-pages.md`): each with a Content-Security-Policy, the
/// board carrying the game for its script, names and paths shown escaped.
#[test]
fn pages_carry_their_policy_and_escape_what_they_show() {
    let (_dir, server) = server();
    let ana = Client::sign_up(&server.url, "ana");
    let bo = Client::sign_up(&server.url, "bo");
    let id = two_player_game(&ana, &bo, json!({"initial": 300, "increment": 5}));
    let watcher = Client::new(&server.url);
    let policy = |answer: &common::server::Answer| {
        answer
            .headers
            .get("content-security-policy")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };

    let lobby = ana.get("/");
    assert_eq!(lobby.status, 200);
    assert!(policy(&lobby).contains("script-src 'self'"), "{lobby:?}");
    assert!(lobby.text.contains(r#"id="signed-in" data-username="ana""#));
    assert!(lobby.text.contains(&format!(r#"<tr data-game="{id}">"#)));
    assert!(
        lobby
            .text
            .contains(&format!(r#"<a class="play" href="/games/{id}">"#))
    );
    let anonymous = watcher.get("/");
    assert!(anonymous.text.contains(r#"id="sign-up-form""#));
    assert!(
        anonymous
            .text
            .contains(&format!(r#"<a class="watch" href="/games/{id}">"#))
    );

    let board = watcher.get(&format!("/games/{id}"));
    assert_eq!(board.status, 200);
    let board_policy = policy(&board);
    assert!(
        board_policy.contains("connect-src 'self'"),
        "{board_policy}"
    );
    assert!(
        board_policy.contains("'wasm-unsafe-eval'"),
        "{board_policy}"
    );
    assert!(
        board
            .text
            .contains(r#"<script type="application/json" id="server-game">"#)
    );
    assert!(board.text.contains(r#""viewer":null"#));
    assert!(board.text.contains(r#""username":"bo""#));

    let profile = watcher.get("/@/ana");
    assert_eq!(profile.status, 200);
    assert!(!policy(&profile).is_empty());
    assert!(profile.text.contains(&format!(r#"<tr data-game="{id}">"#)));

    for path in [
        "/@/%3Cimg%20src%3Dx%3E",
        "/games/%3Cimg%20src%3Dx%3E",
        "/games/ABCDEFGH",
    ] {
        let missing = watcher.get(path);
        assert_eq!(missing.status, 404, "{path}");
        assert!(!policy(&missing).is_empty(), "{path}");
        assert!(!missing.text.contains("<img"), "{path}: {}", missing.text);
    }
    assert!(
        watcher
            .get("/@/%3Cimg%20src%3Dx%3E")
            .text
            .contains("&lt;img src=x&gt;")
    );
    // Answers that are no page carry the strictest policy: a browser that
    // opens one runs and loads nothing.
    for path in [
        "/nothing-here",
        "/api/nothing-here",
        "/api/games/ABCDEFGH",
        "/api/games",
    ] {
        let answer = watcher.get(path);
        assert_eq!(
            policy(&answer),
            "default-src 'none'; frame-ancestors 'none'",
            "{path}: {answer:?}"
        );
        assert_eq!(
            answer.headers["x-content-type-options"], "nosniff",
            "{path}"
        );
    }
    let script = watcher.get("/assets/site.js");
    assert_eq!(script.status, 200);
    assert!(
        script.headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/javascript")
    );
}

/// The record of a game given up before its seats filled has a name tag per
/// seat, as every record of the server: `?` (unknown, as PGN writes it) for the
/// seats nobody took.
#[test]
fn the_record_of_a_game_given_up_before_it_filled_names_every_seat() {
    let (_dir, server) = server();
    let ana = Client::sign_up(&server.url, "ana");
    let bo = Client::sign_up(&server.url, "bo");
    let created = ana.post(
        "/api/games",
        &json!({"players": 3, "rules": "2004", "clock": null, "rated": false}),
    );
    assert_eq!(created.status, 201, "{created:?}");
    let id = created.json["id"].as_str().unwrap().to_string();
    let joined = bo.post(&format!("/api/games/{id}/join"), &json!({"seat": "Y"}));
    assert_eq!(joined.status, 200, "{joined:?}");
    let aborted = ana.post(&format!("/api/games/{id}/abort"), &json!({}));
    assert_eq!(aborted.status, 200, "{aborted:?}");
    assert_eq!(aborted.json["status"], "aborted");

    let record = Client::new(&server.url)
        .get(&format!("/api/games/{id}/pgr"))
        .text;
    for tag in [
        "[Black \"ana\"]",
        "[Red \"?\"]",
        "[Yellow \"bo\"]",
        "[Players \"KRY\"]",
        "[Result \"*\"]",
        "[Termination \"abandoned\"]",
    ] {
        assert!(record.contains(tag), "{tag} in\n{record}");
    }
    let run = common::pacru_with_input(&["check", "--format", "json", "-"], record.as_bytes());
    let verdict: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(verdict["status"], "ok", "{record}\n{verdict}");
    let fmt = common::pacru_with_input(&["fmt", "--check", "-"], record.as_bytes());
    assert_eq!(fmt.code, 0, "the record is canonical: {}", fmt.stderr);
}

/// A WebSocket message is answered as the POST is: a socket that may not move
/// (nobody signed in) is told 401 whatever it sends, as the POST asks who
/// moves before it reads the move; a binary message from a seated player is a
/// 400, not passed over in silence.
#[test]
fn the_websocket_answers_who_may_move_first_and_every_message() {
    let (_dir, server) = server();
    let ana = Client::sign_up(&server.url, "ana");
    let bo = Client::sign_up(&server.url, "bo");
    let id = two_player_game(&ana, &bo, Value::Null);
    let address = server.url.trim_start_matches("http://");
    let open = |token: Option<&str>| {
        let tcp = std::net::TcpStream::connect(address).unwrap();
        tcp.set_read_timeout(Some(std::time::Duration::from_secs(10)))
            .unwrap();
        let mut request = tungstenite::client::IntoClientRequest::into_client_request(format!(
            "ws://{address}/ws/games/{id}"
        ))
        .unwrap();
        if let Some(token) = token {
            request
                .headers_mut()
                .insert("authorization", format!("Bearer {token}").parse().unwrap());
        }
        let (mut socket, _) = tungstenite::client(request, tcp).expect("the WebSocket opens");
        let first = socket.read().unwrap();
        let game: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
        assert_eq!(game["status"], "playing");
        socket
    };
    let answer = |socket: &mut tungstenite::WebSocket<std::net::TcpStream>,
                  message: tungstenite::Message| {
        socket.send(message).unwrap();
        loop {
            match socket.read().unwrap() {
                tungstenite::Message::Text(text) => {
                    let line: Value = serde_json::from_str(text.as_str()).unwrap();
                    if line["type"] == "answer" {
                        return line;
                    }
                }
                tungstenite::Message::Ping(_) | tungstenite::Message::Pong(_) => {}
                other => panic!("{other:?}"),
            }
        }
    };

    let mut watcher = open(None);
    for message in [
        tungstenite::Message::text("{"),
        tungstenite::Message::text(r#"{"type":"move","move":"e1-e2"}"#),
        tungstenite::Message::binary(b"e1-e2".to_vec()),
    ] {
        let answered = answer(&mut watcher, message.clone());
        assert_eq!(answered["status"], 401, "{message:?}: {answered}");
        assert_eq!(answered["error"], "not signed in", "{answered}");
    }

    let token = ana.post("/api/token", &json!({}));
    assert_eq!(token.status, 201, "{token:?}");
    let mut player = open(token.json["token"].as_str());
    let answered = answer(
        &mut player,
        tungstenite::Message::binary(br#"{"type":"move","move":"e1-e2"}"#.to_vec()),
    );
    assert_eq!(answered["status"], 400, "{answered}");
    assert!(
        answered["message"]
            .as_str()
            .unwrap()
            .contains("a move is a text message"),
        "{answered}"
    );
    let answered = answer(
        &mut player,
        tungstenite::Message::text(r#"{"type":"move","move":"e1-e2","ply":1}"#),
    );
    assert_eq!(answered["status"], 200, "{answered}");
    assert_eq!(answered["game"]["moves"], json!(["e1-e2"]));
}
