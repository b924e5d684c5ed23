//! `pacru match` and `pacru tournament` on a bad day, through the real binary:
//! engines that cannot start, crash, fork helpers or ignore signals; SIGINT, SIGTERM
//! and SIGHUP in the middle of an event, then resuming; a half-written journal;
//! output directories that exist already or must not be left behind. After each
//! test, no process it started may still run: every one is marked by an
//! environment variable, which engines and their helpers inherit, and looked for
//! in `/proc`.
#![cfg(target_os = "linux")]

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const PACRU: &str = env!("CARGO_BIN_EXE_pacru");

/// The environment variable that marks the processes of a test.
const MARK: &str = "PACRU_TEST_MARK";

fn mark(test: &str) -> String {
    format!("{test}-{}", std::process::id())
}

/// The live processes whose environment carries `mark` (pid, command line).
fn marked(mark: &str) -> Vec<(u32, String)> {
    let needle = format!("{MARK}={mark}\0");
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let environ = std::fs::read(entry.path().join("environ")).unwrap_or_default();
        if !String::from_utf8_lossy(&environ).contains(&needle) {
            continue;
        }
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let state = stat.rsplit(") ").next().and_then(|s| s.chars().next());
        if !matches!(state, Some('Z') | Some('X') | None) {
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            found.push((pid, String::from_utf8_lossy(&cmdline).replace('\0', " ")));
        }
    }
    found
}

/// Waits up to 3 s for the marked processes to be gone; returns (and kills) those
/// still there.
fn left_behind(mark: &str) -> Vec<(u32, String)> {
    let started = Instant::now();
    loop {
        let found = marked(mark);
        if found.is_empty() || started.elapsed() > Duration::from_secs(3) {
            for (pid, _) in &found {
                let _ = Command::new("kill")
                    .args(["-KILL", &pid.to_string()])
                    .status();
            }
            return found;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `pacru ARGS` in `dir`, marked, with its outputs captured.
fn start(dir: &Path, mark: &str, args: &[&str]) -> Child {
    Command::new(PACRU)
        .args(args)
        .current_dir(dir)
        .env(MARK, mark)
        .env("NO_COLOR", "1")
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pacru starts")
}

struct Ran {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn finish(child: Child) -> Ran {
    let output = child.wait_with_output().expect("pacru runs");
    Ran {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

fn pacru_in(dir: &Path, mark: &str, args: &[&str]) -> Ran {
    finish(start(dir, mark, args))
}

/// A built-in engine run as a process, reading its requests through a shell loop
/// that waits 20 ms before passing each on, and ignoring SIGINT, SIGTERM and
/// SIGHUP; it also starts a helper that holds its output and loops forever.
fn slow_deaf_engine(seed: u32) -> String {
    format!(
        "sh -c 'trap \"\" INT TERM HUP; (while :; do sleep 1; done) & \
         while read -r line; do sleep 0.02; printf \"%s\\n\" \"$line\"; done | \
         \"$0\" engine random --seed {seed}' {PACRU}"
    )
}

/// Each finished game of the journal in `out`: engines, result and moves.
fn games(out: &Path) -> BTreeMap<u64, String> {
    let text = std::fs::read_to_string(out.join("journal.jsonl")).unwrap_or_default();
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "finished")
        .map(|v| {
            let pgr = v["outcome"]["pgr"].as_str().unwrap_or_default();
            let moves = pgr.split("\n\n").nth(1).unwrap_or_default();
            (
                v["pairing"]["game"].as_u64().unwrap_or(0),
                format!(
                    "{} {} {moves}",
                    v["pairing"]["engines"], v["outcome"]["result"]
                ),
            )
        })
        .collect()
}

fn finished_games(out: &Path) -> usize {
    games(out).len()
}

/// The tournament the signal tests interrupt: 12 games, two at a time.
fn tournament_args(out: &str) -> Vec<String> {
    let mut args: Vec<String> = ["tournament", "c=builtin:random:3", "--rounds", "2"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.insert(1, format!("a={}", slow_deaf_engine(1)));
    args.insert(2, format!("b={}", slow_deaf_engine(2)));
    for a in [
        "--movetime",
        "3000",
        "--max-plies",
        "16",
        "-j",
        "2",
        "--no-progress",
        "-o",
        out,
    ] {
        args.push(a.to_owned());
    }
    args
}

/// Starts the tournament in `dir/out`, waits for `after` finished games, sends
/// `signals` (one after the other), and returns how pacru ended.
fn interrupt(dir: &Path, mark: &str, signals: &[&str], after: usize) -> Ran {
    let args = tournament_args("out");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut child = start(dir, mark, &args);
    let started = Instant::now();
    while finished_games(&dir.join("out")) < after {
        assert!(started.elapsed() < Duration::from_secs(30), "no progress");
        if let Ok(Some(status)) = child.try_wait() {
            panic!("pacru ended before the signal: {status}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    for signal in signals {
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }
    let stopping = Instant::now();
    let ran = finish(child);
    // The engines ignore the signal and sit in a 20 ms delay loop: ending them is
    // the runner's job, and it does not wait for them.
    assert!(stopping.elapsed() < Duration::from_secs(3));
    ran
}

#[test]
fn sigint_stops_a_tournament_that_then_resumes_into_the_same_event() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("sigint");
    let ran = interrupt(dir.path(), &m, &["INT"], 2);
    assert_eq!(ran.code, Some(130), "{}", ran.stderr);
    assert!(ran.stdout.is_empty(), "{}", ran.stdout);
    assert!(
        ran.stderr
            .contains("continue with:\n  pacru tournament --resume -o out\n"),
        "{}",
        ran.stderr
    );
    assert_eq!(left_behind(&m), []);
    let out = dir.path().join("out");
    let before = games(&out);
    assert!((2..12).contains(&before.len()), "{}", before.len());
    let journal = std::fs::read_to_string(out.join("journal.jsonl")).unwrap();
    assert!(!journal.contains("\"type\":\"complete\""));
    // games.pgr holds exactly the journal's games, and they check.
    let check = pacru_in(
        dir.path(),
        &m,
        &["check", "--format", "json", "out/games.pgr"],
    );
    assert_eq!(check.code, Some(0), "{}", check.stdout);
    assert_eq!(check.stdout.lines().count(), before.len());

    let resumed = pacru_in(
        dir.path(),
        &m,
        &["tournament", "--resume", "--no-progress", "-o", "out"],
    );
    assert_eq!(resumed.code, Some(0), "{}", resumed.stderr);
    assert!(
        resumed.stdout.contains("12 of 12 games played"),
        "{}",
        resumed.stdout
    );
    assert_eq!(left_behind(&m), []);

    // The same as a run that was never interrupted.
    let args = tournament_args("full");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let full = pacru_in(dir.path(), &m, &args);
    assert_eq!(full.code, Some(0), "{}", full.stderr);
    let after = games(&out);
    for (game, text) in &before {
        assert_eq!(after.get(game), Some(text), "game {game} changed");
    }
    assert_eq!(after, games(&dir.path().join("full")));
    assert_eq!(left_behind(&m), []);
}

#[test]
fn sigterm_and_sighup_stop_with_their_own_exit_status() {
    for (signal, code) in [("TERM", 143), ("HUP", 129)] {
        let dir = tempfile::tempdir().unwrap();
        let m = mark(&format!("sig{signal}"));
        let ran = interrupt(dir.path(), &m, &[signal], 1);
        assert_eq!(ran.code, Some(code), "{signal}: {}", ran.stderr);
        assert!(ran.stderr.contains("--resume -o out"), "{}", ran.stderr);
        assert_eq!(left_behind(&m), [], "{signal}");
        let resumed = pacru_in(
            dir.path(),
            &m,
            &["tournament", "--resume", "--no-progress", "-o", "out"],
        );
        assert_eq!(resumed.code, Some(0), "{}", resumed.stderr);
        assert_eq!(finished_games(&dir.path().join("out")), 12);
        assert_eq!(left_behind(&m), []);
    }
}

/// Waits until the run `child` has journaled `after` finished games in `out`.
fn wait_for_games(child: &mut Child, out: &Path, after: usize) {
    let started = Instant::now();
    while finished_games(out) < after {
        assert!(started.elapsed() < Duration::from_secs(30), "no progress");
        if let Ok(Some(status)) = child.try_wait() {
            panic!("pacru ended too soon: {status}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Runs `pacru ARGS` in `dir` while another run uses its output directory
/// `out`, and checks that it is refused at once.
fn refused_while_in_use(dir: &Path, mark: &str, args: &[&str], out: &str) {
    let started = Instant::now();
    let ran = pacru_in(dir, mark, args);
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{args:?} waited"
    );
    assert_eq!(ran.code, Some(2), "{args:?}: {}{}", ran.stdout, ran.stderr);
    assert!(
        ran.stderr.starts_with(&format!(
            "pacru: error: another run is using the output directory {out} (it holds the lock on {out}/.lock): "
        )),
        "{args:?}: {}",
        ran.stderr
    );
    assert!(ran.stdout.is_empty(), "{}", ran.stdout);
}

#[test]
fn a_second_run_on_a_directory_in_use_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("in-use");
    let out = dir.path().join("out");
    let args = tournament_args("out");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut first = start(dir.path(), &m, &args);
    wait_for_games(&mut first, &out, 1);
    // Resumed with or without the settings (a resubmitted batch task), or
    // started again: each would play the games the first run is playing.
    let mut again = args.clone();
    again.push("--resume");
    for second in [
        &["tournament", "--resume", "--no-progress", "-o", "out"][..],
        &again,
        &args,
    ] {
        refused_while_in_use(dir.path(), &m, second, "out");
    }
    assert!(
        matches!(first.try_wait(), Ok(None)),
        "the first run goes on"
    );
    // The lock goes with the process, even killed with SIGKILL (its engines,
    // left running, do not hold it).
    let status = Command::new("kill")
        .args(["-KILL", &first.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    finish(first);
    let resumed = pacru_in(
        dir.path(),
        &m,
        &["tournament", "--resume", "--no-progress", "-o", "out"],
    );
    assert_eq!(resumed.code, Some(0), "{}", resumed.stderr);
    let journal = std::fs::read_to_string(out.join("journal.jsonl")).unwrap();
    let finished = journal.matches("\"type\":\"finished\"").count();
    assert_eq!(finished, 12, "each game finished once");
    left_behind(&m);

    // A shard's directory is locked the same way; its siblings are not.
    let mut shard = vec!["match", args[1], args[2], "--games", "8", "--shard", "0/2"];
    shard.extend(["--movetime", "3000", "--max-plies", "16", "--no-progress"]);
    shard.extend(["--resume", "-o", "shards"]);
    let mut first = start(dir.path(), &m, &shard);
    wait_for_games(&mut first, &dir.path().join("shards/shard-0-of-2"), 1);
    refused_while_in_use(dir.path(), &m, &shard, "shards/shard-0-of-2");
    let status = Command::new("kill")
        .args(["-INT", &first.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(finish(first).code, Some(130));
    left_behind(&m);
}

#[test]
fn a_second_ctrl_c_quits_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("twice");
    let ran = interrupt(dir.path(), &m, &["INT", "INT"], 1);
    assert_eq!(ran.code, Some(130), "{}", ran.stderr);
    assert_eq!(left_behind(&m), []);
    // Whatever was cut, the directory resumes.
    let resumed = pacru_in(
        dir.path(),
        &m,
        &["tournament", "--resume", "--no-progress", "-o", "out"],
    );
    assert_eq!(resumed.code, Some(0), "{}", resumed.stderr);
    assert_eq!(finished_games(&dir.path().join("out")), 12);
    assert_eq!(left_behind(&m), []);
}

#[test]
fn an_unstartable_engine_stops_the_event_with_one_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("unstartable");
    let ran = pacru_in(
        dir.path(),
        &m,
        &["match", "./nonexistent", "builtin:random:1", "--games", "2"],
    );
    assert_eq!(ran.code, Some(2));
    assert!(ran.stdout.is_empty());
    assert!(
        ran.stderr.starts_with(
            "pacru: error: engine 1 (`nonexistent`) cannot be used: could not start `./nonexistent`: No such file or directory (os error 2)\n"
        ),
        "{}",
        ran.stderr
    );
    assert_eq!(
        ran.stderr.matches("pacru: error").count(),
        1,
        "{}",
        ran.stderr
    );
    assert!(
        !dir.path().join("pacru-match").exists(),
        "no folder left behind"
    );

    // A program that starts but never answers the handshake.
    let ran = pacru_in(
        dir.path(),
        &m,
        &[
            "tournament",
            "builtin:random:1",
            "mute=sh -c 'cat > /dev/null'",
            "--handshake-timeout",
            "300",
        ],
    );
    assert_eq!(ran.code, Some(2));
    assert!(
        ran.stderr
            .contains("engine 2 (`mute`) cannot be used: engine did not answer the handshake"),
        "{}",
        ran.stderr
    );
    assert!(!dir.path().join("pacru-tournament").exists());
    assert_eq!(left_behind(&m), []);

    // Asked to play anyway: each forfeit is said as it happens.
    let ran = pacru_in(
        dir.path(),
        &m,
        &[
            "match",
            "./nonexistent",
            "builtin:random:1",
            "--games",
            "2",
            "--forfeit-unstartable",
            "--movetime",
            "50",
        ],
    );
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert_eq!(
        ran.stderr
            .matches("nonexistent (Black) forfeits (spawn): could not start `./nonexistent`")
            .count()
            + ran
                .stderr
                .matches("nonexistent (Red) forfeits (spawn): could not start `./nonexistent`")
                .count(),
        2,
        "{}",
        ran.stderr
    );
    assert!(ran.stdout.contains("forfeits spawn 2"), "{}", ran.stdout);
}

#[test]
fn a_crash_is_reported_with_the_engines_last_words() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("crash");
    // Handshakes, then dies on its next request with a message (and an escape
    // sequence, which must not reach the terminal) on its standard error.
    let crasher = "crasher=sh -c 'read -r l; \
        echo \"= 1 protocol=1 name=crasher author=t version=0\"; \
        read -r l; printf \"out of memory \\033[31m, sorry\\n\" >&2; exit 3'";
    let ran = pacru_in(
        dir.path(),
        &m,
        &[
            "match",
            crasher,
            "builtin:random:1",
            "--games",
            "2",
            "--movetime",
            "500",
        ],
    );
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    let lines: Vec<&str> = ran
        .stderr
        .lines()
        .filter(|l| l.contains("forfeits"))
        .collect();
    assert_eq!(lines.len(), 2, "{}", ran.stderr);
    for (line, colour) in lines.iter().zip(["Black", "Red"]) {
        assert!(
            line.contains(&format!(
                "crasher ({colour}) forfeits (crash): engine crashed (exit code 3); stderr: out of memory \\u{{1b}}[31m, sorry"
            )),
            "{line}"
        );
    }
    assert!(!ran.stderr.contains('\u{1b}'));
    assert!(ran.stdout.contains("forfeits crash 2"), "{}", ran.stdout);
    assert_eq!(left_behind(&m), []);
}

#[test]
fn an_empty_journal_is_an_event_that_never_started() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("journal");
    std::fs::create_dir(dir.path().join("d")).unwrap();
    std::fs::write(dir.path().join("d/journal.jsonl"), "").unwrap();
    let args = [
        "tournament",
        "builtin:random:1",
        "builtin:random:2",
        "--resume",
        "-o",
        "d",
        "--movetime",
        "50",
    ];
    let ran = pacru_in(dir.path(), &m, &args);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(ran.stdout.contains("2 of 2 games played"), "{}", ran.stdout);
    // A first line cut short, and no settings given: nothing to resume.
    std::fs::create_dir(dir.path().join("e")).unwrap();
    std::fs::write(dir.path().join("e/journal.jsonl"), "{\"type\":\"sta").unwrap();
    let ran = pacru_in(dir.path(), &m, &["tournament", "--resume", "-o", "e"]);
    assert_eq!(ran.code, Some(2));
    assert!(
        ran.stderr.contains("there is nothing to resume in e"),
        "{}",
        ran.stderr
    );
    // With them, a fresh start.
    let mut args = args;
    args[5] = "e";
    let ran = pacru_in(dir.path(), &m, &args);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert_eq!(left_behind(&m), []);
}

#[test]
fn a_journal_whose_games_are_not_its_schedules_is_not_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("schedule");
    let args = [
        "match",
        "builtin:random:1",
        "builtin:greedy:2",
        "--games",
        "4",
        "--movetime",
        "50",
        "--no-progress",
        "-o",
        "m",
    ];
    let ran = pacru_in(dir.path(), &m, &args);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    let journal = std::fs::read_to_string(dir.path().join("m/journal.jsonl")).unwrap();
    // Interrupted after game 4: no `complete` line.
    let lines: Vec<&str> = journal
        .lines()
        .filter(|l| !l.contains("\"complete\""))
        .collect();
    let game_4 = *lines
        .iter()
        .find(|l| l.contains("\"finished\"") && l.contains("\"game\":4,"))
        .expect("game 4 is finished");
    for (case, forged, error) in [
        (
            "a game outside the schedule",
            game_4.replace("\"game\":4,", "\"game\":99,"),
            "game 99 is not one of the event's 4 games",
        ),
        (
            "a pairing other than the scheduled one",
            game_4.replace("\"engines\":[1,0]", "\"engines\":[0,1]"),
            "game 4 is finished with engines [0, 1], opening 0, but was scheduled with engines [1, 0], opening 0",
        ),
    ] {
        assert_ne!(forged, game_4, "{case}");
        let mut text: Vec<&str> = lines.clone();
        if case.starts_with("a pairing") {
            text.retain(|l| *l != game_4);
        }
        text.push(&forged);
        std::fs::write(
            dir.path().join("m/journal.jsonl"),
            format!("{}\n", text.join("\n")),
        )
        .unwrap();
        let ran = pacru_in(dir.path(), &m, &["match", "--resume", "-o", "m"]);
        assert_eq!(ran.code, Some(2), "{case}: {}", ran.stdout);
        // The forged line is the journal's last.
        assert_eq!(
            ran.stderr,
            format!(
                "pacru: error: journal m/journal.jsonl: line {}: {error}\n",
                text.len()
            ),
            "{case}"
        );
    }
    assert_eq!(left_behind(&m), []);
}

#[test]
fn a_resume_without_engines_refuses_other_settings_given_again() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("again");
    let first = [
        "match",
        "builtin:random:1",
        "builtin:greedy:2",
        "--games",
        "4",
        "--movetime",
        "50",
        "--max-plies",
        "40",
        "--no-progress",
        "-o",
        "m",
    ];
    let ran = pacru_in(dir.path(), &m, &first);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    let new = pacru_in(dir.path(), &m, &["new"]);
    std::fs::write(dir.path().join("open.ppn"), new.stdout).unwrap();
    let resume = ["match", "--resume", "--no-progress", "-o", "m"];
    for (given, differ) in [
        (
            &["--movetime", "60", "--max-plies", "10", "--event", "XYZ"][..],
            "event, max_plies, time",
        ),
        (&["--rules", "2011", "--margin", "5"], "margin_ms, rules"),
        (&["--games", "200", "--sprt", "0,10"], "sprt, system"),
        (&["--openings", "open.ppn"], "openings"),
        (&["--option", "*:Hash=1"], "engines"),
        (&["--framing", "2:json"], "engines"),
        (&["--tc", "10+0.1"], "time"),
    ] {
        let args: Vec<&str> = resume.iter().chain(given).copied().collect();
        let ran = pacru_in(dir.path(), &m, &args);
        assert_eq!(ran.code, Some(2), "{given:?}: {}", ran.stdout);
        assert_eq!(
            ran.stderr,
            format!(
                "pacru: error: journal m/journal.jsonl: it was written for a different event (settings that differ: {differ}); give the same arguments as the first run, or only --resume and the output directory\n"
            ),
            "{given:?}"
        );
    }
    // The journal's own settings may be given again; those not given are the
    // journal's, whatever their defaults (here --max-plies, 400 by default).
    let args: Vec<&str> = resume
        .iter()
        .chain(&["--movetime", "50", "--games", "4", "--margin", "100"])
        .copied()
        .collect();
    let ran = pacru_in(dir.path(), &m, &args);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(ran.stdout.contains("4 of 4 games played"), "{}", ran.stdout);

    // A tournament's own settings likewise.
    let first = [
        "tournament",
        "builtin:random:1",
        "builtin:greedy:2",
        "builtin:random:3",
        "--system",
        "gauntlet",
        "--gauntlet-seeds",
        "2",
        "--movetime",
        "50",
        "--max-plies",
        "40",
        "--no-progress",
        "-o",
        "t",
    ];
    let ran = pacru_in(dir.path(), &m, &first);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    let resume = ["tournament", "--resume", "--no-progress", "-o", "t"];
    for (given, differ) in [
        (&["--rounds", "3"][..], "rounds"),
        (&["--system", "swiss"], "system"),
        (&["--gauntlet-seeds", "1"], "system"),
        (&["--players", "3"], "players"),
    ] {
        let args: Vec<&str> = resume.iter().chain(given).copied().collect();
        let ran = pacru_in(dir.path(), &m, &args);
        assert_eq!(ran.code, Some(2), "{given:?}: {}", ran.stdout);
        assert!(
            ran.stderr
                .contains(&format!("(settings that differ: {differ});")),
            "{given:?}: {}",
            ran.stderr
        );
    }
    let args: Vec<&str> = resume
        .iter()
        .chain(&["--system", "gauntlet"])
        .copied()
        .collect();
    let ran = pacru_in(dir.path(), &m, &args);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert_eq!(left_behind(&m), []);
}

#[test]
fn the_readme_match_run_twice_says_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("twice-readme");
    let args = [
        "match",
        "pacru engine random --seed 1",
        "pacru engine greedy --seed 2",
        "--games",
        "4",
        "--movetime",
        "100",
    ];
    let first = pacru_in(dir.path(), &m, &args);
    assert_eq!(first.code, Some(0), "{}", first.stderr);
    assert!(dir.path().join("pacru-match/games.pgr").exists());
    let second = pacru_in(dir.path(), &m, &args);
    assert_eq!(second.code, Some(2));
    assert_eq!(
        second.stderr,
        "pacru: error: an event was already started in pacru-match: continue it with `pacru match --resume -o pacru-match`, or choose another output directory with -o\n"
    );
    assert_eq!(left_behind(&m), []);
}

#[test]
fn refused_events_leave_no_directory_and_disk_errors_are_said_once() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("refused");
    for args in [
        &["tournament", "builtin:random:1"][..],
        &[
            "match",
            "builtin:random:1",
            "builtin:random:2",
            "--tc",
            "0+0",
        ],
        &[
            "tournament",
            "builtin:random:1",
            "builtin:random:2",
            "--players",
            "5",
            "-o",
            "a/b",
        ],
        &[
            "match",
            "builtin:random:1",
            "builtin:random:2",
            "--openings",
            "missing.pgr",
        ],
    ] {
        let ran = pacru_in(dir.path(), &m, args);
        assert_eq!(ran.code, Some(2), "{args:?}");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().collect();
        assert!(left.is_empty(), "{args:?} left {left:?}");
    }
    std::fs::write(dir.path().join("file"), "").unwrap();
    let ran = pacru_in(
        dir.path(),
        &m,
        &[
            "match",
            "builtin:random:1",
            "builtin:random:2",
            "-o",
            "file/sub",
        ],
    );
    assert_eq!(ran.code, Some(2));
    assert_eq!(
        ran.stderr,
        "pacru: error: file/sub: Not a directory (os error 20)\n"
    );
}

#[test]
fn an_event_too_large_to_schedule_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("too-large");
    let started = Instant::now();
    // A billion games: the schedule alone would take some hundred gigabytes.
    let ran = pacru_in(
        dir.path(),
        &m,
        &[
            "match",
            "builtin:random:1",
            "builtin:random:2",
            "--games",
            "1000000000",
        ],
    );
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert_eq!(
        ran.stderr,
        "pacru: error: the event would have 1000000000 games, more than the 1000000 an event may have (its schedule is made whole and kept in memory): play fewer games or rounds, or several events\n"
    );
    let ran = pacru_in(
        dir.path(),
        &m,
        &[
            "tournament",
            "builtin:random:1",
            "builtin:random:2",
            "builtin:random:3",
            "--rounds",
            "4294967295",
        ],
    );
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(ran.stderr.contains("25769803770 games"), "{}", ran.stderr);
    assert!(started.elapsed() < Duration::from_secs(10));
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn messages_and_help() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("messages");
    let ran = pacru_in(dir.path(), &m, &["tournament", "builtin:random:1"]);
    assert_eq!(
        ran.stderr,
        "pacru: error: 1 engine is too few for 2-player games\n"
    );
    let ran = pacru_in(
        dir.path(),
        &m,
        &[
            "match",
            "builtin:random:1",
            "builtin:random:2",
            "--tc",
            "0+0",
        ],
    );
    assert!(
        ran.stderr.contains("`0+0`: the base time is 0 s")
            && !ran.stderr.contains("expected BASE+INCREMENT"),
        "{}",
        ran.stderr
    );
    // --rules takes the same spellings as every other command.
    let arena = pacru_in(
        dir.path(),
        &m,
        &[
            "match",
            "builtin:random:1",
            "builtin:random:2",
            "--rules",
            "2012",
        ],
    );
    let moves = pacru_in(dir.path(), &m, &["moves", "--rules", "2012", "x"]);
    let possible = |text: &str| {
        text.lines()
            .find(|l| l.contains("possible values"))
            .map(str::to_owned)
    };
    assert!(possible(&arena.stderr).is_some(), "{}", arena.stderr);
    assert_eq!(possible(&arena.stderr), possible(&moves.stderr));
    for (command, folder) in [("match", "pacru-match"), ("tournament", "pacru-tournament")] {
        let help = pacru_in(dir.path(), &m, &[command, "--help"]).stdout;
        let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains("Default: pacru-match (for `pacru match`) or pacru-tournament"),
            "{help}"
        );
        assert!(
            flat.contains(&format!("output directory (default {folder})")),
            "{help}"
        );
        assert!(flat.contains("(0: no limit)"), "{help}");
        assert!(flat.contains("--forfeit-unstartable"), "{help}");
        assert!(flat.contains("130, 143 or 129"), "{help}");
    }
}

#[test]
fn engine_options_and_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("options");
    // Option 1 is accepted (the built-in engines have a Seed option), option 2 is not:
    // the second engine forfeits both games (kind `protocol`).
    let ran = pacru_in(
        dir.path(),
        &m,
        &[
            "match",
            "builtin:random:1",
            "other=pacru engine random --seed 2",
            "--games",
            "2",
            "--movetime",
            "100",
            "--option",
            "1:Seed=9",
            "--option",
            "2:Bogus=1",
            "--format",
            "json",
            "-o",
            "m",
        ],
    );
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    let json: serde_json::Value = serde_json::from_str(&ran.stdout).unwrap();
    assert_eq!(json["games_finished"], 2);
    let other = json["engines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "other")
        .unwrap();
    assert_eq!(other["forfeits"]["protocol"], 2);
    assert_eq!(other["points"], 0.0);
    let journal = std::fs::read_to_string(dir.path().join("m/journal.jsonl")).unwrap();
    let start: serde_json::Value = serde_json::from_str(journal.lines().next().unwrap()).unwrap();
    assert_eq!(
        start["config"]["engines"][0]["options"],
        serde_json::json!([["Seed", "9"]])
    );
    let check = pacru_in(dir.path(), &m, &["check", "m/games.pgr"]);
    assert_eq!(check.code, Some(0), "{}", check.stdout);
    // Usage errors: exit status 2.
    let ran = pacru_in(
        dir.path(),
        &m,
        &["match", "builtin:random:1", "--no-progress"],
    );
    assert_eq!(ran.code, Some(2));
    assert_eq!(left_behind(&m), []);
}

#[test]
fn a_helper_that_leaves_its_engines_session_ends_with_its_engine() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("setsid");
    // The engine's helper starts a session of its own (so the group's SIGKILL
    // misses it) well before the engine's first move, then sleeps for 1000 s.
    let script = "setsid sleep 1000 </dev/null >/dev/null 2>&1 & sleep 0.2; \
                  exec \"$0\" engine random --seed 1";
    let engine = format!("escaper=sh -c '{script}' {PACRU}");
    let runs: [&[&str]; 2] = [
        &[
            "match",
            &engine,
            "builtin:random:1",
            "--games",
            "2",
            "--movetime",
            "500",
            "--no-progress",
        ],
        &["engine-check", "--", "sh", "-c", script, PACRU],
    ];
    for command in runs {
        let ran = pacru_in(dir.path(), &m, command);
        assert_eq!(
            ran.code,
            Some(0),
            "{command:?}: {}{}",
            ran.stdout,
            ran.stderr
        );
        assert_eq!(left_behind(&m), [], "{command:?}");
    }
}

#[test]
fn a_signal_ends_engine_check_with_its_engines_helpers() {
    let dir = tempfile::tempdir().unwrap();
    for (signal, code) in [("-INT", 130), ("-TERM", 143)] {
        let m = mark(&format!("check-signal{signal}"));
        // The engine's helper leaves its process group; the engine never answers,
        // so the check is still waiting for it when the signal comes.
        let script = "setsid sleep 1000 </dev/null >/dev/null 2>&1 & exec sleep 1000";
        let child = start(
            dir.path(),
            &m,
            &["engine-check", "--text-only", "--", "sh", "-c", script],
        );
        // Until the helper runs, then the signal.
        let started = Instant::now();
        while marked(&m).len() < 3 && started.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(20));
        }
        std::thread::sleep(Duration::from_millis(200));
        let status = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let ran = finish(child);
        assert_eq!(ran.code, Some(code), "{signal}: {}", ran.stderr);
        assert_eq!(left_behind(&m), [], "{signal}");
    }
}

#[test]
fn an_interrupted_engine_check_shows_the_checks_done_and_the_one_interrupted() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("check-progress");
    // A slow but correct engine: each request waits 0.4 s before reaching it.
    let script = "while read -r line; do sleep 0.4; printf '%s\\n' \"$line\"; done | \
                  \"$0\" engine random --seed 1";
    let child = start(
        dir.path(),
        &m,
        &[
            "engine-check",
            "--text-only",
            "--",
            "sh",
            "-c",
            script,
            PACRU,
        ],
    );
    std::thread::sleep(Duration::from_secs(4));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let ran = finish(child);
    assert_eq!(ran.code, Some(130), "{}{}", ran.stdout, ran.stderr);
    assert!(
        ran.stdout.starts_with("engine-check: sh -c "),
        "{}",
        ran.stdout
    );
    assert!(ran.stdout.contains("\nok   handshake "), "{}", ran.stdout);
    let last = ran.stdout.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("interrupted by SIGINT during the check ")
            && last.contains(" checks done before it, 0 failed"),
        "{}",
        ran.stdout
    );
    assert!(
        ran.stderr
            .starts_with("pacru: note: interrupted by SIGINT: the check "),
        "{}",
        ran.stderr
    );
    assert_eq!(left_behind(&m), []);
}

#[test]
fn sprt_error_rates_out_of_range_are_refused_and_tiny_elo_bounds_shown_short() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("sprt-edges");
    let engines = ["match", "builtin:random:1", "builtin:random:2"];
    let ran = pacru_in(
        dir.path(),
        &m,
        &[&engines[..], &["--sprt", "0,5,1e-320,0.05", "-o", "r"]].concat(),
    );
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(
        ran.stderr
            .contains("must each lie between 0.000001 and 0.5, with a sum below 1"),
        "{}",
        ran.stderr
    );
    assert!(!dir.path().join("r").exists());
    let ran = pacru_in(
        dir.path(),
        &m,
        &[
            &engines[..],
            &["--sprt", "0,1e-300", "--games", "2", "--movetime", "20"],
            &["--no-progress", "-o", "s"],
        ]
        .concat(),
    );
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    let line = ran
        .stdout
        .lines()
        .find(|l| l.starts_with("SPRT "))
        .unwrap_or_default();
    assert!(
        line.starts_with("SPRT elo0 0 elo1 1e-300 (alpha 0.05, beta 0.05)"),
        "{}",
        ran.stdout
    );
    assert!(line.len() < 200, "{line}");
    let json = std::fs::read_to_string(dir.path().join("s/standings.json")).unwrap();
    let standings: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(standings["sprt"]["upper"].is_f64(), "{json}");
    let help = pacru_in(dir.path(), &m, &["match", "--help"]);
    let words = help.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("each between 0.000001 and 0.5"),
        "{}",
        help.stdout
    );
    assert_eq!(left_behind(&m), []);
}

#[test]
fn a_handshake_timeout_of_0_is_refused_and_an_sprt_bound_may_be_negative() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("values");
    let engines = ["match", "builtin:random:1", "builtin:random:2"];
    let ran = pacru_in(
        dir.path(),
        &m,
        &[&engines[..], &["--handshake-timeout", "0", "-o", "h"]].concat(),
    );
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(ran.stderr.contains("--handshake-timeout"), "{}", ran.stderr);
    assert!(!dir.path().join("h").exists());
    // A negative ELO0 is usual (`--sprt -10,40`): taken as the option's value.
    let ran = pacru_in(
        dir.path(),
        &m,
        &[
            &engines[..],
            &["--sprt", "-20,20", "--games", "2", "--movetime", "20"],
            &["--no-progress", "-o", "s"],
        ]
        .concat(),
    );
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(ran.stdout.contains("SPRT"), "{}", ran.stdout);
    assert_eq!(left_behind(&m), []);
}

#[test]
fn a_time_beyond_what_the_engine_protocol_can_send_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let m = mark("too-long");
    let engines = ["match", "builtin:random:1", "builtin:random:2"];
    // The protocol's `movetime` is a signed 64-bit number of milliseconds: a
    // longer one was accepted, and every game was abandoned with exit status 0.
    let ran = pacru_in(
        dir.path(),
        &m,
        &[
            &engines[..],
            &[
                "--movetime",
                "9223372036854775808",
                "--games",
                "2",
                "-o",
                "t",
            ],
        ]
        .concat(),
    );
    assert_eq!(ran.code, Some(2), "{}", ran.stdout);
    assert_eq!(
        ran.stderr,
        "pacru: error: --movetime must be at most 9223372036854775807 ms, the most the engine \
protocol can send\n"
    );
    assert!(!dir.path().join("t").exists());
    // A clock too long to be one is said to be too long, not to be misspelt.
    let ran = pacru_in(
        dir.path(),
        &m,
        &[&engines[..], &["--tc", "2000000000+0", "-o", "c"]].concat(),
    );
    assert_eq!(ran.code, Some(2), "{}", ran.stdout);
    assert_eq!(
        ran.stderr,
        "pacru: error: bad time control `2000000000+0`: a time must be less than 1000000000 s\n"
    );
    assert!(!dir.path().join("c").exists());
    // engine-check sends the same requests: the same limit, as a usage error.
    let ran = pacru_in(
        dir.path(),
        &m,
        &[
            "engine-check",
            "--movetime",
            "9223372036854775808",
            "pacru engine random",
        ],
    );
    assert_eq!(ran.code, Some(2), "{}", ran.stdout);
    assert!(
        ran.stderr
            .starts_with("pacru: error: invalid value '9223372036854775808' for '--movetime <MS>'"),
        "{}",
        ran.stderr
    );
    // Nor does it take 0 ms, which `match` and `tournament` refuse.
    let ran = pacru_in(
        dir.path(),
        &m,
        &["engine-check", "--movetime", "0", "pacru engine random"],
    );
    assert_eq!(ran.code, Some(2), "{}", ran.stdout);
    assert!(
        ran.stderr
            .starts_with("pacru: error: invalid value '0' for '--movetime <MS>'"),
        "{}",
        ran.stderr
    );
    assert_eq!(left_behind(&m), []);
}

/// Runs `pacru ARGS` in `dir` on a terminal (the pseudo-terminal of util-linux's
/// `script`): what the terminal received, standard output and error together,
/// and the exit status; `None` when `script` cannot be run.
fn on_a_terminal(dir: &Path, args: &[&str]) -> Option<(Option<i32>, String)> {
    let quoted: Vec<String> = std::iter::once(PACRU)
        .chain(args.iter().copied())
        .map(|a| format!("'{}'", a.replace('\'', r"'\''")))
        .collect();
    let output = Command::new("script")
        .args(["-qec", &quoted.join(" "), "/dev/null"])
        .current_dir(dir)
        .env("SHELL", "/bin/sh")
        .env("NO_COLOR", "1")
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .output()
        .ok()?;
    Some((
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    ))
}

#[test]
fn an_engine_name_with_control_characters_reaches_no_terminal_raw() {
    let dir = tempfile::tempdir().unwrap();
    // The user's name for an engine, with an escape sequence in it (colour red).
    let engine = "a\u{1b}[31mb=builtin:random:1";
    let raw = "a\u{1b}[31mb";
    let shown = r"a\u{1b}[31mb";
    let args = [
        "match",
        engine,
        "builtin:greedy:2",
        "--games",
        "2",
        "--movetime",
        "50",
        "-o",
        "shared",
        "--shard",
        "0/1",
    ];
    // A test that skips itself tests nothing: util-linux's `script` is part of
    // every Debian system, the CI's included.
    let (code, seen) = on_a_terminal(dir.path(), &args)
        .expect("util-linux's `script` runs (a terminal for the test)");
    assert_eq!(code, Some(0), "{seen}");
    // The standings (and the progress bar) show the name escaped, as the logs do.
    assert!(!seen.contains(raw), "{seen:?}");
    assert!(seen.contains(shown), "{seen:?}");
    // The files keep the name as it was given.
    let standings = std::fs::read_to_string(dir.path().join("shared/shard-0-of-1/standings.txt"));
    assert!(standings.unwrap().contains(raw));
    // So does the merge of the shards.
    let (code, seen) = on_a_terminal(dir.path(), &["merge-shards", "shared"]).unwrap();
    assert_eq!(code, Some(0), "{seen}");
    assert!(!seen.contains(raw), "{seen:?}");
    assert!(seen.contains(shown), "{seen:?}");
}

#[test]
fn standings_that_cannot_be_written_are_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let full = |args: &[&str]| {
        let output = Command::new(PACRU)
            .args(args)
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(std::fs::File::create("/dev/full").expect("/dev/full"))
            .output()
            .expect("pacru runs");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let game = [
        "builtin:random:1",
        "builtin:greedy:2",
        "--games",
        "2",
        "--movetime",
        "50",
    ];
    let runs: [Vec<&str>; 3] = [
        [&["match"][..], &game, &["-o", "shared", "--shard", "0/1"]].concat(),
        vec!["merge-shards", "shared"],
        vec!["merge-shards", "--format", "json", "shared"],
    ];
    for args in runs {
        let (code, stderr) = full(&args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert_eq!(
            stderr,
            "pacru: error: cannot write to standard output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
    // The event itself is complete and recorded.
    let journal = std::fs::read_to_string(dir.path().join("shared/shard-0-of-1/journal.jsonl"));
    assert!(journal.unwrap().contains("\"complete\""));
}

#[test]
fn the_engine_help_says_how_random_plays() {
    let dir = tempfile::tempdir().unwrap();
    let ran = pacru_in(dir.path(), &mark("engine-help"), &["engine", "--help"]);
    assert_eq!(ran.code, Some(0));
    // Not uniform over legal moves (docs/protocol.md, built-in engines): those
    // are nearly all reorientations.
    let help = ran.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(!help.contains("uniformly"), "{help}");
    assert!(help.contains("the kind of move drawn first"), "{help}");
}
