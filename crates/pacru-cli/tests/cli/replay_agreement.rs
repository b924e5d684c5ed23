//! One replay: `pacru replay` (text and JSON) and `pacru check` agree on every
//! game: the same status, the same ply, the same rule, the same final position.
//!
//! Through the binary: every record the repository ships, the malformed and
//! hostile corpora, the records of the issue that found the disagreement and
//! the first generated games. Through the libraries the commands are made of
//! (the referee's `Checker` behind `check`, `replay_game` behind the text
//! `replay`, `pacru_view::Games` behind `replay --format json`): 10,000
//! generated games with mutations (a stray `pass`, a wrong `Result`, truncated
//! and swapped moves).

use crate::common::{pacru, root};
use pacru_core::{RulesEdition, SplitMix64};
use pacru_notation::pgr::Reader;
use pacru_notation::selfplay::{SelfplaySettings, run_record};
use pacru_referee::{Checker, Observer, PlyStep, replay_game};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// What the three must agree on.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Agreed {
    status: String,
    plies: u64,
    rule: Option<String>,
    final_position: Option<String>,
}

/// The mutations of a generated game.
const MUTATIONS: [&str; 5] = ["none", "stray pass", "wrong result", "truncated", "swapped"];

/// Generated game `number` (from 1) with its mutation: 2, 3 or 4 players, up to
/// 60 plies, one mutation in five of each kind.
fn generated(number: u64) -> (String, &'static str) {
    let players = 2 + (number % 3) as usize;
    let settings = SelfplaySettings::new(players, 2026).max_plies(Some(60));
    let record = run_record(&settings, number).expect("a random game");
    let record = record.trim_start();
    let mut rng = SplitMix64::new(number);
    let mutation = MUTATIONS[(number % MUTATIONS.len() as u64) as usize];
    let (tags, movetext) = record.split_once("\n\n").expect("tags, then moves");
    let mut tokens: Vec<String> = movetext
        .split_whitespace()
        .filter(|t| !t.ends_with('.'))
        .map(str::to_owned)
        .collect();
    let mut result = tokens.pop().expect("a result token");
    let mut pick = |n: usize| rng.below(n.max(1) as u64) as usize;
    match mutation {
        "stray pass" => {
            let at = pick(tokens.len() + 1);
            tokens.insert(at, "pass".to_owned());
        }
        "wrong result" => {
            let colours = ["Black", "Red", "Yellow", "Green"];
            let others: Vec<&str> = ["*", "draw"]
                .into_iter()
                .chain(colours[..players].iter().copied())
                .filter(|r| *r != result)
                .collect();
            result = others[pick(others.len())].to_owned();
        }
        "truncated" => {
            let keep = pick(tokens.len());
            tokens.truncate(keep);
        }
        "swapped" if tokens.len() >= 2 => {
            let at = pick(tokens.len() - 1);
            tokens.swap(at, at + 1);
        }
        _ => {}
    }
    let tags: Vec<String> = tags
        .lines()
        .map(|line| {
            if line.starts_with("[Result ") {
                format!("[Result \"{result}\"]")
            } else {
                line.to_owned()
            }
        })
        .collect();
    tokens.push(result);
    let mut text = tags.join("\n");
    text.push_str("\n\n");
    for line in tokens.chunks(8) {
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    (text, mutation)
}

/// The verdict of `pacru check --format json` (or the `verdict` of `replay
/// --format json`) in the terms compared.
fn from_json(verdict: &Value) -> Agreed {
    Agreed {
        status: verdict["status"].as_str().expect("status").to_owned(),
        plies: verdict["plies"].as_u64().expect("plies"),
        rule: verdict["error"]["rule"].as_str().map(str::to_owned),
        final_position: verdict["final_position"].as_str().map(str::to_owned),
    }
}

/// What `replay --format json` shows of game `view` itself: its plies, the
/// position after the last, the refused move's rule (the verdict's status
/// and rule otherwise).
fn from_view(view: &Value) -> Agreed {
    let plies = view["plies"].as_array().expect("plies");
    let last = match plies.last() {
        Some(ply) => ply["position"].as_str(),
        None => view["start"].as_str(),
    };
    let verdict = from_json(&view["verdict"]);
    let rule = match &view["refused"] {
        Value::Null => verdict.rule.clone(),
        refused => refused["rule"].as_str().map(str::to_owned),
    };
    Agreed {
        status: verdict.status,
        plies: plies.len() as u64,
        rule,
        final_position: last.map(str::to_owned),
    }
}

/// What the text of `pacru replay` shows: the plies it printed, the rule of its
/// error, the last position it printed (`None` when it printed none).
fn from_text(stdout: &str, stderr: &str, code: i32) -> Agreed {
    let plies = stdout.matches("\nply ").count() as u64;
    let rule_after = |marker: &str| {
        stderr
            .split_once(marker)
            .map(|(_, rest)| rest.split(':').next().unwrap_or_default().to_owned())
    };
    let (status, rule) = if stderr.contains("does not parse") {
        ("malformed", None)
    } else if let Some(rule) = rule_after(" is illegal: ") {
        ("illegal", Some(rule))
    } else if let Some(rule) = rule_after(" is inconsistent: ") {
        ("inconsistent", Some(rule))
    } else {
        assert_eq!((code, stderr), (0, ""), "{stdout}");
        ("ok", None)
    };
    // The last position printed: the end line's, or the last board's PPN
    // (passes are told after the board of the ply they follow).
    let last_line = stdout
        .lines()
        .rev()
        .find(|line| !line.starts_with("pass ("));
    let final_position = match last_line {
        Some(line) if line.starts_with("end: ") => line.split_once("; ").map(|(_, p)| p),
        line => line,
    };
    Agreed {
        status: status.to_owned(),
        plies,
        rule,
        final_position: final_position.map(str::to_owned),
    }
}

/// Checks that the binary's three outputs agree on every game of `file`.
fn agree_through_the_binary(file: &Path) {
    let name = file.to_str().expect("a UTF-8 path");
    let check = pacru(&["check", "--format", "json", name]);
    assert!(
        check.code == 0 || check.code == 1,
        "{name}: {}",
        check.stderr
    );
    for line in check.stdout.lines() {
        let verdict: Value = serde_json::from_str(line).expect("JSON");
        if verdict["status"] == "unreadable" {
            continue;
        }
        let checked = from_json(&verdict);
        let number = verdict["game"].as_u64().expect("game").to_string();
        let context = format!("{name} game {number}");
        let exit = if checked.status == "ok" { 0 } else { 1 };

        let json = pacru(&["replay", "--format", "json", "--game", &number, name]);
        assert_eq!(json.code, exit, "{context}: {}", json.stderr);
        let view: Value = serde_json::from_str(&json.stdout).expect("one JSON object");
        assert_eq!(
            from_json(&view["verdict"]),
            checked,
            "{context}: JSON verdict"
        );
        if checked.status != "malformed" {
            assert_eq!(from_view(&view), checked, "{context}: JSON replay");
        }

        let text = pacru(&["replay", "--game", &number, name]);
        assert_eq!(text.code, exit, "{context}: {}", text.stderr);
        let shown = from_text(&text.stdout, &text.stderr, text.code);
        if checked.status == "malformed" && text.stdout.is_empty() {
            // A game whose tags do not parse is reported, not replayed.
            assert_eq!(shown.status, "malformed", "{context}: {}", text.stderr);
        } else {
            assert_eq!(shown, checked, "{context}: text replay\n{}", text.stderr);
        }
    }
}

/// Every file under `dir` (not the build's, the git's or npm's) whose name ends
/// in one of `extensions`.
fn records_under(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a readable directory")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !matches!(name, "target" | ".git" | "node_modules") && !name.starts_with("target-") {
                records_under(&path, extensions, out);
            }
        } else if extensions.iter().any(|ext| name.ends_with(ext)) {
            out.push(path);
        }
    }
}

#[test]
fn text_json_and_check_agree_on_every_record_the_repository_ships() {
    let root = root();
    let mut files = Vec::new();
    records_under(&root, &[".pgr", ".pgn"], &mut files);
    assert!(files.len() >= 50, "{files:?}");
    // The hostile corpora: bytes that are no record, the fuzzers' kept inputs.
    files.push(root.join("tests/data/garbage.bin"));
    for corpus in ["fuzz/regressions/read_pgr", "fuzz/regressions/read_parts"] {
        records_under(&root.join(corpus), &[""], &mut files);
    }
    for file in &files {
        agree_through_the_binary(file.strip_prefix(&root).unwrap_or(file));
    }
}

#[test]
fn text_json_and_check_agree_on_a_stray_pass_a_wrong_result_and_generated_games() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        // A `pass` for a player who can move: R2 at ply 2.
        "[Players \"KR\"]\n[Result \"*\"]\n\n1. e1-e2 pass 2. e2-e3 e9-e8 *\n",
        // A result the moves do not give: inconsistent under R16.
        "[Players \"KR\"]\n[Result \"Red\"]\n\n1. e1-e2 e9-e8 Red\n",
    ];
    let mut text: String = cases.join("\n");
    for number in 1..=150 {
        text.push('\n');
        text.push_str(&generated(number).0);
    }
    let file = dir.path().join("games.pgr");
    std::fs::write(&file, text).unwrap();
    agree_through_the_binary(&file);
}

/// The positions `replay_game` tells, as the text replay prints them.
#[derive(Default)]
struct Told {
    plies: u64,
    last: Option<String>,
}

impl Observer for Told {
    fn ply(&mut self, step: &PlyStep<'_>) {
        self.plies += 1;
        assert_eq!(step.ply as u64, self.plies);
        self.last = Some(step.after.to_ppn().to_string());
    }
}

#[test]
fn the_replays_agree_with_the_referee_on_ten_thousand_mutated_games() {
    let mut seen = std::collections::BTreeMap::new();
    for number in 1..=10_000 {
        let (text, mutation) = generated(number);
        let context = format!("generated game {number} ({mutation}):\n{text}");
        let game = Reader::new(text.as_bytes())
            .lenient()
            .read_game()
            .expect("it parses")
            .expect("a game");
        let verdict = Checker::new().check_game(&game, 1);
        let checked = Agreed {
            status: verdict.status.to_string(),
            plies: verdict.plies as u64,
            rule: verdict
                .error
                .as_ref()
                .and_then(|e| e.rule)
                .map(|r| r.to_string()),
            final_position: verdict
                .final_position
                .as_ref()
                .map(|p| p.to_ppn().to_string()),
        };
        *seen.entry((mutation, checked.status.clone())).or_insert(0) += 1;

        // The text replay's: the referee's replay with an observer.
        let mut told = Told::default();
        let replayed = replay_game(&game, 1, RulesEdition::default(), &mut told);
        assert_eq!(replayed, verdict, "{context}");
        let start = game.start_position_or(RulesEdition::default()).unwrap();
        let told = Agreed {
            status: replayed.status.to_string(),
            plies: told.plies,
            rule: checked.rule.clone(),
            final_position: told.last.or_else(|| Some(start.to_ppn().to_string())),
        };
        assert_eq!(told, checked, "{context}");

        // The JSON replay's: pacru-view's game.
        let view = pacru_view::Games::new(text.as_bytes())
            .next()
            .expect("a game")
            .expect("read");
        let view = serde_json::to_value(&view).expect("JSON");
        assert_eq!(from_json(&view["verdict"]), checked, "{context}");
        assert_eq!(from_view(&view), checked, "{context}");
    }
    // Every mutation was tried, and the mutations made games of every kind.
    for mutation in MUTATIONS {
        assert!(seen.keys().any(|(m, _)| *m == mutation), "{seen:?}");
    }
    for status in ["ok", "illegal", "inconsistent"] {
        assert!(seen.keys().any(|(_, s)| s == status), "{seen:?}");
    }
}
