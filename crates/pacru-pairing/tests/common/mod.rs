//! What the simulation and exhaustive tests share: an event run on random
//! results drawn from the core's `SplitMix64`.

#![allow(dead_code)]

use pacru_core::SplitMix64;
use pacru_pairing::{History, Outcome, Round, Score, Settings, average_bye, pair_round};

/// A random result for a table of `seats`: a draw among all one time in ten,
/// else a winner at random.
pub fn random_outcome(rng: &mut SplitMix64, seats: usize) -> Outcome {
    if rng.below(10) == 0 {
        Outcome::Draw((0..seats).collect())
    } else {
        Outcome::Win(rng.below(seats as u64) as usize)
    }
}

/// Plays `round` into `history` with random results; byes are worth the
/// average at a table of one game.
pub fn play(history: &mut History, round: &Round, table_size: usize, rng: &mut SplitMix64) {
    let bye = average_bye(table_size, 1).unwrap_or(Score::ZERO);
    for table in &round.tables {
        let outcome = random_outcome(rng, table.len());
        for (seat, points) in outcome.points(table.len()).into_iter().enumerate() {
            history.add_points(table[seat], points);
        }
        history.add_table(table);
    }
    for &b in &round.byes {
        history.add_bye(b, bye);
    }
}

/// Pairs within `table`s that have met before, in `history`.
pub fn repeats(history: &History, round: &Round) -> usize {
    round
        .tables
        .iter()
        .map(|t| {
            (0..t.len())
                .flat_map(|i| (i + 1..t.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| history.meetings(t[i], t[j]) > 0)
                .count()
        })
        .sum()
}

/// Pairs a round, checking that every active player is at one table or has a
/// bye, and nobody twice.
pub fn pair_checked(history: &History, settings: &Settings) -> Round {
    let round = pair_round(history, settings).unwrap();
    let mut seen: Vec<usize> = round.tables.iter().flatten().copied().collect();
    seen.extend(&round.byes);
    seen.sort_unstable();
    let active: Vec<usize> = (0..history.len())
        .filter(|&p| history.entrant(p).active)
        .collect();
    assert_eq!(seen, active, "every active player once: {round:?}");
    round
}
