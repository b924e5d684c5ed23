//! Registering, withdrawing and reinstating players.

use crate::error::EventError;
use crate::model::{Event, LogAction, Player, System};
use crate::store::{EventFile, database, log};
use crate::text;

/// The highest rating accepted.
const MAX_RATING: u32 = 4000;

impl EventFile {
    /// Registers the players `names`, each with `rating` and `club` if given.
    /// Refuses them all if any name is not acceptable or taken, or if the event
    /// is a round robin already under way.
    pub fn add_players(
        &mut self,
        names: &[String],
        rating: Option<u32>,
        club: Option<&str>,
    ) -> Result<Vec<Player>, EventError> {
        for name in names {
            text::check("player name", name, text::NAME)?;
        }
        if let Some(club) = club {
            text::check("club", club, text::NAME)?;
        }
        if let Some(rating) = rating.filter(|&r| r > MAX_RATING) {
            return Err(EventError::Setting(format!(
                "a rating of {rating}: at most {MAX_RATING}"
            )));
        }
        if names.is_empty() {
            return Err(EventError::Setting("no player name given".to_owned()));
        }
        let path = self.path().to_owned();
        self.write(|tx, event| {
            if event.settings.system == System::RoundRobin && !event.rounds.is_empty() {
                return Err(EventError::PlayersFixed);
            }
            let mut added = Vec::with_capacity(names.len());
            for (i, name) in names.iter().enumerate() {
                if event.player_named(name).is_some() || names[..i].contains(name) {
                    return Err(EventError::DuplicatePlayer { name: name.clone() });
                }
                tx.execute(
                    "INSERT INTO player (name, rating, club) VALUES (?1, ?2, ?3)",
                    rusqlite::params![name, rating, club],
                )
                .map_err(|e| database(&path, e))?;
                let player = Player {
                    id: tx.last_insert_rowid(),
                    name: name.clone(),
                    rating,
                    club: club.map(str::to_owned),
                    withdrawn_from: None,
                };
                log(
                    &path,
                    tx,
                    LogAction::PlayerAdd,
                    None,
                    None,
                    &format!("player {} registered: {}", player.id, name),
                    None,
                )?;
                added.push(player);
            }
            Ok(added)
        })
    }

    /// Withdraws the player `name` from the next round to be paired on: their
    /// games so far stay and count.
    pub fn withdraw(&mut self, name: &str) -> Result<Player, EventError> {
        let path = self.path().to_owned();
        self.write(|tx, event| {
            let player = find(event, name)?;
            if let Some(round) = player.withdrawn_from {
                return Err(EventError::AlreadyWithdrawn {
                    name: player.name.clone(),
                    round,
                });
            }
            let from = event.rounds_paired() + 1;
            tx.execute(
                "UPDATE player SET withdrawn_from = ?1 WHERE id = ?2",
                rusqlite::params![from, player.id],
            )
            .map_err(|e| database(&path, e))?;
            log(
                &path,
                tx,
                LogAction::Withdraw,
                Some(from),
                None,
                &format!("{} withdrawn from round {from} on", player.name),
                None,
            )?;
            Ok(Player {
                withdrawn_from: Some(from),
                ..player.clone()
            })
        })
    }
}

impl EventFile {
    /// Undoes the withdrawal of the player `name`, which is only possible while
    /// no round has been paired since: they are paired again from the next
    /// round, as if they had never withdrawn.
    ///
    /// ```
    /// use pacru_event::{EventFile, NewEvent};
    /// let dir = tempfile::tempdir().unwrap();
    /// let path = dir.path().join("club.pacru-event");
    /// let mut event = EventFile::create(&path, &NewEvent::swiss("Club", 2, 3)).unwrap();
    /// event.add_players(&["Ann".into(), "Bo".into()], None, None).unwrap();
    /// event.withdraw("Bo").unwrap();
    /// assert_eq!(event.reinstate("Bo").unwrap().withdrawn_from, None);
    /// assert!(event.reinstate("Bo").is_err());
    /// ```
    pub fn reinstate(&mut self, name: &str) -> Result<Player, EventError> {
        let path = self.path().to_owned();
        self.write(|tx, event| {
            let player = find(event, name)?;
            let Some(from) = player.withdrawn_from else {
                return Err(EventError::NotWithdrawn {
                    name: player.name.clone(),
                });
            };
            let paired = event.rounds_paired();
            if paired >= from {
                return Err(EventError::RoundsMissed {
                    name: player.name.clone(),
                    from,
                    paired,
                });
            }
            tx.execute(
                "UPDATE player SET withdrawn_from = NULL WHERE id = ?1",
                [player.id],
            )
            .map_err(|e| database(&path, e))?;
            log(
                &path,
                tx,
                LogAction::Reinstate,
                Some(from),
                None,
                &format!(
                    "{} reinstated: paired again from round {from} on",
                    player.name
                ),
                None,
            )?;
            Ok(Player {
                withdrawn_from: None,
                ..player.clone()
            })
        })
    }
}

/// The player called `name`, or an error that suggests a near spelling.
pub(crate) fn find<'e>(event: &'e Event, name: &str) -> Result<&'e Player, EventError> {
    event.player_named(name).ok_or_else(|| {
        let squeeze = |s: &str| {
            s.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase()
        };
        let wanted = squeeze(name);
        EventError::UnknownPlayer {
            name: name.to_owned(),
            similar: event
                .players
                .iter()
                .find(|p| squeeze(&p.name) == wanted)
                .map(|p| p.name.clone()),
        }
    })
}
