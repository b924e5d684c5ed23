//! The page as text: its policy, its escaping, and the per-game data from which
//! its script rebuilds every position.

use base64::Engine as _;
use pacru_view::page::{self, PageWriter};
use pacru_view::{GameView, Games};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::path::Path;

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(name),
    )
    .unwrap()
}

fn views(text: &[u8]) -> Vec<GameView> {
    Games::new(text).collect::<Result<_, _>>().unwrap()
}

/// The text between `open` and the next `close` after it.
fn between<'a>(text: &'a str, open: &str, close: &str) -> &'a str {
    let start = text.find(open).unwrap() + open.len();
    let end = start + text[start..].find(close).unwrap();
    &text[start..end]
}

/// The JSON element with id `id`, parsed.
fn element(html: &str, id: &str) -> Value {
    let json = between(
        html,
        &format!("<script type=\"application/json\" id=\"{id}\">"),
        "</script>",
    );
    serde_json::from_str(json).unwrap()
}

fn sha(content: &str) -> String {
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(Sha256::digest(content.as_bytes()))
    )
}

#[test]
fn the_policy_allows_exactly_the_pages_own_scripts_style_and_worker() {
    let html = page::render(&views(&fixture("players.pgr")), "t");
    let csp = between(
        &html,
        "http-equiv=\"Content-Security-Policy\" content=\"",
        "\"",
    );
    assert!(csp.starts_with("default-src 'none'; "));
    let script = between(&html, "<script>", "</script>");
    let rules = between(&html, "<script id=\"rules-script\">", "</script>");
    let style = between(&html, "<style>", "</style>");
    // The two scripts by hash, WebAssembly for the rules, a worker the page makes
    // from its own script, and nothing else.
    assert!(
        csp.contains(&format!(
            "script-src {} {} 'wasm-unsafe-eval';",
            sha(rules),
            sha(script)
        )),
        "{csp}"
    );
    assert!(csp.contains(&format!("style-src {};", sha(style))), "{csp}");
    assert!(csp.contains("worker-src blob:;"), "{csp}");
    assert!(csp.contains("connect-src 'none';"), "{csp}");
    assert_eq!(html.matches("<script>").count(), 1);
    assert_eq!(html.matches("<script id=\"rules-script\">").count(), 1);
    assert!(only_svg_namespace(&html));
}

/// The only address in the page is the SVG namespace name, which is never fetched.
fn only_svg_namespace(html: &str) -> bool {
    !html.contains("https:")
        && html.matches("http:").count() == html.matches("http://www.w3.org/2000/svg").count()
}

#[test]
fn hostile_text_cannot_leave_its_json_element() {
    let html = page::render(
        &views(&fixture("hostile.pgr")),
        "</title><script>x</script>",
    );
    // Five elements of the page's own (its configuration, the game list, the
    // rules' module and script, the page's script) plus one per game, each
    // closed once.
    assert_eq!(html.matches("<script").count(), 5 + 2);
    assert_eq!(html.matches("</script>").count(), 5 + 2);
    assert!(!html.contains("<!--"));
    assert!(!html.contains("<img"));
    assert!(html.contains("<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>"));
    // No raw control character (only line breaks of the page itself) and no raw
    // line or paragraph separator, which old parsers took for line ends.
    assert!(
        !html
            .chars()
            .any(|c| (c.is_control() && c != '\n') || c == '\u{2028}' || c == '\u{2029}')
    );
    // The values read back as the record's text, control characters shown escaped.
    let game = element(&html, "game-1");
    let tags: Vec<(String, String)> = serde_json::from_value(game["tags"].clone()).unwrap();
    assert!(tags.contains(&(
        "Black".into(),
        "</script><script>window.__pwned = 3</script>".into()
    )));
    assert!(tags.contains(&(
        "Round".into(),
        "\\u{1b}]0;title\\u{7} \\u{1b}[31mred\\u{1}\\u{7f}".into()
    )));
    let index = element(&html, "games-index");
    assert_eq!(
        index["games"][0]["players"][1][1],
        "O'Brien & \"Sons\" \u{2028} next\u{2029} line"
    );
}

/// Applies one ply's delta (`e4=K e4=- e4:KN e4:- >R`) to a position's parts.
fn apply(markers: &mut [char; 81], chevrons: &mut [String; 81], to_move: &mut char, delta: &str) {
    for token in delta.split(' ') {
        if let Some(c) = token.strip_prefix('>') {
            *to_move = c.chars().next().unwrap();
            continue;
        }
        let b = token.as_bytes();
        let i = usize::from(b[1] - b'1') * 9 + usize::from(b[0] - b'a');
        let value = &token[3..];
        match (b[2], value) {
            (b'=', "-") => markers[i] = '.',
            (b'=', v) => markers[i] = v.chars().next().unwrap(),
            (b':', "-") => chevrons[i].clear(),
            (b':', v) => chevrons[i] = v.to_string(),
            _ => panic!("bad token {token}"),
        }
    }
}

fn parts(ppn: &str) -> ([char; 81], [String; 81], char) {
    let pos = pacru_core::Position::from_ppn(ppn, pacru_core::RulesEdition::Pacru2004).unwrap();
    let mut markers = ['.'; 81];
    let mut chevrons: [String; 81] = std::array::from_fn(|_| String::new());
    for field in pacru_core::Field::all() {
        if let Some(c) = pos.colour_at(field) {
            markers[field.index()] = c.letter();
        }
        if let Some(c) = pos.chevron_at(field) {
            chevrons[field.index()] = format!("{}{}", c.colour.letter(), c.facing);
        }
    }
    (markers, chevrons, pos.to_move().letter())
}

#[test]
fn the_start_and_the_deltas_give_every_position() {
    let games = views(&fixture("players.pgr"));
    let html = page::render(&games, "t");
    for (i, view) in games.iter().enumerate() {
        let data = element(&html, &format!("game-{}", i + 1));
        let (mut markers, mut chevrons, mut to_move) = parts(data["start"].as_str().unwrap());
        let plies = data["plies"].as_array().unwrap();
        assert_eq!(plies.len(), view.plies.len());
        for (ply, expected) in plies.iter().zip(&view.plies) {
            assert_eq!(ply[0], expected.notation.as_str());
            apply(
                &mut markers,
                &mut chevrons,
                &mut to_move,
                ply[1].as_str().unwrap(),
            );
            let want = parts(&expected.position.to_ppn().to_string());
            assert_eq!(
                (markers, chevrons.clone(), to_move),
                want,
                "ply {}",
                expected.ply
            );
            let round = ply.get(2).and_then(|x| x.get("r")).and_then(Value::as_u64);
            assert_eq!(round, expected.opens_round.then_some(expected.round as u64));
        }
    }
}

#[test]
fn a_page_without_games_is_a_whole_page() {
    let page = PageWriter::new(Vec::new(), "empty").unwrap();
    assert_eq!(page.games(), 0);
    let html = String::from_utf8(page.finish().unwrap()).unwrap();
    assert!(html.ends_with("</html>\n"));
    assert_eq!(element(&html, "games-index")["games"], Value::Array(vec![]));
}
