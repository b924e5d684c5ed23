//! The movetext fast path (`fast.rs`, with `canonical.rs`) against the general
//! one (`movetext.rs` and the core's move parser): a reader with its fast path
//! turned off reads everything the general way, and so, in effect, does a
//! reader that is handed one byte at a time (it never has a whole token in its
//! buffer); one handed 2, 3, 7... bytes at a time has tokens cut at every
//! place. All must see the same games and errors as a reader that has the whole
//! text at once and its fast path on.

use super::tags::{checked_known, known_name};
use super::*;
use crate::pgr::GameResult;
use crate::pgr::visitor::{GameStart, MoveToken, Skip};
use proptest::prelude::*;
use std::fmt::Write as _;

/// Hands out at most `chunk` bytes per read (0: sizes from 1 to 97 in turn).
struct Chunked<'a> {
    data: &'a [u8],
    chunk: usize,
    turn: usize,
}

impl Read for Chunked<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let size = if self.chunk == 0 {
            self.turn = self.turn % 97 + 1;
            self.turn
        } else {
            self.chunk
        };
        let n = size.min(out.len()).min(self.data.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// Writes down every visitor call; skips the movetext of every `skip_every`th
/// game (0: never).
struct Trace {
    out: String,
    skip_every: usize,
    games: usize,
}

impl Visitor for Trace {
    type Output = ();

    fn begin_game(&mut self, start: GameStart) {
        self.games += 1;
        let _ = writeln!(self.out, "begin {start:?}");
    }

    fn tag(&mut self, name: &str, value: &str, line: usize) {
        let _ = writeln!(self.out, "tag {name:?} {value:?} {line}");
    }

    fn begin_movetext(&mut self) -> Skip {
        let skip = self.skip_every != 0 && self.games.is_multiple_of(self.skip_every);
        let _ = writeln!(self.out, "movetext skip={skip}");
        Skip(skip)
    }

    fn move_token(&mut self, token: MoveToken<'_>) {
        let _ = writeln!(
            self.out,
            "move {:?} {:?} {}:{}",
            token.text, token.mv, token.line, token.column
        );
    }

    fn glyph(&mut self, glyph: &str) {
        let _ = writeln!(self.out, "glyph {glyph:?}");
    }

    fn comment(&mut self, text: &str) {
        let _ = writeln!(self.out, "comment {text:?}");
    }

    fn result(&mut self, token: GameResult, line: usize, column: usize) {
        let _ = writeln!(self.out, "result {:?} {line}:{column}", token.token());
    }

    fn end_game(&mut self) {
        self.out.push_str("end\n");
    }
}

#[derive(Clone, Copy)]
struct Options {
    lenient: bool,
    skip_every: usize,
    max_game_bytes: u64,
    max_comment_bytes: usize,
    /// Whether the movetext fast path may run.
    fast_path: bool,
}

const PLAIN: Options = Options {
    lenient: false,
    skip_every: 0,
    max_game_bytes: DEFAULT_MAX_GAME_BYTES,
    max_comment_bytes: DEFAULT_MAX_COMMENT_BYTES,
    fast_path: true,
};

/// Everything a reader reports on `data`, read `chunk` bytes at a time.
fn trace(data: &[u8], chunk: usize, options: Options) -> String {
    let input = Chunked {
        data,
        chunk,
        turn: 0,
    };
    let mut reader = Reader::new(input)
        .max_game_bytes(options.max_game_bytes)
        .max_comment_bytes(options.max_comment_bytes);
    reader.fast_path = options.fast_path;
    if options.lenient {
        reader = reader.lenient();
    }
    let mut visitor = Trace {
        out: String::new(),
        skip_every: options.skip_every,
        games: 0,
    };
    for _ in 0..=data.len() + 1 {
        match reader.read_with(&mut visitor) {
            Ok(Some(())) => {}
            Ok(None) => return visitor.out,
            Err(e) => {
                let _ = writeln!(visitor.out, "error {e:?}");
            }
        }
    }
    panic!("the reader makes no progress");
}

/// Reads `data` whole and in chunks of several sizes, strict and lenient,
/// and checks that all agree; returns the whole strict reading.
fn check_same(data: &[u8], options: Options) -> String {
    let mut whole = String::new();
    for lenient in [false, true] {
        let options = Options { lenient, ..options };
        let expected = trace(data, usize::MAX, options);
        let general = Options {
            fast_path: false,
            ..options
        };
        assert_eq!(
            trace(data, usize::MAX, general),
            expected,
            "without the fast path, lenient: {lenient}, text {:?}",
            String::from_utf8_lossy(data)
        );
        for chunk in [1, 2, 3, 4, 5, 6, 7, 11, 64, 0] {
            let got = trace(data, chunk, options);
            assert_eq!(
                got,
                expected,
                "{chunk} bytes at a time, lenient: {lenient}, text {:?}",
                String::from_utf8_lossy(data)
            );
        }
        if !lenient {
            whole = expected;
        }
    }
    whole
}

/// A long canonical game (moves need not be legal: the reader does not care).
fn long_game(moves: usize, newline: &str) -> String {
    let shapes = [
        "e1-e2",
        "a3-b4(b5)",
        "c3xc5",
        "i9-i8(*)",
        "e3>(a1,b2)",
        "g2-g5(*,e5)",
        "d4<<(a1,c1,d1,b2)",
        "pass",
        "b2xd4(d3)",
    ];
    let mut text = String::from("[Event \"long\"]\n[Result \"*\"]\n\n");
    let mut column = 0;
    for i in 0..moves {
        let mut token = String::new();
        if i % 2 == 0 {
            let _ = write!(token, "{}. ", i / 2 + 1);
        }
        token.push_str(shapes[i % shapes.len()]);
        if column + token.len() > 78 {
            text.push_str(newline);
            column = 0;
        } else if column > 0 {
            text.push(' ');
            column += 1;
        }
        column += token.len();
        text.push_str(&token);
    }
    text.push_str(" *");
    text.push_str(newline);
    text
}

#[test]
fn checked_tags_are_found_by_name() {
    let names = ["Result", "Players", "Seats", "Rules", "Position"];
    for (i, name) in names.iter().enumerate() {
        assert_eq!(checked_known(known_name(name.as_bytes())), Some(i));
    }
    for name in ["Event", "result", "Result ", "Seat", ""] {
        assert_eq!(checked_known(known_name(name.as_bytes())), None);
    }
}

#[test]
fn long_games_read_the_same_in_any_chunks() {
    let text = long_game(700, "\n") + &long_game(300, "\r\n");
    let out = check_same(text.as_bytes(), PLAIN);
    assert_eq!(out.matches("\nmove ").count(), 1000);
    assert!(out.contains("move \"e3>(a1,b2)\""), "{out}");
    // The same, skipping the movetext of every other game.
    let skip = Options {
        skip_every: 2,
        ..PLAIN
    };
    check_same(text.as_bytes(), skip);
}

#[test]
fn positions_after_the_fast_path() {
    let text = "[Result \"*\"]\n\n1. e1-e2 e9-e8\t2.e2-e3  2... e8-e7\r\n3. a3-a5(*,e5) \
                a3-a5(*,  e5)\n 12...i9-i8 pass *\n";
    let out = check_same(text.as_bytes(), PLAIN);
    let moves: Vec<&str> = out.lines().filter(|l| l.starts_with("move ")).collect();
    let at: Vec<&str> = moves
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap_or(""))
        .collect();
    assert_eq!(
        at,
        ["3:4", "3:10", "3:18", "3:30", "4:4", "4:16", "5:7", "5:13"]
    );
    assert!(moves[5].starts_with("move \"a3-a5(*,  e5)\""), "{moves:?}");
    assert!(moves[7].starts_with("move \"pass\" None"), "{moves:?}");
    assert!(out.contains("result \"*\" 5:18\n"), "{out}");
}

#[test]
fn malformed_tokens_are_reported_alike() {
    let cases = [
        "1. e1-e2 e9-e0 *\n",
        "1. e1-e2 j1-e2 *\n",
        "1. e1-e2 12 *\n",
        "1. e1-e2 1-0 *\n",
        "1.2. e1-e2 *\n",
        "1. e1-e2 e9-e8) *\n",
        "1. e1-e2 e9-e8( e7 *\n",
        "1. e1-e2 e1-e3( e3 ) *\n",
        "1. e1-e2 (e3) *\n",
        "1. e1-e2 e3>(a1,a1) *\n",
        "1. e1-e2 e9-é8 *\n",
        "1. e1-e2 e9-e8\u{e9} *\n",
        "1. e1-e2 Black\n",
        "1. e1-e2 black *\n",
        "1. e1-e2 e9-e8!!! *\n",
        "1. e1-e2 $ *\n",
        "1. e1-e2 {unclosed\n",
        "1. e1-e2 } *\n",
        "1. e1-e2\n[Event \"next\"]\n*\n",
        "1. e1-e2 [Event \"x\"] *\n",
        "1. e1-e2 e9-e8",
        "1. e1-e2 e9-e8 2.",
        "1. e1-e2 e9-e8 2. *",
        "1. \u{1}e1-e2 *\n",
        "1. e1-e2 e9-e8{x}e2-e3;c\n*\n",
        "1. e1-e2 {caf\u{e9}} e9-e8 ; na\u{ef}ve\r\n*\r\n",
        "1.e1-e2 2...e9-e8 3....e2-e3 *\n",
        "1.\te1-e2\x0be9-e8\x0c*\n",
        "*\n",
        "",
        "\u{feff}1. e1-e2 *\n",
    ];
    for text in cases {
        let data = format!("[Result \"*\"]\n\n{text}[Result \"*\"]\n\n1. a3-b4 *\n");
        check_same(data.as_bytes(), PLAIN);
    }
    // Bytes that are not UTF-8: in a comment, in a move, cut anywhere.
    let mut data = b"[Result \"*\"]\n\n1. e1-e2 {\xff} e9-e8 *\n".to_vec();
    data.extend_from_slice(b"\n1. e1-e2 e9-e8\xe9 *\n\n1. e1-e2 \xc3\xa9 *\n");
    check_same(&data, PLAIN);
}

#[test]
fn tag_values_are_read_alike_in_any_chunks() {
    let cases = [
        "[Event \"London \\\"Open\\\" \\\\ 2027\"]\n",
        "[Site \"Z\u{fc}rich, \u{e9}t\u{e9}\"]\n",
        "[Site \"\"]\n",
        "[Site \"unclosed\n",
        "[Site \"unclosed\r\n",
        "[Site \"bad \\n escape\"]\n",
        "[Site \"a\\",
        "[Site \"ends",
        "[Site \"x\"] [Round \"1\"]\n",
    ];
    for tag in cases {
        let data = format!("{tag}[Result \"*\"]\n\n1. e1-e2 *\n\n[Result \"*\"]\n\n1. a3-b4 *\n");
        check_same(data.as_bytes(), PLAIN);
    }
    check_same(
        b"[Site \"\xff\"]\n[Result \"*\"]\n\n*\n\n[Result \"*\"]\n\n*\n",
        PLAIN,
    );
    // A value longer than the cap, and where the errors point.
    let long = format!("[Site \"{}\"]\n[Result \"*\"]\n\n*\n", "x".repeat(100));
    for chunk in [1, 7, usize::MAX] {
        let input = Chunked {
            data: long.as_bytes(),
            chunk,
            turn: 0,
        };
        let err = Reader::new(input)
            .max_comment_bytes(50)
            .read_game()
            .unwrap_err();
        assert_eq!((err.line, err.column, err.offset), (1, 7, 6), "{chunk}");
        assert!(err.message.contains("too long"), "{}", err.message);
    }
    let bad = "[Event \"\u{e9}t\u{e9} \\x\"]\n[Result \"*\"]\n\n*\n";
    let err = Reader::new(bad.as_bytes()).read_game().unwrap_err();
    // The backslash: the 13th character, after 2 two-byte letters.
    assert_eq!((err.line, err.column, err.offset), (1, 13, 14));
    let game = Reader::new("[Event \"\u{e9}t\u{e9} \\\"x\\\\\"]\n\n*\n".as_bytes())
        .read_game()
        .unwrap()
        .unwrap();
    assert_eq!(game.tags.get("Event"), Some("\u{e9}t\u{e9} \"x\\"));
}

#[test]
fn tag_lines_in_their_usual_form_and_near_it_are_read_alike() {
    // Tag lines in their usual form and near it, with limits on both sides:
    // whole or in chunks of any size, every variant must read the same.
    let long_name = "N".repeat(256);
    let too_long_name = "N".repeat(257);
    let lines = [
        "[Event \"x\"]".to_string(),
        "[Event \"\"]".to_string(),
        "[Event  \"two spaces\"]".to_string(),
        "[ Event \"space after the bracket\"]".to_string(),
        "[Event \"space before the bracket\" ]".to_string(),
        "[Event \"trailing blanks\"] \t".to_string(),
        "[Event\t\"tab\"]".to_string(),
        "[Event \"cr\"]\r".to_string(),
        "[Event \"tab\tinside\"]".to_string(),
        "[Event \"bell\u{7}inside\"]".to_string(),
        "[Event \"del\u{7f}inside\"]".to_string(),
        "[Event \"caf\u{e9}\"]".to_string(),
        "[Event \"a\\\"quote\"]".to_string(),
        "[Event \"x\"][Site \"y\"]".to_string(),
        "[Event \"x\"] junk".to_string(),
        "[Event \"x\"".to_string(),
        "[Event x]".to_string(),
        "[1Event \"digit first\"]".to_string(),
        "[_Event \"underscore first\"]".to_string(),
        "[Ev-ent \"dash\"]".to_string(),
        "[]".to_string(),
        format!("[{long_name} \"256 letters\"]"),
        format!("[{too_long_name} \"257 letters\"]"),
        "[Result \"Black\"]".to_string(),
        "[Result \"nobody\"]".to_string(),
        "[Players \"KR\"]".to_string(),
        "[Players \"KX\"]".to_string(),
        "[Rules \"2011\"]".to_string(),
        "[Rules \"1999\"]".to_string(),
        "[Seats \"SN\"]".to_string(),
        "[Event \"again\"]".to_string(),
    ];
    for line in &lines {
        for before in ["", "[Event \"first\"]\n"] {
            let data = format!(
                "{before}{line}\n[Site \"s\"]\n\n1. e1-e2 e9-e8 *\n\n[Result \"*\"]\n\n1. a3-b4 *\n"
            );
            check_same(data.as_bytes(), PLAIN);
        }
    }
    // A value read where it stands in the buffer, and the ends of a line that
    // make the reader copy it first: `]` last in the input or in a read, a
    // blank or `\r` after it, or anything else.
    for end in ["", "\n", "\r\n", " \n", "\t", "[", " [", "x", "\u{e9}"] {
        for (value, read) in [
            ("", ""),
            ("v", "v"),
            ("caf\u{e9}", "caf\u{e9}"),
            ("a\\\"b", "a\"b"),
        ] {
            let data =
                format!("[Event \"{value}\"]{end}[Site \"s\"]\n\n*\n\n[Event \"{value}\"]{end}");
            let trace = check_same(data.as_bytes(), PLAIN);
            let tag = format!("tag \"Event\" {read:?} 1");
            if matches!(end, "x" | "\u{e9}") {
                assert!(
                    !trace.contains(&tag) && trace.contains("unexpected"),
                    "{trace}"
                );
            } else {
                assert!(trace.contains(&tag), "{end:?} {value:?}: {trace}");
            }
        }
    }
    // Many tags: duplicates are found by name past the first few too.
    let mut many: String = (0..40).map(|i| format!("[T{i} \"v\"]\n")).collect();
    many.push_str("[T33 \"again\"]\n\n*\n\n[Result \"*\"]\n\n*\n");
    let trace = check_same(many.as_bytes(), PLAIN);
    assert!(trace.contains("given twice"), "{trace}");
    // A value as long as the cap is read, one longer is not.
    for (len, ok) in [(50, true), (51, false)] {
        let text = format!("[Site \"{}\"]\n[Result \"*\"]\n\n*\n", "x".repeat(len));
        for chunk in [1, usize::MAX] {
            let input = Chunked {
                data: text.as_bytes(),
                chunk,
                turn: 0,
            };
            let read = Reader::new(input).max_comment_bytes(50).read_game();
            assert_eq!(read.is_ok(), ok, "{len} bytes, {chunk} at a time");
        }
    }
}

#[test]
fn long_tokens_are_reported_alike() {
    for n in [250, 251, 252, 256, 257, 300] {
        let long = "e".repeat(n);
        for token in [
            format!("e1-e2({long})"),
            format!("1.{long}"),
            format!("{}.", "1".repeat(n)),
            format!("{}.e1-e2", "1".repeat(n)),
            format!("a3-a5({})", ["*"; 200].join(",")),
        ] {
            let data = format!("[Result \"*\"]\n\n1. e1-e2 {token} *\n\n1. a3-b4 *\n");
            check_same(data.as_bytes(), PLAIN);
        }
    }
}

/// A comment never closed, cut at the limit of one comment within the tag
/// lines of a later game: the reader starts no game in the middle of those
/// tag lines (found by an audit of `pacru check` and `pacru fmt`: a game
/// began at its `Red` tag, its `Event` lost, and `fmt` rewrote it).
#[test]
fn a_comment_cut_at_its_limit_starts_no_game_within_tag_lines() {
    let next = "[Event \"2nd\"]\n[Site \"s\"]\n[Round \"2\"]\n[Red \"r\"]\n[Result \"*\"]\n\n1. a3-b4 *\n\n";
    let last = "[Event \"3rd\"]\n[Result \"*\"]\n\n1. e1-e2 *\n";
    let data = format!("[Result \"*\"]\n\n1. e1-e2 {{oops\n\n{next}{last}");
    // The comment's text runs from after the brace: the cut falls on its
    // first line (the next game is read whole), on each tag line of the
    // second game in turn, and on its movetext.
    for limit in [3, 10, 25, 40, 50, 60, 68] {
        let mut reader = Reader::new(data.as_bytes())
            .lenient()
            .max_comment_bytes(limit);
        let err = reader.read_game().unwrap_err();
        assert!(
            err.message.contains("comment longer"),
            "{limit}: {}",
            err.message
        );
        let mut events = Vec::new();
        while let Some(game) = reader.read_game().unwrap() {
            events.push(game.tags.get("Event").map(str::to_string));
        }
        let expected: &[&str] = if limit == 3 {
            &["2nd", "3rd"]
        } else {
            &["3rd"]
        };
        let expected: Vec<Option<String>> = expected.iter().map(|e| Some(e.to_string())).collect();
        assert_eq!(events, expected, "cut after {limit} bytes of the comment");
        let options = Options {
            max_comment_bytes: limit,
            ..PLAIN
        };
        check_same(data.as_bytes(), options);
    }
}

#[test]
fn the_size_limit_is_reported_alike() {
    let text = long_game(120, "\n") + &long_game(40, "\r\n");
    for limit in [0, 1, 30, 31, 32, 33, 40, 57, 58, 59, 60, 100, 777, 1000] {
        let options = Options {
            max_game_bytes: limit,
            ..PLAIN
        };
        check_same(text.as_bytes(), options);
    }
}

#[test]
fn the_bundled_records_read_the_same_in_any_chunks() {
    let dirs = [
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/malformed"),
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data"),
    ];
    let mut files = 0;
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "pgr") {
                let data = std::fs::read(&path).unwrap_or_default();
                check_same(&data, PLAIN);
                files += 1;
            }
        }
    }
    assert!(files > 0, "no records found");
}

/// Movetext made of tokens that the fast path takes and tokens it leaves to
/// the general path, with any separators.
fn movetext() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        4 => "[a-i][1-9][-x][a-i][1-9]",
        2 => "[a-i][1-9][-x][a-i][1-9]\\(([a-i][1-9]|\\*)(,([a-i][1-9]|\\*)){0,2}\\)",
        1 => "[a-i][1-9][<>]{1,2}\\([a-i][1-9](,[a-i][1-9]){0,3}\\)",
        3 => "[1-9][0-9]{0,2}\\.{1,3}",
        1 => "[1-9]\\.[a-i][1-9]-[a-i][1-9]",
        1 => "pass|PASS|resign|E1-E2|e1-e2\\( e2 \\)|e1-e2\\(\\*, e5\\)",
        1 => "\\{[a-z é\\r\\n]{0,6}\\}|;[a-z é]{0,5}\\n|\\$[1-9]|!|\\?!",
        1 => "[a-j0-9x(),*.\\-]{1,6}|\\*|Black|draw|\\[|\\]|\\}",
    ];
    let separator = "( |  |\\n|\\r\\n|\\t| \\n )";
    proptest::collection::vec((token, separator), 0..40).prop_map(|parts| {
        parts
            .into_iter()
            .map(|(token, separator)| token + &separator)
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_movetext_reads_the_same_in_any_chunks(
        first in movetext(),
        second in movetext(),
        skip_every in 0usize..3,
        limit in prop_oneof![Just(DEFAULT_MAX_GAME_BYTES), 0u64..400],
    ) {
        let data = format!(
            "[Result \"*\"]\n\n{first}*\n\n[Result \"*\"]\n\n{second} *\n\n1. e1-e2 *\n"
        );
        let options = Options { lenient: false, skip_every, max_game_bytes: limit, max_comment_bytes: DEFAULT_MAX_COMMENT_BYTES, fast_path: true };
        check_same(data.as_bytes(), options);
    }
}

/// Reads every game of `text`; the reader's work counter after it.
fn work_to_read(text: &str) -> u64 {
    let mut reader = Reader::new(text.as_bytes()).lenient();
    while let Ok(Some(_)) | Err(_) = reader.read_game().map(|g| g.map(|_| ())) {
        if reader.done {
            break;
        }
    }
    reader.work + reader.tags.work
}

/// A long run of round numbers is scanned once by the fast path, not once per
/// round number: the work grows with the text, not with its square.
#[test]
fn round_numbers_are_read_in_linear_time() {
    let text = |n: usize| {
        let rounds: Vec<String> = (1..=n).map(|i| format!("{i}.")).collect();
        format!("[Result \"*\"]\n\n{} e1-e2 *\n", rounds.join(" "))
    };
    for n in [1000, 8000] {
        let text = text(n);
        let work = work_to_read(&text);
        assert!(
            work <= 3 * text.len() as u64,
            "{n} round numbers: {work} for {} bytes",
            text.len()
        );
    }
}

/// The common tag names are kept as bits, the others as text: a duplicate is
/// found either way, whatever the chunks cut (a known name cut in two by the
/// buffer's end is still known), and a name that only starts like a known one
/// is another name.
#[test]
fn duplicate_tags_are_found_among_known_and_other_names() {
    let games = [
        (
            "[Event \"a\"]\n[Site \"?\"]\n[Event \"b\"]\n\n*\n",
            Some("Event"),
        ),
        (
            "[Position \"x\"]\n[Position \"y\"]\n\n*\n",
            Some("Position"),
        ),
        (
            "[Events \"a\"]\n[Event \"b\"]\n[Event_ \"c\"]\n[Result \"*\"]\n\n*\n",
            None,
        ),
        (
            "[Round \"1\"]\n[Roun \"2\"]\n[Roun \"3\"]\n\n*\n",
            Some("Roun"),
        ),
    ];
    for (text, duplicate) in games {
        let trace = check_same(text.as_bytes(), PLAIN);
        match duplicate {
            Some(name) => assert!(
                trace.contains(&format!("tag {name} is given twice")),
                "{text:?}: {trace}"
            ),
            None => assert!(!trace.contains("error"), "{text:?}: {trace}"),
        }
    }
}

/// A game with many tags checks each name against a set, not every pair.
#[test]
fn many_tags_are_read_in_linear_time() {
    let tags: String = (0..MAX_TAGS - 1)
        .map(|i| format!("[T{i} \"v\"]\n"))
        .collect();
    let text = format!("{tags}[Result \"*\"]\n\n*\n");
    let work = work_to_read(&text);
    assert!(work <= 20 * MAX_TAGS as u64, "{work}");
    // Duplicates are still found, among few tags and among many.
    let e = Reader::new(format!("{tags}[T3 \"w\"]\n\n*\n").as_bytes())
        .read_game()
        .unwrap_err();
    assert!(e.message.contains("tag T3 is given twice"), "{e}");
    let e = Reader::new("[A \"1\"]\n[B \"2\"]\n[A \"3\"]\n\n*\n".as_bytes())
        .read_game()
        .unwrap_err();
    assert!(e.message.contains("tag A is given twice"), "{e}");
}
