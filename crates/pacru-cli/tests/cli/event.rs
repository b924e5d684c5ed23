//! `pacru event`: whole small events run through the command line, bad input,
//! and commands killed at random moments.

use crate::common;

use pacru_core::SplitMix64;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// An event directory and the runs of `pacru` in it.
struct Desk {
    dir: tempfile::TempDir,
}

/// A run: exit status, standard output, standard error.
#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Desk {
    fn new() -> Desk {
        Desk {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// `pacru ARGS` in the event's directory, without colour.
    fn run(&self, args: &[&str]) -> Run {
        let out = Command::new(env!("CARGO_BIN_EXE_pacru"))
            .args(args)
            .current_dir(self.dir.path())
            .env("NO_COLOR", "1")
            .env_remove("RUST_LOG")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// `pacru event ARGS`, which must succeed; its output.
    fn ok(&self, args: &[&str]) -> String {
        let mut all = vec!["event"];
        all.extend(args);
        let run = self.run(&all);
        assert_eq!(run.code, 0, "pacru {all:?}: {run:?}");
        run.stdout
    }

    /// `pacru event ARGS`, which must be refused with exit status 2; its message.
    /// `pacru event new FILE --name NAME --players-per-table SIZE --system
    /// SYSTEM --rounds ROUNDS`, which must succeed.
    fn new_event(&self, file: &str, name: &str, size: u8, system: &str, rounds: u32) {
        let (size, rounds) = (size.to_string(), rounds.to_string());
        self.ok(&[
            "new",
            file,
            "--name",
            name,
            "--players-per-table",
            &size,
            "--system",
            system,
            "--rounds",
            &rounds,
        ]);
    }

    fn refused(&self, args: &[&str]) -> String {
        let mut all = vec!["event"];
        all.extend(args);
        let run = self.run(&all);
        assert_eq!(run.code, 2, "pacru {all:?}: {run:?}");
        assert!(run.stdout.is_empty(), "{run:?}");
        run.stderr
    }

    /// The whole event as JSON, less the times.
    fn state(&self, file: &str) -> serde_json::Value {
        let mut json: serde_json::Value =
            serde_json::from_str(&self.ok(&["export", file, "--json", "-"])).unwrap();
        strip_times(&mut json);
        json
    }

    /// A record of a random game between `names` (first seat first), from
    /// `pacru selfplay` with `seed`, written as `file`.
    fn record(&self, file: &str, names: &[&str], seed: u64) -> String {
        let players = names.len().to_string();
        let seed = seed.to_string();
        let run = self.run(&[
            "selfplay",
            "--players",
            &players,
            "--games",
            "1",
            "--seed",
            &seed,
        ]);
        assert_eq!(run.code, 0, "{run:?}");
        let colours = ["Black", "Red", "Yellow", "Green"];
        let mut text = run.stdout;
        for (colour, name) in colours.iter().zip(names) {
            text = text.replace(
                &format!("[{colour} \"random\"]"),
                &format!("[{colour} \"{name}\"]"),
            );
        }
        std::fs::write(self.path(file), &text).unwrap();
        text
    }
}

/// Removes every `at`, `submitted` key: the times of the log and records.
fn strip_times(json: &mut serde_json::Value) {
    match json {
        serde_json::Value::Object(map) => {
            map.remove("at");
            map.remove("submitted");
            map.values_mut().for_each(strip_times);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(strip_times),
        _ => {}
    }
}

/// The tables of round `round` as JSON.
fn tables(desk: &Desk, file: &str, round: u32) -> Vec<serde_json::Value> {
    let round = round.to_string();
    serde_json::from_str(&desk.ok(&["tables", file, "--round", &round, "--format", "json"]))
        .unwrap()
}

fn seats(table: &serde_json::Value) -> Vec<String> {
    table["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_owned())
        .collect()
}

/// The commands of the section "A whole event" of docs/events.md, each with
/// the output shown (quotes taken out of the command, as the transcript of
/// [`a_small_swiss_event_from_start_to_finish`] writes it).
fn walkthrough_steps() -> Vec<String> {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/events.md"))
            .unwrap();
    let from = docs.find("## A whole event").unwrap();
    let to = from + docs[from..].find("\n## Commands").unwrap();
    let mut steps: Vec<String> = Vec::new();
    let mut in_block = false;
    for line in docs[from..to].lines() {
        if line.starts_with("```") {
            in_block = line == "```console";
        } else if in_block {
            if let Some(command) = line.strip_prefix("$ ") {
                steps.push(format!("$ {}\n", command.replace('"', "")));
            } else if let Some(step) = steps.last_mut() {
                step.push_str(line);
                step.push('\n');
            }
        }
    }
    steps
}

#[test]
fn a_small_swiss_event_from_start_to_finish() {
    let desk = Desk::new();
    let e = "club.pacru";
    let mut transcript = String::new();
    let mut step = |args: &[&str], out: String| {
        transcript.push_str(&format!("$ pacru event {}\n{out}", args.join(" ")));
    };
    let new = [
        "new",
        e,
        "--name",
        "Club <night>",
        "--players-per-table",
        "2",
        "--system",
        "swiss",
        "--rounds",
        "3",
    ];
    step(&new, desk.ok(&new));
    for (name, rating) in [
        ("Ada", "1900"),
        ("Bob", "1800"),
        ("Cy", "1700"),
        ("Dee", "1600"),
    ] {
        let add = ["player", "add", e, name, "--rating", rating];
        step(&add, desk.ok(&add));
    }
    let add = ["player", "add", e, "Eve <i>", "--club", "Chess & Go"];
    step(&add, desk.ok(&add));
    step(&["player", "list", e], desk.ok(&["player", "list", e]));
    for round in 1..=3u32 {
        step(&["pair", e], desk.ok(&["pair", e]));
        for table in tables(&desk, e, round) {
            let number = table["table"].as_u64().unwrap();
            let names = seats(&table);
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let (r, t) = (round.to_string(), number.to_string());
            if (round, number) == (2, 1) {
                // A table whose record went missing: its result, entered bare.
                let result = [
                    "result", e, "--round", &r, "--table", &t, "--winner", names[1],
                ];
                step(&result, desk.ok(&result));
                continue;
            }
            let file = format!("r{round}t{number}.pgr");
            desk.record(&file, &names, u64::from(round) * 10 + number);
            let submit = ["submit", e, "--round", &r, "--table", &t, &file];
            step(&submit, desk.ok(&submit));
        }
        step(&["tables", e], desk.ok(&["tables", e]));
    }
    step(&["standings", e], desk.ok(&["standings", e]));
    step(&["crosstable", e], desk.ok(&["crosstable", e]));
    let html = ["export", e, "--html", "site"];
    step(&html, desk.ok(&html));
    let pgr = ["export", e, "--pgr", "all.pgr"];
    step(&pgr, desk.ok(&pgr));
    insta::assert_snapshot!("event_swiss_transcript", transcript);
    // The walk-through of docs/events.md shows this very event.
    let steps = walkthrough_steps();
    assert!(steps.len() >= 15, "{steps:?}");
    for step in &steps {
        assert!(
            transcript.contains(step),
            "docs/events.md shows what the event does not print:\n{step}"
        );
    }

    // The standings in JSON, in the export and on the site agree.
    let text = desk.ok(&["standings", e, "--format", "json"]);
    insta::assert_snapshot!("event_swiss_standings", text);
    let standings: serde_json::Value = serde_json::from_str(&text).unwrap();
    let everything = desk.state(e);
    assert_eq!(everything["standings"], standings);
    let index = std::fs::read_to_string(desk.path("site/index.html")).unwrap();
    let rows: Vec<(String, f64)> = index
        .lines()
        .filter_map(|l| l.strip_prefix("<tr data-rank="))
        .map(|l| {
            let attr = |key: &str| {
                let from = l.find(&format!("{key}=\"")).unwrap() + key.len() + 2;
                l[from..from + l[from..].find('"').unwrap()].to_owned()
            };
            (attr("data-name"), attr("data-points").parse().unwrap())
        })
        .collect();
    let expected: Vec<(String, f64)> = standings
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let name = s["name"]
                .as_str()
                .unwrap()
                .replace('<', "&lt;")
                .replace('>', "&gt;");
            (name, s["points"].as_f64().unwrap())
        })
        .collect();
    assert_eq!(rows, expected);
    assert!(index.contains("<h1>Club &lt;night&gt;</h1>"));
    assert!(!index.contains("<i>"), "names are text, never markup");
    // Each round's page shows the round's tables: seats in order, status, result.
    let escape = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let between = |text: &str, from: &str, to: &str| -> Vec<String> {
        text.split(from)
            .skip(1)
            .map(|s| s[..s.find(to).unwrap()].to_owned())
            .collect()
    };
    for round in 1..=3u32 {
        let page = std::fs::read_to_string(desk.path(&format!("site/round-{round}.html"))).unwrap();
        assert!(index.contains(&format!("<a href=\"round-{round}.html\">{round}</a>")));
        let rows: Vec<&str> = page
            .lines()
            .filter(|l| l.starts_with("<tr id=\"table-"))
            .collect();
        let expected = tables(&desk, e, round);
        assert_eq!(rows.len(), expected.len(), "round {round}");
        for (row, table) in rows.iter().zip(&expected) {
            let names: Vec<String> = seats(table).iter().map(|s| escape(s)).collect();
            assert_eq!(
                between(row, "<span class=\"name\">", "</span>"),
                names,
                "{row}"
            );
            assert_eq!(
                between(row, "<td class=\"status\">", "</td>"),
                [table["status"].as_str().unwrap()]
            );
            let result = match table["result"]["winner"].as_str() {
                Some(winner) => format!("{} wins", escape(winner)),
                None => "draw".to_owned(),
            };
            assert_eq!(between(row, "<td class=\"result\">", "</td>"), [result]);
        }
        assert!(!page.contains("<i>"), "names are text, never markup");
    }
    let games = std::fs::read_to_string(desk.path("site/games.html")).unwrap();
    assert!(games.contains("Content-Security-Policy"));
    assert!(
        games.contains("id=\"game-5\"") && !games.contains("id=\"game-6\""),
        "the 5 games with records"
    );
    // The games as the PGR export gives them: the event's name, round and table
    // in their tags, not those of the records submitted (`pacru selfplay`'s).
    assert!(!games.contains("pacru selfplay"), "{games}");
    assert_eq!(
        games
            .matches(r#"["Event","Club \u003cnight\u003e"]"#)
            .count(),
        5,
        "{games}"
    );
    assert!(games.contains(r#"["Table","2"]"#), "{games}");

    // One PGR of every game with a record, which pacru check accepts.
    let check = desk.run(&["check", "--format", "json", "all.pgr"]);
    assert_eq!(check.code, 0, "{check:?}");
    assert_eq!(common::json_field(&check.stdout, "status"), ["ok"; 5]);
    let pgr = std::fs::read_to_string(desk.path("all.pgr")).unwrap();
    assert_eq!(pgr.matches("[Event \"Club <night>\"]").count(), 5);
    assert!(pgr.contains("[Round \"3\"]") && pgr.contains("[Table \"2\"]"));
}

#[test]
fn a_record_that_is_not_ok_holds_its_table_for_the_arbiter() {
    let desk = Desk::new();
    let e = "e.pacru";
    desk.new_event(e, "Held", 3, "round-robin", 1);
    desk.ok(&["player", "add", e, "Ada", "Bob", "Cy"]);
    desk.ok(&["pair", e]);
    let names = seats(&tables(&desk, e, 1)[0]);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let text = desk.record("good.pgr", &names, 5);
    // The same game with its third ply replaced by a move from nowhere.
    let bad = text.replacen("1. ", "1. a5-a4 ", 1);
    std::fs::write(desk.path("bad.pgr"), bad).unwrap();
    let run = desk.run(&[
        "event", "submit", e, "--round", "1", "--table", "1", "bad.pgr",
    ]);
    assert_eq!(run.code, 1, "{run:?}");
    assert!(
        run.stdout
            .starts_with("bad.pgr game 1 (line 1): illegal move a5-a4 at ply 1"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("held for the arbiter (record illegal)"),
        "{}",
        run.stdout
    );
    let message = desk.refused(&[
        "result", e, "--round", "1", "--table", "1", "--winner", "Ada",
    ]);
    assert_eq!(
        message,
        "pacru: error: table 1 of round 1 is held for the arbiter: its record is illegal\n"
    );
    let message = desk.refused(&["submit", e, "--round", "1", "--table", "1", "bad.pgr"]);
    assert!(
        message.contains(
            "this record was already submitted for table 1 of round 1 (submission 1, illegal)"
        ),
        "{message}"
    );
    // A corrected record gives the result; the first stays stored beside it.
    let out = desk.ok(&["submit", e, "--round", "1", "--table", "1", "good.pgr"]);
    assert!(out.contains("round 1 table 1: played: "), "{out}");
    let out = desk.ok(&[
        "decide",
        e,
        "--round",
        "1",
        "--table",
        "1",
        "--draw",
        "--reason",
        "both players agreed to a draw before the end",
    ]);
    assert_eq!(out, "round 1 table 1: decided: draw\n");
    let log = desk.ok(&["log", e]);
    assert!(
        log.contains("reason: both players agreed to a draw before the end"),
        "{log}"
    );
    let state = desk.state(e);
    assert_eq!(state["submissions"].as_array().unwrap().len(), 2);
    assert_eq!(state["submissions"][0]["status"], "illegal");
    assert_eq!(
        state["submissions"][0]["referee"],
        env!("CARGO_PKG_VERSION")
    );
    assert!(state["submissions"][0]["verdict"]["error"]["rule"].is_string());
    let points: Vec<f64> = state["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .collect();
    assert_eq!(points, [1.0 / 3.0; 3]);
}

#[test]
fn bad_input_is_refused_with_its_reason_and_changes_nothing() {
    let desk = Desk::new();
    let e = "e.pacru";
    desk.new_event(e, "Bad", 2, "swiss", 2);
    desk.ok(&["player", "add", e, "Ada", "Bob", "Cy", "Dee"]);
    assert_eq!(
        desk.refused(&["tables", e]),
        "pacru: error: no round is paired yet\n"
    );
    desk.ok(&["pair", e]);
    desk.record("wrong.pgr", &["Bob", "Ada"], 1);
    desk.record("dee.pgr", &["Dee", "Cy"], 2);
    std::fs::write(desk.path("binary.pgr"), b"\x7fELF\x02\x01\x01\x00 [[[").unwrap();
    let before = desk.state(e);
    let cases: [(&[&str], &str); 8] = [
        (
            &["submit", e, "--round", "1", "--table", "1", "wrong.pgr"],
            "wrong.pgr: the record's players are not those of table 1 of round 1: the table seats Ada, Bob (first seat first); the record has Black \"Bob\", Red \"Ada\"",
        ),
        (
            &["result", e, "--round", "2", "--table", "1", "--draw"],
            "round 2 is not paired (only round 1 is)",
        ),
        (
            &["result", e, "--round", "1", "--table", "9", "--draw"],
            "round 1 has no table 9 (its tables are 1 to 2)",
        ),
        (
            &["submit", e, "--round", "1", "--table", "2", "binary.pgr"],
            "binary.pgr: not a game record: line 1, column 1",
        ),
        (
            &["submit", e, "--round", "1", "--table", "2", "missing.pgr"],
            "missing.pgr: ",
        ),
        (
            &["player", "add", e, "Mallory\u{1b}]0;owned\u{7}"],
            "player name `Mallory\\u{1b}]0;owned\\u{7}`: it holds a control character",
        ),
        (
            &["player", "withdraw", e, "ada"],
            "no player is called `ada` (did you mean `Ada`?)",
        ),
        (
            &[
                "decide", e, "--round", "1", "--table", "1", "--winner", "Ada", "--reason", " ",
            ],
            "reason ` `: it is empty",
        ),
    ];
    for (args, message) in cases {
        let stderr = desk.refused(args);
        assert!(
            stderr.starts_with(&format!("pacru: error: {message}")),
            "{args:?}: {stderr}"
        );
        assert!(
            !stderr.contains('\u{1b}') && !stderr.contains('\u{7}'),
            "{stderr:?}"
        );
    }
    // A record submitted twice: the second time is refused.
    desk.ok(&["submit", e, "--round", "1", "--table", "2", "dee.pgr"]);
    let after_one = desk.state(e);
    assert_ne!(after_one, before);
    let stderr = desk.refused(&["submit", e, "--round", "1", "--table", "2", "dee.pgr"]);
    assert!(
        stderr.contains("already has its result (played)"),
        "{stderr}"
    );
    assert_eq!(desk.state(e), after_one);
    let stderr = desk.refused(&["export", "binary.pgr", "--json", "-"]);
    assert!(
        stderr.contains("binary.pgr is not a pacru event file"),
        "{stderr}"
    );
}

/// Runs `args` and kills it with SIGKILL after `delay`; whether it had
/// finished by then.
fn run_and_kill(dir: &Path, args: &[String], delay: Duration) -> bool {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pacru"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(delay);
    let finished = child.try_wait().unwrap().is_some();
    let _ = child.kill();
    child.wait().unwrap();
    finished
}

#[test]
fn commands_killed_at_random_moments_leave_the_event_before_or_after() {
    let desk = Desk::new();
    let base = desk.path("base.pacru");
    desk.new_event("base.pacru", "Crash", 4, "swiss", 3);
    let names: Vec<String> = (1..=40).map(|i| format!("Player {i}")).collect();
    let mut add = vec!["player", "add", "base.pacru"];
    add.extend(names.iter().map(String::as_str));
    desk.ok(&add);
    // The same event with round 1 paired, and the record of its table 1.
    let paired = desk.path("paired.pacru");
    std::fs::copy(&base, &paired).unwrap();
    desk.ok(&["pair", "paired.pacru"]);
    let round_1 = tables(&desk, "paired.pacru", 1);
    let table = seats(&round_1[0]);
    let table: Vec<&str> = table.iter().map(String::as_str).collect();
    desk.record("t1.pgr", &table, 3);
    let winner = seats(&round_1[1])[0].clone();
    let late: Vec<String> = (41..=80).map(|i| format!("Late {i}")).collect();
    // Each trial runs one of these on a fresh copy of the event (`None`: on no
    // file at all): pairing a round of 10 tables, registering 40 players one
    // row at a time, submitting a record (refereed, stored, the table's result
    // set), a bare result, an arbiter's decision, undoing a pairing, a
    // withdrawal, and creating an event (written aside, then moved in place).
    let commands: Vec<(&str, Option<&PathBuf>, Vec<String>)> = vec![
        ("pair", Some(&base), vec!["pair".into()]),
        (
            "player add",
            Some(&base),
            ["player", "add"]
                .iter()
                .map(|s| s.to_string())
                .chain(late.iter().cloned())
                .collect(),
        ),
        (
            "submit",
            Some(&paired),
            ["submit", "--round", "1", "--table", "1", "t1.pgr"]
                .map(String::from)
                .to_vec(),
        ),
        (
            "result",
            Some(&paired),
            [
                "result", "--round", "1", "--table", "2", "--winner", &winner,
            ]
            .map(String::from)
            .to_vec(),
        ),
        (
            "decide",
            Some(&paired),
            [
                "decide",
                "--round",
                "1",
                "--table",
                "3",
                "--draw",
                "--reason",
                "the players agreed",
            ]
            .map(String::from)
            .to_vec(),
        ),
        ("unpair", Some(&paired), vec!["unpair".into()]),
        (
            "withdraw",
            Some(&base),
            ["player", "withdraw", "Player 7"]
                .map(String::from)
                .to_vec(),
        ),
        (
            "new",
            None,
            [
                "new",
                "--name",
                "Crash",
                "--players-per-table",
                "3",
                "--system",
                "swiss",
                "--rounds",
                "5",
            ]
            .map(String::from)
            .to_vec(),
        ),
    ];
    // `pacru event SUBCOMMAND FILE REST...` (the file after the subcommand's
    // words, `player add` and `player withdraw` taking two).
    let command = |words: &[String], file: &str| -> Vec<String> {
        let split = if words[0] == "player" { 2 } else { 1 };
        let mut args = vec!["event".to_owned()];
        args.extend(words[..split].iter().cloned());
        args.push(file.to_owned());
        args.extend(words[split..].iter().cloned());
        args
    };
    // The event as JSON, or none when the file does not exist.
    let state = |file: &str| desk.path(file).exists().then(|| desk.state(file));
    let mut seen = vec![[0u32; 2]; commands.len()];
    let mut rng = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
    for trial in 0..10 * commands.len() {
        let which = trial % commands.len();
        let (_, source, words) = &commands[which];
        for copy in ["e.pacru", "done.pacru"] {
            let _ = std::fs::remove_file(desk.path(copy));
            if let Some(source) = source {
                std::fs::copy(source, desk.path(copy)).unwrap();
            }
        }
        let before = state("e.pacru");
        // The state after the command, run to its end on the other copy; the
        // kill comes at a random moment within 1.5 times that run's duration.
        let start = Instant::now();
        let done = Command::new(env!("CARGO_BIN_EXE_pacru"))
            .args(command(words, "done.pacru"))
            .current_dir(desk.dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        let took = start.elapsed();
        assert!(done.success(), "trial {trial}");
        let after = state("done.pacru");
        assert!(after.is_some() && before != after, "trial {trial}");
        let delay = took.mul_f64(1.5 * ((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64));
        let finished = run_and_kill(desk.dir.path(), &command(words, "e.pacru"), delay);
        if desk.path("e.pacru").exists() {
            pacru_event::EventFile::open(&desk.path("e.pacru"))
                .unwrap()
                .integrity_check()
                .unwrap_or_else(|e| panic!("trial {trial}: {e}"));
        }
        let state = state("e.pacru");
        if finished {
            assert_eq!(
                state, after,
                "trial {trial}: finished, so the state is the one after"
            );
        }
        if state == before {
            seen[which][0] += 1;
        } else {
            assert_eq!(
                state, after,
                "trial {trial}: neither before nor after the command"
            );
            seen[which][1] += 1;
        }
        // The WAL files, and what a killed `new` may leave aside.
        for entry in std::fs::read_dir(desk.dir.path()).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            if name.starts_with("e.pacru") || name.starts_with("done.pacru") {
                std::fs::remove_file(desk.path(&name)).unwrap();
            }
        }
    }
    let names: Vec<&str> = commands.iter().map(|(name, _, _)| *name).collect();
    eprintln!(
        "states seen (before, after): {:?}",
        names.iter().zip(&seen).collect::<Vec<_>>()
    );
}

/// The page of the file where the rows of `table` start, and the page size.
fn root_page(path: &Path, table: &str) -> (usize, usize) {
    let conn = rusqlite::Connection::open(path).unwrap();
    let root: i64 = conn
        .query_row(
            "SELECT rootpage FROM sqlite_schema WHERE name = ?1",
            [table],
            |r| r.get(0),
        )
        .unwrap();
    let size: i64 = conn
        .pragma_query_value(None, "page_size", |r| r.get(0))
        .unwrap();
    (root as usize, size as usize)
}

#[test]
fn check_reports_a_tampered_verdict_and_a_corrupted_page_and_changes_nothing() {
    let desk = Desk::new();
    let e = "e.pacru";
    desk.new_event(e, "Checked", 2, "swiss", 1);
    desk.ok(&["player", "add", e, "Ada", "Bob", "Cy", "Dee"]);
    desk.ok(&["pair", e]);
    for table in tables(&desk, e, 1) {
        let number = table["table"].as_u64().unwrap().to_string();
        let names = seats(&table);
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let file = format!("t{number}.pgr");
        desk.record(&file, &names, 7 + names.len() as u64);
        desk.ok(&["submit", e, "--round", "1", "--table", &number, &file]);
    }
    let run = desk.run(&["event", "check", e]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        run.stdout,
        "e.pacru: ok: SQLite's integrity and foreign-key checks pass; 2 records refereed again, each verdict as stored\n"
    );
    let json: serde_json::Value =
        serde_json::from_str(&desk.ok(&["check", e, "--format", "json"])).unwrap();
    assert_eq!(json["ok"], true);
    assert_eq!(json["records"], 2);

    // Someone makes the `ok` verdict of table 2 say `illegal`.
    std::fs::copy(desk.path(e), desk.path("t.pacru")).unwrap();
    rusqlite::Connection::open(desk.path("t.pacru"))
        .unwrap()
        .execute(
            "UPDATE submission SET status = 'illegal', verdict = json_set(verdict, '$.status', 'illegal') WHERE board = 2",
            [],
        )
        .unwrap();
    let before = std::fs::read(desk.path("t.pacru")).unwrap();
    let run = desk.run(&["event", "check", "t.pacru"]);
    assert_eq!(run.code, 1, "{run:?}");
    let version = env!("CARGO_PKG_VERSION");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    assert_eq!(
        lines[0],
        "round 1 table 2: submission 2 (t2.pgr): the stored verdict is not the referee's (differs in status)"
    );
    assert!(
        lines[1].starts_with("  stored: illegal, ")
            && lines[1].ends_with(&format!("(referee {version})")),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("  now:    ok, ")
            && lines[2].ends_with(&format!("(referee {version})")),
        "{}",
        lines[2]
    );
    assert_eq!(
        lines[3],
        "t.pacru: 1 problem (1 verdict); 2 records refereed again"
    );
    let run = desk.run(&["event", "check", "t.pacru", "--format", "json"]);
    assert_eq!(run.code, 1, "{run:?}");
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let problem = &json["problems"][0];
    assert_eq!(json["ok"], false);
    assert_eq!(
        (&problem["kind"], &problem["round"], &problem["table"]),
        (&"verdict".into(), &1.into(), &2.into())
    );
    assert_eq!(problem["referee"], version);
    assert_eq!(problem["stored_status"], "illegal");
    assert_eq!(problem["now_status"], "ok");
    assert_eq!(problem["verdict_now"]["status"], "ok");
    assert!(
        std::fs::read(desk.path("t.pacru")).unwrap() == before,
        "check changed the file"
    );

    // A page in the middle of the file overwritten: reported, not a crash.
    std::fs::copy(desk.path(e), desk.path("c.pacru")).unwrap();
    let (root, size) = root_page(&desk.path("c.pacru"), "seat");
    let mut bytes = std::fs::read(desk.path("c.pacru")).unwrap();
    assert!(root > 1 && root * size < bytes.len(), "page {root}");
    for (i, b) in bytes[(root - 1) * size..][..64].iter_mut().enumerate() {
        *b = 0x5a ^ i as u8;
    }
    std::fs::write(desk.path("c.pacru"), &bytes).unwrap();
    let run = desk.run(&["event", "check", "c.pacru"]);
    assert_eq!(run.code, 1, "{run:?}");
    // SQLite stops on the damaged page; the event cannot be read past it.
    assert_eq!(
        run.stdout,
        "integrity: the check stopped: database disk image is malformed\n\
         unreadable: the event cannot be read: database disk image is malformed\n\
         c.pacru: 2 problems (1 integrity, 1 unreadable); 0 records refereed again\n"
    );
    assert!(run.stderr.is_empty(), "{run:?}");
    assert!(
        std::fs::read(desk.path("c.pacru")).unwrap() == bytes,
        "check changed the file"
    );

    // What cannot be checked at all is a usage error.
    let stderr = desk.refused(&["check", "missing.pacru"]);
    assert_eq!(stderr, "pacru: error: missing.pacru: no such event file\n");
}

#[test]
fn check_reports_forged_points_rounds_and_seats_and_trf_names_the_table() {
    let desk = Desk::new();
    let e = "e.pacru";
    desk.new_event(e, "Forged", 2, "swiss", 3);
    desk.ok(&["player", "add", e, "Ada", "Bob", "Cy", "Dee", "Eve", "Fay"]);
    desk.ok(&["pair", e]);
    for table in ["1", "2", "3"] {
        desk.ok(&["result", e, "--round", "1", "--table", table, "--draw"]);
    }
    desk.ok(&["pair", e]);
    desk.ok(&["player", "add", e, "Gil"]);
    let forge = |file: &str, sql: &str| {
        std::fs::copy(desk.path(e), desk.path(file)).unwrap();
        rusqlite::Connection::open(desk.path(file))
            .unwrap()
            .execute_batch(sql)
            .unwrap();
    };
    // A drawn game whose first seat holds 100/12 points.
    let points = "UPDATE seat SET points = 100 WHERE round = 1 AND board = 1 AND seat = 0;";
    forge("p.pacru", points);
    // That, 1 round for the event while 2 are paired, and Gil a third seat
    // at a table of 2.
    forge(
        "f.pacru",
        &format!(
            "{points} UPDATE event SET rounds = 1; INSERT INTO seat VALUES (2, 1, 2, 7, NULL);"
        ),
    );
    let run = desk.run(&["event", "check", "f.pacru"]);
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(
        run.stdout,
        "inconsistent: 2 rounds are paired, more than the event's 1\n\
         inconsistent: round 1 table 1: its seats hold 8.33, 0.5 points, but a draw scores 0.5, 0.5: every game hands out one point\n\
         inconsistent: round 2 table 1: 3 players at the table, but the event plays tables of 2\n\
         f.pacru: 3 problems (3 inconsistent); 0 records refereed again\n"
    );
    let run = desk.run(&["event", "check", "f.pacru", "--format", "json"]);
    assert_eq!(run.code, 1, "{run:?}");
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["ok"], false);
    let problems = json["problems"].as_array().unwrap();
    let found: Vec<(&str, &serde_json::Value, &serde_json::Value)> = problems
        .iter()
        .map(|p| (p["kind"].as_str().unwrap(), &p["round"], &p["table"]))
        .collect();
    assert_eq!(
        found,
        [
            (
                "inconsistent",
                &serde_json::Value::Null,
                &serde_json::Value::Null
            ),
            ("inconsistent", &1.into(), &1.into()),
            ("inconsistent", &2.into(), &1.into()),
        ]
    );
    assert!(
        problems[1]["message"]
            .as_str()
            .unwrap()
            .starts_with("its seats hold 8.33, 0.5 points")
    );

    // The TRF export names the table, not a bye.
    let stderr = desk.refused(&["export", "p.pacru", "--trf", "p.trf"]);
    assert_eq!(
        stderr,
        "pacru: error: table 1 of round 1: its seats hold 8.33, 0.5 points, not what its result scores (every game hands out one point); `pacru event check` reports it\n"
    );
    assert!(!desk.path("p.trf").exists());
}

#[test]
fn the_crosstable_of_three_a_table_agrees_with_the_tables_and_escapes_names() {
    let desk = Desk::new();
    let e = "e.pacru";
    desk.new_event(e, "Grid", 3, "swiss", 2);
    desk.ok(&[
        "player", "add", e, "Ada", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus",
    ]);
    for round in 1..=2u32 {
        desk.ok(&["pair", e]);
        for (i, table) in tables(&desk, e, round).iter().enumerate() {
            let (r, t) = (round.to_string(), table["table"].to_string());
            if i == 0 {
                desk.ok(&[
                    "decide", e, "--round", &r, "--table", &t, "--draw", "--reason", "agreed",
                ]);
            } else {
                let names = seats(table);
                desk.ok(&[
                    "result", e, "--round", &r, "--table", &t, "--winner", &names[1],
                ]);
            }
        }
        if round == 1 {
            desk.ok(&["player", "withdraw", e, "Gus"]);
        }
    }
    let grid: Vec<serde_json::Value> =
        serde_json::from_str(&desk.ok(&["crosstable", e, "--format", "json"])).unwrap();
    let standings: Vec<serde_json::Value> =
        serde_json::from_str(&desk.ok(&["standings", e, "--format", "json"])).unwrap();
    assert_eq!(grid.len(), 7);
    // Each cell from the tables of the round, independently.
    for (line, standing) in grid.iter().zip(&standings) {
        assert_eq!(line["name"], standing["name"]);
        assert_eq!(line["points"], standing["points"]);
        let name = line["name"].as_str().unwrap();
        for round in 1..=2u32 {
            let cell = &line["rounds"][round as usize - 1];
            let at = tables(&desk, e, round)
                .into_iter()
                .find(|t| seats(t).iter().any(|s| s == name));
            let expected = match at {
                Some(t) => {
                    let seat = seats(&t).iter().position(|s| s == name).unwrap();
                    let points = t["result"]["points"][seat].as_f64().unwrap();
                    let points = match points {
                        1.0 => "1",
                        0.0 => "0",
                        p if (p - 1.0 / 3.0).abs() < 1e-9 => "⅓",
                        p => panic!("{p} points"),
                    };
                    format!("T{} s{} {points}", t["table"], seat + 1)
                }
                None if round == 2 && name == "Gus" => "-".to_owned(),
                None => "bye".to_owned(),
            };
            assert_eq!(cell["text"], expected.as_str(), "{name}, round {round}");
        }
    }
    let text = desk.ok(&["crosstable", e]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["Rank", "Name", "Points", "R1", "R2"]
    );
    assert_eq!(lines.len(), 1 + 7 + 2, "{text}");
    for (row, line) in lines[1..8].iter().zip(&grid) {
        let r1 = line["rounds"][0]["text"].as_str().unwrap();
        let r2 = line["rounds"][1]["text"].as_str().unwrap();
        assert!(row.contains(r1) && row.trim_end().ends_with(r2), "{row}");
    }
    assert!(
        lines[9].starts_with("Each round: the table, the seat, the points"),
        "{text}"
    );

    // A name that no command lets in, written into the file: escaped.
    rusqlite::Connection::open(desk.path(e))
        .unwrap()
        .execute(
            "UPDATE player SET name = 'Ada\x1b]0;owned\x07' WHERE name = 'Ada'",
            [],
        )
        .unwrap();
    let text = desk.ok(&["crosstable", e]);
    assert!(text.contains("Ada\\u{1b}]0;owned\\u{7}"), "{text}");
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
}

#[test]
fn players_sharing_a_rank_are_told_apart_by_their_line() {
    let desk = Desk::new();
    let e = "e.pacru";
    desk.new_event(e, "Level", 2, "swiss", 1);
    desk.ok(&["player", "add", e, "Ada", "Bob"]);
    desk.ok(&["pair", e]);
    desk.ok(&["result", e, "--round", "1", "--table", "1", "--draw"]);
    assert_eq!(
        desk.ok(&["crosstable", e]),
        "No  Rank  Name  Points  R1\n \
         1     1  Ada      0.5  2 s1 ½\n \
         2     1  Bob      0.5  1 s2 ½\n\n\
         Each round: the opponent's No, the seat, the points (1 won, ½ drawn, 0 lost, ? no result yet); bye; - not paired.\n"
    );
}

#[test]
fn a_withdrawal_made_by_mistake_is_undone_before_the_next_pairing() {
    let desk = Desk::new();
    let e = "e.pacru";
    desk.new_event(e, "Oops", 2, "swiss", 2);
    desk.ok(&["player", "add", e, "Ada", "Bob", "Cy"]);
    desk.ok(&["player", "withdraw", e, "Cy"]);
    assert_eq!(
        desk.ok(&["player", "reinstate", e, "Cy"]),
        "Cy reinstated: paired again from round 1 on\n"
    );
    assert!(!desk.ok(&["player", "list", e]).contains("withdrawn"));
    let refused = desk.refused(&["player", "reinstate", e, "Cy"]);
    assert_eq!(refused, "pacru: error: `Cy` has not withdrawn\n");
    desk.ok(&["player", "withdraw", e, "Cy"]);
    desk.ok(&["pair", e]);
    let refused = desk.refused(&["player", "reinstate", e, "Cy"]);
    assert_eq!(
        refused,
        "pacru: error: `Cy` withdrew from round 1 on and round 1 was paired without them: \
         a withdrawal can only be undone before the next round is paired\n"
    );
}

#[test]
fn the_site_drops_the_page_of_a_round_since_unpaired() {
    let desk = Desk::new();
    let e = "e.pacru";
    desk.new_event(e, "Undone", 2, "swiss", 2);
    desk.ok(&["player", "add", e, "Ada", "Bob"]);
    desk.ok(&["pair", e]);
    desk.ok(&[
        "result", e, "--round", "1", "--table", "1", "--winner", "Ada",
    ]);
    desk.ok(&["pair", e]);
    let out = desk.ok(&["export", e, "--html", "site"]);
    assert_eq!(
        out,
        "wrote site: index.html, round-1.html, round-2.html, games.html, style.css\n"
    );
    assert!(desk.path("site/round-2.html").is_file());
    desk.ok(&["unpair", e]);
    let out = desk.ok(&["export", e, "--html", "site"]);
    assert_eq!(
        out,
        "wrote site: index.html, round-1.html, games.html, style.css\n"
    );
    assert!(!desk.path("site/round-2.html").exists());
    let index = std::fs::read_to_string(desk.path("site/index.html")).unwrap();
    assert!(index.contains("<a href=\"round-1.html\">1</a>") && !index.contains("round-2.html"));
}
