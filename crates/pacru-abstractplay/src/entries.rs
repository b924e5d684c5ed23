//! The move list: entries in the order played, and the seats they tell.

use crate::ap_move::{ApMove, parse_ap_move};
use crate::error::ImportError;
use crate::json::{as_array, as_object, as_str, kind, optional, required, type_error};
use pacru_core::{Field, Seat};
use serde_json::{Map, Value};

/// One entry of the move list, in the order played.
pub(crate) struct Entry {
    pub path: String,
    pub round: usize,
    pub index: usize,
    /// The player (0-based seat in AbstractPlay's order) the entry belongs to.
    pub seat: usize,
    pub text: String,
    pub mv: ApMove,
    /// The player a `resigned`/`timeout` result names (0-based), if any.
    pub named: Option<usize>,
}

impl Entry {
    pub(crate) fn error(&self, message: impl Into<String>) -> ImportError {
        ImportError::Move {
            path: self.path.clone(),
            round: self.round,
            index: self.index,
            text: self.text.clone(),
            message: message.into(),
        }
    }
}

/// `text`, cut to at most 40 characters (with `...`) for messages.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// The player a result such as `{"type": "resigned", "player": 2}` names (0-based).
/// `result` (at `path`), when given, is a list of objects; the `player` of a
/// `resigned` or `timeout` result is a player of the game (1-based).
fn named_player(
    slot: &Map<String, Value>,
    path: &str,
    players: usize,
) -> Result<Option<usize>, ImportError> {
    let Some((results, results_path)) = optional(slot, "result", path) else {
        return Ok(None);
    };
    for (i, r) in as_array(results, &results_path)?.iter().enumerate() {
        let r_path = format!("{results_path}[{i}]");
        let r = as_object(r, &r_path)?;
        if !matches!(
            r.get("type").and_then(Value::as_str),
            Some("resigned" | "timeout")
        ) {
            continue;
        }
        let Some((n, n_path)) = optional(r, "player", &r_path) else {
            continue;
        };
        let n = n
            .as_u64()
            .ok_or_else(|| type_error(&n_path, "a whole number", n))?;
        if !(1..=players as u64).contains(&n) {
            return Err(ImportError::Value {
                path: n_path,
                message: format!("no player {n} in a game of {players} players"),
            });
        }
        return Ok(Some((n - 1) as usize));
    }
    Ok(None)
}

/// Reads `$.moves` into entries in the order played.
pub(crate) fn read_entries(moves: &Value, players: usize) -> Result<Vec<Entry>, ImportError> {
    let rounds = as_array(moves, "$.moves")?;
    let mut entries = Vec::new();
    for (r, round) in rounds.iter().enumerate() {
        let round_path = format!("$.moves[{r}]");
        let slots = as_array(round, &round_path)?;
        if slots.len() > players {
            return Err(ImportError::Value {
                path: round_path,
                message: format!(
                    "{} entries in a round of a {players}-player game",
                    slots.len()
                ),
            });
        }
        let mut in_round = Vec::with_capacity(slots.len());
        for (i, slot) in slots.iter().enumerate() {
            let path = format!("{round_path}[{i}]");
            let (text, sequence, named) = match slot {
                Value::Null => continue,
                Value::String(s) => (s.as_str(), None, None),
                Value::Object(object) => {
                    let (mv, mv_path) = required(object, "move", &path)?;
                    let text = as_str(mv, &mv_path)?;
                    let sequence = match optional(object, "sequence", &path) {
                        Some((v, p)) => Some(v.as_u64().ok_or_else(|| ImportError::Type {
                            path: p,
                            expected: "a whole number",
                            found: kind(v),
                        })?),
                        None => None,
                    };
                    (text, sequence, named_player(object, &path, players)?)
                }
                other => return Err(type_error(&path, "a move (a string or an object)", other)),
            };
            let mut entry = Entry {
                path,
                round: r + 1,
                index: i + 1,
                seat: i,
                text: shorten(text),
                mv: ApMove::Pass,
                named,
            };
            entry.mv = parse_ap_move(text).map_err(|message| entry.error(message))?;
            // Without a sequence number a move is played in seating order.
            in_round.push((sequence.unwrap_or(i as u64 + 1), entry));
        }
        in_round.sort_by_key(|(order, _)| *order);
        entries.extend(in_round.into_iter().map(|(_, e)| e));
    }
    // Nothing may follow the entry that ended the game.
    if let Some(end) = entries.iter().position(|e| matches!(e.mv, ApMove::End(_)))
        && let (Some(ender), Some(next)) = (entries.get(end), entries.get(end + 1))
    {
        return Err(ImportError::AfterEnd {
            path: next.path.clone(),
            round: next.round,
            index: next.index,
            text: next.text.clone(),
            ended_by: ender.text.clone(),
        });
    }
    Ok(entries)
}

/// The seats of AbstractPlay's players in order. 3 and 4 players sit `E W N (S)`;
/// 2 players sit `S N` in AbstractPlay's current code and sat `E W` in an older
/// version: the first move tells which (its chevron stands on one of player 1's
/// start fields), `S N` when it cannot tell.
pub(crate) fn seats(players: usize, entries: &[Entry]) -> Vec<Seat> {
    match players {
        3 => vec![Seat::E, Seat::W, Seat::N],
        4 => vec![Seat::E, Seat::W, Seat::N, Seat::S],
        _ => {
            let first = entries.iter().find_map(|e| match &e.mv {
                ApMove::Movement { from, .. } => Some(*from),
                ApMove::Reorientation(r) => Some(r.field),
                _ => None,
            });
            let starts_on = |seat: Seat, field: Field| {
                seat.chevrons().iter().any(|&(f, _)| f == field)
                    || seat.two_player_extra().0 == field
            };
            match first {
                Some(field) if starts_on(Seat::E, field) && !starts_on(Seat::S, field) => {
                    vec![Seat::E, Seat::W]
                }
                _ => vec![Seat::S, Seat::N],
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_are_cut_for_messages() {
        assert_eq!(shorten("e1-e2"), "e1-e2");
        let long = "é".repeat(50);
        assert_eq!(shorten(&long), format!("{}...", "é".repeat(40)));
    }
}
