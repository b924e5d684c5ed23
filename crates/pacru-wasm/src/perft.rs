//! The limits of perft, the count of move sequences, as the package offers it
//! (`Position.perft`, `Position.perftDivide`): the counting is the core's
//! ([`pacru_core::Position::perft_counting`]).

/// The deepest perft the package counts. A count this deep would take longer than
/// anyone waits (the 2-player start has 16,168 sequences of 3 moves); the limit
/// keeps the recursion within the module's fixed stack.
pub const MAX_DEPTH: u64 = 30;
