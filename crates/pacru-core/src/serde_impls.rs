//! serde support (feature `serde`): simple types as their notation text.

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

use crate::{Bitboard, Colour, Field, Players};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

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
