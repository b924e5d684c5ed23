//! `pacru board`: the viewer page opened on a live game, to play and record.

use crate::Outcome;
use crate::cli::BoardArgs;
use crate::{diagnostics, input, position_arg};
use anyhow::{Context, bail};
use pacru_notation::pgr::Reader;
use pacru_view::page::{LiveGame, PageWriter};
use std::fs::File;
use std::io::{self, BufWriter, Write};

/// Writes the page.
pub fn run(args: &BoardArgs) -> anyhow::Result<Outcome> {
    let rules = args.rules.map(Into::into);
    let live = match (&args.record, &args.position) {
        (Some(record), _) => match recorded(&input::InputName::new(record), rules)? {
            Some(live) => live,
            None => return Ok(Outcome::Failure),
        },
        (None, Some(ppn)) => LiveGame::from_position(&position_arg::parse(ppn, rules)?)?,
        (None, None) => LiveGame::standard(
            usize::from(args.players.unwrap_or(2)),
            rules.unwrap_or_default(),
        )?,
    };
    let title = args.title.as_deref().unwrap_or("pacru board");
    let out: Box<dyn Write> = if args.output.as_os_str() == input::STDIN {
        Box::new(io::stdout().lock())
    } else {
        let file = File::create(&args.output)
            .with_context(|| format!("cannot write {}", args.output.display()))?;
        Box::new(file)
    };
    let mut page = PageWriter::new(BufWriter::new(out), title).context("cannot write the page")?;
    page.live_game(live);
    page.finish().context("cannot write the page")?;
    Ok(Outcome::Success)
}

/// The first game of the record `name`, refereed: `None` (after saying why) when
/// it is not a legal game.
fn recorded(
    name: &input::InputName,
    rules: Option<pacru_core::RulesEdition>,
) -> anyhow::Result<Option<LiveGame>> {
    let file = input::open(name).map_err(|e| anyhow::anyhow!("{e:#}"))?;
    let shown = diagnostics::safe(name);
    let mut game = match Reader::new(file).read_game() {
        Ok(Some(game)) => game,
        Ok(None) => bail!("{shown}: no game in the record"),
        Err(error) => {
            diagnostics::error(format!(
                "{shown} game 1 (line {}) does not parse: line {}, column {}: {}; the board \
                 continues only a game `pacru check` finds ok",
                error.game_line,
                error.line,
                error.column,
                diagnostics::safe(&error.message)
            ));
            return Ok(None);
        }
    };
    if let Some(rules) = rules
        && !game.tags.contains("Rules")
    {
        game.tags.set("Rules", rules.year());
    }
    let verdict = pacru_referee::check_game(&game);
    if let Some(error) = &verdict.error {
        let rule = error.rule.map(|r| format!("{r}: ")).unwrap_or_default();
        diagnostics::error(format!(
            "{shown} game 1 (line {}) is {}: line {}, column {}: {rule}{}; the board continues only a game `pacru check` finds ok",
            verdict.line,
            verdict.status,
            error.line,
            error.column,
            diagnostics::safe(&error.message)
        ));
        return Ok(None);
    }
    Ok(Some(LiveGame::from_game(game)?))
}
