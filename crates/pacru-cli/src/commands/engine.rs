//! `pacru engine random|greedy|search`: a built-in engine on standard input and output.

use crate::Outcome;
use crate::cli::{EngineArgs, EngineKind};
use anyhow::Context;

/// Runs the engine until `quit` or the end of the input.
pub fn run(args: &EngineArgs) -> anyhow::Result<Outcome> {
    let input = std::io::stdin().lock();
    let output = std::io::stdout().lock();
    let result = match args.kind {
        EngineKind::Random => pacru_protocol::engines::run_random(args.seed, input, output),
        EngineKind::Greedy => pacru_protocol::engines::run_greedy(args.seed, input, output),
        EngineKind::Search => {
            // The search reads its input on a thread of its own, to hear `stop`.
            drop(input);
            pacru_search::run_search(args.seed, output)
        }
    };
    result.context("the engine's input or output failed")?;
    Ok(Outcome::Success)
}
