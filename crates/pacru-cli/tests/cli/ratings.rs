//! Ratings on a real `pacru serve`: rated games change both players' ratings,
//! unrated and bot-against-bot games change nothing, a 3-player game places its
//! players by the order they left; leaderboards and histories.

use crate::common::server::{Client, ServerProcess};
use serde_json::{Value, json};
use tempfile::TempDir;

fn server() -> (TempDir, ServerProcess) {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    (dir, server)
}

/// A game of `players.len()` seats created by `players[0]` (rated or not),
/// joined by the others in order; its id.
fn game(players: &[&Client], rated: bool, invite: &[&str]) -> String {
    let created = players[0].post(
        "/api/games",
        &json!({"players": players.len(), "rules": "2004", "rated": rated, "invite": invite}),
    );
    assert_eq!(created.status, 201, "{created:?}");
    let id = created.json["id"].as_str().unwrap().to_string();
    for p in &players[1..] {
        let joined = p.post(&format!("/api/games/{id}/join"), &json!({}));
        assert_eq!(joined.status, 200, "{joined:?}");
    }
    id
}

fn ratings(client: &Client, name: &str) -> Value {
    let user = client.get(&format!("/api/users/{name}"));
    assert_eq!(user.status, 200, "{user:?}");
    user.json["ratings"].clone()
}

fn untouched(r: &Value) {
    assert_eq!(
        r,
        &json!({"rating": 1500.0, "deviation": 350.0, "games": 0, "provisional": true})
    );
}

#[test]
fn a_rated_two_player_game_changes_both_ratings() {
    let (_dir, server) = server();
    let ana = Client::sign_up(&server.url, "ana");
    let bo = Client::sign_up(&server.url, "bo");
    let id = game(&[&ana, &bo], true, &[]);
    assert_eq!(ana.play(&id, "e1-e2", Some(1)).status, 200);
    let resigned = ana.post(&format!("/api/games/{id}/resign"), &json!({}));
    assert_eq!(resigned.status, 200, "{resigned:?}");
    assert_eq!(resigned.json["status"], "finished");

    let a = ratings(&bo, "ana")["2"].clone();
    let b = ratings(&ana, "bo")["2"].clone();
    // Glicko-2 from 1500/350/0.06 each, one win (tau 0.75): worked by hand
    // from Glickman's formulas, 1500 ± 162.3 and deviation 290.3.
    let (ra, rb) = (a["rating"].as_f64().unwrap(), b["rating"].as_f64().unwrap());
    assert!((rb - 1662.3).abs() < 0.1, "winner {b}");
    assert!((ra - 1337.7).abs() < 0.1, "loser {a}");
    for r in [&a, &b] {
        assert!(
            (r["deviation"].as_f64().unwrap() - 290.3).abs() < 0.1,
            "{r}"
        );
        assert_eq!(r["games"], 1);
        assert_eq!(r["provisional"], true);
    }
    untouched(&ratings(&ana, "ana")["3"]);
    let me = ana.get("/api/account");
    assert_eq!(me.json["ratings"]["2"], a);

    let board = ana.get("/api/ratings/2");
    assert_eq!(board.status, 200);
    let names: Vec<&str> = board.json["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["bo", "ana"]);
    assert_eq!(board.json["players"][0]["games"], 1);
    assert_eq!(ana.get("/api/ratings/3").json["players"], json!([]));
    for other in ["1", "5", "x", "02", "+2"] {
        let answer = ana.get(&format!("/api/ratings/{other}"));
        assert_eq!(answer.status, 404, "{other}: {answer:?}");
        assert_eq!(answer.json["error"], "not found", "{other}: {answer:?}");
    }

    let history = ana.get("/api/users/bo/history");
    assert_eq!(history.status, 200);
    let entries = history.json["history"].as_array().unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["game"], id.as_str());
    assert_eq!(entries[0]["players"], 2);
    assert_eq!(entries[0]["place"], 1);
    assert_eq!(entries[0]["rating"], b["rating"]);
}

#[test]
fn unrated_and_bot_against_bot_games_change_nothing() {
    let (_dir, server) = server();
    let ana = Client::sign_up(&server.url, "ana");
    let bo = Client::sign_up(&server.url, "bo");
    let id = game(&[&ana, &bo], false, &[]);
    assert_eq!(
        ana.post(&format!("/api/games/{id}/resign"), &json!({}))
            .status,
        200
    );

    let one = Client::bot(&server.url, "bot-one");
    let two = Client::bot(&server.url, "bot-two");
    let id = game(&[&one, &two], true, &["bot-two"]);
    assert_eq!(one.play(&id, "e1-e2", Some(1)).status, 200);
    let resigned = one.post(&format!("/api/games/{id}/resign"), &json!({}));
    assert_eq!(resigned.json["status"], "finished", "{resigned:?}");
    assert_eq!(resigned.json["rated"], true, "{resigned:?}");

    for name in ["ana", "bo", "bot-one", "bot-two"] {
        let r = ratings(&ana, name);
        for pool in ["2", "3", "4"] {
            untouched(&r[pool]);
        }
        let history = ana.get(&format!("/api/users/{name}/history"));
        assert_eq!(history.json["history"], json!([]), "{name}");
    }
    assert_eq!(ana.get("/api/ratings/2").json["players"], json!([]));
}

/// A rated 2-player game given up by a resignation before any move is
/// aborted, as lichess does: nobody wins and no rating changes, whoever
/// resigns and however (`/resign`, in turn or not, or the move `resign`).
/// After a move, a resignation is a rated loss.
#[test]
fn a_two_player_game_resigned_before_any_move_is_aborted() {
    let (_dir, server) = server();
    let ana = Client::sign_up(&server.url, "ana");
    let bo = Client::sign_up(&server.url, "bo");
    let resigns: [(&Client, &str); 3] =
        [(&ana, "/resign"), (&bo, "/resign"), (&ana, "/move/resign")];
    for (who, how) in resigns {
        let id = game(&[&ana, &bo], true, &[]);
        let given_up = who.post(&format!("/api/games/{id}{how}"), &json!({}));
        assert_eq!(given_up.status, 200, "{how}: {given_up:?}");
        let json = &given_up.json;
        assert_eq!(json["status"], "aborted", "{how}: {json}");
        assert_eq!(json["moves"], json!([]), "{how}: {json}");
        assert_eq!(json["winner"], Value::Null, "{how}: {json}");
        assert_eq!(json["termination"], "abandoned", "{how}: {json}");
        assert_eq!(
            ana.get(&format!("/api/games/{id}")).json["status"],
            "aborted"
        );
    }
    for name in ["ana", "bo"] {
        untouched(&ratings(&ana, name)["2"]);
    }
    let id = game(&[&ana, &bo], true, &[]);
    assert_eq!(ana.play(&id, "e1-e2", Some(1)).status, 200);
    let resigned = bo.post(&format!("/api/games/{id}/resign"), &json!({}));
    assert_eq!(resigned.json["status"], "finished", "{resigned:?}");
    assert_eq!(resigned.json["winner"], "Black", "{resigned:?}");
    assert_eq!(ratings(&ana, "ana")["2"]["games"], 1);
}

#[test]
fn a_three_player_game_places_by_the_order_of_leaving() {
    let (_dir, server) = server();
    let ana = Client::sign_up(&server.url, "ana");
    let bo = Client::sign_up(&server.url, "bo");
    let cy = Client::sign_up(&server.url, "cy");
    let clients = [("ana", &ana), ("bo", &bo), ("cy", &cy)];
    let id = game(&[&ana, &bo, &cy], true, &[]);
    // The first two players to move resign in turn: the first to leave is
    // third, the second is second, the one left on the board wins.
    let mut leaving = Vec::new();
    for ply in 1..=2 {
        let state = ana.get(&format!("/api/games/{id}"));
        let seat = state.json["to_move"].as_str().unwrap().to_string();
        let name = state.json["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["seat"] == seat.as_str())
            .unwrap()["username"]
            .as_str()
            .unwrap()
            .to_string();
        let client = clients.iter().find(|(n, _)| *n == name).unwrap().1;
        let played = client.play(&id, "resign", Some(ply));
        assert_eq!(played.status, 200, "{played:?}");
        leaving.push(name);
    }
    let state = ana.get(&format!("/api/games/{id}"));
    assert_eq!(state.json["status"], "finished", "{state:?}");
    let winner = ["ana", "bo", "cy"]
        .into_iter()
        .find(|n| !leaving.iter().any(|l| l == n))
        .unwrap();
    let place_of = |name: &str| {
        let h = ana.get(&format!("/api/users/{name}/history"));
        let entries = h.json["history"].as_array().unwrap().clone();
        assert_eq!(entries.len(), 1, "{name}: {h:?}");
        assert_eq!(entries[0]["players"], 3);
        entries[0]["place"].as_u64().unwrap()
    };
    assert_eq!(place_of(winner), 1);
    assert_eq!(place_of(&leaving[1]), 2);
    assert_eq!(place_of(&leaving[0]), 3);
    let rating = |name: &str| ratings(&ana, name)["3"]["rating"].as_f64().unwrap();
    assert!(rating(winner) > rating(&leaving[1]));
    assert!(rating(&leaving[1]) > rating(&leaving[0]));
    assert!(rating(&leaving[0]) < 1500.0 && rating(winner) > 1500.0);
    for name in ["ana", "bo", "cy"] {
        assert_eq!(ratings(&ana, name)["3"]["games"], 1);
        untouched(&ratings(&ana, name)["2"]);
    }
    let board = ana.get("/api/ratings/3");
    assert_eq!(board.json["players"][0]["username"], winner);
    assert_eq!(board.json["players"][2]["username"], leaving[0].as_str());
}
