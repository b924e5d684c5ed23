//! The viewer page: one self-contained HTML file (inline CSS, script and SVG, no
//! network access) holding every game, written one game at a time.
//!
//! The page holds, in order: the layout with the board ([`crate::svg`]), one
//! `<script type="application/json">` element per game (parsed by the page's
//! script only when the game is shown), the game list, the live game if any
//! ([`LiveGame`]), the rules ([`rules`]: the WebAssembly module of the npm package
//! and its JavaScript) and the page's script. The script shows the recorded games
//! at once; once the rules are ready, the board takes moves: variations from any
//! ply, and live games (hot-seat or against the engine, which runs in a Web Worker).
//! A Content-Security-Policy allows only the page's own scripts and style (by
//! hash), WebAssembly, and a worker made by the page itself, and forbids every
//! request. `docs/viewer.md` describes the data and the DOM that tests read.

mod compact;
mod escape;
mod live;
pub mod rules;

pub use escape::{escape_html, escape_json_for_script};
pub use live::LiveGame;

use crate::model::GameView;
use base64::Engine as _;
use compact::Summary;
use pacru_core::Colour;
use serde_json::json;
use sha2::{Digest, Sha256};
use std::io::{self, Write};

/// The page's script: the modules of `js/` (the viewer and the board) bundled
/// into one classic script by `cargo xtask page-script`, which keeps it in
/// `bundle/` since building this crate cannot run a bundler.
const SCRIPT: &str = include_str!("bundle/page.js");
const STYLE: &str = include_str!("viewer.css");
const BODY: &str = include_str!("body.html");

/// The CSP source expression for an inline element holding `content`.
fn hash_source(content: &str) -> String {
    let digest = Sha256::digest(content.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// The Content-Security-Policy of the page: nothing may be fetched; only the
/// page's own scripts and style run, the rules' WebAssembly module may be
/// compiled, and the engine's worker is made by the page from its own script
/// (a `blob:` URL).
pub fn content_security_policy() -> String {
    policy("'none'")
}

/// The Content-Security-Policy of a page a server sends ([`PageWriter::connected`]):
/// that of [`content_security_policy`], except that the page may fetch from and
/// open WebSockets to its own origin (`connect-src 'self'`).
pub fn connected_content_security_policy() -> String {
    policy("'self'")
}

fn policy(connect: &str) -> String {
    format!(
        "default-src 'none'; script-src {} {} 'wasm-unsafe-eval'; style-src {}; img-src 'none'; \
font-src 'none'; connect-src {connect}; media-src 'none'; object-src 'none'; frame-src 'none'; \
worker-src blob:; manifest-src 'none'; base-uri 'none'; form-action 'none'",
        hash_source(rules::SCRIPT),
        hash_source(SCRIPT),
        hash_source(STYLE)
    )
}

/// Writes a viewer page game by game, in bounded memory (a game's data is
/// written as soon as it is added; only the game list is kept).
///
/// ```
/// use pacru_view::{Games, page::PageWriter};
/// let text = "[Black \"<Ada>\"]\n[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
/// let mut page = PageWriter::new(Vec::new(), "round 1").unwrap();
/// for game in Games::new(text.as_bytes()).source("round1.pgr") {
///     page.add(&game.unwrap()).unwrap();
/// }
/// let html = String::from_utf8(page.finish().unwrap()).unwrap();
/// assert!(html.starts_with("<!DOCTYPE html>"));
/// assert!(html.contains(r#"id="game-1""#));
/// assert!(!html.contains("<Ada>"));
/// ```
pub struct PageWriter<W: Write> {
    out: HashingWriter<W>,
    sources: Vec<String>,
    summaries: Vec<Summary>,
    live: Option<LiveGame>,
    server_game: Option<String>,
}

/// A writer that hashes what goes through it: the page's identity, under which
/// the page keeps a game in progress in the browser's storage.
struct HashingWriter<W> {
    inner: W,
    digest: Sha256,
}

impl<W: Write> Write for HashingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(buf)?;
        self.digest.update(&buf[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<W: Write> PageWriter<W> {
    /// Starts a page titled `title` on `out`.
    pub fn new(out: W, title: &str) -> io::Result<PageWriter<W>> {
        PageWriter::start(out, title, &content_security_policy())
    }

    /// Starts a page titled `title` on `out` for a server to send: its policy is
    /// [`connected_content_security_policy`], so that with
    /// [`PageWriter::server_game`] the board can follow and play a game on the
    /// server that sent it.
    pub fn connected(out: W, title: &str) -> io::Result<PageWriter<W>> {
        PageWriter::start(out, title, &connected_content_security_policy())
    }

    fn start(out: W, title: &str, policy: &str) -> io::Result<PageWriter<W>> {
        let mut out = HashingWriter {
            inner: out,
            digest: Sha256::new(),
        };
        let title = escape_html(title);
        write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\n\
<meta name=\"referrer\" content=\"no-referrer\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"generator\" content=\"pacru-view {}\">\n\
<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
            policy,
            env!("CARGO_PKG_VERSION"),
        )?;
        out.write_all(
            BODY.replace("{{BOARD}}", &crate::svg::page_board())
                .replace("{{TITLE}}", &title)
                .as_bytes(),
        )?;
        let config = json!({
            "palette": Colour::ALL
                .iter()
                .map(|&c| {
                    let (fill, outline) = crate::svg::paint(c);
                    (c.letter().to_string(), json!({"word": c.word(), "fill": fill, "outline": outline}))
                })
                .collect::<serde_json::Map<_, _>>(),
            "onMarkerOutline": crate::svg::ON_MARKER_OUTLINE,
            "cell": crate::svg::CELL,
        });
        write_json_element(&mut out, "viewer-config", &config.to_string())?;
        Ok(PageWriter {
            out,
            sources: Vec::new(),
            summaries: Vec::new(),
            live: None,
            server_game: None,
        })
    }

    /// Opens the page on a live game, ready to be played and recorded (as `pacru
    /// board` does), instead of the first recorded game.
    pub fn live_game(&mut self, game: LiveGame) {
        self.live = Some(game);
    }

    /// Makes the page the board of a game on the server that sends it: `json`
    /// is the element `server-game` (`docs/server-pages.md`): the game object of
    /// the API and the viewer's username. The board then shows that game (give
    /// its start with [`PageWriter::live_game`]), follows it over the server's
    /// WebSocket and sends the viewer's moves there.
    pub fn server_game(&mut self, json: String) {
        self.server_game = Some(json);
    }

    /// Adds a game to the page.
    pub fn add(&mut self, game: &GameView) -> io::Result<()> {
        let name = game.source.as_deref().unwrap_or("");
        let source = match self.sources.iter().rposition(|s| s == name) {
            Some(i) => i,
            None => {
                self.sources.push(name.to_string());
                self.sources.len() - 1
            }
        };
        self.summaries.push(Summary::of(game, source));
        let id = format!("game-{}", self.summaries.len());
        write_json_element(&mut self.out, &id, &compact::game_json(game))
    }

    /// The number of games added so far.
    pub fn games(&self) -> usize {
        self.summaries.len()
    }

    /// Writes the game list and the script, and returns the output.
    pub fn finish(mut self) -> io::Result<W> {
        let sources: Vec<String> = self
            .sources
            .iter()
            .map(|s| escape::shown(s).into_owned())
            .collect();
        if let Some(live) = &self.live {
            write_json_element(&mut self.out, "live-game", &live.to_json())?;
        }
        if let Some(json) = &self.server_game {
            write_json_element(&mut self.out, "server-game", json)?;
        }
        let page = hex(&self.out.digest.clone().finalize()[..8]);
        let index = json!({ "sources": sources, "games": self.summaries, "page": page });
        write_json_element(&mut self.out, "games-index", &index.to_string())?;
        rules::write_module(&mut self.out)?;
        write!(
            self.out,
            "<script id=\"rules-script\">{}</script>\n<script>{SCRIPT}</script>\n</body>\n</html>\n",
            rules::SCRIPT
        )?;
        self.out.flush()?;
        Ok(self.out.inner)
    }
}

/// Lower-case hexadecimal.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A `<script type="application/json">` element holding `json`, made safe.
fn write_json_element(out: &mut impl Write, id: &str, json: &str) -> io::Result<()> {
    writeln!(
        out,
        "<script type=\"application/json\" id=\"{id}\">{}</script>",
        escape_json_for_script(json)
    )
}

/// The page for `games`, as a string.
///
/// ```
/// use pacru_view::{GameView, page};
/// use pacru_notation::pgr::Reader;
/// let game = Reader::new(&b"1. e1-e2 *\n"[..]).read_game().unwrap().unwrap();
/// let html = page::render(&[GameView::from_game(&game)], "one game");
/// assert!(html.contains("<title>one game</title>"));
/// ```
pub fn render(games: &[GameView], title: &str) -> String {
    let mut page = PageWriter::new(Vec::new(), title).expect("writing to memory");
    for game in games {
        page.add(game).expect("writing to memory");
    }
    let bytes = page.finish().expect("writing to memory");
    String::from_utf8(bytes).expect("the page is UTF-8")
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_script_can_stand_inside_a_script_element() {
        let lower = super::SCRIPT.to_ascii_lowercase();
        assert!(!lower.contains("</script"));
        assert!(!lower.contains("<!--"));
        assert!(super::SCRIPT.starts_with("\"use strict\";\n(() => {"));
    }

    #[test]
    fn a_connected_page_may_reach_its_own_origin_and_nothing_else_changes() {
        let offline = super::content_security_policy();
        let connected = super::connected_content_security_policy();
        assert!(offline.contains("connect-src 'none';"), "{offline}");
        assert_eq!(
            connected,
            offline.replace("connect-src 'none';", "connect-src 'self';")
        );
        let mut page = super::PageWriter::connected(Vec::new(), "game").unwrap();
        page.server_game(r#"{"viewer":"</script><b>"}"#.to_string());
        let html = String::from_utf8(page.finish().unwrap()).unwrap();
        assert!(html.contains(&format!("content=\"{connected}\"")));
        assert!(html.contains(r#"<script type="application/json" id="server-game">"#));
        assert!(!html.contains("</script><b>"));
        let offline_page = super::render(&[], "game");
        assert!(!offline_page.contains(r#"id="server-game""#));
    }
}
