//! What an event read whole from its file can hold that the desk never
//! writes, and that SQLite's checks cannot see: a table whose seats hold
//! points its result does not score (every game hands out one point), more
//! rounds paired than the event has, a table of a size the event does not
//! play. `pacru event check` reports each.

use crate::model::{Event, Table};
use pacru_pairing::{Outcome, Score, Uneven};
use serde::Serialize;

/// A part of the event that does not agree with the rest of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InconsistencyProblem {
    /// The round, when the problem is in one.
    pub round: Option<u32>,
    /// The table, when the problem is at one.
    pub table: Option<u32>,
    /// What does not agree, in words.
    pub message: String,
}

/// Each seat's points as the scoring gives them for the result of `table`
/// (the winner takes the point, a draw shares it among the table's players);
/// `None` while the table has no result.
pub(crate) fn scored_points(table: &Table) -> Option<Vec<Score>> {
    let result = table.result.as_ref()?;
    let seats = table.seats.len();
    let outcome = match result.winner {
        Some(seat) => Outcome::Win(seat),
        None => Outcome::Draw((0..seats).collect()),
    };
    Some(outcome.points(seats))
}

/// Points as a list: `8.33, 0`.
pub(crate) fn points_list(points: &[Score]) -> String {
    let texts: Vec<String> = points.iter().map(Score::to_string).collect();
    texts.join(", ")
}

/// The table sizes an event of `event`'s settings plays.
fn sizes(event: &Event) -> Vec<usize> {
    let k = event.settings.table_size;
    if k >= 3 && event.settings.uneven == Uneven::Mixed {
        vec![3, 4]
    } else {
        vec![k]
    }
}

/// Everything in `event` that does not agree with the rest of it.
pub(crate) fn inconsistencies(event: &Event) -> Vec<InconsistencyProblem> {
    let mut problems = Vec::new();
    let paired = event.rounds.len();
    if paired > event.settings.rounds as usize {
        problems.push(InconsistencyProblem {
            round: None,
            table: None,
            message: format!(
                "{paired} rounds are paired, more than the event's {}",
                event.settings.rounds
            ),
        });
    }
    let sizes = sizes(event);
    for table in event.rounds.iter().flat_map(|r| &r.tables) {
        let mut problem = |message: String| {
            problems.push(InconsistencyProblem {
                round: Some(table.round),
                table: Some(table.number),
                message,
            });
        };
        let size = table.seats.len();
        if !sizes.contains(&size) {
            let played: Vec<String> = sizes.iter().map(usize::to_string).collect();
            problem(format!(
                "{size} players at the table, but the event plays tables of {}",
                played.join(" or ")
            ));
        }
        if let (Some(result), Some(scored)) = (&table.result, scored_points(table))
            && result.points != scored
        {
            let what = match result.winner {
                Some(seat) => format!("a win of seat {}", seat + 1),
                None => "a draw".to_owned(),
            };
            problem(format!(
                "its seats hold {} points, but {what} scores {}: every game hands out one point",
                points_list(&result.points),
                points_list(&scored)
            ));
        }
    }
    problems
}
