//! `pacru moves`: the legal moves of a position, or their number.

use crate::Outcome;
use crate::cli::MovesArgs;
use crate::outcome::write_failed;
use crate::position_arg;
use std::io::Write;

/// Lists (sorted by byte order) or counts the legal moves.
pub fn run(args: &MovesArgs) -> anyhow::Result<Outcome> {
    let position = position_arg::parse(&args.ppn, args.rules.map(Into::into))?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = if args.count {
        writeln!(out, "{}", position.legal_move_count())
    } else {
        position
            .sorted_legal_moves()
            .iter()
            .try_for_each(|mv| writeln!(out, "{mv}"))
    };
    written
        .and_then(|()| out.flush())
        .map_err(|e| write_failed(e, Outcome::Success))?;
    Ok(Outcome::Success)
}
