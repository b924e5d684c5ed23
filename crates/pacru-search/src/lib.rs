#![doc = include_str!("../README.md")]

mod candidates;
mod engine;
mod evaluate;
mod playout;
mod search;
mod tree;

pub use candidates::candidate_moves;
pub use engine::{SearchEngine, run_search};
pub use evaluate::{Rewards, rewards};
pub use search::{Evaluation, Limits, Progress, SearchConfig, SearchResult, SearchTree, Searcher};
