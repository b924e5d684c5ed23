//! What a move did, in plain words.

use crate::error::field_list;
use crate::{Effects, MovementKind, OutReason, Status, WinReason};

impl Effects {
    /// One sentence per thing that happened, in the order it happened: the pincer,
    /// the connection change, the crossing benefit, the meeting, the reorientation,
    /// players leaving the game, and the end of the game.
    pub fn describe(&self) -> Vec<String> {
        let mover = self.mover;
        let mut lines = Vec::new();
        let was = |field| {
            self.changed
                .iter()
                .find(|(f, _)| *f == field)
                .and_then(|(_, before)| *before)
                .map_or(String::new(), |c| format!(" (was {c})"))
        };
        if let Some((victim, field)) = self.captured {
            lines.push(format!(
                "pincer: the {victim} chevron on {field} is removed; {field} becomes {mover}{}",
                was(field)
            ));
        }
        match self.kind {
            Some(MovementKind::ConnectionJump) => {
                lines.push("connection jump: no field changes".to_string());
            }
            Some(MovementKind::Connection) if self.connection_fields.any() => {
                let fields = self.connection_fields;
                let verb = if fields.count() == 1 {
                    "becomes"
                } else {
                    "become"
                };
                lines.push(format!(
                    "connection change: {} {verb} {mover}",
                    field_list(fields)
                ));
            }
            Some(MovementKind::Connection) if self.crossing_field.is_none() => {
                lines.push(
                    "connection: every field between is already yours, nothing changes".to_string(),
                );
            }
            _ => {}
        }
        if let Some((field, transformation)) = self.crossing_field {
            let what = if transformation {
                "borderland transformation"
            } else {
                "borderland change"
            };
            lines.push(format!("{what}: {field} becomes {mover}{}", was(field)));
        }
        if let Some(field) = self.meeting_field {
            lines.push(format!("meeting: {field} becomes {mover}{}", was(field)));
        } else if self.meeting_denied_by_2011 {
            lines.push(
                "meeting: under the 2011 rules it gives nothing, as after this move no other player's colour covers 9 or more fields"
                    .to_string(),
            );
        } else if self.empty_meeting {
            lines.push("meeting: no field can be taken, nothing changes".to_string());
        }
        if let Some((field, facing)) = self.reoriented {
            let verb = if self.returned.count() == 1 {
                "becomes"
            } else {
                "become"
            };
            lines.push(format!(
                "reorientation: the chevron on {field} now faces {facing}; {} {verb} neutral",
                field_list(self.returned)
            ));
        }
        for (colour, reason) in &self.out {
            lines.push(match reason {
                OutReason::LastChevronTaken => {
                    format!("{colour} has lost its last chevron and is out")
                }
                OutReason::Blocked => {
                    format!("{colour} is blocked and out: its chevrons are removed")
                }
                OutReason::Resigned => format!("{colour} resigns and is out"),
            });
        }
        match self.status {
            Status::Won {
                winner,
                reason: WinReason::Target,
            } => lines.push(format!(
                "{winner} wins with {} fields, reaching the target",
                self.mover_fields
            )),
            Status::Won {
                winner,
                reason: WinReason::LastStanding,
            } => lines.push(format!("{winner} wins as the last player with chevrons")),
            Status::NoWinner => lines.push("the game is over without a winner".to_string()),
            Status::Ongoing => {}
        }
        lines
    }
}
