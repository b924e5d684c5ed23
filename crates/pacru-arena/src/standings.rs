//! Standings: points, wins by type, per-engine statistics and Elo estimates.

use crate::config::{EventConfig, count};
use crate::journal::Entry;
use crate::sprt::SprtStatus;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// An Elo estimate with its 95% confidence interval.
///
/// The interval comes from the normal approximation of the mean score. When it
/// reaches a score of 0 or 1 (too few games, or all won or all lost), one of its
/// ends is an infinite Elo difference: the interval says nothing, and is `None`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EloEstimate {
    /// The Elo difference to the average opponent faced.
    pub elo: f64,
    /// Half the width of the 95% interval (the `±` figure); `None` when the
    /// interval is unbounded.
    pub error95: Option<f64>,
    /// The interval's lower end (`None`: unbounded).
    pub low: Option<f64>,
    /// The interval's upper end (`None`: unbounded).
    pub high: Option<f64>,
}

impl EloEstimate {
    /// The estimate for people: `+191 ± 75`, `-12 ± 40`, `0 ± 120` (never `-0`),
    /// or `+280 ± n/a` when the interval is unbounded.
    pub fn describe(&self) -> String {
        let rounded = self.elo.round();
        let elo = if rounded == 0.0 {
            "0".to_owned()
        } else {
            format!("{rounded:+.0}")
        };
        match self.error95 {
            Some(e) => format!("{elo} ± {e:.0}"),
            None => format!("{elo} ± n/a"),
        }
    }
}

/// The Elo difference for a score fraction (clamped away from 0 and 1); an even
/// score is 0, never `-0`.
fn elo_of(score: f64) -> f64 {
    let p = score.clamp(0.001, 0.999);
    // Adding 0 turns -0 into 0 and changes nothing else.
    -400.0 * (1.0 / p - 1.0).log10() + 0.0
}

/// Estimates the Elo difference from game scores (1, 0.5 or 0 each) with a 95%
/// interval from the normal approximation of the mean score. `None` without games.
pub fn elo_estimate(wins: u32, draws: u32, losses: u32) -> Option<EloEstimate> {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return None;
    }
    let (mut w, d, mut l) = (f64::from(wins), f64::from(draws), f64::from(losses));
    if w + 0.5 * d == 0.0 || l + 0.5 * d == 0.0 {
        // All won or all lost: the estimate is unbounded. Count half a win and
        // half a loss more, so that there is an estimate and an interval at all.
        w += 0.5;
        l += 0.5;
    }
    let n = w + d + l;
    let p = (w + 0.5 * d) / n;
    let var = (w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2)) / n;
    let se = (var / n).sqrt();
    let (low_score, high_score) = (p - 1.96 * se, p + 1.96 * se);
    let bounded = low_score > 0.0 && high_score < 1.0;
    let (low, high) = (elo_of(low_score), elo_of(high_score));
    Some(EloEstimate {
        elo: elo_of(p),
        error95: bounded.then_some((high - low) / 2.0),
        low: bounded.then_some(low),
        high: bounded.then_some(high),
    })
}

/// A sum of points as the multiple of 1/12 it is: every game gives 1, 1/2, 1/3
/// or 1/4 of a point, and adding such shares in floating point leaves noise
/// (`1.9999999999999998`) that would show in the JSON and split a tie.
fn in_twelfths(points: f64) -> f64 {
    (points * 12.0).round() / 12.0
}

/// One engine's line in the standings.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct EngineStanding {
    /// Place (engines level on points share a place).
    pub rank: usize,
    /// The engine's name.
    pub name: String,
    /// Games played (abandoned games not counted).
    pub games: u32,
    /// Points, byes included.
    pub points: f64,
    /// Points from games divided by games, in percent.
    pub score_percent: f64,
    /// Games won.
    pub wins: u32,
    /// Games without a winner in which the engine shared the point.
    pub draws: u32,
    /// Other games.
    pub losses: u32,
    /// Swiss byes.
    pub byes: u32,
    /// Wins by the record's `Termination` (`rules`, `resignation`, `time`, ...).
    pub wins_by: BTreeMap<String, u32>,
    /// Losses by the record's `Termination`.
    pub losses_by: BTreeMap<String, u32>,
    /// The engine's own forfeits by kind (`time`, `illegal`, `crash`, ...).
    pub forfeits: BTreeMap<String, u32>,
    /// Times the engine resigned by itself.
    pub resignations: u32,
    /// Points by position in the order of play (1st, 2nd...).
    pub points_by_position: Vec<f64>,
    /// Games by position in the order of play.
    pub games_by_position: Vec<u32>,
    /// Moves the engine chose.
    pub moves: u32,
    /// Thinking time used, in ms.
    pub time_ms: u64,
    /// Average time per move, in ms.
    pub average_move_ms: f64,
    /// Elo estimate (2-player events only).
    pub elo: Option<EloEstimate>,
}

/// The standings of an event.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Standings {
    /// The event's name.
    pub event: String,
    /// `match`, `round-robin`, `gauntlet` or `swiss`.
    pub system: String,
    /// Players per game.
    pub players: usize,
    /// Games finished.
    pub games_finished: u64,
    /// Games the event will have in all.
    pub games_total: u64,
    /// Abandoned games (no points given).
    pub games_abandoned: u64,
    /// Game results by `Termination`.
    pub terminations: BTreeMap<String, u64>,
    /// The engines, best first.
    pub engines: Vec<EngineStanding>,
    /// The state of the match's SPRT, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtStatus>,
}

/// The standings of `config`'s event after the journal's `entries`, with its
/// SPRT's status when it has one.
pub fn of_event(config: &EventConfig, entries: &[Entry]) -> Standings {
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let mut standings = compute(
        &config.event,
        config.system.name(),
        config.players,
        &names,
        config.total_games(),
        entries,
    );
    standings.sprt = config
        .sprt
        .map(|sprt| SprtStatus::from_entries(&sprt, entries));
    standings
}

/// Computes standings from journal entries.
pub fn compute(
    event: &str,
    system: &str,
    players: usize,
    names: &[String],
    games_total: u64,
    entries: &[Entry],
) -> Standings {
    let mut rows: Vec<EngineStanding> = names
        .iter()
        .map(|n| EngineStanding {
            name: n.clone(),
            points_by_position: vec![0.0; players],
            games_by_position: vec![0; players],
            ..EngineStanding::default()
        })
        .collect();
    let mut st = Standings {
        event: event.to_owned(),
        system: system.to_owned(),
        players,
        games_total,
        ..Standings::default()
    };
    for entry in entries {
        match entry {
            Entry::Bye { engine, points, .. } => {
                if let Some(r) = rows.get_mut(*engine) {
                    r.byes += 1;
                    r.points += points;
                }
            }
            Entry::Finished {
                pairing, outcome, ..
            } => {
                st.games_finished += 1;
                *st.terminations
                    .entry(outcome.termination.clone())
                    .or_default() += 1;
                let abandoned = outcome.result == "*";
                if abandoned {
                    st.games_abandoned += 1;
                }
                for (slot, &e) in pairing.engines.iter().enumerate() {
                    let (Some(r), Some(rep)) = (rows.get_mut(e), outcome.slots.get(slot)) else {
                        continue;
                    };
                    r.moves += rep.moves;
                    r.time_ms += rep.time_ms;
                    if rep.resigned {
                        r.resignations += 1;
                    }
                    if let Some(f) = &rep.forfeit {
                        *r.forfeits.entry(f.kind.clone()).or_default() += 1;
                    }
                    if abandoned {
                        continue;
                    }
                    let pts = outcome.points.get(slot).copied().unwrap_or(0.0);
                    r.games += 1;
                    r.points += pts;
                    if let Some(p) = r.points_by_position.get_mut(slot) {
                        *p += pts;
                    }
                    if let Some(g) = r.games_by_position.get_mut(slot) {
                        *g += 1;
                    }
                    if outcome.winner == Some(slot) {
                        r.wins += 1;
                        *r.wins_by.entry(outcome.termination.clone()).or_default() += 1;
                    } else if outcome.winner.is_none() && pts > 0.0 {
                        r.draws += 1;
                    } else {
                        r.losses += 1;
                        // The engine's own reason when it has one (in a 3-4 player
                        // game the game's Termination may be about someone else).
                        let why = match (&rep.forfeit, rep.resigned) {
                            (Some(f), _) => f.termination.clone(),
                            (None, true) => "resignation".to_owned(),
                            (None, false) => outcome.termination.clone(),
                        };
                        *r.losses_by.entry(why).or_default() += 1;
                    }
                }
            }
            _ => {}
        }
    }
    for r in &mut rows {
        r.points = in_twelfths(r.points);
        for points in &mut r.points_by_position {
            *points = in_twelfths(*points);
        }
        let game_points = r.points_by_position.iter().sum::<f64>();
        r.score_percent = if r.games > 0 {
            100.0 * game_points / f64::from(r.games)
        } else {
            0.0
        };
        r.average_move_ms = if r.moves > 0 {
            r.time_ms as f64 / f64::from(r.moves)
        } else {
            0.0
        };
        if players == 2 {
            r.elo = elo_estimate(r.wins, r.draws, r.losses);
        }
    }
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| {
        rows[b]
            .points
            .partial_cmp(&rows[a].points)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(rows[b].wins.cmp(&rows[a].wins))
            .then(a.cmp(&b))
    });
    let mut sorted: Vec<EngineStanding> = order.iter().map(|&i| rows[i].clone()).collect();
    // Ranked by points, then by wins, as the rows are ordered: a rank is shared
    // only by rows equal in both.
    for i in 0..sorted.len() {
        let tied = i > 0
            && sorted[i].points == sorted[i - 1].points
            && sorted[i].wins == sorted[i - 1].wins;
        sorted[i].rank = if tied { sorted[i - 1].rank } else { i + 1 };
    }
    st.engines = sorted;
    st
}

fn format_points(p: f64) -> String {
    let s = format!("{p:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

fn format_map(map: &BTreeMap<String, u32>) -> String {
    if map.is_empty() {
        return "-".to_owned();
    }
    map.iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Standings {
    /// The running score in a few words, for the progress bar: `A 3.5 - 2.5 B` for
    /// two engines, the leaders' points otherwise.
    pub fn short_score(&self) -> String {
        if self.engines.len() == 2 {
            let (a, b) = (&self.engines[0], &self.engines[1]);
            let sprt = match &self.sprt {
                Some(s) => format!(", {}", s.short()),
                None => String::new(),
            };
            return format!(
                "{} {} - {} {}{sprt}",
                a.name,
                format_points(a.points),
                format_points(b.points),
                b.name
            );
        }
        self.engines
            .iter()
            .take(3)
            .map(|e| format!("{} {}", e.name, format_points(e.points)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The standings as a table for people.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} ({}, {} players a game): {} of {} played{}",
            self.event,
            self.system,
            self.players,
            self.games_finished,
            count(self.games_total, "game", "games"),
            if self.games_abandoned > 0 {
                format!(", {} abandoned", self.games_abandoned)
            } else {
                String::new()
            }
        );
        let width = self
            .engines
            .iter()
            .map(|e| e.name.chars().count())
            .max()
            .unwrap_or(6)
            .max(6);
        let elo = self.players == 2;
        let _ = write!(
            out,
            "{:>4}  {:<width$}  {:>5}  {:>6}  {:>6}  {:>4}  {:>4}  {:>4}  {:>8}  {:>8}",
            "Rank", "Engine", "Games", "Points", "Score", "W", "D", "L", "Forfeits", "Time"
        );
        if elo {
            let _ = write!(out, "  {:>12}", "Elo (95%)");
        }
        out.push('\n');
        for e in &self.engines {
            let forfeits: u32 = e.forfeits.values().sum();
            let _ = write!(
                out,
                "{:>4}  {:<width$}  {:>5}  {:>6}  {:>5.1}%  {:>4}  {:>4}  {:>4}  {:>8}  {:>7.1}s",
                e.rank,
                e.name,
                e.games,
                format_points(e.points),
                e.score_percent,
                e.wins,
                e.draws,
                e.losses,
                forfeits,
                e.time_ms as f64 / 1000.0
            );
            if let Some(est) = e.elo.filter(|_| elo) {
                let _ = write!(out, "  {:>12}", est.describe());
            } else if elo {
                let _ = write!(out, "  {:>12}", "-");
            }
            out.push('\n');
        }
        out.push('\n');
        for e in &self.engines {
            let _ = writeln!(
                out,
                "{}: wins by {}; losses by {}; forfeits {}; resigned {}; {}, {:.1} ms a move{}",
                e.name,
                format_map(&e.wins_by),
                format_map(&e.losses_by),
                format_map(&e.forfeits),
                e.resignations,
                count(e.moves, "move", "moves"),
                e.average_move_ms,
                if e.byes > 0 {
                    format!("; {}", count(e.byes, "bye", "byes"))
                } else {
                    String::new()
                }
            );
        }
        let terms: Vec<String> = self
            .terminations
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        if !terms.is_empty() {
            let _ = writeln!(out, "Games ended by: {}", terms.join(", "));
        }
        if let Some(sprt) = &self.sprt {
            let _ = writeln!(out, "{}", sprt.line());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_is_symmetric_and_widens_with_few_games() {
        let even = elo_estimate(5, 0, 5).unwrap();
        assert!(even.elo.abs() < 1e-9);
        let good = elo_estimate(75, 0, 25).unwrap();
        let bad = elo_estimate(25, 0, 75).unwrap();
        assert!((good.elo + bad.elo).abs() < 1e-9);
        assert!((good.elo - 190.8).abs() < 1.0, "{}", good.elo);
        let few = elo_estimate(15, 0, 5).unwrap();
        assert!(few.error95 > good.error95);
        assert!(elo_estimate(0, 0, 0).is_none());
        let all = elo_estimate(4, 0, 0).unwrap();
        assert!(all.elo > 300.0, "{all:?}");
        // Every game won: the interval reaches a score of 1, an infinite Elo.
        assert_eq!((all.error95, all.low, all.high), (None, None, None));
        assert_eq!(all.describe(), "+382 ± n/a");
    }

    #[test]
    fn elo_is_never_negative_zero_and_says_when_its_interval_is_meaningless() {
        // One win, one loss: an even score, an interval reaching both 0 and 1.
        let even = elo_estimate(1, 0, 1).unwrap();
        assert_eq!(even.describe(), "0 ± n/a");
        // Slightly below zero before rounding.
        let est = EloEstimate {
            elo: -0.3,
            error95: Some(120.4),
            low: Some(-120.0),
            high: Some(120.0),
        };
        assert_eq!(est.describe(), "0 ± 120");
        assert_eq!(elo_estimate(75, 0, 25).unwrap().describe(), "+191 ± 81");
        assert_eq!(elo_estimate(25, 0, 75).unwrap().describe(), "-191 ± 81");
        // Enough games for a bounded interval.
        let many = elo_estimate(30, 20, 30).unwrap();
        assert_eq!(many.describe(), "0 ± 67");
    }

    /// A finished game of `engines` (in order of play) with these points, the
    /// winner by slot, if any.
    fn finished(game: u64, engines: &[usize], points: &[f64], winner: Option<usize>) -> Entry {
        let slot = |colour: &str| crate::game::SlotReport {
            colour: colour.to_owned(),
            moves: 10,
            time_ms: 10,
            forfeit: None,
            resigned: false,
            survived: true,
            fields: 0,
        };
        Entry::Finished {
            pairing: crate::schedule::Pairing {
                game,
                round: 1,
                label: String::new(),
                engines: engines.to_vec(),
                opening: 0,
            },
            names: Vec::new(),
            outcome: crate::game::GameOutcome {
                result: if winner.is_some() { "Black" } else { "draw" }.to_owned(),
                termination: "rules".to_owned(),
                winner,
                points: points.to_vec(),
                plies: 20,
                slots: ["Black", "Red", "Yellow"][..engines.len()]
                    .iter()
                    .map(|c| slot(c))
                    .collect(),
                check: "ok".to_owned(),
                pgr: String::new(),
            },
        }
    }

    #[test]
    fn a_rank_is_shared_only_by_equal_points_and_equal_wins() {
        let names = ["a".to_owned(), "b".to_owned(), "c".to_owned()];
        // a: a bye and a loss (1 point, no win); b: a win and a loss (1 point,
        // 1 win); c: a win (1 point, 1 win).
        let entries = [
            Entry::Bye {
                round: 1,
                engine: 0,
                points: 1.0,
            },
            finished(1, &[1, 0], &[1.0, 0.0], Some(0)),
            finished(2, &[2, 1], &[1.0, 0.0], Some(0)),
        ];
        let st = compute("e", "swiss", 2, &names, 3, &entries);
        let ranks: Vec<(&str, usize)> = st
            .engines
            .iter()
            .map(|e| (e.name.as_str(), e.rank))
            .collect();
        assert_eq!(ranks, [("b", 1), ("c", 1), ("a", 3)]);
    }

    #[test]
    fn points_are_sums_of_shares_without_noise() {
        // Three-player draws split a point in thirds: six of them are 2 points,
        // which floating point adds up to 1.9999999999999998.
        let names = ["a".to_owned(), "b".to_owned(), "c".to_owned()];
        let third = 1.0 / 3.0;
        let entries: Vec<Entry> = (1..=6)
            .map(|g| finished(g, &[0, 1, 2], &[third; 3], None))
            .collect();
        let st = compute("e", "round-robin", 3, &names, 6, &entries);
        for e in &st.engines {
            assert_eq!(e.points, 2.0, "{e:?}");
            assert!(
                e.points_by_position.iter().all(|&p| p == 0.0 || p == 2.0),
                "{e:?}"
            );
            assert_eq!(e.rank, 1);
        }
    }

    #[test]
    fn an_even_elo_is_a_positive_zero_in_json() {
        let even = elo_estimate(5, 0, 5).unwrap();
        assert!(even.elo == 0.0 && even.elo.is_sign_positive(), "{even:?}");
        let json = serde_json::to_string(&even).unwrap();
        assert!(json.starts_with(r#"{"elo":0.0,"#), "{json}");
    }

    #[test]
    fn the_table_agrees_in_number() {
        let names = ["a".to_owned(), "b".to_owned(), "c".to_owned()];
        let entries = [Entry::Bye {
            round: 1,
            engine: 0,
            points: 1.0,
        }];
        let table = compute("e", "swiss", 2, &names, 1, &entries).table();
        assert!(table.contains(": 0 of 1 game played"), "{table}");
        assert!(table.contains("0 moves, 0.0 ms a move; 1 bye\n"), "{table}");
    }
}
