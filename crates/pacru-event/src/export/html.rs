//! The static site: standings and crosstable, a page per round with its
//! tables, and every game in the viewer.

use super::pgr::{exported_game, recorded_tables};
use crate::model::{Event, Round};
use crate::standings::{Crosstable, CrosstableCell, crosstable};
use pacru_notation::pgr::write_games;
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
/// crosstable, links to the rounds), `round-N.html` for each round paired (its
/// tables with seats, status, result and a link to the game), `games.html`
/// (every game of the PGR export, with its tags, in the viewer of `pacru view`)
/// and `style.css`;
/// round pages of rounds no longer paired are removed. The event must have
/// been read with its records. Every text from the event is escaped, control
/// characters shown as escapes. Returns the names of the files written.
pub fn write_site(event: &Event, dir: &Path) -> io::Result<Vec<String>> {
    std::fs::create_dir_all(dir)?;
    let recorded = recorded_tables(event);
    let mut page = PageWriter::new(Vec::new(), &event.settings.name)?;
    let mut game_of = HashMap::new();
    for (t, s) in &recorded {
        // The game as the PGR export gives it (the event's name, the round and
        // the table in its tags), not as it was submitted.
        let Some(game) = exported_game(event, t, s) else {
            continue;
        };
        let text = write_games(std::slice::from_ref(&game));
        let source = format!("round {} table {}", t.round, t.number);
        for game in Games::new(text.as_bytes())
            .source(source)
            .default_rules(event.settings.rules)
            .take(1)
        {
            page.add(&game?)?;
            game_of.insert((t.round, t.number), page.games());
        }
    }
    let mut written = vec!["index.html".to_owned()];
    for round in &event.rounds {
        let name = round_page(round.number);
        write_file(
            &dir.join(&name),
            round_html(event, round, &game_of).as_bytes(),
        )?;
        written.push(name);
    }
    // Pages of rounds since unpaired, from an earlier export.
    let mut stale = event.rounds_paired() + 1;
    while dir.join(round_page(stale)).is_file() {
        std::fs::remove_file(dir.join(round_page(stale)))?;
        stale += 1;
    }
    write_file(&dir.join("games.html"), &page.finish()?)?;
    write_file(&dir.join("style.css"), STYLE.as_bytes())?;
    write_file(&dir.join("index.html"), index(event).as_bytes())?;
    written.extend(["games.html".to_owned(), "style.css".to_owned()]);
    Ok(written)
}

/// The file name of round `n`'s page.
fn round_page(n: u32) -> String {
    format!("round-{n}.html")
}

/// Writes `bytes` to `path` through a temporary file, so that a reader never
/// sees half a page.
fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    std::fs::write(&temporary, bytes)?;
    std::fs::rename(&temporary, path)
}

/// The start of a page titled `title` (already escaped), up to its `<h1>`.
fn head(title: &str, heading: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"{POLICY}\">\n\
<title>{title}</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n\
<h1>{heading}</h1>\n"
    )
}

/// Links to every round's page, the current one (if any) not a link.
fn round_links(event: &Event, current: Option<u32>) -> String {
    let links: Vec<String> = event
        .rounds
        .iter()
        .map(|r| {
            if Some(r.number) == current {
                format!("<strong>{}</strong>", r.number)
            } else {
                format!("<a href=\"{}\">{}</a>", round_page(r.number), r.number)
            }
        })
        .collect();
    if links.is_empty() {
        "no round paired yet".to_owned()
    } else {
        links.join(" ")
    }
}

fn index(event: &Event) -> String {
    let s = &event.settings;
    let name = escape_html(&s.name);
    let mut out = head(&name, &name);
    let _ = write!(
        out,
        "<p>{} players a table, {}, {} rounds ({} paired), rules {}. \
<a href=\"games.html\">All games</a></p>\n<nav id=\"rounds\">Rounds: {}</nav>\n",
        s.table_size,
        s.system,
        s.rounds,
        event.rounds_paired(),
        s.rules.year(),
        round_links(event, None)
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
    out.push_str(&crosstable_html(event, &cross));
    out.push_str("</body>\n</html>\n");
    out
}

/// The crosstable grid, as `pacru event crosstable` prints it; each game
/// links to its table on the round's page.
fn crosstable_html(event: &Event, cross: &Crosstable) -> String {
    let numbered = cross.numbered();
    let mut out = String::from("<h2 id=\"crosstable\">Crosstable</h2>\n");
    let _ = writeln!(out, "<p>{}</p>", escape_html(&cross.legend()));
    out.push_str("<table id=\"crosstable-table\">\n<thead><tr>");
    if numbered {
        out.push_str("<th>No</th>");
    }
    out.push_str("<th>Rank</th><th>Name</th><th>Points</th>");
    for round in &event.rounds {
        let _ = write!(out, "<th>R{}</th>", round.number);
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for (i, (line, cells)) in cross.lines.iter().zip(&cross.cells).enumerate() {
        let _ = write!(
            out,
            "<tr data-name=\"{}\">",
            escape_html(event.name(line.player))
        );
        if numbered {
            let _ = write!(out, "<td class=\"number\">{}</td>", i + 1);
        }
        let _ = write!(
            out,
            "<td class=\"number\">{}</td><td>{}</td><td class=\"number\">{}</td>",
            line.rank,
            escape_html(event.name(line.player)),
            line.points
        );
        for (round, cell) in event.rounds.iter().zip(cells) {
            let text = escape_html(&cell.to_string());
            match cell {
                CrosstableCell::Game { table, .. } => {
                    let _ = write!(
                        out,
                        "<td><a href=\"{}#table-{table}\">{text}</a></td>",
                        round_page(round.number)
                    );
                }
                _ => {
                    let _ = write!(out, "<td>{text}</td>");
                }
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    out
}

/// The page of one round: its tables with seats, status, result and game, then
/// its byes.
fn round_html(event: &Event, round: &Round, game_of: &HashMap<(u32, u32), usize>) -> String {
    let name = escape_html(&event.settings.name);
    let mut out = head(
        &format!("{name}: round {}", round.number),
        &format!("{name}: round {}", round.number),
    );
    let _ = writeln!(
        out,
        "<nav id=\"rounds\"><a href=\"index.html\">Standings and crosstable</a> \
<a href=\"games.html\">All games</a> Rounds: {}</nav>",
        round_links(event, Some(round.number))
    );
    let seats = round
        .tables
        .iter()
        .map(|t| t.seats.len())
        .max()
        .unwrap_or(0);
    out.push_str("<table id=\"tables\">\n<thead><tr><th>Table</th>");
    for seat in 1..=seats {
        let _ = write!(out, "<th>Seat {seat}</th>");
    }
    out.push_str("<th>Status</th><th>Result</th><th>Game</th></tr></thead>\n<tbody>\n");
    for t in &round.tables {
        let _ = write!(
            out,
            "<tr id=\"table-{0}\" data-table=\"{0}\"><td class=\"number\">{0}</td>",
            t.number
        );
        for seat in 0..seats {
            match t.seats.get(seat) {
                Some(&p) => {
                    let points = t
                        .result
                        .as_ref()
                        .and_then(|r| r.points.get(seat))
                        .map_or(String::new(), |p| {
                            format!(" <span class=\"points\">({p})</span>")
                        });
                    let _ = write!(
                        out,
                        "<td class=\"seat\"><span class=\"name\">{}</span>{points}</td>",
                        escape_html(event.name(p))
                    );
                }
                None => out.push_str("<td></td>"),
            }
        }
        let result = crate::results::describe(event, t, t.result.as_ref());
        let game = game_of
            .get(&(t.round, t.number))
            .map_or(String::new(), |n| {
                format!("<a href=\"games.html#game={n}\">game {n}</a>")
            });
        let _ = writeln!(
            out,
            "<td class=\"status\">{}</td><td class=\"result\">{}</td><td>{game}</td></tr>",
            t.status,
            escape_html(&result)
        );
    }
    out.push_str("</tbody>\n</table>\n");
    if !round.byes.is_empty() {
        let byes: Vec<String> = round
            .byes
            .iter()
            .map(|b| {
                format!(
                    "<span class=\"name\">{}</span> ({})",
                    escape_html(event.name(b.player)),
                    b.points
                )
            })
            .collect();
        let _ = writeln!(out, "<p id=\"byes\">Byes: {}</p>", byes.join(", "));
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// `v` with at most two decimals, as the standings show tiebreaks.
pub(crate) fn round2(v: f64) -> String {
    let text = format!("{v:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}
