//! The canonical writer: tags, round numbers, wrapping, comments, glyphs.

use pacru_core::Move;
use pacru_notation::pgr::{Game, MoveEntry, Reader, Tags, write_game, write_games};

fn read(text: &str) -> Game {
    Reader::new(text.as_bytes())
        .read_game()
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap()
}

fn movetext(game: &Game) -> String {
    let text = write_game(game);
    text.split_once("\n\n").unwrap().1.to_string()
}

#[test]
fn tags_in_canonical_order() {
    let g = read(
        "[Zeta \"z\"]\n[Result \"*\"]\n[Red \"R\"]\n[Blue \"not playing\"]\n[Black \"K\"]\n[Termination \"abandoned\"]\n[Rules \"2011\"]\n[Round \"2\"]\n[Seats \"SN\"]\n\n*\n",
    );
    assert_eq!(
        write_game(&g),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"2\"]\n[Black \"K\"]\n[Red \"R\"]\n[Players \"KR\"]\n[Rules \"2011\"]\n[Result \"*\"]\n[Termination \"abandoned\"]\n[Zeta \"z\"]\n[Blue \"not playing\"]\n\n*\n"
    );
    // Colour tags follow the order of play; Players comes from a Position tag.
    let g =
        read("[Red \"R\"]\n[Black \"K\"]\n[Position \"9/9/9/9/9/9/9/9/9 Ke1N,Ra1NE R RK\"]\n\n*\n");
    let text = write_game(&g);
    assert!(text.contains("[Red \"R\"]\n[Black \"K\"]\n[Players \"RK\"]\n[Rules \"2004\"]\n[Position \"9/9/9/9/9/9/9/9/9 Ke1N,Ra1NE R RK\"]\n[Result \"*\"]\n"), "{text}");
}

#[test]
fn tags_api() {
    let mut tags = Tags::new();
    tags.set("A", "1");
    tags.set("B", "2");
    tags.set("A", "3");
    assert_eq!(tags.iter().collect::<Vec<_>>(), [("A", "3"), ("B", "2")]);
    assert_eq!(tags.remove("A"), Some("3".to_string()));
    assert_eq!(tags.remove("A"), None);
    assert_eq!(tags.get("B"), Some("2"));
    assert_eq!(tags.len(), 1);
}

#[test]
fn lines_are_broken_at_80_characters() {
    let mut game = read("*");
    for _ in 0..40 {
        game.moves.push(MoveEntry::new("e1-e2".parse().unwrap()));
    }
    let text = movetext(&game);
    for line in text.lines() {
        assert!(line.len() <= 80, "{line:?}");
        assert!(!line.ends_with(' ') && !line.starts_with(' '));
        // A round number never ends a line.
        assert!(!line.ends_with('.'), "{line:?}");
    }
    // Greedy: the first line is full up to what fits.
    let first = text.lines().next().unwrap();
    let second: Vec<&str> = text.lines().nth(1).unwrap().split(' ').collect();
    let next_unit_len = if second[0].ends_with('.') {
        second[0].len() + 1 + second[1].len()
    } else {
        second[0].len()
    };
    assert!(first.len() + 1 + next_unit_len > 80);
}

#[test]
fn comments_and_glyphs() {
    let long = "x".repeat(100);
    let text = format!(
        "1. e1-e2! $3 ? {{short}} {{{long}}} e9-e8 ;has }} brace\n2. e2-e3 {{two\nlines}} *"
    );
    let g = read(&text);
    assert_eq!(g.moves[0].glyphs, ["!", "$3", "?"]);
    assert_eq!(g.moves[1].comments, ["has } brace"]);
    let out = movetext(&g);
    assert_eq!(
        out,
        format!(
            "1. e1-e2! $3 ? {{short}}\n{{{long}}}\ne9-e8 ;has }} brace\n2. e2-e3 {{two\nlines}} *\n"
        )
    );
    assert_eq!(read(&write_game(&g)), g.canonical());
    // A glyph that is not first stays after the move.
    let g = read("1. e1-e2 $3 ! *");
    assert_eq!(movetext(&g), "1. e1-e2 $3 ! *\n");
    assert_eq!(read(&write_game(&g)).moves[0].glyphs, ["$3", "!"]);
}

#[test]
fn leading_comments_and_empty_games() {
    let g = read("{before} ; also before\n*");
    assert_eq!(g.leading_comments, ["before", " also before"]);
    assert_eq!(movetext(&g), "{before} { also before} *\n");
    assert_eq!(movetext(&Game::new()), "*\n");
    assert_eq!(
        write_games(&[Game::new(), Game::new()]),
        format!("{}\n{}", write_game(&Game::new()), write_game(&Game::new()))
    );
}

#[test]
fn round_numbers_after_an_illegal_move_follow_the_order_of_play() {
    // Ply 3 (e2-e9) is illegal: from there, movers are taken to alternate
    // Black, Red, Black ... starting with Black, the player to move.
    let g = read("1. e1-e2 e9-e8 2. e2-e9 e8-e7 e9-e8 *");
    assert_eq!(movetext(&g), "1. e1-e2 e9-e8 2. e2-e9 e8-e7 3. e9-e8 *\n");
    // Three players.
    let g = read(
        "[Players \"KRY\"]\n\n1. e1-e2 a5-b5 i5-h5 2. e2-e9 x1 *"
            .replace(" x1", " a1-a2")
            .as_str(),
    );
    assert_eq!(movetext(&g), "1. e1-e2 a5-b5 i5-h5 2. e2-e9 a1-a2 *\n");
    // Moves are written canonically even when illegal.
    let g = read("1. E1-E9 *");
    assert_eq!(movetext(&g), "1. e1-e9 *\n");
}

#[test]
fn round_numbers_follow_who_moved() {
    let g = read("[Players \"RK\"]\n[Seats \"NS\"]\n\n1. e9-e8 e1-e2 2. e8-e7 *");
    assert_eq!(movetext(&g), "1. e9-e8 e1-e2 2. e8-e7 *\n");
    // A start position with the second player to move: the round starts anyway.
    let g = read("[Position \"9/9/9/9/9/9/9/9/9 Ke1N,Re9S R KR\"]\n\n1. e9-e8 e1-e2 2. e8-e7 *");
    assert_eq!(movetext(&g), "1. e9-e8 2. e1-e2 e8-e7 *\n");
    let _ = Move::Resign;
}

/// Comments with carriage returns read back as they were read: the writer
/// writes what reads the same, once and for all.
#[test]
fn comments_with_carriage_returns_round_trip() {
    use pacru_notation::pgr::Reader;
    for (text, comments) in [
        (&b"{\r\r\n}*"[..], vec!["\n\n"]),
        (b"{a\r\nb\rc\n\rd}*", vec!["a\nb\nc\n\nd"]),
        (b"; x\r\r\n*", vec![" x"]),
        (b"; x\ry\r\n*", vec![" x\ry"]),
        (b"; x}\ry\n*", vec![" x}\ry"]),
        (b"{a}; b\r\n{\r}*", vec!["a", " b", "\n"]),
    ] {
        let game = Reader::new(text).read_game().unwrap().unwrap();
        assert_eq!(game.leading_comments, comments, "{text:?}");
        let written = write_game(&game);
        let again = Reader::new(written.as_bytes())
            .read_game()
            .unwrap()
            .unwrap();
        assert_eq!(again.leading_comments, comments, "{written:?}");
        assert_eq!(write_game(&again), written);
    }
}
