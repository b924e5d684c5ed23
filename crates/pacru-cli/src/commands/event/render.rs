//! The text `pacru event` prints for people. Every name from the event file is
//! shown with its control characters escaped.

use pacru_core::Escaped;
use pacru_event::{Crosstable, Event, Round, StandingLine, Table, TableStatus};
use std::fmt::Write as _;

/// A player's name for the terminal.
pub fn name(event: &Event, id: i64) -> String {
    Escaped(event.name(id)).to_string()
}

/// The players of `table` in seat order: `Ada - Bob - Cy`.
pub fn seats(event: &Event, table: &Table) -> String {
    table
        .seats
        .iter()
        .map(|&p| name(event, p))
        .collect::<Vec<_>>()
        .join(" - ")
}

/// Where a table stands: `pending`, `played: Ada wins`, `decided: draw`.
pub fn status(event: &Event, table: &Table) -> String {
    match (&table.result, table.status) {
        (Some(result), status) => match result.winner {
            Some(seat) => format!(
                "{status}: {} wins",
                table
                    .seats
                    .get(seat)
                    .map_or("?".to_owned(), |&p| name(event, p))
            ),
            None => format!("{status}: draw"),
        },
        (None, TableStatus::Held) => {
            let verdict = table
                .submission
                .and_then(|id| event.submission(id))
                .map_or("?", |s| s.status.as_str());
            format!("held for the arbiter (record {verdict})")
        }
        (None, status) => status.to_string(),
    }
}

/// A round's tables, one a line, then its byes.
pub fn round(event: &Event, round: &Round) -> String {
    let mut out = format!("Round {}\n", round.number);
    let rows: Vec<(String, String)> = round
        .tables
        .iter()
        .map(|t| (seats(event, t), status(event, t)))
        .collect();
    let width = rows
        .iter()
        .map(|(s, _)| s.chars().count())
        .max()
        .unwrap_or(0);
    let number_width = round.tables.len().to_string().len();
    for (t, (players, status)) in round.tables.iter().zip(&rows) {
        let _ = writeln!(
            out,
            "  table {:>number_width$}  {players:<width$}  {status}",
            t.number
        );
    }
    for bye in &round.byes {
        let _ = writeln!(out, "  bye  {} ({})", name(event, bye.player), bye.points);
    }
    out
}

/// The standings as a table.
pub fn standings(event: &Event, lines: &[StandingLine]) -> String {
    let mut rows: Vec<Vec<String>> = Vec::with_capacity(lines.len() + 1);
    let mut heading: Vec<String> = ["Rank", "Name", "Points", "Games", "Wins", "Byes"]
        .map(str::to_owned)
        .to_vec();
    if let Some(first) = lines.first() {
        heading.extend(first.tiebreaks.iter().map(|(t, _)| t.heading().to_owned()));
    }
    rows.push(heading);
    for line in lines {
        let mut row = vec![
            line.rank.to_string(),
            name(event, line.player),
            line.points.to_string(),
            line.games.to_string(),
            line.wins.to_string(),
            line.byes.to_string(),
        ];
        row.extend(line.tiebreaks.iter().map(|(_, v)| two_decimals(*v)));
        rows.push(row);
    }
    grid(&rows, &[1])
}

/// The crosstable as a grid: a line per player, best first, a column per
/// round, then a legend. The cells of 2 a table name the opponent by rank; when
/// players share a rank (level on everything), by line instead, in a `No`
/// column of its own.
pub fn crosstable(event: &Event, table: &Crosstable) -> String {
    let numbered = table.numbered();
    let mut heading: Vec<String> = Vec::new();
    if numbered {
        heading.push("No".into());
    }
    heading.extend(["Rank", "Name", "Points"].map(String::from));
    let first_round = heading.len();
    heading.extend(event.rounds.iter().map(|r| format!("R{}", r.number)));
    let mut rows = vec![heading];
    for (i, (line, cells)) in table.lines.iter().zip(&table.cells).enumerate() {
        let mut row = Vec::new();
        if numbered {
            row.push((i + 1).to_string());
        }
        row.extend([
            line.rank.to_string(),
            name(event, line.player),
            line.points.to_string(),
        ]);
        row.extend(cells.iter().map(ToString::to_string));
        rows.push(row);
    }
    let left: Vec<usize> = std::iter::once(first_round - 2)
        .chain(first_round..rows[0].len())
        .collect();
    let mut out = grid(&rows, &left);
    let _ = writeln!(out, "\n{}", table.legend());
    out
}

/// `v` with at most two decimals.
fn two_decimals(v: f64) -> String {
    let text = format!("{v:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// `rows` in aligned columns, two spaces apart; the columns in `left` are
/// aligned left, the others right.
fn grid(rows: &[Vec<String>], left: &[usize]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| unicode_width::UnicodeWidthStr::width(s.as_str()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c > 0 {
                line.push_str("  ");
            }
            let pad =
                widths[c].saturating_sub(unicode_width::UnicodeWidthStr::width(cell.as_str()));
            if left.contains(&c) {
                line.push_str(cell);
                line.push_str(&" ".repeat(pad));
            } else {
                line.push_str(&" ".repeat(pad));
                line.push_str(cell);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
