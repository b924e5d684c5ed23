//! `pacru show`: a position drawn for people, then its PPN; optionally an SVG picture.

use crate::Outcome;
use crate::cli::ShowArgs;
use crate::outcome::write_failed;
use crate::{board, position_arg, style};
use anyhow::Context;
use std::io::Write;

/// Draws the position on standard output and writes the SVG if asked; with
/// `--svg -`, the SVG alone goes to standard output, in place of the drawing.
pub fn run(args: &ShowArgs) -> anyhow::Result<Outcome> {
    let position = position_arg::parse(&args.ppn, args.rules.map(Into::into))?;
    let text = match &args.svg {
        Some(path) if path.as_os_str() == "-" => pacru_view::svg::render(&position),
        Some(path) => {
            std::fs::write(path, pacru_view::svg::render(&position))
                .with_context(|| format!("cannot write {}", path.display()))?;
            board::render_with_ppn(&position, style::stdout_colour())
        }
        None => board::render_with_ppn(&position, style::stdout_colour()),
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| write_failed(e, Outcome::Success))?;
    Ok(Outcome::Success)
}
