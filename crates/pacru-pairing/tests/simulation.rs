//! Simulated events with random results: no avoidable rematch, seats even,
//! byes fair. The figures printed (`cargo test -p pacru-pairing --test
//! simulation -- --nocapture`) are those of `docs/events.md`.

mod common;

use common::{Rng, pair_checked, play, repeats};
use pacru_pairing::{History, Round, Settings, Uneven};

/// What went wrong in simulated events, and how close in score the tables were.
#[derive(Default, Debug)]
struct Figures {
    events: usize,
    rounds: usize,
    tables: usize,
    repeats: usize,
    seat_problems: usize,
    bye_problems: usize,
    byes: usize,
    /// Sum over tables of (highest - lowest) points at the table, in twelfths.
    score_gap: u64,
}

/// Players whose seats are out of line after the round: with 2 a table, first
/// and second seats more than 1 apart or one seat three times in a row; with 3
/// or 4, two seat counts more than 1 apart or first seats more than one away
/// from an even share.
fn seat_problems(history: &History, table_size: usize) -> usize {
    history
        .entrants()
        .iter()
        .filter(|e| {
            let k = table_size;
            let mut counts = [0i64; 4];
            for &s in &e.seats {
                counts[usize::from(s)] += 1;
            }
            let counts = &counts[..k];
            let games: i64 = counts.iter().sum();
            let spread = counts.iter().max().unwrap() - counts.iter().min().unwrap();
            let first_off = (k as i64 * counts[0] - games).abs() >= k as i64;
            let three_in_a_row = k == 2
                && e.seats.len() >= 3
                && e.seats[e.seats.len() - 3..]
                    .iter()
                    .all(|&s| s == e.seats[e.seats.len() - 1]);
            spread > 1 || first_off || three_in_a_row
        })
        .count()
}

/// Byes given to a player while another active player had fewer.
fn bye_problems(history: &History, round: &Round) -> usize {
    let playing_min = round
        .tables
        .iter()
        .flatten()
        .map(|&p| history.entrant(p).byes)
        .min()
        .unwrap_or(u32::MAX);
    round
        .byes
        .iter()
        .filter(|&&b| history.entrant(b).byes > playing_min)
        .count()
}

fn simulate(players: usize, settings: Settings, rounds: usize, events: usize) -> Figures {
    let mut f = Figures {
        events,
        ..Figures::default()
    };
    for seed in 0..events as u64 {
        let mut rng = Rng(seed * 7919 + players as u64);
        let mut history = History::new(players);
        for _ in 0..rounds {
            let round = pair_checked(&history, &settings);
            f.rounds += 1;
            f.tables += round.tables.len();
            f.byes += round.byes.len();
            f.repeats += repeats(&history, &round);
            f.bye_problems += bye_problems(&history, &round);
            for t in &round.tables {
                let points: Vec<u32> = t
                    .iter()
                    .map(|&p| history.entrant(p).points.twelfths())
                    .collect();
                f.score_gap +=
                    u64::from(points.iter().max().unwrap() - points.iter().min().unwrap());
            }
            play(&mut history, &round, settings.table_size, &mut rng);
            f.seat_problems += seat_problems(&history, settings.table_size);
        }
    }
    eprintln!(
        "{players} players, {} a table{}, {rounds} rounds, {} events: {} tables, {} byes; \
repeat meetings {}, seats out of line {}, unfair byes {}; mean score gap at a table {:.3} points",
        settings.table_size,
        if settings.uneven == Uneven::Mixed {
            " (mixed)"
        } else {
            ""
        },
        f.events,
        f.tables,
        f.byes,
        f.repeats,
        f.seat_problems,
        f.bye_problems,
        f.score_gap as f64 / 12.0 / f.tables as f64
    );
    f
}

fn assert_clean(f: &Figures) {
    assert_eq!(f.repeats, 0, "{f:?}");
    assert_eq!(f.seat_problems, 0, "{f:?}");
    assert_eq!(f.bye_problems, 0, "{f:?}");
}

#[test]
fn forty_players_nine_rounds_two_a_table() {
    assert_clean(&simulate(40, Settings::swiss(2), 9, 10));
}

#[test]
fn odd_numbers_of_two_a_table_give_fair_byes() {
    let f = simulate(41, Settings::swiss(2), 9, 5);
    assert_clean(&f);
    assert_eq!(f.byes, 9 * 5);
}

#[test]
fn thirty_six_players_seven_rounds_three_a_table() {
    assert_clean(&simulate(36, Settings::swiss(3), 7, 10));
}

#[test]
fn forty_players_seven_rounds_four_a_table() {
    assert_clean(&simulate(40, Settings::swiss(4), 7, 10));
}

#[test]
fn numbers_that_do_not_divide() {
    let f = simulate(38, Settings::swiss(4), 7, 4);
    assert_eq!((f.repeats, f.bye_problems), (0, 0), "{f:?}");
    assert_eq!(f.byes, 2 * 7 * 4);
    let mixed = Settings {
        uneven: Uneven::Mixed,
        ..Settings::swiss(4)
    };
    let f = simulate(38, mixed, 7, 4);
    assert_eq!((f.repeats, f.byes), (0, 0), "{f:?}");
    let f = simulate(37, Settings::swiss(3), 7, 4);
    assert_eq!((f.repeats, f.bye_problems), (0, 0), "{f:?}");
}
