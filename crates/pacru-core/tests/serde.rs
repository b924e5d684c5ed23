//! serde support (feature `serde`): public data types survive a JSON round trip,
//! and deserialising a position checks its invariants.

use pacru_core::{Bitboard, Field, Move, Position, Rule, SplitMix64};

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
