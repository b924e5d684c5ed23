//! `--resume` without engines, with settings given again: they are set on the
//! journal's settings, and the arena refuses the resume where they differ,
//! naming them, as it does when the engines are given too. Only the settings
//! given on the command line count, not those left at their defaults.

use super::{apply_framings, apply_options};
use crate::cli::{ArenaArgs, MatchArgs, TournamentArgs, TournamentSystemArg};
use pacru_arena::event::Given;
use pacru_arena::{ArenaError, EventConfig, System, TimeControl, load_openings};
use pacru_core::RulesEdition;
use pacru_protocol::Framing;

/// The ids of the arguments of both commands that are settings of the event.
const EVENT_SETTINGS: [&str; 11] = [
    "tc",
    "movetime",
    "margin",
    "handshake_timeout",
    "max_plies",
    "adjudicate",
    "rules",
    "event",
    "options",
    "framings",
    "openings",
];

/// What `pacru match --resume` without engines gives of the settings.
pub(super) fn match_given(args: &MatchArgs) -> Given<'_> {
    given(&args.event, &["games", "sprt"], move |config| {
        if let Some(games) = args.games {
            config.system = System::Match { games };
        }
        if args.sprt.is_some() {
            config.sprt = args.sprt;
        }
    })
}

/// What `pacru tournament --resume` without engines gives of the settings.
pub(super) fn tournament_given(args: &TournamentArgs) -> Given<'_> {
    let own = ["system", "gauntlet_seeds", "players", "rounds"];
    given(&args.event, &own, move |config| {
        let was_given = |id| args.event.was_given(id);
        let seeds = match config.system {
            System::Gauntlet { seeds } if !was_given("gauntlet_seeds") => seeds,
            _ => args.gauntlet_seeds,
        };
        if was_given("system") {
            config.system = match args.system {
                TournamentSystemArg::RoundRobin => System::RoundRobin,
                TournamentSystemArg::Gauntlet => System::Gauntlet { seeds },
                TournamentSystemArg::Swiss => System::Swiss,
            };
        } else if let System::Gauntlet { .. } = config.system {
            config.system = System::Gauntlet { seeds };
        }
        if was_given("players") {
            config.players = args.players;
        }
        if let Some(rounds) = args.rounds {
            config.rounds = rounds;
        }
    })
}

/// The settings given: none ([`Given::Journal`]), or those of `args` and the
/// command's own (`own`, set by `set_own`) on the journal's.
fn given<'a>(
    args: &'a ArenaArgs,
    own: &[&str],
    set_own: impl FnOnce(&mut EventConfig) + 'a,
) -> Given<'a> {
    if !EVENT_SETTINGS
        .iter()
        .chain(own)
        .any(|id| args.was_given(id))
    {
        return Given::Journal;
    }
    Given::JournalWith(Box::new(move |stored| {
        let mut config = stored.clone();
        // The players first: the openings are read for them.
        set_own(&mut config);
        set_event_settings(args, &mut config)?;
        Ok(config)
    }))
}

/// Sets the settings of both commands that were given on `config`.
fn set_event_settings(args: &ArenaArgs, config: &mut EventConfig) -> Result<(), ArenaError> {
    let was_given = |id| args.was_given(id);
    if let Some(tc) = &args.tc {
        let clock = TimeControl::parse_clock(tc)?;
        config.time.base_ms = clock.base_ms;
        config.time.increment_ms = clock.increment_ms;
    }
    if args.movetime.is_some() {
        config.time.movetime_ms = args.movetime;
    }
    if was_given("margin") {
        config.margin_ms = args.margin;
    }
    if was_given("handshake_timeout") {
        config.handshake_timeout_ms = args.handshake_timeout;
    }
    if was_given("max_plies") {
        config.max_plies = args.max_plies;
    }
    if was_given("adjudicate") {
        config.adjudicate = args.adjudicate.into();
    }
    if was_given("rules") {
        config.rules = RulesEdition::from(args.rules).year().to_owned();
    }
    if let Some(event) = &args.event {
        config.event.clone_from(event);
    }
    if !args.options.is_empty() {
        for engine in &mut config.engines {
            engine.options.clear();
        }
        apply_options(&mut config.engines, &args.options)
            .map_err(|e| ArenaError::BadSetting(e.to_string()))?;
    }
    if !args.framings.is_empty() {
        for engine in &mut config.engines {
            engine.framing = Framing::Text;
        }
        apply_framings(&mut config.engines, &args.framings)
            .map_err(|e| ArenaError::BadSetting(e.to_string()))?;
    }
    if let Some(path) = &args.openings {
        config.openings = load_openings(path, config.rules_edition(), config.players)?;
    }
    Ok(())
}
