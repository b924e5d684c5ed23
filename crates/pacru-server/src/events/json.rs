//! An event as the API shows it: settings, entrants, rounds with their tables
//! and games, standings and crosstable as `pacru event` exports them.

use super::Held;
use crate::db::events as store;
use crate::error::ApiResult;
use pacru_core::Position;
use pacru_event::export::{crosstable_json, standings_json};
use pacru_event::{Event, Table, crosstable};
use rusqlite::Connection;
use serde_json::{Value, json};

/// The colour word of seat `seat` at a table of `players` (the record's
/// `Result` for a win from that seat).
fn seat_colour(players: usize, seat: usize) -> Option<&'static str> {
    let position = Position::standard(players).ok()?;
    position.players().iter().nth(seat).map(|c| c.word())
}

fn table_json(event: &Event, table: &Table, game: Option<&str>) -> Value {
    let result = table.result.as_ref().map(|r| match r.winner {
        Some(seat) => seat_colour(table.seats.len(), seat).unwrap_or("?"),
        None => "draw",
    });
    let points: Option<Vec<f64>> = table
        .result
        .as_ref()
        .map(|r| r.points.iter().map(|p| p.to_f64()).collect());
    json!({
        "table": table.number,
        "players": table.seats.iter().map(|&p| event.name(p)).collect::<Vec<_>>(),
        "game": game,
        "status": table.status.as_str(),
        "result": result,
        "points": points,
    })
}

/// Event `held` as the API shows it.
pub fn event_json(conn: &Connection, held: &mut Held) -> ApiResult<Value> {
    let event = held.read()?;
    let row = &held.row;
    let games = store::table_games(conn, &row.id)?;
    let checked_in = store::checked_in(conn, &row.id)?;
    let settings = &event.settings;
    let rounds: Vec<Value> = event
        .rounds
        .iter()
        .map(|round| {
            let tables: Vec<Value> = round
                .tables
                .iter()
                .map(|t| {
                    let game = games
                        .iter()
                        .find(|g| g.round == round.number && g.table == t.number)
                        .map(|g| g.game.as_str());
                    table_json(&event, t, game)
                })
                .collect();
            let byes: Vec<Value> = round
                .byes
                .iter()
                .map(|b| json!({"username": event.name(b.player), "points": b.points.to_f64()}))
                .collect();
            json!({"round": round.number, "tables": tables, "byes": byes})
        })
        .collect();
    let entrants: Vec<Value> = event
        .players
        .iter()
        .map(|p| {
            json!({
                "username": p.name,
                "rating": p.rating,
                "withdrawn_from": p.withdrawn_from,
                "checked_in": checked_in.iter().any(|c| c.eq_ignore_ascii_case(&p.name)),
            })
        })
        .collect();
    let finished = event.rounds_paired() == settings.rounds
        && event
            .rounds
            .iter()
            .all(|r| r.tables.iter().all(|t| t.status.has_result()));
    Ok(json!({
        "id": row.id,
        "name": settings.name,
        "arbiter": row.arbiter.name,
        "created": row.created,
        "venue": row.venue.as_str(),
        "players_per_table": settings.table_size,
        "system": settings.system.as_str(),
        "planned_rounds": settings.rounds,
        "rules": settings.rules.year(),
        "clock": row.time_control.to_json(),
        "rated": row.rated,
        "finished": finished,
        "players": event
            .players
            .iter()
            .filter(|p| p.withdrawn_from.is_none())
            .map(|p| p.name.as_str())
            .collect::<Vec<_>>(),
        "entrants": entrants,
        "rounds": rounds,
        "standings": standings_json(&event),
        "crosstable": crosstable_json(&event, &crosstable(&event)),
    }))
}
