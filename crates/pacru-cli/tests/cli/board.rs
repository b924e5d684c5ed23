//! `pacru board`: the page opened on a live game. What the page does with it is
//! tested in a browser (tests/browser/board.test.mjs); here, which game it gets.

use crate::common::{pacru, pacru_with_input};
use serde_json::Value;

/// The live game the page holds.
fn live_game(html: &str) -> Value {
    let open = "<script type=\"application/json\" id=\"live-game\">";
    let start = html.find(open).expect("a live game") + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

#[test]
fn a_new_board_holds_a_standard_game_for_the_players_asked() {
    let run = pacru(&["board", "-o", "-"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("<title>pacru board</title>"));
    let game = live_game(&run.stdout);
    assert_eq!(
        game["tags"],
        serde_json::json!([["Players", "KR"], ["Rules", "2004"]])
    );
    assert_eq!(game["moves"], serde_json::json!([]));

    let run = pacru(&["board", "--players", "4", "--rules", "2011", "-o", "-"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let game = live_game(&run.stdout);
    assert_eq!(
        game["tags"],
        serde_json::json!([["Players", "KRYG"], ["Rules", "2011"]])
    );
}

#[test]
fn a_board_from_a_position_starts_there() {
    let ppn = "9/9/9/9/9/9/9/9/9 Ke5N,Re9S,Ya1SW K KRY";
    let run = pacru(&["board", "--position", ppn, "-o", "-"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let game = live_game(&run.stdout);
    assert_eq!(
        game["tags"],
        serde_json::json!([["Rules", "2004"], ["Position", ppn]])
    );
    let bad = pacru(&["board", "--position", "9/9/9 Kz9N K KR", "-o", "-"]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("not a valid position (PPN), column"),
        "{}",
        bad.stderr
    );
}

#[test]
fn a_board_from_a_record_continues_its_first_game() {
    let run = pacru(&["board", "examples/round1.pgr", "-o", "-"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let game = live_game(&run.stdout);
    assert_eq!(game["moves"].as_array().unwrap().len(), 55);
    assert_eq!(game["moves"][0], "i9-h9");
    assert!(
        game["tags"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!(["Black", "Ada Lovelace"]))
    );
}

#[test]
fn a_record_the_referee_refuses_is_not_continued() {
    let record = b"[Result \"*\"]\n\n1. e1-e5 *\n";
    let run = pacru_with_input(&["board", "-", "-o", "-"], record);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .starts_with("pacru: error: - game 1 (line 1) is illegal: line 3, column 4: R5: "),
        "{}",
        run.stderr
    );
    // Reports name the game as check does: `FILE game N (line L)`.
    let run = pacru_with_input(&["board", "-", "-o", "-"], b"\n1. e1-e2 }\n");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "pacru: error: - game 1 (line 2) does not parse: line 2, column 10: unexpected '}' (it \
closes nothing); the board continues only a game `pacru check` finds ok\n",
    );
}

#[test]
fn one_start_at_a_time() {
    for args in [
        &[
            "board",
            "--players",
            "3",
            "--position",
            "9/9/9/9/9/9/9/9/9 Ke5N,Re9S K KR",
            "-o",
            "-",
        ][..],
        &["board", "examples/round1.pgr", "--players", "3", "-o", "-"],
        &["board", "--players", "5", "-o", "-"],
    ] {
        let run = pacru(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
    }
}
