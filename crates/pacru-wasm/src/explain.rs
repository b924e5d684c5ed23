//! What a move does, as the plain object `Position.explain` returns: the core's
//! [`Effects`] with fields, colours and directions as text and camelCase keys.

use pacru_core::{Bitboard, Colour, Effects, MovementKind, OutReason, Status};
use serde::Serialize;

/// The object `Position.explain` returns (declared as `Effects` in TypeScript).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EffectsObject {
    /// The player who moved.
    pub mover: &'static str,
    /// `plain`, `connection`, `connection_jump` or `pincer`; `null` for a
    /// reorientation or a resignation.
    pub kind: Option<&'static str>,
    /// A pincer's captured chevron.
    pub captured: Option<Captured>,
    /// The fields a connection change coloured.
    pub connection_fields: Vec<String>,
    /// The crossing benefit: the field, and whether it was a transformation (R10).
    pub crossing: Option<Crossing>,
    /// The field a meeting coloured.
    pub meeting: Option<String>,
    /// Whether the move made a meeting that gave nothing.
    pub empty_meeting: bool,
    /// Whether that is due to the 2011 rule (no other colour on 9 fields).
    pub meeting_denied_by_2011: bool,
    /// A reorientation's chevron and its new facing.
    pub reoriented: Option<Reoriented>,
    /// The fields a reorientation returned to neutral.
    pub returned: Vec<String>,
    /// The mover's number of fields after the move.
    pub mover_fields: u32,
    /// Every field whose colour changed, with its colour before the move.
    pub changed: Vec<Changed>,
    /// Players who left the game during the turn, in the order they left.
    pub out: Vec<Out>,
    /// The status after the move: `ongoing`, `won` or `no-winner`.
    pub status: &'static str,
    /// The winner, if the move ended the game with one.
    pub winner: Option<&'static str>,
}

/// A captured chevron.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Captured {
    /// Its owner.
    pub colour: &'static str,
    /// The field it stood on.
    pub field: String,
}

/// A crossing benefit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Crossing {
    /// The field it coloured.
    pub field: String,
    /// Whether it was a borderland transformation (R10).
    pub transformation: bool,
}

/// A reoriented chevron.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reoriented {
    /// Its field.
    pub field: String,
    /// Its new facing (`N`, `NE`, ...).
    pub facing: &'static str,
}

/// A field whose colour changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Changed {
    /// The field.
    pub field: String,
    /// Its colour before the move (`null`: neutral).
    pub before: Option<&'static str>,
}

/// A player who left the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Out {
    /// The player.
    pub colour: &'static str,
    /// `blocked`, `last_chevron_taken` or `resigned`.
    pub reason: &'static str,
}

/// The word of a status.
pub fn status_word(status: Status) -> &'static str {
    match status {
        Status::Ongoing => "ongoing",
        Status::Won { .. } => "won",
        Status::NoWinner => "no-winner",
    }
}

fn kind_word(kind: MovementKind) -> &'static str {
    match kind {
        MovementKind::Plain => "plain",
        MovementKind::Connection => "connection",
        MovementKind::ConnectionJump => "connection_jump",
        MovementKind::Pincer => "pincer",
    }
}

fn out_word(reason: OutReason) -> &'static str {
    match reason {
        OutReason::Blocked => "blocked",
        OutReason::LastChevronTaken => "last_chevron_taken",
        OutReason::Resigned => "resigned",
    }
}

fn fields(set: Bitboard) -> Vec<String> {
    set.iter().map(|f| f.to_string()).collect()
}

impl From<&Effects> for EffectsObject {
    fn from(effects: &Effects) -> EffectsObject {
        EffectsObject {
            mover: effects.mover.word(),
            kind: effects.kind.map(kind_word),
            captured: effects.captured.map(|(colour, field)| Captured {
                colour: colour.word(),
                field: field.to_string(),
            }),
            connection_fields: fields(effects.connection_fields),
            crossing: effects
                .crossing_field
                .map(|(field, transformation)| Crossing {
                    field: field.to_string(),
                    transformation,
                }),
            meeting: effects.meeting_field.map(|f| f.to_string()),
            empty_meeting: effects.empty_meeting,
            meeting_denied_by_2011: effects.meeting_denied_by_2011,
            reoriented: effects.reoriented.map(|(field, facing)| Reoriented {
                field: field.to_string(),
                facing: facing.name(),
            }),
            returned: fields(effects.returned),
            mover_fields: effects.mover_fields,
            changed: effects
                .changed
                .iter()
                .map(|(field, before)| Changed {
                    field: field.to_string(),
                    before: before.map(Colour::word),
                })
                .collect(),
            out: effects
                .out
                .iter()
                .map(|(colour, reason)| Out {
                    colour: colour.word(),
                    reason: out_word(*reason),
                })
                .collect(),
            status: status_word(effects.status),
            winner: match effects.status {
                Status::Won { winner, .. } => Some(winner.word()),
                _ => None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pacru_core::Position;

    #[test]
    fn a_crossing_with_its_field() {
        let start = Position::standard(2).unwrap();
        let effects = start.explain(&"a3-b4(a4)".parse().unwrap()).unwrap();
        let object = EffectsObject::from(&effects);
        assert_eq!(object.mover, "Black");
        assert_eq!(object.kind, Some("plain"));
        assert_eq!(
            object.crossing,
            Some(Crossing {
                field: "a4".into(),
                transformation: false
            })
        );
        assert_eq!(object.mover_fields, 1);
        assert_eq!(object.status, "ongoing");
        let json = serde_json::to_string(&object).unwrap();
        assert!(json.starts_with(r#"{"mover":"Black","kind":"plain","captured":null,"connectionFields":[],"crossing":{"field":"a4","transformation":false}"#), "{json}");
    }
}
