//! A real `pacru serve` process on a temporary database, and a blocking HTTP
//! client for it (cookies kept, the server's own `Origin` sent, as its pages do).

#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// A running server.
pub struct ServerProcess {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    /// The database file.
    pub db: PathBuf,
    /// Standard error after the `listening on` line.
    pub stderr: mpsc::Receiver<String>,
}

impl ServerProcess {
    /// Starts `pacru serve` on `db` with a test clock, a free port and no
    /// practical rate limit, plus `extra` arguments.
    pub fn start(db: &Path, extra: &[&str]) -> ServerProcess {
        let mut args = vec![
            "serve",
            "--db",
            db.to_str().expect("UTF-8 path"),
            "--listen",
            "127.0.0.1:0",
            "--test-clock",
            "--rate-limit",
            "1000000",
        ];
        args.extend_from_slice(extra);
        ServerProcess::start_with(db, &args)
    }

    /// Starts `pacru ARGS` (a `serve` command line) and waits for its
    /// `listening on` line.
    pub fn start_with(db: &Path, args: &[&str]) -> ServerProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pacru"))
            .args(args)
            .env("NO_COLOR", "1")
            .env_remove("RUST_LOG")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("pacru serve starts");
        let stderr = child.stderr.take().expect("stderr piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut seen = Vec::new();
        let url = loop {
            match rx.recv_timeout(Duration::from_secs(60)) {
                Ok(line) => {
                    if let Some(url) = line.strip_prefix("pacru: note: listening on ") {
                        break url.to_string();
                    }
                    seen.push(line);
                }
                Err(_) => {
                    let _ = child.kill();
                    panic!("pacru serve said no `listening on` line; it said: {seen:?}");
                }
            }
        };
        ServerProcess {
            child,
            url,
            db: db.to_path_buf(),
            stderr: rx,
        }
    }

    /// Sends SIGTERM and waits for the exit (at most 30 s).
    pub fn stop(mut self) -> ExitStatus {
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        for _ in 0..300 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        panic!("pacru serve did not stop within 30 s of SIGTERM");
    }

    /// Kills the process with SIGKILL and reaps it.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP client of the server.
pub struct Client {
    http: reqwest::blocking::Client,
    /// The server's address.
    pub base: String,
    /// A bearer token sent with every request, if set.
    pub token: Option<String>,
    /// The `Origin` sent with every request (`None`: no Origin header).
    pub origin: Option<String>,
}

/// An answer: status and body as JSON (`Value::Null` when not JSON).
#[derive(Debug)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The body as JSON.
    pub json: Value,
    /// The body as text.
    pub text: String,
    /// The headers.
    pub headers: reqwest::header::HeaderMap,
}

impl Client {
    /// A client with its own cookie jar that sends the server's own Origin.
    pub fn new(base: &str) -> Client {
        Client {
            http: reqwest::blocking::Client::builder()
                .cookie_store(true)
                .timeout(Duration::from_secs(60))
                .build()
                .expect("client"),
            base: base.to_string(),
            token: None,
            origin: Some(base.to_string()),
        }
    }

    /// A new account `name` (password `password-of-NAME`), signed in.
    pub fn sign_up(base: &str, name: &str) -> Client {
        let client = Client::new(base);
        let answer = client.post(
            "/api/account",
            &serde_json::json!({"username": name, "password": format!("password-of-{name}")}),
        );
        assert_eq!(answer.status, 201, "sign-up of {name}: {answer:?}");
        client
    }

    /// A new bot account `name` that uses a token and no cookie.
    pub fn bot(base: &str, name: &str) -> Client {
        let signup = Client::new(base);
        let answer = signup.post(
            "/api/account",
            &serde_json::json!({"username": name, "password": format!("password-of-{name}"), "bot": true}),
        );
        assert_eq!(answer.status, 201, "{answer:?}");
        let token = signup.post("/api/token", &serde_json::json!({}));
        assert_eq!(token.status, 201, "{token:?}");
        let mut client = Client::new(base);
        client.token = Some(token.json["token"].as_str().expect("token").to_string());
        client.origin = None;
        client
    }

    fn send(&self, request: reqwest::blocking::RequestBuilder) -> Answer {
        self.try_send(request).expect("the server answers")
    }

    /// Sends `request`; `Err` when no answer came (the server is down or was
    /// killed while answering).
    fn try_send(&self, mut request: reqwest::blocking::RequestBuilder) -> Result<Answer, String> {
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        if let Some(origin) = &self.origin {
            request = request.header("Origin", origin);
        }
        let response = request.send().map_err(|e| e.to_string())?;
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().map_err(|e| e.to_string())?;
        let json = serde_json::from_str(&text).unwrap_or(Value::Null);
        Ok(Answer {
            status,
            json,
            text,
            headers,
        })
    }

    /// `GET path`, or `Err` when no answer came.
    pub fn try_get(&self, path: &str) -> Result<Answer, String> {
        self.try_send(self.http.get(format!("{}{path}", self.base)))
    }

    /// `POST path` with a JSON body, or `Err` when no answer came.
    pub fn try_post(&self, path: &str, body: &Value) -> Result<Answer, String> {
        self.try_send(
            self.http
                .post(format!("{}{path}", self.base))
                .header("Content-Type", "application/json")
                .body(body.to_string()),
        )
    }

    /// `POST /api/session` with `username` and `password`.
    pub fn sign_in(&self, username: &str, password: &str) -> Answer {
        self.post(
            "/api/session",
            &serde_json::json!({"username": username, "password": password}),
        )
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Answer {
        self.send(self.http.get(format!("{}{path}", self.base)))
    }

    /// `GET path`'s body as bytes (status 200 asserted).
    pub fn get_bytes(&self, path: &str) -> Vec<u8> {
        let mut request = self.http.get(format!("{}{path}", self.base));
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        let response = request.send().expect("the server answers");
        assert_eq!(response.status().as_u16(), 200, "GET {path}");
        response.bytes().expect("a body").to_vec()
    }

    /// `POST path` with a JSON body.
    pub fn post(&self, path: &str, body: &Value) -> Answer {
        self.send(
            self.http
                .post(format!("{}{path}", self.base))
                .header("Content-Type", "application/json")
                .body(body.to_string()),
        )
    }

    /// `POST path` with raw bytes as body.
    pub fn post_bytes(&self, path: &str, body: Vec<u8>) -> Answer {
        self.send(
            self.http
                .post(format!("{}{path}", self.base))
                .header("Content-Type", "application/json")
                .body(body),
        )
    }

    /// `DELETE path`.
    pub fn delete(&self, path: &str) -> Answer {
        self.send(self.http.delete(format!("{}{path}", self.base)))
    }

    /// `DELETE path` with raw bytes as body.
    pub fn delete_bytes(&self, path: &str, body: Vec<u8>) -> Answer {
        self.send(self.http.delete(format!("{}{path}", self.base)).body(body))
    }

    /// Plays `mv` in game `id` (percent-encoded), as ply `ply` when given.
    pub fn play(&self, id: &str, mv: &str, ply: Option<usize>) -> Answer {
        self.try_play(id, mv, ply).expect("the server answers")
    }

    /// Plays `mv` in game `id` as [`Client::play`] does, or `Err` when no
    /// answer came.
    pub fn try_play(&self, id: &str, mv: &str, ply: Option<usize>) -> Result<Answer, String> {
        let encoded: String = mv
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() || b == b'-' {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        let query = ply.map_or(String::new(), |p| format!("?ply={p}"));
        self.try_post(
            &format!("/api/games/{id}/move/{encoded}{query}"),
            &Value::Null,
        )
    }

    /// Opens `GET path` as a stream of lines.
    pub fn stream(&self, path: &str) -> LineStream {
        let mut request = self
            .http
            .get(format!("{}{path}", self.base))
            .timeout(Duration::from_secs(120));
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        let response = request.send().expect("the stream opens");
        assert_eq!(response.status().as_u16(), 200, "stream {path}");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(response);
            loop {
                let mut line = String::new();
                match reader.read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        LineStream { rx }
    }
}

/// The lines of an NDJSON stream.
pub struct LineStream {
    rx: mpsc::Receiver<String>,
}

impl LineStream {
    /// The next JSON line (keep-alive lines skipped), within `secs` seconds.
    pub fn next_json(&self, secs: u64) -> Option<Value> {
        let deadline = std::time::Instant::now() + Duration::from_secs(secs);
        loop {
            let left = deadline.checked_duration_since(std::time::Instant::now())?;
            let line = self.rx.recv_timeout(left).ok()?;
            if line.trim().is_empty() {
                continue;
            }
            return Some(serde_json::from_str(&line).expect("a JSON line"));
        }
    }

    /// Whether the stream ended (within `secs` seconds).
    pub fn ended(&self, secs: u64) -> bool {
        let deadline = std::time::Instant::now() + Duration::from_secs(secs);
        loop {
            let Some(left) = deadline.checked_duration_since(std::time::Instant::now()) else {
                return false;
            };
            match self.rx.recv_timeout(left) {
                Ok(line) if line.trim().is_empty() => continue,
                Ok(_) => return false,
                Err(mpsc::RecvTimeoutError::Disconnected) => return true,
                Err(mpsc::RecvTimeoutError::Timeout) => return false,
            }
        }
    }
}

/// Reads a whole body (for raw streams).
pub fn read_all(mut reader: impl Read) -> String {
    let mut text = String::new();
    let _ = reader.read_to_string(&mut text);
    text
}
