//! Who made each move of a record, for the writer's round numbers.

use super::Game;

/// The slot (in order of play) of the mover of each entry of `game` (`None` for
/// `pass`), for round numbers. Replays the game; from a move that cannot be
/// played on (illegal, or no start position), movers are assumed to follow the
/// order of play cyclically, starting with the player to move at that point
/// (the first player when the tags give no start position).
pub(super) fn replay_movers(game: &Game) -> Vec<Option<usize>> {
    let mut movers = Vec::with_capacity(game.moves.len());
    let start = game.start_position().ok();
    let count = match &start {
        Some(pos) => pos.players().len(),
        None => game.players().map_or(2, |p| p.len()),
    };
    let mut pos = start;
    let mut next_slot = pos
        .as_ref()
        .and_then(|p| p.players().slot_of(p.to_move()))
        .unwrap_or(0);
    for entry in &game.moves {
        let Some(mv) = &entry.mv else {
            movers.push(None);
            continue;
        };
        if let Some(p) = &mut pos {
            let slot = p.players().slot_of(p.to_move()).unwrap_or(0);
            if p.validate(mv).is_ok() {
                p.play_unchecked(mv);
                movers.push(Some(slot));
                continue;
            }
            next_slot = slot;
            pos = None;
        }
        movers.push(Some(next_slot));
        next_slot = (next_slot + 1) % count.max(1);
    }
    movers
}
