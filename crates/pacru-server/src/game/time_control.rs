//! A game's clock setting and the clocks it runs.

use crate::clock::Millis;
use crate::error::ApiError;
use serde_json::{Value, json};

/// How long a player may think, as a game is created with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// No clock.
    Unlimited,
    /// A real-time clock: `initial` seconds for the game, `increment` seconds
    /// added after each move (Fischer).
    RealTime {
        /// Seconds each player starts with (1 to 86,400).
        initial: u32,
        /// Seconds added after each of the player's moves (0 to 600).
        increment: u32,
    },
    /// Correspondence: `days` days for each move (1 to 30).
    Correspondence {
        /// Days per move.
        days: u32,
    },
}

/// The network lag the server forgives on each move, in milliseconds: a move's
/// thinking time is the time from the previous move's storing to this move's
/// arrival, less up to this much (`docs/server.md`).
pub const LAG_ALLOWANCE_MS: Millis = 250;

const DAY_MS: Millis = 86_400_000;

impl TimeControl {
    /// Reads the `clock` of a create request: `{"initial":S,"increment":S}`,
    /// `{"days":D}` or `null`.
    pub fn from_json(value: Option<&Value>) -> Result<TimeControl, ApiError> {
        let Some(value) = value.filter(|v| !v.is_null()) else {
            return Ok(TimeControl::Unlimited);
        };
        let object = value.as_object().ok_or_else(|| {
            ApiError::BadRequest(
                "clock: expected {\"initial\":S,\"increment\":S}, {\"days\":D} or null".into(),
            )
        })?;
        let number = |key: &str, low: u64, high: u64| -> Result<Option<u32>, ApiError> {
            match object.get(key) {
                None => Ok(None),
                Some(v) => v
                    .as_u64()
                    .filter(|n| (low..=high).contains(n))
                    .and_then(|n| u32::try_from(n).ok())
                    .map(Some)
                    .ok_or_else(|| {
                        ApiError::BadRequest(format!(
                            "clock.{key}: expected a whole number from {low} to {high}"
                        ))
                    }),
            }
        };
        if let Some(unknown) = object
            .keys()
            .find(|k| !["initial", "increment", "days"].contains(&k.as_str()))
        {
            return Err(ApiError::BadRequest(format!(
                "clock: unknown key {unknown:?}"
            )));
        }
        match (
            number("initial", 1, 86_400)?,
            number("increment", 0, 600)?,
            number("days", 1, 30)?,
        ) {
            (Some(initial), increment, None) => Ok(TimeControl::RealTime {
                initial,
                increment: increment.unwrap_or(0),
            }),
            (None, None, Some(days)) => Ok(TimeControl::Correspondence { days }),
            _ => Err(ApiError::BadRequest(
                "clock: give either initial (and increment) or days".into(),
            )),
        }
    }

    /// The `clock` of the game object.
    pub fn to_json(self) -> Value {
        match self {
            TimeControl::Unlimited => Value::Null,
            TimeControl::RealTime { initial, increment } => {
                json!({"initial": initial, "increment": increment})
            }
            TimeControl::Correspondence { days } => json!({"days": days}),
        }
    }

    /// Milliseconds each player has when the game starts (`None`: no clock).
    pub fn start_ms(self) -> Option<Millis> {
        match self {
            TimeControl::Unlimited => None,
            TimeControl::RealTime { initial, .. } => Some(Millis::from(initial) * 1000),
            TimeControl::Correspondence { days } => Some(Millis::from(days) * DAY_MS),
        }
    }

    /// A player's time after a move that took `spent` milliseconds of `left`.
    pub fn after_move(self, left: Millis, spent: Millis) -> Millis {
        match self {
            TimeControl::Unlimited => left,
            TimeControl::RealTime { increment, .. } => {
                left - spent + Millis::from(increment) * 1000
            }
            // Each move has the same days.
            TimeControl::Correspondence { days } => Millis::from(days) * DAY_MS,
        }
    }

    /// The `TimeControl` tag of a record, in PGN's forms: `S+I` for a real-time
    /// clock, `1/S` (one move in S seconds) for correspondence, `-` for none.
    pub fn tag(self) -> String {
        match self {
            TimeControl::Unlimited => "-".to_string(),
            TimeControl::RealTime { initial, increment } => format!("{initial}+{increment}"),
            TimeControl::Correspondence { days } => format!("1/{}", Millis::from(days) * 86_400),
        }
    }

    /// The three columns the database keeps.
    pub fn columns(self) -> (Option<u32>, Option<u32>, Option<u32>) {
        match self {
            TimeControl::Unlimited => (None, None, None),
            TimeControl::RealTime { initial, increment } => (Some(initial), Some(increment), None),
            TimeControl::Correspondence { days } => (None, None, Some(days)),
        }
    }

    /// The value of the three database columns.
    pub fn from_columns(
        initial: Option<u32>,
        increment: Option<u32>,
        days: Option<u32>,
    ) -> TimeControl {
        match (initial, days) {
            (Some(initial), _) => TimeControl::RealTime {
                initial,
                increment: increment.unwrap_or(0),
            },
            (None, Some(days)) => TimeControl::Correspondence { days },
            (None, None) => TimeControl::Unlimited,
        }
    }
}

/// The thinking time charged for a move that arrived `elapsed` milliseconds after
/// the previous one was stored.
pub fn charged(elapsed: Millis) -> Millis {
    (elapsed - LAG_ALLOWANCE_MS).max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_the_spec_writes_them() {
        let rt = TimeControl::from_json(Some(&json!({"initial": 300, "increment": 5}))).unwrap();
        assert_eq!(
            rt,
            TimeControl::RealTime {
                initial: 300,
                increment: 5
            }
        );
        assert_eq!(rt.to_json(), json!({"initial": 300, "increment": 5}));
        let corr = TimeControl::from_json(Some(&json!({"days": 3}))).unwrap();
        assert_eq!(corr.start_ms(), Some(3 * DAY_MS));
        assert_eq!(
            TimeControl::from_json(Some(&Value::Null)).unwrap(),
            TimeControl::Unlimited
        );
        assert_eq!(
            TimeControl::from_json(None).unwrap(),
            TimeControl::Unlimited
        );
        for bad in [
            json!({"initial": 0}),
            json!({"initial": 86_401}),
            json!({"initial": 60, "increment": 601}),
            json!({"days": 31}),
            json!({"days": 0}),
            json!({"initial": 60, "days": 2}),
            json!({"initial": -1}),
            json!({"initial": 1.5}),
            json!({"minutes": 5}),
            json!("5+3"),
        ] {
            assert!(TimeControl::from_json(Some(&bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_move_costs_its_time_less_the_lag_allowance_and_gains_the_increment() {
        let rt = TimeControl::RealTime {
            initial: 60,
            increment: 2,
        };
        assert_eq!(rt.after_move(60_000, charged(1_250)), 61_000);
        assert_eq!(rt.after_move(60_000, charged(100)), 62_000);
        let corr = TimeControl::Correspondence { days: 2 };
        assert_eq!(corr.after_move(1, charged(DAY_MS)), 2 * DAY_MS);
    }
}
