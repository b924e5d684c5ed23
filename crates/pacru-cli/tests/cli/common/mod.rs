//! Running the real `pacru` binary from the workspace root.

#![allow(dead_code)]

pub mod proxy;
pub mod server;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// What a run of `pacru` gave.
#[derive(Debug)]
pub struct Run {
    /// The exit status.
    pub code: i32,
    /// Standard output, as text.
    pub stdout: String,
    /// Standard error, as text.
    pub stderr: String,
    /// Standard output, as bytes.
    pub bytes: Vec<u8>,
}

/// The workspace root: record paths in the tests are relative to it.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `pacru ARGS` in the workspace root with `stdin` as standard input, no
/// colour and no log settings from the environment.
pub fn pacru_with_input(args: &[&str], stdin: &[u8]) -> Run {
    pacru_env(args, stdin, &[("NO_COLOR", "1")])
}

/// Runs `pacru ARGS` with empty standard input.
pub fn pacru(args: &[&str]) -> Run {
    pacru_with_input(args, b"")
}

/// The string field `name` of every JSON line of `output` (for example the
/// statuses of `pacru check --format json`); panics if a line is not JSON or
/// lacks the field.
pub fn json_field(output: &str, name: &str) -> Vec<String> {
    output
        .lines()
        .map(|l| {
            let v: serde_json::Value =
                serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            match v[name].as_str() {
                Some(value) => value.to_string(),
                None => panic!("no string field {name}: {l}"),
            }
        })
        .collect()
}

/// `text` with the time of `check`'s summary line replaced by `(TIME)`.
pub fn without_time(text: &str) -> String {
    text.lines()
        .map(|line| {
            if line.ends_with(" s)")
                && let Some(i) = line.rfind(" (")
            {
                format!("{} (TIME)\n", &line[..i])
            } else {
                format!("{line}\n")
            }
        })
        .collect()
}

/// The standard two-player start.
pub const START: &str = "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR";

/// Runs `pacru ARGS` with `stdin` and extra environment variables (`NO_COLOR` is
/// removed first, so that a test can set it or not).
pub fn pacru_env(args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pacru"));
    command
        .args(args)
        .current_dir(root())
        .env_remove("NO_COLOR")
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("pacru starts");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let output = child.wait_with_output().expect("pacru runs");
    let _ = writer.join();
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        bytes: output.stdout,
    }
}

/// Starts `pacru ARGS` in the workspace root without colour and with nothing on
/// its standard input, its standard output piped (to be read as it comes) and its
/// standard error going to `stderr`.
pub fn spawn_pacru(args: &[&str], stderr: Stdio) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_pacru"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("pacru starts")
}

/// Runs `pacru ARGS`, reads the first line of its standard output and closes the
/// pipe, as `pacru ARGS | head -1` does; returns the exit status and standard
/// error once it has stopped.
pub fn pacru_head_1(args: &[&str]) -> (i32, String) {
    use std::io::{BufRead, BufReader, Read};
    let mut child = spawn_pacru(args, Stdio::piped());
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("a first line");
    assert!(!first.is_empty(), "pacru {args:?} wrote nothing");
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("stderr is text");
    let status = child.wait().expect("pacru stops");
    (status.code().unwrap_or(-1), stderr)
}

/// The bytes of `bytes` that must not reach a terminal: C0 controls but tab and
/// line feed, and DEL.
pub fn control_bytes(bytes: &[u8]) -> Vec<u8> {
    bytes
        .iter()
        .copied()
        .filter(|&b| (b < 0x20 && b != b'\t' && b != b'\n') || b == 0x7f)
        .collect()
}

/// Three games, the second of which (`[Event "bad"]`, line 5) does not parse
/// and is longer than the 16 MiB the reader keeps of one game (17 comments of
/// 1 MiB before its end): what `fmt` and `analyse` cannot copy through. The
/// others are `[Event "good"]`.
pub fn bad_game_too_long_to_copy_between_good_ones() -> String {
    let good = "[Event \"good\"]\n\n1. e1-e2 *\n";
    let comment = "x".repeat(1 << 20);
    let mut bad = String::from("[Event \"bad\"]\n\n1. e1-e2 ");
    for _ in 0..17 {
        bad.push_str(&format!("{{{comment}}}\n"));
    }
    bad.push_str("*\n");
    format!("{good}\n{bad}\n{good}")
}
