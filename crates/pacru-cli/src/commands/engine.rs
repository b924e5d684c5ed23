//! `pacru engine random|greedy|search`: a built-in engine on standard input and output.

use crate::Outcome;
use crate::cli::{EngineArgs, EngineKind};
use anyhow::Context;
use pacru_protocol::engines::{GreedyEngine, RandomEngine};
use pacru_protocol::{EngineRunOptions, run_engine_blocking, run_engine_with};
use pacru_search::SearchEngine;
use std::io::BufReader;

/// Runs the engine until `quit` or the end of the input.
pub fn run(args: &EngineArgs) -> anyhow::Result<Outcome> {
    let options = EngineRunOptions {
        framing: args.framing.map(Into::into),
    };
    let input = std::io::stdin().lock();
    let output = std::io::stdout().lock();
    let seed = args.seed;
    let result = match args.kind {
        EngineKind::Random => run_engine_blocking(RandomEngine::new(seed), input, output, &options),
        EngineKind::Greedy => run_engine_blocking(GreedyEngine { seed }, input, output, &options),
        EngineKind::Search => {
            // The search reads its input on a thread of its own, to hear `stop`.
            drop(input);
            let input = BufReader::new(std::io::stdin());
            run_engine_with(SearchEngine::new(seed), input, output, &options)
        }
    };
    result.context("the engine's input or output failed")?;
    Ok(Outcome::Success)
}
