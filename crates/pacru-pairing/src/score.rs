//! Points, exactly: a game hands out one point, split among 2, 3 or 4 players, so
//! every score is a whole number of twelfths.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign};
use std::str::FromStr;

/// A number of points, held exactly as a whole number of twelfths of a point
/// (every share of a game among 2, 3 or 4 players is one).
///
/// ```
/// use pacru_pairing::Score;
/// let third = Score::ONE.share(3).unwrap();
/// assert_eq!(third + third + third, Score::ONE);
/// assert_eq!(third.to_string(), "0.33");
/// assert_eq!("1/2".parse::<Score>().unwrap(), Score::from_twelfths(6));
/// assert_eq!((Score::ONE + Score::ONE.share(2).unwrap()).to_f64(), 1.5);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(u32);

impl Score {
    /// No points.
    pub const ZERO: Score = Score(0);
    /// One point: what a game hands out.
    pub const ONE: Score = Score(12);

    /// The score of `twelfths` twelfths of a point.
    pub const fn from_twelfths(twelfths: u32) -> Score {
        Score(twelfths)
    }

    /// The score in twelfths of a point.
    pub const fn twelfths(self) -> u32 {
        self.0
    }

    /// The score as a number of points (exact for display: `n / 12`).
    pub fn to_f64(self) -> f64 {
        f64::from(self.0) / 12.0
    }

    /// This score split equally among `players` (1 to 4, or 6 or 12): `None` when
    /// the share is not a whole number of twelfths.
    pub fn share(self, players: usize) -> Option<Score> {
        let players = u32::try_from(players).ok().filter(|&p| p > 0)?;
        self.0
            .is_multiple_of(players)
            .then(|| Score(self.0 / players))
    }

    /// The score of `points` points, if it is a whole number of twelfths (within
    /// rounding: `1.0 / 3.0` is a third).
    pub fn from_f64(points: f64) -> Option<Score> {
        let twelfths = points * 12.0;
        let rounded = twelfths.round();
        ((twelfths - rounded).abs() < 1e-6 && (0.0..=f64::from(u32::MAX)).contains(&rounded))
            .then_some(Score(rounded as u32))
    }
}

impl Add for Score {
    type Output = Score;
    fn add(self, other: Score) -> Score {
        Score(self.0.saturating_add(other.0))
    }
}

impl AddAssign for Score {
    fn add_assign(&mut self, other: Score) {
        *self = *self + other;
    }
}

impl Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        iter.fold(Score::ZERO, Add::add)
    }
}

impl fmt::Display for Score {
    /// Whole points, then at most two decimals: `2`, `1.5`, `0.33`, `2.25`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{:.2}", self.to_f64());
        f.pad(text.trim_end_matches('0').trim_end_matches('.'))
    }
}

/// Why a text is not a score.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a score: {reason}")]
pub struct ScoreError {
    text: String,
    reason: &'static str,
}

impl FromStr for Score {
    type Err = ScoreError;

    /// A score written as a decimal (`1`, `0.5`, `0.25`) or a fraction (`1/3`),
    /// a whole number of twelfths of a point, at most 1000 points.
    fn from_str(text: &str) -> Result<Score, ScoreError> {
        let error = |reason| ScoreError {
            text: text.chars().take(40).collect(),
            reason,
        };
        let twelfths = if let Some((num, den)) = text.split_once('/') {
            let num: u32 = num
                .trim()
                .parse()
                .map_err(|_| error("write a fraction as N/D"))?;
            let den: u32 = den
                .trim()
                .parse()
                .map_err(|_| error("write a fraction as N/D"))?;
            if den == 0 || 12 % den != 0 {
                return Err(error(
                    "the denominator must be 1, 2, 3, 4, 6 or 12 (a score is counted in twelfths of a point)",
                ));
            }
            num.checked_mul(12 / den)
                .ok_or_else(|| error("too many points"))?
        } else {
            let bad = || error("write a number of points such as 1, 0.5 or 1/3");
            if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit() || c == '.') {
                return Err(bad());
            }
            let points: f64 = text.parse().map_err(|_| bad())?;
            Score::from_f64(points)
                .ok_or_else(|| error("not a whole number of twelfths of a point: write thirds as fractions, e.g. 1/3"))?
                .0
        };
        if twelfths > 12_000 {
            return Err(error("at most 1000 points"));
        }
        Ok(Score(twelfths))
    }
}

/// How a game ended, for scoring: seats are places in the order of play, from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player in this seat won: winner takes all.
    Win(usize),
    /// No winner: the point is split equally among these seats (the players
    /// still in the game at the end who did not forfeit); the others get 0.
    Draw(Vec<usize>),
    /// No result (an abandoned game): no points, and no game is counted.
    None,
}

impl Outcome {
    /// The points of each of `seats` seats: winner takes all; a draw splits one
    /// point among the seats sharing it (a half, a third, a quarter); no result
    /// gives nothing.
    ///
    /// ```
    /// use pacru_pairing::{Outcome, Score};
    /// assert_eq!(Outcome::Win(1).points(3), [Score::ZERO, Score::ONE, Score::ZERO]);
    /// let half = Score::from_twelfths(6);
    /// assert_eq!(Outcome::Draw(vec![0, 2]).points(3), [half, Score::ZERO, half]);
    /// ```
    pub fn points(&self, seats: usize) -> Vec<Score> {
        let mut points = vec![Score::ZERO; seats];
        match self {
            Outcome::Win(seat) => {
                if let Some(p) = points.get_mut(*seat) {
                    *p = Score::ONE;
                }
            }
            Outcome::Draw(sharing) => {
                let sharing: Vec<usize> = sharing.iter().copied().filter(|&s| s < seats).collect();
                if let Some(share) = Score::ONE.share(sharing.len()) {
                    for s in sharing {
                        points[s] = share;
                    }
                }
            }
            Outcome::None => {}
        }
        points
    }
}

/// What a bye is worth: what a player scores at a table on average. A table of
/// `players` that plays `games` games hands out `games` points, so the bye is
/// `games / players` points: 1 point in the arena (a table plays one game per
/// rotation of its order of play), a half, a third or a quarter in an event of
/// one game a table. `None` if that is not a whole number of twelfths.
///
/// ```
/// use pacru_pairing::{Score, average_bye};
/// assert_eq!(average_bye(3, 3), Some(Score::ONE));
/// assert_eq!(average_bye(4, 1), Some(Score::from_twelfths(3)));
/// ```
pub fn average_bye(players: usize, games: u32) -> Option<Score> {
    Score::from_twelfths(games.checked_mul(12)?).share(players)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_exact() {
        for k in 1..=4 {
            let share = Score::ONE.share(k).unwrap();
            assert_eq!((0..k).map(|_| share).sum::<Score>(), Score::ONE);
        }
        assert_eq!(Score::ONE.share(5), None);
        assert_eq!(Score::ONE.share(0), None);
    }

    #[test]
    fn display_and_parse() {
        let cases = [
            (0, "0"),
            (12, "1"),
            (6, "0.5"),
            (4, "0.33"),
            (8, "0.67"),
            (3, "0.25"),
            (27, "2.25"),
            (40, "3.33"),
        ];
        for (t, text) in cases {
            assert_eq!(Score(t).to_string(), text);
        }
        for (text, t) in [
            ("1", 12),
            ("0.5", 6),
            ("0.25", 3),
            ("1/3", 4),
            ("2/4", 6),
            ("0", 0),
        ] {
            assert_eq!(text.parse::<Score>().unwrap(), Score(t), "{text}");
        }
        for bad in [
            "", "-1", "0.33", "1/5", "1/0", "x", "1e3", "nan", "1001", "inf",
        ] {
            let err = bad.parse::<Score>().unwrap_err();
            assert!(err.to_string().contains("is not a score"), "{bad}: {err}");
        }
    }

    #[test]
    fn from_f64_accepts_the_float_shares() {
        assert_eq!(Score::from_f64(1.0 / 3.0), Some(Score(4)));
        assert_eq!(Score::from_f64(2.0 / 3.0 + 1.0 / 3.0), Some(Score(12)));
        assert_eq!(Score::from_f64(0.1), None);
        assert_eq!(Score::from_f64(-1.0), None);
        assert_eq!(Score(4).to_f64(), 1.0 / 3.0);
    }

    #[test]
    fn outcomes_score_as_the_tournaments_do() {
        assert_eq!(Outcome::Win(0).points(2), [Score::ONE, Score::ZERO]);
        assert_eq!(Outcome::Draw(vec![0, 1]).points(2), [Score(6), Score(6)]);
        assert_eq!(
            Outcome::Draw(vec![0, 1, 3]).points(4),
            [Score(4), Score(4), Score::ZERO, Score(4)]
        );
        assert_eq!(Outcome::None.points(3), [Score::ZERO; 3]);
        assert_eq!(Outcome::Draw(vec![]).points(2), [Score::ZERO; 2]);
    }
}
