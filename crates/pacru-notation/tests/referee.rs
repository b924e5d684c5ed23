//! The referee: statuses, errors, pass handling, result consistency.

use pacru_core::{Colour, Rule, RulesEdition};
use pacru_notation::format_ppn;
use pacru_notation::pgr::{Game, GameResult, Reader, write_game};
use pacru_notation::referee::{Checker, Status, Verdict, check_game, malformed};

fn game(text: &str) -> Game {
    Reader::new(text.as_bytes())
        .read_game()
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap()
}

/// Referees the first game of `text`, checking that the streaming [`Checker`]
/// gives the same verdict as [`check_game`].
fn check(text: &str) -> Verdict {
    let verdict = check_game(&game(text), 1, None);
    let streamed = Reader::new(text.as_bytes())
        .read_with(&mut Checker::new(None))
        .unwrap()
        .unwrap();
    assert_eq!(streamed, verdict, "{text}");
    verdict
}

const START2: &str = "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR";
/// Yellow's only chevron sits in a corner facing off the board: blocked on its turn.
const YELLOW_CORNERED: &str = "9/9/9/9/9/9/9/9/9 Ke5N,Re9S,Ya1SW K KRY";

#[test]
fn ok_game() {
    let v = check("[Result \"*\"]\n\n1. e1-e2 e9-e8 2. e2-e3 *\n");
    assert_eq!(v.status, Status::Ok);
    assert_eq!(v.status.as_str(), "ok");
    assert_eq!(v.plies, 3);
    assert_eq!(v.movers, [Colour::Black, Colour::Red, Colour::Black]);
    assert_eq!(v.winner, None);
    assert!(v.error.is_none());
    assert_eq!(v.line, 1);
    assert_eq!(v.result, "*");
}

#[test]
fn illegal_move() {
    let v = check("[Event \"x\"]\n\n1. e1-e2 e9-e8\n2. e2-E5 *\n");
    assert_eq!(v.status, Status::Illegal);
    assert_eq!(v.plies, 2);
    let e = v.error.unwrap();
    assert_eq!(e.ply, Some(3));
    assert_eq!((e.line, e.column), (4, 4));
    assert_eq!(e.move_text.as_deref(), Some("e2-E5"));
    assert_eq!(e.rule, Some(Rule::R5));
    assert!(
        e.message.starts_with("the chevron on e2 has power 1"),
        "{}",
        e.message
    );
    let fin = v.final_position.unwrap();
    assert_eq!(fin.to_move(), Colour::Black);
    assert_eq!(
        format_ppn(&fin),
        "9/9/9/9/9/9/9/9/9 Ke2N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re8S K KR"
    );
}

#[test]
fn pass_where_nobody_was_removed_is_illegal_under_r2() {
    let v = check("1. e1-e2 pass e9-e8 *");
    assert_eq!(v.status, Status::Illegal);
    let e = v.error.unwrap();
    assert_eq!((e.ply, e.rule, e.column), (Some(2), Some(Rule::R2), 10));
    assert_eq!(e.move_text.as_deref(), Some("pass"));
    assert_eq!(v.plies, 1);
}

#[test]
fn pass_for_a_blocked_player() {
    let head = format!("[Position \"{YELLOW_CORNERED}\"]\n\n");
    // Yellow is removed when its turn comes after Red's move.
    let v = check(&format!("{head}1. e5-e6 e9-e8 pass 2. e6-e7(e7) *"));
    assert_eq!(v.status, Status::Ok, "{:?}", v.error);
    assert_eq!(v.plies, 3);
    assert_eq!(v.movers, [Colour::Black, Colour::Red, Colour::Black]);
    // Without the pass it is just as good.
    let v = check(&format!("{head}1. e5-e6 e9-e8 2. e6-e7(e7) *"));
    assert_eq!(v.status, Status::Ok);
    // Once per removed player only.
    let v = check(&format!("{head}1. e5-e6 e9-e8 pass pass e6-e7(e7) *"));
    assert_eq!(v.status, Status::Illegal);
    assert_eq!(v.error.as_ref().unwrap().rule, Some(Rule::R2));
    assert_eq!(v.error.as_ref().unwrap().ply, Some(3));
    // Not later than right after the move that blocked.
    let v = check(&format!("{head}1. e5-e6 e9-e8 2. e6-e7(e7) pass *"));
    assert_eq!(v.status, Status::Illegal);
    // The writer keeps the pass, with round numbers by the movers.
    let g = game(&format!("{head}1. e5-e6 e9-e8 pass 2. e6-e7(e7) *"));
    assert!(write_game(&g).ends_with("\n\n1. e5-e6 e9-e8 pass 2. e6-e7(e7) *\n"));
    // At the start: Yellow to move is blocked and removed when the PPN is read.
    let start_y = YELLOW_CORNERED.replace(" K KRY", " Y KRY");
    let v = check(&format!("[Position \"{start_y}\"]\n\npass 1. e5-e6 *"));
    assert_eq!(v.status, Status::Ok, "{:?}", v.error);
    assert_eq!(v.movers, [Colour::Black]);
}

#[test]
fn moves_after_the_end_are_illegal_under_r16() {
    let v = check("[Result \"Red\"]\n\n1. resign e9-e8 Red");
    assert_eq!(v.status, Status::Illegal);
    let e = v.error.unwrap();
    assert_eq!((e.ply, e.rule), (Some(2), Some(Rule::R16)));
    assert_eq!(v.winner, Some(Colour::Red));
    assert_eq!(v.plies, 1);
}

#[test]
fn result_consistency() {
    let cases = [
        // The rules ended the game: Result must name the winner.
        ("[Result \"Red\"]\n\n1. resign Red", Status::Ok),
        ("[Result \"*\"]\n\n1. resign *", Status::Inconsistent),
        ("[Result \"draw\"]\n\n1. resign draw", Status::Inconsistent),
        (
            "[Result \"Black\"]\n[Termination \"time\"]\n\n1. resign Black",
            Status::Inconsistent,
        ),
        // The rules did not: *, draw, or a winner with a Termination explaining it.
        ("1. e1-e2 *", Status::Ok),
        ("[Result \"draw\"]\n\n1. e1-e2 draw", Status::Ok),
        ("[Result \"Black\"]\n\n1. e1-e2 Black", Status::Inconsistent),
        (
            "[Result \"Black\"]\n[Termination \"time\"]\n\n1. e1-e2 Black",
            Status::Ok,
        ),
        (
            "[Result \"Red\"]\n[Termination \"resignation\"]\n\n1. e1-e2 Red",
            Status::Ok,
        ),
        (
            "[Result \"Black\"]\n[Termination \"rules\"]\n\n1. e1-e2 Black",
            Status::Inconsistent,
        ),
        (
            "[Result \"Yellow\"]\n[Termination \"time\"]\n\n1. e1-e2 Yellow",
            Status::Inconsistent,
        ),
    ];
    for (text, status) in cases {
        let v = check(text);
        assert_eq!(v.status, status, "{text}: {:?}", v.error);
        if status == Status::Inconsistent {
            let e = v.error.unwrap();
            assert_eq!(e.rule, Some(Rule::R16));
            assert_eq!(e.ply, None);
            let g = game(text);
            assert_eq!((e.line, e.column), (g.result_line, g.result_column));
            assert!(v.final_position.is_some());
        }
    }
    let v = check("[Result \"*\"]\n\n1. resign *");
    assert_eq!(
        v.error.unwrap().message,
        "the moves end the game and Red has won, but the result is *"
    );
}

#[test]
fn setup_errors_in_hand_built_games_are_malformed() {
    let mut g = Game::new();
    g.tags.set("Players", "KQ");
    let v = check_game(&g, 4, None);
    assert_eq!(v.status, Status::Malformed);
    assert_eq!(v.game, 4);
    assert_eq!(
        v.error.unwrap().message,
        "Players tag: 'Q' is not a colour letter (K, R, Y, G or B)"
    );
    let mut g = Game::new();
    g.result = GameResult::Winner(Colour::Black);
    let v = check_game(&g, 1, None);
    assert_eq!(v.status, Status::Malformed);
}

#[test]
fn rules_override_applies_only_without_a_rules_tag() {
    let g = game("1. e1-e2 *");
    let v = check_game(&g, 1, Some(RulesEdition::Pacru2011));
    assert_eq!(v.final_position.unwrap().rules(), RulesEdition::Pacru2011);
    let g = game("[Rules \"2004\"]\n\n1. e1-e2 *");
    let v = check_game(&g, 1, Some(RulesEdition::Pacru2011));
    assert_eq!(v.final_position.unwrap().rules(), RulesEdition::Pacru2004);
    assert_eq!(
        g.start_position(None).map(|p| format_ppn(&p)).unwrap(),
        START2
    );
}

#[test]
fn seats_and_players_tags() {
    let g = game("[Players \"RK\"]\n[Seats \"NS\"]\n\n1. e9-e8 *");
    let v = check_game(&g, 1, None);
    assert_eq!(v.status, Status::Ok, "{:?}", v.error);
    assert_eq!(v.movers, [Colour::Red]);
    let g = game("[Players \"KRY\"]\n[Seats \"EWN\"]\n\n1. i5-h5 *");
    assert_eq!(check_game(&g, 1, None).status, Status::Ok);
    // Default seats are not written; others are.
    let text = write_game(&game("[Players \"KRY\"]\n[Seats \"SWE\"]\n\n*"));
    assert!(!text.contains("Seats"), "{text}");
    let text = write_game(&g);
    assert!(
        text.contains("[Players \"KRY\"]\n[Seats \"EWN\"]\n[Rules"),
        "{text}"
    );
}

#[test]
fn malformed_verdict() {
    let err = Reader::new("[Result \"Red\"]\n\n1. e1-e2 Black".as_bytes())
        .read_game()
        .unwrap_err();
    let v = malformed(&err);
    assert_eq!(v.status, Status::Malformed);
    assert_eq!((v.game, v.line, v.plies), (1, 1, 0));
    assert_eq!(v.result, "Red");
    assert!(v.final_position.is_none() && v.winner.is_none());
    let e = v.error.unwrap();
    assert_eq!((e.line, e.column, e.rule, e.ply), (3, 10, None, None));
}

#[test]
fn checker_over_a_file_with_bad_games() {
    let text = "[Event \"1\"]\n\n1. e1-e2 *\n\n[Event \"2\"]\n\n1. e1-e9 *\n\n[Event \"3\"]\n\n1. e1-q2 *\n\n[Event \"4\"]\n[Result \"Red\"]\n\n1. resign Red\n";
    let mut reader = Reader::new(text.as_bytes()).lenient();
    let mut checker = Checker::new(Some(RulesEdition::Pacru2011));
    let mut statuses = Vec::new();
    loop {
        match reader.read_with(&mut checker) {
            Ok(Some(v)) => statuses.push((v.game, v.status)),
            Ok(None) => break,
            Err(e) => statuses.push((e.game, malformed(&e).status)),
        }
    }
    assert_eq!(
        statuses,
        [
            (1, Status::Ok),
            (2, Status::Illegal),
            (3, Status::Malformed),
            (4, Status::Ok)
        ]
    );
}

/// The checker reuses the start position of the previous game when the setup
/// tags are the same: games that alternate setups must still get the verdicts
/// `check_game` gives each of them alone.
#[test]
fn checker_over_games_with_changing_setups() {
    let games = [
        "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n".to_string(),
        "[Players \"KRY\"]\n[Result \"*\"]\n\n1. e1-e2 *\n".to_string(),
        "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n".to_string(),
        format!("[Position \"{YELLOW_CORNERED}\"]\n[Result \"*\"]\n\n1. e5-e6 e9-e8 pass *\n"),
        format!("[Position \"{YELLOW_CORNERED}\"]\n[Result \"*\"]\n\n1. e5-e6 e9-e8 pass pass *\n"),
        format!("[Position \"{START2}\"]\n[Rules \"2011\"]\n[Result \"*\"]\n\n1. e1-e2 *\n"),
        format!("[Position \"{START2}\"]\n[Result \"*\"]\n\n1. e1-e2 *\n"),
        "[Players \"KRY\"]\n[Seats \"SNE\"]\n[Result \"*\"]\n\n1. e1-e2 *\n".to_string(),
        "[Players \"KRY\"]\n[Result \"*\"]\n\n1. e1-e2 *\n".to_string(),
        format!("[Players \"KRY\"]\n[Position \"{START2}\"]\n[Result \"*\"]\n\n1. e1-e2 *\n"),
        "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n".to_string(),
    ];
    let text = games.join("\n");
    let mut reader = Reader::new(text.as_bytes()).lenient();
    let mut checker = Checker::new(None);
    let mut streamed = Vec::new();
    loop {
        match reader.read_with(&mut checker) {
            Ok(Some(v)) => streamed.push(v),
            Ok(None) => break,
            Err(e) => streamed.push(malformed(&e)),
        }
    }
    assert_eq!(streamed.len(), games.len());
    let mut statuses = Vec::new();
    for (i, (one, v)) in games.iter().zip(&streamed).enumerate() {
        statuses.push(v.status);
        if v.status == Status::Malformed {
            continue;
        }
        // Lines count from the start of the file: shift the lone game's lines.
        let lines_before: usize = games[..i].iter().map(|g| g.lines().count() + 1).sum();
        let mut alone = check_game(&game(one), i + 1, None);
        alone.line += lines_before;
        if let Some(e) = &mut alone.error {
            e.line += lines_before;
        }
        assert_eq!(v, &alone, "game {}: {one}", i + 1);
    }
    // The setups differ where they should: the 3-player start is not reused for
    // the 2-player games, the blocked Yellow allows one pass only, and a game
    // whose tags contradict each other is malformed between good games.
    assert_eq!(
        streamed[1].final_position.as_ref().unwrap().players().len(),
        3
    );
    assert_eq!(
        streamed[2].final_position.as_ref().unwrap().players().len(),
        2
    );
    assert_eq!(statuses[3], Status::Ok);
    assert_eq!(statuses[4], Status::Illegal);
    assert_eq!(statuses[9], Status::Malformed);
    assert_eq!(
        streamed[5].final_position.as_ref().unwrap().rules(),
        RulesEdition::Pacru2011
    );
    assert_eq!(
        streamed[6].final_position.as_ref().unwrap().rules(),
        RulesEdition::Pacru2004
    );
}

/// More setups than the checker keeps, cycled twice: every game still gets the
/// start position of its own tags.
#[test]
fn checker_over_more_setups_than_it_keeps() {
    let seats = [
        "SNE", "SNW", "SEN", "SEW", "SWN", "SWE", "NSE", "NSW", "NES", "NEW", "NWS", "NWE",
    ];
    let games: Vec<String> = seats
        .iter()
        .chain(seats.iter().rev())
        .map(|s| format!("[Players \"KRY\"]\n[Seats \"{s}\"]\n[Result \"*\"]\n\n*\n"))
        .collect();
    let text = games.join("\n");
    let mut reader = Reader::new(text.as_bytes());
    let mut checker = Checker::new(None);
    let mut starts = Vec::new();
    for one in &games {
        let streamed = reader.read_with(&mut checker).unwrap().unwrap();
        let alone = check_game(&game(one), 1, None);
        assert_eq!(streamed.final_position, alone.final_position, "{one}");
        let start = format_ppn(&streamed.final_position.unwrap());
        if !starts.contains(&start) {
            starts.push(start);
        }
    }
    assert!(reader.read_with(&mut checker).unwrap().is_none());
    assert_eq!(
        starts.len(),
        seats.len(),
        "every seating gives its own start"
    );
}
