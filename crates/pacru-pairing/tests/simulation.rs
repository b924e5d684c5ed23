//! Simulated events with random results: no avoidable rematch, seats even,
//! byes fair. The figures printed (`cargo test -p pacru-pairing --test
//! simulation -- --nocapture`) are those of `docs/events.md`.

mod common;

use common::{pair_checked, play, repeats};
use pacru_core::SplitMix64;
use pacru_pairing::{History, Round, Seating, Settings, Uneven};

/// What went wrong in simulated events, and how close in score the tables were.
#[derive(Default, Debug)]
struct Figures {
    events: usize,
    rounds: usize,
    tables: usize,
    repeats: usize,
    /// Players out of line after a round, summed over the rounds.
    seat_problems: usize,
    /// Those of them whom no seating of the round's tables could have kept in
    /// line (see [`fewest_out_of_line`]), given the rounds before.
    seat_problems_forced: usize,
    /// With 2 a table, players with the absolute seat rule broken after a
    /// round, summed over the rounds.
    absolute_broken: usize,
    bye_problems: usize,
    byes: usize,
    /// Sum over tables of (highest - lowest) points at the table, in twelfths.
    score_gap: u64,
}

/// Whether a player who sat at `seats` is out of line: a seat's count a whole
/// game or more from its even share (a game at a table of `k` owes each of its
/// `k` seats `1/k`: with one table size, two seat counts more than 1 apart).
fn out_of_line(seats: &[Seating]) -> bool {
    // In twelfths of a game.
    let mut deviation = [0i64; 4];
    for s in seats {
        let k = usize::from(s.table_size);
        for d in &mut deviation[..k] {
            *d -= 12 / k as i64;
        }
        deviation[usize::from(s.seat)] += 12;
    }
    deviation.iter().any(|d| d.abs() >= 12)
}

/// Whether a player of a 2-player event who sat at `seats` has had the
/// absolute seat rule broken: one seat three times in a row, or first and
/// second seats 3 or more apart.
fn breaks_absolute_rule(seats: &[Seating]) -> bool {
    let difference: i64 = seats.iter().map(|s| if s.seat == 0 { 1 } else { -1 }).sum();
    let three_in_a_row = seats
        .windows(3)
        .any(|w| w[0].seat == w[1].seat && w[1].seat == w[2].seat);
    difference.abs() >= 3 || three_in_a_row
}

/// The fewest players of `round` who can be out of line after it, whoever sits
/// at which of its tables: its seats (of each table size) are slots, each
/// player fits the slots that keep them in line, and those a maximum matching
/// cannot place must take a slot that does not.
fn fewest_out_of_line(history: &History, round: &Round) -> usize {
    let slots: Vec<Seating> = round
        .tables
        .iter()
        .flat_map(|t| {
            (0..t.len()).map(|seat| Seating {
                seat: seat as u8,
                table_size: t.len() as u8,
            })
        })
        .collect();
    let players: Vec<usize> = round.tables.iter().flatten().copied().collect();
    let fits: Vec<Vec<usize>> = players
        .iter()
        .map(|&p| {
            (0..slots.len())
                .filter(|&i| {
                    let mut seats = history.entrant(p).seats.clone();
                    seats.push(slots[i]);
                    !out_of_line(&seats)
                })
                .collect()
        })
        .collect();
    // Kuhn's augmenting paths.
    fn place(
        p: usize,
        fits: &[Vec<usize>],
        holder: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for &slot in &fits[p] {
            if !seen[slot] {
                seen[slot] = true;
                if holder[slot].is_none_or(|q| place(q, fits, holder, seen)) {
                    holder[slot] = Some(p);
                    return true;
                }
            }
        }
        false
    }
    let mut holder = vec![None; slots.len()];
    let placed = (0..players.len())
        .filter(|&p| place(p, &fits, &mut holder, &mut vec![false; slots.len()]))
        .count();
    players.len() - placed
}

/// Players of `players` out of line.
fn count_out_of_line(history: &History, players: impl Iterator<Item = usize>) -> usize {
    players
        .filter(|&p| out_of_line(&history.entrant(p).seats))
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
        let mut rng = SplitMix64::new(seed * 7919 + players as u64);
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
            let forced = fewest_out_of_line(&history, &round)
                + count_out_of_line(&history, round.byes.iter().copied());
            play(&mut history, &round, settings.table_size, &mut rng);
            f.seat_problems += count_out_of_line(&history, 0..players);
            f.seat_problems_forced += forced;
            if settings.table_size == 2 {
                f.absolute_broken += (0..players)
                    .filter(|&p| breaks_absolute_rule(&history.entrant(p).seats))
                    .count();
            }
        }
    }
    eprintln!(
        "{players} players, {} a table{}, {rounds} rounds, {} events: {} tables, {} byes; \
repeat meetings {}, seats out of line {} (unavoidable {}), absolute seat rule broken {}, unfair byes {}; mean score gap at a table {:.3} points",
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
        f.seat_problems_forced,
        f.absolute_broken,
        f.bye_problems,
        f.score_gap as f64 / 12.0 / f.tables as f64
    );
    f
}

/// With 2 a table: no repeat meeting, no unfair bye, the absolute seat rule
/// never broken, and nobody's first and second seats more than 1 apart.
fn assert_fair_two(f: &Figures) {
    assert_eq!(f.repeats, 0, "{f:?}");
    assert_eq!(f.bye_problems, 0, "{f:?}");
    assert_eq!(f.absolute_broken, 0, "{f:?}");
    assert_eq!(f.seat_problems, 0, "{f:?}");
}

/// With 3 or 4 a table: no repeat meeting, no unfair bye, nobody's seats out
/// of line where a seating of the round could have kept them in line.
fn assert_fair(f: &Figures) {
    assert_eq!(f.repeats, 0, "{f:?}");
    assert_eq!(f.seat_problems, f.seat_problems_forced, "{f:?}");
    assert_eq!(f.bye_problems, 0, "{f:?}");
}

/// [`assert_fair`], and nobody's seats out of line at all.
fn assert_clean(f: &Figures) {
    assert_fair(f);
    assert_eq!(f.seat_problems, 0, "{f:?}");
}

#[test]
fn forty_players_nine_rounds_two_a_table() {
    assert_fair_two(&simulate(40, Settings::swiss(2), 9, 10));
}

#[test]
fn odd_numbers_of_two_a_table_give_fair_byes() {
    let f = simulate(41, Settings::swiss(2), 9, 5);
    assert_fair_two(&f);
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
    // Byes put players out of step: now and then the rounds before leave
    // more players needing one seat than the round has tables.
    let f = simulate(38, Settings::swiss(4), 7, 10);
    assert_fair(&f);
    assert!(f.seat_problems * 100 <= f.tables, "{f:?}");
    assert_eq!(f.byes, 2 * 7 * 10);
    let mixed = Settings {
        uneven: Uneven::Mixed,
        ..Settings::swiss(4)
    };
    let f = simulate(38, mixed, 7, 10);
    assert_clean(&f);
    assert_eq!(f.byes, 0);
    let f = simulate(37, Settings::swiss(3), 7, 10);
    assert_fair(&f);
    assert!(f.seat_problems * 100 <= f.tables, "{f:?}");
    assert_eq!(f.byes, 7 * 10);
    let mixed = Settings {
        uneven: Uneven::Mixed,
        ..Settings::swiss(3)
    };
    let f = simulate(37, mixed, 7, 10);
    assert_clean(&f);
    assert_eq!(f.byes, 0);
}
