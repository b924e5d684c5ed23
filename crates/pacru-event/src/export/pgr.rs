//! Every game of the event as one PGR.

use crate::model::{Event, Submission, Table};
use pacru_notation::pgr::{Game, Reader, write_games};
use pacru_referee::VerdictStatus;

/// The record behind each table's result: the `ok` record that gave it, or
/// that an arbiter's decision kept. Tables whose result came without a record
/// (entered, or decided on a record that is not `ok`) have none.
pub(crate) fn recorded_tables(event: &Event) -> Vec<(&Table, &Submission)> {
    event
        .rounds
        .iter()
        .flat_map(|r| &r.tables)
        .filter(|t| t.status.has_result())
        .filter_map(|t| {
            let s = event.submission(t.submission?)?;
            (s.status == VerdictStatus::Ok).then_some((t, s))
        })
        .collect()
}

/// Every game with an `ok` record that counts for a table's result, round by
/// round and table by table, as one canonical PGR that `pacru check` accepts:
/// each game gets the event's name (`Event`), its round (`Round`), its table
/// (`Table`) and, when it had none, the event's `Rules` tag. The event must
/// have been read with its records.
pub fn games_pgr(event: &Event) -> String {
    let games: Vec<_> = recorded_tables(event)
        .into_iter()
        .filter_map(|(t, s)| exported_game(event, t, s))
        .collect();
    write_games(&games)
}

/// The game of table `t` as the PGR export gives it: its record `s` with the
/// event's name, the round, the table and (when it had none) the event's rules
/// in its tags. `None` if the record does not read (a file from elsewhere).
pub(crate) fn exported_game(event: &Event, t: &Table, s: &Submission) -> Option<Game> {
    let mut game = Reader::new(s.record.as_slice()).read_game().ok()??;
    game.tags.set("Event", &event.settings.name);
    game.tags.set("Round", &t.round.to_string());
    game.tags.set("Table", &t.number.to_string());
    if !game.tags.contains("Rules") {
        game.tags.set("Rules", event.settings.rules.year());
    }
    Some(game)
}
