//! Standings with tiebreaks, and the crosstable, from the results in.

use crate::model::{Event, TableResult};
use pacru_pairing::{Score, ScoredGame, Tiebreak};

/// One player's line in the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingLine {
    /// The player's registration number.
    pub player: i64,
    /// The place; players level on points and every tiebreak share it.
    pub rank: usize,
    /// Points, byes included.
    pub points: Score,
    /// Games with a result.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Byes.
    pub byes: u32,
    /// Each tiebreak of the event with its value, in the order they apply.
    pub tiebreaks: Vec<(Tiebreak, f64)>,
}

/// The standings: every player, by points, then by the tiebreaks of the event
/// ([`Tiebreak::for_table_size`]), then by seed for the order of the lines.
/// Tables without a result count for nothing yet.
pub fn standings(event: &Event) -> Vec<StandingLine> {
    let seeds = event.seed_order();
    let index = |id: i64| seeds.iter().position(|&s| s == id);
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for round in &event.rounds {
        for table in &round.tables {
            if let Some(TableResult { winner, points }) = &table.result {
                games.push(ScoredGame {
                    seats: table.seats.iter().filter_map(|&p| index(p)).collect(),
                    points: points.clone(),
                    winner: *winner,
                });
            }
        }
        for bye in &round.byes {
            if let Some(p) = index(bye.player) {
                byes.push((p, bye.points));
            }
        }
    }
    let tiebreaks = Tiebreak::for_table_size(event.settings.table_size);
    pacru_pairing::standings(seeds.len(), &games, &byes, tiebreaks)
        .into_iter()
        .map(|s| StandingLine {
            player: seeds[s.player],
            rank: s.rank,
            points: s.points,
            games: s.games,
            wins: s.wins,
            byes: s.byes,
            tiebreaks: tiebreaks.iter().copied().zip(s.tiebreaks).collect(),
        })
        .collect()
}

/// What a player did in one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CrosstableCell {
    /// Not paired (registered later, or withdrawn).
    Absent,
    /// A bye, with its points.
    Bye(Score),
    /// A game.
    Game {
        /// The table's number in its round.
        table: u32,
        /// The player's seat, from 1.
        seat: usize,
        /// The opponents' lines in the crosstable (from 1), in seat order.
        opponents: Vec<usize>,
        /// The player's points, when the table has its result.
        points: Option<Score>,
        /// Whether the player won.
        won: bool,
    },
}

impl CrosstableCell {
    /// The player's points in the round, when they have them: a game's result
    /// or a bye.
    pub fn points(&self) -> Option<Score> {
        match self {
            CrosstableCell::Absent => None,
            CrosstableCell::Bye(points) => Some(*points),
            CrosstableCell::Game { points, .. } => *points,
        }
    }
}

impl std::fmt::Display for CrosstableCell {
    /// A game at a table of 2 as FIDE crosstables write it, the seat for the
    /// colour: `4 s1 1`, against the player on line 4, from the first seat,
    /// won (`½` a draw, `0` lost, `?` no result yet). A game at a table of 3 or
    /// 4: `T3 s2 1`, at table 3, from the second seat, won (`⅓`, `¼` a share of
    /// a draw). `bye`; `-` not paired.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            CrosstableCell::Absent => "-".to_owned(),
            CrosstableCell::Bye(_) => "bye".to_owned(),
            CrosstableCell::Game {
                table,
                seat,
                opponents,
                points,
                ..
            } => {
                let points = points.map_or_else(|| "?".to_owned(), short_score);
                match opponents.as_slice() {
                    [opponent] => format!("{opponent} s{seat} {points}"),
                    _ => format!("T{table} s{seat} {points}"),
                }
            }
        };
        f.pad(&text)
    }
}

/// A game's points in one character where one will do: `1`, `½`, `⅓`, `¼`,
/// `0`; others as [`Score`] writes them.
fn short_score(points: Score) -> String {
    match points.twelfths() {
        0 => "0".to_owned(),
        12 => "1".to_owned(),
        6 => "½".to_owned(),
        4 => "⅓".to_owned(),
        3 => "¼".to_owned(),
        8 => "⅔".to_owned(),
        9 => "¾".to_owned(),
        _ => points.to_string(),
    }
}

/// The crosstable: one line per player in the order of the standings, one cell
/// per round paired.
#[derive(Clone, Debug, PartialEq)]
pub struct Crosstable {
    /// The standings the lines follow (line `i + 1` is `lines[i]`; players
    /// level on everything share a rank, never a line).
    pub lines: Vec<StandingLine>,
    /// For each line, its cells, round 1 first.
    pub cells: Vec<Vec<CrosstableCell>>,
    /// Players a table.
    pub table_size: usize,
}

impl Crosstable {
    /// Whether the cells name opponents by line number (a `No` column) rather
    /// than by rank: with 2 a table, when players level on everything share a
    /// rank.
    pub fn numbered(&self) -> bool {
        self.table_size == 2 && self.lines.iter().enumerate().any(|(i, l)| l.rank != i + 1)
    }

    /// What a cell says, in one sentence (printed under the grid and on the
    /// event's site).
    pub fn legend(&self) -> String {
        let (whom, draw) = match (self.table_size == 2, self.numbered()) {
            (false, _) => ("the table", "⅓ or ¼ a share of a draw,"),
            (true, false) => ("the opponent's rank", "½ drawn,"),
            (true, true) => ("the opponent's No", "½ drawn,"),
        };
        format!(
            "Each round: {whom}, the seat, the points (1 won, {draw} 0 lost, ? no result yet); bye; - not paired."
        )
    }
}

/// The crosstable of the event.
///
/// ```
/// use pacru_event::{Award, CrosstableCell, EventFile, NewEvent, crosstable};
/// let dir = tempfile::tempdir()?;
/// let mut file = EventFile::create(&dir.path().join("e.pacru"), &NewEvent::swiss("E", 2, 1))?;
/// file.add_players(&["Ada".into(), "Bob".into()], None, None)?;
/// file.pair()?;
/// file.result(1, 1, &Award::Winner("Bob".into()))?;
/// let table = crosstable(&file.read()?);
/// assert_eq!(table.cells[0][0].to_string(), "2 s2 1"); // Bob, line 1, beat line 2 from seat 2
/// assert_eq!(table.cells[1][0].to_string(), "1 s1 0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn crosstable(event: &Event) -> Crosstable {
    let lines = standings(event);
    let line_of = |id: i64| {
        lines
            .iter()
            .position(|l| l.player == id)
            .map_or(0, |i| i + 1)
    };
    let cells = lines
        .iter()
        .map(|line| {
            event
                .rounds
                .iter()
                .map(|round| {
                    if let Some(bye) = round.byes.iter().find(|b| b.player == line.player) {
                        return CrosstableCell::Bye(bye.points);
                    }
                    let Some(table) = round.tables.iter().find(|t| t.seats.contains(&line.player))
                    else {
                        return CrosstableCell::Absent;
                    };
                    let seat = table
                        .seats
                        .iter()
                        .position(|&p| p == line.player)
                        .unwrap_or(0);
                    CrosstableCell::Game {
                        table: table.number,
                        seat: seat + 1,
                        opponents: table
                            .seats
                            .iter()
                            .filter(|&&p| p != line.player)
                            .map(|&p| line_of(p))
                            .collect(),
                        points: table
                            .result
                            .as_ref()
                            .and_then(|r| r.points.get(seat).copied()),
                        won: table
                            .result
                            .as_ref()
                            .is_some_and(|r| r.winner == Some(seat)),
                    }
                })
                .collect()
        })
        .collect();
    Crosstable {
        lines,
        cells,
        table_size: event.settings.table_size,
    }
}
