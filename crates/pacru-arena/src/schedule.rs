//! Who plays whom: round-robin, gauntlet, Swiss and plain matches, with the order
//! of play rotated inside each table.

use pacru_pairing::{History, Settings, pair_round};
use serde::{Deserialize, Serialize};

/// The kind of event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "system", rename_all = "kebab-case")]
pub enum System {
    /// All engines at one table for a fixed number of games.
    Match {
        /// The number of games.
        games: u32,
    },
    /// Every group of `players` engines meets once per round.
    RoundRobin,
    /// The first `seeds` engines each meet every group of `players - 1` others.
    Gauntlet {
        /// How many engines run the gauntlet.
        seeds: usize,
    },
    /// Rounds paired from the standings (2 players) or balanced tables (3-4).
    Swiss,
}

impl System {
    /// `match`, `round-robin`, `gauntlet` or `swiss`.
    pub fn name(&self) -> &'static str {
        match self {
            System::Match { .. } => "match",
            System::RoundRobin => "round-robin",
            System::Gauntlet { .. } => "gauntlet",
            System::Swiss => "swiss",
        }
    }
}

/// One game of the schedule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The game's number in the event, from 1.
    pub game: u64,
    /// The round, from 1.
    pub round: u32,
    /// The `Round` tag of the record, e.g. `2.5` (round 2, its fifth game).
    pub label: String,
    /// The engines (indices into the event's engine list) in order of play.
    pub engines: Vec<usize>,
    /// The index of the opening.
    pub opening: usize,
}

/// The games a table plays: one per rotation of its order of play, so each engine
/// plays each position in the order of play once, all from the same opening.
fn table_games(table: &[usize]) -> Vec<Vec<usize>> {
    (0..table.len())
        .map(|r| {
            let mut t = table.to_vec();
            t.rotate_left(r);
            t
        })
        .collect()
}

/// All `k`-element subsets of `items`, in lexicographic order.
fn combinations(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(k);
    fn go(
        items: &[usize],
        k: usize,
        start: usize,
        cur: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..items.len() {
            if items.len() - i < k - cur.len() {
                break;
            }
            cur.push(items[i]);
            go(items, k, i + 1, cur, out);
            cur.pop();
        }
    }
    go(items, k, 0, &mut current, &mut out);
    out
}

/// The tables of one round of a fixed schedule (none for Swiss).
fn tables_for(system: System, engines: usize, players: usize) -> Vec<Vec<usize>> {
    let all: Vec<usize> = (0..engines).collect();
    match system {
        System::Match { .. } => vec![all],
        System::RoundRobin => combinations(&all, players),
        System::Gauntlet { seeds } => {
            let seeds = seeds.min(engines);
            let others: Vec<usize> = (seeds..engines).collect();
            let mut tables = Vec::new();
            for s in 0..seeds {
                for group in combinations(&others, players - 1) {
                    let mut t = vec![s];
                    t.extend(group);
                    tables.push(t);
                }
            }
            tables
        }
        System::Swiss => Vec::new(),
    }
}

/// The whole schedule of a match, round-robin or gauntlet (not Swiss, whose rounds
/// depend on results): `rounds` repetitions; each table plays one game per
/// rotation of its order of play with one opening, the openings taken in turn.
pub fn fixed_schedule(
    system: System,
    engines: usize,
    players: usize,
    rounds: u32,
    openings: usize,
) -> Vec<Pairing> {
    let openings = openings.max(1);
    let mut out = Vec::new();
    let mut game = 0u64;
    if let System::Match { games } = system {
        let rotations = table_games(&(0..engines).collect::<Vec<_>>());
        for k in 0..games as usize {
            game += 1;
            out.push(Pairing {
                game,
                round: 1,
                label: (k + 1).to_string(),
                engines: rotations[k % rotations.len()].clone(),
                opening: (k / rotations.len()) % openings,
            });
        }
        return out;
    }
    let tables = tables_for(system, engines, players);
    let mut encounter = 0usize;
    for round in 1..=rounds {
        let mut in_round = 0;
        for table in &tables {
            for order in table_games(table) {
                game += 1;
                in_round += 1;
                out.push(Pairing {
                    game,
                    round,
                    label: format!("{round}.{in_round}"),
                    engines: order,
                    opening: encounter % openings,
                });
            }
            encounter += 1;
        }
    }
    out
}

/// The most games an event may have. Its schedule is made whole before the
/// first game and kept in memory (about a hundred bytes a game), and its
/// records and standings are rewritten after every game, so an event of a
/// billion games would run out of memory before it began.
pub const MAX_GAMES: u64 = 1_000_000;

/// The number of games a fixed schedule or a Swiss event will have, counted
/// without making the schedule (so that a huge event costs nothing to count;
/// `u64::MAX` when the count does not fit).
pub fn total_games(system: System, engines: usize, players: usize, rounds: u32) -> u64 {
    let tables_games: u128 = match system {
        System::Match { games } => return u64::from(games),
        System::RoundRobin => binomial(engines, players).saturating_mul(players as u128),
        System::Gauntlet { seeds } => {
            let seeds = seeds.min(engines);
            (seeds as u128)
                .saturating_mul(binomial(engines - seeds, players.saturating_sub(1)))
                .saturating_mul(players as u128)
        }
        System::Swiss => match engines.checked_div(players) {
            Some(tables) => (tables as u128).saturating_mul(players as u128),
            None => 0,
        },
    };
    u64::try_from(tables_games.saturating_mul(u128::from(rounds))).unwrap_or(u64::MAX)
}

/// The number of `k`-element subsets of `n` items (saturating).
fn binomial(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    let (n, k) = (n as u128, k.min(n - k) as u128);
    let mut r: u128 = 1;
    for i in 0..k {
        // r * (n - i) / (i + 1) is C(n, i + 1), a whole number.
        r = match r.checked_mul(n - i) {
            Some(product) => product / (i + 1),
            None => return u128::MAX,
        };
    }
    r
}

/// The tables and byes of the next Swiss round, by the rules `pacru event`
/// pairs people with (`pacru_pairing::pair_round`, documented in
/// `docs/events.md`); the engines are seeded in the order of the engine list.
/// A table's order is its first rotation; every rotation is played.
///
/// Two players: engines ranked by points (then by their place in the engine
/// list); with an odd number, the lowest ranked engine among those with the
/// fewest byes sits out; then each engine, from the top, meets the highest
/// ranked engine it has not met that still lets the others be paired without
/// a rematch (a maximum matching decides), and only when rematches cannot be
/// avoided, as few as there must be.
///
/// Three or four players: the engines with the fewest byes, lowest ranked
/// first, sit out so that the rest fill whole tables; tables gather engines
/// close in points with as few repeat meetings as possible (a local search).
pub fn swiss_round(players: usize, history: &History) -> (Vec<Vec<usize>>, Vec<usize>) {
    match pair_round(history, &Settings::swiss(players)) {
        Ok(mut round) => {
            if players == 2 {
                // Seats do not matter here (both rotations are played): the
                // better ranked engine's rotation comes first.
                let ranked = history.ranked();
                let place = |e: &usize| ranked.iter().position(|r| r == e);
                for table in &mut round.tables {
                    table.sort_by_key(place);
                }
            }
            (round.tables, round.byes)
        }
        // Fewer engines than a table: the configuration check refuses such an
        // event before it starts.
        Err(_) => (Vec::new(), (0..history.len()).collect()),
    }
}

/// The games of a Swiss round's tables, numbered from `first_game`, openings taken
/// in turn from `first_encounter` (one per table).
pub fn swiss_games(
    round: u32,
    tables: &[Vec<usize>],
    first_game: u64,
    first_encounter: usize,
    openings: usize,
) -> Vec<Pairing> {
    let mut out = Vec::new();
    let mut game = first_game;
    for (t, table) in tables.iter().enumerate() {
        for order in table_games(table) {
            out.push(Pairing {
                game,
                round,
                label: format!("{round}.{}", out.len() + 1),
                engines: order,
                opening: (first_encounter + t) % openings.max(1),
            });
            game += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use pacru_pairing::Score;

    #[test]
    fn the_count_of_games_is_that_of_the_schedule_and_costs_nothing() {
        for engines in 2..=7 {
            for players in 2..=4.min(engines) {
                for rounds in 1..=2 {
                    let mut systems = vec![System::RoundRobin, System::Match { games: 5 }];
                    systems.extend((1..=engines).map(|seeds| System::Gauntlet { seeds }));
                    for system in systems {
                        assert_eq!(
                            total_games(system, engines, players, rounds),
                            fixed_schedule(system, engines, players, rounds, 1).len() as u64,
                            "{system:?} {engines} {players} {rounds}"
                        );
                    }
                }
            }
        }
        // A schedule far too large to make is counted at once.
        assert_eq!(
            total_games(System::RoundRobin, 1000, 4, 1000),
            41_417_124_750 * 4 * 1000
        );
        assert_eq!(
            total_games(System::RoundRobin, 1 << 40, 4, u32::MAX),
            u64::MAX
        );
        assert_eq!(total_games(System::Swiss, 7, 3, 10), 60);
    }

    #[test]
    fn round_robin_rotates_positions() {
        let s = fixed_schedule(System::RoundRobin, 4, 3, 1, 2);
        assert_eq!(s.len(), 4 * 3);
        // Each engine plays each position 3 times (it sits at 3 of the 4 tables).
        for e in 0..4 {
            for slot in 0..3 {
                assert_eq!(s.iter().filter(|p| p.engines[slot] == e).count(), 3);
            }
        }
        // A table's games share an opening; openings alternate between tables.
        assert!(s[..3].iter().all(|p| p.opening == 0));
        assert!(s[3..6].iter().all(|p| p.opening == 1));
        assert_eq!(s.last().unwrap().game, 12);
        assert_eq!(total_games(System::RoundRobin, 4, 3, 1), 12);
    }

    #[test]
    fn gauntlet_and_match() {
        let g = fixed_schedule(System::Gauntlet { seeds: 1 }, 4, 2, 2, 1);
        assert_eq!(g.len(), 3 * 2 * 2);
        assert!(g.iter().all(|p| p.engines.contains(&0)));
        // 3 players: the seed with each pair of the 4 others, 3 rotations each.
        let g3 = fixed_schedule(System::Gauntlet { seeds: 1 }, 5, 3, 1, 1);
        assert_eq!(g3.len(), 6 * 3);
        for slot in 0..3 {
            assert_eq!(g3.iter().filter(|p| p.engines[slot] == 0).count(), 6);
        }
        assert!(g3.iter().all(|p| p.engines.contains(&0)));
        let m = fixed_schedule(System::Match { games: 5 }, 2, 2, 1, 2);
        let orders: Vec<_> = m.iter().map(|p| (p.engines.clone(), p.opening)).collect();
        assert_eq!(
            orders,
            [
                (vec![0, 1], 0),
                (vec![1, 0], 0),
                (vec![0, 1], 1),
                (vec![1, 0], 1),
                (vec![0, 1], 0)
            ]
        );
    }

    #[test]
    fn swiss_two_players_avoids_rematches_and_gives_byes() {
        let mut h = History::new(5);
        let mut seen_byes = Vec::new();
        for round in 1..=5 {
            let (tables, byes) = swiss_round(2, &h);
            assert_eq!(tables.len(), 2);
            assert_eq!(byes.len(), 1);
            assert!(
                !seen_byes.contains(&byes[0]),
                "a second bye before all had one"
            );
            seen_byes.push(byes[0]);
            for t in &tables {
                assert_eq!(h.meetings(t[0], t[1]), 0, "rematch in round {round}");
                h.meet(t);
                h.add_points(t[0], Score::ONE);
            }
            h.add_bye(byes[0], Score::ONE);
        }
    }

    #[test]
    fn swiss_multiplayer_balances_meetings() {
        let mut h = History::new(8);
        for _ in 1..=7 {
            let (tables, byes) = swiss_round(4, &h);
            assert!(byes.is_empty());
            assert_eq!(tables.len(), 2);
            for t in &tables {
                h.meet(t);
            }
        }
        // 7 rounds x 2 tables x 6 pairs = 84 meetings over 28 pairs: 3 each ideally.
        let counts: Vec<u32> = (0..8)
            .flat_map(|a| (a + 1..8).map(move |b| (a, b)))
            .map(|(a, b)| h.meetings(a, b))
            .collect();
        let (lo, hi) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
        assert!(hi - lo <= 2, "meetings {counts:?}");
        let (tables, byes) = swiss_round(3, &History::new(7));
        assert_eq!((tables.len(), byes.len()), (2, 1));
    }

    #[test]
    fn a_bye_is_what_an_engine_scores_at_a_table_on_average() {
        for n in 2..=4 {
            assert_eq!(
                Some(crate::event::BYE_POINTS),
                pacru_pairing::average_bye(n, n as u32)
            );
        }
    }

    /// The 2-player Swiss pairing of the arena before it shared the rules of
    /// `pacru_pairing`, kept as the reference: the same tables whenever it
    /// found a pairing without rematches (its search had a budget, and it
    /// chose the bye before knowing whether the rest could avoid rematches).
    fn reference_round(h: &History) -> Option<(Vec<Vec<usize>>, Vec<usize>)> {
        fn pair_up(order: &[usize], h: &History, budget: &mut u32) -> Option<Vec<Vec<usize>>> {
            if order.is_empty() {
                return Some(Vec::new());
            }
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            let (a, rest) = (order[0], &order[1..]);
            for (i, &b) in rest.iter().enumerate() {
                if h.meetings(a, b) > 0 {
                    continue;
                }
                let remaining: Vec<usize> = rest
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &e)| e)
                    .collect();
                if let Some(mut pairs) = pair_up(&remaining, h, budget) {
                    pairs.insert(0, vec![a, b]);
                    return Some(pairs);
                }
            }
            None
        }
        let mut order = h.ranked();
        let mut byes = Vec::new();
        if order.len() % 2 == 1 {
            let fewest = order.iter().map(|&e| h.entrant(e).byes).min().unwrap();
            let pos = order
                .iter()
                .rposition(|&e| h.entrant(e).byes == fewest)
                .unwrap();
            byes.push(order.remove(pos));
        }
        pair_up(&order, h, &mut 200_000).map(|tables| (tables, byes))
    }

    #[test]
    fn two_player_swiss_pairs_as_before_where_the_old_search_found_no_rematch() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut random = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let mut compared = 0;
        for engines in 3..=12 {
            for _ in 0..4 {
                let mut h = History::new(engines);
                for _ in 0..engines {
                    let (tables, byes) = swiss_round(2, &h);
                    if let Some(reference) = reference_round(&h) {
                        assert_eq!((tables.clone(), byes.clone()), reference);
                        compared += 1;
                    }
                    for t in &tables {
                        h.meet(t);
                        h.add_points(t[random(2) as usize], Score::ONE);
                    }
                    for &b in &byes {
                        h.add_bye(b, Score::ONE);
                    }
                }
            }
        }
        assert!(compared > 100, "{compared} rounds compared");
    }
}
