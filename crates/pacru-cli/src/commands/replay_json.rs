//! `pacru replay --format json`: one game as JSON, every ply with its move, the
//! position after it and what it did (the data of `pacru view`'s page).

use crate::Outcome;
use crate::cli::ReplayArgs;
use crate::input;
use crate::outcome::write_failed;
use crate::words::plural;
use anyhow::{Context, bail};
use pacru_view::Games;
use std::io::Write;

/// Prints game `args.game` of the file as one line of JSON; exit status 1 when
/// the referee does not find it `ok` (an illegal move, a syntax error, a result
/// the rules do not give), unless `--ply` stops before the problem.
pub fn run(args: &ReplayArgs) -> anyhow::Result<Outcome> {
    let name = input::InputName::new(&args.file);
    let file = input::open(&name)?;
    let mut index = 0u64;
    for game in Games::new(file)
        .source(&*name)
        .default_rules(args.rules.map(Into::into).unwrap_or_default())
    {
        let mut game = game.with_context(|| format!("{name}: read error"))?;
        index += 1;
        if index < args.game {
            continue;
        }
        // `--ply K` before the referee's problem shows the game so far, all well.
        let stopped_before = args.ply.is_some_and(|k| k < game.plies.len());
        if let Some(k) = args.ply {
            if k > game.plies.len() {
                bail!(
                    "--ply {k}: game {} has only {} moves",
                    args.game,
                    game.plies.len()
                );
            }
            if k < game.plies.len() {
                game.plies.truncate(k);
                game.refused = None;
                game.syntax_error = None;
            }
        }
        let stops_early = !stopped_before
            && (!game.verdict.is_ok() || game.refused.is_some() || game.syntax_error.is_some());
        let mut json = crate::json::line(&game)?;
        json.push('\n');
        let earned = if stops_early {
            Outcome::Failure
        } else {
            Outcome::Success
        };
        let mut out = std::io::stdout().lock();
        out.write_all(json.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| write_failed(e, earned))?;
        return Ok(earned);
    }
    bail!(
        "{name} has {}, there is no game {}",
        plural(index, "game"),
        args.game
    )
}
