//! The static site: pairings per round, standings, crosstable, and every game
//! in the viewer.

use super::pgr::recorded_tables;
use crate::model::Event;
use crate::standings::crosstable;
use pacru_view::Games;
use pacru_view::page::{PageWriter, escape_html};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io;
use std::path::Path;

const STYLE: &str = "body { font-family: sans-serif; margin: 2em; }
table { border-collapse: collapse; margin-bottom: 1.5em; }
th, td { border: 1px solid #999; padding: 0.2em 0.6em; text-align: left; }
th { background: #eee; }
td.number { text-align: right; }
";

/// The page's policy: nothing is fetched but its own style sheet, nothing runs.
const POLICY: &str =
    "default-src 'none'; style-src 'self'; img-src 'none'; base-uri 'none'; form-action 'none'";

/// Writes the site into `dir` (created if missing): `index.html` (standings,
/// crosstable, the pairings and results of every round), `games.html` (every
/// game with a record in the viewer of `pacru view`) and `style.css`. The
/// event must have been read with its records. Every text from the event is
/// escaped, control characters shown as escapes.
pub fn write_site(event: &Event, dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let recorded = recorded_tables(event);
    let mut page = PageWriter::new(Vec::new(), &event.settings.name)?;
    let mut game_of = HashMap::new();
    for (t, s) in &recorded {
        let source = format!("round {} table {}", t.round, t.number);
        for game in Games::new(s.record.as_slice())
            .source(source)
            .default_rules(event.settings.rules)
            .take(1)
        {
            page.add(&game?)?;
            game_of.insert((t.round, t.number), page.games());
        }
    }
    write_file(&dir.join("games.html"), &page.finish()?)?;
    write_file(&dir.join("style.css"), STYLE.as_bytes())?;
    write_file(&dir.join("index.html"), index(event, &game_of).as_bytes())
}

/// Writes `bytes` to `path` through a temporary file, so that a reader never
/// sees half a page.
fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    std::fs::write(&temporary, bytes)?;
    std::fs::rename(&temporary, path)
}

fn index(event: &Event, game_of: &HashMap<(u32, u32), usize>) -> String {
    let s = &event.settings;
    let name = escape_html(&s.name);
    let mut out = String::with_capacity(16 * 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"{POLICY}\">\n\
<title>{name}</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n\
<h1>{name}</h1>\n<p>{} players a table, {}, {} rounds ({} paired), rules {}. \
<a href=\"games.html\">All games</a></p>\n",
        s.table_size,
        s.system,
        s.rounds,
        event.rounds_paired(),
        s.rules.year()
    );
    let cross = crosstable(event);
    out.push_str("<h2 id=\"standings\">Standings</h2>\n<table id=\"standings-table\">\n<thead><tr><th>Rank</th><th>Name</th><th>Points</th><th>Games</th><th>Wins</th>");
    let tiebreaks = pacru_pairing::Tiebreak::for_table_size(s.table_size);
    for t in tiebreaks {
        let _ = write!(out, "<th>{}</th>", t.heading());
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for line in &cross.lines {
        let player = escape_html(event.name(line.player));
        let _ = write!(
            out,
            "<tr data-rank=\"{}\" data-name=\"{player}\" data-points=\"{}\"><td class=\"number\">{}</td><td>{player}</td><td class=\"number\">{}</td><td class=\"number\">{}</td><td class=\"number\">{}</td>",
            line.rank,
            line.points.to_f64(),
            line.rank,
            line.points,
            line.games,
            line.wins
        );
        for (_, v) in &line.tiebreaks {
            let _ = write!(out, "<td class=\"number\">{}</td>", round2(*v));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    out.push_str("<h2 id=\"crosstable\">Crosstable</h2>\n<p>Each cell: with 2 a table the opponent's line, the seat and the points; with 3 or 4 the table, the seat and the points (? no result yet); bye; - not paired.</p>\n<table id=\"crosstable-table\">\n<thead><tr><th>Rank</th><th>Name</th>");
    for round in &event.rounds {
        let _ = write!(out, "<th>R{}</th>", round.number);
    }
    out.push_str("<th>Points</th></tr></thead>\n<tbody>\n");
    for (line, cells) in cross.lines.iter().zip(&cross.cells) {
        let _ = write!(
            out,
            "<tr><td class=\"number\">{}</td><td>{}</td>",
            line.rank,
            escape_html(event.name(line.player))
        );
        for cell in cells {
            let _ = write!(out, "<td>{}</td>", escape_html(&cell.to_string()));
        }
        let _ = writeln!(out, "<td class=\"number\">{}</td></tr>", line.points);
    }
    out.push_str("</tbody>\n</table>\n");
    for round in event.rounds.iter().rev() {
        let _ = write!(
            out,
            "<h2 id=\"round-{0}\">Round {0}</h2>\n<table class=\"pairings\">\n<thead><tr><th>Table</th>",
            round.number
        );
        let seats = round
            .tables
            .iter()
            .map(|t| t.seats.len())
            .max()
            .unwrap_or(0);
        for seat in 1..=seats {
            let _ = write!(out, "<th>Seat {seat}</th>");
        }
        out.push_str("<th>Status</th><th>Result</th><th>Game</th></tr></thead>\n<tbody>\n");
        for t in &round.tables {
            let _ = write!(out, "<tr><td class=\"number\">{}</td>", t.number);
            for seat in 0..seats {
                let cell = t.seats.get(seat).map_or(String::new(), |&p| {
                    let points = t
                        .result
                        .as_ref()
                        .and_then(|r| r.points.get(seat))
                        .map_or(String::new(), |p| format!(" ({p})"));
                    format!("{}{points}", escape_html(event.name(p)))
                });
                let _ = write!(out, "<td>{cell}</td>");
            }
            let result = crate::results::describe(event, t, t.result.as_ref());
            let game = game_of
                .get(&(t.round, t.number))
                .map_or(String::new(), |n| {
                    format!("<a href=\"games.html#game={n}\">game {n}</a>")
                });
            let _ = writeln!(
                out,
                "<td>{}</td><td>{}</td><td>{game}</td></tr>",
                t.status,
                escape_html(&result)
            );
        }
        out.push_str("</tbody>\n</table>\n");
        if !round.byes.is_empty() {
            let byes: Vec<String> = round
                .byes
                .iter()
                .map(|b| format!("{} ({})", escape_html(event.name(b.player)), b.points))
                .collect();
            let _ = writeln!(out, "<p>Byes: {}</p>", byes.join(", "));
        }
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// `v` with at most two decimals, as the standings show tiebreaks.
pub(crate) fn round2(v: f64) -> String {
    let text = format!("{v:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}
