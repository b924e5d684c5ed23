//! serde support (feature `serde`): public data types survive a JSON round trip,
//! and deserialising a position checks its invariants.

use pacru_core::{Bitboard, Field, Item, Items, Move, Movement, Position, Rule, SplitMix64};

#[test]
fn positions_and_moves_round_trip_through_json() {
    let mut rng = SplitMix64::new(3);
    for players in 2..=4 {
        let mut pos = Position::standard(players).expect("standard start");
        for _ in 0..40 {
            let Some(mv) = pos.random_move(&mut rng) else {
                break;
            };
            let text = serde_json::to_string(&mv).expect("move to json");
            let back: Move = serde_json::from_str(&text).expect("move from json");
            assert_eq!(back, mv, "{text}");
            pos = pos.play(&mv).expect("random moves are legal");
            let text = serde_json::to_string(&pos).expect("position to json");
            let back: Position = serde_json::from_str(&text).expect("position from json");
            assert_eq!(back, pos);
        }
    }
}

#[test]
fn simple_types_serialise_as_their_notation() {
    let field: Field = "e5".parse().expect("field");
    assert_eq!(serde_json::to_string(&field).expect("json"), "\"e5\"");
    let set: Bitboard = ["a1", "i9"]
        .iter()
        .map(|f| f.parse::<Field>().expect("field"))
        .collect();
    assert_eq!(
        serde_json::to_string(&set).expect("json"),
        "[\"a1\",\"i9\"]"
    );
    assert_eq!(serde_json::to_string(&Rule::R11).expect("json"), "\"R11\"");
    let rule: Rule = serde_json::from_str("\"R16\"").expect("rule");
    assert_eq!(rule, Rule::R16);
    assert!(serde_json::from_str::<Rule>("\"R17\"").is_err());
}

#[test]
fn invalid_positions_are_rejected_when_deserialised() {
    let pos = Position::standard(2).expect("standard start");
    let mut value: serde_json::Value = serde_json::to_value(&pos).expect("json");
    // Colour e1 (under Black's chevron) Red: a chevron on another player's colour.
    value["markers"][4] = serde_json::json!("Red");
    let err = serde_json::from_value::<Position>(value).expect_err("invalid position");
    assert!(err.to_string().contains("e1"), "{err}");
}

#[test]
fn moves_serialise_as_their_notation() {
    for text in [
        "a3-b4(a4)",
        "c3xc5(d4,i9)",
        "a3-a5(*,e5)",
        "e3<<(a1,c1,d1,b2)",
        "resign",
    ] {
        let mv: Move = text.parse().expect("move");
        let json = serde_json::to_string(&mv).expect("json");
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<Move>(&json).expect("move back"), mv);
    }
    let Move::Movement(movement) = "a3-a5(*,e5)".parse::<Move>().expect("move") else {
        panic!("a movement");
    };
    assert_eq!(
        serde_json::to_string(&movement.items).expect("json"),
        r#"["*","e5"]"#
    );
    assert_eq!(
        serde_json::to_string(&movement).expect("json"),
        r#""a3-a5(*,e5)""#
    );
}

#[test]
fn a_serialised_move_that_is_not_notation_is_refused_where_it_goes_wrong() {
    // The storage of the items, which could once be deserialised into items whose
    // `is_empty()` and `len()` disagree, is no move at all.
    let storage = r#"{"Movement":{"from":"a3","to":"a5","pincer":false,"items":{"stored":[null,"Connection"],"surplus":null}}}"#;
    assert!(serde_json::from_str::<Move>(storage).is_err());
    let err = serde_json::from_str::<Move>(r#""e1-j2""#).expect_err("not a move");
    assert!(err.to_string().contains("column 4"), "{err}");
    let err = serde_json::from_str::<Movement>(r#""resign""#).expect_err("not a movement");
    assert!(err.to_string().contains("expected a movement"), "{err}");
    let err = serde_json::from_str::<Items>(r#"["*","j9"]"#).expect_err("not an item");
    assert!(err.to_string().contains("'j9'"), "{err}");
}

#[test]
fn items_deserialise_into_consistent_items() {
    for json in [
        r#"[]"#,
        r#"["*"]"#,
        r#"["*","e5"]"#,
        r#"["a1","b2","c3","d4"]"#,
    ] {
        let items: Items = serde_json::from_str(json).expect("items");
        let listed: Vec<Item> = items.iter().collect();
        assert_eq!(items.len(), listed.len(), "{json}");
        assert_eq!(items.is_empty(), listed.is_empty(), "{json}");
        assert_eq!(items.surplus(), listed.len().saturating_sub(2), "{json}");
        assert_eq!(serde_json::to_string(&items).expect("json"), json);
    }
}
