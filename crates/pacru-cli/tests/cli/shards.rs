//! `pacru match --shard I/N`, `pacru tournament --shard I/N` and `pacru
//! merge-shards` through the real binary: an event played whole and the same
//! event played as shards and merged give the same games and standings; the merge
//! refuses shards of different events and twice-given shards, names missing
//! ones; a shard killed with SIGKILL and resumed duplicates no game; an SPRT
//! stops across shards.

use crate::common::{Run, pacru, pacru_env, spawn_pacru};
use std::path::Path;
use std::process::Stdio;

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn text(path: &Path) -> String {
    path.display().to_string()
}

/// The standings as JSON without the engines' thinking times, the one thing
/// that depends on the clock rather than on the games.
fn standings_without_time(json: &str) -> serde_json::Value {
    let mut value: serde_json::Value = serde_json::from_str(json).expect("standings json");
    for engine in value["engines"].as_array_mut().expect("engines") {
        let engine = engine.as_object_mut().expect("engine");
        engine.remove("time_ms");
        engine.remove("average_move_ms");
    }
    value
}

/// The finished games' numbers in a journal.
fn finished_games(journal: &Path) -> Vec<u64> {
    read(journal)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "finished")
        .map(|v| v["pairing"]["game"].as_u64().expect("game"))
        .collect()
}

/// Plays `args` whole into `dir/whole` and as `n` shards into `dir/shards`
/// (`--shard I/N`), merges the shards into `dir/merged`; checks that the merged
/// games and standings are the whole event's, and that the shards' games are
/// disjoint. Returns the merge's standard output.
fn whole_and_sharded(command: &str, args: &[&str], n: u32, dir: &Path) -> String {
    let whole = dir.join("whole");
    let shards = dir.join("shards");
    let merged = dir.join("merged");
    let mut run_args = vec![command];
    run_args.extend_from_slice(args);
    let whole_out = text(&whole);
    let mut w = run_args.clone();
    w.extend(["-o", &whole_out, "--format", "json"]);
    let played = pacru(&w);
    assert_eq!(played.code, 0, "{}", played.stderr);
    let shards_out = text(&shards);
    let mut all_games = Vec::new();
    for i in 0..n {
        let shard = format!("{i}/{n}");
        let mut s = run_args.clone();
        s.extend(["-o", &shards_out, "--shard", &shard]);
        let played = pacru(&s);
        assert_eq!(played.code, 0, "shard {shard}: {}", played.stderr);
        let own = finished_games(&shards.join(format!("shard-{i}-of-{n}/journal.jsonl")));
        assert!(!own.is_empty(), "shard {shard} played nothing");
        all_games.extend(own);
    }
    all_games.sort_unstable();
    let whole_games = {
        let mut g = finished_games(&whole.join("journal.jsonl"));
        g.sort_unstable();
        g
    };
    assert_eq!(
        all_games, whole_games,
        "the shards' games are the whole event's, each once"
    );
    let merge = pacru(&[
        "merge-shards",
        &shards_out,
        "-o",
        &text(&merged),
        "--format",
        "json",
    ]);
    assert_eq!(merge.code, 0, "{}", merge.stderr);
    assert_eq!(
        read(&merged.join("games.pgr")),
        read(&whole.join("games.pgr"))
    );
    assert_eq!(
        standings_without_time(&merge.stdout),
        standings_without_time(&played_json(&whole)),
    );
    assert_eq!(
        standings_without_time(&read(&merged.join("standings.json"))),
        standings_without_time(&read(&whole.join("standings.json"))),
    );
    merge.stdout
}

fn played_json(whole: &Path) -> String {
    read(&whole.join("standings.json"))
}

#[test]
fn a_match_played_whole_and_as_four_shards_merged_is_the_same_match() {
    let dir = tempfile::tempdir().expect("temp dir");
    let merged = whole_and_sharded(
        "match",
        &[
            "builtin:random:1",
            "builtin:greedy:2",
            "--games",
            "30",
            "--movetime",
            "200",
        ],
        4,
        dir.path(),
    );
    let standings: serde_json::Value = serde_json::from_str(&merged).unwrap();
    assert_eq!(standings["games_finished"], 30, "{standings}");
    assert_eq!(standings["games_total"], 30, "{standings}");
}

#[test]
fn a_three_player_round_robin_played_whole_and_as_three_shards_is_the_same() {
    let dir = tempfile::tempdir().expect("temp dir");
    whole_and_sharded(
        "tournament",
        &[
            "builtin:random:1",
            "builtin:greedy:2",
            "builtin:random:3",
            "builtin:greedy:4",
            "--players",
            "3",
            "--rounds",
            "2",
            "--movetime",
            "200",
        ],
        3,
        dir.path(),
    );
}

/// Plays shard `i` of `n` of a short match between built-in engines into `out`.
fn shard(out: &Path, seed: &str, i: u32, n: u32) {
    let greedy = format!("builtin:greedy:{seed}");
    let played = pacru(&[
        "match",
        "builtin:random:1",
        &greedy,
        "--games",
        "8",
        "--movetime",
        "200",
        "--shard",
        &format!("{i}/{n}"),
        "-o",
        &text(out),
    ]);
    assert_eq!(played.code, 0, "{}", played.stderr);
}

#[test]
fn the_merge_refuses_other_events_and_twice_given_shards_and_names_missing_ones() {
    let dir = tempfile::tempdir().expect("temp dir");
    let a = dir.path().join("a");
    let b = dir.path().join("b");
    shard(&a, "2", 0, 2);
    shard(&a, "2", 1, 2);
    shard(&b, "3", 1, 2);
    // Another event's shard.
    let other = pacru(&[
        "merge-shards",
        &text(&a.join("shard-0-of-2")),
        &text(&b.join("shard-1-of-2")),
    ]);
    assert_eq!(other.code, 2, "{}", other.stderr);
    assert!(
        other.stderr.contains("is not of the same event as")
            && other.stderr.contains("settings that differ: engines"),
        "{}",
        other.stderr
    );
    assert!(other.stdout.is_empty(), "{}", other.stdout);
    // The same shard twice.
    let twice = pacru(&["merge-shards", &text(&a), &text(&a.join("shard-1-of-2"))]);
    assert_eq!(twice.code, 2, "{}", twice.stderr);
    assert!(
        twice.stderr.contains("shard 1/2 is given twice"),
        "{}",
        twice.stderr
    );
    // Another number of shards.
    shard(&b, "3", 0, 3);
    let counts = pacru(&["merge-shards", &text(&b)]);
    assert_eq!(counts.code, 2, "{}", counts.stderr);
    assert!(
        counts
            .stderr
            .contains("the shards of one event have the same number N"),
        "{}",
        counts.stderr
    );
    // A missing shard: the standings of the others, an error, exit 1.
    let missing = pacru(&["merge-shards", &text(&a.join("shard-1-of-2"))]);
    assert_eq!(missing.code, 1, "{}", missing.stderr);
    assert!(
        missing
            .stderr
            .contains("error: 1 of 2 shards missing or never started (shard-0-of-2)"),
        "{}",
        missing.stderr
    );
    assert!(
        missing.stdout.contains("4 of 8 games played"),
        "{}",
        missing.stdout
    );
    // A folder with no shard, and a match played whole.
    let none = pacru(&["merge-shards", &text(dir.path())]);
    assert_eq!(none.code, 2);
    assert!(none.stderr.contains("no shard here"), "{}", none.stderr);
    let whole = dir.path().join("whole");
    let played = pacru(&[
        "match",
        "builtin:random:1",
        "builtin:greedy:1",
        "--games",
        "2",
        "-o",
        &text(&whole),
    ]);
    assert_eq!(played.code, 0);
    let unsharded = pacru(&["merge-shards", &text(&whole)]);
    assert_eq!(unsharded.code, 2);
    assert!(
        unsharded.stderr.contains("not sharded"),
        "{}",
        unsharded.stderr
    );
}

#[test]
fn a_forged_journal_with_another_shards_game_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let a = dir.path().join("a");
    shard(&a, "2", 0, 2);
    let journal = a.join("shard-0-of-2/journal.jsonl");
    // Renumber game 1 as game 3, which is shard 1's.
    let forged = read(&journal).replace("\"game\":1,", "\"game\":3,");
    std::fs::write(&journal, forged).unwrap();
    let merge = pacru(&["merge-shards", &text(&a)]);
    assert_eq!(merge.code, 2, "{}", merge.stderr);
    assert!(
        merge
            .stderr
            .contains("game 3 is not one of shard 0/2's games"),
        "{}",
        merge.stderr
    );
}

#[test]
fn shards_refuse_swiss_and_auto_takes_the_index_from_the_scheduler() {
    let dir = tempfile::tempdir().expect("temp dir");
    let swiss = pacru(&[
        "tournament",
        "builtin:random:1",
        "builtin:random:2",
        "builtin:random:3",
        "--system",
        "swiss",
        "--shard",
        "0/2",
        "-o",
        &text(&dir.path().join("s")),
    ]);
    assert_eq!(swiss.code, 2);
    assert!(
        swiss.stderr.contains("a Swiss event cannot be sharded"),
        "{}",
        swiss.stderr
    );
    let out = dir.path().join("auto");
    let args = [
        "match",
        "builtin:random:1",
        "builtin:greedy:2",
        "--games",
        "8",
        "--shard",
        "auto/2",
        "-o",
        &text(&out),
    ];
    let slurm = pacru_env(&args, b"", &[("SLURM_ARRAY_TASK_ID", "1")]);
    assert_eq!(slurm.code, 0, "{}", slurm.stderr);
    assert_eq!(
        finished_games(&out.join("shard-1-of-2/journal.jsonl")),
        [3, 4, 7, 8]
    );
    let k8s = pacru_env(&args, b"", &[("JOB_COMPLETION_INDEX", "0")]);
    assert_eq!(k8s.code, 0, "{}", k8s.stderr);
    assert_eq!(
        finished_games(&out.join("shard-0-of-2/journal.jsonl")),
        [1, 2, 5, 6]
    );
    let neither = pacru_env(&args, b"", &[]);
    assert_eq!(neither.code, 2);
    assert!(
        neither
            .stderr
            .contains("neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX")
    );
}

#[test]
fn a_shard_killed_and_resumed_duplicates_no_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Engines as child processes, so that a game takes a while.
    let engines = [
        "pacru engine random --seed 1",
        "pacru engine greedy --seed 2",
    ];
    let match_args = |out: &Path, shard: Option<&str>| {
        let mut args: Vec<String> = vec!["match".into()];
        args.extend(engines.iter().map(|e| (*e).to_owned()));
        args.extend(
            ["--games", "24", "--movetime", "500", "--no-progress", "-o"].map(String::from),
        );
        args.push(text(out));
        if let Some(shard) = shard {
            args.extend(["--shard".to_owned(), shard.to_owned()]);
        }
        args
    };
    let whole = dir.path().join("whole");
    let args = match_args(&whole, None);
    let played = pacru(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(played.code, 0, "{}", played.stderr);
    let shards = dir.path().join("shards");
    for i in 0..2 {
        let args = match_args(&shards, Some(&format!("{i}/2")));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        if i == 0 {
            // Killed with SIGKILL once a few of its games are journaled.
            let mut child = spawn_pacru(&args, Stdio::null());
            let journal = shards.join("shard-0-of-2/journal.jsonl");
            let start = std::time::Instant::now();
            while !journal.exists() || finished_games(&journal).len() < 3 {
                assert!(start.elapsed().as_secs() < 60, "the shard plays no game");
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            child.kill().expect("SIGKILL");
            child.wait().expect("reaped");
            let before = finished_games(&journal);
            assert!(before.len() < 12, "killed before its end: {before:?}");
            let mut resume = args.clone();
            resume.push("--resume");
            let resumed = pacru(&resume);
            assert_eq!(resumed.code, 0, "{}", resumed.stderr);
            let after = finished_games(&journal);
            let mut unique = after.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(
                unique.len(),
                after.len(),
                "a game finished twice: {after:?}"
            );
            assert_eq!(after.len(), 12, "{after:?}");
            assert!(after.starts_with(&before));
        } else {
            let played = pacru(&args);
            assert_eq!(played.code, 0, "{}", played.stderr);
        }
    }
    let merged = dir.path().join("merged");
    let merge = pacru(&["merge-shards", &text(&shards), "-o", &text(&merged)]);
    assert_eq!(merge.code, 0, "{}", merge.stderr);
    assert_eq!(
        read(&merged.join("games.pgr")),
        read(&whole.join("games.pgr"))
    );
    assert_eq!(
        standings_without_time(&read(&merged.join("standings.json"))),
        standings_without_time(&read(&whole.join("standings.json"))),
    );
}

/// One shard of a match with `--sprt 0,100` of greedy against random, which
/// greedy wins in every game (H1 is accepted after a few pairs), into `out`.
fn sprt_shard(out: &Path, shard: &str) -> Run {
    pacru(&[
        "match",
        "builtin:greedy:2",
        "builtin:random:1",
        "--sprt",
        "0,100",
        "--games",
        "400",
        "--movetime",
        "200",
        "--shard",
        shard,
        "-o",
        &text(out),
    ])
}

#[test]
fn a_shard_stops_when_the_sprt_of_all_shards_has_decided() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("sprt");
    // Greedy beats random in every game: H1 is accepted after a few pairs.
    let run = |shard: &str| sprt_shard(&out, shard);
    let first = run("0/2");
    assert_eq!(first.code, 0, "{}", first.stderr);
    let first_games = finished_games(&out.join("shard-0-of-2/journal.jsonl"));
    assert!(
        !first_games.is_empty() && first_games.len() < 200,
        "{first_games:?}"
    );
    assert!(first.stdout.contains("H1 accepted"), "{}", first.stdout);
    // Shard 1 reads shard 0's journal before its first pair: the test of the
    // whole match has decided, so it plays nothing and is complete.
    let second = run("1/2");
    assert_eq!(second.code, 0, "{}", second.stderr);
    assert!(finished_games(&out.join("shard-1-of-2/journal.jsonl")).is_empty());
    // Why it played nothing is said without -v, in one line.
    assert_eq!(second.stderr.lines().count(), 1, "{}", second.stderr);
    assert!(
        second.stderr.starts_with(&format!(
            "pacru: note: the SPRT of the whole match (every shard's journal in {}) has decided: LLR "
        , text(&out)))
            && second
                .stderr
                .ends_with(": H1 accepted: this shard stops after 0 of its 200 games\n"),
        "{}",
        second.stderr
    );
    let merge = pacru(&["merge-shards", &text(&out), "--format", "json"]);
    assert_eq!(merge.code, 0, "{}", merge.stderr);
    let standings: serde_json::Value = serde_json::from_str(&merge.stdout).unwrap();
    assert_eq!(standings["sprt"]["verdict"], "H1", "{standings}");
    assert_eq!(
        standings["sprt"]["pairs"].as_u64(),
        Some(first_games.len() as u64 / 2),
        "{standings}"
    );
    assert_eq!(standings["games_total"], 400, "{standings}");
}

#[test]
fn the_shards_folder_takes_no_event_given_without_its_shard() {
    let dir = tempfile::tempdir().expect("temp dir");
    let shared = dir.path().join("shared");
    let shared_text = text(&shared);
    let event = [
        "match",
        "builtin:random:1",
        "builtin:greedy:2",
        "--games",
        "4",
        "--movetime",
        "50",
    ];
    let played = pacru(&[&event[..], &["--shard", "0/2", "-o", &shared_text]].concat());
    assert_eq!(played.code, 0, "{}", played.stderr);
    // The resubmitted task without its --shard: the whole event, in the folder
    // of the shards, would play their games again and spoil the merge.
    for args in [
        [&event[..], &["--resume", "-o", &shared_text]].concat(),
        [&event[..], &["-o", &shared_text]].concat(),
        vec!["match", "--resume", "-o", &shared_text],
    ] {
        let refused = pacru(&args);
        assert_eq!(refused.code, 2, "{args:?}: {}", refused.stderr);
        assert_eq!(
            refused.stderr,
            format!(
                "pacru: error: {shared_text} holds the shards of a sharded event (shard-0-of-2), not an event of its own: continue a shard with `pacru match --resume -o {shared_text}/shard-0-of-2` (or with --shard I/N and the engines), add the shards up with `pacru merge-shards {shared_text}`, or choose another output directory with -o\n"
            ),
            "{args:?}"
        );
        assert!(!shared.join("journal.jsonl").exists());
    }
    // The shards themselves go on as before.
    let second = pacru(
        &[
            &event[..],
            &["--shard", "1/2", "--resume", "-o", &shared_text],
        ]
        .concat(),
    );
    assert_eq!(second.code, 0, "{}", second.stderr);
    let merged = pacru(&["merge-shards", &shared_text]);
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    assert!(
        merged.stdout.contains("4 of 4 games played"),
        "{}",
        merged.stdout
    );
}

/// The journal's lines, and the 1-based number of the first `finished` line.
fn first_finished(journal: &Path) -> (Vec<String>, usize) {
    let lines: Vec<String> = read(journal).lines().map(str::to_owned).collect();
    let at = lines
        .iter()
        .position(|l| l.contains("\"type\":\"finished\""))
        .expect("a finished game");
    (lines, at + 1)
}

/// `journal` with its `line`-th line (a finished game) changed by `forge`.
fn forge_line(journal: &Path, line: usize, forge: impl Fn(&mut serde_json::Value)) {
    let mut lines: Vec<String> = read(journal).lines().map(str::to_owned).collect();
    let mut value: serde_json::Value = serde_json::from_str(&lines[line - 1]).unwrap();
    forge(&mut value);
    lines[line - 1] = value.to_string();
    std::fs::write(journal, format!("{}\n", lines.join("\n"))).unwrap();
}

#[test]
fn a_played_events_shards_merge_and_forged_outcomes_are_refused_by_merge_and_resume() {
    let dir = tempfile::tempdir().expect("temp dir");
    let a = dir.path().join("a");
    shard(&a, "2", 0, 2);
    shard(&a, "2", 1, 2);
    // The honest journals the runner wrote merge: every game counted.
    let merge = pacru(&["merge-shards", &text(&a), "--format", "json"]);
    assert_eq!(merge.code, 0, "{}", merge.stderr);
    let honest: serde_json::Value = serde_json::from_str(&merge.stdout).unwrap();
    assert_eq!(honest["games_finished"], 8, "{honest}");
    let journal = a.join("shard-0-of-2/journal.jsonl");
    let (lines, line) = first_finished(&journal);
    let original = lines.join("\n") + "\n";
    let game: serde_json::Value = serde_json::from_str(&lines[line - 1]).unwrap();
    let number = game["pairing"]["game"].as_u64().unwrap();
    let pgr = game["outcome"]["pgr"].as_str().unwrap().to_owned();
    let winner = game["outcome"]["winner"].as_u64().expect("a winner");
    type Forge<'a> = Box<dyn Fn(&mut serde_json::Value) + 'a>;
    let cases: Vec<(&str, Forge<'_>, String)> = vec![
        (
            "the lost game's point given to the other engine",
            Box::new(|v| {
                let o = &mut v["outcome"];
                o["winner"] = serde_json::json!(1 - winner);
                let mut points = o["points"].as_array().unwrap().clone();
                points.reverse();
                o["points"] = serde_json::json!(points);
            }),
            {
                // A 2-player match seats Black, then Red.
                let colour = |slot: u64| ["Black", "Red"][slot as usize];
                format!(
                    "winner {} (the record's: {})",
                    colour(1 - winner),
                    colour(winner)
                )
            },
        ),
        (
            "points that sum to 7",
            Box::new(|v| {
                let mut points = vec![0.0; 2];
                points[winner as usize] = 7.0;
                v["outcome"]["points"] = serde_json::json!(points);
            }),
            "points [".to_owned(),
        ),
        (
            "other plies",
            Box::new(|v| v["outcome"]["plies"] = serde_json::json!(3)),
            "plies 3 (the record has".to_owned(),
        ),
        (
            "an illegal move in the record",
            Box::new(|v| {
                // The first move made `e1-e9`, which no chevron can play.
                let at = pgr.find("\n\n1. ").unwrap() + 5;
                let end = at + pgr[at..].find(' ').unwrap();
                let forged = format!("{}e1-e9{}", &pgr[..at], &pgr[end..]);
                v["outcome"]["pgr"] = serde_json::json!(forged);
            }),
            "has a record the referee finds illegal".to_owned(),
        ),
        (
            "two games in the record",
            Box::new(|v| v["outcome"]["pgr"] = serde_json::json!(format!("{pgr}\n{pgr}"))),
            "has a record that is not one game".to_owned(),
        ),
        (
            "a record that does not parse",
            Box::new(|v| v["outcome"]["pgr"] = serde_json::json!("[Result \"Red")),
            "has a record that does not parse".to_owned(),
        ),
    ];
    let shown = text(&journal);
    for (case, forge, reason) in &cases {
        std::fs::write(&journal, &original).unwrap();
        forge_line(&journal, line, forge);
        let located = format!("{shown}: line {line}: game {number} ");
        let merge = pacru(&["merge-shards", &text(&a)]);
        assert_eq!(merge.code, 2, "{case}: {}", merge.stdout);
        assert!(
            merge
                .stderr
                .starts_with(&format!("pacru: error: {located}"))
                && merge.stderr.contains(reason.as_str()),
            "{case}: {}",
            merge.stderr
        );
        let resume = pacru(&["match", "--resume", "-o", &text(&a.join("shard-0-of-2"))]);
        assert_eq!(resume.code, 2, "{case}: {}", resume.stdout);
        assert!(
            resume.stderr.contains(&format!("journal {located}"))
                && resume.stderr.contains(reason.as_str()),
            "{case}: {}",
            resume.stderr
        );
    }
    // Put back as written, the journal merges as before.
    std::fs::write(&journal, &original).unwrap();
    let merge = pacru(&["merge-shards", &text(&a), "--format", "json"]);
    assert_eq!(merge.code, 0, "{}", merge.stderr);
    assert_eq!(
        standings_without_time(&merge.stdout),
        standings_without_time(&serde_json::to_string(&honest).unwrap())
    );
}

#[test]
fn a_forged_siblings_journal_does_not_stop_a_sharded_sprt() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("sprt");
    let run = |shard: &str| sprt_shard(&out, shard);
    let first = run("0/2");
    assert_eq!(first.code, 0, "{}", first.stderr);
    // One of shard 0's games forged: the second engine's win instead of the first's.
    let journal = out.join("shard-0-of-2/journal.jsonl");
    let (_, line) = first_finished(&journal);
    forge_line(&journal, line, |v| {
        let o = &mut v["outcome"];
        let winner = o["winner"].as_u64().unwrap();
        o["winner"] = serde_json::json!(1 - winner);
        let mut points = o["points"].as_array().unwrap().clone();
        points.reverse();
        o["points"] = serde_json::json!(points);
    });
    // Shard 1 leaves the bad journal out, says so, and plays until its own
    // games decide the test.
    let second = run("1/2");
    assert_eq!(second.code, 0, "{}", second.stderr);
    assert!(
        second.stderr.contains(&format!(
            "pacru: warning: journal {}: line {line}: game ",
            text(&journal)
        )) && second
            .stderr
            .contains("the SPRT of this shard leaves shard 0/2's games out"),
        "{}",
        second.stderr
    );
    assert!(
        !finished_games(&out.join("shard-1-of-2/journal.jsonl")).is_empty(),
        "{}",
        second.stderr
    );
}
