//! How much the engine thinks about each position, and with which seed.

use pacru_search::{Limits, SearchConfig, Searcher};
use std::fmt;
use std::time::Duration;

/// The engine's effort for each position of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A number of simulations: the analysis then depends only on the game, the
    /// budget and the seed.
    Nodes(u64),
    /// A time: the analysis then depends on the machine's speed.
    MoveTime(Duration),
}

impl Budget {
    /// The search limits of one position.
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

/// The default budget: 5,000 simulations a position, about what the engine
/// plays with at 100 ms a move.
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
    /// The searcher of every position.
    pub(crate) fn searcher(&self) -> Searcher {
        Searcher::new(SearchConfig {
            seed: self.seed,
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
