//! One game between 2 to 4 engines, from start to record.

use crate::engine::{EngineConfig, RunningEngine, StartSettings};
use crate::opening::Opening;
use crate::stop::StopHandle;
pub use crate::time_control::TimeControl;
use pacru_core::{Colour, Move, RulesEdition};
use pacru_notation::pgr::{GameRecorder, GameResult, write_game};
use pacru_pairing::{Outcome, Score};
use pacru_referee::check_game;
use pacru_runner::EngineFailure;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// How a game that reaches the ply limit is decided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Adjudication {
    /// The player in the game with the most fields of their colour wins; a tie is a draw.
    #[default]
    Fields,
    /// The game is a draw.
    Draw,
}

/// The settings every game of an event shares.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// The event's name (`Event` tag).
    pub event: String,
    /// The rules edition.
    pub rules: RulesEdition,
    /// The time control.
    pub time: TimeControl,
    /// How engines are started.
    pub start: StartSettings,
    /// Plies (the opening's included) after which the game is adjudicated; 0: never.
    pub max_plies: u32,
    /// How an adjudicated game is decided.
    pub adjudicate: Adjudication,
}

/// Why an engine lost a game without the rules ending it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forfeit {
    /// What went wrong: `time`, `hang`, `illegal`, `crash`, `disconnect`, `refused`,
    /// `garbage`, `flood`, `protocol` or `spawn`.
    pub kind: String,
    /// The record's `Termination` for it: `time`, `illegal` or `forfeit`.
    pub termination: String,
    /// The referee's description (for an illegal move, the move text and the rule).
    pub message: String,
}

impl Forfeit {
    /// The forfeit an engine failure stands for.
    pub fn from_failure(failure: &EngineFailure) -> Forfeit {
        let kind = match failure {
            EngineFailure::SpawnFailed { .. } => "spawn",
            EngineFailure::Crashed { .. } => "crash",
            EngineFailure::TimedOut { waiting_for, .. } if waiting_for == "the move request" => {
                "time"
            }
            EngineFailure::TimedOut { .. } => "hang",
            EngineFailure::Garbage { .. } => "garbage",
            EngineFailure::IllegalMove { .. } => "illegal",
            EngineFailure::Refused { .. } => "refused",
            EngineFailure::Disconnected | EngineFailure::InputClosed { .. } => "disconnect",
            EngineFailure::Flooded { .. } => "flood",
            EngineFailure::ProtocolError { .. } | EngineFailure::InvalidRequest { .. } => {
                "protocol"
            }
        };
        let termination = if kind == "hang" {
            "forfeit"
        } else {
            failure.termination().unwrap_or("forfeit")
        };
        Forfeit {
            kind: kind.to_owned(),
            termination: termination.to_owned(),
            message: failure.to_string(),
        }
    }
}

/// What happened to one player (a slot in the order of play) in a game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SlotReport {
    /// The colour played.
    pub colour: String,
    /// Moves the engine chose (the opening's excluded).
    pub moves: u32,
    /// Thinking time used, in ms, as measured by the referee.
    pub time_ms: u64,
    /// Set when the engine forfeited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Forfeit>,
    /// Whether the engine resigned (by its own choice).
    #[serde(default)]
    pub resigned: bool,
    /// Whether the player still had chevrons at the end.
    pub survived: bool,
    /// Fields of its colour on the board at the end.
    pub fields: u32,
}

/// The outcome of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameOutcome {
    /// The `Result` tag: a colour word, `draw` or `*`.
    pub result: String,
    /// The `Termination` tag.
    pub termination: String,
    /// The winner's slot in the order of play.
    pub winner: Option<usize>,
    /// Points per slot (see `docs/tournaments.md`: winner takes all; without a
    /// winner, the point is shared by the players still in the game).
    pub points: Vec<f64>,
    /// Plies in the record, opening moves included.
    pub plies: u32,
    /// Per slot.
    pub slots: Vec<SlotReport>,
    /// The referee's status of the record (`ok` unless the arena has a bug).
    pub check: String,
    /// The game record (canonical PGR, one game).
    pub pgr: String,
}

/// One game to play.
#[derive(Clone, Debug)]
pub struct GameSpec<'a> {
    /// The `Round` tag, e.g. `2.3`.
    pub round: String,
    /// The engines, in order of play.
    pub engines: Vec<&'a EngineConfig>,
    /// The opening.
    pub opening: &'a Opening,
}

/// Makes text safe inside a PGR `{...}` comment.
fn comment_text(text: &str) -> String {
    let mut out: String = text
        .chars()
        .map(|c| match c {
            '{' => '(',
            '}' => ')',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    if out.chars().count() > 400 {
        out = out.chars().take(400).collect::<String>() + "...";
    }
    out
}

/// Today's date as `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    // Civil from days (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Plays one game and returns its outcome and record. Never fails: whatever the
/// engines do becomes part of the result.
pub fn play_game(spec: &GameSpec<'_>, settings: &GameSettings) -> GameOutcome {
    let never = StopHandle::new();
    match play_game_with(spec, settings, &never, &mut |_, _| {}) {
        Some(outcome) => outcome,
        None => unreachable!("a game is only cut short by a stop, and this one has none"),
    }
}

/// Plays one game like [`play_game`], telling `on_forfeit` about each forfeit as
/// it happens (the slot in the order of play, and the forfeit), and stopping when
/// `stop` is: the engines are then ended and `None` is returned, since a game cut
/// short by the runner has no result (it is played again when the event resumes).
pub fn play_game_with(
    spec: &GameSpec<'_>,
    settings: &GameSettings,
    stop: &StopHandle,
    on_forfeit: &mut dyn FnMut(usize, &Forfeit),
) -> Option<GameOutcome> {
    let opening = spec.opening;
    let colours: Vec<Colour> = opening.colours();
    let n = colours.len();
    let mut tags = opening.tags(settings.rules);
    tags.set("Event", &settings.event);
    tags.set("Site", "?");
    tags.set("Date", &today());
    tags.set("Round", &spec.round);
    for (colour, engine) in colours.iter().zip(&spec.engines) {
        tags.set(colour.word(), &engine.name);
    }
    tags.set("TimeControl", &settings.time.describe());
    let mut rec = match GameRecorder::new(tags) {
        Ok(rec) => rec,
        Err(e) => return Some(abandoned_without_record(n, &colours, &e.to_string())),
    };
    let mut history: Vec<Move> = Vec::new();
    match opening.parsed_moves() {
        Ok(moves) => {
            for mv in moves {
                if let Err(e) = rec.play(&mv) {
                    return Some(abandoned_without_record(n, &colours, &e.to_string()));
                }
                history.push(mv);
            }
        }
        Err(e) => return Some(abandoned_without_record(n, &colours, &e)),
    }
    if !history.is_empty() {
        rec.comment(&comment_text(&format!("end of opening {}", opening.label)));
    } else if opening.position.is_some() {
        rec.comment(&comment_text(&format!("opening {}", opening.label)));
    }
    let setup = opening.setup(settings.rules);
    let mut slots: Vec<SlotReport> = colours
        .iter()
        .map(|c| SlotReport {
            colour: c.word().to_owned(),
            ..SlotReport::default()
        })
        .collect();
    let mut procs: Vec<Option<RunningEngine>> = Vec::with_capacity(n);
    let mut pending: Vec<Option<EngineFailure>> = Vec::with_capacity(n);
    for engine in &spec.engines {
        if stop.is_stopped() {
            return None;
        }
        match engine.start_watched(&settings.start, stop, true) {
            Ok(p) => {
                procs.push(Some(p));
                pending.push(None);
            }
            Err(f) => {
                procs.push(None);
                pending.push(Some(f));
            }
        }
    }
    let healthy = procs.iter().filter(|p| p.is_some()).count();
    let mut clocks = settings.time.clocks(n);
    // Thinking time per slot, summed exactly (moves often take well under 1 ms).
    let mut thinking = vec![Duration::ZERO; n];
    let mut end: Option<(GameResult, String)> = None;
    let mut last_termination: Option<String> = None;
    if healthy == 0 {
        for (slot, f) in pending.iter().enumerate() {
            if let Some(f) = f {
                let forfeit = Forfeit::from_failure(f);
                on_forfeit(slot, &forfeit);
                slots[slot].forfeit = Some(forfeit);
            }
        }
        rec.comment(&comment_text(
            "no engine could be started: the game is abandoned",
        ));
        end = Some((GameResult::Unfinished, "abandoned".to_owned()));
    } else if n == 2 && healthy == 1 {
        let slot = pending.iter().position(Option::is_some).unwrap_or(0);
        if let Some(f) = pending[slot].take() {
            let forfeit = Forfeit::from_failure(&f);
            on_forfeit(slot, &forfeit);
            rec.comment(&comment_text(&format!(
                "{} forfeits ({}): {}",
                colours[slot].word(),
                forfeit.kind,
                forfeit.message
            )));
            end = Some((
                GameResult::Winner(colours[1 - slot]),
                forfeit.termination.clone(),
            ));
            slots[slot].forfeit = Some(forfeit);
        }
    }
    while end.is_none() {
        if stop.is_stopped() {
            break;
        }
        let pos = rec.position().clone();
        if pos.is_finished() {
            let winner = pos.winner().map_or(GameResult::Draw, GameResult::Winner);
            end = Some((
                winner,
                last_termination
                    .clone()
                    .unwrap_or_else(|| "rules".to_owned()),
            ));
            break;
        }
        if settings.max_plies > 0 && history.len() >= settings.max_plies as usize {
            let in_game: Vec<(Colour, u32)> = colours
                .iter()
                .filter(|c| pos.is_in_game(**c))
                .map(|c| (*c, pos.field_count(*c)))
                .collect();
            let counts: Vec<String> = in_game
                .iter()
                .map(|(c, k)| format!("{} {k}", c.word()))
                .collect();
            let best = in_game.iter().map(|(_, k)| *k).max().unwrap_or(0);
            let leaders: Vec<Colour> = in_game
                .iter()
                .filter(|(_, k)| *k == best)
                .map(|(c, _)| *c)
                .collect();
            let result = match (settings.adjudicate, leaders.as_slice()) {
                (Adjudication::Fields, [one]) => GameResult::Winner(*one),
                _ => GameResult::Draw,
            };
            rec.comment(&comment_text(&format!(
                "adjudicated after {} plies ({}): fields {}",
                history.len(),
                match settings.adjudicate {
                    Adjudication::Fields => "most fields wins",
                    Adjudication::Draw => "draw",
                },
                counts.join(", ")
            )));
            end = Some((result, "adjudication".to_owned()));
            break;
        }
        let colour = pos.to_move();
        let slot = pos.players().slot_of(colour).unwrap_or(0);
        let answer = match (pending[slot].take(), procs[slot].as_mut()) {
            (Some(f), _) => Err(f),
            (None, Some(p)) => p.engine.request_move(&setup, &history, &clocks),
            (None, None) => Err(EngineFailure::Disconnected),
        };
        let failure = match answer {
            Ok((mv, elapsed)) => {
                tracing::debug!(
                    "game {}: {} played {mv} in {:.3} ms",
                    spec.round,
                    colour.word(),
                    elapsed.as_secs_f64() * 1000.0
                );
                slots[slot].moves += 1;
                thinking[slot] += elapsed;
                if let Some(left) = clocks.remaining.get_mut(slot) {
                    *left = left.saturating_sub(elapsed) + clocks.increment;
                }
                match rec.play(&mv) {
                    // The client checks moves; this is only a safety net.
                    Err(e) => Some(EngineFailure::IllegalMove {
                        text: mv.to_string(),
                        reason: e.to_string(),
                    }),
                    Ok(()) => {
                        let resigned = matches!(mv, Move::Resign);
                        history.push(mv);
                        if resigned {
                            slots[slot].resigned = true;
                            if let Some(p) = procs[slot].take() {
                                let _ = p.engine.quit();
                            }
                            last_termination = Some("resignation".to_owned());
                        } else {
                            last_termination = None;
                        }
                        None
                    }
                }
            }
            Err(EngineFailure::InvalidRequest { message }) => {
                rec.comment(&comment_text(&format!(
                    "the referee could not ask for a move ({message}): the game is abandoned"
                )));
                end = Some((GameResult::Unfinished, "abandoned".to_owned()));
                None
            }
            Err(f) => {
                if let EngineFailure::TimedOut { limit_ms, .. } = &f {
                    thinking[slot] += Duration::from_millis(*limit_ms);
                }
                Some(f)
            }
        };
        if let Some(f) = failure {
            if stop.is_stopped() {
                // The failure may be the runner's own doing (it ends the engines).
                break;
            }
            if let Some(mut p) = procs[slot].take() {
                p.engine.kill();
            }
            let forfeit = Forfeit::from_failure(&f);
            on_forfeit(slot, &forfeit);
            end = forfeit_game(
                slot,
                forfeit,
                &colours,
                &mut rec,
                &mut history,
                &mut slots,
                &mut last_termination,
            );
        }
    }
    if stop.is_stopped() {
        // Cut short: the engines go at once, and the game has no result.
        for mut p in procs.into_iter().flatten() {
            p.engine.kill();
        }
        return None;
    }
    // Let the engines go, in parallel (a stubborn one takes the quit timeout).
    std::thread::scope(|scope| {
        for p in procs.into_iter().flatten() {
            scope.spawn(move || {
                let _ = p.engine.quit();
            });
        }
    });
    let (result, termination) =
        end.unwrap_or_else(|| (GameResult::Unfinished, "abandoned".to_owned()));
    let final_pos = rec.position().clone();
    for (slot, c) in colours.iter().enumerate() {
        slots[slot].time_ms = thinking[slot].as_millis() as u64;
        slots[slot].survived = final_pos.is_in_game(*c);
        slots[slot].fields = final_pos.field_count(*c);
    }
    rec.tags_mut().set("Termination", &termination);
    rec.tags_mut().set("PlyCount", &history.len().to_string());
    rec.set_result(result, Some(&termination));
    let game = rec.finish();
    let verdict = check_game(&game);
    let result = game.result.token().to_owned();
    let winner = colours.iter().position(|c| c.word() == result);
    let points = points_for(&result, winner, &slots);
    Some(GameOutcome {
        result,
        termination,
        winner,
        points,
        plies: history.len() as u32,
        slots,
        check: verdict.status.as_str().to_owned(),
        pgr: write_game(&game),
    })
}

/// Winner takes all; without a winner (`draw`) the point is shared equally by the
/// players still in the game who did not forfeit; `*` gives nothing (the
/// scoring of `pacru_pairing::Outcome`, shared with `pacru event`).
fn points_for(result: &str, winner: Option<usize>, slots: &[SlotReport]) -> Vec<f64> {
    let outcome = match winner {
        Some(w) => Outcome::Win(w),
        None if result == "draw" => Outcome::Draw(
            (0..slots.len())
                .filter(|&s| slots[s].survived && slots[s].forfeit.is_none())
                .collect(),
        ),
        None => Outcome::None,
    };
    outcome
        .points(slots.len())
        .into_iter()
        .map(Score::to_f64)
        .collect()
}

/// Handles an engine's forfeit: in a 2-player game the other player wins (the
/// game ends here); with more players the forfeiting player's chevrons are
/// removed by a `resign` move played for it, with a comment saying why, and the
/// game goes on. Returns the end of the game, if this ends it.
fn forfeit_game(
    slot: usize,
    forfeit: Forfeit,
    colours: &[Colour],
    rec: &mut GameRecorder,
    history: &mut Vec<Move>,
    slots: &mut [SlotReport],
    last_termination: &mut Option<String>,
) -> Option<(GameResult, String)> {
    let colour = colours[slot];
    let end = if colours.len() == 2 {
        rec.comment(&comment_text(&format!(
            "{} forfeits ({}): {}",
            colour.word(),
            forfeit.kind,
            forfeit.message
        )));
        Some((
            GameResult::Winner(colours[1 - slot]),
            forfeit.termination.clone(),
        ))
    } else {
        match rec.play(&Move::Resign) {
            Ok(()) => {
                history.push(Move::Resign);
                rec.comment(&comment_text(&format!(
                    "{} forfeits ({}) and leaves the game: this resign was played by the referee; {}",
                    colour.word(),
                    forfeit.kind,
                    forfeit.message
                )));
                *last_termination = Some(forfeit.termination.clone());
                None
            }
            Err(e) => {
                rec.comment(&comment_text(&format!(
                    "{} forfeits ({}), but resign could not be played ({e}): the game is abandoned",
                    colour.word(),
                    forfeit.kind
                )));
                Some((GameResult::Unfinished, "abandoned".to_owned()))
            }
        }
    };
    slots[slot].forfeit = Some(forfeit);
    end
}

/// The outcome of a game whose start could not even be set up (a bad opening).
fn abandoned_without_record(n: usize, colours: &[Colour], message: &str) -> GameOutcome {
    GameOutcome {
        result: "*".to_owned(),
        termination: "abandoned".to_owned(),
        winner: None,
        points: vec![0.0; n],
        plies: 0,
        slots: colours
            .iter()
            .map(|c| SlotReport {
                colour: c.word().to_owned(),
                ..SlotReport::default()
            })
            .collect(),
        check: format!("no record: {message}"),
        pgr: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn today_is_a_date() {
        assert_eq!(today().len(), 10);
    }

    #[test]
    fn draw_points_are_shared_by_survivors() {
        let s = |survived, forfeit: bool| SlotReport {
            survived,
            forfeit: forfeit.then(|| Forfeit {
                kind: "time".into(),
                termination: "time".into(),
                message: String::new(),
            }),
            ..SlotReport::default()
        };
        let slots = [s(true, false), s(false, true), s(true, false)];
        assert_eq!(points_for("draw", None, &slots), [0.5, 0.0, 0.5]);
        assert_eq!(points_for("Red", Some(1), &slots), [0.0, 1.0, 0.0]);
        assert_eq!(points_for("*", None, &slots), [0.0; 3]);
    }
}
