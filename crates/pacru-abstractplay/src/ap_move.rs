//! AbstractPlay's move notation, read as AbstractPlay reads it.

use pacru_core::{Bitboard, Field, Item, Reorientation, Rotation};

/// A move of AbstractPlay's notation, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ApMove {
    /// A turn the player could not play (out, or removed as blocked).
    Pass,
    /// The game ended: `resign`, `timeout`, `draw` or `abandoned`.
    End(Ending),
    /// A movement with its items in AbstractPlay's order (duplicates removed).
    Movement {
        from: Field,
        to: Field,
        pincer: bool,
        items: Vec<Item>,
    },
    /// A reorientation.
    Reorientation(Reorientation),
}

/// How an AbstractPlay game ended other than by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    Resign,
    Timeout,
    Draw,
    Abandoned,
}

impl Ending {
    pub(crate) fn word(self) -> &'static str {
        match self {
            Ending::Resign => "resign",
            Ending::Timeout => "timeout",
            Ending::Draw => "draw",
            Ending::Abandoned => "abandoned",
        }
    }

    /// The PGR `Termination` value.
    pub(crate) fn termination(self) -> &'static str {
        match self {
            Ending::Resign => "resignation",
            Ending::Timeout => "time",
            Ending::Draw => "agreement",
            Ending::Abandoned => "abandoned",
        }
    }
}

/// Reads a field at `chars[at..at + 2]`.
fn ap_field(chars: &[char], at: usize, what: &str) -> Result<Field, String> {
    let text: String = chars.iter().skip(at).take(2).collect();
    if text.chars().count() < 2 {
        return Err(format!(
            "expected {what} (a field a1..i9), found the end of the move"
        ));
    }
    text.parse()
        .map_err(|_| format!("expected {what} (a field a1..i9), found \"{text}\""))
}

/// The fields and `*`s between `(` at `chars[open]` and the final `)`.
fn ap_items(chars: &[char], open: usize) -> Result<Vec<Item>, String> {
    if chars.last() != Some(&')') || chars.len() < open + 2 {
        return Err("a '(' without a closing ')' at the end of the move".to_string());
    }
    let inner: String = chars[open + 1..chars.len() - 1].iter().collect();
    let mut items = Vec::new();
    for part in inner.split(',') {
        let item = if part == "*" {
            Item::Connection
        } else {
            match part.parse::<Field>() {
                Ok(field) => Item::Field(field),
                Err(_) if part.is_empty() => return Err("an empty item".to_string()),
                Err(_) => {
                    return Err(format!("\"{part}\" is neither a field a1..i9 nor '*'"));
                }
            }
        };
        // AbstractPlay keeps the items in a set: a repeated one counts once.
        if !items.contains(&item) {
            items.push(item);
        }
    }
    Ok(items)
}

/// Parses one entry of AbstractPlay's move list, as AbstractPlay reads it: letter
/// case and white space do not matter.
pub(crate) fn parse_ap_move(text: &str) -> Result<ApMove, String> {
    let norm: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    match norm.as_str() {
        "pass" => return Ok(ApMove::Pass),
        "resign" => return Ok(ApMove::End(Ending::Resign)),
        "timeout" => return Ok(ApMove::End(Ending::Timeout)),
        "draw" => return Ok(ApMove::End(Ending::Draw)),
        "abandoned" => return Ok(ApMove::End(Ending::Abandoned)),
        "" => return Err("an empty move".to_string()),
        _ => {}
    }
    let chars: Vec<char> = norm.chars().collect();
    let from = ap_field(&chars, 0, "the chevron's field")?;
    match chars.get(2) {
        Some(&op @ ('-' | 'x')) => {
            let to = ap_field(&chars, 3, "the destination")?;
            let items = match chars.get(5) {
                None => Vec::new(),
                Some('(') => ap_items(&chars, 5)?,
                Some(c) => return Err(format!("unexpected '{c}' after the destination")),
            };
            Ok(ApMove::Movement {
                from,
                to,
                pincer: op == 'x',
                items,
            })
        }
        Some(&symbol @ ('>' | '<')) => {
            let double = chars.get(3) == Some(&symbol);
            let open = if double { 4 } else { 3 };
            let rotation = match (symbol, double) {
                ('>', false) => Rotation::Clockwise45,
                ('>', true) => Rotation::Clockwise90,
                ('<', false) => Rotation::Anticlockwise45,
                _ => Rotation::Anticlockwise90,
            };
            match chars.get(open) {
                Some('(') => {}
                Some(c) => {
                    return Err(format!(
                        "unexpected '{c}' in the turn: expected '>', '>>', '<' or '<<' and the returned fields"
                    ));
                }
                None => {
                    return Err(
                        "a reorientation without the fields it returns (an unfinished move)"
                            .to_string(),
                    );
                }
            }
            let mut returned = Bitboard::EMPTY;
            for item in ap_items(&chars, open)? {
                match item {
                    Item::Field(field) => returned.insert(field),
                    Item::Connection => {
                        return Err("'*' among the fields a reorientation returns".to_string());
                    }
                }
            }
            Ok(ApMove::Reorientation(Reorientation {
                field: from,
                rotation,
                returned,
            }))
        }
        Some(c) => Err(format!(
            "unexpected '{c}' after {from}: expected '-' or 'x' (movement) or '>', '<' (reorientation)"
        )),
        None => Err(format!(
            "only a field, {from}: an unfinished move (a chevron selected, nothing done)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ap_moves_parse_as_abstractplay_reads_them() {
        assert_eq!(parse_ap_move(" PASS "), Ok(ApMove::Pass));
        assert_eq!(parse_ap_move("Resign"), Ok(ApMove::End(Ending::Resign)));
        let Ok(ApMove::Movement { items, pincer, .. }) = parse_ap_move("C3 X C5(D4,I9,d4)") else {
            panic!("not a movement")
        };
        assert!(pincer);
        assert_eq!(items.len(), 2);
        let Ok(ApMove::Reorientation(r)) = parse_ap_move("e3<<(d1,c1,b2,a1,a1)") else {
            panic!("not a reorientation")
        };
        assert_eq!(r.rotation, Rotation::Anticlockwise90);
        assert_eq!(r.returned.count(), 4);
        for bad in [
            "",
            "e1",
            "e1-",
            "e1-e2(",
            "e1-e2()",
            "e1-e2(e3",
            "e3>",
            "e3><(a1,b2)",
            "z1-e2",
            "e1-e2x",
        ] {
            assert!(parse_ap_move(bad).is_err(), "{bad:?}");
        }
    }
}
