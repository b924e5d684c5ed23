//! How much the engine thinks about each position, and with which seed.

use pacru_core::SplitMix64;
use pacru_search::{Limits, SearchConfig, Searcher};
use std::fmt;
use std::time::Duration;

/// The engine's effort for each position of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A number of simulations a search: the analysis then depends only on the
    /// game, the budget and the seed.
    Nodes(u64),
    /// A time a search: the analysis then depends on the machine's speed.
    MoveTime(Duration),
}

impl Budget {
    /// The search limits of one search of a position.
    pub(crate) fn limits(self) -> Limits {
        match self {
            Budget::Nodes(n) => Limits {
                simulations: Some(n.max(1)),
                time: None,
            },
            Budget::MoveTime(t) => Limits {
                simulations: None,
                time: Some(t),
            },
        }
    }
}

impl fmt::Display for Budget {
    /// `5000 nodes a ply` or `100 ms a ply`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Nodes(n) => write!(f, "{n} nodes a ply"),
            Budget::MoveTime(t) => write!(f, "{} ms a ply", t.as_millis()),
        }
    }
}

/// The seed of the `search`-th search of a position under the analysis seed
/// `seed`: `seed` itself for the first, then numbers drawn from it.
fn search_seed(seed: u64, search: usize) -> u64 {
    let mut draws = SplitMix64::new(seed ^ 0xA5A5_5A5A_C3C3_3C3C);
    (0..search).fold(seed, |_, _| draws.next_u64())
}

/// How to analyse games.
///
/// ```
/// use pacru_analysis::{AnalysisOptions, Budget};
/// let options = AnalysisOptions { budget: Budget::Nodes(2000), seed: 7 };
/// assert_eq!(options.annotator(), format!("pacru search {}, 2000 nodes a ply, seed 7", env!("CARGO_PKG_VERSION")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisOptions {
    /// The effort for each position.
    pub budget: Budget,
    /// The seed of the engine's random choices.
    pub seed: u64,
}

/// The default budget: 5,000 simulations a search of a position, about what the
/// engine plays with at 100 ms a move.
pub const DEFAULT_NODES: u64 = 5000;

impl Default for AnalysisOptions {
    fn default() -> AnalysisOptions {
        AnalysisOptions {
            budget: Budget::Nodes(DEFAULT_NODES),
            seed: 0,
        }
    }
}

impl AnalysisOptions {
    /// The searcher of the `search`-th search of a position (from 0): the first
    /// with the seed itself, the others with seeds drawn from it, unlike the
    /// seeds of other analyses' first searches.
    pub(crate) fn searcher(&self, search: usize) -> Searcher {
        Searcher::new(SearchConfig {
            seed: search_seed(self.seed, search),
            ..SearchConfig::default()
        })
    }

    /// Who analysed, for the record's `Annotator` tag: the engine, its version,
    /// the budget and the seed.
    pub fn annotator(&self) -> String {
        format!(
            "pacru search {}, {}, seed {}",
            env!("CARGO_PKG_VERSION"),
            self.budget,
            self.seed
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_search_of_a_position_has_its_own_seed() {
        assert_eq!(search_seed(7, 0), 7);
        let seeds: Vec<u64> = (0..4)
            .flat_map(|seed| (0..4).map(move |search| search_seed(seed, search)))
            .collect();
        let mut distinct = seeds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), seeds.len());
        // The later searches of one analysis are not the first searches of
        // analyses with nearby seeds.
        assert!(seeds.iter().filter(|&&s| s < 1000).count() == 4);
    }
}
