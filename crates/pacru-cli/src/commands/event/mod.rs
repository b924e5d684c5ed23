//! `pacru event`: the arbiter's desk for events between people, over one event
//! file (crate `pacru-event`). This module reads the command line and prints;
//! the event's logic and storage are the library's.

mod check;
mod render;

use crate::Outcome;
use crate::cli::{
    AwardArgs, EventArgs, EventCommand, EventFormat, EventNewArgs, ExportArgs, PairingSystemArg,
    PlayerCommand, SubmitArgs, UnevenArg,
};
use crate::commands::check::report;
use crate::diagnostics;
use crate::input::{STDIN, TapeReader};
use anyhow::Context as _;
use pacru_core::Escaped;
use pacru_event::{Award, EventFile, NewEvent, Score, System, Uneven, export};
use serde::Serialize;
use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;

/// Runs `pacru event`.
pub fn run(args: &EventArgs) -> anyhow::Result<Outcome> {
    let mut out = String::new();
    let outcome = match &args.command {
        EventCommand::New(a) => new(a, &mut out)?,
        EventCommand::Player(p) => match &p.command {
            PlayerCommand::Add(a) => {
                let mut file = open(&a.file)?;
                for p in file.add_players(&a.names, a.rating, a.club.as_deref())? {
                    out.push_str(&format!("registered {}: {}\n", p.id, Escaped(&p.name)));
                }
                Outcome::Success
            }
            PlayerCommand::List(a) => {
                let event = open(&a.file)?.read_with(false)?;
                players(&event, a.format, &mut out)?;
                Outcome::Success
            }
            PlayerCommand::Withdraw(a) => {
                let p = open(&a.file)?.withdraw(&a.name)?;
                out.push_str(&format!(
                    "{} withdrawn: not paired from round {} on\n",
                    Escaped(&p.name),
                    p.withdrawn_from.unwrap_or(0)
                ));
                Outcome::Success
            }
            PlayerCommand::Reinstate(a) => {
                let mut file = open(&a.file)?;
                let p = file.reinstate(&a.name)?;
                let next = file.read_with(false)?.rounds_paired() + 1;
                out.push_str(&format!(
                    "{} reinstated: paired again from round {next} on\n",
                    Escaped(&p.name)
                ));
                Outcome::Success
            }
        },
        EventCommand::Pair(a) => {
            let mut file = open(&a.file)?;
            let round = file.pair()?;
            let event = file.read_with(false)?;
            out.push_str(&render::round(&event, &round));
            Outcome::Success
        }
        EventCommand::Unpair(a) => {
            let round = open(&a.file)?.unpair()?;
            out.push_str(&format!("the pairing of round {round} is undone\n"));
            Outcome::Success
        }
        EventCommand::Tables(a) => {
            let event = open(&a.file)?.read_with(false)?;
            if a.round.is_none() && event.rounds.is_empty() {
                return Err(pacru_event::EventError::NoRound.into());
            }
            let number = a.round.unwrap_or(event.rounds_paired());
            let round = event
                .round(number)
                .ok_or(pacru_event::EventError::NoSuchRound {
                    round: number,
                    paired: event.rounds_paired(),
                })?;
            match a.format {
                EventFormat::Text => out.push_str(&render::round(&event, round)),
                EventFormat::Json => json(&export::tables_json(&event, Some(number)), &mut out)?,
            }
            Outcome::Success
        }
        EventCommand::Submit(a) => submit(a, &mut out)?,
        EventCommand::Result(a) => {
            let table = open(&a.file)?.result(a.table.round, a.table.table, &award(&a.award))?;
            let event = open(&a.file)?.read_with(false)?;
            out.push_str(&format!(
                "round {} table {}: {}\n",
                table.round,
                table.number,
                render::status(&event, &table)
            ));
            Outcome::Success
        }
        EventCommand::Decide(a) => {
            let table =
                open(&a.file)?.decide(a.table.round, a.table.table, &award(&a.award), &a.reason)?;
            let event = open(&a.file)?.read_with(false)?;
            out.push_str(&format!(
                "round {} table {}: {}\n",
                table.round,
                table.number,
                render::status(&event, &table)
            ));
            Outcome::Success
        }
        EventCommand::Standings(a) => {
            let event = open(&a.file)?.read_with(false)?;
            match a.format {
                EventFormat::Text => {
                    out.push_str(&render::standings(&event, &pacru_event::standings(&event)));
                }
                EventFormat::Json => json(&export::standings_json(&event), &mut out)?,
            }
            Outcome::Success
        }
        EventCommand::Crosstable(a) => {
            let event = open(&a.file)?.read_with(false)?;
            let table = pacru_event::crosstable(&event);
            match a.format {
                EventFormat::Text => out.push_str(&render::crosstable(&event, &table)),
                EventFormat::Json => json(&export::crosstable_json(&event, &table), &mut out)?,
            }
            Outcome::Success
        }
        EventCommand::Log(a) => {
            let event = open(&a.file)?.read_with(false)?;
            for entry in &event.log {
                let place = match (entry.round, entry.table) {
                    (Some(r), Some(t)) => format!(" round {r} table {t}"),
                    (Some(r), None) => format!(" round {r}"),
                    _ => String::new(),
                };
                out.push_str(&format!(
                    "{} {} {}{place}: {}\n",
                    entry.id,
                    entry.at,
                    entry.action,
                    Escaped(&entry.detail)
                ));
                if let Some(reason) = &entry.reason {
                    out.push_str(&format!("    reason: {}\n", Escaped(reason)));
                }
            }
            Outcome::Success
        }
        EventCommand::Export(a) => export(a, &mut out)?,
        EventCommand::Check(a) => check::run(a, &mut out)?,
    };
    let mut stdout = io::stdout().lock();
    stdout.write_all(out.as_bytes())?;
    stdout.flush()?;
    Ok(outcome)
}

/// Opens an event file, saying so when it has to wait for another command.
fn open(path: &Path) -> anyhow::Result<EventFile> {
    let mut file = EventFile::open(path)?;
    let shown = path.display().to_string();
    file.on_wait(move || {
        diagnostics::note(format_args!(
            "{}: another command is changing the event; waiting for it",
            Escaped(&shown)
        ));
    });
    Ok(file)
}

fn new(a: &EventNewArgs, out: &mut String) -> anyhow::Result<Outcome> {
    let bye_points = a
        .bye_points
        .as_deref()
        .map(str::parse::<Score>)
        .transpose()
        .context("--bye-points")?;
    let new = NewEvent {
        name: a.name.clone(),
        table_size: usize::from(a.players_per_table),
        system: match a.system {
            PairingSystemArg::Swiss => System::Swiss,
            PairingSystemArg::RoundRobin => System::RoundRobin,
        },
        rounds: a.rounds,
        rules: a.rules.into(),
        uneven: match a.uneven {
            UnevenArg::Byes => Uneven::Byes,
            UnevenArg::Mixed => Uneven::Mixed,
        },
        bye_points,
    };
    let mut file = EventFile::create(&a.file, &new)?;
    let event = file.read_with(false)?;
    let s = &event.settings;
    out.push_str(&format!(
        "created {}: {}, {} players a table, {}, {} rounds, rules {}, {} when the players do not fill whole tables, a bye worth {}\n",
        Escaped(&a.file.display().to_string()),
        Escaped(&s.name),
        s.table_size,
        s.system,
        s.rounds,
        s.rules.year(),
        match s.uneven {
            Uneven::Byes => "byes",
            Uneven::Mixed => "mixed tables",
        },
        s.bye_points
    ));
    Ok(Outcome::Success)
}

/// One player in `pacru event player list --format json`.
#[derive(Serialize)]
struct PlayerJson<'a> {
    id: i64,
    name: &'a str,
    rating: Option<u32>,
    club: Option<&'a str>,
    withdrawn_from: Option<u32>,
}

fn players(
    event: &pacru_event::Event,
    format: EventFormat,
    out: &mut String,
) -> anyhow::Result<()> {
    match format {
        EventFormat::Json => {
            let list: Vec<PlayerJson<'_>> = event
                .players
                .iter()
                .map(|p| PlayerJson {
                    id: p.id,
                    name: &p.name,
                    rating: p.rating,
                    club: p.club.as_deref(),
                    withdrawn_from: p.withdrawn_from,
                })
                .collect();
            json(&list, out)
        }
        EventFormat::Text => {
            for p in &event.players {
                out.push_str(&format!("{:>3}  {}", p.id, Escaped(&p.name)));
                if let Some(r) = p.rating {
                    out.push_str(&format!("  rating {r}"));
                }
                if let Some(c) = &p.club {
                    out.push_str(&format!("  club {}", Escaped(c)));
                }
                if let Some(r) = p.withdrawn_from {
                    out.push_str(&format!("  withdrawn from round {r}"));
                }
                out.push('\n');
            }
            Ok(())
        }
    }
}

fn award(a: &AwardArgs) -> Award {
    match &a.winner {
        Some(name) if !a.draw => Award::Winner(name.clone()),
        _ => Award::Draw,
    }
}

fn submit(a: &SubmitArgs, out: &mut String) -> anyhow::Result<Outcome> {
    let source = a.record.display().to_string();
    let limit = pacru_event::MAX_RECORD_BYTES + 1;
    let mut bytes = Vec::new();
    if source == STDIN {
        io::stdin().lock().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(&a.record).and_then(|f| f.take(limit).read_to_end(&mut bytes))
    }
    .with_context(|| Escaped(&source).to_string())?;
    let mut file = open(&a.file)?;
    let submitted = file.submit(a.table.round, a.table.table, &source, bytes)?;
    let (mut reader, tape) = TapeReader::new(submitted.received.bytes.as_slice(), usize::MAX, None);
    io::copy(&mut reader, &mut io::sink())?;
    let verdict = submitted.verdict();
    out.push_str(&report::text(
        &pacru_core::escape_controls(&source),
        verdict,
        report::quoted_line(verdict, &tape).as_deref(),
        crate::style::stdout_colour(),
    ));
    let event = file.read_with(false)?;
    let table = event
        .round(a.table.round)
        .and_then(|r| r.tables.get(a.table.table as usize - 1))
        .context("the table just changed is gone")?;
    out.push_str(&format!(
        "round {} table {}: {} (submission {})\n",
        table.round,
        table.number,
        render::status(&event, table),
        submitted.id
    ));
    Ok(if table.status.has_result() {
        Outcome::Success
    } else {
        Outcome::Failure
    })
}

fn export(a: &ExportArgs, out: &mut String) -> anyhow::Result<Outcome> {
    let event = open(&a.file)?.read()?;
    if let Some(dir) = &a.html {
        let files = export::write_site(&event, dir).with_context(|| dir.display().to_string())?;
        out.push_str(&format!(
            "wrote {}: {}\n",
            Escaped(&dir.display().to_string()),
            files.join(", ")
        ));
    }
    if let Some(path) = &a.pgr {
        write_out(path, export::games_pgr(&event).as_bytes(), out)?;
    }
    if let Some(path) = &a.json {
        let mut text = crate::json::pretty(&export::event_json(&event))?;
        text.push('\n');
        write_out(path, text.as_bytes(), out)?;
    }
    if let Some(path) = &a.trf {
        write_out(path, export::trf(&event)?.as_bytes(), out)?;
    }
    Ok(Outcome::Success)
}

/// Writes `bytes` to `path`, or to standard output for `-` (escaped there on a
/// terminal: a record's comment or a forged name may hold an ESC).
fn write_out(path: &Path, bytes: &[u8], out: &mut String) -> anyhow::Result<()> {
    if path.as_os_str() == STDIN {
        let mut shown = Vec::new();
        crate::terminal::ShownOnTerminal::new(&mut shown, io::stdout().is_terminal())
            .write_all(bytes)?;
        out.push_str(&String::from_utf8_lossy(&shown));
    } else {
        std::fs::write(path, bytes).with_context(|| path.display().to_string())?;
    }
    Ok(())
}

/// `value` as pretty JSON, with a line break.
fn json(value: &impl Serialize, out: &mut String) -> anyhow::Result<()> {
    out.push_str(&crate::json::pretty(value)?);
    out.push('\n');
    Ok(())
}
