//! For events of up to 8 players, every round's pairing has as few repeat
//! meetings as an exhaustive search over all pairings finds.

mod common;

use common::{pair_checked, play, repeats};
use pacru_core::SplitMix64;
use pacru_pairing::{History, Round, Settings, Uneven};

/// Repeat meetings of a set of tables.
fn repeats_of(history: &History, tables: &[Vec<usize>]) -> usize {
    repeats(
        history,
        &Round {
            tables: tables.to_vec(),
            byes: Vec::new(),
        },
    )
}

/// The fewest repeat meetings over every way to seat `players` at tables of
/// the sizes in `sizes` (a multiset).
fn fewest(history: &History, players: &[usize], sizes: &mut Vec<usize>) -> usize {
    let Some((&first, rest)) = players.split_first() else {
        return 0;
    };
    let mut best = usize::MAX;
    let mut distinct = sizes.clone();
    distinct.sort_unstable();
    distinct.dedup();
    for size in distinct {
        let at = sizes.iter().position(|&s| s == size).unwrap();
        sizes.remove(at);
        for others in combinations(rest, size - 1) {
            let mut table = vec![first];
            table.extend(&others);
            let left: Vec<usize> = rest
                .iter()
                .copied()
                .filter(|p| !others.contains(p))
                .collect();
            let cost = repeats_of(history, &[table]) + fewest(history, &left, sizes);
            best = best.min(cost);
        }
        sizes.insert(at, size);
    }
    best
}

fn combinations(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &x) in items.iter().enumerate() {
        for mut rest in combinations(&items[i + 1..], k - 1) {
            rest.insert(0, x);
            out.push(rest);
        }
    }
    out
}

/// Compares every round of `events` random events with the exhaustive search:
/// returns the rounds compared and those where repeats could not be avoided.
fn compare(players: usize, settings: Settings, rounds: usize, events: u64) -> (usize, usize) {
    let (mut compared, mut forced) = (0, 0);
    for seed in 0..events {
        let mut rng = SplitMix64::new(seed * 31 + players as u64);
        let mut history = History::new(players);
        for round_number in 1..=rounds {
            let round = pair_checked(&history, &settings);
            let got = repeats(&history, &round);
            let best = if settings.table_size == 2 {
                fewest_two(&history)
            } else {
                let playing: Vec<usize> = round.tables.iter().flatten().copied().collect();
                let mut sizes: Vec<usize> = round.tables.iter().map(Vec::len).collect();
                let mut playing = playing;
                playing.sort_unstable();
                fewest(&history, &playing, &mut sizes)
            };
            assert_eq!(
                got, best,
                "{players} players, {} a table, event {seed}, round {round_number}: {round:?}",
                settings.table_size
            );
            compared += 1;
            forced += usize::from(best > 0);
            play(&mut history, &round, settings.table_size, &mut rng);
        }
    }
    (compared, forced)
}

/// With 2 a table: the fewest rematches over every bye allowed (a player with
/// the fewest byes) and every pairing of the others.
fn fewest_two(history: &History) -> usize {
    let active: Vec<usize> = (0..history.len())
        .filter(|&p| history.entrant(p).active)
        .collect();
    let byes: Vec<Option<usize>> = if active.len().is_multiple_of(2) {
        vec![None]
    } else {
        let min = active
            .iter()
            .map(|&p| history.entrant(p).byes)
            .min()
            .unwrap();
        active
            .iter()
            .copied()
            .filter(|&p| history.entrant(p).byes == min)
            .map(Some)
            .collect()
    };
    byes.into_iter()
        .map(|bye| {
            let rest: Vec<usize> = active.iter().copied().filter(|&p| Some(p) != bye).collect();
            let mut sizes = vec![2; rest.len() / 2];
            fewest(history, &rest, &mut sizes)
        })
        .min()
        .unwrap()
}

#[test]
fn two_a_table_matches_the_exhaustive_search() {
    let mut total = (0, 0);
    for players in 4..=8 {
        let (c, f) = compare(players, Settings::swiss(2), 9, 6);
        total = (total.0 + c, total.1 + f);
    }
    eprintln!(
        "2 a table, 4 to 8 players: {} rounds compared, {} with rematches forced",
        total.0, total.1
    );
    assert!(
        total.1 > 0,
        "the comparison covers rounds where rematches are forced"
    );
}

#[test]
fn three_and_four_a_table_match_the_exhaustive_search() {
    let mut total = (0, 0);
    for table_size in [3, 4] {
        for uneven in [Uneven::Byes, Uneven::Mixed] {
            for players in 6..=8 {
                let settings = Settings {
                    uneven,
                    ..Settings::swiss(table_size)
                };
                let (c, f) = compare(players, settings, 7, 6);
                total = (total.0 + c, total.1 + f);
            }
        }
    }
    eprintln!(
        "3 and 4 a table, 6 to 8 players: {} rounds compared, {} with repeats forced",
        total.0, total.1
    );
    assert!(
        total.1 > 0,
        "the comparison covers rounds where repeats are forced"
    );
}
