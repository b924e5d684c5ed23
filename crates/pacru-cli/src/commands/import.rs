//! `pacru import`: game records of other programs as canonical PGR.

use crate::Outcome;
use crate::cli::{ImportArgs, ImportFormat};
use crate::diagnostics;
use crate::input;
use crate::outcome::write_failed;
use anyhow::Context;
use pacru_abstractplay as abstractplay;
use pacru_core::Escaped;
use pacru_notation::pgr::write_game;
use std::io::{Read, Write};

/// The largest input file accepted: an AbstractPlay record is a few kilobytes.
const MAX_INPUT: u64 = 64 * 1024 * 1024;

/// Reads a whole input (at most [`MAX_INPUT`] bytes).
fn read_bytes(name: &input::InputName) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    input::open(name)?
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("{}: cannot read", Escaped(name)))?;
    if bytes.len() as u64 > MAX_INPUT {
        anyhow::bail!(
            "{}: larger than {} MiB, not a game record",
            Escaped(name),
            MAX_INPUT >> 20
        );
    }
    Ok(bytes)
}

/// Converts every input and writes the records; reports inputs that fail.
pub fn run(args: &ImportArgs) -> anyhow::Result<Outcome> {
    let mut out = crate::terminal::ShownOnTerminal::stdout();
    let mut outcome = Outcome::Success;
    let mut written = false;
    for name in input::names(&args.files) {
        input::note_if_terminal(&name);
        let bytes = match read_bytes(&name) {
            Ok(bytes) => bytes,
            Err(e) => {
                diagnostics::error(format_args!("{e:#}"));
                outcome = outcome.max(Outcome::IoError);
                continue;
            }
        };
        let Ok(text) = String::from_utf8(bytes) else {
            diagnostics::error(format_args!(
                "{}: not UTF-8 text, so not a JSON game record",
                Escaped(&name)
            ));
            outcome = outcome.max(Outcome::Failure);
            continue;
        };
        let converted = match args.from {
            ImportFormat::Abstractplay => abstractplay::import(&text),
        };
        match converted {
            Ok(game) => {
                let separator: &[u8] = if written { b"\n" } else { b"" };
                out.write_all(separator)
                    .and_then(|()| out.write_all(write_game(&game).as_bytes()))
                    .map_err(|e| write_failed(e, outcome))?;
                written = true;
            }
            Err(e) => {
                diagnostics::error(format_args!("{}: {e}", Escaped(&name)));
                outcome = outcome.max(Outcome::Failure);
            }
        }
    }
    out.flush().map_err(|e| write_failed(e, outcome))?;
    Ok(outcome)
}
