//! `pacru match` and `pacru tournament` through the real binary: engines run as
//! child processes of `pacru` itself and in-process, records that pass `pacru check`,
//! standings as JSON.

use crate::common::{json_field, pacru};

/// Reads a file written by a run.
fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Referees a record file with `pacru check --format json`; returns the statuses.
fn statuses(record: &std::path::Path) -> Vec<String> {
    let run = pacru(&["check", "--format", "json", &record.display().to_string()]);
    json_field(&run.stdout, "status")
}

#[test]
fn a_match_between_engine_processes_records_games_that_check() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("m");
    let out_text = out.display().to_string();
    let run = pacru(&[
        "match",
        "pacru engine random --seed 1",
        "pacru engine greedy --seed 2",
        "--games",
        "2",
        "--movetime",
        "200",
        "-o",
        &out_text,
    ]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("2 of 2 games played"), "{}", run.stdout);
    assert_eq!(statuses(&out.join("games.pgr")), ["ok", "ok"]);
    let standings: serde_json::Value =
        serde_json::from_str(&read(&out.join("standings.json"))).expect("standings json");
    assert_eq!(standings["games_finished"], 2, "{standings}");
    let engines = standings["engines"].as_array().expect("engines");
    assert_eq!(engines.len(), 2, "{standings}");
    // Every game gives its point to someone: the points add up to the games.
    let points: f64 = engines.iter().filter_map(|e| e["points"].as_f64()).sum();
    assert_eq!(points, 2.0, "{standings}");
    // The journal has one line per finished game at least.
    let journal = read(&out.join("journal.jsonl"));
    assert!(journal.lines().count() >= 2, "{journal}");
    // Running again into the same directory without --resume is refused.
    let again = pacru(&[
        "match",
        "pacru engine random --seed 1",
        "pacru engine greedy --seed 2",
        "--games",
        "2",
        "-o",
        &out_text,
    ]);
    assert_ne!(again.code, 0, "{}", again.stdout);
}

/// An engine that speaks only JSON lines plays once `--framing` says so, and
/// is refused before the first game, with the reason, when it does not; the
/// framing is kept in the journal (for `--resume`).
#[test]
fn an_engine_that_speaks_only_json_lines_plays_with_framing_json() {
    let dir = tempfile::tempdir().expect("temp dir");
    let json_only = "pacru engine random --framing json --seed 1";
    let text = "pacru engine greedy --seed 2";
    let out = dir.path().join("unframed").display().to_string();
    let run = pacru(&[
        "match",
        json_only,
        text,
        "-n",
        "2",
        "--movetime",
        "100",
        "-o",
        &out,
    ]);
    assert_eq!(run.code, 2, "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stderr
            .contains("engine 1 (`pacru engine random --framing json --seed 1`) cannot be used")
            && run
                .stderr
                .contains("the line is JSON: the engine may speak only JSON lines"),
        "{}",
        run.stderr
    );

    let out_dir = dir.path().join("framed");
    let out = out_dir.display().to_string();
    let run = pacru(&[
        "match",
        json_only,
        text,
        "-n",
        "2",
        "--movetime",
        "100",
        "--framing",
        "1:json",
        "-o",
        &out,
    ]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("2 of 2 games played"), "{}", run.stdout);
    assert_eq!(statuses(&out_dir.join("games.pgr")), ["ok", "ok"]);
    let journal = read(&out_dir.join("journal.jsonl"));
    let start: serde_json::Value =
        serde_json::from_str(journal.lines().next().expect("start line")).expect("json");
    let framings: Vec<_> = start["config"]["engines"]
        .as_array()
        .expect("engines")
        .iter()
        .map(|e| e["framing"].clone())
        .collect();
    assert_eq!(
        framings,
        [serde_json::json!("json"), serde_json::Value::Null]
    );
    for (bad, reason) in [
        ("1:xml", "the framing is `json` or `text`"),
        ("3:json", "there is no engine 3"),
        ("json", "expected ENGINE:json or ENGINE:text"),
    ] {
        let out = dir.path().join("bad").display().to_string();
        let run = pacru(&["match", json_only, text, "--framing", bad, "-o", &out]);
        assert_eq!(run.code, 2, "{bad}: {}", run.stderr);
        assert!(
            run.stderr
                .contains(&format!("bad framing `{bad}`: {reason}")),
            "{bad}: {}",
            run.stderr
        );
    }
}

/// The engines' names in a standings file, best first.
fn standing_names(out: &std::path::Path) -> Vec<String> {
    let standings: serde_json::Value =
        serde_json::from_str(&read(&out.join("standings.json"))).expect("standings json");
    let mut names: Vec<String> = standings["engines"]
        .as_array()
        .expect("engines")
        .iter()
        .map(|e| e["name"].as_str().expect("name").to_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn engines_are_named_by_their_handshake_unless_two_share_a_name() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("m");
    let out_text = out.display().to_string();
    let args = [
        "match",
        "pacru engine random --seed 1",
        "pacru engine greedy --seed 2",
        "--games",
        "2",
        "--movetime",
        "100",
        "-o",
        &out_text,
    ];
    let run = pacru(&args);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    assert_eq!(standing_names(&out), ["pacru greedy", "pacru random"]);
    assert!(run.stdout.contains("  pacru greedy  "), "{}", run.stdout);
    assert!(!run.stdout.contains("--seed"), "{}", run.stdout);
    let records = read(&out.join("games.pgr"));
    assert!(records.contains("\"pacru greedy\"]"), "{records}");
    // Resuming with the same command lines is the same event.
    let mut resume = args.to_vec();
    resume.push("--resume");
    let again = pacru(&resume);
    assert_eq!(again.code, 0, "{}\n{}", again.stdout, again.stderr);
    assert_eq!(standing_names(&out), ["pacru greedy", "pacru random"]);

    // Two engines that give the same name keep their command lines; a name
    // given with NAME= stays.
    let out = dir.path().join("m2");
    let run = pacru(&[
        "match",
        "pacru engine random --seed 1",
        "pacru engine random --seed 2",
        "mine=pacru engine greedy",
        "--games",
        "3",
        "--movetime",
        "100",
        "-o",
        &out.display().to_string(),
    ]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    assert_eq!(
        standing_names(&out),
        [
            "mine",
            "pacru engine random --seed 1",
            "pacru engine random --seed 2"
        ]
    );
}

#[test]
fn a_four_player_tournament_of_built_in_engines_records_games_that_check() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("t");
    let run = pacru(&[
        "tournament",
        "builtin:random:1",
        "builtin:random:2",
        "builtin:greedy:1",
        "builtin:greedy:2",
        "--players",
        "4",
        "--movetime",
        "100",
        "-o",
        &out.display().to_string(),
    ]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    let statuses = statuses(&out.join("games.pgr"));
    assert!(!statuses.is_empty());
    assert!(statuses.iter().all(|s| s == "ok"), "{statuses:?}");
    let record = read(&out.join("games.pgr"));
    assert!(record.contains("[Players \"KRYG\"]"), "{record}");
}

#[test]
fn a_match_with_an_sprt_stops_when_the_test_decides() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("sprt");
    let out_text = out.display().to_string();
    let run = pacru(&[
        "match",
        "builtin:greedy:1",
        "builtin:random:1",
        "--sprt",
        "0,100",
        "--games",
        "200",
        "--movetime",
        "1000",
        "--format",
        "json",
        "-o",
        &out_text,
    ]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    let standings: serde_json::Value = serde_json::from_str(&run.stdout).expect("standings json");
    assert_eq!(
        standings,
        serde_json::from_str::<serde_json::Value>(&read(&out.join("standings.json"))).unwrap()
    );
    let sprt = &standings["sprt"];
    assert_eq!(sprt["verdict"], "H1", "{standings}");
    assert!(sprt["llr"].as_f64().unwrap() >= sprt["upper"].as_f64().unwrap());
    assert_eq!(
        (sprt["elo0"].as_f64(), sprt["elo1"].as_f64()),
        (Some(0.0), Some(100.0))
    );
    assert_eq!(
        (sprt["alpha"].as_f64(), sprt["beta"].as_f64()),
        (Some(0.05), Some(0.05))
    );
    // It stopped long before the 200 games, at the pair that decided: one game
    // at a time, no game starts before the last one is recorded.
    let pairs = sprt["pairs"].as_u64().unwrap();
    let finished = standings["games_finished"].as_u64().unwrap();
    assert!(pairs >= 1 && finished < 200, "{standings}");
    assert_eq!(finished, 2 * pairs, "{standings}");
    let counts: u64 = sprt["pentanomial"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(counts, pairs);
    assert!(statuses(&out.join("games.pgr")).iter().all(|s| s == "ok"));
    // The table says so too, and the match is complete: resuming plays nothing.
    let table = read(&out.join("standings.txt"));
    assert!(
        table.contains("SPRT elo0 0 elo1 100 (alpha 0.05, beta 0.05): LLR "),
        "{table}"
    );
    assert!(table.contains(": H1 accepted"), "{table}");
    let resumed = pacru(&["match", "--resume", "-o", &out_text, "--format", "json"]);
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    let again: serde_json::Value = serde_json::from_str(&resumed.stdout).unwrap();
    assert_eq!(again["games_finished"], standings["games_finished"]);
}

#[test]
fn an_sprt_needs_two_engines_and_sound_settings() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("bad").display().to_string();
    for args in [
        &[
            "builtin:random:1",
            "builtin:random:2",
            "builtin:random:3",
            "--sprt",
            "0,10",
        ][..],
        &["builtin:random:1", "builtin:random:2", "--sprt", "10,0"],
        &[
            "builtin:random:1",
            "builtin:random:2",
            "--sprt",
            "0,10,0.5,0.6",
        ],
        &["builtin:random:1", "builtin:random:2", "--sprt", "zero,ten"],
    ] {
        let run = pacru(&[&["match", "-o", &out][..], args].concat());
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("sprt")
                || run.stderr.contains("elo0")
                || run.stderr.contains("alpha"),
            "{args:?}: {}",
            run.stderr
        );
        assert!(!dir.path().join("bad").exists(), "{args:?}");
    }
}
