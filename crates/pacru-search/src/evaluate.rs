//! Rewards: what a position is worth to each player, between 0 and 1.

use pacru_core::{Position, Status};

/// One reward per slot in order of play (slots beyond the players stay 0).
pub type Rewards = [f32; 4];

/// What a chevron is worth, in fields: losing chevrons costs mobility and, with the
/// last one, the game.
const CHEVRON_WEIGHT: f32 = 3.0;

/// How many fields of lead make a player about e (2.7) times as likely to win as
/// an even rival, in the softmax below.
const TEMPERATURE: f32 = 5.0;

/// What `position` is worth to each player. A finished game gives 1 to the winner
/// and 0 to everyone else (0 to all without a winner). Otherwise each player still
/// in the game gets a share of 1 by a softmax over their fields plus
/// 3 per chevron (at a temperature of 5 fields), so the shares sum to 1; players
/// who are out get 0.
pub fn rewards(position: &Position) -> Rewards {
    let mut out = [0.0f32; 4];
    let players = position.players();
    match position.status() {
        Status::Won { winner, .. } => {
            if let Some(slot) = players.slot_of(winner) {
                out[slot] = 1.0;
            }
            return out;
        }
        Status::NoWinner => return out,
        Status::Ongoing => {}
    }
    let mut values = [f32::NEG_INFINITY; 4];
    let mut best = f32::NEG_INFINITY;
    for (slot, colour) in players.iter().enumerate().take(4) {
        let chevrons = position.chevrons_of(colour).count();
        if chevrons == 0 {
            continue;
        }
        let value = position.field_count(colour) as f32 + CHEVRON_WEIGHT * chevrons as f32;
        values[slot] = value;
        best = best.max(value);
    }
    let mut total = 0.0;
    for (reward, value) in out.iter_mut().zip(values) {
        if value.is_finite() {
            *reward = ((value - best) / TEMPERATURE).exp();
            total += *reward;
        }
    }
    if total > 0.0 {
        for reward in &mut out {
            *reward /= total;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_even_and_shares_sum_to_one() {
        for players in 2..=4 {
            let r = rewards(&Position::standard(players).unwrap());
            let sum: f32 = r.iter().sum();
            assert!((sum - 1.0).abs() < 1e-5);
            for (slot, reward) in r.iter().enumerate() {
                let expected = if slot < players {
                    1.0 / players as f32
                } else {
                    0.0
                };
                assert!((reward - expected).abs() < 1e-5, "{r:?}");
            }
        }
    }
}
