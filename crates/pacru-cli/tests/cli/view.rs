//! `pacru view`, `pacru replay --format json` and the SVG of `pacru show --svg`.

use crate::common::{pacru, pacru_with_input, root};
use serde_json::Value;

#[test]
fn view_writes_one_page_with_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("games.html");
    let run = pacru(&[
        "view",
        "examples/round1.pgr",
        "examples/round2.pgr",
        "-o",
        page.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    let html = std::fs::read_to_string(&page).unwrap();
    let check = pacru(&[
        "check",
        "--format",
        "json",
        "examples/round1.pgr",
        "examples/round2.pgr",
    ]);
    let games = check.stdout.lines().count();
    assert!(games >= 8);
    for n in 1..=games {
        assert!(html.contains(&format!(
            "<script type=\"application/json\" id=\"game-{n}\">"
        )));
    }
    assert!(!html.contains(&format!("id=\"game-{}\"", games + 1)));
    assert!(html.contains("<title>pacru games: examples/round1.pgr, examples/round2.pgr</title>"));
}

#[test]
fn view_reads_standard_input_and_writes_standard_output() {
    let record = std::fs::read(root().join("examples/round1.pgr")).unwrap();
    let run = pacru_with_input(&["view", "-o", "-", "--title", "<round 1>"], &record);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("<!DOCTYPE html>"));
    assert!(run.stdout.ends_with("</html>\n"));
    assert!(run.stdout.contains("<title>&lt;round 1&gt;</title>"));
    assert!(run.stdout.contains(r#""sources":["-"]"#));
}

#[test]
fn view_reports_a_missing_input_and_still_writes_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("games.html");
    let run = pacru(&[
        "view",
        "no-such-file.pgr",
        "examples/round1.pgr",
        "-o",
        page.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("no-such-file.pgr"), "{}", run.stderr);
    assert!(
        std::fs::read_to_string(&page)
            .unwrap()
            .contains("id=\"game-1\"")
    );
    let run = pacru(&[
        "view",
        "examples/round1.pgr",
        "-o",
        "/no/such/dir/page.html",
    ]);
    assert_eq!(run.code, 2);
}

#[test]
fn replay_json_gives_every_ply_with_the_checks_verdict() {
    let check = pacru(&["check", "--format", "json", "examples/round2.pgr"]);
    for (i, line) in check.stdout.lines().enumerate() {
        let verdict: Value = serde_json::from_str(line).unwrap();
        let game = (i + 1).to_string();
        let run = pacru(&[
            "replay",
            "--format",
            "json",
            "examples/round2.pgr",
            "--game",
            &game,
        ]);
        let view: Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(run.stdout.lines().count(), 1);
        // The same verdict object, but for the input's name.
        let mut expected = verdict.clone();
        expected.as_object_mut().unwrap().remove("file");
        assert_eq!(view["verdict"], expected, "game {game}");
        // Exit status 1 for a game that is not ok, as `check` (docs/cli.md).
        let not_ok = verdict["status"] != "ok";
        assert_eq!(run.code, i32::from(not_ok), "game {game}");
        if verdict["status"] != "malformed" {
            assert_eq!(
                view["plies"].as_array().unwrap().len() as u64,
                verdict["plies"].as_u64().unwrap()
            );
        }
        if let Some(last) = view["plies"].as_array().unwrap().last()
            && verdict["status"] != "malformed"
        {
            assert_eq!(last["position"], verdict["final_position"]);
        }
    }
}

#[test]
fn replay_json_with_ply_stops_there() {
    let run = pacru(&[
        "replay",
        "--format",
        "json",
        "examples/round1.pgr",
        "--ply",
        "7",
    ]);
    assert_eq!(run.code, 0);
    let view: Value = serde_json::from_str(&run.stdout).unwrap();
    let plies = view["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 7);
    let text = pacru(&["replay", "examples/round1.pgr", "--ply", "7"]);
    assert!(
        text.stdout
            .trim_end()
            .ends_with(plies[6]["position"].as_str().unwrap())
    );
    let run = pacru(&[
        "replay",
        "--format",
        "json",
        "examples/round1.pgr",
        "--ply",
        "9999",
    ]);
    assert_eq!(run.code, 2);
    let run = pacru(&[
        "replay",
        "--format",
        "json",
        "examples/round1.pgr",
        "--game",
        "99",
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("there is no game 99"), "{}", run.stderr);
}

#[test]
fn show_svg_is_byte_identical_to_the_pictures_recorded_before_the_move() {
    let data = root().join("crates/pacru-view/tests/data/svg");
    let cases = std::fs::read_to_string(data.join("cases.txt")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for line in cases.lines().filter(|l| !l.starts_with('#')) {
        let mut parts = line.splitn(3, ' ');
        let (name, rules, ppn) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        let file = dir.path().join(format!("{name}.svg"));
        let run = pacru(&[
            "show",
            "--rules",
            rules,
            "--svg",
            file.to_str().unwrap(),
            ppn,
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let expected = std::fs::read(data.join(format!("{name}.svg"))).unwrap();
        assert!(
            std::fs::read(&file).unwrap() == expected,
            "{name}.svg differs"
        );
        checked += 1;
    }
    assert_eq!(checked, 5);
}
