//! Pairing the next round, and undoing the last pairing while nothing is in.

use crate::error::EventError;
use crate::model::{Bye, Event, LogAction, Round, System, Table, TableStatus};
use crate::store::{EventFile, database, log};
use pacru_pairing::{Grouping, History, Settings, berger_round, pair_round};
use rusqlite::Transaction;
use std::path::Path;

impl EventFile {
    /// Pairs the next round and returns it. The round before must be finished
    /// (every table with its result).
    pub fn pair(&mut self) -> Result<Round, EventError> {
        let path = self.path().to_owned();
        self.write(|tx, event| {
            let round = next_round(event)?;
            store_round(&path, tx, &round)?;
            let detail = format!(
                "round {} paired: {} tables, {} byes",
                round.number,
                round.tables.len(),
                round.byes.len()
            );
            log(
                &path,
                tx,
                LogAction::Pair,
                Some(round.number),
                None,
                &detail,
                None,
            )?;
            Ok(round)
        })
    }

    /// Undoes the pairing of the last round, which must have no result and no
    /// record in; returns its number.
    pub fn unpair(&mut self) -> Result<u32, EventError> {
        let path = self.path().to_owned();
        self.write(|tx, event| {
            let round = event.rounds.last().ok_or(EventError::NoRound)?;
            let started: Vec<u32> = round
                .tables
                .iter()
                .filter(|t| {
                    t.status != TableStatus::Pending
                        || event
                            .submissions
                            .iter()
                            .any(|s| s.round == round.number && s.table == t.number)
                })
                .map(|t| t.number)
                .collect();
            if !started.is_empty() {
                return Err(EventError::RoundStarted {
                    round: round.number,
                    tables: started,
                });
            }
            let db = |e| database(&path, e);
            for sql in [
                "DELETE FROM seat WHERE round = ?1",
                "DELETE FROM board WHERE round = ?1",
                "DELETE FROM bye WHERE round = ?1",
                "DELETE FROM round WHERE number = ?1",
            ] {
                tx.execute(sql, [round.number]).map_err(db)?;
            }
            log(
                &path,
                tx,
                LogAction::Unpair,
                Some(round.number),
                None,
                &format!("pairing of round {} undone", round.number),
                None,
            )?;
            Ok(round.number)
        })
    }
}

/// The players' registration numbers in seed order, and the history of the
/// event as the pairing sees it (players as indices in that order), for the
/// pairing of round `next`.
pub fn history(event: &Event, next: u32) -> (Vec<i64>, History) {
    let seeds = event.seed_order();
    let index = |id: i64| seeds.iter().position(|&s| s == id);
    let mut history = History::new(seeds.len());
    for round in &event.rounds {
        for table in &round.tables {
            let seats: Vec<usize> = table.seats.iter().filter_map(|&p| index(p)).collect();
            history.add_table(&seats);
            if let Some(result) = &table.result {
                for (&p, &points) in seats.iter().zip(&result.points) {
                    history.add_points(p, points);
                }
            }
        }
        for bye in &round.byes {
            if let Some(p) = index(bye.player) {
                history.add_bye(p, bye.points);
            }
        }
    }
    for player in &event.players {
        if !event.plays_in(player, next)
            && let Some(p) = index(player.id)
        {
            history.withdraw(p);
        }
    }
    (seeds, history)
}

/// The pairing of the event's next round.
fn next_round(event: &Event) -> Result<Round, EventError> {
    let settings = &event.settings;
    let paired = event.rounds_paired();
    if paired >= settings.rounds {
        return Err(EventError::AllRoundsPaired {
            rounds: settings.rounds,
        });
    }
    if let Some(last) = event.rounds.last() {
        let unfinished: Vec<(u32, TableStatus)> = last
            .tables
            .iter()
            .filter(|t| !t.status.has_result())
            .map(|t| (t.number, t.status))
            .collect();
        if !unfinished.is_empty() {
            return Err(EventError::RoundNotFinished {
                round: last.number,
                tables: unfinished,
            });
        }
    }
    let number = paired + 1;
    let (seeds, history) = history(event, number);
    let pairing = if settings.system == System::RoundRobin && settings.table_size == 2 {
        let mut round = berger_round(seeds.len(), number);
        // A withdrawn player's opponent sits out with a bye.
        let active = |p: usize| history.entrant(p).active;
        let mut tables = Vec::new();
        for table in round.tables {
            match (active(table[0]), active(table[1])) {
                (true, true) => tables.push(table),
                (true, false) => round.byes.push(table[0]),
                (false, true) => round.byes.push(table[1]),
                (false, false) => {}
            }
        }
        round.byes.retain(|&p| active(p));
        round.tables = tables;
        if round.tables.is_empty() {
            return Err(EventError::Pairing {
                round: number,
                source: pacru_pairing::PairingError::TooFewPlayers {
                    active: history.ranked().len(),
                    table_size: 2,
                },
            });
        }
        round
    } else {
        let pairing = Settings {
            table_size: settings.table_size,
            uneven: settings.uneven,
            grouping: match settings.system {
                System::Swiss => Grouping::Scores,
                System::RoundRobin => Grouping::Meetings,
            },
        };
        pair_round(&history, &pairing).map_err(|source| EventError::Pairing {
            round: number,
            source,
        })?
    };
    Ok(Round {
        number,
        tables: pairing
            .tables
            .iter()
            .enumerate()
            .map(|(i, seats)| Table {
                round: number,
                number: i as u32 + 1,
                seats: seats.iter().map(|&p| seeds[p]).collect(),
                status: TableStatus::Pending,
                result: None,
                submission: None,
            })
            .collect(),
        byes: pairing
            .byes
            .iter()
            .map(|&p| Bye {
                round: number,
                player: seeds[p],
                points: settings.bye_points,
            })
            .collect(),
    })
}

/// Writes `round` into the file.
fn store_round(path: &Path, tx: &Transaction<'_>, round: &Round) -> Result<(), EventError> {
    let db = |e| database(path, e);
    tx.execute(
        &format!(
            "INSERT INTO round (number, paired) VALUES (?1, {})",
            crate::store::NOW
        ),
        [round.number],
    )
    .map_err(db)?;
    for table in &round.tables {
        tx.execute(
            "INSERT INTO board (round, number, status) VALUES (?1, ?2, 'pending')",
            [round.number, table.number],
        )
        .map_err(db)?;
        for (seat, player) in table.seats.iter().enumerate() {
            tx.execute(
                "INSERT INTO seat (round, board, seat, player) VALUES (?1, ?2, ?3, ?4)",
                rusqlite::params![round.number, table.number, seat as i64, player],
            )
            .map_err(db)?;
        }
    }
    for bye in &round.byes {
        tx.execute(
            "INSERT INTO bye (round, player, points) VALUES (?1, ?2, ?3)",
            rusqlite::params![round.number, bye.player, bye.points.twelfths()],
        )
        .map_err(db)?;
    }
    Ok(())
}
