//! Helpers shared by the integration tests: PPN <-> `pacru_core` conversion (using the
//! naive PPN parser), a PPN writer for `Position`, a small move-text parser and a
//! seeded xorshift generator. Needs `mod naive;` in the test crate root.
#![allow(dead_code)]

use crate::naive;
use pacru_core::{
    Bitboard, Colour, Direction, Field, Item, Items, Move, Movement, Position, Reorientation,
    Rotation, RulesEdition, Setup, SplitMix64,
};

/// The naive rules edition matching `rules`.
pub fn naive_rules(rules: RulesEdition) -> naive::Rules {
    match rules {
        RulesEdition::Pacru2004 => naive::Rules::Y2004,
        RulesEdition::Pacru2011 => naive::Rules::Y2011,
    }
}

fn colour(letter: char) -> Colour {
    Colour::from_letter(letter).expect("colour letter")
}

/// A `Setup` from a PPN, parsed by the naive parser (not settled: `from_setup` settles).
pub fn setup_from_ppn(ppn: &str, rules: RulesEdition) -> Setup {
    let b = naive::parse_ppn(ppn).unwrap_or_else(|e| panic!("bad PPN {ppn}: {e}"));
    let mut markers = [None; 81];
    for (i, m) in markers.iter_mut().enumerate() {
        *m = b.colour[i].map(colour);
    }
    let mut chevrons = Vec::new();
    for i in 0..81 {
        if let Some((c, d)) = b.chevron[i] {
            chevrons.push((
                colour(c),
                Field::from_index(i as u8).unwrap(),
                Direction::ALL[d],
            ));
        }
    }
    Setup {
        players: b.players.iter().map(|&c| colour(c)).collect(),
        markers,
        chevrons,
        to_move: colour(b.to_move),
        rules,
    }
}

/// A settled `Position` from a PPN.
pub fn pos(ppn: &str, rules: RulesEdition) -> Position {
    Position::from_setup(&setup_from_ppn(ppn, rules))
        .unwrap_or_else(|e| panic!("position {ppn} rejected: {e}"))
}

/// A settled `Position` from a PPN, 2004 rules.
pub fn pos04(ppn: &str) -> Position {
    pos(ppn, RulesEdition::Pacru2004)
}

/// The canonical PPN of a `Position` (written here, independently of any notation crate).
pub fn ppn_of(p: &Position) -> String {
    let mut markers = String::new();
    for rank in (0..9u8).rev() {
        let mut run = 0;
        for file in 0..9u8 {
            match p.colour_at(Field::new(file, rank).unwrap()) {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        markers.push_str(&run.to_string());
                        run = 0;
                    }
                    markers.push(c.letter());
                }
            }
        }
        if run > 0 {
            markers.push_str(&run.to_string());
        }
        if rank > 0 {
            markers.push('/');
        }
    }
    let mut chevrons: Vec<String> = Vec::new();
    for c in p.players().iter() {
        for f in Field::all() {
            if let Some(ch) = p.chevron_at(f)
                && ch.colour == c
            {
                chevrons.push(format!("{}{}{}", c.letter(), f, ch.facing));
            }
        }
    }
    let chevrons = if chevrons.is_empty() {
        "-".to_string()
    } else {
        chevrons.join(",")
    };
    let players: String = p.players().iter().map(|c| c.letter()).collect();
    format!("{markers} {chevrons} {} {players}", p.to_move().letter())
}

fn field(s: &str) -> Field {
    s.parse().unwrap_or_else(|_| panic!("bad field {s}"))
}

/// Parses move text (canonical notation; item lists of any length are kept).
pub fn mv(text: &str) -> Move {
    let text = text.trim();
    if text == "resign" {
        return Move::Resign;
    }
    let (head, items) = match text.find('(') {
        Some(i) => {
            assert!(text.ends_with(')'), "bad move {text}");
            (&text[..i], Some(&text[i + 1..text.len() - 1]))
        }
        None => (text, None),
    };
    let items: Vec<&str> = match items {
        Some(s) => s.split(',').map(str::trim).collect(),
        None => Vec::new(),
    };
    if head.len() > 2 && (head.as_bytes()[2] == b'>' || head.as_bytes()[2] == b'<') {
        let rotation = match &head[2..] {
            ">" => Rotation::Clockwise45,
            "<" => Rotation::Anticlockwise45,
            ">>" => Rotation::Clockwise90,
            "<<" => Rotation::Anticlockwise90,
            other => panic!("bad rotation {other}"),
        };
        let returned: Bitboard = items.iter().map(|s| field(s)).collect();
        return Move::Reorientation(Reorientation {
            field: field(&head[..2]),
            rotation,
            returned,
        });
    }
    assert_eq!(head.len(), 5, "bad move {text}");
    let pincer = match head.as_bytes()[2] {
        b'-' => false,
        b'x' => true,
        _ => panic!("bad move {text}"),
    };
    let list: Vec<Item> = items
        .iter()
        .map(|s| {
            if *s == "*" {
                Item::Connection
            } else {
                Item::Field(field(s))
            }
        })
        .collect();
    Move::Movement(Movement {
        from: field(&head[..2]),
        to: field(&head[3..5]),
        pincer,
        items: Items::from_slice(&list),
    })
}

/// A number in `0..n` (`n > 0`) drawn from the core's generator.
pub fn below(rng: &mut SplitMix64, n: usize) -> usize {
    rng.below(n as u64) as usize
}

/// True with probability `percent`/100.
pub fn chance(rng: &mut SplitMix64, percent: u64) -> bool {
    rng.below(100) < percent
}

/// Builds a PPN from readable parts: `markers` lists (colour letter, space-separated
/// fields), `chevrons` is space-separated `Ke1N`-style items.
pub fn build(markers: &[(char, &str)], chevrons: &str, to_move: char, players: &str) -> String {
    let mut b = naive::Board {
        colour: [None; 81],
        chevron: [None; 81],
        to_move,
        players: players.chars().collect(),
    };
    for (c, fields) in markers {
        for f in fields.split_whitespace() {
            b.colour[naive::parse_field(f).expect("field")] = Some(*c);
        }
    }
    for item in chevrons.split_whitespace() {
        let c = item.chars().next().unwrap();
        let f = naive::parse_field(&item[1..3]).expect("field");
        let d = naive::DIR_NAMES
            .iter()
            .position(|&n| n == &item[3..])
            .expect("direction");
        b.chevron[f] = Some((c, d));
    }
    let text = naive::write_ppn(&b);
    naive::parse_ppn(&text).unwrap_or_else(|e| panic!("invalid built PPN {text}: {e}"));
    text
}
