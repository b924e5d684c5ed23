//! Time controls: a clock with an increment, a limit per move, or both.

use crate::error::ArenaError;
use pacru_protocol::Clocks;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// A time control: a clock with an increment, a limit per move, or both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Each player's time for the whole game, in ms (`None`: no clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_ms: Option<u64>,
    /// Time added to the mover's clock after each move, in ms.
    #[serde(default)]
    pub increment_ms: u64,
    /// The most one move may take, in ms (`None`: no per-move limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movetime_ms: Option<u64>,
}

impl TimeControl {
    /// Reads `BASE+INC` or `BASE` in seconds (decimals allowed), e.g. `60+0.5`.
    pub fn parse_clock(text: &str) -> Result<TimeControl, ArenaError> {
        let bad = || {
            ArenaError::BadSetting(format!(
                "bad time control `{text}`: expected BASE+INCREMENT in seconds, e.g. 60+0.5"
            ))
        };
        let zero = || {
            ArenaError::BadSetting(format!(
                "bad time control `{text}`: the base time is 0 s, so every player would lose on time at the first move; give a base time of more than 0 s (e.g. 60+0.5), or a time per move"
            ))
        };
        let (base, inc) = match text.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (text, None),
        };
        let too_long = || {
            ArenaError::BadSetting(format!(
                "bad time control `{text}`: a time must be less than {MAX_SECONDS} s"
            ))
        };
        let read = |part: &str| match seconds_to_ms(part) {
            Some(Ok(ms)) => Ok(ms),
            Some(Err(TooLong)) => Err(too_long()),
            None => Err(bad()),
        };
        let base = read(base)?;
        let inc = match inc {
            Some(i) => read(i)?,
            None => 0,
        };
        if base == 0 {
            return Err(zero());
        }
        Ok(TimeControl {
            base_ms: Some(base),
            increment_ms: inc,
            movetime_ms: None,
        })
    }

    /// The clocks at the start of a game of `players` players.
    pub fn clocks(&self, players: usize) -> Clocks {
        Clocks {
            remaining: match self.base_ms {
                Some(ms) => vec![Duration::from_millis(ms); players],
                None => Vec::new(),
            },
            increment: Duration::from_millis(self.increment_ms),
            move_time: self.movetime_ms.map(Duration::from_millis),
        }
    }

    /// The value of the record's `TimeControl` tag: `60+0.5`, `movetime 0.1`, both
    /// joined by `, `, or `-` when untimed.
    pub fn describe(&self) -> String {
        let secs = |ms: u64| {
            let s = format!("{}.{:03}", ms / 1000, ms % 1000);
            s.trim_end_matches('0').trim_end_matches('.').to_owned()
        };
        let mut parts = Vec::new();
        if let Some(base) = self.base_ms {
            parts.push(format!("{}+{}", secs(base), secs(self.increment_ms)));
        }
        if let Some(mt) = self.movetime_ms {
            parts.push(format!("movetime {}", secs(mt)));
        }
        if parts.is_empty() {
            "-".to_owned()
        } else {
            parts.join(", ")
        }
    }
}

/// The longest time a time control may give, in seconds (about 31 years).
const MAX_SECONDS: u64 = 1_000_000_000;

/// A time that is a number of seconds, but too long for a time control.
struct TooLong;

/// Seconds (decimals allowed) as milliseconds; `None` when `text` is not a
/// number of seconds.
fn seconds_to_ms(text: &str) -> Option<Result<u64, TooLong>> {
    let text = text.trim();
    if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    let secs: f64 = text.parse().ok()?;
    Some(if secs < MAX_SECONDS as f64 {
        Ok((secs * 1000.0).round() as u64)
    } else {
        Err(TooLong)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls() {
        let tc = TimeControl::parse_clock("60+0.5").unwrap();
        assert_eq!((tc.base_ms, tc.increment_ms), (Some(60_000), 500));
        assert_eq!(tc.describe(), "60+0.5");
        assert_eq!(TimeControl::parse_clock("2").unwrap().describe(), "2+0");
        assert!(TimeControl::parse_clock("0+1").is_err());
        assert!(TimeControl::parse_clock("1:00").is_err());
        assert!(TimeControl::parse_clock("-1").is_err());
        let too_long = TimeControl::parse_clock("2000000000+0").unwrap_err();
        assert!(
            too_long.to_string().contains("less than 1000000000 s"),
            "{too_long}"
        );
        assert!(TimeControl::parse_clock("60+1000000000").is_err());
        let mt = TimeControl {
            movetime_ms: Some(100),
            ..TimeControl::default()
        };
        assert_eq!(mt.describe(), "movetime 0.1");
    }
}
