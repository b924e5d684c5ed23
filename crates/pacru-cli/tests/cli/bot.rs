//! `pacru bot` and `pacru serve --bot` as real processes between a real
//! `pacru serve` and engine programs: people (random legal moves) and bots
//! play 2-, 3- and 4-player games to the end, with every move legal, no flag
//! and the records `ok`; and the bridge under faults (a server restart, a
//! network cut and one gone silent, an engine that crashes and is started
//! again, one that exits at once, one that answers an illegal move), and
//! stopped by SIGTERM with its engines.

use crate::common;

use crate::common::proxy::Proxy;
use crate::common::server::{Client, ServerProcess};
use pacru_core::{Move, Position, RulesEdition};
use pacru_protocol::engines::{Rng, random_move};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// A `pacru bot` process, killed when dropped.
struct Bot(Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `pacru bot --server URL --token TOKEN ARGS -- ENGINE`, its standard
/// error into `log` when given.
fn start_bot(url: &str, token: &str, args: &[&str], engine: &[&str], log: Option<&Path>) -> Bot {
    start_bot_with(url, &["--token", token], args, engine, log)
}

/// [`start_bot`] with `auth` (`--token T` or `--token-file F`) for the token.
fn start_bot_with(
    url: &str,
    auth: &[&str],
    args: &[&str],
    engine: &[&str],
    log: Option<&Path>,
) -> Bot {
    let mut all = vec!["bot", "--server", url];
    all.extend_from_slice(auth);
    all.extend_from_slice(args);
    all.push("--");
    all.extend_from_slice(engine);
    let stderr = match log {
        Some(path) => Stdio::from(std::fs::File::create(path).unwrap()),
        None => Stdio::null(),
    };
    Bot(common::spawn_pacru(&all, stderr))
}

/// The position of `game` (the API's game object) after its moves, each of
/// which must be legal.
fn replay(game: &Value) -> Position {
    let players = game["players"].as_array().unwrap().len();
    let rules: RulesEdition = game["rules"].as_str().unwrap().parse().unwrap();
    let mut position = Position::standard(players).unwrap().with_rules(rules);
    for m in game["moves"].as_array().unwrap() {
        let mv: Move = m.as_str().unwrap().parse().unwrap();
        position = position
            .play(&mv)
            .unwrap_or_else(|e| panic!("{mv} is illegal ({e}) in {game}"));
    }
    position
}

/// People playing random legal moves (never `resign`) in their seats.
struct People {
    clients: HashMap<String, Client>,
    rng: Rng,
}

impl People {
    fn new(server: &str, names: &[&str], seed: u64) -> People {
        People {
            clients: names
                .iter()
                .map(|n| (n.to_string(), Client::sign_up(server, n)))
                .collect(),
            rng: Rng::new(seed),
        }
    }

    fn client(&self, name: &str) -> &Client {
        &self.clients[name]
    }

    /// Plays the people's moves in `games` until every game is finished, or
    /// until `stop_after` moves were made in all; the games as they stand.
    fn play(&mut self, games: &[String], stop_after: usize, secs: u64) -> Vec<Value> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        let anyone = self.clients.values().next().unwrap();
        let mut made = 0;
        loop {
            assert!(Instant::now() < deadline, "the games did not go on in time");
            let now: Vec<Value> = games
                .iter()
                .map(|id| anyone.get(&format!("/api/games/{id}")).json)
                .collect();
            if made >= stop_after || now.iter().all(|g| g["status"] == "finished") {
                return now;
            }
            let mut moved = false;
            for game in &now {
                assert_ne!(game["status"], "aborted", "{game}");
                if game["status"] != "playing" {
                    continue;
                }
                let to_move = &game["to_move"];
                let Some(player) = game["players"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|p| &p["seat"] == to_move)
                else {
                    continue;
                };
                let Some(client) = player["username"]
                    .as_str()
                    .and_then(|n| self.clients.get(n))
                else {
                    continue;
                };
                let position = replay(game);
                let mv = random_move(&position, &mut self.rng).expect("a move");
                let ply = game["moves"].as_array().unwrap().len() + 1;
                let id = game["id"].as_str().unwrap();
                let played = client.play(id, &mv.to_string(), Some(ply));
                assert_eq!(played.status, 200, "{mv} in {game}: {played:?}");
                made += 1;
                moved = true;
            }
            if !moved {
                // Bounded poll: the bots are thinking.
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    }
}

/// Checks that finished `game` replays to a finished position with every move
/// legal, ended by the rules with nobody resigning or flagged, and that its
/// record is `ok` for `pacru check`.
fn check_finished(server: &str, game: &Value) {
    check_finished_with(server, game, 0);
}

/// [`check_finished`] for a game in which `resigned` players resigned (a
/// flag in a 3-4 player game is stored as a `resign` too: nobody else did).
fn check_finished_with(server: &str, game: &Value, resigned: usize) {
    assert_eq!(game["status"], "finished", "{game}");
    let moves = game["moves"].as_array().unwrap();
    assert!(moves.len() >= 2, "{game}");
    assert!(replay(game).is_finished(), "{game}");
    assert_eq!(game["termination"], "rules", "{game}");
    assert_eq!(
        moves.iter().filter(|m| *m == "resign").count(),
        resigned,
        "{game}"
    );
    let id = game["id"].as_str().unwrap();
    let record = Client::new(server).get(&format!("/api/games/{id}/pgr"));
    assert_eq!(record.status, 200);
    let run = common::pacru_with_input(&["check", "--format", "json", "-"], record.text.as_bytes());
    let verdict: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(verdict["status"], "ok", "{}\n{verdict}", record.text);
}

/// `creator` opens a game of `players` with `rules` and a clock, inviting
/// `invite`; its id.
fn open_game(
    creator: &Client,
    players: usize,
    rules: &str,
    clock: Value,
    invite: &[&str],
) -> String {
    let created = creator.post(
        "/api/games",
        &json!({"players": players, "rules": rules, "rated": true, "clock": clock,
                "invite": invite}),
    );
    assert_eq!(created.status, 201, "{created:?}");
    created.json["id"].as_str().unwrap().to_string()
}

/// Opens a 2-player game without a clock in which `player` takes the second
/// seat and invites `robo`, then waits (up to a minute) for robo's first move:
/// the game's id.
fn invite_robo_to_move_first(player: &Client) -> String {
    let created = player.post(
        "/api/games",
        &json!({"players": 2, "rules": "2004", "seat": "R", "clock": null, "invite": ["robo"]}),
    );
    assert_eq!(created.status, 201, "{created:?}");
    let id = created.json["id"].as_str().unwrap().to_string();
    let deadline = Instant::now() + Duration::from_secs(60);
    while player.get(&format!("/api/games/{id}")).json["moves"]
        .as_array()
        .is_none_or(Vec::is_empty)
    {
        assert!(Instant::now() < deadline, "the bot did not move");
        std::thread::sleep(Duration::from_millis(20));
    }
    id
}

/// A clock of 20 s a player and no increment: the search engine spends a
/// thirtieth of what is left on each move, so a game takes seconds.
fn short_clock() -> Value {
    json!({"initial": 20, "increment": 0})
}

#[test]
fn server_bots_play_two_three_and_four_player_games_with_people() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(
        &dir.path().join("server.db"),
        &[
            "--bot",
            "search=pacru engine search --seed 3",
            "--bot",
            "random=pacru engine random --seed 5",
        ],
    );
    let mut people = People::new(&server.url, &["ana", "cy"], 0x9E37_79B9_7F4A_7C15);
    // The server made the bot accounts before it listened.
    for bot in ["search", "random"] {
        let profile = people.client("ana").get(&format!("/api/users/{bot}"));
        assert_eq!(profile.json["bot"], true, "{profile:?}");
    }
    let (ana, cy) = (people.client("ana"), people.client("cy"));
    let games = vec![
        open_game(ana, 2, "2004", short_clock(), &["search"]),
        open_game(ana, 2, "2011", short_clock(), &["random"]),
        open_game(cy, 3, "2004", short_clock(), &["search", "random"]),
        open_game(cy, 4, "2011", short_clock(), &["ana", "search", "random"]),
    ];
    assert_eq!(
        ana.post(&format!("/api/games/{}/join", games[3]), &json!({}))
            .status,
        200
    );
    // In the 4-player game cy (the first to move) resigns at once: the bots
    // go on with a history that holds a `resign`.
    let deadline = Instant::now() + Duration::from_secs(60);
    while people
        .client("cy")
        .get(&format!("/api/games/{}", games[3]))
        .json["status"]
        != "playing"
    {
        assert!(Instant::now() < deadline, "the bots did not join");
        std::thread::sleep(Duration::from_millis(20));
    }
    let resigned = people
        .client("cy")
        .post(&format!("/api/games/{}/resign", games[3]), &json!({}));
    assert_eq!(resigned.status, 200, "{resigned:?}");
    let started = Instant::now();
    let finished = people.play(&games, usize::MAX, 150);
    eprintln!("4 games with bots finished in {:?}", started.elapsed());
    for (i, game) in finished.iter().enumerate() {
        check_finished_with(&server.url, game, usize::from(i == 3));
        let bots: Vec<&str> = game["players"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["bot"] == true)
            .map(|p| p["username"].as_str().unwrap())
            .collect();
        assert!(!bots.is_empty(), "{game}");
    }
    // A rated game between people and bots counts for both.
    let search = people.client("ana").get("/api/users/search").json;
    assert_eq!(search["ratings"]["2"]["games"], 1, "{search}");
    assert_eq!(search["ratings"]["3"]["games"], 1, "{search}");
    assert_eq!(search["ratings"]["4"]["games"], 1, "{search}");
}

/// The ids of the processes whose parent is `pid`.
fn children(pid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(child) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{child}/stat")) else {
            continue;
        };
        // `pid (comm) state ppid ...`; comm may hold spaces and parentheses.
        let after = &stat[stat.rfind(')').unwrap() + 2..];
        let ppid: u32 = after.split(' ').nth(1).unwrap().parse().unwrap();
        if ppid == pid {
            found.push(child);
        }
    }
    found
}

/// Whether process `pid` is gone (or a zombie waiting to be reaped).
fn gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat[stat.rfind(')').unwrap() + 2..].starts_with('Z'),
    }
}

#[test]
fn sigterm_stops_the_server_with_its_bots_and_their_engines() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(
        &dir.path().join("server.db"),
        &["--bot", "robo=pacru engine random --seed 9"],
    );
    let ana = Client::sign_up(&server.url, "ana");
    // Ana takes the second seat: the bot moves first, and its engine stays
    // for the rest of the game.
    invite_robo_to_move_first(&ana);
    assert_eq!(
        engines_of(server.pid()).len(),
        1,
        "the bot's engine runs under the server"
    );
    // The engine, and the runner's watchdog of engine groups.
    let engines = children(server.pid());
    let status = server.stop();
    assert!(status.success(), "{status:?}");
    let deadline = Instant::now() + Duration::from_secs(10);
    while !engines.iter().all(|&pid| gone(pid)) {
        assert!(
            Instant::now() < deadline,
            "engines left running: {engines:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
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
    let db_text = db.to_str().unwrap().to_string();
    let start = || {
        let args = [
            "serve",
            "--db",
            &db_text,
            "--listen",
            &listen,
            "--test-clock",
            "--rate-limit",
            "1000000",
        ];
        ServerProcess::start_with(&db, &args)
    };
    let server = start();
    let mut people = People::new(&server.url, &["ana"], 0x2545_F491_4F6C_DD1D);
    let robo = Client::bot(&server.url, "robo");
    let _bot = start_bot(
        &server.url,
        robo.token.as_ref().unwrap(),
        &["--accept", "ana"],
        &["pacru", "engine", "random", "--seed", "7"],
        None,
    );
    let id = open_game(
        people.client("ana"),
        2,
        "2004",
        json!({"initial": 300, "increment": 2}),
        &["robo"],
    );
    let games = [id];
    let game = &people.play(&games, 3, 60)[0];
    assert_eq!(game["status"], "playing", "{game}");
    server.kill();
    let server = start();
    // Ana signs in again on the new server (her account is in the database).
    let ana = Client::new(&server.url);
    let signed = ana.sign_in("ana", "password-of-ana");
    assert_eq!(signed.status, 200, "{signed:?}");
    people.clients.insert("ana".into(), ana);
    let game = &people.play(&games, usize::MAX, 120)[0];
    check_finished(&server.url, game);
}

#[test]
fn the_bot_reconnects_after_the_network_is_cut_and_after_it_goes_silent() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let proxy = Proxy::start(&server.url);
    let mut people = People::new(&server.url, &["ana"], 0x0123_4567_89AB_CDEF);
    let robo = Client::bot(&server.url, "robo");
    // The bot reaches the server only through the proxy; a stream silent for
    // 2 s is given up (the default is three keep-alives, 21 s).
    let _bot = start_bot(
        &proxy.url,
        robo.token.as_ref().unwrap(),
        &["--stream-timeout", "2"],
        &["pacru", "engine", "random", "--seed", "11"],
        None,
    );
    let games = [open_game(
        people.client("ana"),
        2,
        "2004",
        Value::Null,
        &["robo"],
    )];
    let game = &people.play(&games, 4, 60)[0];
    assert_eq!(game["status"], "playing", "{game}");
    let before = proxy.accepted();
    proxy.cut_all();
    let game = &people.play(&games, 4, 60)[0];
    assert_eq!(game["status"], "playing", "{game}");
    let after_cut = proxy.accepted();
    assert!(after_cut > before, "the bot did not connect again");
    // Now the connections stay open but nothing comes through: only the
    // bridge's read timeout gets it going again.
    proxy.mute_all();
    let game = &people.play(&games, usize::MAX, 90)[0];
    check_finished(&server.url, game);
    assert!(proxy.accepted() > after_cut);
}

/// Plays `e1-e2` as Black in the 2-player game `id` once it starts, then waits
/// (up to a minute) for the game to finish: the game as the server has it.
fn play_e1_e2_until_finished(player: &Client, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut moved = false;
    loop {
        assert!(
            Instant::now() < deadline,
            "the bot neither moved nor resigned"
        );
        let game = player.get(&format!("/api/games/{id}")).json;
        if game["status"] == "finished" {
            return game;
        }
        if !moved && game["status"] == "playing" && game["to_move"] == "K" {
            assert_eq!(player.play(id, "e1-e2", Some(1)).status, 200);
            moved = true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn an_illegal_engine_move_is_never_sent_and_the_bot_resigns() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let proxy = Proxy::start(&server.url);
    let ana = Client::sign_up(&server.url, "ana");
    let robo = Client::bot(&server.url, "robo");
    let script = dir.path().join("illegal.py");
    std::fs::write(&script, REPLY_ENGINE).unwrap();
    let log = dir.path().join("bot.log");
    let _bot = start_bot(
        &proxy.url,
        robo.token.as_ref().unwrap(),
        &[],
        &["python3", script.to_str().unwrap()],
        Some(&log),
    );
    let id = open_game(&ana, 2, "2004", Value::Null, &["robo"]);
    let game = play_e1_e2_until_finished(&ana, &id);
    assert_eq!(game["termination"], "resignation", "{game}");
    assert_eq!(game["moves"], json!(["e1-e2", "resign"]), "{game}");
    // Everything the bot sent went through the proxy: it joined and resigned,
    // and never asked for a move.
    let sent = proxy.sent();
    assert!(
        sent.contains(&format!("POST /api/games/{id}/join ")),
        "{sent}"
    );
    assert!(
        sent.contains(&format!("POST /api/games/{id}/resign ")),
        "{sent}"
    );
    assert!(!sent.contains("/move/"), "{sent}");
    let log = std::fs::read_to_string(&log).unwrap();
    assert!(log.contains("e1-e9") && log.contains("illegal"), "{log}");
}

/// An engine that relays `pacru engine random` (its path the first argument)
/// and crashes (exit status 3) at its second move request: each process it
/// starts plays one move.
const CRASH_AT_SECOND_MOVE: &str = r#"
import subprocess, sys, threading
child = subprocess.Popen([sys.argv[1], "engine", "random", "--seed", "7"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def relay():
    for line in child.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()
threading.Thread(target=relay, daemon=True).start()
asked = 0
for line in sys.stdin:
    if line.split()[:1] == ["go"]:
        asked += 1
        if asked == 2:
            sys.stderr.write("crashing at the second move request\n")
            child.kill()
            sys.exit(3)
    child.stdin.write(line)
    child.stdin.flush()
child.wait()
"#;

/// An engine that crashes in the middle of a game is started again, asked the
/// same turn once more, and the game goes on to its end: every process of it
/// plays one move, then crashes at its second request.
#[test]
fn an_engine_that_speaks_only_json_lines_plays_with_framing_json() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let mut people = People::new(&server.url, &["ana"], 0x000A_5C11);
    let robo = Client::bot(&server.url, "robo");
    let log = dir.path().join("bot.log");
    let _bot = start_bot(
        &server.url,
        robo.token.as_ref().unwrap(),
        &["--framing", "json"],
        &[
            "pacru",
            "engine",
            "random",
            "--framing",
            "json",
            "--seed",
            "3",
        ],
        Some(&log),
    );
    let id = open_game(people.client("ana"), 2, "2004", Value::Null, &["robo"]);
    let game = people
        .play(std::slice::from_ref(&id), usize::MAX, 120)
        .remove(0);
    check_finished(&server.url, &game);
    let log = std::fs::read_to_string(&log).unwrap();
    assert!(!log.contains("asking a new engine process"), "{log}");
}

#[test]
fn an_engine_that_crashes_is_started_again_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let mut people = People::new(&server.url, &["ana"], 0x5EED);
    let robo = Client::bot(&server.url, "robo");
    let script = dir.path().join("crashing.py");
    std::fs::write(&script, CRASH_AT_SECOND_MOVE).unwrap();
    let log = dir.path().join("bot.log");
    let _bot = start_bot(
        &server.url,
        robo.token.as_ref().unwrap(),
        &[],
        &[
            "python3",
            script.to_str().unwrap(),
            env!("CARGO_BIN_EXE_pacru"),
        ],
        Some(&log),
    );
    let id = open_game(people.client("ana"), 2, "2004", Value::Null, &["robo"]);
    let game = people
        .play(std::slice::from_ref(&id), usize::MAX, 120)
        .remove(0);
    check_finished(&server.url, &game);
    let log = std::fs::read_to_string(&log).unwrap();
    let restarts = log.matches("asking a new engine process once more").count();
    let robo_moves = game["moves"].as_array().unwrap().len() / 2;
    assert!(
        restarts >= 2 && restarts + 1 >= robo_moves,
        "{restarts} restarts for {robo_moves} moves:\n{log}"
    );
    assert!(!log.contains("resigning"), "{log}");
}

#[test]
fn a_failing_engine_resigns_and_invitations_the_filters_refuse_are_declined() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let ana = Client::sign_up(&server.url, "ana");
    let cy = Client::sign_up(&server.url, "cy");
    let robo = Client::bot(&server.url, "robo");
    // An engine that exits at once, before its handshake; invitations of
    // 3 players or without a clock are not accepted.
    let _bot = start_bot(
        &server.url,
        robo.token.as_ref().unwrap(),
        &[
            "--accept",
            "ana",
            "--players",
            "2,4",
            "--clock",
            "realtime,correspondence",
        ],
        &["sh", "-c", "exit 3"],
        None,
    );
    let clock = json!({"initial": 300, "increment": 2});
    let left = [
        open_game(&cy, 2, "2004", clock.clone(), &["robo"]),
        open_game(&ana, 3, "2004", clock.clone(), &["robo", "cy"]),
        open_game(&ana, 2, "2004", Value::Null, &["robo"]),
    ];
    let id = open_game(&ana, 2, "2011", clock, &["robo"]);
    let game = play_e1_e2_until_finished(&ana, &id);
    assert_eq!(game["termination"], "resignation", "{game}");
    assert_eq!(game["winner"], "Black", "{game}");
    // The bridge resigned on its turn (the server records that as the move
    // `resign`); the engine gave no move, so none was sent.
    assert_eq!(game["moves"], json!(["e1-e2", "resign"]), "{game}");
    // The invitations it does not accept are declined, which gives them up
    // (the server sends every open invitation in one batch when the bot
    // connects, or each as it is made: the bot has seen them by now).
    for other in left {
        let other = ana.get(&format!("/api/games/{other}")).json;
        assert_eq!(other["status"], "aborted", "{other}");
        let seated = other["players"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["username"] == "robo");
        assert!(!seated, "{other}");
    }
}

/// The Python engine of the Bots section of `docs/server.md`, written to
/// `dir/engine.py`.
fn python_engine_of_the_server_docs(dir: &Path) -> std::path::PathBuf {
    let docs = std::fs::read_to_string(common::root().join("docs/server.md")).unwrap();
    let bots = &docs[docs.find("## Bots").expect("a Bots section")..];
    let start = bots
        .find("```python\n")
        .expect("a Python engine in the Bots section")
        + 10;
    let code = &bots[start..][..bots[start..].find("```").unwrap()];
    let script = dir.join("engine.py");
    std::fs::write(&script, code).unwrap();
    script
}

#[test]
fn the_python_engine_of_the_server_docs_passes_every_engine_check() {
    // The page says that it speaks the protocol: the compliance checker
    // agrees on every check (both framings, seats, start positions, refusals,
    // `quit` without an id).
    let dir = tempfile::tempdir().unwrap();
    let script = python_engine_of_the_server_docs(dir.path());
    let run = common::pacru(&[
        "engine-check",
        "--",
        "python3",
        script.to_str().unwrap(),
        env!("CARGO_BIN_EXE_pacru"),
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("all 25 checks passed"),
        "{}",
        run.stdout
    );
}

#[test]
fn the_python_engine_of_the_server_docs_plays_a_game_through_the_bridge() {
    let dir = tempfile::tempdir().unwrap();
    let script = python_engine_of_the_server_docs(dir.path());
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let mut people = People::new(&server.url, &["ana"], 0xDEAD_BEEF_0BAD_CAFE);
    let robo = Client::bot(&server.url, "robo");
    // The token from a file, out of the process list.
    let token_file = dir.path().join("robo.token");
    std::fs::write(&token_file, format!("{}\n", robo.token.as_ref().unwrap())).unwrap();
    let _bot = start_bot_with(
        &server.url,
        &["--token-file", token_file.to_str().unwrap()],
        &[],
        &[
            "python3",
            script.to_str().unwrap(),
            env!("CARGO_BIN_EXE_pacru"),
        ],
        None,
    );
    let games = [open_game(
        people.client("ana"),
        2,
        "2011",
        Value::Null,
        &["robo"],
    )];
    let game = &people.play(&games, usize::MAX, 120)[0];
    check_finished(&server.url, game);
}

#[test]
fn a_token_that_begins_with_a_hyphen_is_read_as_the_token() {
    // Tokens are URL-safe base64: one in 64 begins with `-`. This one is
    // unknown to the server, which the bot says, and stops.
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let run = common::pacru(&[
        "bot",
        "--server",
        &server.url,
        "--token",
        "-Jq4Yx",
        "--",
        "pacru",
        "engine",
        "random",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("refused the token"), "{}", run.stderr);
}

#[test]
fn a_token_no_http_header_can_carry_stops_the_bot_at_once() {
    // A token file with a stray control character or a mistyped letter: no
    // request can carry it, so no retry could help.
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    for (name, token) in [("escape", "abc\u{1b}[2Jdef"), ("accent", "t\u{f6}k\u{e9}n")] {
        let file = dir.path().join(format!("{name}.token"));
        std::fs::write(&file, format!("{token}\n")).unwrap();
        let log = dir.path().join(format!("{name}.log"));
        let mut bot = start_bot_with(
            &server.url,
            &["--token-file", file.to_str().unwrap()],
            &[],
            &["pacru", "engine", "random"],
            Some(&log),
        );
        assert_eq!(bot_exit_code(&mut bot, 10, &log), 2, "{name}");
        let said = std::fs::read_to_string(&log).unwrap();
        assert!(
            said.contains("the token holds a character no HTTP request can carry"),
            "{name}: {said}"
        );
        assert!(!said.contains('\u{1b}'), "{name}: {said:?}");
    }
}

/// The engine processes (`pacru engine ...`) whose parent is `pid`.
fn engines_of(pid: u32) -> Vec<u32> {
    children(pid)
        .into_iter()
        .filter(|child| {
            std::fs::read(format!("/proc/{child}/cmdline"))
                .is_ok_and(|c| c.split(|&b| b == 0).any(|w| w == b"engine"))
        })
        .collect()
}

/// Waits (at most 10 s) until none of `pids` runs.
fn wait_gone(pids: &[u32]) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !pids.iter().all(|&pid| gone(pid)) {
        assert!(
            Instant::now() < deadline,
            "processes left running: {pids:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_engine_ends_with_its_game_and_sigterm_ends_the_bot_and_its_engines() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let mut people = People::new(&server.url, &["ana"], 0x005E_ED0F_A5E5);
    let robo = Client::bot(&server.url, "robo");
    // The engine starts a helper that leaves its process group, as a daemon does.
    let helper = format!("1013.{}", std::process::id());
    let script = format!(
        "setsid sleep {helper} </dev/null >/dev/null 2>&1 & exec \"$0\" engine random --seed 13"
    );
    let mut bot = start_bot(
        &server.url,
        robo.token.as_ref().unwrap(),
        &[],
        &["sh", "-c", &script, env!("CARGO_BIN_EXE_pacru")],
        None,
    );
    let bot_pid = bot.0.id();
    // A game played to its end: the engine that played it is gone after it.
    let games = [open_game(
        people.client("ana"),
        2,
        "2004",
        Value::Null,
        &["robo"],
    )];
    let game = &people.play(&games, 2, 60)[0];
    assert_eq!(game["status"], "playing", "{game}");
    let engines = engines_of(bot_pid);
    assert_eq!(engines.len(), 1, "one engine for the game: {engines:?}");
    let game = &people.play(&games, usize::MAX, 120)[0];
    check_finished(&server.url, game);
    wait_gone(&engines);
    // A game in play when SIGTERM comes: the bot exits 0 and its engine is gone.
    let ana = people.client("ana");
    invite_robo_to_move_first(ana);
    assert_eq!(engines_of(bot_pid).len(), 1);
    // The engine, and the runner's watchdog of engine groups.
    let engines = children(bot_pid);
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &bot_pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = bot.0.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "pacru bot did not stop on SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
    wait_gone(&engines);
    // The helpers of both games' engines, outside their process groups, too.
    let deadline = Instant::now() + Duration::from_secs(10);
    while !running(&["sleep", &helper]).is_empty() {
        assert!(
            Instant::now() < deadline,
            "the engine's helper outlived the bot: {:?}",
            running(&["sleep", &helper])
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The processes running (not zombies) with the command line `args`.
fn running(args: &[&str]) -> Vec<u32> {
    let wanted: Vec<u8> = args
        .iter()
        .flat_map(|a| [a.as_bytes(), b"\0"].concat())
        .collect();
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|entry| entry.file_name().to_string_lossy().parse::<u32>().ok())
        .filter(|&pid| {
            std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|c| c == wanted) && !gone(pid)
        })
        .collect()
}

#[test]
fn with_concurrency_1_a_second_invitation_waits_for_the_first_game_to_end() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let mut people = People::new(&server.url, &["ana", "cy"], 0x0BAD_F00D_1234_5678);
    let robo = Client::bot(&server.url, "robo");
    let _bot = start_bot(
        &server.url,
        robo.token.as_ref().unwrap(),
        &["--concurrency", "1"],
        &["pacru", "engine", "random", "--seed", "21"],
        None,
    );
    let first = open_game(people.client("ana"), 2, "2004", Value::Null, &["robo"]);
    // The first game under way (the bot joined it and moved) before the second
    // invitation comes.
    let game = &people.play(std::slice::from_ref(&first), 2, 60)[0];
    assert_eq!(game["status"], "playing", "{game}");
    let second = open_game(people.client("cy"), 2, "2004", Value::Null, &["robo"]);
    let mut games = vec![first.clone()];
    loop {
        let now = people.play(&games, 1, 120);
        if now[0]["status"] == "finished" {
            break;
        }
        let waiting = people
            .client("cy")
            .get(&format!("/api/games/{second}"))
            .json;
        assert_eq!(waiting["status"], "open", "joined while busy: {waiting}");
    }
    check_finished(
        &server.url,
        &people
            .client("ana")
            .get(&format!("/api/games/{first}"))
            .json,
    );
    games = vec![second];
    let game = &people.play(&games, usize::MAX, 120)[0];
    check_finished(&server.url, game);
}

#[test]
fn a_restarted_bot_counts_the_game_it_joined_before_against_its_concurrency() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let mut people = People::new(&server.url, &["ana", "cy"], 0x5EA7_ED00_0000_0001);
    let robo = Client::bot(&server.url, "robo");
    let token = robo.token.as_ref().unwrap();
    let engine = ["pacru", "engine", "random", "--seed", "5"];
    let bot = start_bot(&server.url, token, &["--concurrency", "1"], &engine, None);
    // A 3-player invitation the bot joins; it waits for cy.
    let first = open_game(
        people.client("ana"),
        3,
        "2004",
        Value::Null,
        &["robo", "cy"],
    );
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let game = people
            .client("ana")
            .get(&format!("/api/games/{first}"))
            .json;
        let seated = game["players"].as_array().unwrap();
        if seated.iter().any(|p| p["username"] == "robo") {
            break;
        }
        assert!(Instant::now() < deadline, "the bot did not join: {game}");
        std::thread::sleep(Duration::from_millis(20));
    }
    // The bot restarted: the game it joined still takes its one slot, so a
    // second invitation waits for it.
    drop(bot);
    let _bot = start_bot(&server.url, token, &["--concurrency", "1"], &engine, None);
    let second = open_game(people.client("cy"), 2, "2004", Value::Null, &["robo"]);
    std::thread::sleep(Duration::from_secs(3));
    let waiting = people
        .client("cy")
        .get(&format!("/api/games/{second}"))
        .json;
    assert_eq!(waiting["status"], "open", "joined while busy: {waiting}");
    // Once the first game has started and ended, the second is played.
    let joined = people
        .client("cy")
        .post(&format!("/api/games/{first}/join"), &json!({}));
    assert_eq!(joined.status, 200, "{joined:?}");
    let game = &people.play(std::slice::from_ref(&first), usize::MAX, 120)[0];
    check_finished(&server.url, game);
    let game = &people.play(&[second], usize::MAX, 120)[0];
    check_finished(&server.url, game);
}

/// A fake server on 127.0.0.1 that signs the bot in and then sends garbage on
/// its event stream; it records every request line it gets.
fn hostile_server() -> (String, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let record = std::sync::Arc::clone(&seen);
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let record = std::sync::Arc::clone(&record);
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut first = String::new();
                if reader.read_line(&mut first).is_err() {
                    return;
                }
                loop {
                    let mut header = String::new();
                    match reader.read_line(&mut header) {
                        Ok(0) | Err(_) => return,
                        Ok(_) if header == "\r\n" => break,
                        Ok(_) => {}
                    }
                }
                let request = first.trim_end().to_string();
                record.lock().unwrap().push(request.clone());
                let head = |status: &str| {
                    format!(
                        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
                    )
                };
                let _ = if request.starts_with("GET /api/account ") {
                    write!(
                        stream,
                        "{}{{\"username\":\"robo\",\"bot\":true}}",
                        head("200 OK")
                    )
                } else if request.starts_with("GET /api/stream/event ") {
                    let mut body = String::new();
                    body.push_str("\x1b]0;pwned\x07\x1b[2J not json\n");
                    body.push_str(r#"{"type":"challenge","game":{"id":"../../x","players":[{},{}],"rules":"2004","clock":null,"creator":"\u001b[31mevil"}}"#);
                    body.push('\n');
                    body.push_str(r#"{"type":"challenge","game":{"id":"Abc12345","players":[{},{},{}],"rules":"2004","clock":null,"creator":"\u001b[31mevil\u0007"}}"#);
                    body.push('\n');
                    body.push_str(r#"{"type":"gameStart","game":{"id":"\u001b[2J"}}"#);
                    body.push('\n');
                    body.push_str(r#"{"type":"challenge","game":{"id":"Zz9","players":[{},{}],"rules":"\u001b[2J","clock":{"initial":"x"},"creator":"ana"}}"#);
                    body.push('\n');
                    write!(stream, "{}{body}", head("200 OK")).and_then(|()| {
                        // A line of 2 MiB: more than the bot reads.
                        stream.write_all(&vec![b'x'; 2 << 20])
                    })
                } else {
                    write!(
                        stream,
                        "{}{{\"error\":\"\\u001b[2J\"}}",
                        head("404 Not Found")
                    )
                };
            });
        }
    });
    (url, seen)
}

#[test]
fn garbage_from_the_server_is_survived_and_never_echoed_raw() {
    let dir = tempfile::tempdir().unwrap();
    let (url, seen) = hostile_server();
    let log = dir.path().join("bot.log");
    let mut bot = start_bot(
        &url,
        "token",
        &["--players", "2", "-v"],
        &["pacru", "engine", "random"],
        Some(&log),
    );
    // Two connections to the event stream: the bot survived the first one's
    // garbage and came back.
    let deadline = Instant::now() + Duration::from_secs(30);
    while seen
        .lock()
        .unwrap()
        .iter()
        .filter(|r| r.starts_with("GET /api/stream/event "))
        .count()
        < 2
    {
        assert!(
            Instant::now() < deadline,
            "the bot did not come back: {:?}",
            seen.lock().unwrap()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(bot.0.try_wait().unwrap().is_none(), "the bot stopped");
    let requests = seen.lock().unwrap().clone();
    // The one readable invitation its filter refuses (3 players) is declined;
    // nothing is asked of the others.
    assert!(
        requests.contains(&"POST /api/games/Abc12345/decline HTTP/1.1".to_string()),
        "{requests:?}"
    );
    // Besides, on each connection, the open games it holds a seat in (this
    // server answers 404), which it counts against its concurrency.
    for r in &requests {
        assert!(
            r.starts_with("GET /api/account ")
                || r.starts_with("GET /api/stream/event ")
                || r == "GET /api/games?status=open&player=robo HTTP/1.1"
                || r.starts_with("POST /api/games/Abc12345/decline ")
                || r.starts_with("POST /api/games/Zz9/decline "),
            "{r}"
        );
    }
    let _ = bot.0.kill();
    let _ = bot.0.wait();
    let log = std::fs::read(&log).unwrap();
    assert!(!log.is_empty());
    assert!(
        !log.iter().any(|&b| b == 0x1b || b == 0x07),
        "{}",
        String::from_utf8_lossy(&log)
    );
}

#[test]
fn the_search_engine_answers_in_a_game_without_a_clock() {
    // Untimed, the search engine thinks until told to stop: the bridge gives
    // it `--move-time` a move.
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let mut people = People::new(&server.url, &["ana"], 0x1357_9BDF_2468_ACE0);
    let robo = Client::bot(&server.url, "robo");
    let _bot = start_bot(
        &server.url,
        robo.token.as_ref().unwrap(),
        &["--move-time", "1"],
        &["pacru", "engine", "search"],
        None,
    );
    let games = [open_game(
        people.client("ana"),
        2,
        "2004",
        Value::Null,
        &["robo"],
    )];
    let started = Instant::now();
    // Ana's third move comes after the bot's second.
    let game = &people.play(&games, 3, 30)[0];
    let moves = game["moves"].as_array().unwrap();
    assert!(moves.len() >= 5, "{game}");
    replay(game);
    eprintln!("two moves of the search engine in {:?}", started.elapsed());
}

#[test]
fn serve_refuses_a_bot_named_like_a_person_or_without_a_command() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let server = ServerProcess::start(&db, &[]);
    Client::sign_up(&server.url, "ana");
    assert!(server.stop().success());
    let db = db.to_str().unwrap();
    let run = common::pacru(&[
        "serve",
        "--db",
        db,
        "--listen",
        "127.0.0.1:0",
        "--bot",
        "ana=pacru engine random",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("bot `ana`") && run.stderr.contains("person"),
        "{}",
        run.stderr
    );
    for bad in ["random", "random=", "=pacru engine random"] {
        let run = common::pacru(&["serve", "--db", db, "--listen", "127.0.0.1:0", "--bot", bad]);
        assert_eq!(run.code, 2, "{bad}: {}", run.stderr);
        assert!(run.stderr.contains("NAME=COMMAND"), "{bad}: {}", run.stderr);
    }
}

#[test]
fn the_token_comes_from_one_place() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.token");
    std::fs::write(&empty, "\n").unwrap();
    let empty = empty.to_str().unwrap();
    let server = "http://127.0.0.1:9";
    let engine = ["--", "pacru", "engine", "random"];
    for (args, said) in [
        (vec!["bot", "--server", server], "--token"),
        (
            vec![
                "bot",
                "--server",
                server,
                "--token",
                "t",
                "--token-file",
                empty,
            ],
            "cannot be used with",
        ),
        (
            vec!["bot", "--server", server, "--token-file", empty],
            "no token on its first line",
        ),
        (
            vec![
                "bot",
                "--server",
                server,
                "--token-file",
                "/nonexistent/x.token",
            ],
            "/nonexistent/x.token",
        ),
    ] {
        let mut all = args.clone();
        all.extend_from_slice(&engine);
        let run = common::pacru(&all);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(said), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn a_bot_the_server_runs_has_the_servers_token_only() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    // An existing bot account with a token of its own.
    let server = ServerProcess::start(&db, &[]);
    let robo = Client::bot(&server.url, "robo");
    assert_eq!(robo.get("/api/account").status, 200);
    assert!(server.stop().success());
    let server = ServerProcess::start(&db, &["--bot", "robo=pacru engine random --seed 2"]);
    let mut old = Client::new(&server.url);
    old.token = robo.token.clone();
    old.origin = None;
    assert_eq!(
        old.get("/api/account").status,
        401,
        "the old token is revoked"
    );
    // The server's own token works: its bridge joins and plays.
    let mut people = People::new(&server.url, &["ana"], 0x2468_1357_ACE0_BDF1);
    let games = [open_game(
        people.client("ana"),
        2,
        "2004",
        Value::Null,
        &["robo"],
    )];
    let game = &people.play(&games, 2, 60)[0];
    assert_eq!(game["status"], "playing", "{game}");
    assert!(game["moves"].as_array().unwrap().len() >= 3, "{game}");
}

/// An engine with one string option, `Reply`, whose value is the move it gives
/// to every `go`: unless set, `e1-e9`, which is never legal there (no chevron
/// travels 8 fields at the start of a game).
const REPLY_ENGINE: &str = r#"
import sys
reply = "e1-e9"
for line in sys.stdin:
    words = line.split()
    if len(words) < 2:
        continue
    tag, rid = words[0], words[1]
    if tag == "hello":
        print(f"option {rid} name=Reply kind=string default=e1-e9", flush=True)
        print(f"= {rid} protocol=1 name=replier author=test version=1", flush=True)
    elif tag == "setoption":
        fields = dict(w.split("=", 1) for w in words[2:] if "=" in w)
        if fields.get("name", "").lower() != "reply":
            print(f"? {rid} unknown option", flush=True)
            continue
        reply = fields.get("value", "")
        print(f"= {rid}", flush=True)
    elif tag == "go":
        print(f"= {rid} move={reply}", flush=True)
    else:
        print(f"= {rid}", flush=True)
        if tag == "quit":
            break
"#;

#[test]
fn engine_options_reach_the_engine_of_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let ana = Client::sign_up(&server.url, "ana");
    let robo = Client::bot(&server.url, "robo");
    let script = dir.path().join("replier.py");
    std::fs::write(&script, REPLY_ENGINE).unwrap();
    let _bot = start_bot(
        &server.url,
        robo.token.as_ref().unwrap(),
        &["--option", "Reply=e9-e8"],
        &["python3", script.to_str().unwrap()],
        None,
    );
    let id = open_game(&ana, 2, "2004", Value::Null, &["robo"]);
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut moved = false;
    let game = loop {
        assert!(Instant::now() < deadline, "the bot did not answer");
        let game = ana.get(&format!("/api/games/{id}")).json;
        if game["status"] == "finished" || game["moves"].as_array().is_some_and(|m| m.len() == 2) {
            break game;
        }
        if !moved && game["status"] == "playing" && game["to_move"] == "K" {
            assert_eq!(ana.play(&id, "e1-e2", Some(1)).status, 200);
            moved = true;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    // Without the option the engine would give e1-e9 and the bot resign.
    assert_eq!(game["moves"], json!(["e1-e2", "e9-e8"]), "{game}");
    assert_eq!(game["status"], "playing", "{game}");
}

#[test]
fn a_framing_the_engine_does_not_speak_stops_the_bot_before_any_game() {
    // No server listens there: the engine is checked before the bot connects.
    let run = common::pacru(&[
        "bot",
        "--server",
        "http://127.0.0.1:9",
        "--token",
        "t",
        "--framing",
        "json",
        "--",
        "pacru",
        "engine",
        "random",
        "--framing",
        "text",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .starts_with("pacru: error: the engine with its --framing settings: ")
            && run
                .stderr
                .contains("the line is text: the engine may speak only text lines"),
        "{}",
        run.stderr
    );
}

#[test]
fn an_option_the_engine_refuses_stops_the_bot_before_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("replier.py");
    std::fs::write(&script, REPLY_ENGINE).unwrap();
    // No server listens there: the engine is checked before the bot connects.
    let server = "http://127.0.0.1:9";
    for (option, engine, said) in [
        (
            "Colour=blue",
            vec!["python3", script.to_str().unwrap()],
            "Colour=blue",
        ),
        (
            "Nodes=many",
            vec!["pacru", "engine", "search"],
            "Nodes=many",
        ),
        ("=3", vec!["pacru", "engine", "search"], "no option name"),
        ("Nodes", vec!["pacru", "engine", "search"], "NAME=VALUE"),
    ] {
        let mut args = vec![
            "bot", "--server", server, "--token", "t", "--option", option, "--",
        ];
        args.extend_from_slice(&engine);
        let run = common::pacru(&args);
        assert_eq!(run.code, 2, "{option}: {}", run.stderr);
        assert!(run.stderr.contains(said), "{option}: {}", run.stderr);
    }
}

/// Waits (at most `secs`) for `bot` to stop; its exit code.
fn bot_exit_code(bot: &mut Bot, secs: u64, log: &Path) -> i32 {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        if let Some(status) = bot.0.try_wait().unwrap() {
            return status.code().unwrap_or(-1);
        }
        assert!(
            Instant::now() < deadline,
            "pacru bot still runs after {secs} s: {}",
            std::fs::read_to_string(log).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_token_revoked_while_the_bot_plays_stops_it_and_its_engine() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let mut people = People::new(&server.url, &["ana"], 0x0BAD_70CE);
    let robo = Client::bot(&server.url, "robo");
    let log = dir.path().join("bot.log");
    let mut bot = start_bot(
        &server.url,
        robo.token.as_ref().unwrap(),
        &["-v"],
        &["pacru", "engine", "random"],
        Some(&log),
    );
    let games = [open_game(
        people.client("ana"),
        2,
        "2004",
        Value::Null,
        &["robo"],
    )];
    people.play(&games, 1, 60);
    let ana = Client::new(&server.url);
    let deadline = Instant::now() + Duration::from_secs(60);
    while ana.get(&format!("/api/games/{}", games[0])).json["moves"]
        .as_array()
        .map_or(0, Vec::len)
        < 2
    {
        assert!(Instant::now() < deadline, "the bot did not move");
        std::thread::sleep(Duration::from_millis(20));
    }
    let engines = engines_of(bot.0.id());
    assert_eq!(engines.len(), 1, "{engines:?}");
    // The token is revoked while the game goes on; then the bot is to move.
    assert_eq!(robo.delete("/api/token").status, 204);
    people.play(&games, 1, 60);
    // It stops with the error of a refused token, rather than sending its
    // move (and resigning) again and again, and its engine is gone.
    let code = bot_exit_code(&mut bot, 30, &log);
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("refused the token"), "{text}");
    assert!(text.matches("HTTP 401").count() <= 2, "{text}");
    wait_gone(&engines);
    let game = ana.get(&format!("/api/games/{}", games[0])).json;
    assert_eq!(game["status"], "playing", "{game}");
    assert_eq!(game["moves"].as_array().unwrap().len(), 3, "{game}");
}

/// A server on 127.0.0.1 that answers every request with a web page (200).
fn html_server() -> String {
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut line = String::new();
            while reader.read_line(&mut line).is_ok_and(|n| n > 0) && line != "\r\n" {
                line.clear();
            }
            let page = "<!doctype html><title>Welcome</title><p>nginx";
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{page}",
                page.len()
            );
        }
    });
    url
}

#[test]
fn an_address_that_is_no_pacru_server_stops_the_bot_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let robo = Client::bot(&server.url, "robo");
    let token = robo.token.as_ref().unwrap();
    let port = server.url.rsplit(':').next().unwrap();
    for (address, says) in [
        // No scheme: these can never be reached, however long the bot retries.
        (
            format!("127.0.0.1:{port}"),
            "is not the http:// or https:// address of a server",
        ),
        (
            format!("localhost:{port}"),
            "is not the http:// or https:// address of a server",
        ),
        // A path the server does not have, and a web server that is not one.
        (
            format!("{}/pacru", server.url),
            "does not answer as a pacru server",
        ),
        (html_server(), "does not answer as a pacru server"),
    ] {
        let log = dir.path().join("bot.log");
        let mut bot = start_bot(
            &address,
            token,
            &[],
            &["pacru", "engine", "random"],
            Some(&log),
        );
        let code = bot_exit_code(&mut bot, 15, &log);
        let text = std::fs::read_to_string(&log).unwrap();
        assert_eq!(code, 2, "{address}: {text}");
        assert!(text.contains(says), "{address}: {text}");
    }
    // The right address works with the same token.
    let log = dir.path().join("bot.log");
    let mut bot = start_bot(
        &server.url,
        token,
        &["-v"],
        &["pacru", "engine", "random"],
        Some(&log),
    );
    let deadline = Instant::now() + Duration::from_secs(15);
    while !std::fs::read_to_string(&log)
        .unwrap()
        .contains("following the event stream")
    {
        assert!(Instant::now() < deadline, "the bot did not sign in");
        assert!(bot.0.try_wait().unwrap().is_none(), "the bot stopped");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_bot_asks_for_the_game_only_when_a_move_may_make_it_its_turn() {
    // A 4-player game: the bot used to ask for the whole game after every
    // line of the game's stream (each player's move, its own included), which
    // ran into the server's limit of requests in fast games.
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(&dir.path().join("server.db"), &[]);
    let proxy = Proxy::start(&server.url);
    let mut people = People::new(&server.url, &["ana", "bo", "cy"], 0x0042_9429);
    let robo = Client::bot(&server.url, "robo");
    let _bot = start_bot(
        &proxy.url,
        robo.token.as_ref().unwrap(),
        &[],
        &["pacru", "engine", "random"],
        None,
    );
    let id = open_game(
        people.client("ana"),
        4,
        "2011",
        Value::Null,
        &["robo", "bo", "cy"],
    );
    for name in ["bo", "cy"] {
        let joined = people
            .client(name)
            .post(&format!("/api/games/{id}/join"), &json!({}));
        assert_eq!(joined.status, 200, "{joined:?}");
    }
    let game = &people.play(std::slice::from_ref(&id), 30, 180)[0];
    let seat = game["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["username"] == "robo")
        .unwrap()["seat"]
        .clone();
    let robo_colour: pacru_core::Colour = seat.as_str().unwrap().parse().unwrap();
    // The bot's own moves: those played when its seat was to move.
    let mut position = Position::standard(4)
        .unwrap()
        .with_rules(RulesEdition::Pacru2011);
    let mut bot_moves = 0;
    for m in game["moves"].as_array().unwrap() {
        if position.to_move() == robo_colour {
            bot_moves += 1;
        }
        position = position
            .play(&m.as_str().unwrap().parse().unwrap())
            .unwrap();
    }
    assert!(bot_moves >= 8, "{game}");
    let sent = proxy.sent();
    let gets = sent.matches(&format!("GET /api/games/{id} HTTP")).count();
    // One a turn of the bot (the move that makes it its turn), one on
    // connecting, and the keep-alive lines of a slow machine: far fewer than
    // the four lines of each round.
    assert!(
        gets <= bot_moves + 4,
        "{gets} GETs of the game for {bot_moves} moves of the bot"
    );
}

/// The request lines a fake server got, each with the time it came.
type Requests = std::sync::Arc<std::sync::Mutex<Vec<(Instant, String)>>>;

/// A fake server for one game in which the bot (`robo`, Black) is to move:
/// the first move it sends is answered 429 with `retry_after` 1, the next
/// is stored. It records each request line with the time it came.
fn limiting_server() -> (String, Requests) {
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let seen: Requests = std::sync::Arc::default();
    let record = std::sync::Arc::clone(&seen);
    let game = |moves: &[&str], to_move: &str| {
        json!({"id": "Lim1t429", "status": "playing", "rules": "2004", "rated": false,
               "clock": null, "clocks": null, "creator": "ana", "invited": ["robo"],
               "players": [{"seat": "K", "colour": "Black", "username": "robo", "bot": true},
                           {"seat": "R", "colour": "Red", "username": "ana", "bot": false}],
               "moves": moves, "to_move": to_move, "result": null, "termination": null,
               "winner": null})
    };
    let moved = std::sync::Arc::new(std::sync::Mutex::new(None::<String>));
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let (record, moved) = (
                std::sync::Arc::clone(&record),
                std::sync::Arc::clone(&moved),
            );
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut first = String::new();
                if reader.read_line(&mut first).is_err() {
                    return;
                }
                let mut length = 0;
                loop {
                    let mut header = String::new();
                    match reader.read_line(&mut header) {
                        Ok(0) | Err(_) => return,
                        Ok(_) if header == "\r\n" => break,
                        Ok(_) => {
                            if let Some(v) =
                                header.to_ascii_lowercase().strip_prefix("content-length:")
                            {
                                length = v.trim().parse().unwrap_or(0);
                            }
                        }
                    }
                }
                let mut body = vec![0; length];
                let _ = std::io::Read::read_exact(&mut reader, &mut body);
                let request = first.trim_end().to_string();
                let moves_count = record
                    .lock()
                    .unwrap()
                    .iter()
                    .filter(|(_, r)| r.starts_with("POST /api/games/Lim1t429/move/"))
                    .count();
                record
                    .lock()
                    .unwrap()
                    .push((Instant::now(), request.clone()));
                let reply = |status: &str, body: &Value| {
                    let body = body.to_string();
                    format!(
                        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                        body.len()
                    )
                };
                let stored = moved.lock().unwrap().clone();
                let now = match &stored {
                    Some(m) => game(&[m.as_str()], "R"),
                    None => game(&[], "K"),
                };
                let _ = if request.starts_with("GET /api/account ") {
                    write!(
                        stream,
                        "{}",
                        reply("200 OK", &json!({"username": "robo", "bot": true}))
                    )
                } else if request.starts_with("GET /api/stream/event ") {
                    let line = json!({"type": "gameStart", "game": now});
                    write!(
                        stream,
                        "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\n\r\n{line}\n"
                    )
                    .and_then(|()| {
                        std::thread::sleep(Duration::from_secs(60));
                        Ok(())
                    })
                } else if request.starts_with("GET /api/games/Lim1t429/stream ") {
                    write!(
                        stream,
                        "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\n\r\n{now}\n"
                    )
                    .and_then(|()| {
                        std::thread::sleep(Duration::from_secs(60));
                        Ok(())
                    })
                } else if request.starts_with("GET /api/games/Lim1t429 ") {
                    write!(stream, "{}", reply("200 OK", &now))
                } else if let Some(rest) = request.strip_prefix("POST /api/games/Lim1t429/move/") {
                    if moves_count == 0 {
                        write!(
                            stream,
                            "{}",
                            reply(
                                "429 Too Many Requests",
                                &json!({"error": "too many requests", "retry_after": 1})
                            )
                        )
                    } else {
                        let mv = rest
                            .split(['?', ' '])
                            .next()
                            .unwrap_or("")
                            .replace("%28", "(")
                            .replace("%29", ")");
                        *moved.lock().unwrap() = Some(mv.clone());
                        write!(stream, "{}", reply("200 OK", &game(&[mv.as_str()], "R")))
                    }
                } else {
                    write!(
                        stream,
                        "{}",
                        reply("404 Not Found", &json!({"error": "not found"}))
                    )
                };
            });
        }
    });
    (url, seen)
}

#[test]
fn a_move_refused_for_the_limit_of_requests_is_sent_again_when_the_server_says() {
    let dir = tempfile::tempdir().unwrap();
    let (url, seen) = limiting_server();
    let log = dir.path().join("bot.log");
    let _bot = start_bot(
        &url,
        "token",
        &["-v"],
        &["pacru", "engine", "random"],
        Some(&log),
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    let posts = loop {
        let posts: Vec<(Instant, String)> = seen
            .lock()
            .unwrap()
            .iter()
            .filter(|(_, r)| r.starts_with("POST /api/games/Lim1t429/move/"))
            .cloned()
            .collect();
        if posts.len() >= 2 {
            break posts;
        }
        assert!(Instant::now() < deadline, "{:?}", seen.lock().unwrap());
        std::thread::sleep(Duration::from_millis(20));
    };
    // The same move for the same ply, after the second the server asked
    // for, and the engine asked once.
    assert_eq!(posts[0].1, posts[1].1);
    assert!(posts[0].1.contains("?ply=1 "), "{}", posts[0].1);
    assert!(
        posts[1].0 - posts[0].0 >= Duration::from_millis(950),
        "sent again after {:?}",
        posts[1].0 - posts[0].0
    );
    std::thread::sleep(Duration::from_millis(500));
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(
        text.lines()
            .filter(|l| l.contains(" ms)") && l.contains("ply=1"))
            .count(),
        1,
        "the engine asked more than once: {text}"
    );
}
