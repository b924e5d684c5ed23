//! `pacru serve` as a real process: refusals that must be the API's JSON and
//! change nothing, on every route (bodies over the limit where the handler
//! reads no body, paths that do not read, WebSocket requests), and the
//! answers that must be the same in every interface (`pass`, a cross-site
//! move over the WebSocket, one `gameFinish` a game).

use crate::common;

use crate::common::server::{Client, ServerProcess};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;
use tempfile::TempDir;
use tungstenite::client::IntoClientRequest;

/// A server with two players, ana and bo, signed in.
struct Club {
    _dir: TempDir,
    server: ServerProcess,
    ana: Client,
    bo: Client,
}

fn club() -> Club {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let ana = Client::sign_up(&server.url, "ana");
    let bo = Client::sign_up(&server.url, "bo");
    Club {
        _dir: dir,
        server,
        ana,
        bo,
    }
}

/// A 2-player game created by `a` (inviting `invite` when given) and joined by `b`.
fn two_player_game(a: &Client, b: &Client, invite: Option<&str>) -> String {
    let mut body = json!({"players": 2, "rules": "2004", "clock": null, "rated": false});
    if let Some(name) = invite {
        body["invite"] = json!([name]);
    }
    let created = a.post("/api/games", &body);
    assert_eq!(created.status, 201, "{created:?}");
    let id = created.json["id"].as_str().unwrap().to_string();
    let joined = b.post(&format!("/api/games/{id}/join"), &json!({}));
    assert_eq!(joined.status, 200, "{joined:?}");
    id
}

/// One HTTP/1.1 request written by hand on a fresh connection: the status and
/// the body of the answer.
fn raw_request(url: &str, head: &str, body: &[u8]) -> (u16, String) {
    let addr = url.trim_start_matches("http://");
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    // The server may answer (and close) before it has read all of a body it
    // refuses; what it says is what counts.
    let _ = stream.write_all(body);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"));
    let body = text
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

/// The session cookie (`name=value`) of `username` signed in anew.
fn session_cookie(url: &str, username: &str) -> String {
    let answer = Client::new(url).sign_in(username, &format!("password-of-{username}"));
    assert_eq!(answer.status, 200, "{answer:?}");
    let set_cookie = answer.headers["set-cookie"].to_str().unwrap();
    set_cookie.split(';').next().unwrap().to_string()
}

#[test]
fn a_body_over_the_limit_is_refused_where_the_handler_reads_none() {
    let Club {
        server, ana, bo, ..
    } = &club();
    let id = two_player_game(ana, bo, None);
    let big = vec![b'x'; 200_000];
    for (client, path) in [
        (&ana, format!("/api/games/{id}/move/e1-e2")),
        (&bo, format!("/api/games/{id}/resign")),
        (&ana, format!("/api/games/{id}/abort")),
        (&ana, "/api/games".to_string()),
    ] {
        let answer = client.post_bytes(&path, big.clone());
        assert_eq!(answer.status, 413, "{path}: {answer:?}");
        assert_eq!(answer.json["error"], "too large", "{path}");
    }
    let game = ana.get(&format!("/api/games/{id}")).json;
    assert_eq!(game["status"], "playing", "{game}");
    assert_eq!(game["moves"], json!([]), "{game}");

    // Without a length: a chunked body is counted as it comes.
    let token = ana.post("/api/token", &json!({})).json["token"]
        .as_str()
        .unwrap()
        .to_string();
    let mut chunked = Vec::new();
    for _ in 0..5 {
        chunked.extend_from_slice(format!("{:x}\r\n", 20_000).as_bytes());
        chunked.extend_from_slice(&[b'x'; 20_000]);
        chunked.extend_from_slice(b"\r\n");
    }
    chunked.extend_from_slice(b"0\r\n\r\n");
    let head = format!(
        "POST /api/games/{id}/move/e1-e2 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n\
         Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    );
    let (status, body) = raw_request(&server.url, &head, &chunked);
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("\"error\":\"too large\""), "{body}");
    assert_eq!(
        ana.get(&format!("/api/games/{id}")).json["moves"],
        json!([])
    );

    // Exactly the limit is a body like any other.
    let answer = ana.post_bytes(&format!("/api/games/{id}/move/e1-e2"), vec![b' '; 65_536]);
    assert_eq!(answer.status, 200, "{answer:?}");
    // Sign-out with a body over the limit signs nobody out.
    let answer = bo.delete_bytes("/api/session", big);
    assert_eq!(answer.status, 413, "{answer:?}");
    assert_eq!(bo.get("/api/account").status, 200);
}

#[test]
fn a_path_or_a_websocket_request_that_does_not_read_is_refused_as_json() {
    let Club {
        server, ana, bo, ..
    } = &club();
    let id = two_player_game(ana, bo, None);
    for path in [
        "/api/games/%FF".to_string(),
        "/api/games/%FF/stream".to_string(),
        "/api/games/%FF/pgr".to_string(),
        "/api/users/%FF".to_string(),
        "/api/events/%FF".to_string(),
        "/api/ratings/%FF".to_string(),
        "/games/%FF".to_string(),
        format!("/ws/games/{id}"),
    ] {
        let answer = ana.get(&path);
        assert_eq!(answer.status, 400, "{path}: {answer:?}");
        assert_eq!(answer.json["error"], "bad request", "{path}: {answer:?}");
        assert!(answer.json["message"].is_string(), "{path}: {answer:?}");
    }
    let answer = ana.play(&id, "\u{ff}", None);
    assert_eq!(answer.status, 400, "{answer:?}");
    assert!(answer.json["error"].is_string(), "{answer:?}");
    let head = format!(
        "GET /ws/games/{id} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 12\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nConnection: close\r\n\r\n"
    );
    let (status, body) = raw_request(&server.url, &head, b"");
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("\"error\":\"bad request\""), "{body}");
}

type Socket = tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>>;

/// The WebSocket of game `id` opened with `headers`, its first message (the
/// game) read.
fn open_socket(url: &str, id: &str, headers: &[(&'static str, &str)]) -> Socket {
    let ws_url = format!("{}/ws/games/{id}", url.replacen("http://", "ws://", 1));
    let mut request = ws_url.into_client_request().unwrap();
    for (name, value) in headers {
        request.headers_mut().insert(*name, value.parse().unwrap());
    }
    let (mut socket, _) = tungstenite::connect(request).expect("the WebSocket opens");
    let first = socket.read().unwrap();
    let game: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
    assert_eq!(game["id"], id);
    socket
}

/// Sends the move `mv` as ply `ply` on `socket`: the answer.
fn socket_answer(socket: &mut Socket, mv: &str, ply: usize) -> Value {
    socket
        .send(tungstenite::Message::text(
            json!({"type": "move", "move": mv, "ply": ply}).to_string(),
        ))
        .unwrap();
    loop {
        let message = socket.read().unwrap();
        if let tungstenite::Message::Text(text) = message {
            let value: Value = serde_json::from_str(text.as_str()).unwrap();
            if value["type"] == "answer" {
                return value;
            }
        }
    }
}

/// A move sent over the game's WebSocket with `cookie` and `origin`: the answer.
fn socket_move(url: &str, id: &str, cookie: Option<&str>, origin: Option<&str>, mv: &str) -> Value {
    let mut headers = Vec::new();
    if let Some(cookie) = cookie {
        headers.push(("Cookie", cookie));
    }
    if let Some(origin) = origin {
        headers.push(("Origin", origin));
    }
    let mut socket = open_socket(url, id, &headers);
    let answer = socket_answer(&mut socket, mv, 1);
    let _ = socket.close(None);
    answer
}

#[test]
fn a_websocket_move_is_answered_as_its_post_is() {
    let Club {
        server, ana, bo, ..
    } = &club();
    let id = two_player_game(ana, bo, None);
    let cookie = session_cookie(&server.url, "ana");
    let path = format!("/api/games/{id}/move/e1-e2");

    // With the cookie from another site, or with no Origin: 403 both ways.
    for origin in [Some("http://evil.example"), None] {
        let mut post = Client::new(&server.url);
        assert_eq!(post.sign_in("ana", "password-of-ana").status, 200);
        post.origin = origin.map(str::to_string);
        let by_post = post.post(&path, &Value::Null);
        let by_socket = socket_move(&server.url, &id, Some(&cookie), origin, "e1-e2");
        assert_eq!(by_post.status, 403, "{by_post:?}");
        assert_eq!(by_socket["status"], 403, "{by_socket}");
        assert_eq!(by_socket["error"], by_post.json["error"]);
        assert_eq!(by_socket["message"], by_post.json["message"]);
    }
    // Signed out: 401 both ways.
    let by_post = Client::new(&server.url).post(&path, &Value::Null);
    let by_socket = socket_move(&server.url, &id, None, Some(&server.url), "e1-e2");
    assert_eq!(by_post.status, 401);
    assert_eq!(by_socket["status"], 401, "{by_socket}");
    assert_eq!(by_socket["error"], by_post.json["error"]);
    assert_eq!(
        ana.get(&format!("/api/games/{id}")).json["moves"],
        json!([])
    );

    // From the server's own page: the move is made.
    let made = socket_move(&server.url, &id, Some(&cookie), Some(&server.url), "e1-e2");
    assert_eq!(made["status"], 200, "{made}");
    assert_eq!(made["game"]["moves"], json!(["e1-e2"]));
}

/// A WebSocket opened with a session or a token moves for its player only
/// while they stand: once the session is signed out or the token revoked, a
/// move on it is refused (401) as its POST is, and nothing is played (the
/// socket moved on for the account before).
#[test]
fn a_websocket_moves_no_more_once_its_session_ends_or_its_token_is_revoked() {
    let Club {
        server, ana, bo, ..
    } = &club();
    let id = two_player_game(ana, bo, None);
    let url = server.url.as_str();

    // ana's socket, opened with a session that then signs out.
    let cookie = session_cookie(url, "ana");
    let mut socket = open_socket(url, &id, &[("Cookie", &cookie), ("Origin", url)]);
    let host = url.trim_start_matches("http://");
    let head = format!(
        "DELETE /api/session HTTP/1.1\r\nHost: {host}\r\nCookie: {cookie}\r\nOrigin: {url}\r\n\
         Connection: close\r\n\r\n"
    );
    assert_eq!(raw_request(url, &head, b"").0, 204, "signed out");
    let by_socket = socket_answer(&mut socket, "e1-e2", 1);
    assert_eq!(by_socket["status"], 401, "{by_socket}");
    assert_eq!(by_socket["error"], "not signed in", "{by_socket}");
    assert_eq!(
        ana.get(&format!("/api/games/{id}")).json["moves"],
        json!([])
    );
    assert_eq!(ana.play(&id, "e1-e2", Some(1)).status, 200);

    // bo's socket, opened with a token that is then revoked.
    let token = bo.post("/api/token", &json!({})).json["token"]
        .as_str()
        .unwrap()
        .to_string();
    let bearer = format!("Bearer {token}");
    let mut socket = open_socket(url, &id, &[("Authorization", &bearer)]);
    let mut program = Client::new(url);
    program.origin = None;
    program.token = Some(token);
    assert_eq!(program.delete("/api/token").status, 204, "revoked");
    let by_post = program.play(&id, "e9-e8", Some(2));
    let by_socket = socket_answer(&mut socket, "e9-e8", 2);
    assert_eq!(by_post.status, 401, "{by_post:?}");
    assert_eq!(by_socket["status"], 401, "{by_socket}");
    assert_eq!(by_socket["error"], by_post.json["error"]);
    assert_eq!(
        ana.get(&format!("/api/games/{id}")).json["moves"],
        json!(["e1-e2"])
    );
    // A socket whose token stands still moves.
    let token = bo.post("/api/token", &json!({})).json["token"]
        .as_str()
        .unwrap()
        .to_string();
    let bearer = format!("Bearer {token}");
    let mut socket = open_socket(url, &id, &[("Authorization", &bearer)]);
    let made = socket_answer(&mut socket, "e9-e8", 2);
    assert_eq!(made["status"], 200, "{made}");
}

/// An invitation is announced on connecting to the event stream however many
/// open games the lobby holds: only the 1,000 newest open games were looked
/// through, so 1,000 games opened after it hid it from a bot that connects.
#[test]
fn every_open_invitation_is_announced_on_connecting() {
    let Club {
        server, ana, bo, ..
    } = &club();
    let invitation = ana.post(
        "/api/games",
        &json!({"players": 2, "clock": null, "invite": ["bo"]}),
    );
    assert_eq!(invitation.status, 201, "{invitation:?}");
    // 100 unfinished games an account at most: ten accounts open them.
    for i in 0..10 {
        let opener = Client::sign_up(&server.url, &format!("opener{i}"));
        for _ in 0..100 {
            assert_eq!(
                opener.post("/api/games", &json!({"players": 2})).status,
                201
            );
        }
    }
    let events = bo.stream("/api/stream/event");
    let challenge = events.next_json(30).expect("the challenge");
    assert_eq!(challenge["type"], "challenge", "{challenge}");
    assert_eq!(challenge["game"]["id"], invitation.json["id"]);
}

#[test]
fn pass_from_the_player_to_move_is_illegal_under_r2_as_the_referee_says() {
    let Club { ana, bo, .. } = &club();
    let id = two_player_game(ana, bo, None);
    let checked = common::pacru_with_input(
        &["check", "--format", "json", "-"],
        b"[Result \"*\"]\n\n1. pass *\n",
    );
    let verdict: Value = serde_json::from_str(checked.stdout.trim()).unwrap();
    assert_eq!(verdict["error"]["rule"], "R2", "{verdict}");
    for text in ["pass", "PASS"] {
        let answer = ana.play(&id, text, None);
        assert_eq!(answer.status, 400, "{answer:?}");
        assert_eq!(answer.json["error"], "illegal", "{answer:?}");
        assert_eq!(answer.json["rule"], "R2");
        assert_eq!(answer.json["message"], verdict["error"]["message"]);
        assert!(!answer.json["allowed"].as_array().unwrap().is_empty());
    }
    // Out of turn, `pass` is out of turn like any move.
    assert_eq!(bo.play(&id, "pass", None).status, 409);
    assert_eq!(
        ana.get(&format!("/api/games/{id}")).json["moves"],
        json!([])
    );
}

#[test]
fn an_invited_player_hears_of_the_game_finish_once() {
    let Club { ana, bo, .. } = &club();
    let events = bo.stream("/api/stream/event");
    let id = two_player_game(ana, bo, Some("bo"));
    let challenge = events.next_json(30).expect("a challenge");
    assert_eq!(challenge["type"], "challenge", "{challenge}");
    let start = events.next_json(30).expect("a game start");
    assert_eq!(start["type"], "gameStart", "{start}");
    assert_eq!(
        ana.post(&format!("/api/games/{id}/resign"), &json!({}))
            .status,
        200
    );
    let finish = events.next_json(30).expect("a game finish");
    assert_eq!(finish["type"], "gameFinish", "{finish}");
    assert_eq!(finish["game"]["id"], id.as_str());
    // The next event of bo's is the next game's challenge, not the same
    // finish again.
    let created = ana.post(
        "/api/games",
        &json!({"players": 2, "clock": null, "rated": false, "invite": ["bo"]}),
    );
    assert_eq!(created.status, 201);
    let next = events.next_json(30).expect("the next challenge");
    assert_eq!(next["type"], "challenge", "{next}");
    assert_eq!(next["game"]["id"], created.json["id"]);
}

/// Only the invited may join a challenge: one that invites fewer users than
/// it has seats to fill could never start, and is refused as it is made.
#[test]
fn a_challenge_invites_enough_users_to_fill_its_seats() {
    let Club { server, ana, .. } = club();
    let _cy = Client::sign_up(&server.url, "cy");
    let _dee = Client::sign_up(&server.url, "dee");
    let create = |players: u32, invite: &[&str]| {
        ana.post(
            "/api/games",
            &json!({"players": players, "clock": null, "invite": invite}),
        )
    };
    for (players, invite) in [(3, &["bo"][..]), (4, &["bo", "cy"])] {
        let refused = create(players, invite);
        assert_eq!(refused.status, 400, "{players} {invite:?}: {refused:?}");
        assert_eq!(refused.json["error"], "bad request");
        let message = refused.json["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("needs {} invited users", players - 1)),
            "{message}"
        );
    }
    assert_eq!(create(3, &["bo", "cy"]).status, 201);
    assert_eq!(create(2, &["bo"]).status, 201);
    assert_eq!(create(3, &[]).status, 201);
    let too_many = create(2, &["bo", "cy"]);
    assert_eq!(too_many.status, 400, "{too_many:?}");
    assert_eq!(
        too_many.json["message"],
        "invite: a 2-player game has 1 seat to offer, 2 invited"
    );
    let too_many = create(3, &["bo", "cy", "dee"]);
    assert_eq!(too_many.status, 400, "{too_many:?}");
    assert_eq!(
        too_many.json["message"],
        "invite: a 3-player game has 2 seats to offer, 3 invited"
    );
}

/// A challenge that names a user twice (in any case) is refused, naming the
/// user, and opens no game: it is not counted as naming that user once.
#[test]
fn a_challenge_that_names_a_user_twice_is_refused() {
    let Club { server, ana, .. } = club();
    let _cy = Client::sign_up(&server.url, "cy");
    for (players, invite) in [
        (2, &["bo", "bo"][..]),
        (2, &["bo", "BO"]),
        (3, &["bo", "Bo"]),
        (4, &["bo", "cy", "bo"]),
    ] {
        let refused = ana.post(
            "/api/games",
            &json!({"players": players, "clock": null, "invite": invite}),
        );
        assert_eq!(refused.status, 400, "{players} {invite:?}: {refused:?}");
        assert_eq!(refused.json["error"], "bad request");
        let message = refused.json["message"].as_str().unwrap();
        assert!(message.contains("named twice"), "{message}");
    }
    let listed = ana.get("/api/games");
    assert_eq!(listed.json["games"], json!([]), "{listed:?}");
}

/// The peak resident memory of process `pid`, in MiB (Linux's `VmHWM`).
fn peak_memory_mib(pid: u32) -> u64 {
    memory_status_mib(pid, "VmHWM")
}

/// The resident memory of process `pid` now, in MiB (Linux's `VmRSS`).
fn memory_mib(pid: u32) -> u64 {
    memory_status_mib(pid, "VmRSS")
}

/// The amount `field` of `/proc/PID/status` (given in kB there), in MiB.
fn memory_status_mib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|l| {
            l.strip_prefix(field)
                .is_some_and(|rest| rest.starts_with(':'))
        })
        .unwrap_or_else(|| panic!("no {field} in /proc/{pid}/status"));
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib / 1024
}

/// Sends `requests` (whole HTTP/1.1 requests) on as many connections, all but
/// their last byte first, then the last bytes together: the server gets them
/// at once. The statuses of the answers, in order.
fn all_at_once(url: &str, requests: &[Vec<u8>]) -> Vec<u16> {
    let addr = url.trim_start_matches("http://");
    let mut streams: Vec<TcpStream> = requests
        .iter()
        .map(|request| {
            let mut stream = TcpStream::connect(addr).unwrap();
            stream
                .set_read_timeout(Some(Duration::from_secs(120)))
                .unwrap();
            stream.write_all(&request[..request.len() - 1]).unwrap();
            stream
        })
        .collect();
    for (stream, request) in streams.iter_mut().zip(requests) {
        stream.write_all(&request[request.len() - 1..]).unwrap();
    }
    streams
        .iter_mut()
        .map(|stream| {
            let mut answer = Vec::new();
            let _ = stream.read_to_end(&mut answer);
            let text = String::from_utf8_lossy(&answer);
            text.split(' ')
                .nth(1)
                .and_then(|s| s.parse().ok())
                .unwrap_or(0)
        })
        .collect()
}

fn json_post(path: &str, body: &Value) -> Vec<u8> {
    let body = body.to_string();
    format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Password hashes sent together run a few at a time in memory kept for
/// them: 64 sign-ups at once held over a gigabyte before (19 MiB a hash, and
/// the allocator kept most of each).
#[test]
fn sign_ups_sent_together_stay_within_bounded_memory() {
    let club = club();
    let requests: Vec<Vec<u8>> = (0..64)
        .map(|i| {
            json_post(
                "/api/account",
                &json!({"username": format!("user{i}"), "password": "password-1"}),
            )
        })
        .collect();
    let statuses = all_at_once(&club.server.url, &requests);
    assert!(statuses.iter().all(|&s| s == 201), "{statuses:?}");
    let peak = peak_memory_mib(club.server.pid());
    assert!(peak < 400, "the server's memory peaked at {peak} MiB");
}

/// Wrong passwords sent together for one account: ten fail, the others are
/// refused before their password is checked (they all passed the check
/// before, as none had failed yet).
#[test]
fn sign_ins_sent_together_fail_ten_times_at_most() {
    let club = club();
    let requests: Vec<Vec<u8>> = (0..40)
        .map(|i| {
            json_post(
                "/api/session",
                &json!({"username": "ana", "password": format!("wrong-{i}-password")}),
            )
        })
        .collect();
    let statuses = all_at_once(&club.server.url, &requests);
    let failed = statuses.iter().filter(|&&s| s == 401).count();
    let refused = statuses.iter().filter(|&&s| s == 429).count();
    assert_eq!((failed, refused), (10, 30), "{statuses:?}");
    assert_eq!(club.ana.get("/api/account").status, 200, "signed in still");
}

/// A client that sends pings and reads nothing: the pongs it does not read
/// are held up to a bound, not without end (150 MB of pings made the server
/// grow by 150 MiB before).
#[test]
fn a_websocket_that_never_reads_its_pongs_holds_bounded_memory() {
    let club = club();
    let id = two_player_game(&club.ana, &club.bo, None);
    let addr = club.server.url.trim_start_matches("http://");
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_write_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let upgrade = format!(
        "GET /ws/games/{id} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    );
    stream.write_all(upgrade.as_bytes()).unwrap();
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).unwrap();
    assert_eq!(&head, b"HTTP/1.1 101", "the socket opens");
    let before = peak_memory_mib(club.server.pid());
    // A masked ping with 125 bytes of payload (the mask 0: the payload as is).
    let mut ping = vec![0x89, 0x80 | 125, 0, 0, 0, 0];
    ping.extend_from_slice(&[b'p'; 125]);
    let burst: Vec<u8> = ping
        .iter()
        .copied()
        .cycle()
        .take(ping.len() * 8000)
        .collect();
    let mut sent = 0;
    while sent < 150_000_000 {
        if stream.write_all(&burst).is_err() {
            break;
        }
        sent += burst.len();
    }
    let after = peak_memory_mib(club.server.pid());
    assert!(
        after < before + 48,
        "the server's memory grew from {before} to {after} MiB on {sent} bytes of pings"
    );
}

/// Sign-ins with names no account can have (60,000 bytes, a new one each
/// time): the count of failures kept each name whole, 120 MB for these
/// 2,000, and up to 100,000 of them before it forgot any.
#[test]
fn failed_sign_ins_with_huge_names_hold_no_memory() {
    let club = club();
    let pid = club.server.pid();
    let guesser = Client::new(&club.server.url);
    let before = memory_mib(pid);
    for minute in 0..200 {
        for attempt in 0..10 {
            let name = format!("{minute}-{attempt}-{}", "x".repeat(60_000));
            let answer = guesser.post(
                "/api/session",
                &json!({"username": name, "password": "password-1"}),
            );
            assert_eq!(answer.status, 401, "{}", answer.text);
        }
        // The address's ten failures of this minute are spent: the next.
        let advanced = guesser.post("/api/test/clock", &json!({"advance_ms": 61_000}));
        assert_eq!(advanced.status, 200, "{advanced:?}");
    }
    let after = memory_mib(pid);
    assert!(
        after < before + 40,
        "the server's memory grew from {before} to {after} MiB"
    );
    // The account's own count still works: ten failures, then 429.
    for _ in 0..10 {
        assert_eq!(guesser.sign_in("bo", "wrong-password").status, 401);
    }
    assert_eq!(guesser.sign_in("bo", "password-of-bo").status, 429);
}

/// A server on a new database in `dir` that allows `limit` requests a minute
/// per token, session or address (`--rate-limit`).
fn rate_limited_server(dir: &std::path::Path, limit: u32) -> ServerProcess {
    let db = dir.join("server.db");
    let limit = limit.to_string();
    ServerProcess::start_with(
        &db,
        &[
            "serve",
            "--db",
            db.to_str().unwrap(),
            "--listen",
            "127.0.0.1:0",
            "--rate-limit",
            &limit,
        ],
    )
}

/// `Retry-After` (and `retry_after`) is the wait rounded up: a client that
/// waits what it is told is served (it was rounded down: told 5 s when 5.9 s
/// were left, the client was refused again).
#[test]
fn a_client_that_waits_retry_after_is_served() {
    let dir = tempfile::tempdir().unwrap();
    let server = rate_limited_server(dir.path(), 10);
    let client = Client::new(&server.url);
    let refused = (0..20)
        .map(|_| client.get("/api/games"))
        .find(|answer| answer.status == 429)
        .expect("a refusal past the burst of 10");
    let header: u64 = refused.headers["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(refused.json["retry_after"], header, "{refused:?}");
    std::thread::sleep(Duration::from_secs(header));
    let served = client.get("/api/games");
    assert_eq!(served.status, 200, "after {header} s: {served:?}");
}

/// Requests with a made-up token or session cookie, a new one each time, are
/// counted against their address: counted against each unknown credential,
/// every one of them escaped the limit.
#[test]
fn made_up_credentials_do_not_escape_the_rate_limit() {
    let dir = tempfile::tempdir().unwrap();
    let server = rate_limited_server(dir.path(), 12);
    for credential in ["Authorization: Bearer", "Cookie: pacru_session="] {
        let statuses: Vec<u16> = (0..30)
            .map(|i| {
                let separator = if credential.ends_with('=') { "" } else { " " };
                let head = format!(
                    "GET /api/games HTTP/1.1\r\nHost: x\r\n{credential}{separator}made-up-{i:040}\r\n\
                     Connection: close\r\n\r\n"
                );
                raw_request(&server.url, &head, b"").0
            })
            .collect();
        let limited = statuses.iter().filter(|&&s| s == 429).count();
        assert!(limited >= 15, "{credential}: {statuses:?}");
    }
}

/// A body that trickles in is given up after 30 s (408), and does not hold
/// the connection and its memory for as long as its sender likes.
#[test]
fn a_body_that_never_arrives_whole_is_given_up() {
    let club = club();
    let addr = club.server.url.trim_start_matches("http://");
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(90)))
        .unwrap();
    stream
        .write_all(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n{\"players\"",
        )
        .unwrap();
    let started = std::time::Instant::now();
    // Others are served meanwhile.
    assert_eq!(club.ana.get("/api/games").status, 200);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let waited = started.elapsed();
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("\"error\":\"too slow\""), "{text}");
    assert!(
        (29..60).contains(&waited.as_secs()),
        "given up after {waited:?}"
    );
}

/// Connections on which the server writes nothing for a minute are closed
/// (one that sends nothing, one that sends its headers a byte at a time),
/// while a game's stream, on which the server writes every 7 s, stays open.
#[test]
fn quiet_connections_are_closed_and_streams_stay() {
    let club = club();
    let id = two_player_game(&club.ana, &club.bo, None);
    let addr = club.server.url.trim_start_matches("http://").to_string();
    let started = std::time::Instant::now();
    let idle = TcpStream::connect(&addr).unwrap();
    let trickle = std::thread::spawn({
        let addr = addr.clone();
        move || {
            let mut stream = TcpStream::connect(&addr).unwrap();
            let header = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ";
            let mut sent = 0;
            // A byte every 2 s, never the end of the headers: until the
            // server closes the connection (or 120 s).
            while started.elapsed() < Duration::from_secs(120) {
                let byte = header.get(sent).copied().unwrap_or(b'a');
                if stream.write_all(&[byte]).is_err() {
                    break;
                }
                sent += 1;
                std::thread::sleep(Duration::from_secs(2));
            }
            started.elapsed()
        }
    });
    let stream = club.ana.stream(&format!("/api/games/{id}/stream"));
    assert_eq!(stream.next_json(10).expect("the game")["id"], id.as_str());
    // The idle connection: closed after a minute.
    let mut idle = idle;
    idle.set_read_timeout(Some(Duration::from_secs(100)))
        .unwrap();
    let mut byte = [0u8; 1];
    let read = idle.read(&mut byte);
    let closed_after = started.elapsed();
    assert!(
        matches!(read, Ok(0) | Err(_)) && (55..95).contains(&closed_after.as_secs()),
        "the idle connection: {read:?} after {closed_after:?}"
    );
    let trickled = trickle.join().unwrap();
    assert!(
        (55..100).contains(&trickled.as_secs()),
        "the trickling headers were taken for {trickled:?}"
    );
    // The stream, quiet but for its keep-alive lines, is still open: a
    // move made now reaches it.
    assert_eq!(club.ana.play(&id, "e1-e2", Some(1)).status, 200);
    let moved = stream.next_json(10).expect("the move on the stream");
    assert_eq!(moved["type"], "move", "{moved}");
}

/// Every unfinished game is held in memory: one account cannot open games
/// without end. At 100 unfinished games in which it holds a seat, creating or
/// joining another is refused (409), nothing changed; finishing one makes room.
#[test]
fn one_account_holds_at_most_a_hundred_unfinished_games() {
    let Club {
        server, ana, bo, ..
    } = club();
    let new_game = json!({"players": 2, "clock": null});
    let mut open = Vec::new();
    for _ in 0..99 {
        let created = ana.post("/api/games", &new_game);
        assert_eq!(created.status, 201, "{created:?}");
        open.push(created.json["id"].as_str().unwrap().to_string());
    }
    // Bo's game, joined by ana: her hundredth.
    let bos = bo.post("/api/games", &new_game);
    let bos = bos.json["id"].as_str().unwrap().to_string();
    assert_eq!(
        ana.post(&format!("/api/games/{bos}/join"), &json!({}))
            .status,
        200
    );
    let refused = ana.post("/api/games", &new_game);
    assert_eq!(refused.status, 409, "{refused:?}");
    assert_eq!(refused.json, json!({"error": "too many games"}));
    let other = bo.post("/api/games", &new_game);
    let other = other.json["id"].as_str().unwrap().to_string();
    let refused = ana.post(&format!("/api/games/{other}/join"), &json!({}));
    assert_eq!(refused.status, 409, "{refused:?}");
    assert_eq!(
        ana.get(&format!("/api/games/{other}")).json["status"],
        "open"
    );
    let mine = ana.get("/api/games?status=open&player=ana");
    assert_eq!(mine.json["games"].as_array().unwrap().len(), 99);
    // Others are not held back by her games.
    let cy = Client::sign_up(&server.url, "cy");
    assert_eq!(
        cy.post(&format!("/api/games/{}/join", open[0]), &json!({}))
            .status,
        200
    );
    // A game ended (resigned) makes room for one more.
    assert_eq!(
        ana.post(&format!("/api/games/{}/resign", open[0]), &json!({}))
            .status,
        200
    );
    assert_eq!(ana.post("/api/games", &new_game).status, 201);
    assert_eq!(ana.post("/api/games", &new_game).status, 409);
    // Room for one more, asked for eight times at once: one is created, and
    // the count is not passed by requests that each counted before the
    // others' games were stored.
    assert_eq!(
        ana.post(&format!("/api/games/{}/abort", open[1]), &json!({}))
            .status,
        200
    );
    let together = std::sync::Barrier::new(8);
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let asks: Vec<_> = (0..8)
            .map(|_| {
                scope.spawn(|| {
                    together.wait();
                    ana.post("/api/games", &new_game).status
                })
            })
            .collect();
        asks.into_iter().map(|ask| ask.join().unwrap()).collect()
    });
    assert_eq!(
        statuses.iter().filter(|&&status| status == 201).count(),
        1,
        "{statuses:?}"
    );
    assert!(
        statuses
            .iter()
            .all(|&status| status == 201 || status == 409)
    );
    let mine = ana.get("/api/games?status=open&player=ana");
    assert_eq!(mine.json["games"].as_array().unwrap().len(), 99);
}

/// A user's event stream opened before sign-out, or before its token was
/// revoked, tells nothing more of the account's games: it ends at the next
/// event, or within a keep-alive when nothing happens.
#[test]
fn an_event_stream_ends_once_its_session_ends_or_its_token_is_revoked() {
    let Club {
        server, ana, bo, ..
    } = &club();
    let invite = |name: &str| {
        let body = json!({"players": 2, "clock": null, "invite": [name]});
        let created = ana.post("/api/games", &body);
        assert_eq!(created.status, 201, "{created:?}");
        created.json["id"].as_str().unwrap().to_string()
    };
    // bo's stream, opened with his session, hears of a challenge...
    let events = bo.stream("/api/stream/event");
    let first = invite("bo");
    let heard = events.next_json(10).expect("the challenge");
    assert_eq!(heard["game"]["id"], first.as_str(), "{heard}");
    // ...and of none once he signs out: the stream ends.
    assert_eq!(bo.delete("/api/session").status, 204);
    invite("bo");
    assert!(events.ended(10), "the stream went on after sign-out");

    // A program's stream, opened with a token that is then revoked, ends
    // with nothing happening.
    let cy = Client::bot(&server.url, "cy");
    let events = cy.stream("/api/stream/event");
    assert_eq!(cy.delete("/api/token").status, 204);
    assert!(events.ended(12), "the stream went on after revocation");
    // A stream whose token stands goes on.
    let dee = Client::bot(&server.url, "dee");
    let events = dee.stream("/api/stream/event");
    invite("dee");
    assert_eq!(
        events.next_json(10).expect("the challenge")["type"],
        "challenge"
    );
    assert!(!events.ended(8));
}

/// Streams asked for events that do not exist leave nothing behind: each kept
/// a channel under its name (any length) for good, and 20,000 anonymous
/// requests with 4,000-byte names made the server hold 140 MiB more.
#[test]
fn streams_of_events_that_do_not_exist_hold_no_memory() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let addr = server.url.trim_start_matches("http://").to_string();
    let mut stream = TcpStream::connect(&addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream.set_nodelay(true).unwrap();
    let mut reader = std::io::BufReader::new(stream.try_clone().unwrap());
    let mut ask = |i: usize| -> u16 {
        let name = format!("{i:08}{}", "x".repeat(4_000));
        let request = format!("GET /api/events/{name}/stream HTTP/1.1\r\nHost: x\r\n\r\n");
        stream.write_all(request.as_bytes()).unwrap();
        // One answer on the kept-alive connection: headers, then the body
        // of its Content-Length.
        let mut status = 0;
        let mut length = 0;
        loop {
            let mut line = String::new();
            std::io::BufRead::read_line(&mut reader, &mut line).unwrap();
            if let Some(rest) = line.strip_prefix("HTTP/1.1 ") {
                status = rest[..3].parse().unwrap();
            }
            if let Some((name, value)) = line.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().unwrap();
            }
            if line == "\r\n" {
                break;
            }
        }
        let mut body = vec![0; length];
        reader.read_exact(&mut body).unwrap();
        status
    };
    for i in 0..500 {
        assert_eq!(ask(i), 404);
    }
    let before = memory_mib(server.pid());
    for i in 500..20_500 {
        assert_eq!(ask(i), 404);
    }
    let after = memory_mib(server.pid());
    assert!(
        after < before + 30,
        "20,000 streams of no event: {before} MiB before, {after} MiB after"
    );
}
