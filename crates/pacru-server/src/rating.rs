//! Ratings: one pool per player count, updated from each rated game's result.
//!
//! - **2 players**: Glicko-2 (skillratings' `glicko2`), one update per game as
//!   lichess does, with lichess's parameters: a new player starts at rating
//!   1500, deviation 350, volatility 0.06 (skillratings' defaults), and the
//!   system constant tau is 0.75 (lichess's; skillratings' default is 0.5).
//! - **3 and 4 players**: Weng-Lin (OpenSkill, skillratings' `weng_lin_multi_team`
//!   with one-player teams and its default parameters: mu 25, sigma 25/3,
//!   beta 25/6) by finishing place (see [`places`]). Its mu and sigma are shown
//!   on the Glicko scale, so that every pool reads alike: rating
//!   `1500 + 42 (mu - 25)`, deviation `42 sigma` (a new player: 1500 and 350).
//!
//! A rating is provisional while its deviation is above
//! [`PROVISIONAL_DEVIATION`] (110, lichess's threshold), in every pool.

use crate::game::GameState;
use pacru_core::{Colour, Move, Position, RulesEdition};
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use skillratings::{MultiTeamOutcome, Outcomes};

/// A rating whose deviation is above this is provisional (lichess: 110).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Glicko-2's system constant tau (lichess's).
pub const GLICKO2_TAU: f64 = 0.75;

/// Weng-Lin points to shown points: 350 / (25 / 3).
const WENG_LIN_SCALE: f64 = 42.0;

/// A player's rating in one pool, on the shown (Glicko) scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (Glicko-2's rating; Weng-Lin's mu, scaled).
    pub rating: f64,
    /// The deviation (Glicko-2's; Weng-Lin's sigma, scaled).
    pub deviation: f64,
    /// Glicko-2's volatility (kept at its start value in the Weng-Lin pools).
    pub volatility: f64,
    /// Rated games played in the pool.
    pub games: u32,
}

impl Rating {
    /// The rating of a player without rated games: 1500, 350, 0.06.
    pub const INITIAL: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
        games: 0,
    };

    /// Whether the rating is still provisional (deviation above 110).
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    fn glicko2(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn weng_lin(&self) -> WengLinRating {
        WengLinRating {
            rating: 25.0 + (self.rating - 1500.0) / WENG_LIN_SCALE,
            uncertainty: self.deviation / WENG_LIN_SCALE,
        }
    }
}

/// The Glicko-2 configuration of the 2-player pool.
pub fn glicko2_config() -> Glicko2Config {
    Glicko2Config {
        tau: GLICKO2_TAU,
        ..Glicko2Config::new()
    }
}

/// A 2-player game's update: `score` is the first player's (1 win, 0.5 draw, 0 loss).
pub fn rate_two(first: &Rating, second: &Rating, score: f64) -> (Rating, Rating) {
    let outcome = if score > 0.75 {
        Outcomes::WIN
    } else if score < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let (a, b) = glicko2(
        &first.glicko2(),
        &second.glicko2(),
        &outcome,
        &glicko2_config(),
    );
    let back = |r: Glicko2Rating, old: &Rating| Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        games: old.games + 1,
    };
    (back(a, first), back(b, second))
}

/// A free-for-all game's update: each player's rating and finishing place
/// (1 best; equal places share).
pub fn rate_places(players: &[(Rating, usize)]) -> Vec<Rating> {
    let teams: Vec<[WengLinRating; 1]> = players.iter().map(|(r, _)| [r.weng_lin()]).collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(players)
        .map(|(team, (_, place))| (&team[..], MultiTeamOutcome::new(*place)))
        .collect();
    let updated = weng_lin_multi_team(&ranked, &WengLinConfig::new());
    updated
        .iter()
        .zip(players)
        .map(|(team, (old, _))| Rating {
            rating: 1500.0 + (team[0].rating - 25.0) * WENG_LIN_SCALE,
            deviation: team[0].uncertainty * WENG_LIN_SCALE,
            volatility: old.volatility,
            games: old.games + 1,
        })
        .collect()
}

/// The finishing places of a game of `players` players after `moves`, in seat
/// order (1 best): the winner first, then the others in reverse order of
/// leaving (the last to leave is placed highest), those still on the board
/// sharing a place. Without a winner (a draw) those still on the board share
/// first place. A player leaves by resigning (a flag in a 3-4 player game is a
/// `resign`), by losing their last chevron, or blocked, as
/// [`Position::explain`] tells.
pub fn places(
    players: usize,
    rules: RulesEdition,
    moves: &[Move],
    winner: Option<Colour>,
) -> Option<Vec<(Colour, usize)>> {
    let mut position = Position::standard(players).ok()?.with_rules(rules);
    let seats: Vec<Colour> = position.players().iter().collect();
    let mut left: Vec<Colour> = Vec::new();
    for mv in moves {
        let effects = position.explain(mv).ok()?;
        for (colour, _) in &effects.out {
            if !left.contains(colour) {
                left.push(*colour);
            }
        }
        position.play_unchecked(mv);
    }
    let mut place = 1;
    let mut out = Vec::new();
    if let Some(w) = winner {
        out.push((w, 1));
        place = 2;
    }
    let standing: Vec<Colour> = seats
        .iter()
        .copied()
        .filter(|c| Some(*c) != winner && !left.contains(c))
        .collect();
    if !standing.is_empty() {
        out.extend(standing.iter().map(|&c| (c, place)));
        place += 1;
    }
    for &c in left.iter().rev() {
        if Some(c) != winner {
            out.push((c, place));
            place += 1;
        }
    }
    out.sort_by_key(|(c, _)| seats.iter().position(|s| s == c));
    Some(out)
}

/// Whether `game` counts for ratings: rated, and with at least one seat held
/// by an account that is not a bot.
pub fn counts(game: &GameState) -> bool {
    game.rated
        && game
            .seats
            .iter()
            .any(|s| s.user.as_ref().is_some_and(|u| !u.bot))
}

/// The new ratings of the seats of finished `game` (in seat order) from their
/// ratings before it, with each seat's place (1 best), or `None` when its
/// places cannot be told (a stored move that does not replay).
pub fn rate_game(game: &GameState, before: &[Rating]) -> Option<Vec<(Rating, usize)>> {
    let players = game.seats.len();
    let winner = game.winner();
    if players == 2 {
        let first = game.seats[0].colour;
        let (score, places) = match winner {
            Some(w) if w == first => (1.0, [1, 2]),
            Some(_) => (0.0, [2, 1]),
            None => (0.5, [1, 1]),
        };
        let (a, b) = rate_two(&before[0], &before[1], score);
        return Some(vec![(a, places[0]), (b, places[1])]);
    }
    let moves: Vec<Move> = game.moves.iter().map(|m| m.mv.clone()).collect();
    let places: Vec<usize> = places(players, game.rules, &moves, winner)?
        .into_iter()
        .map(|(_, p)| p)
        .collect();
    let input: Vec<(Rating, usize)> = before.iter().copied().zip(places.clone()).collect();
    Some(rate_places(&input).into_iter().zip(places).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_update_is_skillratings_glicko2_with_tau_075() {
        let a = Rating {
            rating: 1600.0,
            deviation: 120.0,
            volatility: 0.06,
            games: 7,
        };
        let b = Rating::INITIAL;
        let (na, nb) = rate_two(&a, &b, 0.0);
        let config = Glicko2Config {
            tau: 0.75,
            convergence_tolerance: 0.000_001,
        };
        let (ea, eb) = glicko2(
            &Glicko2Rating {
                rating: 1600.0,
                deviation: 120.0,
                volatility: 0.06,
            },
            &Glicko2Rating::new(),
            &Outcomes::LOSS,
            &config,
        );
        assert_eq!(
            (na.rating, na.deviation, na.volatility),
            (ea.rating, ea.deviation, ea.volatility)
        );
        assert_eq!(
            (nb.rating, nb.deviation, nb.volatility),
            (eb.rating, eb.deviation, eb.volatility)
        );
        assert_eq!((na.games, nb.games), (8, 1));
        assert!(na.rating < 1600.0 && nb.rating > 1500.0);
    }

    #[test]
    fn weng_lin_scale_maps_the_start_to_1500_350() {
        let w = Rating::INITIAL.weng_lin();
        assert!((w.rating - 25.0).abs() < 1e-12);
        assert!((w.uncertainty - 25.0 / 3.0).abs() < 1e-12);
        let out = rate_places(&[
            (Rating::INITIAL, 1),
            (Rating::INITIAL, 2),
            (Rating::INITIAL, 3),
        ]);
        let expected = weng_lin_multi_team(
            &[
                (&[WengLinRating::new()][..], MultiTeamOutcome::new(1)),
                (&[WengLinRating::new()][..], MultiTeamOutcome::new(2)),
                (&[WengLinRating::new()][..], MultiTeamOutcome::new(3)),
            ],
            &WengLinConfig::new(),
        );
        for (r, e) in out.iter().zip(&expected) {
            assert!((r.rating - (1500.0 + 42.0 * (e[0].rating - 25.0))).abs() < 1e-9);
            assert!((r.deviation - 42.0 * e[0].uncertainty).abs() < 1e-9);
        }
        assert!(out[0].rating > out[1].rating && out[1].rating > out[2].rating);
    }

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn places_winner_then_reverse_leaving_order_standing_share() {
        let position = Position::standard(4).unwrap();
        let seats: Vec<Colour> = position.players().iter().collect();
        // The first two to move resign: the first leaves first.
        let moves = vec![mv("resign"), mv("resign")];
        let got = places(4, RulesEdition::default(), &moves, None).unwrap();
        assert_eq!(
            got,
            vec![(seats[0], 3), (seats[1], 2), (seats[2], 1), (seats[3], 1)]
        );
        // Three resign: the last standing wins, the last to leave is second.
        let moves = vec![mv("resign"), mv("resign"), mv("resign")];
        let mut replay = Position::standard(4).unwrap();
        for m in &moves {
            replay = replay.play(m).unwrap();
        }
        assert_eq!(replay.winner(), Some(seats[3]));
        let got = places(4, RulesEdition::default(), &moves, Some(seats[3])).unwrap();
        assert_eq!(
            got,
            vec![(seats[0], 4), (seats[1], 3), (seats[2], 2), (seats[3], 1)]
        );
        // A winner with two still on the board: those two share second place.
        let three: Vec<Colour> = Position::standard(3).unwrap().players().iter().collect();
        let got = places(3, RulesEdition::default(), &[], Some(three[1])).unwrap();
        assert_eq!(got, vec![(three[0], 2), (three[1], 1), (three[2], 2)]);
    }

    /// A small deterministic generator (SplitMix64) for the simulation.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        fn unit(&mut self) -> f64 {
            (self.next() >> 11) as f64 / (1u64 << 53) as f64
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
        fn normal(&mut self) -> f64 {
            let u = self.unit().max(1e-300);
            let v = self.unit();
            (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
        }
        /// `k` distinct indices below `n`.
        fn pick(&mut self, n: usize, k: usize) -> Vec<usize> {
            let mut all: Vec<usize> = (0..n).collect();
            for i in 0..k {
                let j = i + self.below(n - i);
                all.swap(i, j);
            }
            all.truncate(k);
            all
        }
    }

    /// Kendall's tau between two orders of the same items (no ties).
    fn kendall_tau(a: &[f64], b: &[f64]) -> f64 {
        let n = a.len();
        let (mut concordant, mut discordant) = (0i64, 0i64);
        for i in 0..n {
            for j in i + 1..n {
                let s = (a[i] - a[j]).signum() * (b[i] - b[j]).signum();
                if s > 0.0 {
                    concordant += 1;
                } else if s < 0.0 {
                    discordant += 1;
                }
            }
        }
        (concordant - discordant) as f64 / (n * (n - 1) / 2) as f64
    }

    /// Players of known strength (performance: strength plus normal noise of
    /// standard deviation 200 per game) play rated games through [`rate_game`]'s
    /// functions; the pools' order must converge to the strengths' order.
    fn simulate(players_per_game: usize, games: usize, seed: u64) -> f64 {
        let strengths: Vec<f64> = (0..10).map(|i| 1000.0 + 100.0 * i as f64).collect();
        let mut ratings = vec![Rating::INITIAL; strengths.len()];
        let mut rng = Rng(seed);
        for _ in 0..games {
            let seats = rng.pick(strengths.len(), players_per_game);
            let perf: Vec<f64> = seats
                .iter()
                .map(|&i| strengths[i] + 200.0 * rng.normal())
                .collect();
            if players_per_game == 2 {
                let score = if perf[0] > perf[1] { 1.0 } else { 0.0 };
                let (a, b) = rate_two(&ratings[seats[0]], &ratings[seats[1]], score);
                ratings[seats[0]] = a;
                ratings[seats[1]] = b;
            } else {
                let input: Vec<(Rating, usize)> = seats
                    .iter()
                    .zip(&perf)
                    .map(|(&i, p)| (ratings[i], 1 + perf.iter().filter(|q| *q > p).count()))
                    .collect();
                for (&i, r) in seats.iter().zip(rate_places(&input)) {
                    ratings[i] = r;
                }
            }
        }
        let shown: Vec<f64> = ratings.iter().map(|r| r.rating).collect();
        let tau = kendall_tau(&strengths, &shown);
        println!("{players_per_game}-player pool after {games} games: Kendall tau {tau:.3}");
        tau
    }

    #[test]
    fn simulated_two_player_pool_converges_to_the_true_order() {
        let tau = simulate(2, 3000, 7);
        assert!(tau >= 0.8, "2-player pool: Kendall tau {tau:.3} < 0.8");
    }

    #[test]
    fn simulated_four_player_pool_converges_to_the_true_order() {
        let tau = simulate(4, 1500, 11);
        assert!(tau >= 0.8, "4-player pool: Kendall tau {tau:.3} < 0.8");
    }

    #[test]
    fn simulated_three_player_pool_converges_to_the_true_order() {
        let tau = simulate(3, 2000, 13);
        assert!(tau >= 0.8, "3-player pool: Kendall tau {tau:.3} < 0.8");
    }
}
