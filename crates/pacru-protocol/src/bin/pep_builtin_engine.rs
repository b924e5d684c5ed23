//! The built-in engines as a program, for tests and for people without the `pacru`
//! binary: `pep-builtin-engine random|greedy [SEED] [--threaded]`.
//!
//! By default it runs like `pacru engine random` (the blocking run loop over a locked
//! standard input); `--threaded` uses the threaded run loop instead.

use pacru_protocol::engines::{GreedyEngine, RandomEngine, run_greedy, run_random};
use pacru_protocol::run_engine;
use std::io::{self, BufReader};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let threaded = args.iter().any(|a| a == "--threaded");
    let words: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let Some(kind) = words.first() else {
        eprintln!("usage: pep-builtin-engine random|greedy [SEED] [--threaded]");
        return ExitCode::from(2);
    };
    let seed = match words.get(1).map(|s| s.parse::<u64>()) {
        None => 0,
        Some(Ok(seed)) => seed,
        Some(Err(_)) => {
            eprintln!("the seed must be a whole number");
            return ExitCode::from(2);
        }
    };
    let result = match (kind.as_str(), threaded) {
        ("random", false) => run_random(seed, io::stdin().lock(), io::stdout().lock()),
        ("greedy", false) => run_greedy(seed, io::stdin().lock(), io::stdout().lock()),
        ("random", true) => run_engine(
            RandomEngine::new(seed),
            BufReader::new(io::stdin()),
            io::stdout(),
        ),
        ("greedy", true) => run_engine(
            GreedyEngine { seed },
            BufReader::new(io::stdin()),
            io::stdout(),
        ),
        _ => {
            eprintln!("unknown engine `{kind}`: expected random or greedy");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pep-builtin-engine: {e}");
            ExitCode::FAILURE
        }
    }
}
