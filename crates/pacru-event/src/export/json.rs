//! The event as JSON.

use crate::model::{Event, Table};
use crate::standings::{Crosstable, CrosstableCell, StandingLine, standings};
use pacru_pairing::Tiebreak;
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::value::RawValue;

/// One table: `round`, `table`, `seats` (names, first seat first), `status`,
/// `result` (null, or `winner`, a name or null for a draw, and `points`, each
/// seat's points).
#[derive(Clone, Debug, serde::Serialize)]
pub struct TableJson {
    /// The round.
    pub round: u32,
    /// The table.
    pub table: u32,
    /// The players' names in seat order.
    pub seats: Vec<String>,
    /// `pending`, `held`, `played`, `entered` or `decided`.
    pub status: &'static str,
    /// The result, if any.
    pub result: Option<ResultJson>,
}

/// A table's result in JSON.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ResultJson {
    /// The winner's name, null for a draw.
    pub winner: Option<String>,
    /// Each seat's points.
    pub points: Vec<f64>,
}

impl TableJson {
    /// Table `t` of `event`.
    pub fn new(event: &Event, t: &Table) -> TableJson {
        TableJson {
            round: t.round,
            table: t.number,
            seats: t.seats.iter().map(|&p| event.name(p).to_owned()).collect(),
            status: t.status.as_str(),
            result: t.result.as_ref().map(|r| ResultJson {
                winner: r
                    .winner
                    .and_then(|s| t.seats.get(s))
                    .map(|&p| event.name(p).to_owned()),
                points: r.points.iter().map(|p| p.to_f64()).collect(),
            }),
        }
    }
}

/// The tables of round `round`, or of every round.
pub fn tables_json(event: &Event, round: Option<u32>) -> Vec<TableJson> {
    event
        .rounds
        .iter()
        .filter(|r| round.is_none_or(|n| r.number == n))
        .flat_map(|r| r.tables.iter().map(|t| TableJson::new(event, t)))
        .collect()
}

/// One line of the standings: `rank`, `name`, `points`, `games`, `wins`,
/// `byes`, `tiebreaks` (an object, the event's tiebreaks in the order they
/// apply: `direct_encounter` or `opponents_average`, `buchholz_cut1`,
/// `buchholz`, `sonneborn_berger`, `wins`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct StandingJson {
    /// The place.
    pub rank: usize,
    /// The player's name.
    pub name: String,
    /// Points, byes included.
    pub points: f64,
    /// Games with a result.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Byes.
    pub byes: u32,
    /// The tiebreaks, in order.
    pub tiebreaks: Tiebreaks,
}

/// Tiebreaks as a JSON object whose keys keep their order.
#[derive(Clone, Debug)]
pub struct Tiebreaks(pub Vec<(Tiebreak, f64)>);

impl Serialize for Tiebreaks {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (t, v) in &self.0 {
            map.serialize_entry(t.key(), v)?;
        }
        map.end()
    }
}

fn standing_json(event: &Event, line: &StandingLine) -> StandingJson {
    StandingJson {
        rank: line.rank,
        name: event.name(line.player).to_owned(),
        points: line.points.to_f64(),
        games: line.games,
        wins: line.wins,
        byes: line.byes,
        tiebreaks: Tiebreaks(line.tiebreaks.clone()),
    }
}

/// The standings as JSON objects, best first.
pub fn standings_json(event: &Event) -> Vec<StandingJson> {
    standings(event)
        .iter()
        .map(|l| standing_json(event, l))
        .collect()
}

/// One line of the crosstable: `line` (from 1: the cells of 2 a table name
/// opponents by it), `rank`, `name`, `points` and `rounds`, a cell per round
/// paired.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CrosstableLineJson {
    /// The line, from 1.
    pub line: usize,
    /// The place (shared by players level on everything).
    pub rank: usize,
    /// The player's name.
    pub name: String,
    /// Points, byes included.
    pub points: f64,
    /// The player's round, round 1 first.
    pub rounds: Vec<CrosstableCellJson>,
}

/// A player's round in the crosstable: `round`, `kind` (`game`, `bye`,
/// `absent`), for a game `table`, `seat` (from 1) and `opponents` (their names,
/// in seat order), `points` (null while the table has no result, and when
/// absent), and `text`, the cell as `pacru event crosstable` prints it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CrosstableCellJson {
    /// The round.
    pub round: u32,
    /// `game`, `bye` or `absent`.
    pub kind: &'static str,
    /// The table, for a game.
    pub table: Option<u32>,
    /// The seat, from 1, for a game.
    pub seat: Option<usize>,
    /// The opponents' names in seat order (empty but for a game).
    pub opponents: Vec<String>,
    /// The player's points in the round, when they have them.
    pub points: Option<f64>,
    /// The cell as printed.
    pub text: String,
}

/// The crosstable `table` of `event` as JSON objects, a line per player.
pub fn crosstable_json(event: &Event, table: &Crosstable) -> Vec<CrosstableLineJson> {
    let name = |line: usize| {
        table
            .lines
            .get(line.wrapping_sub(1))
            .map_or("?", |l| event.name(l.player))
            .to_owned()
    };
    table
        .lines
        .iter()
        .zip(&table.cells)
        .enumerate()
        .map(|(i, (line, cells))| CrosstableLineJson {
            line: i + 1,
            rank: line.rank,
            name: event.name(line.player).to_owned(),
            points: line.points.to_f64(),
            rounds: event
                .rounds
                .iter()
                .zip(cells)
                .map(|(round, cell)| {
                    let (kind, table, seat, opponents) = match cell {
                        CrosstableCell::Absent => ("absent", None, None, Vec::new()),
                        CrosstableCell::Bye(_) => ("bye", None, None, Vec::new()),
                        CrosstableCell::Game {
                            table,
                            seat,
                            opponents,
                            ..
                        } => (
                            "game",
                            Some(*table),
                            Some(*seat),
                            opponents.iter().map(|&o| name(o)).collect(),
                        ),
                    };
                    CrosstableCellJson {
                        round: round.number,
                        kind,
                        table,
                        seat,
                        opponents,
                        points: cell.points().map(|p| p.to_f64()),
                        text: cell.to_string(),
                    }
                })
                .collect(),
        })
        .collect()
}

/// Everything in the event, for `pacru event export --json`.
#[derive(serde::Serialize)]
pub struct EventJson {
    name: String,
    players_per_table: usize,
    system: &'static str,
    rounds: u32,
    rules: &'static str,
    uneven: &'static str,
    bye_points: f64,
    players: Vec<PlayerJson>,
    pairings: Vec<RoundJson>,
    standings: Vec<StandingJson>,
    submissions: Vec<SubmissionJson>,
    log: Vec<LogJson>,
}

#[derive(serde::Serialize)]
struct PlayerJson {
    id: i64,
    name: String,
    rating: Option<u32>,
    club: Option<String>,
    withdrawn_from: Option<u32>,
}

#[derive(serde::Serialize)]
struct RoundJson {
    round: u32,
    tables: Vec<TableJson>,
    byes: Vec<ByeJson>,
}

#[derive(serde::Serialize)]
struct ByeJson {
    name: String,
    points: f64,
}

#[derive(serde::Serialize)]
struct SubmissionJson {
    id: i64,
    round: u32,
    table: u32,
    source: String,
    submitted: String,
    status: String,
    verdict: Box<RawValue>,
    /// The version of pacru whose referee gave the verdict (null: not noted,
    /// a verdict of event schema 1).
    referee: Option<String>,
    /// The record as text (bytes that are not UTF-8 replaced).
    record: String,
}

#[derive(serde::Serialize)]
struct LogJson {
    id: i64,
    at: String,
    action: String,
    round: Option<u32>,
    table: Option<u32>,
    detail: String,
    reason: Option<String>,
}

/// The whole event (read with its records) as one JSON value.
pub fn event_json(event: &Event) -> EventJson {
    let s = &event.settings;
    EventJson {
        name: s.name.clone(),
        players_per_table: s.table_size,
        system: s.system.as_str(),
        rounds: s.rounds,
        rules: s.rules.year(),
        uneven: crate::model::uneven_str(s.uneven),
        bye_points: s.bye_points.to_f64(),
        players: event
            .players
            .iter()
            .map(|p| PlayerJson {
                id: p.id,
                name: p.name.clone(),
                rating: p.rating,
                club: p.club.clone(),
                withdrawn_from: p.withdrawn_from,
            })
            .collect(),
        pairings: event
            .rounds
            .iter()
            .map(|r| RoundJson {
                round: r.number,
                tables: r.tables.iter().map(|t| TableJson::new(event, t)).collect(),
                byes: r
                    .byes
                    .iter()
                    .map(|b| ByeJson {
                        name: event.name(b.player).to_owned(),
                        points: b.points.to_f64(),
                    })
                    .collect(),
            })
            .collect(),
        standings: standings_json(event),
        submissions: event
            .submissions
            .iter()
            .map(|s| SubmissionJson {
                id: s.id,
                round: s.round,
                table: s.table,
                source: s.source.clone(),
                submitted: s.submitted.to_string(),
                status: s.status.as_str().to_owned(),
                verdict: RawValue::from_string(s.verdict.clone()).unwrap_or_else(|_| null()),
                referee: s.referee.clone(),
                record: String::from_utf8_lossy(&s.record).into_owned(),
            })
            .collect(),
        log: event
            .log
            .iter()
            .map(|l| LogJson {
                id: l.id,
                at: l.at.to_string(),
                action: l.action.as_str().to_owned(),
                round: l.round,
                table: l.table,
                detail: l.detail.clone(),
                reason: l.reason.clone(),
            })
            .collect(),
    }
}

/// JSON `null`, for a stored verdict that is not JSON (which pacru never writes).
fn null() -> Box<RawValue> {
    serde_json::value::to_raw_value(&()).unwrap_or_else(|_| unreachable!("() serialises"))
}
