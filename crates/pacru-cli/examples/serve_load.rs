//! Load benchmark of `pacru serve` (the figures of `docs/performance.md`).
//!
//! Starts the release `pacru` next to this example (`target/release/pacru`, or
//! `--server PATH`) on a fresh database, makes `2 x --games` accounts with
//! tokens, and opens the two-player real-time games (10+5) in steps of a fifth,
//! each player on its own WebSocket. Each player moves `--think-ms` after the
//! opponent's move reached it (default 2,000 ms: a move per game every ~2 s;
//! 1,000 ms is a move per player every ~2 s), a random legal move chosen with
//! `pacru_core::SplitMix64`. After the ramp the think time halves stage by stage
//! while the 99th percentile holds. Measured per stage: the time from a move
//! sent to its echo at the opponent's socket (median, 99th percentile, most),
//! moves per second, moves refused or lost; the server's RSS per open game; the
//! database size per 1,000 finished games.
//!
//! ```text
//! cargo build --release -p pacru-cli --bin pacru --example serve_load
//! target/release/examples/serve_load [--games 500] [--stage-secs 10]
//! ```

use futures_util::{SinkExt, StreamExt};
use pacru_core::{Move, Position, RulesEdition, SplitMix64};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// The goal: the 99th percentile of the echo under this.
const GOAL_P99_MS: f64 = 50.0;

/// What the players share with the measuring loop.
#[derive(Default)]
struct Tally {
    /// Echo times of the current stage, in microseconds.
    echoes: Mutex<Vec<u64>>,
    /// Moves answered 200.
    acked: AtomicUsize,
    /// Moves refused (an answer other than 200).
    refused: AtomicUsize,
    /// Moves whose answer or echo did not come within 10 s.
    lost: AtomicUsize,
    /// Games finished.
    finished: AtomicUsize,
    /// Plies of the finished games.
    plies: AtomicUsize,
    /// Games whose stored moves differ from the moves answered.
    mismatched: AtomicUsize,
    /// The think time of the players, in milliseconds.
    think_ms: AtomicU64,
    /// Set at the end: the player to move resigns.
    stop: AtomicBool,
}

struct Options {
    server: PathBuf,
    games: usize,
    stage_secs: u64,
    think_ms: u64,
}

fn options() -> Options {
    let mut options = Options {
        server: std::env::current_exe()
            .ok()
            .and_then(|p| Some(p.parent()?.parent()?.join("pacru")))
            .unwrap_or_else(|| PathBuf::from("pacru")),
        games: 500,
        stage_secs: 10,
        think_ms: 2000,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--server" => options.server = PathBuf::from(value),
            "--games" => options.games = value.parse().expect("--games N"),
            "--stage-secs" => options.stage_secs = value.parse().expect("--stage-secs S"),
            "--think-ms" => options.think_ms = value.parse().expect("--think-ms MS"),
            other => panic!("unknown argument {other}"),
        }
        i += 2;
    }
    options
}

/// A running `pacru serve`.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start(binary: &Path, db: &Path) -> Server {
        let mut child = Command::new(binary)
            .args(["serve", "--db"])
            .arg(db)
            .args(["--listen", "127.0.0.1:0", "--rate-limit", "100000000"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e}", binary.display()));
        let mut lines = BufReader::new(child.stderr.take().expect("stderr")).lines();
        let url = loop {
            let line = lines
                .next()
                .expect("pacru serve says `listening on`")
                .expect("stderr");
            if let Some(url) = line.strip_prefix("pacru: note: listening on ") {
                break url.to_string();
            }
        };
        std::thread::spawn(move || for _ in lines {});
        Server { child, url }
    }

    /// The resident set of the server, in KiB.
    fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("/proc/PID/status");
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmRSS")
    }

    /// SIGTERM, and the exit.
    fn stop(mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let status = self.child.wait().expect("the server exits");
        assert!(status.success(), "pacru serve exited with {status}");
    }
}

/// The file's size after a checkpoint (the server stopped), in bytes.
fn db_size(db: &Path) -> u64 {
    let conn = rusqlite::Connection::open(db).expect("the database");
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
        .expect("a checkpoint");
    drop(conn);
    std::fs::metadata(db).expect("the database").len()
}

async fn make_account(url: &str, i: usize) -> String {
    let http = reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .expect("a client");
    let name = format!("load{i}");
    let created = http
        .post(format!("{url}/api/account"))
        .json(&json!({"username": name, "password": format!("password-of-{name}")}))
        .send()
        .await
        .expect("sign-up");
    assert_eq!(created.status().as_u16(), 201, "sign-up of {name}");
    let token: Value = http
        .post(format!("{url}/api/token"))
        .header("Origin", url)
        .json(&json!({}))
        .send()
        .await
        .expect("a token")
        .json()
        .await
        .expect("a token");
    token["token"].as_str().expect("a token").to_string()
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn socket(url: &str, id: &str, token: &str) -> Socket {
    let ws = url.replacen("http://", "ws://", 1);
    let mut request = format!("{ws}/ws/games/{id}")
        .into_client_request()
        .expect("a request");
    request.headers_mut().insert(
        "Authorization",
        format!("Bearer {token}").parse().expect("a header"),
    );
    tokio_tungstenite::connect_async(request)
        .await
        .expect("the socket opens")
        .0
}

/// The next JSON text message of `socket` (pings skipped).
async fn next_json(socket: &mut Socket) -> Option<Value> {
    loop {
        match socket.next().await? {
            Ok(Message::Text(text)) => {
                return Some(serde_json::from_str(text.as_str()).expect("JSON"));
            }
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

/// Opens a game of `tokens[0]` (Black) and `tokens[1]` (Red).
async fn open_game(http: &reqwest::Client, url: &str, tokens: &[String; 2], b: &str) -> String {
    let created: Value = http
        .post(format!("{url}/api/games"))
        .bearer_auth(&tokens[0])
        .json(&json!({"players": 2, "rules": "2004", "rated": false,
                      "clock": {"initial": 600, "increment": 5}, "invite": [b]}))
        .send()
        .await
        .expect("a game")
        .json()
        .await
        .expect("a game");
    let id = created["id"].as_str().expect("a game id").to_string();
    let joined = http
        .post(format!("{url}/api/games/{id}/join"))
        .bearer_auth(&tokens[1])
        .json(&json!({}))
        .send()
        .await
        .expect("a join");
    assert_eq!(joined.status().as_u16(), 200);
    id
}

/// A pair of players: plays games one after another until told to stop.
async fn pair(url: String, tokens: [String; 2], b: String, seed: u64, tally: Arc<Tally>) {
    let http = reqwest::Client::new();
    let mut rng = SplitMix64::new(seed);
    while !tally.stop.load(Ordering::Relaxed) {
        let id = open_game(&http, &url, &tokens, &b).await;
        let mut sockets = [
            socket(&url, &id, &tokens[0]).await,
            socket(&url, &id, &tokens[1]).await,
        ];
        let first = next_json(&mut sockets[0]).await.expect("the game");
        next_json(&mut sockets[1]).await.expect("the game");
        let mut position =
            Position::from_ppn(first["ppn"].as_str().expect("ppn"), RulesEdition::Pacru2004)
                .expect("the PPN");
        let mut plies = 0usize;
        loop {
            let mover = usize::from(
                position.to_move() != position.players().iter().next().expect("a colour"),
            );
            let think = tally.think_ms.load(Ordering::Relaxed);
            let jitter = rng.below(think / 5 + 1);
            tokio::time::sleep(Duration::from_millis(think - think / 10 + jitter)).await;
            let mv = if tally.stop.load(Ordering::Relaxed) {
                Move::Resign
            } else {
                let legal: Vec<Move> = position
                    .sorted_legal_moves()
                    .into_iter()
                    .filter(|m| *m != Move::Resign)
                    .collect();
                if legal.is_empty() {
                    Move::Resign
                } else {
                    legal[rng.below(legal.len() as u64) as usize].clone()
                }
            };
            let ply = plies + 1;
            let text = json!({"type": "move", "move": mv.to_string(), "ply": ply}).to_string();
            let sent = Instant::now();
            sockets[mover]
                .send(Message::Text(text.into()))
                .await
                .expect("the move is sent");
            let (mut answered, mut echoed, mut ended) = (false, false, false);
            // A game's last move closes the sockets after its lines: a closed
            // socket is only a loss while its line is still awaited.
            let (mut mine_open, mut theirs_open) = (true, true);
            let deadline = tokio::time::sleep(Duration::from_secs(10));
            tokio::pin!(deadline);
            let [s0, s1] = &mut sockets;
            let (mine, theirs) = if mover == 0 { (s0, s1) } else { (s1, s0) };
            while (mine_open && !answered) || (theirs_open && !echoed) {
                tokio::select! {
                    m = next_json(mine), if mine_open => {
                        let Some(m) = m else {
                            mine_open = false;
                            continue;
                        };
                        if m["type"] == "answer" {
                            answered = true;
                            if m["status"] == 200 {
                                tally.acked.fetch_add(1, Ordering::Relaxed);
                            } else {
                                eprintln!("refused: {m}");
                                tally.refused.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                    }
                    m = next_json(theirs), if theirs_open => {
                        let Some(m) = m else {
                            theirs_open = false;
                            continue;
                        };
                        if m["type"] == "move" && m["ply"] == ply {
                            let micros = u64::try_from(sent.elapsed().as_micros()).unwrap_or(u64::MAX);
                            tally.echoes.lock().expect("echoes").push(micros);
                            echoed = true;
                        } else if m["type"] == "end" {
                            ended = true;
                        }
                    }
                    () = &mut deadline => break,
                }
            }
            if !(answered && echoed) {
                tally.lost.fetch_add(1, Ordering::Relaxed);
                break;
            }
            plies = ply;
            position.play_unchecked(&mv);
            if ended || position.is_finished() {
                break;
            }
        }
        let game: Value = http
            .get(format!("{url}/api/games/{id}"))
            .send()
            .await
            .expect("the game")
            .json()
            .await
            .expect("the game");
        if game["moves"].as_array().map(Vec::len) != Some(plies) {
            tally.mismatched.fetch_add(1, Ordering::Relaxed);
        }
        if game["status"] == "finished" {
            tally.finished.fetch_add(1, Ordering::Relaxed);
            tally.plies.fetch_add(plies, Ordering::Relaxed);
        }
    }
}

/// The machine's load average over the last minute (`/proc/loadavg`).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".into())
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank] as f64 / 1000.0
}

/// One stage's figures.
struct Stage {
    games: usize,
    think_ms: u64,
    moves_per_s: f64,
    p50: f64,
    p99: f64,
    max: f64,
    rss_kib: u64,
}

fn main() {
    let options = options();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("load.db");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let accounts = options.games * 2;

    let server = Server::start(&options.server, &db);
    let started = Instant::now();
    let tokens: Vec<String> = runtime.block_on(async {
        let url = server.url.clone();
        futures_util::stream::iter(0..accounts)
            .map(|i| {
                let url = url.clone();
                async move { make_account(&url, i).await }
            })
            .buffered(4)
            .collect()
            .await
    });
    eprintln!(
        "{accounts} accounts with tokens in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    server.stop();
    let size_before = db_size(&db);
    let server = Server::start(&options.server, &db);
    std::thread::sleep(Duration::from_secs(1));
    let rss_idle = server.rss_kib();
    let load_before = load_average();

    let tally = Arc::new(Tally::default());
    tally.think_ms.store(options.think_ms, Ordering::Relaxed);
    let step = options.games.div_ceil(5);
    let mut stages = Vec::new();
    let mut opened = 0;
    let mut pairs = Vec::new();
    let measure = |tally: &Tally, games: usize, server: &Server| -> Stage {
        tally.echoes.lock().expect("echoes").clear();
        let from = Instant::now();
        std::thread::sleep(Duration::from_secs(options.stage_secs));
        let mut echoes = std::mem::take(&mut *tally.echoes.lock().expect("echoes"));
        let seconds = from.elapsed().as_secs_f64();
        echoes.sort_unstable();
        let stage = Stage {
            games,
            think_ms: tally.think_ms.load(Ordering::Relaxed),
            moves_per_s: echoes.len() as f64 / seconds,
            p50: percentile(&echoes, 50.0),
            p99: percentile(&echoes, 99.0),
            max: echoes.last().map_or(f64::NAN, |m| *m as f64 / 1000.0),
            rss_kib: server.rss_kib(),
        };
        eprintln!(
            "{} games, think {} ms: {:.0} moves/s, echo p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms, RSS {} KiB",
            stage.games,
            stage.think_ms,
            stage.moves_per_s,
            stage.p50,
            stage.p99,
            stage.max,
            stage.rss_kib
        );
        stage
    };
    while opened < options.games {
        let upto = (opened + step).min(options.games);
        for g in opened..upto {
            let tokens = [tokens[2 * g].clone(), tokens[2 * g + 1].clone()];
            let b = format!("load{}", 2 * g + 1);
            pairs.push(runtime.spawn(pair(
                server.url.clone(),
                tokens,
                b,
                0x10ad_5eed ^ g as u64,
                Arc::clone(&tally),
            )));
        }
        opened = upto;
        // Let the games open and the first moves come before measuring.
        std::thread::sleep(Duration::from_millis(options.think_ms + 500));
        stages.push(measure(&tally, opened, &server));
    }
    // Faster and faster, while the goal holds.
    let mut think = options.think_ms;
    while think > 100 {
        think /= 2;
        tally.think_ms.store(think, Ordering::Relaxed);
        std::thread::sleep(Duration::from_millis(2 * think + 500));
        let stage = measure(&tally, opened, &server);
        let held = stage.p99 < GOAL_P99_MS;
        stages.push(stage);
        if !held {
            break;
        }
    }
    tally.think_ms.store(100, Ordering::Relaxed);
    tally.stop.store(true, Ordering::Relaxed);
    runtime.block_on(async {
        for pair in pairs {
            pair.await.expect("a pair of players");
        }
    });
    let rss_loaded = stages
        .iter()
        .filter(|s| s.games == opened)
        .map(|s| s.rss_kib)
        .max()
        .unwrap_or(0);
    let load_after = load_average();
    server.stop();
    let size_after = db_size(&db);

    let finished = tally.finished.load(Ordering::Relaxed);
    let plies = tally.plies.load(Ordering::Relaxed);
    println!(
        "| games | think (ms) | moves/s | echo p50 (ms) | echo p99 (ms) | echo max (ms) | server RSS (MiB) |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    for s in &stages {
        println!(
            "| {} | {} | {:.0} | {:.1} | {:.1} | {:.1} | {:.1} |",
            s.games,
            s.think_ms,
            s.moves_per_s,
            s.p50,
            s.p99,
            s.max,
            s.rss_kib as f64 / 1024.0
        );
    }
    let held = stages
        .iter()
        .filter(|s| s.p99 < GOAL_P99_MS)
        .map(|s| s.moves_per_s)
        .fold(0.0, f64::max);
    println!();
    println!(
        "moves answered {}, refused {}, lost {}, games whose stored moves differ {}",
        tally.acked.load(Ordering::Relaxed),
        tally.refused.load(Ordering::Relaxed),
        tally.lost.load(Ordering::Relaxed),
        tally.mismatched.load(Ordering::Relaxed)
    );
    println!("load average (1 min) before the games {load_before}, after {load_after} (2 cores)");
    println!("most moves per second with p99 under {GOAL_P99_MS} ms: {held:.0}");
    println!(
        "server RSS: {:.1} MiB idle with {accounts} accounts, {:.1} KiB per open game (2 sockets each)",
        rss_idle as f64 / 1024.0,
        (rss_loaded.saturating_sub(rss_idle)) as f64 / opened as f64
    );
    println!(
        "database: {finished} finished games of {:.0} plies on average, {:.2} MiB per 1,000 finished games",
        plies as f64 / finished.max(1) as f64,
        (size_after.saturating_sub(size_before)) as f64 / finished.max(1) as f64 * 1000.0
            / (1024.0 * 1024.0)
    );
}
