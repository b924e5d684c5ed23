//! For events of up to 8 players (10 for the seat rule), every round's pairing
//! has as few repeat meetings as an exhaustive search over all pairings finds;
//! with 2 a table, it also keeps the seat rule as well as any pairing can.

mod common;

use common::{pair_checked, play, repeats};
use pacru_core::SplitMix64;
use pacru_pairing::{History, Round, Seating, Settings, Uneven};

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

/// How far `seats`, a 2-a-table player's seats after a round, keep the seat
/// rule: 0 kept (first and second seats at most 1 apart, never one seat three
/// times in a row), 1 its fallback (2 apart), 2 broken.
fn seat_level(seats: &[Seating]) -> u32 {
    let n = seats.len();
    if n >= 3 && seats[n - 3..].iter().all(|s| s.seat == seats[n - 1].seat) {
        return 2;
    }
    let first = seats.iter().filter(|s| s.seat == 0).count() as i64;
    match (2 * first - n as i64).abs() {
        0 | 1 => 0,
        2 => 1,
        _ => 2,
    }
}

/// The seat level (see [`seat_level`]) of `player` after a game in `seat`.
fn level_after(history: &History, player: usize, seat: u8) -> u32 {
    let mut seats = history.entrant(player).seats.clone();
    seats.push(Seating {
        seat,
        table_size: 2,
    });
    seat_level(&seats)
}

/// The best (rematches, seat level) over every pairing of `players`, each
/// table seated as best it can be.
fn best_two(history: &History, players: &[usize]) -> (usize, u32) {
    let Some((&a, rest)) = players.split_first() else {
        return (0, 0);
    };
    let mut best = (usize::MAX, u32::MAX);
    for (i, &b) in rest.iter().enumerate() {
        let table = [0, 1]
            .map(|s| level_after(history, a, s).max(level_after(history, b, 1 - s)))
            .into_iter()
            .min()
            .unwrap();
        let others: Vec<usize> = rest
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &p)| p)
            .collect();
        let (r, l) = best_two(history, &others);
        let key = (r + usize::from(history.meetings(a, b) > 0), l.max(table));
        best = best.min(key);
    }
    best
}

#[test]
fn two_a_table_keeps_the_seat_rule_as_well_as_the_exhaustive_search() {
    // Among the pairings with the fewest rematches, the seat rule kept if any
    // pairing keeps it, else its fallback: nobody one seat three times in a
    // row, first and second seats at most 2 apart.
    let (mut compared, mut fallback) = (0, 0);
    for players in 4..=10 {
        for seed in 0..40 {
            let mut rng = SplitMix64::new(seed * 131 + players as u64);
            let mut history = History::new(players);
            for round_number in 1..=9 {
                let round = pair_checked(&history, &Settings::swiss(2));
                let got_level = round
                    .tables
                    .iter()
                    .flat_map(|t| {
                        let h = &history;
                        [level_after(h, t[0], 0), level_after(h, t[1], 1)]
                    })
                    .max()
                    .unwrap_or(0);
                let got = (repeats(&history, &round), got_level);
                let fewest = (0..players).map(|p| history.entrant(p).byes).min();
                let byes: Vec<Option<usize>> = if players.is_multiple_of(2) {
                    vec![None]
                } else {
                    (0..players)
                        .filter(|&p| Some(history.entrant(p).byes) == fewest)
                        .map(Some)
                        .collect()
                };
                let best = byes
                    .into_iter()
                    .map(|bye| {
                        let rest: Vec<usize> = (0..players).filter(|&p| Some(p) != bye).collect();
                        best_two(&history, &rest)
                    })
                    .min()
                    .unwrap();
                if best.0 == 0 {
                    assert_eq!(
                        got, best,
                        "{players} players, event {seed}, round {round_number}: {round:?}"
                    );
                    compared += 1;
                    fallback += usize::from(best.1 == 1);
                }
                play(&mut history, &round, 2, &mut rng);
            }
        }
    }
    eprintln!(
        "2 a table, 4 to 10 players: {compared} rounds without rematches compared, \
         {fallback} needing the seat rule's fallback"
    );
    assert!(fallback > 0, "the comparison covers the fallback");
}
