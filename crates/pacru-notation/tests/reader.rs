//! The reader: syntax, positions, leniencies, recovery, limits.

use pacru_notation::pgr::{
    Game, GameResult, GameStart, MoveToken, PgrError, Reader, Skip, Visitor, write_game,
};
use std::io::{self, Read};

fn read_all(text: &[u8]) -> Vec<Result<Game, PgrError>> {
    Reader::new(text).lenient().collect()
}

fn one(text: &str) -> Game {
    let mut games = Reader::new(text.as_bytes());
    let game = games.read_game().unwrap_or_else(|e| panic!("{e}")).unwrap();
    assert!(games.read_game().unwrap().is_none());
    game
}

fn err(text: &str) -> PgrError {
    Reader::new(text.as_bytes())
        .read_game()
        .expect_err("should be malformed")
}

#[test]
fn tags_with_escapes_and_unknown_tags_in_order() {
    let g = one("[Event \"a \\\"b\\\" \\\\ c\"]\n[Zulu \"1\"]\n[Alpha \"2\"]\n\n*\n");
    assert_eq!(g.tags.get("Event"), Some("a \"b\" \\ c"));
    let names: Vec<&str> = g.tags.iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["Event", "Zulu", "Alpha"]);
    assert_eq!(g.result, "*");
    assert!(g.moves.is_empty());
    let text = write_game(&g);
    assert!(text.contains("[Event \"a \\\"b\\\" \\\\ c\"]\n"), "{text}");
    assert!(
        text.ends_with("[Zulu \"1\"]\n[Alpha \"2\"]\n\n*\n"),
        "{text}"
    );
}

#[test]
fn movetext_tokens() {
    let text = "[Result \"*\"]\n\n{lead}\n1. e1-e2! e9-e8 $3 $14 {after\r\ntwo lines} 2...E2-E3?! ; to the end\n2.e8-e7 e3-e4 !! 3. a3-a5(*,  e5) *\n";
    let g = one(text);
    let texts: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(
        texts,
        ["e1-e2", "e9-e8", "E2-E3", "e8-e7", "e3-e4", "a3-a5(*,  e5)"]
    );
    assert_eq!(g.moves[5].mv.as_ref().unwrap().to_string(), "a3-a5(*,e5)");
    assert_eq!(g.leading_comments, ["lead"]);
    assert_eq!(g.moves[0].glyphs, ["!"]);
    assert_eq!(g.moves[1].glyphs, ["$3", "$14"]);
    assert_eq!(g.moves[1].comments, ["after\ntwo lines"]);
    assert_eq!(g.moves[2].glyphs, ["?!"]);
    assert_eq!(g.moves[2].comments, [" to the end"]);
    assert_eq!(g.moves[2].mv.as_ref().unwrap().to_string(), "e2-e3");
    assert_eq!((g.moves[3].line, g.moves[3].column), (6, 3));
    assert_eq!(g.moves[4].glyphs, ["!!"]);
    assert_eq!((g.result_line, g.result_column), (6, 35));
}

#[test]
fn spaces_after_commas_in_a_move() {
    let g = one("1. a3-a5(*, e5) *");
    assert_eq!(g.moves[0].text, "a3-a5(*, e5)");
    assert_eq!(g.moves[0].mv.as_ref().unwrap().to_string(), "a3-a5(*,e5)");
}

#[test]
fn pass_and_resign_and_results() {
    let g = one("[Result \"draw\"]\n1. e1-e2 PASS resign pass draw\n");
    assert_eq!(g.moves.len(), 4);
    assert!(g.moves[1].is_pass() && g.moves[3].is_pass());
    assert_eq!(g.moves[2].mv, Some(pacru_core::Move::Resign));
    for token in ["Black", "Red", "Yellow", "Green", "Blue", "draw"] {
        let g = one(&format!("[Result \"{token}\"]\n\n{token}\n"));
        assert_eq!(g.result, token);
    }
}

#[test]
fn game_without_tags() {
    let g = one("  e1-e2 *\n");
    assert!(g.tags.is_empty());
    assert_eq!((g.line, g.offset), (1, 2));
    assert_eq!(g.moves.len(), 1);
}

#[test]
fn positions_of_games_and_errors() {
    let text = "[Event \"one\"]\n\n1. e1-e2 *\n\n[Event \"two\"]\n\n1. e1-e2 e9-q8 *\n";
    let games = read_all(text.as_bytes());
    let g = games[0].as_ref().unwrap();
    assert_eq!((g.line, g.offset), (1, 0));
    let e = games[1].as_ref().unwrap_err();
    assert_eq!((e.game, e.line, e.column), (2, 7, 13));
    assert_eq!(e.offset as usize, text.find("q8").unwrap());
    assert_eq!(
        (e.game_line, e.game_offset as usize),
        (5, text.find("[Event \"two").unwrap())
    );
    assert_eq!(
        e.to_string(),
        "game 2, line 7, column 13: 'e9-q8' is not a move: expected the destination (a field a1..i9), found 'q8'"
    );
}

#[test]
fn crlf_and_bom() {
    let text = "\u{feff}[Event \"x\"]\r\n[Result \"Black\"]\r\n\r\n1. e1-e2 {a\r\nb} Black\r\n";
    let g = one(text);
    assert_eq!(g.tags.get("Event"), Some("x"));
    assert_eq!(g.moves[0].comments, ["a\nb"]);
    assert_eq!((g.moves[0].line, g.moves[0].column), (4, 4));
    assert_eq!(g.offset, 3);
    // An error after a BOM and CRLF lines is placed by characters.
    let e = err("\u{feff}[Result \"*\"]\r\n\r\n1. e1-e2 xx *\r\n");
    assert_eq!((e.line, e.column), (3, 10));
}

#[test]
fn strict_stops_lenient_resumes() {
    let text = "[Event \"1\"]\n\n1. e1-e2 *\n\n[Event \"2\"]\n[Bad tag]\n[Round \"x\"]\n\n1. e1-e2 *\n\n[Event \"3\"]\n\n1. zz *\n\n[Event \"4\"]\n\n*\n";
    let strict: Vec<_> = Reader::new(text.as_bytes()).collect();
    assert_eq!(strict.len(), 2);
    assert!(strict[0].is_ok() && strict[1].is_err());
    let lenient = read_all(text.as_bytes());
    let summary: Vec<String> = lenient
        .iter()
        .map(|r| match r {
            Ok(g) => format!("ok {}", g.tags.get("Event").unwrap()),
            Err(e) => format!("err game {} line {}", e.game, e.line),
        })
        .collect();
    assert_eq!(
        summary,
        ["ok 1", "err game 2 line 6", "err game 3 line 13", "ok 4"]
    );
    let Ok(g) = &lenient[3] else { panic!() };
    assert_eq!(g.line, 15);
}

#[test]
fn missing_result_token_resumes_at_the_next_game() {
    let text = "[Event \"1\"]\n\n1. e1-e2\n[Event \"2\"]\n\n1. e1-e2 *\n";
    let lenient = read_all(text.as_bytes());
    assert_eq!(lenient.len(), 2);
    let e = lenient[0].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (4, 1));
    assert!(e.message.contains("no result token"), "{e}");
    assert_eq!(lenient[1].as_ref().unwrap().tags.get("Event"), Some("2"));
    // At the end of the input.
    let e = err("[Event \"1\"]\n\n1. e1-e2\n");
    assert!(
        e.message.contains("ends before the game's result token"),
        "{e}"
    );
}

#[test]
fn invalid_utf8_is_an_error_not_a_panic() {
    let mut text = b"[Event \"1\"]\n\n1. e1-e2 {bad \xff\xfe} *\n\n[Event \"2\"]\n\n*\n".to_vec();
    let games = read_all(&text);
    assert_eq!(games.len(), 2);
    let e = games[0].as_ref().unwrap_err();
    assert_eq!(e.message, "the comment is not valid UTF-8");
    assert_eq!((e.line, e.column), (3, 10));
    assert!(games[1].is_ok());
    text[8] = 0xC3; // tag value
    let e = Reader::new(&text[..]).read_game().unwrap_err();
    assert_eq!(e.message, "the tag value is not valid UTF-8");
}

#[test]
fn limits() {
    let mut long = String::from("[Event \"1\"]\n\n");
    for _ in 0..200 {
        long.push_str("e1-e2 ");
    }
    long.push_str("*\n\n[Event \"2\"]\n\n*\n");
    let games: Vec<_> = Reader::new(long.as_bytes())
        .lenient()
        .max_game_bytes(500)
        .collect();
    assert_eq!(games.len(), 2);
    assert!(
        games[0]
            .as_ref()
            .unwrap_err()
            .message
            .contains("longer than 500 bytes")
    );
    assert!(games[1].is_ok());
    let text = format!("{{{}}} *", "x".repeat(100));
    let e = Reader::new(text.as_bytes())
        .max_comment_bytes(50)
        .read_game()
        .unwrap_err();
    assert!(e.message.contains("comment longer than 50 bytes"), "{e}");
    let text = format!("e1-e2({}) *", "e3,".repeat(100));
    let e = err(&text);
    assert!(e.message.contains("token longer than"), "{e}");
}

/// Hands out its input in pieces of `step` bytes, then optionally fails.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
    fail_at_end: bool,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.data.is_empty() {
            return if self.fail_at_end {
                Err(io::Error::other("disk on fire"))
            } else {
                Ok(0)
            };
        }
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

#[test]
fn small_reads_and_io_errors() {
    let text = "\u{feff}[Event \"1\"]\r\n\r\n1. e1-e2 {c} e9-e8! *\r\n\r\n[Event \"2\"]\n\n*\n";
    let whole = read_all(text.as_bytes());
    for step in [1, 2, 3, 5] {
        let pieces: Vec<_> = Reader::new(Trickle {
            data: text.as_bytes(),
            step,
            fail_at_end: false,
        })
        .lenient()
        .collect();
        assert_eq!(pieces, whole);
    }
    let games: Vec<_> = Reader::new(Trickle {
        data: text.as_bytes(),
        step: 7,
        fail_at_end: true,
    })
    .lenient()
    .collect();
    assert_eq!(games.len(), 3);
    assert!(
        games[2]
            .as_ref()
            .unwrap_err()
            .message
            .contains("read error: disk on fire")
    );
    let truncated = &text.as_bytes()[..30];
    let games: Vec<_> = Reader::new(Trickle {
        data: truncated,
        step: 4,
        fail_at_end: true,
    })
    .lenient()
    .collect();
    assert_eq!(games.len(), 1);
    assert!(
        games[0]
            .as_ref()
            .unwrap_err()
            .message
            .contains("read error")
    );
}

#[derive(Default)]
struct Counter {
    games: usize,
    moves: usize,
    tags: usize,
    skip_odd: bool,
    log: Vec<String>,
}

impl Visitor for Counter {
    type Output = (usize, String);

    fn begin_game(&mut self, start: GameStart) {
        self.games += 1;
        self.log
            .push(format!("begin {} line {}", start.index, start.line));
    }

    fn tag(&mut self, _name: &str, _value: &str, _line: usize) {
        self.tags += 1;
    }

    fn begin_movetext(&mut self) -> Skip {
        Skip(self.skip_odd && self.games % 2 == 1)
    }

    fn move_token(&mut self, token: MoveToken<'_>) {
        self.moves += 1;
        self.log.push(format!(
            "move {} {}:{}",
            token.text, token.line, token.column
        ));
    }

    fn comment(&mut self, text: &str) {
        self.log.push(format!("comment {text}"));
    }

    fn glyph(&mut self, glyph: &str) {
        self.log.push(format!("glyph {glyph}"));
    }

    fn result(&mut self, token: GameResult, line: usize, column: usize) {
        self.log.push(format!("result {token} {line}:{column}"));
    }

    fn end_game(&mut self) -> (usize, String) {
        (self.moves, self.log.join("; "))
    }
}

#[test]
fn visitor_and_skip() {
    let text = "[Event \"1\"]\n\n1. e1-e2 {c} e9-e8! *\n\n[Event \"2\"]\n[Result \"draw\"]\n\n1. e1-e2 zz9? draw\n\n[Event \"3\"]\n\n1. a3-a4 *\n";
    let mut reader = Reader::new(text.as_bytes()).lenient();
    let mut v = Counter::default();
    let (moves, log) = reader.read_with(&mut v).unwrap().unwrap();
    assert_eq!(moves, 2);
    assert_eq!(
        log,
        "begin 1 line 1; move e1-e2 3:4; comment c; move e9-e8 3:14; glyph !; result * 3:21"
    );
    assert!(reader.read_with(&mut v).is_err());
    v.log.clear();
    let (moves, log) = reader.read_with(&mut v).unwrap().unwrap();
    // Game 2's first move was reported before its error; the counter is not reset.
    assert_eq!(moves, 4);
    assert_eq!(log, "begin 3 line 10; move a3-a4 12:4; result * 12:10");
    assert!(reader.read_with(&mut v).unwrap().is_none());

    // Skipping: moves are neither parsed nor reported, so a bad move goes unseen.
    let text = text.replace("1. a3-a4", "1. a3-a4 a3-q9");
    let mut reader = Reader::new(text.as_bytes()).lenient();
    let mut v = Counter {
        skip_odd: true,
        ..Counter::default()
    };
    let (mut outputs, mut errors) = (0, 0);
    loop {
        match reader.read_with(&mut v) {
            Ok(Some(_)) => outputs += 1,
            Ok(None) => break,
            Err(_) => errors += 1,
        }
    }
    assert_eq!((outputs, errors), (2, 1));
    assert_eq!(v.moves, 1);
    assert_eq!(v.tags, 4);
}

#[test]
fn recovery_after_a_bad_tag_without_blank_lines() {
    // A bad tag, its movetext, and the next game right after it.
    let text = "[Event \"1\"]\n[Oops\n1. e1-e2 *\n[Event \"2\"]\n1. e1-e2 *\n";
    let games = read_all(text.as_bytes());
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].as_ref().unwrap_err().line, 2);
    assert_eq!(games[1].as_ref().unwrap().tags.get("Event"), Some("2"));
}

#[test]
fn too_many_tags() {
    let mut text = String::new();
    for i in 0..=pacru_notation::pgr::MAX_TAGS {
        text.push_str(&format!("[T{i} \"x\"]\n"));
    }
    text.push_str("\n*\n\n[Event \"next\"]\n\n*\n");
    let games = read_all(text.as_bytes());
    assert_eq!(games.len(), 2);
    assert!(
        games[0]
            .as_ref()
            .unwrap_err()
            .message
            .contains("more than 1000 tags")
    );
    assert!(games[1].is_ok());
}

#[test]
fn a_comment_before_the_first_tag_is_kept_with_the_game() {
    let text = "[Result \"*\"]\n\n1. e1-e2 *\n\n{about game 2}\n; and more\n[Event \"two\"]\n[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
    let games: Vec<Game> = Reader::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 2);
    assert!(games[0].comments_before_tags.is_empty());
    assert_eq!(games[1].comments_before_tags, ["about game 2", " and more"]);
    assert!(games[1].leading_comments.is_empty());
    assert_eq!(games[1].tags.get("Event"), Some("two"));
    // The game starts at its first tag.
    assert_eq!(games[1].line, 7);
    assert_eq!(games[1].moves.len(), 2);
    // Written back before the tags, and read back the same.
    let written = pacru_notation::pgr::write_game(&games[1]);
    assert!(
        written.starts_with("{about game 2} { and more}\n[Event \"two\"]"),
        "{written}"
    );
    let again = Reader::new(written.as_bytes())
        .read_game()
        .unwrap()
        .unwrap();
    assert_eq!(again, games[1].canonical());
    assert_eq!(pacru_notation::pgr::write_game(&again), written);
    // A comment before a game without tags stays a movetext comment.
    let g = Reader::new("{lead} 1. e1-e2 *".as_bytes())
        .read_game()
        .unwrap()
        .unwrap();
    assert_eq!(g.leading_comments, ["lead"]);
    assert!(g.comments_before_tags.is_empty());
}

/// An endless input: `pattern` repeated for `total` bytes, as a generator.
struct Endless {
    pattern: &'static [u8],
    at: usize,
    total: u64,
    given: u64,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut n = 0;
        while n < buf.len() && self.given < self.total {
            buf[n] = self.pattern[self.at % self.pattern.len()];
            self.at += 1;
            self.given += 1;
            n += 1;
        }
        Ok(n)
    }
}

/// Reads games from `pattern` repeated over 160 times a 64 KiB game limit: the
/// offsets of the errors reported.
fn endless_errors(pattern: &'static [u8]) -> Vec<u64> {
    const LIMIT: u64 = 1 << 16;
    let input = Endless {
        pattern,
        at: 0,
        total: 160 * LIMIT,
        given: 0,
    };
    let mut reader = Reader::new(input).lenient().max_game_bytes(LIMIT);
    let mut offsets = Vec::new();
    loop {
        match reader.read_game() {
            Ok(Some(_)) => panic!("a game in endless {pattern:?}"),
            Ok(None) => return offsets,
            Err(e) => {
                // Every report comes within the limit and the skip after the
                // previous one (4 times the limit).
                let previous = offsets.last().copied().unwrap_or(0);
                assert!(e.offset - previous <= 5 * LIMIT + 512, "{e}");
                offsets.push(e.offset);
            }
        }
    }
}

/// Endless input gives a verdict per limit's worth of text, not one at the end
/// (and not never): after a malformed game the search for the next game skips at
/// most the size limit of one game.
#[test]
fn endless_input_is_reported_as_it_comes() {
    // Zeros: a token too long, then nothing but one endless line.
    let zeros = endless_errors(b"\0");
    assert!(zeros.len() >= 20, "{zeros:?}");
    // Moves without end: the game is reported when it reaches the limit.
    let moves = endless_errors(b"e1-e2 e9-e8 ");
    assert!(moves.len() >= 15, "{moves:?}");
    assert!(moves[0] <= (1 << 16) + 64, "{moves:?}");
    // Endless empty lines and spaces are no game at all.
    assert!(endless_errors(b" \n").is_empty());
}

#[test]
fn a_game_over_the_limit_is_skipped_to_the_next_game() {
    let mut text = String::from("[Result \"*\"]\n\n");
    while text.len() < 3000 {
        text.push_str("e1-e2 e9-e8\n");
    }
    text.push_str("*\n\n[Result \"*\"]\n\n1. e1-e2 *\n");
    let mut reader = Reader::new(text.as_bytes()).lenient().max_game_bytes(1000);
    let e = reader.read_game().unwrap_err();
    assert!(e.message.contains("longer than 1000 bytes"), "{e}");
    assert!(e.offset <= 1000 + 16, "{e}");
    let next = reader.read_game().unwrap().unwrap();
    assert_eq!(next.moves.len(), 1);
    assert!(reader.read_game().unwrap().is_none());
}

/// `*` is a result token only as a whole word: glued to what follows (`*e9-e8`)
/// it is one unknown token, as `Blacke9-e8` is, not a result that ends the game
/// and starts another with the rest.
#[test]
fn a_star_glued_to_more_text_is_one_unknown_token() {
    for (text, token) in [
        ("[Result \"*\"]\n\n1. e1-e2 *e9-e8 *\n", "*e9-e8"),
        ("1. *e1-e2 *\n", "*e1-e2"),
        ("1. e1-e2 ** \n", "**"),
        ("1. e1-e2 *) \n", "*)"),
    ] {
        let games = read_all(text.as_bytes());
        assert_eq!(games.len(), 1, "{text:?}: {games:?}");
        let e = games[0].as_ref().expect_err(text);
        assert_eq!(e.token.as_deref(), Some(token), "{text:?}: {e}");
        assert!(e.message.contains("unknown token"), "{text:?}: {e}");
    }
    // A `*` that a delimiter ends is still the result token.
    for text in ["1. e1-e2 *", "1. e1-e2 *{next}\n*", "1. e1-e2 *;x\n*"] {
        let games = read_all(text.as_bytes());
        assert!(games.iter().all(Result::is_ok), "{text:?}: {games:?}");
        assert_eq!(games[0].as_ref().unwrap().moves.len(), 1, "{text:?}");
    }
}

/// A tag name that does not start with a letter is named and pointed at, not
/// described by the byte after it.
#[test]
fn a_tag_name_not_starting_with_a_letter_is_named() {
    for (text, column, name) in [
        ("[1abc \"x\"]\n*\n", 2, "'1abc'"),
        ("[  _Event \"x\"]\n*\n", 4, "'_Event'"),
    ] {
        let e = err(text);
        assert_eq!((e.line, e.column), (1, column), "{text:?}: {e}");
        assert!(
            e.message.contains("starts with a letter") && e.message.contains(name),
            "{text:?}: {e}"
        );
    }
}
