//! A move request whose client goes away while the server stores the move:
//! the server finishes the change it started (the move is stored and the
//! game in memory is the game in the database), so that the next request for
//! that game is answered normally. Before, the handler was dropped with the
//! connection between the database write and the update of the game in
//! memory, and every later move of that game was answered 500.

use crate::common::server::{Client, ServerProcess};
use pacru_core::{Move, Position};
use pacru_protocol::engines::{Rng, random_move};
use serde_json::json;
use std::io::Write;
use std::net::{Shutdown, TcpStream};

#[test]
fn a_move_whose_client_hangs_up_is_stored_or_not_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let mut players = Vec::new();
    for name in ["ana", "bo"] {
        let client = Client::sign_up(&server.url, name);
        let token = client.post("/api/token", &json!({}));
        assert_eq!(token.status, 201, "{token:?}");
        players.push((client, token.json["token"].as_str().unwrap().to_string()));
    }
    let created = players[0].0.post(
        "/api/games",
        &json!({"players": 2, "rules": "2004", "clock": null}),
    );
    assert_eq!(created.status, 201, "{created:?}");
    let id = created.json["id"].as_str().unwrap().to_string();
    let joined = players[1]
        .0
        .post(&format!("/api/games/{id}/join"), &json!({}));
    assert_eq!(joined.status, 200, "{joined:?}");
    let address = server.url.trim_start_matches("http://").to_string();
    let mut rng = Rng::new(17);
    let mut position = Position::standard(2).unwrap();
    let mut ply = 0;
    while !position.is_finished() && ply < 60 {
        ply += 1;
        let (client, token) = &players[(ply - 1) % 2];
        let mv: Move = random_move(&position, &mut rng).unwrap();
        let text: String = mv
            .to_string()
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() || b == b'-' {
                    char::from(b).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        // The move, sent by a client that hangs up as soon as it is written.
        let mut raw = TcpStream::connect(&address).unwrap();
        write!(
            raw,
            "POST /api/games/{id}/move/{text}?ply={ply} HTTP/1.1\r\nHost: {address}\r\n\
             Authorization: Bearer {token}\r\nContent-Length: 0\r\n\r\n"
        )
        .unwrap();
        raw.shutdown(Shutdown::Both).unwrap();
        drop(raw);
        // The same move again, waiting for the answer: stored now (200), or
        // stored already by the first request (409 stale); nothing else.
        let again = client.play(&id, &mv.to_string(), Some(ply));
        assert!(
            again.status == 200 || (again.status == 409 && again.json["error"] == "stale"),
            "ply {ply} {mv}: {again:?}"
        );
        let game = client.get(&format!("/api/games/{id}")).json;
        assert_eq!(game["moves"].as_array().unwrap().len(), ply, "{game}");
        position = position.play(&mv).unwrap();
    }
    // What memory says is what the database says: a restarted server agrees.
    let before = players[0].0.get(&format!("/api/games/{id}")).json["moves"].clone();
    let db = server.db.clone();
    server.kill();
    let server = ServerProcess::start(&db, &[]);
    let after = Client::new(&server.url)
        .get(&format!("/api/games/{id}"))
        .json["moves"]
        .clone();
    assert_eq!(before, after);
}
