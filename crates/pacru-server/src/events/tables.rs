//! An event's tables on the server: a game opened for each table paired, and
//! each finished game's record entered as the table's result.

use super::{Held, desk_error};
use crate::db::events::{self as store, Venue};
use crate::error::{ApiError, ApiResult};
use crate::game::{GameState, GameStatus};
use crate::service::new_game_id;
use pacru_event::TableStatus;
use rusqlite::Connection;

/// Opens a game for every table without a result that has none (an event
/// played on the server); the games opened.
pub fn open_games(tx: &Connection, held: &mut Held, now: i64) -> ApiResult<Vec<GameState>> {
    if held.row.venue != Venue::Server {
        return Ok(Vec::new());
    }
    let event = held.read()?;
    let linked = store::table_games(tx, &held.row.id)?;
    let mut opened = Vec::new();
    for round in &event.rounds {
        for table in &round.tables {
            if table.status != TableStatus::Pending
                || linked
                    .iter()
                    .any(|l| l.round == round.number && l.table == table.number)
            {
                continue;
            }
            let mut players = Vec::new();
            for &seat in &table.seats {
                let name = event.name(seat);
                players.push(store::user_named(tx, name)?.ok_or_else(|| {
                    ApiError::conflict(format!(
                        "{name} has no account here: table {} of round {} cannot be played on the server",
                        table.number, round.number
                    ))
                })?);
            }
            loop {
                let game = GameState::seated(
                    new_game_id()?,
                    now,
                    held.row.arbiter.clone(),
                    players.clone(),
                    event.settings.rules,
                    held.row.time_control,
                    held.row.rated,
                )?;
                if store::insert_table_game(tx, &held.row.id, round.number, table.number, &game)? {
                    opened.push(game);
                    break;
                }
            }
        }
    }
    Ok(opened)
}

/// Enters the record of every finished game whose table waits for its
/// result, refereed by the desk as any record (`site`: the server's address,
/// the records' `Site`). A record the desk does not take is left for the
/// arbiter (logged). Every game that ended is marked entered
/// ([`store::mark_entered`]), so that later changes skip it without loading
/// it. The number of records entered.
pub fn enter_results(tx: &Connection, held: &mut Held, site: &str) -> ApiResult<usize> {
    let event = held.read()?;
    let mut entered = 0;
    for link in store::table_games(tx, &held.row.id)? {
        if link.entered {
            continue;
        }
        let Some(game) = store::load_game(tx, &link.game)? else {
            continue;
        };
        if !matches!(game.status, GameStatus::Finished | GameStatus::Aborted) {
            continue;
        }
        let table = event
            .round(link.round)
            .and_then(|r| r.tables.iter().find(|t| t.number == link.table))
            .filter(|t| t.status == TableStatus::Pending);
        if let Some(table) = table
            && game.status == GameStatus::Finished
        {
            // The players named as the event holds them: a desk brought onto
            // the server may spell a name in another case than its account does.
            let mut record = game.record(site);
            for (seat, &player) in game.seats.iter().zip(&table.seats) {
                record.tags.set(seat.colour.word(), event.name(player));
            }
            let record = pacru_notation::pgr::write_game(&record);
            let source = format!("game {}", game.id);
            entered += 1;
            if let Err(e) = held
                .desk
                .submit(link.round, link.table, &source, record.into_bytes())
            {
                let e = desk_error(e);
                tracing::warn!(
                    "event {}: the record of {source} for table {} of round {}: {e}",
                    held.row.id,
                    link.table,
                    link.round
                );
            }
        }
        store::mark_entered(tx, &link.game)?;
    }
    Ok(entered)
}
