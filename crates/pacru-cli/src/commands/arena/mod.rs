//! `pacru match` and `pacru tournament`: the command line around `pacru-arena`.
//! The arguments are in [`crate::cli::arena`]; [`report`] draws the progress bar and log
//! lines; [`signals`] turns SIGINT, SIGTERM and SIGHUP into a clean stop; [`again`]
//! holds a resume without engines to the settings given again.

mod again;
mod report;
mod signals;

use crate::Outcome;
use crate::cli::{
    ArenaArgs, MatchArgs, ShardArg, StandingsFormat, TournamentArgs, TournamentSystemArg,
};
use crate::strays::Strays;
use anyhow::Context as _;
use pacru_arena::engine::dedupe_names;
use pacru_arena::event::Given;
use pacru_arena::shard::Shard;
use pacru_arena::{
    ArenaError, EngineConfig, EventConfig, EventOptions, EventReport, Standings, StopHandle,
    System, TimeControl, load_openings, run_event_with,
};
use pacru_core::RulesEdition;
use pacru_protocol::Framing;
use report::Reporter;
use signals::Interrupts;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Runs `pacru match`.
pub fn run_match(args: &MatchArgs) -> anyhow::Result<Outcome> {
    let n = args.engines.len();
    if !args.event.resume && !(2..=4).contains(&n) {
        anyhow::bail!("a match is between 2 to 4 engines, not {n}");
    }
    if args.sprt.is_some() && !args.event.resume && n != 2 {
        anyhow::bail!("--sprt is for a match between 2 engines, not {n}");
    }
    let default_games = if args.sprt.is_some() {
        1000
    } else {
        2 * n as u32
    };
    let games = args.games.unwrap_or(default_games);
    let config = event_config(
        &args.engines,
        System::Match { games },
        n,
        1,
        &args.event,
        "pacru match",
    )?;
    let given = match config {
        Some(mut config) => {
            config.sprt = args.sprt;
            Given::Event(Box::new(config))
        }
        None => again::match_given(args),
    };
    run(given, &args.event, "match")
}

/// Runs `pacru tournament`.
pub fn run_tournament(args: &TournamentArgs) -> anyhow::Result<Outcome> {
    let system = match args.system {
        TournamentSystemArg::RoundRobin => System::RoundRobin,
        TournamentSystemArg::Gauntlet => System::Gauntlet {
            seeds: args.gauntlet_seeds,
        },
        TournamentSystemArg::Swiss => System::Swiss,
    };
    let rounds = args.rounds.unwrap_or(match system {
        System::Swiss => {
            let n = args.engines.len().max(2);
            (usize::BITS - (n - 1).leading_zeros()).max(3)
        }
        _ => 1,
    });
    let config = event_config(
        &args.engines,
        system,
        args.players,
        rounds,
        &args.event,
        "pacru tournament",
    )?;
    let given = match config {
        Some(config) => Given::Event(Box::new(config)),
        None => again::tournament_given(args),
    };
    run(given, &args.event, "tournament")
}

/// Applies `--option` values: `N:NAME=VALUE` sets option NAME of the N-th engine
/// (from 1), `*:NAME=VALUE` of every engine.
fn apply_options(engines: &mut [EngineConfig], options: &[String]) -> anyhow::Result<()> {
    for text in options {
        let bad = |message: &str| anyhow::anyhow!("bad option `{text}`: {message}");
        let (which, setting) = text
            .split_once(':')
            .ok_or_else(|| bad("expected ENGINE:NAME=VALUE"))?;
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| bad("expected ENGINE:NAME=VALUE"))?;
        if name.is_empty() {
            return Err(bad("no option name"));
        }
        for t in engines_named(which, engines.len()).map_err(|m| bad(&m))? {
            engines[t].options.push((name.to_owned(), value.to_owned()));
        }
    }
    Ok(())
}

/// Applies `--framing` values: `N:json` or `N:text` sets the framing of the N-th
/// engine (from 1), `*:json` of every engine; later values win.
fn apply_framings(engines: &mut [EngineConfig], framings: &[String]) -> anyhow::Result<()> {
    for text in framings {
        let bad = |message: &str| anyhow::anyhow!("bad framing `{text}`: {message}");
        let (which, framing) = text
            .split_once(':')
            .ok_or_else(|| bad("expected ENGINE:json or ENGINE:text"))?;
        let framing = match framing {
            "json" => Framing::Json,
            "text" => Framing::Text,
            _ => return Err(bad("the framing is `json` or `text`")),
        };
        for t in engines_named(which, engines.len()).map_err(|m| bad(&m))? {
            engines[t].framing = framing;
        }
    }
    Ok(())
}

/// The indices of the engines an `ENGINE:` prefix names among `count`: its
/// position (from 1), or `*` for all.
fn engines_named(which: &str, count: usize) -> Result<Vec<usize>, String> {
    if which == "*" {
        return Ok((0..count).collect());
    }
    let n: usize = which
        .parse()
        .map_err(|_| "ENGINE is the engine's position (from 1) or *".to_owned())?;
    if n == 0 || n > count {
        return Err(format!("there is no engine {n}"));
    }
    Ok(vec![n - 1])
}

/// Builds the event's settings from the command line (`None`: a resume without
/// engines, whose settings are the journal's; see [`again`]).
fn event_config(
    engines: &[String],
    system: System,
    players: usize,
    rounds: u32,
    args: &ArenaArgs,
    default_event: &str,
) -> anyhow::Result<Option<EventConfig>> {
    if engines.is_empty() && args.resume {
        return Ok(None);
    }
    let mut configs = engines
        .iter()
        .map(|e| e.parse::<EngineConfig>())
        .collect::<Result<Vec<_>, _>>()?;
    dedupe_names(&mut configs);
    apply_options(&mut configs, &args.options)?;
    apply_framings(&mut configs, &args.framings)?;
    let mut time = match &args.tc {
        Some(tc) => TimeControl::parse_clock(tc)?,
        None if args.movetime.is_some() => TimeControl::default(),
        None => TimeControl::parse_clock("10+0.1")?,
    };
    time.movetime_ms = args.movetime;
    match args.movetime {
        Some(0) => anyhow::bail!("--movetime must be at least 1 ms"),
        Some(ms) if ms > MOVETIME_MAX_MS => anyhow::bail!(
            "--movetime must be at most {MOVETIME_MAX_MS} ms, the most the engine protocol can send"
        ),
        _ => {}
    }
    let rules = RulesEdition::from(args.rules);
    let openings = match &args.openings {
        Some(path) => load_openings(path, rules, players)?,
        None => Vec::new(),
    };
    let mut config = EventConfig::new(
        args.event.as_deref().unwrap_or(default_event),
        system,
        configs,
    );
    config.players = players;
    config.rounds = rounds;
    config.openings = openings;
    config.rules = rules.year().to_owned();
    config.time = time;
    config.margin_ms = args.margin;
    config.handshake_timeout_ms = args.handshake_timeout;
    config.max_plies = args.max_plies;
    config.adjudicate = args.adjudicate.into();
    Ok(Some(config))
}

/// The command that continues the event in `out`.
fn resume_command(command: &str, out: &Path) -> String {
    let dir = out.display().to_string();
    let quoted = if dir
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+,:@".contains(c))
    {
        dir
    } else {
        format!("'{}'", dir.replace('\'', r"'\''"))
    };
    format!("pacru {command} --resume -o {quoted}")
}

/// An error of the arena, with what to do about it where the command line can say.
fn explain(error: ArenaError, command: &str) -> anyhow::Error {
    match &error {
        ArenaError::EventExists { dir } => anyhow::anyhow!(
            "{error}: continue it with `{}`, or choose another output directory with -o",
            resume_command(command, dir)
        ),
        ArenaError::Busy { dir } => anyhow::anyhow!(
            "{error} (it holds the lock on {}): two runs on one directory would play the same games; wait for that run to end, or stop it, or choose another output directory with -o",
            dir.join(pacru_arena::lock::LOCK_FILE).display()
        ),
        ArenaError::ShardsHere { dir, shards } => {
            let first = shards.first().map(|s| s.dir_name()).unwrap_or_default();
            anyhow::anyhow!(
                "{error}: continue a shard with `{}` (or with --shard I/N and the engines), add the shards up with `pacru merge-shards {}`, or choose another output directory with -o",
                resume_command(command, &dir.join(first)),
                dir.display()
            )
        }
        ArenaError::Unstartable { .. } => anyhow::anyhow!(
            "{error}\n(check the engine's command line; with --forfeit-unstartable the {command} is played anyway, the engine forfeiting its games)"
        ),
        _ => anyhow::Error::new(error),
    }
}

/// The longest `--movetime` the engine protocol can send (`movetime` is a
/// signed 64-bit number of milliseconds).
const MOVETIME_MAX_MS: u64 = i64::MAX as u64;

/// The environment variables that give a batch task its index: Slurm's job
/// arrays, Kubernetes' Indexed Jobs.
const TASK_INDEX_VARIABLES: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

/// The shard `--shard` asks for, `auto/N` read from the batch scheduler's
/// environment (`var` looks a variable up).
fn resolve_shard(
    arg: Option<ShardArg>,
    var: impl Fn(&str) -> Option<String>,
) -> anyhow::Result<Option<Shard>> {
    let count = match arg {
        None => return Ok(None),
        Some(ShardArg::Fixed(shard)) => return Ok(Some(shard)),
        Some(ShardArg::Auto { count }) => count,
    };
    for name in TASK_INDEX_VARIABLES {
        let Some(value) = var(name) else { continue };
        let shown = value.escape_debug();
        let index: u32 = value.trim().parse().map_err(|_| {
            anyhow::anyhow!("--shard auto/{count}: {name} is `{shown}`, not a task index")
        })?;
        return Shard::new(index, count)
            .map(Some)
            .map_err(|e| anyhow::anyhow!("--shard auto/{count}: {name} is {index}: {e}"));
    }
    anyhow::bail!(
        "--shard auto/{count}: neither {} nor {} is set (a task of a Slurm job array or of a Kubernetes Indexed Job has one); give --shard I/{count} instead",
        TASK_INDEX_VARIABLES[0],
        TASK_INDEX_VARIABLES[1]
    )
}

fn run(mut config: Given<'_>, args: &ArenaArgs, command: &str) -> anyhow::Result<Outcome> {
    if args.concurrency == 0 {
        anyhow::bail!("--concurrency must be at least 1");
    }
    let mut out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("pacru-{command}")));
    if let Some(shard) = resolve_shard(args.shard, |name| std::env::var(name).ok())? {
        // The shards share the output directory, each in its own folder.
        out = pacru_arena::shard_dir(&out, shard);
        if let Given::Event(config) = &mut config {
            config.shard = Some(shard);
        }
    }
    let stop = StopHandle::new();
    let options = EventOptions {
        out: out.clone(),
        resume: args.resume,
        concurrency: args.concurrency,
        forfeit_unstartable: args.forfeit_unstartable,
        stop: stop.clone(),
    };
    let strays = Strays::adopt();
    let interrupts = Interrupts::listen(stop);
    let mut reporter = Reporter::new(!args.no_progress, args.resume);
    let result = run_event_with(config, &options, &mut |p| reporter.show(p));
    reporter.finish();
    let signal = interrupts.received();
    drop(interrupts);
    strays.end_now();
    let report: EventReport = match (result, signal) {
        (Ok(report), _) if !report.stopped => report,
        (Ok(report), Some(signal)) => return Ok(interrupted(&report, command, signal)),
        (Err(ArenaError::Stopped), Some(signal)) => {
            let _ = writeln!(
                std::io::stderr(),
                "pacru: interrupted before the first game: nothing was written"
            );
            exit(128 + signal);
        }
        (Ok(_), None) => anyhow::bail!("the event stopped without being asked to"),
        (Err(e), _) => return Err(explain(e, command)),
    };
    if let Some(decided) = &report.sprt_of_shards {
        // Said without -v: this shard ends before its own games are all played.
        crate::diagnostics::note(format!(
            "{decided}: this shard stops after {} of its {} games",
            report.standings.games_finished, report.standings.games_total
        ));
    }
    let earned = if report.records_not_ok.is_empty() {
        Outcome::Success
    } else {
        Outcome::Failure
    };
    print_standings(&report.standings, args.format, earned)?;
    if earned != Outcome::Success {
        crate::diagnostics::error(format!(
            "the records of games {:?} do not pass the referee: please report this bug",
            report.records_not_ok
        ));
    }
    Ok(earned)
}

/// Prints the standings on standard output, as a table (its engine names'
/// control characters escaped on a terminal) or as one JSON line. A failed write
/// is the command's error; a reader gone away ends it with the status `earned`.
pub(crate) fn print_standings(
    standings: &Standings,
    format: StandingsFormat,
    earned: Outcome,
) -> anyhow::Result<()> {
    let text = match format {
        StandingsFormat::Text => standings.table(),
        StandingsFormat::Json => {
            let mut line = crate::json::line(standings).context("writing the standings")?;
            line.push('\n');
            line
        }
    };
    let mut out = crate::terminal::ShownOnTerminal::stdout();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| crate::outcome::write_failed(e, earned))
}

/// Says how to continue an interrupted event, and exits with 128 + the signal.
fn interrupted(report: &EventReport, command: &str, signal: i32) -> Outcome {
    let standings = &report.standings;
    crate::diagnostics::note(format!(
        "interrupted: {} of {} games are finished and recorded in {}; continue with:\n  {}",
        standings.games_finished,
        standings.games_total,
        report.out.display(),
        resume_command(command, &report.out)
    ));
    exit(128 + signal)
}

/// Ends the program with `code` (after flushing standard output).
fn exit(code: i32) -> ! {
    let _ = std::io::stdout().flush();
    std::process::exit(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        |name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn auto_shards_come_from_the_batch_scheduler() {
        let auto: ShardArg = "auto/4".parse().unwrap();
        let shard = |pairs| resolve_shard(Some(auto), env(pairs)).map(|s| s.map(|s| s.to_string()));
        assert_eq!(
            shard(&[("SLURM_ARRAY_TASK_ID", "2")]).unwrap().unwrap(),
            "2/4"
        );
        assert_eq!(
            shard(&[("JOB_COMPLETION_INDEX", "3")]).unwrap().unwrap(),
            "3/4"
        );
        // Slurm's variable wins when both are set.
        assert_eq!(
            shard(&[("JOB_COMPLETION_INDEX", "3"), ("SLURM_ARRAY_TASK_ID", "0")])
                .unwrap()
                .unwrap(),
            "0/4"
        );
        let err = shard(&[]).unwrap_err().to_string();
        assert!(
            err.contains("neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX"),
            "{err}"
        );
        let err = shard(&[("SLURM_ARRAY_TASK_ID", "4")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("from 0 to 3"), "{err}");
        let err = shard(&[("SLURM_ARRAY_TASK_ID", "x\u{1b}")])
            .unwrap_err()
            .to_string();
        assert!(!err.contains('\u{1b}'), "{err}");
        assert!("auto/0".parse::<ShardArg>().is_err());
        assert!("auto".parse::<ShardArg>().is_err());
        assert_eq!(
            resolve_shard(Some("1/2".parse().unwrap()), env(&[])).unwrap(),
            Some(Shard::new(1, 2).unwrap())
        );
    }
}
