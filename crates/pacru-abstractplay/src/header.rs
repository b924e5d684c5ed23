//! The record's header: which game, the players and their results, the tags.

use crate::GAME_ID_TAG;
use crate::error::ImportError;
use crate::json::{as_array, as_object, as_str, optional, optional_str, required, type_error};
use pacru_core::Colour;
use pacru_notation::pgr::{DEFAULT_MAX_COMMENT_BYTES, Tags};
use serde_json::{Map, Value};

/// What the header gives: the tags (event, site, date, round, players' names,
/// `Players`), the number of players, their results, and where the players are.
pub(crate) struct Header {
    pub tags: Tags,
    pub count: usize,
    pub outcome: Outcome,
    /// The JSON path of `players`.
    pub players_path: String,
}

/// Reads `$.header` (at `header_path`): the game must be Pacru without a variant,
/// with 2 to 4 players.
pub(crate) fn read_header(
    header: &Map<String, Value>,
    header_path: &str,
) -> Result<Header, ImportError> {
    // The game and its variants.
    let (game_info, game_path) = required(header, "game", header_path)?;
    let game_info = as_object(game_info, &game_path)?;
    let (name, name_path) = required(game_info, "name", &game_path)?;
    let name = as_str(name, &name_path)?;
    if !name.trim().eq_ignore_ascii_case("pacru") {
        return Err(ImportError::NotPacru {
            path: name_path,
            name: name.to_string(),
        });
    }
    if let Some((variants, path)) = optional(game_info, "variants", &game_path) {
        // AbstractPlay's Pacru has no variants: any variant is unknown.
        if let Some(variant) = as_array(variants, &path)?.first() {
            let vpath = format!("{path}[0]");
            return Err(ImportError::UnknownVariant {
                variant: as_str(variant, &vpath)?.to_string(),
                path: vpath,
            });
        }
    }

    // Players, colours, names, results.
    let (players, players_path) = required(header, "players", header_path)?;
    let players = as_array(players, &players_path)?;
    if !(2..=4).contains(&players.len()) {
        return Err(ImportError::PlayerCount {
            path: players_path,
            count: players.len(),
        });
    }
    let count = players.len();
    let mut tags = Tags::new();
    if let Some(event) = optional_str(header, "event", header_path)? {
        tags.set("Event", &tag_value(event, &format!("{header_path}.event"))?);
    }
    if let Some((site, site_path)) = optional(header, "site", header_path) {
        let site = as_object(site, &site_path)?;
        if let Some(site_name) = optional_str(site, "name", &site_path)? {
            tags.set("Site", &tag_value(site_name, &format!("{site_path}.name"))?);
        }
        if let Some((id, id_path)) = optional(site, "gameid", &site_path) {
            let id = match id {
                Value::String(s) => s.clone(),
                Value::Number(n) => n.to_string(),
                other => return Err(type_error(&id_path, "a string or a number", other)),
            };
            tags.set(GAME_ID_TAG, &tag_value(&id, &id_path)?);
        }
    }
    if let Some((date, date_path)) = optional(header, "date-start", header_path) {
        tags.set("Date", &pgr_date(as_str(date, &date_path)?, &date_path)?);
    }
    if let Some(round) = optional_str(header, "round", header_path)? {
        tags.set("Round", &tag_value(round, &format!("{header_path}.round"))?);
    }
    let outcome = read_players(players, &mut tags)?;
    let letters: String = (0..count).map(|s| colour_of(s).letter()).collect();
    tags.set("Players", &letters);

    Ok(Header {
        tags,
        count,
        outcome,
        players_path,
    })
}

/// A JSON date-time (`2024-05-01T10:00:00.000Z`) as a PGR date (`2024.05.01`).
fn pgr_date(text: &str, path: &str) -> Result<String, ImportError> {
    let bytes = text.as_bytes();
    let shape_ok = bytes.len() >= 10
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && [0, 1, 2, 3, 5, 6, 8, 9]
            .iter()
            .all(|&i| bytes[i].is_ascii_digit())
        && (bytes.len() == 10 || bytes[10] == b'T' || bytes[10] == b't' || bytes[10] == b' ');
    if !shape_ok {
        return Err(ImportError::Value {
            path: path.to_string(),
            message: format!("\"{text}\" is not a date-time such as 2024-05-01T10:00:00Z"),
        });
    }
    // The shape check makes the first 10 bytes ASCII digits and dashes.
    let number = |range: std::ops::Range<usize>| {
        bytes[range]
            .iter()
            .fold(0u16, |n, &b| n * 10 + u16::from(b - b'0'))
    };
    let in_calendar = time::Month::try_from(number(5..7) as u8).is_ok_and(|month| {
        time::Date::from_calendar_date(i32::from(number(0..4)), month, number(8..10) as u8).is_ok()
    });
    if !in_calendar {
        return Err(ImportError::Value {
            path: path.to_string(),
            message: format!("\"{text}\" is not a day of the calendar"),
        });
    }
    let date = text.get(..10).unwrap_or_default();
    Ok(date.replace('-', "."))
}

/// What AbstractPlay's header says about the players' results.
pub(crate) struct Outcome {
    /// The players with the best result (0-based), when the results are known
    /// and not all equal.
    pub winners: Vec<usize>,
}

pub(crate) fn colour_of(seat: usize) -> Colour {
    [Colour::Black, Colour::Red, Colour::Yellow, Colour::Green]
        .get(seat)
        .copied()
        .unwrap_or(Colour::Black)
}

pub(crate) fn colour_list(seats: &[usize]) -> String {
    let words: Vec<&str> = seats.iter().map(|&s| colour_of(s).word()).collect();
    words.join(", ")
}

/// A JSON string as a tag value: a tag stands on one line, so each line break
/// (CR or LF) becomes a space here, as writing the tag would make it; the game
/// imported is then exactly the game written and read back.
pub(crate) fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

/// A JSON string (at `path`) as a tag value: on one line ([`one_line`]), and no
/// longer than a PGR tag value may be (`DEFAULT_MAX_COMMENT_BYTES`), so that the
/// record written can be read back.
fn tag_value(text: &str, path: &str) -> Result<String, ImportError> {
    if text.len() > DEFAULT_MAX_COMMENT_BYTES {
        return Err(ImportError::Value {
            path: path.to_string(),
            message: format!(
                "{} bytes, more than the {} a PGR tag value may hold",
                text.len(),
                DEFAULT_MAX_COMMENT_BYTES
            ),
        });
    }
    Ok(one_line(text))
}

/// Reads `$.header.players`: sets the colour-name tags and returns the outcome.
fn read_players(players: &[Value], tags: &mut Tags) -> Result<Outcome, ImportError> {
    let mut results = Vec::with_capacity(players.len());
    for (i, player) in players.iter().enumerate() {
        let path = format!("$.header.players[{i}]");
        let player = as_object(player, &path)?;
        if let Some(name) = optional_str(player, "name", &path)? {
            tags.set(
                colour_of(i).word(),
                &tag_value(name, &format!("{path}.name"))?,
            );
        }
        // `result` is a whole number; AbstractPlay writes null for an unknown one.
        let result = match optional(player, "result", &path) {
            Some((v, p)) => Some(v.as_f64().ok_or_else(|| type_error(&p, "a number", v))?),
            None => None,
        };
        results.push(result);
    }
    let known: Option<Vec<f64>> = results.into_iter().collect();
    let mut winners = Vec::new();
    if let Some(known) = known {
        let best = known.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let worst = known.iter().copied().fold(f64::INFINITY, f64::min);
        if best > worst {
            winners = (0..known.len()).filter(|&i| known[i] == best).collect();
        }
    }
    Ok(Outcome { winners })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_become_pgr_dates() {
        assert_eq!(
            pgr_date("2024-05-01T10:00:00.000Z", "$").unwrap(),
            "2024.05.01"
        );
        assert_eq!(pgr_date("2024-05-01", "$").unwrap(), "2024.05.01");
        assert!(pgr_date("2024-5-1", "$").is_err());
        assert!(pgr_date("yesterday", "$").is_err());
    }

    #[test]
    fn dates_that_are_not_in_the_calendar_are_refused() {
        for bad in [
            "2024-13-05T10:00:00Z",
            "2024-00-05",
            "2024-02-30",
            "2023-02-29",
            "2024-04-31",
            "2024-03-00",
            "2024-13-45T00:00:00Z",
        ] {
            let error = pgr_date(bad, "$.header.date-start").unwrap_err();
            assert!(
                error.to_string().starts_with("$.header.date-start: "),
                "{error}"
            );
        }
        assert_eq!(pgr_date("2024-02-29", "$").unwrap(), "2024.02.29");
        assert_eq!(pgr_date("2000-02-29", "$").unwrap(), "2000.02.29");
        assert!(pgr_date("1900-02-29", "$").is_err());
        assert_eq!(pgr_date("2024-12-31T23:59:59Z", "$").unwrap(), "2024.12.31");
    }
}
