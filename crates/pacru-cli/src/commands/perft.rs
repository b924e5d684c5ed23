//! `pacru perft`: the number of move sequences of a given length, optionally per first move.

use crate::Outcome;
use crate::cli::PerftArgs;
use crate::position_arg;
use pacru_core::Position;
use rayon::prelude::*;
use std::io::Write;

/// Each legal first move (canonical notation, sorted by byte order) with its count.
fn divide(position: &Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves: Vec<_> = position.legal_moves().collect();
    let mut counts: Vec<(String, u64)> = moves
        .par_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            (mv.to_string(), child.perft(depth - 1))
        })
        .collect();
    counts.sort_unstable();
    counts
}

/// Prints the count, or the divide lines and the total.
pub fn run(args: &PerftArgs) -> anyhow::Result<Outcome> {
    let position = position_arg::parse(&args.ppn, args.rules.map(Into::into))?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if args.divide {
        let counts = divide(&position, args.depth);
        let total: u64 = if args.depth == 0 {
            1
        } else {
            counts.iter().map(|(_, n)| n).sum()
        };
        for (mv, count) in &counts {
            writeln!(out, "{mv}: {count}")?;
        }
        writeln!(out, "total: {total}")?;
    } else {
        let total = if args.depth <= 1 {
            position.perft(args.depth)
        } else {
            divide(&position, args.depth).iter().map(|(_, n)| n).sum()
        };
        writeln!(out, "{total}")?;
    }
    out.flush()?;
    Ok(Outcome::Success)
}
