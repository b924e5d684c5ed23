//! Rewards: what a position is worth to each player, between 0 and 1.

use pacru_core::{Position, Status};
use std::sync::LazyLock;

/// One reward per slot in order of play (slots beyond the players stay 0).
pub type Rewards = [f32; 4];

/// What a chevron is worth, in fields: losing chevrons costs mobility and, with the
/// last one, the game.
const CHEVRON_WEIGHT: u32 = 3;

/// How many fields of lead make a player about e (2.7) times as likely to win as
/// an even rival, in the softmax below.
const TEMPERATURE: f32 = 5.0;

/// The largest value a player can have: every field, and a chevron on each.
const MAX_VALUE: u32 = 81 + CHEVRON_WEIGHT * 81;

/// `e^(-deficit / TEMPERATURE)`, the unnormalised share of a player `deficit`
/// points behind the leader, for every deficit a position can have. Values are
/// whole numbers, so the softmax needs no other powers of e: the table is the
/// softmax's one `exp` call per player worked out once (the call was a third
/// of `rewards`, itself a fifth of a search's time).
static SHARES: LazyLock<[f32; MAX_VALUE as usize + 1]> =
    LazyLock::new(|| std::array::from_fn(|deficit| share_behind(deficit as u32)));

/// `e^(-deficit / TEMPERATURE)`, computed.
fn share_behind(deficit: u32) -> f32 {
    (-(deficit as f32) / TEMPERATURE).exp()
}

/// What `position` is worth to each player. A finished game gives 1 to the winner
/// and 0 to everyone else (0 to all without a winner). Otherwise each player still
/// in the game gets a share of 1 by a softmax over their fields plus
/// 3 per chevron (at a temperature of 5 fields), so the shares sum to 1; players
/// who are out get 0.
pub fn rewards(position: &Position) -> Rewards {
    let mut out = [0.0f32; 4];
    let players = position.players();
    if position.is_finished() {
        if let Status::Won { winner, .. } = position.status()
            && let Some(slot) = players.slot_of(winner)
        {
            out[slot] = 1.0;
        }
        return out;
    }
    // Each player's value (fields + 3 per chevron), `None` for players who are out.
    let mut values = [None; 4];
    let mut best = 0;
    for (value, tally) in values.iter_mut().zip(position.tallies()) {
        if tally.chevrons == 0 {
            continue;
        }
        let v = tally.fields + CHEVRON_WEIGHT * tally.chevrons;
        *value = Some(v);
        best = best.max(v);
    }
    let shares = &*SHARES;
    let mut total = 0.0;
    for (reward, value) in out.iter_mut().zip(values) {
        if let Some(v) = value {
            *reward = shares[(best - v) as usize];
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

    /// The rewards as first written: the softmax over values in `f32`, one
    /// `exp` a player, `status` asked first.
    fn rewards_with_exp(position: &Position) -> Rewards {
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
        for (slot, colour) in players.iter().enumerate() {
            let chevrons = position.chevrons_of(colour).count();
            if chevrons == 0 {
                continue;
            }
            let value = position.field_count(colour) as f32 + 3.0 * chevrons as f32;
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

    /// The table gives, bit for bit, what the softmax's `exp` gives, so the
    /// search's answers do not change with it: along random games of 2, 3 and 4
    /// players to their end, and for every deficit the table holds.
    #[test]
    fn the_table_of_shares_equals_the_softmax_bit_for_bit() {
        for deficit in 0..=MAX_VALUE {
            let (value, best) = (0.0f32, deficit as f32);
            let computed = ((value - best) / TEMPERATURE).exp();
            assert_eq!(
                SHARES[deficit as usize].to_bits(),
                computed.to_bits(),
                "{deficit}"
            );
        }
        let mut rng = pacru_core::SplitMix64::new(3);
        let mut finished = 0;
        for game in 0..60 {
            let mut pos = Position::standard(2 + game % 3).unwrap();
            loop {
                let (fast, slow) = (rewards(&pos), rewards_with_exp(&pos));
                assert_eq!(fast.map(f32::to_bits), slow.map(f32::to_bits), "{pos}");
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                pos.play_unchecked(&mv);
            }
            finished += usize::from(pos.is_finished());
        }
        assert_eq!(finished, 60);
    }
}
