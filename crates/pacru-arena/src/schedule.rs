//! Who plays whom: round-robin, gauntlet, Swiss and plain matches, with the order
//! of play rotated inside each table.

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

/// The number of games a fixed schedule or a Swiss event will have.
pub fn total_games(system: System, engines: usize, players: usize, rounds: u32) -> u64 {
    match system {
        System::Swiss => (engines / players * players) as u64 * u64::from(rounds),
        _ => fixed_schedule(system, engines, players, rounds, 1).len() as u64,
    }
}

/// What the Swiss pairing of a round needs to know about the rounds before.
#[derive(Clone, Debug, Default)]
pub struct SwissHistory {
    /// Points per engine (byes included).
    pub points: Vec<f64>,
    /// How often each pair of engines has sat at the same table.
    pub meetings: Vec<Vec<u32>>,
    /// Byes per engine.
    pub byes: Vec<u32>,
}

impl SwissHistory {
    /// An empty history for `engines` engines.
    pub fn new(engines: usize) -> SwissHistory {
        SwissHistory {
            points: vec![0.0; engines],
            meetings: vec![vec![0; engines]; engines],
            byes: vec![0; engines],
        }
    }

    /// Counts a table's meeting (once per table, not per game).
    pub fn add_table(&mut self, table: &[usize]) {
        for (i, &a) in table.iter().enumerate() {
            for &b in &table[i + 1..] {
                self.meetings[a][b] += 1;
                self.meetings[b][a] += 1;
            }
        }
    }
}

/// The tables and byes of Swiss round `round` (from 1).
///
/// Two players: engines ordered by points (then by their place in the engine
/// list); with an odd number, the lowest-placed engine among those with the fewest
/// byes sits out; then each engine, from the top, is paired with the next engine it
/// has met least often (rematches only when no pairing avoids them: a bounded
/// backtracking search tries to avoid every rematch first).
///
/// Three or four players: the engines with the fewest byes (in turn) sit out so
/// that the rest fill whole tables; the tables are chosen to balance how often each
/// pair of engines meets (a local search minimising the sum of squared meeting
/// counts within tables), scores are not used.
pub fn swiss_round(
    round: u32,
    players: usize,
    history: &SwissHistory,
) -> (Vec<Vec<usize>>, Vec<usize>) {
    let engines = history.points.len();
    let mut order: Vec<usize> = (0..engines).collect();
    if players == 2 {
        order.sort_by(|&a, &b| {
            history.points[b]
                .partial_cmp(&history.points[a])
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.cmp(&b))
        });
        let mut byes = Vec::new();
        if engines % 2 == 1 {
            let fewest = order.iter().map(|&e| history.byes[e]).min().unwrap_or(0);
            if let Some(pos) = order.iter().rposition(|&e| history.byes[e] == fewest) {
                byes.push(order.remove(pos));
            }
        }
        let max_meet = history
            .meetings
            .iter()
            .flatten()
            .copied()
            .max()
            .unwrap_or(0);
        for allowed in 0..=max_meet {
            let mut budget = 200_000u32;
            if let Some(pairs) = pair_up(&order, &history.meetings, allowed, &mut budget) {
                return (pairs.into_iter().map(|(a, b)| vec![a, b]).collect(), byes);
            }
        }
        // Unreachable in practice: with `max_meet` allowed every pairing is fine.
        let tables = order.chunks(2).map(<[usize]>::to_vec).collect();
        return (tables, byes);
    }
    // 3 or 4 players: byes to the engines with the fewest, in turn.
    let sit_out = engines % players;
    let mut by_byes: Vec<usize> = (0..engines).collect();
    by_byes.sort_by_key(|&e| {
        (
            history.byes[e],
            (e + engines - (round as usize % engines.max(1))) % engines.max(1),
        )
    });
    let byes: Vec<usize> = by_byes[..sit_out].to_vec();
    let playing: Vec<usize> = (0..engines).filter(|e| !byes.contains(e)).collect();
    let tables = balanced_tables(&playing, players, &history.meetings, round);
    (tables, byes)
}

/// Pairs `order` (even length) so that no pair has met more than `allowed` times,
/// preferring for each engine the highest-placed suitable opponent.
fn pair_up(
    order: &[usize],
    meetings: &[Vec<u32>],
    allowed: u32,
    budget: &mut u32,
) -> Option<Vec<(usize, usize)>> {
    if order.is_empty() {
        return Some(Vec::new());
    }
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let a = order[0];
    let rest = &order[1..];
    // Least-met opponents first, then by placing.
    let mut candidates: Vec<usize> = (0..rest.len())
        .filter(|&i| meetings[a][rest[i]] <= allowed)
        .collect();
    candidates.sort_by_key(|&i| (meetings[a][rest[i]], i));
    for i in candidates {
        let b = rest[i];
        let remaining: Vec<usize> = rest
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &e)| e)
            .collect();
        if let Some(mut pairs) = pair_up(&remaining, meetings, allowed, budget) {
            pairs.insert(0, (a, b));
            return Some(pairs);
        }
    }
    None
}

fn table_cost(table: &[usize], meetings: &[Vec<u32>]) -> u64 {
    let mut cost = 0;
    for (i, &a) in table.iter().enumerate() {
        for &b in &table[i + 1..] {
            let m = u64::from(meetings[a][b]);
            cost += m * m;
        }
    }
    cost
}

/// Splits `playing` into tables of `players`, minimising the sum over tables of
/// squared pairwise meeting counts: several deterministic starting orders, each
/// improved by swapping engines between tables while that lowers the cost.
fn balanced_tables(
    playing: &[usize],
    players: usize,
    meetings: &[Vec<u32>],
    round: u32,
) -> Vec<Vec<usize>> {
    let mut best: Option<(u64, Vec<Vec<usize>>)> = None;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ u64::from(round);
    for _ in 0..16 {
        let mut order = playing.to_vec();
        // Fisher-Yates with a small deterministic generator.
        for i in (1..order.len()).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            order.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        let mut tables: Vec<Vec<usize>> = order.chunks(players).map(<[usize]>::to_vec).collect();
        loop {
            let mut improved = false;
            for t1 in 0..tables.len() {
                for t2 in t1 + 1..tables.len() {
                    for i in 0..players {
                        for j in 0..players {
                            let before = table_cost(&tables[t1], meetings)
                                + table_cost(&tables[t2], meetings);
                            let (a, b) = (tables[t1][i], tables[t2][j]);
                            tables[t1][i] = b;
                            tables[t2][j] = a;
                            let after = table_cost(&tables[t1], meetings)
                                + table_cost(&tables[t2], meetings);
                            if after < before {
                                improved = true;
                            } else {
                                tables[t1][i] = a;
                                tables[t2][j] = b;
                            }
                        }
                    }
                }
            }
            if !improved {
                break;
            }
        }
        let cost: u64 = tables.iter().map(|t| table_cost(t, meetings)).sum();
        if best.as_ref().is_none_or(|(c, _)| cost < *c) {
            best = Some((cost, tables));
        }
    }
    let mut tables = best.map(|(_, t)| t).unwrap_or_default();
    for t in &mut tables {
        t.sort_unstable();
    }
    tables.sort();
    tables
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
        let mut h = SwissHistory::new(5);
        let mut seen_byes = Vec::new();
        for round in 1..=5 {
            let (tables, byes) = swiss_round(round, 2, &h);
            assert_eq!(tables.len(), 2);
            assert_eq!(byes.len(), 1);
            assert!(
                !seen_byes.contains(&byes[0]),
                "a second bye before all had one"
            );
            seen_byes.push(byes[0]);
            for t in &tables {
                assert_eq!(h.meetings[t[0]][t[1]], 0, "rematch in round {round}");
                h.add_table(t);
                h.points[t[0]] += 1.0;
            }
            h.byes[byes[0]] += 1;
        }
    }

    #[test]
    fn swiss_multiplayer_balances_meetings() {
        let mut h = SwissHistory::new(8);
        for round in 1..=7 {
            let (tables, byes) = swiss_round(round, 4, &h);
            assert!(byes.is_empty());
            assert_eq!(tables.len(), 2);
            for t in &tables {
                h.add_table(t);
            }
        }
        // 7 rounds x 2 tables x 6 pairs = 84 meetings over 28 pairs: 3 each ideally.
        let counts: Vec<u32> = (0..8)
            .flat_map(|a| (a + 1..8).map(move |b| (a, b)))
            .map(|(a, b)| h.meetings[a][b])
            .collect();
        let (lo, hi) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
        assert!(hi - lo <= 2, "meetings {counts:?}");
        let (tables, byes) = swiss_round(1, 3, &SwissHistory::new(7));
        assert_eq!((tables.len(), byes.len()), (2, 1));
    }
}
