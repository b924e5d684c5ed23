//! The sequential probability ratio test (SPRT) of engine authors: is the first
//! engine of a 2-player match at least `elo1` stronger than the second (H1), or at
//! most `elo0` (H0)? The match stops as soon as the test decides.
//!
//! Games are counted in **pairs** with swapped seats (the same opening, each
//! engine moving first once), and each pair by the first engine's points in it:
//! 0, ½, 1, 1½ or 2, the five cells of the **pentanomial** model. Pairs, not
//! games, are the independent samples: the two games of a pair share their
//! opening, and the seat advantage cancels within the pair.
//!
//! The log-likelihood ratio is the generalised SPRT's (as fishtest and fastchess
//! compute it): with `N` pairs and `p` the observed share of each cell,
//!
//! ```text
//! LLR = N * sum_k p_k ln(q1_k / q0_k)
//! ```
//!
//! where `q0` and `q1` are the distributions over the cells closest to `p` (of
//! greatest likelihood) whose expected pair score (points over 2) is `s0` and `s1`,
//! the scores of `elo0` and `elo1` in the logistic model
//! (`s = 1 / (1 + 10^(-elo/400))`). Such a distribution is
//! `q_k = p_k / (1 + x (a_k - s))`, `a_k = k/4` being the cell's pair score, for the
//! one `x` that gives it the expected score `s`; `x` is found by bisection.
//!
//! An empty cell counts as a thousandth of a pair, as fishtest and fastchess
//! regularise, so that the LLR is defined from the first pair on. The test accepts
//! H1 when the LLR reaches `ln((1 - beta) / alpha)` and H0 when it falls to
//! `ln(beta / (1 - alpha))`.

use crate::journal::Entry;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// What a cell of the pentanomial counts as when it is empty, in pairs.
const EMPTY_CELL: f64 = 1e-3;

/// An SPRT's hypotheses and error rates.
///
/// ```
/// use pacru_arena::sprt::{Pentanomial, Sprt, Verdict};
///
/// let sprt: Sprt = "0,50".parse().unwrap();
/// assert_eq!((sprt.alpha, sprt.beta), (0.05, 0.05));
/// let (lower, upper) = sprt.bounds();
/// assert!((upper - 2.944).abs() < 1e-3 && (lower + 2.944).abs() < 1e-3);
/// // 60 pairs: 30 won twice, 21 split, 9 lost twice.
/// let pairs = Pentanomial { counts: [9, 0, 21, 0, 30] };
/// let llr = sprt.llr(&pairs);
/// assert!(llr > upper);
/// assert_eq!(sprt.verdict(llr), Some(Verdict::H1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    /// The Elo difference of H0 (the first engine is no better than this).
    pub elo0: f64,
    /// The Elo difference of H1 (the first engine is at least this much better).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Which hypothesis an SPRT accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Verdict {
    /// The first engine is at most `elo0` stronger.
    H0,
    /// The first engine is at least `elo1` stronger.
    H1,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H0 => "H0",
            Verdict::H1 => "H1",
        })
    }
}

/// Game pairs by the first engine's points in the pair: `counts[k]` pairs gave it
/// `k` half points (0 to 4: two losses, a loss and a draw, two draws or a win and
/// a loss, a win and a draw, two wins).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial {
    /// Pairs by the first engine's half points in them.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Counts one pair in which the first engine scored `points` (0 to 2, in
    /// halves; anything else is rounded to the nearest half and clamped).
    pub fn add(&mut self, points: f64) {
        let halves = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[halves] += 1;
    }

    /// The number of pairs.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// Why an SPRT's settings are refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct SprtError(String);

/// The pair score of cell `k`: the first engine's points in the pair over 2.
fn cell_score(k: usize) -> f64 {
    k as f64 / 4.0
}

/// The `x` for which `q_k = p_k / (1 + x (a_k - s))` has the expected score `s`:
/// the root of `f(x) = sum_k p_k (a_k - s) / (1 + x (a_k - s))`, which falls from
/// +infinity to -infinity between the poles `-1 / (1 - s)` and `1 / s` (every
/// cell has a share above 0, and `s` lies strictly between 0 and 1).
fn tilt(shares: &[f64; 5], s: f64) -> f64 {
    let f = |x: f64| -> f64 {
        shares
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let d = cell_score(k) - s;
                p * d / (1.0 + x * d)
            })
            .sum()
    };
    let (mut low, mut high) = (-1.0 / (1.0 - s), 1.0 / s);
    // Bisection down to the resolution of f64 (at most about 1100 halvings; in
    // practice about 60).
    loop {
        let middle = low + (high - low) / 2.0;
        if middle <= low || middle >= high {
            return middle;
        }
        if f(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
}

/// The expected score of a player `elo` Elo stronger (logistic model).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The smallest error rate (`alpha`, `beta`) an SPRT takes: smaller rates make
/// bounds no match reaches (and, far smaller, infinite ones).
pub const MIN_RATE: f64 = 0.000_001;
/// The largest error rate an SPRT takes: above it the test would be wrong more
/// often than right.
pub const MAX_RATE: f64 = 0.5;

/// A figure (an Elo bound, an error rate) as the standings and messages show
/// it: at most 6 significant digits, in exponent form when very small
/// (`1e-300`, not 300 digits).
fn shown_number(elo: f64) -> String {
    if elo == 0.0 || !elo.is_finite() {
        return "0".to_owned();
    }
    let magnitude = elo.abs().log10().floor() as i32;
    if magnitude < -3 {
        let text = format!("{elo:.5e}");
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        let mantissa = mantissa.trim_end_matches('0').trim_end_matches('.');
        return format!("{mantissa}e{exponent}");
    }
    let decimals = (5 - magnitude).max(0) as usize;
    let fixed = format!("{elo:.decimals$}");
    if fixed.contains('.') {
        fixed.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        fixed
    }
}

impl Sprt {
    /// An SPRT, checked: `elo0 < elo1`, both between -1000 and 1000; `alpha` and
    /// `beta` each between [`MIN_RATE`] and [`MAX_RATE`] (so that the bounds are
    /// finite, at most about ±13.8), with `alpha + beta < 1`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        let in_range = |e: f64| e.is_finite() && (-1000.0..=1000.0).contains(&e);
        if !in_range(elo0) || !in_range(elo1) {
            return Err(SprtError(
                "elo0 and elo1 must lie between -1000 and 1000".to_owned(),
            ));
        }
        if elo0 >= elo1 {
            return Err(SprtError(format!(
                "elo0 ({}) must be smaller than elo1 ({})",
                shown_number(elo0),
                shown_number(elo1)
            )));
        }
        let rate = |p: f64| (MIN_RATE..=MAX_RATE).contains(&p);
        if !rate(alpha) || !rate(beta) || alpha + beta >= 1.0 {
            return Err(SprtError(format!(
                "alpha ({}) and beta ({}) must each lie between {MIN_RATE} and {MAX_RATE}, with a sum below 1",
                shown_number(alpha),
                shown_number(beta)
            )));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The bounds of the LLR: H0 is accepted at or below the first, H1 at or
    /// above the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after `pairs` (0 without pairs).
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let counts = pairs
            .counts
            .map(|c| if c == 0 { EMPTY_CELL } else { c as f64 });
        let n: f64 = counts.iter().sum();
        let shares = counts.map(|c| c / n);
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        let (x0, x1) = (tilt(&shares, s0), tilt(&shares, s1));
        let per_pair: f64 = shares
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let a = cell_score(k);
                p * ((1.0 + x0 * (a - s0)).ln() - (1.0 + x1 * (a - s1)).ln())
            })
            .sum();
        n * per_pair
    }

    /// The hypothesis accepted at this LLR, if any.
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

impl fmt::Display for Sprt {
    /// `elo0,elo1,alpha,beta`, the form [`FromStr`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{},{},{},{}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

impl FromStr for Sprt {
    type Err = SprtError;

    /// Reads `elo0,elo1` or `elo0,elo1,alpha,beta` (alpha and beta default to
    /// 0.05).
    fn from_str(s: &str) -> Result<Sprt, SprtError> {
        let numbers: Vec<f64> = s
            .split(',')
            .map(|w| w.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| SprtError(format!("`{s}`: expected elo0,elo1 or elo0,elo1,alpha,beta")))?;
        match numbers[..] {
            [elo0, elo1] => Sprt::new(elo0, elo1, 0.05, 0.05),
            [elo0, elo1, alpha, beta] => Sprt::new(elo0, elo1, alpha, beta),
            _ => Err(SprtError(format!(
                "`{s}`: expected elo0,elo1 or elo0,elo1,alpha,beta"
            ))),
        }
    }
}

/// Where a match's SPRT stands: its settings, the pairs so far, the LLR, its
/// bounds and the verdict (part of the standings and `standings.json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SprtStatus {
    /// The test.
    #[serde(flatten)]
    pub sprt: Sprt,
    /// The finished pairs, by the first engine's half points in them.
    pub pentanomial: [u64; 5],
    /// The number of finished pairs.
    pub pairs: u64,
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The bound at which H0 is accepted.
    pub lower: f64,
    /// The bound at which H1 is accepted.
    pub upper: f64,
    /// The hypothesis accepted, once one is.
    pub verdict: Option<Verdict>,
}

/// A finished game's number and the event's first engine's points in it
/// (`None` when the game was abandoned); `None` for other journal entries.
pub fn game_points(entry: &Entry) -> Option<(u64, Option<f64>)> {
    let Entry::Finished {
        pairing, outcome, ..
    } = entry
    else {
        return None;
    };
    let points = pairing
        .engines
        .iter()
        .position(|&e| e == 0)
        .and_then(|slot| outcome.points.get(slot).copied())
        .filter(|_| outcome.result != "*");
    Some((pairing.game, points))
}

impl SprtStatus {
    /// The status of `sprt` after the match games in `entries`. Games `2k - 1`
    /// and `2k` of a match between two engines make pair `k` (the same opening,
    /// the seats swapped); a pair counts once both games are finished, unless one
    /// was abandoned. Points are those of the event's first engine.
    pub fn from_entries(sprt: &Sprt, entries: &[Entry]) -> SprtStatus {
        SprtStatus::from_games(sprt, entries.iter().filter_map(game_points))
    }

    /// The status of `sprt` after the finished games `games`: each game's
    /// number and the first engine's points in it (`None`: abandoned), as
    /// [`game_points`] reads them from a journal; pairs as in
    /// [`SprtStatus::from_entries`]. The games of several shards' journals
    /// ([`crate::shard`]) give the status of the whole match.
    pub fn from_games(
        sprt: &Sprt,
        games: impl IntoIterator<Item = (u64, Option<f64>)>,
    ) -> SprtStatus {
        let mut halves: BTreeMap<u64, Vec<Option<f64>>> = BTreeMap::new();
        for (game, points) in games {
            halves.entry(game.div_ceil(2)).or_default().push(points);
        }
        let mut pentanomial = Pentanomial::default();
        for games in halves.values() {
            if let [Some(a), Some(b)] = games[..] {
                pentanomial.add(a + b);
            }
        }
        let llr = sprt.llr(&pentanomial);
        let (lower, upper) = sprt.bounds();
        SprtStatus {
            sprt: *sprt,
            pentanomial: pentanomial.counts,
            pairs: pentanomial.pairs(),
            llr,
            lower,
            upper,
            verdict: sprt.verdict(llr),
        }
    }

    /// `LLR 1.23 (-2.94, 2.94)`, with the verdict once there is one.
    pub fn short(&self) -> String {
        let verdict = match self.verdict {
            Some(v) => format!(": {v} accepted"),
            None => String::new(),
        };
        format!(
            "LLR {:.2} ({:.2}, {:.2}){verdict}",
            self.llr, self.lower, self.upper
        )
    }

    /// The line of the standings table.
    pub fn line(&self) -> String {
        let [ll, ld, dd, wd, ww] = self.pentanomial;
        format!(
            "SPRT elo0 {} elo1 {} (alpha {}, beta {}): {}, {} (by the first engine's points 0/0.5/1/1.5/2: {ll} {ld} {dd} {wd} {ww}){}",
            shown_number(self.sprt.elo0),
            shown_number(self.sprt.elo1),
            self.sprt.alpha,
            self.sprt.beta,
            format_args!("LLR {:.2} ({:.2}, {:.2})", self.llr, self.lower, self.upper),
            crate::config::count(self.pairs, "pair", "pairs"),
            match self.verdict {
                Some(v) => format!(": {v} accepted"),
                None => String::new(),
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9 * b.abs().max(1.0)
    }

    /// LLRs worked out apart from this code (a separate program solving for the
    /// same distributions in double precision), to ten digits.
    #[test]
    fn llr_of_known_pentanomials() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let even = Pentanomial {
            counts: [20, 20, 20, 20, 20],
        };
        assert!(close(sprt.llr(&even), -0.0828170097), "{}", sprt.llr(&even));
        let strong = Pentanomial {
            counts: [3, 10, 20, 40, 27],
        };
        assert!(
            close(sprt.llr(&strong), 2.3874241842),
            "{}",
            sprt.llr(&strong)
        );
        // Other hypotheses and error rates.
        let wide = Sprt::new(-20.0, 30.0, 0.1, 0.02).unwrap();
        assert!(
            close(wide.llr(&strong), 11.9102163227),
            "{}",
            wide.llr(&strong)
        );
        let (lower, upper) = wide.bounds();
        assert!(close(lower, (0.02f64 / 0.9).ln()));
        assert!(close(upper, (0.98f64 / 0.1).ln()));
        let fifty = Sprt::new(0.0, 50.0, 0.05, 0.05).unwrap();
        let mixed = Pentanomial {
            counts: [5, 10, 30, 15, 20],
        };
        assert!(
            close(fifty.llr(&mixed), 4.5503055139),
            "{}",
            fifty.llr(&mixed)
        );
    }

    #[test]
    fn empty_cells_count_as_a_thousandth_of_a_pair() {
        let sprt = Sprt::new(0.0, 50.0, 0.05, 0.05).unwrap();
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
        // Pairs won twice, and 0.001 pair in each other cell: a sweep takes
        // evidence to accept H1 too.
        let sweep = |n| Pentanomial {
            counts: [0, 0, 0, 0, n],
        };
        assert!(close(sprt.llr(&sweep(10)), 1.3361648624));
        assert_eq!(sprt.verdict(sprt.llr(&sweep(10))), None);
        assert!(close(sprt.llr(&sweep(30)), 4.0080018839));
        assert_eq!(sprt.verdict(sprt.llr(&sweep(30))), Some(Verdict::H1));
        let lost = Pentanomial {
            counts: [20, 0, 0, 0, 0],
        };
        assert!(close(sprt.llr(&lost), -3.0849548551));
        assert_eq!(sprt.verdict(sprt.llr(&lost)), Some(Verdict::H0));
    }

    #[test]
    fn the_verdict_is_taken_at_the_bounds() {
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.1).unwrap();
        let (lower, upper) = sprt.bounds();
        assert_eq!(sprt.verdict(upper), Some(Verdict::H1));
        assert_eq!(sprt.verdict(upper - 1e-12), None);
        assert_eq!(sprt.verdict(lower), Some(Verdict::H0));
        assert_eq!(sprt.verdict(lower + 1e-12), None);
        assert_eq!(sprt.verdict(0.0), None);
    }

    /// A finished match game: `first` points for engine 0, moving first or not.
    fn finished(game: u64, first_moves_first: bool, first: f64, result: &str) -> Entry {
        let engines = if first_moves_first {
            vec![0, 1]
        } else {
            vec![1, 0]
        };
        let points = if first_moves_first {
            vec![first, 1.0 - first]
        } else {
            vec![1.0 - first, first]
        };
        Entry::Finished {
            pairing: crate::schedule::Pairing {
                game,
                round: 1,
                label: game.to_string(),
                engines,
                opening: 0,
            },
            names: vec!["a".to_owned(), "b".to_owned()],
            outcome: crate::game::GameOutcome {
                result: result.to_owned(),
                termination: "rules".to_owned(),
                winner: None,
                points,
                plies: 0,
                slots: Vec::new(),
                check: "ok".to_owned(),
                pgr: String::new(),
            },
        }
    }

    #[test]
    fn pairs_are_games_two_by_two_with_the_first_engines_points() {
        let sprt = Sprt::new(0.0, 50.0, 0.05, 0.05).unwrap();
        let entries = vec![
            // Pair 1: won, then drawn with the seats swapped (1.5).
            finished(1, true, 1.0, "Black"),
            finished(2, false, 0.5, "draw"),
            // Pair 2: only its second game so far.
            finished(4, true, 0.0, "Red"),
            // Pair 3 (games finished out of order): lost twice.
            finished(6, false, 0.0, "Black"),
            finished(5, true, 0.0, "Red"),
            // Pair 4: one game abandoned, so the pair does not count.
            finished(7, true, 1.0, "Black"),
            finished(8, false, 0.0, "*"),
        ];
        let status = SprtStatus::from_entries(&sprt, &entries);
        assert_eq!(status.pentanomial, [1, 0, 0, 1, 0]);
        assert_eq!(status.pairs, 2);
        let pairs = Pentanomial {
            counts: [1, 0, 0, 1, 0],
        };
        assert_eq!(status.llr, sprt.llr(&pairs));
        assert_eq!((status.lower, status.upper), sprt.bounds());
        assert_eq!(status.verdict, None);
        assert_eq!(
            status.short(),
            format!("LLR {:.2} (-2.94, 2.94)", status.llr)
        );
    }

    #[test]
    fn pairs_are_counted_by_half_points() {
        let mut p = Pentanomial::default();
        for points in [0.0, 0.5, 1.0, 1.0, 1.5, 2.0, 2.0, 2.0] {
            p.add(points);
        }
        assert_eq!(p.counts, [1, 1, 2, 1, 3]);
        assert_eq!(p.pairs(), 8);
    }

    #[test]
    fn the_line_agrees_in_number() {
        let sprt: Sprt = "0,10".parse().unwrap();
        let line = |games: &[(u64, Option<f64>)]| {
            SprtStatus::from_games(&sprt, games.iter().copied()).line()
        };
        assert!(line(&[]).contains(": LLR 0.00 (-2.94, 2.94), 0 pairs (by"));
        assert!(line(&[(1, Some(1.0)), (2, Some(0.0))]).contains(", 1 pair (by"));
        let two = line(&[
            (1, Some(1.0)),
            (2, Some(0.0)),
            (3, Some(1.0)),
            (4, Some(1.0)),
        ]);
        assert!(two.contains(", 2 pairs (by"), "{two}");
    }

    #[test]
    fn settings_are_read_and_checked() {
        let s: Sprt = "0,10".parse().unwrap();
        assert_eq!(s, Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap());
        let s: Sprt = "-5, 5, 0.1, 0.2".parse().unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (-5.0, 5.0, 0.1, 0.2));
        assert_eq!(s.to_string().parse::<Sprt>().unwrap(), s);
        for bad in [
            "",
            "0",
            "0,10,0.05",
            "a,b",
            "10,0",
            "0,10,0,0.05",
            "0,10,0.6,0.5",
            "0,5000",
        ] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
        assert_eq!(
            "10,0".parse::<Sprt>().unwrap_err().to_string(),
            "elo0 (10) must be smaller than elo1 (0)"
        );
    }

    #[test]
    fn error_rates_outside_their_range_are_refused_and_bounds_stay_finite() {
        // A rate far below any sensible one made an infinite bound (JSON `null`).
        for (bad, alpha, beta) in [
            // Subnormal: read as the nearest double there is, 9.99989e-321.
            ("0,5,1e-320,0.05", "9.99989e-321", "0.05"),
            ("0,5,0.05,1e-7", "0.05", "1e-7"),
            ("0,5,0.6,0.05", "0.6", "0.05"),
        ] {
            assert_eq!(
                bad.parse::<Sprt>().unwrap_err().to_string(),
                format!(
                    "alpha ({alpha}) and beta ({beta}) must each lie between 0.000001 and 0.5, with a sum below 1"
                ),
                "{bad}"
            );
        }
        for good in ["0,5,0.000001,0.000001", "0,5,0.5,0.4"] {
            let sprt: Sprt = good.parse().unwrap();
            let (lower, upper) = sprt.bounds();
            assert!(lower.is_finite() && upper.is_finite(), "{good}");
        }
    }

    #[test]
    fn elo_figures_are_shown_with_few_digits() {
        let sprt: Sprt = "0,1e-300".parse().unwrap();
        let line = SprtStatus::from_games(&sprt, std::iter::empty()).line();
        assert!(
            line.starts_with("SPRT elo0 0 elo1 1e-300 (alpha 0.05, beta 0.05)"),
            "{line}"
        );
        assert!(line.len() < 200, "{line}");
        for (elo, shown) in [
            (20.0, "20"),
            (-5.5, "-5.5"),
            (1000.0, "1000"),
            (999.123_456_7, "999.123"),
            (0.001_234_567, "0.00123457"),
            (-1.5e-10, "-1.5e-10"),
            (1.0 / 3.0, "0.333333"),
        ] {
            assert_eq!(shown_number(elo), shown, "{elo}");
        }
        // The settings themselves keep every digit (standings.json, resumes).
        assert_eq!(sprt.to_string().parse::<Sprt>().unwrap(), sprt);
    }
}
