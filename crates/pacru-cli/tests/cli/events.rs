//! Events on `pacru serve`, through real processes: a whole online event of 9
//! players 3 a table (one a bot through `pacru bot`) replayed offline with
//! `pacru event` to the same pairings and standings; a round over the board
//! with records entered and one refused; who may do what; two pairings at
//! once; a desk file brought onto the server.

use crate::common;

use crate::common::server::{Client, ServerProcess};
use pacru_core::{Colour, Move, Position};
use pacru_notation::pgr::{GameRecorder, GameResult, Tags, write_game};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// A child process, killed when dropped.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A small deterministic generator.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// The position after game JSON `game`'s moves.
fn position_of(game: &Value) -> Position {
    let players = game["players"].as_array().unwrap().len();
    let mut position = Position::standard(players).unwrap();
    for m in game["moves"].as_array().unwrap() {
        let mv: Move = m.as_str().unwrap().parse().unwrap();
        position = position.play(&mv).expect("every move of the game is legal");
    }
    position
}

/// Plays the people's seats of `games` with random legal moves (resigning now
/// and then after 60 plies) until every game is finished; the bot plays its
/// own seats.
fn play_out(people: &HashMap<String, Client>, watcher: &Client, games: &[String], seed: &mut u64) {
    let deadline = Instant::now() + Duration::from_secs(300);
    let mut open: Vec<String> = games.to_vec();
    while !open.is_empty() {
        assert!(Instant::now() < deadline, "games {open:?} did not finish");
        let mut waiting = true;
        open.retain(|id| {
            let game = watcher.get(&format!("/api/games/{id}")).json;
            match game["status"].as_str().unwrap() {
                "finished" => return false,
                "playing" => {}
                other => panic!("game {id} is {other}: {game}"),
            }
            let to_move = game["to_move"].as_str().unwrap();
            let mover = game["players"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["seat"] == to_move)
                .unwrap()["username"]
                .as_str()
                .unwrap()
                .to_string();
            let Some(client) = people.get(&mover) else {
                return true;
            };
            let position = position_of(&game);
            let plies = game["moves"].as_array().unwrap().len();
            let legal: Vec<Move> = position
                .sorted_legal_moves()
                .into_iter()
                .filter(|m| *m != Move::Resign)
                .collect();
            let mv = if legal.is_empty() || (plies > 60 && next(seed).is_multiple_of(8)) {
                Move::Resign
            } else {
                legal[(next(seed) % legal.len() as u64) as usize].clone()
            };
            let played = client.play(id, &mv.to_string(), Some(plies + 1));
            assert_eq!(played.status, 200, "{mover} plays {mv} in {id}: {played:?}");
            waiting = false;
            true
        });
        if waiting {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Event `id` once `ready` holds of it (results enter a moment after their
/// game ends).
fn event_when(client: &Client, id: &str, ready: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let event = client.get(&format!("/api/events/{id}"));
        assert_eq!(event.status, 200, "{event:?}");
        if ready(&event.json) {
            return event.json;
        }
        assert!(
            Instant::now() < deadline,
            "the event never got there: {}",
            event.json
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Whether every table of round `round` (from 1) of `event` has its result.
fn round_done(event: &Value, round: usize) -> bool {
    event["rounds"][round - 1]["tables"]
        .as_array()
        .is_some_and(|t| t.iter().all(|t| !t["result"].is_null()))
}

/// Runs `pacru ARGS`, asserting exit status `code`; its standard output.
fn pacru_ok(args: &[&str], code: i32) -> String {
    let run = common::pacru(args);
    assert_eq!(run.code, code, "pacru {args:?}: {}", run.stderr);
    run.stdout
}

/// A desk made offline at `path`: a Swiss event `name` of 2-player tables and
/// `rounds` rounds, with `players` entered.
fn offline_swiss_desk(path: &str, name: &str, rounds: u32, players: &[&str]) {
    let rounds = rounds.to_string();
    let new = [
        "event",
        "new",
        "--name",
        name,
        "--players-per-table",
        "2",
        "--system",
        "swiss",
        "--rounds",
        &rounds,
        path,
    ];
    pacru_ok(&new, 0);
    let mut add = vec!["event", "player", "add", path];
    add.extend_from_slice(players);
    pacru_ok(&add, 0);
}

/// The standings JSON `pacru event standings FILE --format json` prints.
fn offline_standings(file: &Path) -> Value {
    let text = pacru_ok(
        &[
            "event",
            "standings",
            file.to_str().unwrap(),
            "--format",
            "json",
        ],
        0,
    );
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn a_whole_online_event_is_the_same_event_replayed_offline() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let arbiter = Client::sign_up(&server.url, "arb");
    let names: Vec<String> = (1..=8).map(|i| format!("p{i}")).collect();
    let people: HashMap<String, Client> = names
        .iter()
        .map(|n| (n.clone(), Client::sign_up(&server.url, n)))
        .collect();
    let robo = Client::bot(&server.url, "robo");
    let _bot = Killed(common::spawn_pacru(
        &[
            "bot",
            "--server",
            &server.url,
            "--token",
            robo.token.as_deref().unwrap(),
            "--accept",
            "any",
            "--",
            "pacru",
            "engine",
            "random",
            "--seed",
            "3",
        ],
        Stdio::null(),
    ));

    let created = arbiter.post(
        "/api/events",
        &json!({"name": "Online cup", "players_per_table": 3, "rounds": 4, "rules": "2004",
                "clock": {"initial": 600, "increment": 5}}),
    );
    assert_eq!(created.status, 201, "{created:?}");
    let id = created.json["id"].as_str().unwrap().to_string();
    assert_eq!(created.json["arbiter"], "arb");
    for name in &names {
        let joined = people[name].post(&format!("/api/events/{id}/join"), &json!({}));
        assert_eq!(joined.status, 200, "{joined:?}");
    }
    let refused = robo.post(&format!("/api/events/{id}/join"), &json!({}));
    assert_eq!(
        refused.status, 403,
        "a bot does not enter by itself: {refused:?}"
    );
    let added = arbiter.post(
        &format!("/api/events/{id}/players"),
        &json!({"username": "robo"}),
    );
    assert_eq!(added.status, 200, "{added:?}");
    assert_eq!(added.json["players"].as_array().unwrap().len(), 9);

    let mut seed = 0x9e37_79b9_7f4a_7c15;
    let mut rounds = Vec::new();
    for round in 1..=4 {
        let paired = arbiter.post(&format!("/api/events/{id}/pair"), &json!({}));
        assert_eq!(paired.status, 200, "round {round}: {paired:?}");
        let tables = paired.json["rounds"][round - 1]["tables"]
            .as_array()
            .unwrap()
            .clone();
        assert_eq!(tables.len(), 3, "{}", paired.json);
        let games: Vec<String> = tables
            .iter()
            .map(|t| t["game"].as_str().expect("a game a table").to_string())
            .collect();
        for (table, game) in tables.iter().zip(&games) {
            let shown = arbiter.get(&format!("/api/games/{game}")).json;
            assert_eq!(shown["status"], "playing");
            assert_eq!(shown["clock"], json!({"initial": 600, "increment": 5}));
            let seated: Vec<&Value> = shown["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| &p["username"])
                .collect();
            let paired: Vec<&Value> = table["players"].as_array().unwrap().iter().collect();
            assert_eq!(seated, paired, "the game's seats are the table's, in order");
        }
        let busy = arbiter.post(&format!("/api/events/{id}/pair"), &json!({}));
        assert_eq!(busy.status, 409, "a round with tables in play: {busy:?}");
        play_out(&people, &arbiter, &games, &mut seed);
        let event = event_when(&arbiter, &id, |e| round_done(e, round));
        rounds.push((event["rounds"][round - 1].clone(), games));
    }
    let event = event_when(&arbiter, &id, |e| e["finished"] == true);
    let over = arbiter.post(&format!("/api/events/{id}/pair"), &json!({}));
    assert_eq!(over.status, 409, "all rounds are paired: {over:?}");
    let trf = arbiter.get(&format!("/api/events/{id}/trf"));
    assert_eq!(trf.status, 409, "TRF has no place for 3 a table: {trf:?}");

    // The desk file: pacru event checks it and gives the same standings.
    let desk = arbiter.get_bytes(&format!("/api/events/{id}/desk"));
    let downloaded = dir.path().join("downloaded.pacru");
    std::fs::write(&downloaded, desk).unwrap();
    pacru_ok(&["event", "check", downloaded.to_str().unwrap()], 0);
    assert_eq!(offline_standings(&downloaded), event["standings"]);

    // The same event replayed offline: same pairings, same records, same standings.
    let offline = dir.path().join("offline.pacru");
    let file = offline.to_str().unwrap();
    pacru_ok(
        &[
            "event",
            "new",
            "--name",
            "Online cup",
            "--players-per-table",
            "3",
            "--system",
            "swiss",
            "--rounds",
            "4",
            "--rules",
            "2004",
            file,
        ],
        0,
    );
    let mut add = vec!["event", "player", "add", file];
    add.extend(names.iter().map(String::as_str));
    add.push("robo");
    pacru_ok(&add, 0);
    for (number, (round, games)) in rounds.iter().enumerate() {
        let number = (number + 1).to_string();
        pacru_ok(&["event", "pair", file], 0);
        let tables: Value = serde_json::from_str(&pacru_ok(
            &[
                "event", "tables", file, "--round", &number, "--format", "json",
            ],
            0,
        ))
        .unwrap();
        let tables = tables.as_array().unwrap();
        for (index, (table, game)) in round["tables"]
            .as_array()
            .unwrap()
            .iter()
            .zip(games)
            .enumerate()
        {
            assert_eq!(
                tables[index]["seats"],
                table["players"],
                "round {number} table {}",
                index + 1
            );
            let record = arbiter.get(&format!("/api/games/{game}/pgr")).text;
            // A table's game names its event and round, as the event's records do.
            assert!(
                record.contains("[Event \"Online cup\"]")
                    && record.contains(&format!("[Round \"{number}\"]")),
                "{record}"
            );
            let path = dir.path().join(format!("r{number}t{}.pgr", index + 1));
            std::fs::write(&path, record).unwrap();
            let table_number = (index + 1).to_string();
            pacru_ok(
                &[
                    "event",
                    "submit",
                    file,
                    "--round",
                    &number,
                    "--table",
                    &table_number,
                    path.to_str().unwrap(),
                ],
                0,
            );
        }
    }
    assert_eq!(offline_standings(&offline), event["standings"]);
    let pgr = arbiter.get(&format!("/api/events/{id}/pgr"));
    assert_eq!(pgr.status, 200);
    let checked = common::pacru_with_input(&["check", "-"], pgr.text.as_bytes());
    assert_eq!(checked.code, 0, "{}", checked.stderr);
    assert_eq!(pgr.text.matches("[Event ").count(), 12, "a record a table");
}

/// A finished game of random legal moves between `players` (seat order) under
/// the 2004 rules, as PGR.
fn random_record(players: &[&str], seed: &mut u64) -> String {
    let mut position = Position::standard(players.len()).unwrap();
    let colours: Vec<Colour> = position.players().iter().collect();
    let mut tags = Tags::new();
    tags.set("Event", "Club night");
    for (colour, name) in colours.iter().zip(players) {
        tags.set(colour.word(), name);
    }
    tags.set(
        "Players",
        &colours.iter().map(|c| c.letter()).collect::<String>(),
    );
    tags.set("Rules", "2004");
    let mut recorder = GameRecorder::new(tags).unwrap();
    let mut plies = 0;
    while !position.is_finished() {
        let legal: Vec<Move> = position
            .sorted_legal_moves()
            .into_iter()
            .filter(|m| *m != Move::Resign)
            .collect();
        plies += 1;
        let mv = if legal.is_empty() || plies > 200 {
            Move::Resign
        } else {
            legal[(next(seed) % legal.len() as u64) as usize].clone()
        };
        recorder.play(&mv).unwrap();
        position = position.play(&mv).unwrap();
    }
    let result = position
        .winner()
        .map_or(GameResult::Draw, GameResult::Winner);
    recorder.set_result(result, Some("rules"));
    write_game(&recorder.finish())
}

#[test]
fn a_round_over_the_board_takes_records_and_refuses_an_illegal_one() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let arbiter = Client::sign_up(&server.url, "arb");
    let names = ["ada", "bob", "cy", "dee"];
    let people: HashMap<&str, Client> = names
        .iter()
        .map(|&n| (n, Client::sign_up(&server.url, n)))
        .collect();
    let created = arbiter.post(
        "/api/events",
        &json!({"name": "Club night", "players_per_table": 2, "rounds": 2, "venue": "board"}),
    );
    assert_eq!(created.status, 201, "{created:?}");
    let id = created.json["id"].as_str().unwrap().to_string();
    for name in names {
        assert_eq!(
            people[name]
                .post(&format!("/api/events/{id}/join"), &json!({}))
                .status,
            200
        );
    }
    let paired = arbiter.post(&format!("/api/events/{id}/pair"), &json!({}));
    assert_eq!(paired.status, 200, "{paired:?}");
    let tables = paired.json["rounds"][0]["tables"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(tables.len(), 2);
    assert!(
        tables.iter().all(|t| t["game"].is_null()),
        "no game on the server: {tables:?}"
    );

    // The board of `pacru board`, set up to record table 1.
    let board = Client::new(&server.url).get(&format!("/events/{id}/board?round=1&table=1"));
    assert_eq!(board.status, 200);
    let policy = board.headers["content-security-policy"].to_str().unwrap();
    assert!(
        policy.contains("connect-src 'none'"),
        "the recording page fetches nothing: {policy}"
    );
    for player in tables[0]["players"].as_array().unwrap() {
        assert!(
            board.text.contains(player.as_str().unwrap()),
            "{player} in its seat"
        );
    }
    let missing = Client::new(&server.url).get(&format!("/events/{id}/board?round=1&table=3"));
    assert_eq!(missing.status, 404);

    let mut seed = 77;
    for (index, table) in tables.iter().enumerate() {
        let seats: Vec<&str> = table["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .collect();
        let first = &people[seats[0]];
        let record = random_record(&seats, &mut seed);
        let number = index + 1;
        if index == 0 {
            let bad = with_illegal_first_move(&record);
            let refused = first.post(
                &format!("/api/events/{id}/record"),
                &json!({"round": 1, "table": number, "record": bad}),
            );
            assert_eq!(refused.status, 400, "{refused:?}");
            assert_eq!(refused.json["error"], "record refused");
            assert_eq!(refused.json["status"], "illegal");
            let check =
                common::pacru_with_input(&["check", "--format", "json", "-"], bad.as_bytes());
            let verdict: Value = serde_json::from_str(check.stdout.trim()).unwrap();
            assert_eq!(verdict["status"], "illegal");
            assert_eq!(
                refused.json["rule"], verdict["error"]["rule"],
                "the rule pacru check names"
            );
            assert_eq!(refused.json["ply"], verdict["error"]["ply"]);
            assert_eq!(refused.json["message"], verdict["error"]["message"]);
            assert!(refused.json["rule"].as_str().unwrap().starts_with('R'));
            let event = arbiter.get(&format!("/api/events/{id}")).json;
            assert_eq!(
                event["rounds"][0]["tables"][0]["status"], "pending",
                "nothing stored"
            );
        }
        // Someone from another table may not enter this one's record.
        let other_table = &tables[1 - index]["players"][0];
        let stranger = &people[other_table.as_str().unwrap()];
        let forbidden = stranger.post(
            &format!("/api/events/{id}/record"),
            &json!({"round": 1, "table": number, "record": record}),
        );
        assert_eq!(forbidden.status, 403, "{forbidden:?}");
        let entered = first.post(
            &format!("/api/events/{id}/record"),
            &json!({"round": 1, "table": number, "record": record}),
        );
        assert_eq!(entered.status, 200, "{entered:?}");
        let table = &entered.json["rounds"][0]["tables"][index];
        assert_eq!(table["status"], "played", "{table}");
        assert!(!table["result"].is_null());
        let again = first.post(
            &format!("/api/events/{id}/record"),
            &json!({"round": 1, "table": number, "record": record}),
        );
        assert_eq!(
            again.status, 409,
            "a result is changed only by the arbiter: {again:?}"
        );
    }
    let event = arbiter.get(&format!("/api/events/{id}")).json;
    let standings = event["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 4);
    let points: f64 = standings
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .sum();
    assert!(
        (points - 2.0).abs() < 1e-9,
        "two games, a point each: {standings:?}"
    );
    let desk = dir.path().join("club.pacru");
    std::fs::write(&desk, arbiter.get_bytes(&format!("/api/events/{id}/desk"))).unwrap();
    pacru_ok(&["event", "check", desk.to_str().unwrap()], 0);
    assert_eq!(offline_standings(&desk), event["standings"]);
    let trf = arbiter.get(&format!("/api/events/{id}/trf"));
    assert_eq!(trf.status, 200, "{trf:?}");
    let offline = pacru_ok(
        &["event", "export", desk.to_str().unwrap(), "--trf", "-"],
        0,
    );
    assert_eq!(trf.text, offline, "the server's TRF is the desk's");
    assert_eq!(
        trf.text.lines().filter(|l| l.starts_with("001 ")).count(),
        4
    );
}

/// `record` with its first move replaced by one the rules forbid.
fn with_illegal_first_move(record: &str) -> String {
    let at = record.find("1. ").expect("a move list") + 3;
    let end = at + record[at..].find(' ').unwrap();
    format!("{}a1-i9{}", &record[..at], &record[end..])
}

#[test]
fn only_the_arbiter_pairs_decides_and_changes_results_and_two_pairings_at_once_give_one() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let arbiter = Client::sign_up(&server.url, "arb");
    let names = ["ana", "ben", "cal", "dot"];
    let people: HashMap<&str, Client> = names
        .iter()
        .map(|&n| (n, Client::sign_up(&server.url, n)))
        .collect();
    let created = arbiter.post(
        "/api/events",
        &json!({"name": "Rapid", "players_per_table": 2, "rounds": 2,
                "clock": {"initial": 60, "increment": 0}}),
    );
    let id = created.json["id"].as_str().unwrap().to_string();
    for name in names {
        people[name].post(&format!("/api/events/{id}/join"), &json!({}));
    }
    let ana = &people["ana"];
    let before = arbiter.get(&format!("/api/events/{id}")).text;
    for path in ["pair", "unpair"] {
        let refused = ana.post(&format!("/api/events/{id}/{path}"), &json!({}));
        assert_eq!(refused.status, 403, "{path}: {refused:?}");
    }
    let refused = ana.post(
        &format!("/api/events/{id}/players"),
        &json!({"username": "arb"}),
    );
    assert_eq!(refused.status, 403, "{refused:?}");
    let refused = ana.post(
        &format!("/api/events/{id}/withdraw"),
        &json!({"username": "ben"}),
    );
    assert_eq!(refused.status, 403, "{refused:?}");
    let anonymous = Client::new(&server.url);
    assert_eq!(
        anonymous
            .post(&format!("/api/events/{id}/pair"), &json!({}))
            .status,
        401
    );
    let mut foreign = Client::new(&server.url);
    assert_eq!(foreign.sign_in("arb", "password-of-arb").status, 200);
    foreign.origin = Some("http://evil.example".into());
    assert_eq!(
        foreign
            .post(&format!("/api/events/{id}/pair"), &json!({}))
            .status,
        403
    );
    assert_eq!(
        arbiter.get(&format!("/api/events/{id}")).text,
        before,
        "nothing changed"
    );

    // Two pairings at once: one pairs, the other is refused.
    let url = server.url.clone();
    let pairs: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|_| {
                let url = url.clone();
                let id = &id;
                scope.spawn(move || {
                    let client = Client::new(&url);
                    assert_eq!(client.sign_in("arb", "password-of-arb").status, 200);
                    client
                        .post(&format!("/api/events/{id}/pair"), &json!({}))
                        .status
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut sorted = pairs.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, [200, 409], "{pairs:?}");
    let event = arbiter.get(&format!("/api/events/{id}")).json;
    assert_eq!(event["rounds"].as_array().unwrap().len(), 1);
    let tables = event["rounds"][0]["tables"].as_array().unwrap();
    let games: Vec<&str> = tables.iter().map(|t| t["game"].as_str().unwrap()).collect();
    assert_eq!(games.len(), 2);
    let listed = arbiter.get("/api/games?status=playing").json;
    assert_eq!(
        listed["games"].as_array().unwrap().len(),
        2,
        "one game a table, once: {listed}"
    );

    // A player cannot decide, nor abort their event game, nor enter a record
    // for a game on the server.
    let first = tables[0]["players"][0].as_str().unwrap();
    let refused = people[first].post(
        &format!("/api/events/{id}/decide"),
        &json!({"round": 1, "table": 1, "winner": first, "reason": "I say so"}),
    );
    assert_eq!(refused.status, 403, "{refused:?}");
    let refused = people[first].post(&format!("/api/games/{}/abort", games[0]), &json!({}));
    assert_eq!(refused.status, 409, "{refused:?}");
    let refused = people[first].post(
        &format!("/api/events/{id}/record"),
        &json!({"round": 1, "table": 1, "record": "[Event \"x\"]\n\n*\n"}),
    );
    assert_eq!(refused.status, 403, "{refused:?}");

    // The arbiter undoes the round (no move yet): its games are called off.
    let undone = arbiter.post(&format!("/api/events/{id}/unpair"), &json!({}));
    assert_eq!(undone.status, 200, "{undone:?}");
    assert_eq!(undone.json["rounds"].as_array().unwrap().len(), 0);
    for game in &games {
        assert_eq!(
            arbiter.get(&format!("/api/games/{game}")).json["status"],
            "aborted"
        );
    }
    let paired = arbiter.post(&format!("/api/events/{id}/pair"), &json!({}));
    assert_eq!(paired.status, 200);
    let table = &paired.json["rounds"][0]["tables"][0];
    let game = table["game"].as_str().unwrap();
    let second = table["players"][1].as_str().unwrap();
    // A resignation ends the game; its result enters the event by itself.
    assert_eq!(
        people[second]
            .post(&format!("/api/games/{game}/resign"), &json!({}))
            .status,
        200
    );
    let event = event_when(&arbiter, &id, |e| {
        !e["rounds"][0]["tables"][0]["result"].is_null()
    });
    let table = &event["rounds"][0]["tables"][0];
    assert_eq!(table["status"], "played");
    assert_eq!(table["points"], json!([1.0, 0.0]));
    // Only the arbiter changes it, with a reason kept in the log; the winner
    // is a user name, in any case (as everywhere on the server).
    let winner = table["players"][1].as_str().unwrap().to_uppercase();
    let decided = arbiter.post(
        &format!("/api/events/{id}/decide"),
        &json!({"round": 1, "table": 1, "winner": winner, "reason": "the resignation was a misclick, both agree"}),
    );
    assert_eq!(decided.status, 200, "{decided:?}");
    assert_eq!(decided.json["rounds"][0]["tables"][0]["status"], "decided");
    assert_eq!(
        decided.json["rounds"][0]["tables"][0]["points"],
        json!([0.0, 1.0])
    );

    // A decision replaces the table's game: one without a move is called off
    // (its clock would otherwise run out and end it on time after the
    // decision); one with moves goes on.
    let other = &paired.json["rounds"][0]["tables"][1];
    let other_game = other["game"].as_str().unwrap();
    let decided = arbiter.post(
        &format!("/api/events/{id}/decide"),
        &json!({"round": 1, "table": 2, "draw": true, "reason": "neither came"}),
    );
    assert_eq!(decided.status, 200, "{decided:?}");
    let called_off = arbiter.get(&format!("/api/games/{other_game}")).json;
    assert_eq!(called_off["status"], "aborted", "{called_off}");
    let round2 = arbiter.post(&format!("/api/events/{id}/pair"), &json!({}));
    assert_eq!(round2.status, 200, "{round2:?}");
    let table = &round2.json["rounds"][1]["tables"][0];
    let game = table["game"].as_str().unwrap();
    let first = table["players"][0].as_str().unwrap();
    let moved = people[first].post(&format!("/api/games/{game}/move/e1-e2"), &json!({}));
    assert_eq!(moved.status, 200, "{moved:?}");
    let decided = arbiter.post(
        &format!("/api/events/{id}/decide"),
        &json!({"round": 2, "table": 1, "winner": first, "reason": "the other left the hall"}),
    );
    assert_eq!(decided.status, 200, "{decided:?}");
    let going_on = arbiter.get(&format!("/api/games/{game}")).json;
    assert_eq!(going_on["status"], "playing", "{going_on}");
}

#[test]
fn a_desk_made_offline_comes_onto_the_server_and_goes_back() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("offline.pacru");
    let path = file.to_str().unwrap();
    offline_swiss_desk(path, "Library cup", 3, &["ann", "bea", "cas"]);
    pacru_ok(&["event", "pair", path], 0);
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let arbiter = Client::sign_up(&server.url, "arb");
    let bytes = std::fs::read(&file).unwrap();
    let refused = arbiter.post_bytes("/api/events/import?venue=server", bytes.clone());
    assert_eq!(refused.status, 400, "players without accounts: {refused:?}");
    assert!(
        refused.json["message"].as_str().unwrap().contains("ann"),
        "{refused:?}"
    );
    let garbage = arbiter.post_bytes("/api/events/import", b"not a desk".to_vec());
    assert_eq!(garbage.status, 400, "{garbage:?}");
    let imported = arbiter.post_bytes("/api/events/import?venue=board", bytes);
    assert_eq!(imported.status, 201, "{imported:?}");
    let id = imported.json["id"].as_str().unwrap();
    assert_eq!(imported.json["arbiter"], "arb");
    assert_eq!(imported.json["name"], "Library cup");
    assert_eq!(imported.json["rounds"].as_array().unwrap().len(), 1);
    let decided = arbiter.post(
        &format!("/api/events/{id}/decide"),
        &json!({"round": 1, "table": 1, "draw": true, "reason": "agreed draw, no record kept"}),
    );
    assert_eq!(decided.status, 200, "{decided:?}");
    let back = dir.path().join("back.pacru");
    std::fs::write(&back, arbiter.get_bytes(&format!("/api/events/{id}/desk"))).unwrap();
    pacru_ok(&["event", "check", back.to_str().unwrap()], 0);
    pacru_ok(&["event", "pair", back.to_str().unwrap()], 0);
    let log = pacru_ok(&["event", "log", back.to_str().unwrap()], 0);
    assert!(log.contains("agreed draw, no record kept"), "{log}");
}

/// An event `name` of two players a table and two rounds, `initial` seconds on
/// the clock, with `players` entered by `arbiter` and round 1 paired: its id
/// and the answer to the pairing.
fn paired_event(arbiter: &Client, name: &str, players: &[&str], initial: u64) -> (String, Value) {
    let created = arbiter.post(
        "/api/events",
        &json!({"name": name, "players_per_table": 2, "rounds": 2,
                "clock": {"initial": initial, "increment": 0}}),
    );
    let id = created.json["id"].as_str().unwrap().to_string();
    for player in players {
        let entered = arbiter.post(
            &format!("/api/events/{id}/players"),
            &json!({"username": player}),
        );
        assert_eq!(entered.status, 200, "{entered:?}");
    }
    let paired = arbiter.post(&format!("/api/events/{id}/pair"), &json!({}));
    assert_eq!(paired.status, 200, "{paired:?}");
    (id, paired.json)
}

#[test]
fn an_unpairing_refused_calls_off_no_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let arbiter = Client::sign_up(&server.url, "arb");
    for name in ["ana", "ben", "cal", "dot"] {
        Client::sign_up(&server.url, name);
    }
    let (id, _) = paired_event(&arbiter, "Rapid", &["ana", "ben", "cal", "dot"], 60);
    let decided = arbiter.post(
        &format!("/api/events/{id}/decide"),
        &json!({"round": 1, "table": 1, "draw": true, "reason": "neither came"}),
    );
    assert_eq!(decided.status, 200, "{decided:?}");
    let before = arbiter.get(&format!("/api/events/{id}")).json;
    let game = before["rounds"][0]["tables"][1]["game"]
        .as_str()
        .unwrap()
        .to_string();
    // Table 1 has its result: the round cannot be undone, and table 2's game
    // goes on as it was.
    let refused = arbiter.post(&format!("/api/events/{id}/unpair"), &json!({}));
    assert_eq!(refused.status, 409, "{refused:?}");
    let after = arbiter.get(&format!("/api/events/{id}")).json;
    assert_eq!(after["rounds"], before["rounds"], "nothing changed");
    let game = arbiter.get(&format!("/api/games/{game}")).json;
    assert_eq!(game["status"], "playing", "{game}");
}

/// Once anyone has checked in, pairing round 1 withdraws those who have not;
/// undoing that pairing does not undo the withdrawals, so a late player's
/// check-in is refused, saying so, rather than taken while they would still
/// not be paired.
#[test]
fn a_player_withdrawn_for_not_checking_in_is_told_so_when_checking_in_late() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, arbiter, people, id) = cal_withdrawn_for_not_checking_in(&dir);
    let before = arbiter.get(&format!("/api/events/{id}")).json;
    for late in [
        people["cal"].post(&format!("/api/events/{id}/checkin"), &json!({})),
        arbiter.post(
            &format!("/api/events/{id}/checkin"),
            &json!({"username": "cal"}),
        ),
    ] {
        assert_eq!(late.status, 409, "{late:?}");
        let message = late.json["error"].as_str().unwrap();
        assert!(
            message.contains("`cal` has withdrawn (from round 1 on)"),
            "{message}"
        );
    }
    let after = arbiter.get(&format!("/api/events/{id}")).json;
    assert_eq!(after, before, "nothing changed");
    assert_eq!(after["entrants"][2]["checked_in"], false, "{after}");
}

/// The arbiter, and only the arbiter, undoes a withdrawal while no round was
/// paired without the player; reinstated before round 1, the player counts as
/// checked in, so the pairing does not withdraw them again.
#[test]
fn the_arbiter_reinstates_a_player_withdrawn_by_mistake() {
    let dir = tempfile::tempdir().unwrap();
    let (server, arbiter, people, id) = cal_withdrawn_for_not_checking_in(&dir);
    let reinstate = format!("/api/events/{id}/reinstate");
    // An account that has not entered: 409, as its check-in would be.
    let dee = Client::sign_up(&server.url, "dee");
    for (who, path, body) in [
        (&arbiter, &reinstate, json!({"username": "dee"})),
        (
            &arbiter,
            &format!("/api/events/{id}/withdraw"),
            json!({"username": "dee"}),
        ),
        (&dee, &format!("/api/events/{id}/withdraw"), json!({})),
    ] {
        let refused = who.post(path, &body);
        assert_eq!(refused.status, 409, "{path}: {refused:?}");
        assert_eq!(refused.json["error"], "dee has not entered this event");
    }
    let cal = json!({"username": "cal"});
    let own = people["cal"].post(&reinstate, &cal);
    assert_eq!(own.status, 403, "{own:?}");
    let other = people["ana"].post(&reinstate, &cal);
    assert_eq!(other.status, 403, "{other:?}");
    let not_withdrawn = arbiter.post(&reinstate, &json!({"username": "ana"}));
    assert_eq!(not_withdrawn.status, 409, "{not_withdrawn:?}");
    assert_eq!(not_withdrawn.json["error"], "`ana` has not withdrawn");
    let back = arbiter.post(&reinstate, &cal);
    assert_eq!(back.status, 200, "{back:?}");
    assert_eq!(back.json["entrants"][2]["checked_in"], true, "{back:?}");
    let paired = arbiter.post(&format!("/api/events/{id}/pair"), &json!({}));
    assert_eq!(paired.status, 200, "{paired:?}");
    assert_eq!(
        paired.json["players"],
        json!(["ana", "ben", "cal"]),
        "{paired:?}"
    );

    // Withdrawn again and round 1 paired without them: no way back, until
    // that pairing is undone.
    assert_eq!(
        arbiter
            .post(&format!("/api/events/{id}/unpair"), &json!({}))
            .status,
        200
    );
    let out = arbiter.post(&format!("/api/events/{id}/withdraw"), &cal);
    assert_eq!(out.status, 200, "{out:?}");
    assert_eq!(
        arbiter
            .post(&format!("/api/events/{id}/pair"), &json!({}))
            .status,
        200
    );
    let late = arbiter.post(&reinstate, &cal);
    assert_eq!(late.status, 409, "{late:?}");
    assert_eq!(
        late.json["error"],
        "`cal` withdrew from round 1 on and round 1 was paired without them: \
         a withdrawal can only be undone before the next round is paired"
    );
    assert_eq!(
        arbiter
            .post(&format!("/api/events/{id}/unpair"), &json!({}))
            .status,
        200
    );
    assert_eq!(arbiter.post(&reinstate, &cal).status, 200);
    let desk = dir.path().join("early.pacru");
    std::fs::write(&desk, arbiter.get_bytes(&format!("/api/events/{id}/desk"))).unwrap();
    pacru_ok(&["event", "check", desk.to_str().unwrap()], 0);
    let log = pacru_ok(&["event", "log", desk.to_str().unwrap()], 0);
    let line = "reinstate round 1: cal reinstated: paired again from round 1 on";
    assert_eq!(log.matches(line).count(), 2, "{log}");
}

/// An event on boards of 2 rounds where `ana` and `ben` checked in and `cal`
/// did not, so that pairing round 1 withdrew `cal`; that pairing is undone.
fn cal_withdrawn_for_not_checking_in(
    dir: &tempfile::TempDir,
) -> (ServerProcess, Client, HashMap<&'static str, Client>, String) {
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let arbiter = Client::sign_up(&server.url, "arb");
    let created = arbiter.post(
        "/api/events",
        &json!({"name": "Early", "rounds": 2, "venue": "board"}),
    );
    assert_eq!(created.status, 201, "{created:?}");
    let id = created.json["id"].as_str().unwrap().to_string();
    let mut people = HashMap::new();
    for name in ["ana", "ben", "cal"] {
        let person = Client::sign_up(&server.url, name);
        let joined = person.post(&format!("/api/events/{id}/join"), &json!({}));
        assert_eq!(joined.status, 200, "{joined:?}");
        people.insert(name, person);
    }
    for name in ["ana", "ben"] {
        let here = people[name].post(&format!("/api/events/{id}/checkin"), &json!({}));
        assert_eq!(here.status, 200, "{here:?}");
    }
    let paired = arbiter.post(&format!("/api/events/{id}/pair"), &json!({}));
    assert_eq!(paired.status, 200, "{paired:?}");
    assert_eq!(paired.json["players"], json!(["ana", "ben"]), "{paired:?}");
    let undone = arbiter.post(&format!("/api/events/{id}/unpair"), &json!({}));
    assert_eq!(undone.status, 200, "{undone:?}");
    (server, arbiter, people, id)
}

/// Once every round is paired, nobody can be paired any more: entering is
/// refused, in the last round and once the event is over, and the standings
/// stay as they were.
#[test]
fn nobody_enters_an_event_whose_rounds_are_all_paired() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let arbiter = Client::sign_up(&server.url, "arb");
    for name in ["ana", "ben"] {
        Client::sign_up(&server.url, name);
    }
    let late = Client::sign_up(&server.url, "lou");
    let created = arbiter.post(
        "/api/events",
        &json!({"name": "One round", "rounds": 1, "venue": "board"}),
    );
    let id = created.json["id"].as_str().unwrap().to_string();
    for name in ["ana", "ben"] {
        let entered = arbiter.post(
            &format!("/api/events/{id}/players"),
            &json!({"username": name}),
        );
        assert_eq!(entered.status, 200, "{entered:?}");
    }
    let paired = arbiter.post(&format!("/api/events/{id}/pair"), &json!({}));
    assert_eq!(paired.status, 200, "{paired:?}");
    for moment in ["in the last round", "once the event is over"] {
        if moment == "once the event is over" {
            let decided = arbiter.post(
                &format!("/api/events/{id}/decide"),
                &json!({"round": 1, "table": 1, "winner": "ana", "reason": "ben left"}),
            );
            assert_eq!(decided.status, 200, "{decided:?}");
        }
        let before = arbiter.get(&format!("/api/events/{id}")).json;
        let refused = late.post(&format!("/api/events/{id}/join"), &json!({}));
        assert_eq!(refused.status, 409, "{moment}: {refused:?}");
        assert_eq!(
            refused.json["error"],
            "all 1 rounds of the event are paired: a player entering now would never be paired",
            "{moment}"
        );
        let after = arbiter.get(&format!("/api/events/{id}")).json;
        assert_eq!(after, before, "{moment}: nothing changed");
    }
}

#[test]
fn a_desk_spelling_names_in_another_case_gets_its_results_on_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("offline.pacru");
    let path = file.to_str().unwrap();
    // The desk spells them ANN and Bea; their accounts are ann and bea.
    offline_swiss_desk(path, "Club cup", 2, &["ANN", "Bea"]);
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let arbiter = Client::sign_up(&server.url, "arb");
    let ann = Client::sign_up(&server.url, "ann");
    let bea = Client::sign_up(&server.url, "bea");
    let imported = arbiter.post_bytes(
        "/api/events/import?venue=server&initial=60",
        std::fs::read(&file).unwrap(),
    );
    assert_eq!(imported.status, 201, "{imported:?}");
    let id = imported.json["id"].as_str().unwrap().to_string();
    // The same account entering again under its own spelling is refused.
    let again = ann.post(&format!("/api/events/{id}/join"), &json!({}));
    assert_eq!(again.status, 409, "{again:?}");
    let paired = arbiter.post(&format!("/api/events/{id}/pair"), &json!({}));
    assert_eq!(paired.status, 200, "{paired:?}");
    let table = &paired.json["rounds"][0]["tables"][0];
    assert_eq!(table["players"], json!(["ANN", "Bea"]), "{table}");
    let game = table["game"].as_str().unwrap();
    assert_eq!(
        ann.post(&format!("/api/games/{game}/resign"), &json!({}))
            .status,
        200
    );
    let event = event_when(&arbiter, &id, |e| round_done(e, 1));
    let table = &event["rounds"][0]["tables"][0];
    assert_eq!(table["status"], "played", "{table}");
    assert_eq!(table["result"], "Red", "{table}");
    // A player withdraws themselves, in their account's spelling.
    let withdrawn = bea.post(&format!("/api/events/{id}/withdraw"), &json!({}));
    assert_eq!(withdrawn.status, 200, "{withdrawn:?}");
    assert_eq!(withdrawn.json["players"], json!(["ANN"]), "{withdrawn:?}");
}

/// A desk whose players `ann` and `ANN` are one account on the server (names
/// match accounts ignoring case) is refused, on the server or on boards:
/// imported, its first round would seat the account against itself.
#[test]
fn a_desk_with_two_players_spelled_alike_but_for_case_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("twins.pacru");
    offline_swiss_desk(
        file.to_str().unwrap(),
        "Twins",
        2,
        &["ann", "ANN", "bea", "cy"],
    );
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let arbiter = Client::sign_up(&server.url, "arb");
    for name in ["ann", "bea", "cy"] {
        Client::sign_up(&server.url, name);
    }
    for venue in ["server&initial=60", "board"] {
        let refused = arbiter.post_bytes(
            &format!("/api/events/import?venue={venue}"),
            std::fs::read(&file).unwrap(),
        );
        assert_eq!(refused.status, 400, "{venue}: {refused:?}");
        let message = refused.json["message"].as_str().unwrap();
        assert!(
            message.contains("`ann` and `ANN` differ only in case"),
            "{message}"
        );
    }
    let events = arbiter.get("/api/events").json;
    assert_eq!(events["events"], json!([]), "nothing imported: {events}");
}

/// Every read of an event works out its standings and crosstable: an event on
/// the server has at most 1,000 players, imported or entered.
#[test]
fn an_event_on_the_server_has_at_most_a_thousand_players() {
    let dir = tempfile::tempdir().unwrap();
    let names: Vec<String> = (1..=1001).map(|i| format!("p{i:04}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let full = dir.path().join("full.pacru");
    offline_swiss_desk(full.to_str().unwrap(), "Full", 2, &names[..1000]);
    let over = dir.path().join("over.pacru");
    offline_swiss_desk(over.to_str().unwrap(), "Over", 2, &names);
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let arbiter = Client::sign_up(&server.url, "arb");
    let refused = arbiter.post_bytes(
        "/api/events/import?venue=board",
        std::fs::read(&over).unwrap(),
    );
    assert_eq!(refused.status, 400, "{refused:?}");
    let message = refused.json["message"].as_str().unwrap();
    assert!(
        message.contains("1001 players") && message.contains("at most 1000"),
        "{message}"
    );
    let imported = arbiter.post_bytes(
        "/api/events/import?venue=board",
        std::fs::read(&full).unwrap(),
    );
    assert_eq!(imported.status, 201, "{imported:?}");
    let id = imported.json["id"].as_str().unwrap().to_string();
    let ann = Client::sign_up(&server.url, "ann");
    let joined = ann.post(&format!("/api/events/{id}/join"), &json!({}));
    assert_eq!(joined.status, 409, "{joined:?}");
    assert_eq!(joined.json, json!({"error": "event full"}));
    let event = ann.get(&format!("/api/events/{id}")).json;
    assert_eq!(event["players"].as_array().unwrap().len(), 1000);
}

/// Counts every write of an event's desk in the server's database `db`, in a
/// table of the test's own (a trigger on the `desk` column); the count so far.
fn desk_writes(db: &Path) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS test_desk_writes (event TEXT NOT NULL);
         CREATE TRIGGER IF NOT EXISTS test_count_desk_writes AFTER UPDATE OF desk ON event
         BEGIN INSERT INTO test_desk_writes VALUES (NEW.id); END;",
    )
    .unwrap();
    conn.query_row("SELECT count(*) FROM test_desk_writes", [], |r| r.get(0))
        .unwrap()
}

/// Two events of one round, `Rapid` and `Blitz`, between `ana` and `ben` on
/// `server`, each game resigned and its result in: the arbiter `arb` and the
/// events' ids.
fn two_events_with_their_results_in(server: &ServerProcess) -> (Client, Vec<String>) {
    let arbiter = Client::sign_up(&server.url, "arb");
    let ana = Client::sign_up(&server.url, "ana");
    Client::sign_up(&server.url, "ben");
    let mut ids = Vec::new();
    for name in ["Rapid", "Blitz"] {
        let (id, paired) = paired_event(&arbiter, name, &["ana", "ben"], 60);
        let game = paired["rounds"][0]["tables"][0]["game"]
            .as_str()
            .unwrap()
            .to_string();
        let resigned = ana.post(&format!("/api/games/{game}/resign"), &json!({}));
        assert_eq!(resigned.status, 200, "{resigned:?}");
        event_when(&arbiter, &id, |e| round_done(e, 1));
        ids.push(id);
    }
    (arbiter, ids)
}

#[test]
fn a_start_of_the_server_writes_no_desk_that_did_not_change() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let server = ServerProcess::start(&db, &[]);
    let (arbiter, ids) = two_events_with_their_results_in(&server);
    let before: Vec<Value> = ids
        .iter()
        .map(|id| arbiter.get(&format!("/api/events/{id}")).json)
        .collect();
    assert!(server.stop().success());

    // Each event has a game that ended, whose result is in: starting again
    // enters nothing, so it stores no desk.
    assert_eq!(desk_writes(&db), 0);
    for start in 1..=2 {
        let server = ServerProcess::start(&db, &[]);
        let client = Client::new(&server.url);
        for (id, before) in ids.iter().zip(&before) {
            let now = client.get(&format!("/api/events/{id}")).json;
            assert_eq!(&now, before, "start {start}: event {id} as it was");
        }
        assert!(server.stop().success());
        assert_eq!(desk_writes(&db), 0, "start {start} wrote a desk");
    }
}

/// A start reads only the events with a game that ended while the server was
/// stopped, not every event with an ended game: the desk of an event whose
/// results are all in is made unreadable, and the server starts all the same
/// (it read that desk at every start, and refused to start on it). A file of
/// the schema before the games were marked is migrated, and its first start
/// marks them.
#[test]
fn a_start_reads_no_event_whose_results_are_all_in() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let server = ServerProcess::start(&db, &[]);
    let (arbiter, ids) = two_events_with_their_results_in(&server);
    let blitz = arbiter.get(&format!("/api/events/{}", ids[1])).json;
    assert!(server.stop().success());

    // The file as the schema before the marks left it (version 3).
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch(
        "DROP INDEX event_game_waiting;
         ALTER TABLE event_game DROP COLUMN entered;
         PRAGMA user_version = 3;",
    )
    .unwrap();
    drop(conn);
    // Migrated, the games not marked yet: this start reads both events.
    let server = ServerProcess::start(&db, &[]);
    assert!(server.stop().success());

    rusqlite::Connection::open(&db)
        .unwrap()
        .execute("UPDATE event SET desk = x'00' WHERE id = ?1", [&ids[0]])
        .unwrap();
    let server = ServerProcess::start(&db, &[]);
    let client = Client::new(&server.url);
    assert_eq!(client.get(&format!("/api/events/{}", ids[1])).json, blitz);
    assert!(server.stop().success());
}

/// An arbiter undoes a round while its game's first move arrives, in the same
/// moment, many times over: either the move is refused (the game called off)
/// or the undoing is (the round has begun), never both taken, and the game and
/// the event say the same.
#[test]
fn an_unpairing_racing_a_first_move_takes_one_of_them_never_both() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let arbiter = Client::sign_up(&server.url, "arb");
    let people: HashMap<&str, Client> = ["ana", "ben"]
        .into_iter()
        .map(|n| (n, Client::sign_up(&server.url, n)))
        .collect();
    let mut seed = 0x5eed_0fa1_u64;
    let mut taken = HashMap::new();
    let deadline = Instant::now() + Duration::from_secs(120);
    for attempt in 0..100 {
        if Instant::now() > deadline {
            break;
        }
        let (id, paired) = paired_event(&arbiter, &format!("Race {attempt}"), &["ana", "ben"], 600);
        let game_id = paired["rounds"][0]["tables"][0]["game"]
            .as_str()
            .unwrap()
            .to_string();
        let game = arbiter.get(&format!("/api/games/{game_id}")).json;
        let to_move = game["to_move"].as_str().unwrap();
        let mover = game["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["seat"] == to_move)
            .unwrap()["username"]
            .as_str()
            .unwrap()
            .to_string();
        let mv = position_of(&game).sorted_legal_moves()[0].to_string();
        // The undoing starts up to 3 ms after the move, or the move after it.
        let delay = Duration::from_micros(next(&mut seed) % 3000);
        let move_first = next(&mut seed).is_multiple_of(2);
        let barrier = std::sync::Barrier::new(2);
        let (unpaired, moved) = std::thread::scope(|scope| {
            let unpair = scope.spawn(|| {
                barrier.wait();
                if move_first {
                    std::thread::sleep(delay);
                }
                arbiter.post(&format!("/api/events/{id}/unpair"), &json!({}))
            });
            let play = scope.spawn(|| {
                barrier.wait();
                if !move_first {
                    std::thread::sleep(delay);
                }
                people[mover.as_str()].play(&game_id, &mv, Some(1))
            });
            (unpair.join().unwrap(), play.join().unwrap())
        });
        let game = arbiter.get(&format!("/api/games/{game_id}")).json;
        let event = arbiter.get(&format!("/api/events/{id}")).json;
        let rounds = event["rounds"].as_array().unwrap().len();
        let plies = game["moves"].as_array().unwrap().len();
        match (unpaired.status, moved.status) {
            (200, 409) => {
                assert_eq!(
                    (game["status"].as_str(), plies, rounds),
                    (Some("aborted"), 0, 0),
                    "attempt {attempt}: undone; {game}"
                );
            }
            (409, 200) => {
                assert_eq!(
                    (game["status"].as_str(), plies, rounds),
                    (Some("playing"), 1, 1),
                    "attempt {attempt}: moved; {game}"
                );
                assert_eq!(event["rounds"][0]["tables"][0]["game"], game_id.as_str());
            }
            other => panic!(
                "attempt {attempt}: unpair and first move answered {other:?} \
                 (one of them must be refused): {} {}; the game: {game}",
                unpaired.json["message"], moved.json["message"]
            ),
        }
        *taken.entry((unpaired.status, moved.status)).or_insert(0) += 1;
    }
    assert!(
        taken.values().sum::<u32>() >= 20,
        "too few attempts: {taken:?}"
    );
}
