//! The accept policy: which invitations the bot joins.

use pacru_core::RulesEdition;
use serde_json::Value;

/// Whose invitations the bot accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inviter {
    /// Everyone's.
    Any,
    /// Those of games created by this user (compared ignoring case).
    User(String),
}

/// The kind of clock a game has, as the accept policy tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClockKind {
    /// `{"initial":S,"increment":S}`: a live game.
    Realtime,
    /// `{"days":D}`: a correspondence game.
    Correspondence,
    /// `null`: no clock.
    None,
}

impl ClockKind {
    /// The kind of the API's `clock` value; `None` (the Rust option) when it
    /// is none of the three shapes.
    pub fn of(clock: &Value) -> Option<ClockKind> {
        if clock.is_null() {
            Some(ClockKind::None)
        } else if clock.get("days").is_some() {
            Some(ClockKind::Correspondence)
        } else if clock.get("initial").is_some() {
            Some(ClockKind::Realtime)
        } else {
            Option::None
        }
    }
}

/// As `--clock` names it: `realtime`, `correspondence` or `none`.
impl std::fmt::Display for ClockKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ClockKind::Realtime => "realtime",
            ClockKind::Correspondence => "correspondence",
            ClockKind::None => "none",
        })
    }
}

/// Which invitations the bot accepts: by inviter, player count, rules and
/// clock. An empty list of player counts, rules or clocks accepts every value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AcceptPolicy {
    /// Whose invitations.
    pub inviter: Inviter,
    /// The player counts (2, 3, 4) accepted; empty: all.
    pub players: Vec<usize>,
    /// The rules editions accepted; empty: both.
    pub rules: Vec<RulesEdition>,
    /// The kinds of clock accepted; empty: all.
    pub clocks: Vec<ClockKind>,
}

impl Default for AcceptPolicy {
    fn default() -> AcceptPolicy {
        AcceptPolicy::any()
    }
}

/// In words, for the bot's log: `invitations from anyone; players 3, 4; either
/// rules; clocks realtime, none` (a user name with its control characters
/// escaped).
impl std::fmt::Display for AcceptPolicy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        fn list<T: std::fmt::Display>(items: &[T]) -> String {
            items
                .iter()
                .map(T::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        }
        match &self.inviter {
            Inviter::Any => f.write_str("invitations from anyone")?,
            Inviter::User(name) => write!(f, "invitations from {}", name.escape_debug())?,
        }
        if self.players.is_empty() {
            f.write_str("; any number of players")?;
        } else {
            write!(f, "; players {}", list(&self.players))?;
        }
        if self.rules.is_empty() {
            f.write_str("; either rules")?;
        } else {
            let years: Vec<&str> = self.rules.iter().map(|r| r.year()).collect();
            write!(f, "; rules {}", list(&years))?;
        }
        if self.clocks.is_empty() {
            f.write_str("; any clock")
        } else {
            write!(f, "; clocks {}", list(&self.clocks))
        }
    }
}

impl AcceptPolicy {
    /// Every invitation.
    pub fn any() -> AcceptPolicy {
        AcceptPolicy {
            inviter: Inviter::Any,
            players: Vec::new(),
            rules: Vec::new(),
            clocks: Vec::new(),
        }
    }

    /// Whether the invitation to `game` (the API's game object) is accepted;
    /// `Err` says why not.
    pub fn check(&self, game: &Value) -> Result<(), String> {
        if let Inviter::User(name) = &self.inviter
            && !game["creator"]
                .as_str()
                .is_some_and(|c| c.eq_ignore_ascii_case(name))
        {
            return Err("not from an accepted user".into());
        }
        let players = game["players"].as_array().map_or(0, Vec::len);
        if !self.players.is_empty() && !self.players.contains(&players) {
            return Err(format!("{players} players"));
        }
        let rules = game["rules"]
            .as_str()
            .and_then(|r| r.parse::<RulesEdition>().ok())
            .ok_or("unknown rules")?;
        if !self.rules.is_empty() && !self.rules.contains(&rules) {
            return Err(format!("rules {}", rules.year()));
        }
        let clock = ClockKind::of(&game["clock"]).ok_or("unknown clock")?;
        if !self.clocks.is_empty() && !self.clocks.contains(&clock) {
            return Err(format!("clock {clock}"));
        }
        Ok(())
    }

    /// Whether the invitation to `game` is accepted.
    pub fn accepts(&self, game: &Value) -> bool {
        self.check(game).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_policy_is_shown_in_the_words_of_the_options() {
        assert_eq!(
            AcceptPolicy::any().to_string(),
            "invitations from anyone; any number of players; either rules; any clock"
        );
        let policy = AcceptPolicy {
            inviter: Inviter::User("ana\u{1b}[2J".into()),
            players: vec![3, 4],
            rules: vec![RulesEdition::Pacru2011],
            clocks: vec![ClockKind::Realtime, ClockKind::None],
        };
        assert_eq!(
            policy.to_string(),
            "invitations from ana\\u{1b}[2J; players 3, 4; rules 2011; clocks realtime, none"
        );
        // A refusal names the value in the same words.
        let policy = AcceptPolicy {
            inviter: Inviter::User("ana".into()),
            ..policy
        };
        let g = game("ana", 2, "2004", json!({"days": 3}));
        assert_eq!(policy.check(&g), Err("2 players".to_string()));
        let g = game("ana", 3, "2011", json!({"days": 3}));
        assert_eq!(policy.check(&g), Err("clock correspondence".to_string()));
    }

    fn game(creator: &str, players: usize, rules: &str, clock: Value) -> Value {
        json!({"creator": creator, "players": vec![json!({}); players],
               "rules": rules, "clock": clock})
    }

    #[test]
    fn each_filter_refuses_what_it_does_not_list() {
        let live = json!({"initial": 300, "increment": 5});
        let g = game("ana", 3, "2011", live.clone());
        assert!(AcceptPolicy::any().accepts(&g));
        let mut p = AcceptPolicy::any();
        p.inviter = Inviter::User("ANA".into());
        assert!(p.accepts(&g));
        p.inviter = Inviter::User("cy".into());
        assert!(!p.accepts(&g));
        let mut p = AcceptPolicy::any();
        p.players = vec![2, 4];
        assert!(!p.accepts(&g));
        assert!(p.accepts(&game("ana", 4, "2011", live.clone())));
        let mut p = AcceptPolicy::any();
        p.rules = vec![RulesEdition::Pacru2004];
        assert!(!p.accepts(&g));
        assert!(p.accepts(&game("ana", 3, "2004", live.clone())));
        let mut p = AcceptPolicy::any();
        p.clocks = vec![ClockKind::Correspondence, ClockKind::None];
        assert!(!p.accepts(&g));
        assert!(p.accepts(&game("ana", 3, "2011", json!({"days": 3}))));
        assert!(p.accepts(&game("ana", 3, "2011", Value::Null)));
        // Garbage is refused, not accepted.
        assert!(!AcceptPolicy::any().accepts(&game("ana", 2, "1999", Value::Null)));
        assert!(!AcceptPolicy::any().accepts(&game("ana", 2, "2004", json!(7))));
    }
}
