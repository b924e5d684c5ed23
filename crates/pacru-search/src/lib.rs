//! Monte Carlo tree search for Pacru.
//!
//! [`Searcher`] runs UCT over the moves of a position for 2, 3 or 4 players: each
//! node keeps the summed rewards of every seat (max-n style), so each player picks
//! what is best for themselves. Leaves are judged by a short informed playout (mostly
//! the move that gains the most fields, sometimes a random one) and a field-and-chevron
//! evaluation; won games are recognised at once and proven wins and losses in one ply
//! are propagated. The inner loop uses only `pacru-core`'s fast paths: skeleton
//! generation, `Position::play_unchecked`, `Position::random_move` and cloning.
//!
//! [`SearchEngine`] wraps it as a PEP engine (`pacru engine search`).

mod candidates;
mod engine;
mod evaluate;
mod playout;
mod search;
mod tree;

pub use candidates::candidate_moves;
pub use engine::{SearchEngine, run_search};
pub use evaluate::{Rewards, rewards};
pub use search::{Limits, Progress, SearchConfig, SearchResult, Searcher};
