//! The referee: statuses, errors, pass handling, result consistency.

use pacru_core::{Colour, Rule, RulesEdition};
use pacru_notation::pgr::{Game, GameResult, Reader, write_game};
use pacru_referee::{Checker, Verdict, VerdictStatus, check_game, malformed};

fn game(text: &str) -> Game {
    Reader::new(text.as_bytes())
        .read_game()
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap()
}

/// Referees the first game of `text`, checking that the streaming [`Checker`]
/// gives the same verdict as [`check_game`].
fn check(text: &str) -> Verdict {
    let verdict = check_game(&game(text));
    let streamed = Reader::new(text.as_bytes())
        .read_with(&mut Checker::new())
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
    assert_eq!(v.status, VerdictStatus::Ok);
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
    assert_eq!(v.status, VerdictStatus::Illegal);
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
        fin.to_ppn().to_string(),
        "9/9/9/9/9/9/9/9/9 Ke2N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re8S K KR"
    );
}

#[test]
fn pass_where_nobody_was_removed_is_illegal_under_r2() {
    let v = check("1. e1-e2 pass e9-e8 *");
    assert_eq!(v.status, VerdictStatus::Illegal);
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
    assert_eq!(v.status, VerdictStatus::Ok, "{:?}", v.error);
    assert_eq!(v.plies, 3);
    assert_eq!(v.movers, [Colour::Black, Colour::Red, Colour::Black]);
    // Without the pass it is just as good.
    let v = check(&format!("{head}1. e5-e6 e9-e8 2. e6-e7(e7) *"));
    assert_eq!(v.status, VerdictStatus::Ok);
    // Once per removed player only.
    let v = check(&format!("{head}1. e5-e6 e9-e8 pass pass e6-e7(e7) *"));
    assert_eq!(v.status, VerdictStatus::Illegal);
    assert_eq!(v.error.as_ref().unwrap().rule, Some(Rule::R2));
    assert_eq!(v.error.as_ref().unwrap().ply, Some(3));
    // Not later than right after the move that blocked.
    let v = check(&format!("{head}1. e5-e6 e9-e8 2. e6-e7(e7) pass *"));
    assert_eq!(v.status, VerdictStatus::Illegal);
    // The writer keeps the pass, with round numbers by the movers.
    let g = game(&format!("{head}1. e5-e6 e9-e8 pass 2. e6-e7(e7) *"));
    assert!(write_game(&g).ends_with("\n\n1. e5-e6 e9-e8 pass 2. e6-e7(e7) *\n"));
    // At the start: Yellow to move is blocked and removed when the PPN is read.
    let start_y = YELLOW_CORNERED.replace(" K KRY", " Y KRY");
    let v = check(&format!("[Position \"{start_y}\"]\n\npass 1. e5-e6 *"));
    assert_eq!(v.status, VerdictStatus::Ok, "{:?}", v.error);
    assert_eq!(v.movers, [Colour::Black]);
}

#[test]
fn moves_after_the_end_are_illegal_under_r16() {
    let v = check("[Result \"Red\"]\n\n1. resign e9-e8 Red");
    assert_eq!(v.status, VerdictStatus::Illegal);
    let e = v.error.unwrap();
    assert_eq!((e.ply, e.rule), (Some(2), Some(Rule::R16)));
    assert_eq!(v.winner, Some(Colour::Red));
    assert_eq!(v.plies, 1);
}

#[test]
fn result_consistency() {
    let cases = [
        // The rules ended the game: Result must name the winner.
        ("[Result \"Red\"]\n\n1. resign Red", VerdictStatus::Ok),
        ("[Result \"*\"]\n\n1. resign *", VerdictStatus::Inconsistent),
        (
            "[Result \"draw\"]\n\n1. resign draw",
            VerdictStatus::Inconsistent,
        ),
        (
            "[Result \"Black\"]\n[Termination \"time\"]\n\n1. resign Black",
            VerdictStatus::Inconsistent,
        ),
        // The rules did not: *, draw, or a winner with a Termination explaining it.
        ("1. e1-e2 *", VerdictStatus::Ok),
        ("[Result \"draw\"]\n\n1. e1-e2 draw", VerdictStatus::Ok),
        (
            "[Result \"Black\"]\n\n1. e1-e2 Black",
            VerdictStatus::Inconsistent,
        ),
        (
            "[Result \"Black\"]\n[Termination \"time\"]\n\n1. e1-e2 Black",
            VerdictStatus::Ok,
        ),
        (
            "[Result \"Red\"]\n[Termination \"resignation\"]\n\n1. e1-e2 Red",
            VerdictStatus::Ok,
        ),
        (
            "[Result \"Black\"]\n[Termination \"rules\"]\n\n1. e1-e2 Black",
            VerdictStatus::Inconsistent,
        ),
        (
            "[Result \"Yellow\"]\n[Termination \"time\"]\n\n1. e1-e2 Yellow",
            VerdictStatus::Inconsistent,
        ),
    ];
    for (text, status) in cases {
        let v = check(text);
        assert_eq!(v.status, status, "{text}: {:?}", v.error);
        if status == VerdictStatus::Inconsistent {
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
    let v = Checker::new().check_game(&g, 4);
    assert_eq!(v.status, VerdictStatus::Malformed);
    assert_eq!(v.game, 4);
    assert_eq!(
        v.error.unwrap().message,
        "Players tag: 'Q' is not a colour letter (K, R, Y, G or B)"
    );
    let mut g = Game::new();
    g.result = GameResult::Winner(Colour::Black);
    let v = check_game(&g);
    assert_eq!(v.status, VerdictStatus::Malformed);
}

#[test]
fn rules_override_applies_only_without_a_rules_tag() {
    let g = game("1. e1-e2 *");
    let v = Checker::with_default_rules(RulesEdition::Pacru2011).check_game(&g, 1);
    assert_eq!(v.final_position.unwrap().rules(), RulesEdition::Pacru2011);
    let g = game("[Rules \"2004\"]\n\n1. e1-e2 *");
    let v = Checker::with_default_rules(RulesEdition::Pacru2011).check_game(&g, 1);
    assert_eq!(v.final_position.unwrap().rules(), RulesEdition::Pacru2004);
    assert_eq!(
        g.start_position().map(|p| p.to_ppn().to_string()).unwrap(),
        START2
    );
}

#[test]
fn seats_and_players_tags() {
    let g = game("[Players \"RK\"]\n[Seats \"NS\"]\n\n1. e9-e8 *");
    let v = check_game(&g);
    assert_eq!(v.status, VerdictStatus::Ok, "{:?}", v.error);
    assert_eq!(v.movers, [Colour::Red]);
    let g = game("[Players \"KRY\"]\n[Seats \"EWN\"]\n\n1. i5-h5 *");
    assert_eq!(check_game(&g).status, VerdictStatus::Ok);
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
    assert_eq!(v.status, VerdictStatus::Malformed);
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
    let mut checker = Checker::with_default_rules(RulesEdition::Pacru2011);
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
            (1, VerdictStatus::Ok),
            (2, VerdictStatus::Illegal),
            (3, VerdictStatus::Malformed),
            (4, VerdictStatus::Ok)
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
    let mut checker = Checker::new();
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
        if v.status == VerdictStatus::Malformed {
            continue;
        }
        // Lines count from the start of the file: shift the lone game's lines.
        let lines_before: usize = games[..i].iter().map(|g| g.lines().count() + 1).sum();
        let mut alone = Checker::new().check_game(&game(one), i + 1);
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
    assert_eq!(statuses[3], VerdictStatus::Ok);
    assert_eq!(statuses[4], VerdictStatus::Illegal);
    assert_eq!(statuses[9], VerdictStatus::Malformed);
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
    let mut checker = Checker::new();
    let mut starts = Vec::new();
    for one in &games {
        let streamed = reader.read_with(&mut checker).unwrap().unwrap();
        let alone = check_game(&game(one));
        assert_eq!(streamed.final_position, alone.final_position, "{one}");
        let start = streamed.final_position.unwrap().to_ppn().to_string();
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

/// Two players, Red cornered: after any move of Black, Red is blocked, and its
/// removal ends the game with Black the winner.
const RED_CORNERED_2P: &str = "9/9/9/9/9/9/9/9/9 Ke5N,Ra1SW K KR";
/// Three players, Red and Yellow cornered: both are removed after Black's move.
const CORNERED_3P: &str = "9/9/9/9/9/9/9/9/9 Ke5N,Ra1SW,Yi9NE K KRY";
/// Four players, Red, Yellow and Green cornered.
const CORNERED_4P: &str = "9/9/9/9/9/9/9/9/9 Ke5N,Ra1SW,Yi9NE,Gi1SE K KRYG";

/// A record shaped as AbstractPlay writes it: seats and 2011 rules (or 2004),
/// ending with the move that blocks, then `passes` passes, then the result.
fn ap_shaped(ppn: &str, rules: &str, movetext: &str, result: &str) -> String {
    format!(
        "[Event \"?\"]\n[Site \"Abstract Play\"]\n[Date \"2024.05.01\"]\n[Round \"?\"]\n\
         [Position \"{ppn}\"]\n[Rules \"{rules}\"]\n[Result \"{result}\"]\n\n{movetext} {result}\n"
    )
}

#[test]
fn pass_after_the_removal_that_ends_the_game() {
    for rules in ["2004", "2011"] {
        for (ppn, passes, final_ppn) in [
            (RED_CORNERED_2P, 1, "9/9/9/9/9/9/9/9/9 Ke6N K KR"),
            (CORNERED_3P, 2, "9/9/9/9/9/9/9/9/9 Ke6N K KRY"),
            (CORNERED_4P, 3, "9/9/9/9/9/9/9/9/9 Ke6N K KRYG"),
        ] {
            let pass = vec!["pass"; passes].join(" ");
            let text = ap_shaped(ppn, rules, &format!("1. e5-e6 {pass}"), "Black");
            let v = check(&text);
            assert_eq!(v.status, VerdictStatus::Ok, "{text}\n{:?}", v.error);
            // The passes are not plies; the game ended with Black's move.
            assert_eq!(v.plies, 1, "{text}");
            assert_eq!(v.movers, [Colour::Black]);
            assert_eq!(v.winner, Some(Colour::Black));
            assert_eq!(
                v.final_position.as_ref().unwrap().to_ppn().to_string(),
                final_ppn
            );
            assert_eq!(v.final_position.unwrap().rules().year(), rules);
            // Without the passes: the same verdict.
            let bare = check(&ap_shaped(ppn, rules, "1. e5-e6", "Black"));
            assert_eq!(
                (bare.status, bare.plies, bare.winner),
                (VerdictStatus::Ok, 1, v.winner)
            );
            // One pass more than players removed is illegal under R2, as the
            // pass that would be the second ply.
            let text = ap_shaped(ppn, rules, &format!("1. e5-e6 {pass} pass"), "Black");
            let v = check(&text);
            assert_eq!(v.status, VerdictStatus::Illegal, "{text}");
            let e = v.error.unwrap();
            assert_eq!((e.ply, e.rule), (Some(2), Some(Rule::R2)));
            assert_eq!(e.move_text.as_deref(), Some("pass"));
            assert_eq!(v.plies, 1);
            assert_eq!(v.winner, Some(Colour::Black));
            // A move after the passes is a move after the end: R16.
            let text = ap_shaped(ppn, rules, &format!("1. e5-e6 {pass} 2. e6-e7"), "Black");
            let v = check(&text);
            assert_eq!(v.status, VerdictStatus::Illegal, "{text}");
            let e = v.error.unwrap();
            assert_eq!((e.ply, e.rule), (Some(2), Some(Rule::R16)));
            assert_eq!(e.move_text.as_deref(), Some("e6-e7"));
        }
    }
}

#[test]
fn no_pass_after_an_end_without_a_blocked_removal() {
    // Resignation ends the game without a blocked removal: no pass may follow.
    let v = check("[Result \"Red\"]\n\n1. resign pass Red");
    assert_eq!(v.status, VerdictStatus::Illegal);
    let e = v.error.unwrap();
    assert_eq!((e.ply, e.rule), (Some(2), Some(Rule::R2)));
    assert_eq!(v.plies, 1);
    // Three players, one already out: the blocked removal of Red ends the game.
    let ppn = "9/9/9/9/9/9/9/9/9 Ke5N,Ra1SW K KRY";
    let v = check(&ap_shaped(ppn, "2011", "1. e5-e6 pass", "Black"));
    assert_eq!((v.status, v.plies), (VerdictStatus::Ok, 1), "{:?}", v.error);
    // The player who is out gets no pass.
    let v = check(&ap_shaped(ppn, "2011", "1. e5-e6 pass pass", "Black"));
    assert_eq!(v.status, VerdictStatus::Illegal);
    assert_eq!(v.error.unwrap().rule, Some(Rule::R2));
}

/// Games played from the standard start that end with a blocked removal, with
/// AbstractPlay's `pass` written after the last move: the same verdict as
/// without it. Found among random games of 2, 3 and 4 players, both editions.
#[test]
fn random_games_ending_by_a_blocked_removal_accept_the_pass() {
    use pacru_core::Position;
    use pacru_notation::pgr::MoveEntry;
    use pacru_notation::selfplay::{SelfplaySettings, play_random_game};
    for players in 2..=4 {
        for rules in [RulesEdition::Pacru2004, RulesEdition::Pacru2011] {
            let settings = SelfplaySettings::new(players, 17).rules(rules);
            let found = (1..=400).find_map(|n| {
                let game = play_random_game(&settings, n).unwrap();
                let mut pos = Position::standard(players).unwrap().with_rules(rules);
                let mut last_blocked = 0;
                for mv in game.plies() {
                    last_blocked = pos.try_play(mv).unwrap().blocked;
                }
                (pos.is_finished() && last_blocked > 0).then_some((game, last_blocked))
            });
            let (mut game, blocked) =
                found.unwrap_or_else(|| panic!("{players} players, {rules:?}: none found"));
            let plain = check(&write_game(&game));
            assert_eq!(plain.status, VerdictStatus::Ok);
            for _ in 0..blocked {
                game.moves.push(MoveEntry::pass());
            }
            let text = write_game(&game);
            assert!(text.split_whitespace().any(|t| t == "pass"), "{text}");
            let v = check(&text);
            assert_eq!(v.status, VerdictStatus::Ok, "{text}\n{:?}", v.error);
            assert_eq!(
                (v.plies, v.winner, &v.final_position),
                (plain.plies, plain.winner, &plain.final_position)
            );
            game.moves.push(MoveEntry::pass());
            let v = check(&write_game(&game));
            assert_eq!(v.status, VerdictStatus::Illegal);
            assert_eq!(v.error.unwrap().ply, Some(plain.plies + 1));
        }
    }
}

/// Referees every game of `text` with the streaming checker, malformed games
/// through [`Checker::malformed`].
fn check_all(text: &str) -> Vec<Verdict> {
    let mut reader = Reader::new(text.as_bytes()).lenient();
    let mut checker = Checker::new();
    let mut verdicts = Vec::new();
    loop {
        match reader.read_with(&mut checker) {
            Ok(Some(v)) => verdicts.push(v),
            Ok(None) => return verdicts,
            Err(e) => verdicts.push(checker.malformed(&e)),
        }
    }
}

const START3: &str = "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Rc1N,Ra5E,Rc9S,Yg1N,Yi5W,Yg9S K KRY";

#[test]
fn malformed_in_the_tag_section() {
    // A bad tag line before the setup tags: they are still read, the game
    // stands at its start position, the error has no ply and no token.
    let v = &check_all("[Event \"open\n[Players \"KRY\"]\n[Result \"Red\"]\n\n1. e1-e2 Red\n")[0];
    assert_eq!(v.status, VerdictStatus::Malformed);
    assert_eq!((v.plies, v.winner, v.result.as_str()), (0, None, "Red"));
    assert_eq!(
        v.final_position.as_ref().unwrap().to_ppn().to_string(),
        START3
    );
    let e = v.error.as_ref().unwrap();
    assert_eq!((e.ply, e.line, e.column, e.rule), (None, 1, 8, None));
    assert_eq!(e.move_text, None);
    // A bad Result value: the setup is readable.
    let v = &check_all("[Result \"Pink\"]\n[Players \"KRY\"]\n\n1. e1-e2 *\n")[0];
    assert_eq!(
        v.final_position.as_ref().unwrap().to_ppn().to_string(),
        START3
    );
    assert_eq!(v.error.as_ref().unwrap().ply, None);
    // A setup tag that cannot be read: no position.
    for text in [
        "[Players KRY]\n\n1. e1-e2 *\n",
        "[Players \"KRY\"]\n[Players \"KR\"]\n\n1. e1-e2 *\n",
        "[Players \"KXY\"]\n\n1. e1-e2 *\n",
        "[Event \"x\"]\n[Rules \"1999\"]\n\n1. e1-e2 *\n",
        "[Event \"x\"]\n[Position \"9/9 K KR\"]\n\n1. e1-e2 *\n",
        "[Event \"x\"] [Seats \"Q\n[Result \"*\"]\n\n1. e1-e2 *\n",
    ] {
        let v = &check_all(text)[0];
        assert_eq!(v.status, VerdictStatus::Malformed, "{text}");
        assert!(v.final_position.is_none(), "{text}");
        assert_eq!(
            (v.plies, v.error.as_ref().unwrap().ply),
            (0, None),
            "{text}"
        );
    }
    // The games after it are read as before.
    let all = check_all(
        "[Event \"open\n[Players \"KRY\"]\n\n1. e1-e2 *\n\n[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n",
    );
    assert_eq!(all.len(), 2);
    assert_eq!(
        (all[1].status, all[1].plies, all[1].line),
        (VerdictStatus::Ok, 2, 6)
    );
}

#[test]
fn malformed_at_the_first_move() {
    let v = &check_all("[Players \"KRY\"]\n[Result \"*\"]\n\n1. e1-q2 e9-e8 *\n")[0];
    assert_eq!(v.status, VerdictStatus::Malformed);
    assert_eq!(v.plies, 0);
    assert_eq!(
        v.final_position.as_ref().unwrap().to_ppn().to_string(),
        START3
    );
    let e = v.error.as_ref().unwrap();
    assert_eq!((e.ply, e.line, e.rule), (Some(1), 4, None));
    assert_eq!(e.move_text.as_deref(), Some("e1-q2"));
    // Passes before it are not plies.
    let start_y = YELLOW_CORNERED.replace(" K KRY", " Y KRY");
    let v = &check_all(&format!(
        "[Position \"{start_y}\"]\n\npass 1. e5-e6 ??? *\n"
    ))[0];
    assert_eq!(v.error.as_ref().unwrap().ply, Some(2));
    assert_eq!(v.error.as_ref().unwrap().move_text.as_deref(), Some("???"));
    assert_eq!(v.plies, 1);
}

/// A typo at move 40 of a real game: its first 39 plies are legal, and the
/// game stands where they left it.
#[test]
fn malformed_at_move_40() {
    use pacru_core::Position;
    use pacru_notation::selfplay::{SelfplaySettings, play_random_game};
    let game = play_random_game(&SelfplaySettings::new(2, 3).max_plies(Some(60)), 1).unwrap();
    // The moves one after the other, the 40th misspelt.
    let mut tokens: Vec<String> = game.plies().map(|m| m.to_string()).collect();
    assert!(tokens.len() > 40);
    tokens[39] = "e4-x9".to_string();
    let broken = format!("[Result \"*\"]\n\n{} *\n", tokens.join(" "));
    let v = &check_all(&broken)[0];
    assert_eq!(v.status, VerdictStatus::Malformed, "{broken}");
    assert_eq!(v.plies, 39);
    let mut pos = Position::standard(2).unwrap();
    for mv in game.plies().take(39) {
        pos.try_play(mv).unwrap();
    }
    assert_eq!(v.final_position.as_ref(), Some(&pos));
    assert_eq!(v.winner, None);
    let e = v.error.as_ref().unwrap();
    assert_eq!((e.ply, e.rule), (Some(40), None));
    assert_eq!(e.move_text.as_deref(), Some("e4-x9"));
    assert_eq!(v.movers.len(), 39);
}

#[test]
fn malformed_after_the_last_move() {
    let after_two = "9/9/9/9/9/9/9/9/9 Ke2N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re8S K KR";
    for (text, token) in [
        // The result token differs from the Result tag.
        ("[Result \"*\"]\n\n1. e1-e2 e9-e8 Red\n", Some("Red")),
        ("1. e1-e2 e9-e8 Black\n", Some("Black")),
        // No result token: the input ends, or the next game starts.
        ("[Result \"*\"]\n\n1. e1-e2 e9-e8\n", None),
        (
            "[Result \"*\"]\n\n1. e1-e2 e9-e8\n[Result \"*\"]\n\n*\n",
            None,
        ),
    ] {
        let v = &check_all(text)[0];
        assert_eq!(v.status, VerdictStatus::Malformed, "{text}");
        assert_eq!(v.plies, 2, "{text}");
        assert_eq!(
            v.final_position.as_ref().unwrap().to_ppn().to_string(),
            after_two
        );
        let e = v.error.as_ref().unwrap();
        assert_eq!(e.ply, None, "{text}");
        assert_eq!(e.move_text.as_deref(), token, "{text}");
    }
    // A game the rules ended: the winner is known.
    let v = &check_all("[Result \"*\"]\n\n1. resign Black\n")[0];
    assert_eq!(
        (v.status, v.plies, v.winner),
        (VerdictStatus::Malformed, 1, Some(Colour::Red))
    );
    // The same for a game built in memory whose result token differs from its tag.
    let mut g = game("[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n");
    g.result = Colour::Red.into();
    let v = check_game(&g);
    assert_eq!((v.status, v.plies), (VerdictStatus::Malformed, 2));
    assert_eq!(
        v.final_position.as_ref().unwrap().to_ppn().to_string(),
        after_two
    );
    assert_eq!(v.error.unwrap().move_text.as_deref(), Some("Red"));
    // A Result tag that is no result is an error of the tags: no plies, the
    // start position, no token.
    g.tags.set("Result", "Pink");
    let v = check_game(&g);
    assert_eq!((v.status, v.plies), (VerdictStatus::Malformed, 0));
    assert_eq!(
        v.final_position.as_ref().unwrap().to_ppn().to_string(),
        START2
    );
    assert_eq!(v.error.unwrap().move_text, None);
}

#[test]
fn malformed_after_an_illegal_move_keeps_the_legal_plies() {
    let v = &check_all("[Result \"*\"]\n\n1. e1-e2 e9-e8 2. e2-e9 e8-e7 3. zz *\n")[0];
    assert_eq!(v.status, VerdictStatus::Malformed);
    assert_eq!(v.plies, 2);
    let e = v.error.as_ref().unwrap();
    assert_eq!(
        (e.ply, e.rule, e.move_text.as_deref()),
        (Some(5), None, Some("zz"))
    );
}

/// A syntax error in a comment before anything else of a game (no tag read):
/// the error counts as the movetext's (ply 1), and the game stands at the start
/// position its (absent) tags give, as after a tag section.
#[test]
fn malformed_in_a_comment_before_the_first_tag() {
    let too_long = format!("{{{}}} 1. e1-e2 *\n", "a".repeat(64)).into_bytes();
    let texts: [&[u8]; 4] = [
        b"{never closed\n",
        b"; not UTF-8: \xff\n1. e1-e2 *\n",
        b"1. e1-e2 *\n\n{never closed\n",
        &too_long,
    ];
    for text in texts {
        let shown = String::from_utf8_lossy(text);
        let mut reader = Reader::new(text).lenient().max_comment_bytes(32);
        let mut checker = Checker::new();
        let mut verdicts = Vec::new();
        loop {
            match reader.read_with(&mut checker) {
                Ok(Some(v)) => verdicts.push(v),
                Ok(None) => break,
                Err(e) => verdicts.push(checker.malformed(&e)),
            }
        }
        let v = verdicts
            .iter()
            .find(|v| v.status == VerdictStatus::Malformed)
            .unwrap_or_else(|| panic!("{shown:?}: no malformed game"));
        assert_eq!(v.error.as_ref().unwrap().ply, Some(1), "{shown:?}");
        assert_eq!(
            v.final_position.as_ref().map(|p| p.to_ppn().to_string()),
            Some(START2.to_string()),
            "{shown:?}"
        );
    }
}
