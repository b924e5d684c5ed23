//! `pacru moves`: the legal moves of a position, or their number.

use crate::Outcome;
use crate::cli::MovesArgs;
use crate::diagnostics;
use crate::outcome::write_failed;
use crate::position_arg;
use pacru_core::Status;
use std::io::Write;

/// Lists (sorted by byte order) or counts the legal moves.
pub fn run(args: &MovesArgs) -> anyhow::Result<Outcome> {
    let position = position_arg::parse(&args.ppn, args.rules.map(Into::into))?;
    // A finished game has no moves; say why the list is empty.
    match position.status() {
        Status::Ongoing => {}
        Status::Won { winner, .. } => diagnostics::note(format!(
            "the game is over: {winner} has won, so there are no moves"
        )),
        Status::NoWinner => diagnostics::note(
            "the game is over: no player has chevrons left, so there are no moves",
        ),
    }
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
