//! serde support (feature `serde`): values as their notation text.
//!
//! A value with a text form serialises as that text and deserialises through its
//! `FromStr`, so that deserialising can build only what parsing can: a move is
//! `"a3-b4(a4)"`, never its storage. As shakmaty's `UciMove` does for chess moves.

/// Implements `Serialize`/`Deserialize` through `Display`/`FromStr`.
#[macro_export]
#[doc(hidden)]
macro_rules! serde_as_text {
    ($ty:ty) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text =
                    <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

use crate::{Bitboard, Colour, Field, Item, Items, Move, Movement, Players, Reorientation};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;

serde_as_text!(Move);

impl Serialize for Movement {
    /// Its move notation, e.g. `"a3-b4(a4)"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Movement {
    /// Reads the move notation of a movement (through `FromStr for Move`).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Move::deserialize(deserializer)? {
            Move::Movement(movement) => Ok(movement),
            other => Err(serde::de::Error::custom(format!(
                "expected a movement, found {other}"
            ))),
        }
    }
}

impl Serialize for Reorientation {
    /// Its move notation, e.g. `"e3>(a1,b2)"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Reorientation {
    /// Reads the move notation of a reorientation (through `FromStr for Move`).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Move::deserialize(deserializer)? {
            Move::Reorientation(reorientation) => Ok(reorientation),
            other => Err(serde::de::Error::custom(format!(
                "expected a reorientation, found {other}"
            ))),
        }
    }
}

impl Serialize for Item {
    /// `"*"` or a field name.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Item {
    /// `"*"` or a field name, as in move notation.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<'de, str>::deserialize(deserializer)?;
        if text == "*" {
            return Ok(Item::Connection);
        }
        text.parse().map(Item::Field).map_err(|_| {
            let found = if text.chars().count() <= 8 {
                format!("'{}'", crate::Escaped(&text))
            } else {
                format!("a text of {} characters", text.chars().count())
            };
            serde::de::Error::custom(format!(
                "expected an item ('*' or a field a1..i9), found {found}"
            ))
        })
    }
}

impl Serialize for Items {
    /// The items in the order written, e.g. `["*", "e5"]`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Items {
    /// A list of items in the order written.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Items::from_slice(&Vec::<Item>::deserialize(deserializer)?))
    }
}

impl Serialize for Bitboard {
    /// A list of field names in ascending order.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Vec::<Field>::deserialize(deserializer)?
            .into_iter()
            .collect())
    }
}

impl Serialize for Players {
    /// The colour letters in order of play, e.g. `"KR"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Players {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        let colours = text
            .chars()
            .map(|c| {
                Colour::from_letter(c)
                    .ok_or_else(|| serde::de::Error::custom(format!("not a colour letter: {c}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Players::new(&colours).map_err(serde::de::Error::custom)
    }
}

/// The 81 markers of a [`crate::Setup`] as a list (serde handles arrays up to 32 only).
pub(crate) mod markers {
    use crate::Colour;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(
        markers: &[Option<Colour>; 81],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(markers.iter())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<[Option<Colour>; 81], D::Error> {
        let list = Vec::<Option<Colour>>::deserialize(deserializer)?;
        <[Option<Colour>; 81]>::try_from(list)
            .map_err(|list| serde::de::Error::invalid_length(list.len(), &"81 fields"))
    }
}
