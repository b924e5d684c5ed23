//! `pacru new`: the PPN of a standard start, or an empty record.

use crate::Outcome;
use crate::cli::NewArgs;
use anyhow::{Context, bail};
use pacru_core::{Colour, Players, Position, RulesEdition, Seat};
use std::io::Write;

/// Parses seat letters such as `SWE`.
fn parse_seats(text: &str) -> anyhow::Result<Vec<Seat>> {
    text.chars()
        .map(|c| {
            Seat::from_letter(c.to_ascii_uppercase())
                .with_context(|| format!("--seats: '{c}' is not a seat letter (S, W, N or E)"))
        })
        .collect()
}

/// Parses colour letters such as `KRY`.
fn parse_colours(text: &str) -> anyhow::Result<Vec<Colour>> {
    text.chars()
        .map(|c| {
            Colour::from_letter(c.to_ascii_uppercase()).with_context(|| {
                format!("--colours: '{c}' is not a colour letter (K, R, Y, G or B)")
            })
        })
        .collect()
}

/// The standard start for the arguments.
pub fn start_position(args: &NewArgs) -> anyhow::Result<(Position, Vec<Colour>, Vec<Seat>)> {
    let count = usize::from(args.players);
    let colours = match &args.colours {
        Some(text) => parse_colours(text)?,
        None => Players::default_for(count)?.as_slice().to_vec(),
    };
    let seats = match &args.seats {
        Some(text) => parse_seats(text)?,
        None => Seat::default_seats(count)
            .context("a game has 2 to 4 players")?
            .to_vec(),
    };
    if colours.len() != count {
        bail!(
            "--colours gives {} colours for {count} players",
            colours.len()
        );
    }
    if seats.len() != count {
        bail!("--seats gives {} seats for {count} players", seats.len());
    }
    let position = Position::standard_with(&colours, &seats)?;
    Ok((position, colours, seats))
}

/// Prints the PPN (or the record).
pub fn run(args: &NewArgs) -> anyhow::Result<Outcome> {
    let (position, colours, seats) = start_position(args)?;
    let mut out = std::io::stdout().lock();
    if args.record {
        let rules: RulesEdition = args.rules.map(Into::into).unwrap_or_default();
        let seats: String = seats.iter().map(|s| s.letter()).collect();
        let text = crate::record::empty_record(&colours, &seats, rules)?;
        out.write_all(text.as_bytes())?;
    } else {
        writeln!(out, "{}", position.to_ppn())?;
    }
    out.flush()?;
    Ok(Outcome::Success)
}
