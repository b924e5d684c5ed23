//! `pacru moves`: the legal moves of a position, or their number.

use crate::Outcome;
use crate::cli::MovesArgs;
use crate::position_arg;
use std::io::Write;

/// Lists (sorted by byte order) or counts the legal moves.
pub fn run(args: &MovesArgs) -> anyhow::Result<Outcome> {
    let position = position_arg::parse(&args.ppn, args.rules.map(Into::into))?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if args.count {
        writeln!(out, "{}", position.legal_move_count())?;
    } else {
        let mut moves: Vec<String> = position.legal_moves().map(|m| m.to_string()).collect();
        moves.sort_unstable();
        for mv in moves {
            writeln!(out, "{mv}")?;
        }
    }
    out.flush()?;
    Ok(Outcome::Success)
}
