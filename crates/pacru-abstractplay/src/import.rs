//! The import: the header's tags, the moves replayed in our notation, the result.

use crate::RULES;
use crate::ap_move::{ApMove, Ending};
use crate::entries::{read_entries, seats};
use crate::error::ImportError;
use crate::header::{Header, colour_list, colour_of, read_header};
use crate::json::{as_object, required};
use pacru_core::{Colour, Item, Items, Move, Movement, Position};
use pacru_notation::pgr::{DEFAULT_MAX_GAME_BYTES, Game, GameResult, MoveEntry, write_game};
use serde_json::Value;
use std::fmt::Write as _;

/// Converts an AbstractPlay game record (JSON) into a PGR game.
///
/// The game is returned even when a move is illegal under our rules (which can
/// happen where AbstractPlay's implementation differs): check it with
/// the referee (`pacru_referee::check_game`). Only what cannot be read or
/// translated is an error. Never panics.
///
/// ```
/// use pacru_abstractplay::import;
/// use pacru_notation::pgr::write_game;
/// let json = r#"{"header": {"game": {"name": "Pacru"}, "site": {"name": "Abstract Play"},
///   "date-start": "2024-05-01T10:00:00.000Z", "date-end": "2024-05-02T10:00:00.000Z",
///   "date-generated": "2024-05-02T10:00:00.000Z",
///   "players": [{"name": "alice", "result": 1}, {"name": "bob", "result": 0}]},
///   "moves": [["E1-E2", "resign"]]}"#;
/// let game = import(json).unwrap();
/// assert_eq!(game.tags.get("Red"), Some("bob"));
/// assert_eq!(game.tags.get("Rules"), Some("2011"));
/// assert!(write_game(&game).ends_with("\n\n1. e1-e2 resign Black\n"));
/// ```
pub fn import(json: &str) -> Result<Game, ImportError> {
    let root: Value = serde_json::from_str(json).map_err(|e| ImportError::Json {
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })?;
    let root = as_object(&root, "$")?;
    let (header, header_path) = required(root, "header", "$")?;
    let header = as_object(header, &header_path)?;
    let (moves, _) = required(root, "moves", "$")?;

    let Header {
        mut tags,
        count,
        outcome,
        players_path,
    } = read_header(header, &header_path)?;

    let entries = read_entries(moves, count)?;
    let seats = seats(count, &entries);
    let seats_text: String = seats.iter().map(|s| s.letter()).collect();
    tags.set("Seats", &seats_text);
    tags.set("Rules", RULES.year());

    let colours: Vec<Colour> = (0..count).map(colour_of).collect();
    let start = Position::standard_with(&colours, &seats)
        .map(|p| p.with_rules(RULES))
        .map_err(|e| ImportError::Value {
            path: players_path.clone(),
            message: e.to_string(),
        })?;
    let mut game = Game::new();
    game.tags = tags;
    // The position while the replay agrees with the record; `None` after a move
    // that is illegal here (the referee reports it).
    let mut pos = Some(start);
    let mut ending: Option<(Ending, usize)> = None;
    for entry in &entries {
        let actor = colour_of(entry.seat);
        match &entry.mv {
            ApMove::Pass => {
                // A pass stands for a player who is out or blocked: the referee
                // removes blocked players itself. Only a pass where this player
                // could move is kept, for the referee to report.
                if let Some(p) = &pos
                    && !p.is_finished()
                    && p.to_move() == actor
                {
                    let mut pass = MoveEntry::pass();
                    pass.comments.push(format!(
                        "AbstractPlay: {actor} passes (blocked), but can move here"
                    ));
                    game.moves.push(pass);
                    pos = None;
                }
            }
            ApMove::End(end) => {
                let who = entry.named.unwrap_or(entry.seat);
                ending = Some((*end, who));
                // A resignation by the player to move is a move of the game.
                if *end == Ending::Resign
                    && let Some(p) = &mut pos
                    && !p.is_finished()
                    && p.to_move() == colour_of(who)
                {
                    p.play_unchecked(&Move::Resign);
                    game.moves.push(MoveEntry::new(Move::Resign));
                }
            }
            ApMove::Movement {
                from,
                to,
                pincer,
                items,
            } => {
                let orders = item_orders(items);
                let movement = |items: Items| {
                    Move::Movement(Movement {
                        from: *from,
                        to: *to,
                        pincer: *pincer,
                        items,
                    })
                };
                let first = movement(orders.first().cloned().unwrap_or(Items::NONE));
                let chosen = match &pos {
                    Some(p) => orders
                        .iter()
                        .map(|items| movement(items.clone()))
                        .find(|mv| p.validate(mv).is_ok())
                        .unwrap_or(first),
                    None => first,
                };
                play(&mut game, &mut pos, chosen, actor);
            }
            ApMove::Reorientation(r) => play(&mut game, &mut pos, Move::Reorientation(*r), actor),
        }
    }

    // The result: AbstractPlay's single winner; else what the rules say after a
    // resignation or timeout; `draw` for an agreed draw; else unknown.
    let rules_winner = pos.as_ref().and_then(Position::winner);
    let single = match outcome.winners.as_slice() {
        [w] => Some(colour_of(*w)),
        _ => None,
    };
    let (result, termination) = match ending {
        None => match single {
            Some(w) => (GameResult::Winner(w), Some("rules")),
            None => (GameResult::Unfinished, None),
        },
        Some((Ending::Draw, _)) => (GameResult::Draw, Some(Ending::Draw.termination())),
        Some((Ending::Abandoned, _)) => (
            GameResult::Unfinished,
            Some(Ending::Abandoned.termination()),
        ),
        Some((end, _)) => {
            let result = single
                .or(rules_winner)
                .map_or(GameResult::Unfinished, GameResult::Winner);
            (result, Some(end.termination()))
        }
    };
    if outcome.winners.len() > 1 {
        let mut note = String::from("AbstractPlay: ");
        if let Some((end, who)) = ending {
            let _ = write!(note, "{} ({}); ", end.word(), colour_of(who));
        }
        let _ = write!(note, "joint winners {}", colour_list(&outcome.winners));
        match game.moves.last_mut() {
            Some(last) => last.comments.push(note),
            None => game.leading_comments.push(note),
        }
    }
    game.set_result(result);
    if let Some(t) = termination {
        game.tags.set("Termination", t);
    }
    game.canonicalize();
    // The record must read back: a PGR game holds at most DEFAULT_MAX_GAME_BYTES.
    let size = write_game(&game).len();
    if u64::try_from(size).map_or(true, |size| size > DEFAULT_MAX_GAME_BYTES) {
        return Err(ImportError::Value {
            path: "$.moves".to_string(),
            message: format!(
                "{} entries make a record of {size} bytes, more than the {DEFAULT_MAX_GAME_BYTES} a PGR game may hold",
                entries.len()
            ),
        });
    }
    Ok(game)
}

/// Records `mv` (a movement or reorientation of `actor`) and replays it while the
/// replay agrees with the record.
fn play(game: &mut Game, pos: &mut Option<Position>, mv: Move, actor: Colour) {
    let mut entry = MoveEntry::new(mv.clone());
    if let Some(p) = pos {
        if !p.is_finished() && p.to_move() != actor {
            entry.comments.push(format!(
                "AbstractPlay: a move of {actor}, but {} is to move here",
                p.to_move()
            ));
        }
        if p.validate(&mv).is_ok() {
            p.play_unchecked(&mv);
        } else {
            *pos = None;
        }
    }
    game.moves.push(entry);
}

/// The orders of a movement's items worth trying, most likely first: AbstractPlay
/// keeps the items in the order they were clicked, where we write the crossing or
/// connection item first and the meeting field second; and it offers `*` on a
/// connection that changes no field, which we leave out.
fn item_orders(items: &[Item]) -> Vec<Items> {
    let mut star_first: Vec<Item> = items
        .iter()
        .copied()
        .filter(|i| *i == Item::Connection)
        .collect();
    star_first.extend(items.iter().copied().filter(|i| *i != Item::Connection));
    let mut orders = vec![Items::from_slice(&star_first)];
    if let [a, b] = star_first.as_slice() {
        orders.push(Items::two(*b, *a));
    }
    if star_first.first() == Some(&Item::Connection) {
        orders.push(Items::from_slice(&star_first[1..]));
    }
    orders
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn item_orders_put_the_star_first_and_try_both_orders() {
        let f = |s: &str| Item::Field(s.parse().unwrap());
        let orders = item_orders(&[f("d4"), Item::Connection]);
        assert_eq!(orders[0], Items::two(Item::Connection, f("d4")));
        assert_eq!(orders[1], Items::two(f("d4"), Item::Connection));
        assert_eq!(orders[2], Items::one(f("d4")));
        assert_eq!(item_orders(&[]), vec![Items::NONE]);
    }
}
