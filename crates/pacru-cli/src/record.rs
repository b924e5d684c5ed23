//! Records that `pacru` writes from scratch (as opposed to records it reads).

use anyhow::Context;
use pacru_core::{Colour, RulesEdition};
use pacru_notation::pgr::{GameRecorder, Tags, write_game};

/// The text of an empty record (no moves, `Result "*"`) for a standard start: the
/// seven-tag roster unknown (`?`), a `?` name for each player, `Players`, `Seats`
/// (written only when not the default) and `Rules`.
pub fn empty_record(
    colours: &[Colour],
    seats: &str,
    rules: RulesEdition,
) -> anyhow::Result<String> {
    let mut tags = Tags::new();
    for colour in colours {
        tags.set(colour.word(), "?");
    }
    let players: String = colours.iter().map(|c| c.letter()).collect();
    tags.set("Players", &players);
    tags.set("Seats", seats);
    tags.set("Rules", rules.year());
    let recorder = GameRecorder::new(tags).context("cannot set up the record")?;
    Ok(write_game(&recorder.finish()))
}
