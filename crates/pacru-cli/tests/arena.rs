//! `pacru match` and `pacru tournament` through the real binary: engines run as
//! child processes of `pacru` itself and in-process, records that pass `pacru check`,
//! standings as JSON.

mod common;

use common::{json_field, pacru};

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
