//! Replaying a game record into a [`GameView`]: every ply with the position after
//! it and what it did, up to the end, the refused move or the syntax error.

use crate::model::{
    ChevronView, EffectsView, GameView, OutView, PlayerView, PlyView, RefusedMove, SyntaxError,
    field_vec, kind_name,
};
use pacru_core::{Colour, Effects, Move, OutReason, Position, RulesEdition};
use pacru_notation::pgr::{Game, MoveEntry};
use pacru_referee::{Checker, Verdict, VerdictStatus};

/// What is known about a game besides its text: where it comes from and, for a
/// malformed game, where its text broke.
#[derive(Clone, Debug, Default)]
pub(crate) struct Context {
    pub source: Option<String>,
    pub default_rules: RulesEdition,
    /// The syntax error of a malformed game.
    pub syntax_error: Option<SyntaxError>,
}

impl GameView {
    /// Referees and replays a game read into memory, as `pacru check` would (a
    /// game without a `Rules` tag is played under the 2004 rules; see
    /// [`GameView::from_game_with_default_rules`]).
    ///
    /// ```
    /// use pacru_notation::pgr::Reader;
    /// use pacru_view::GameView;
    /// let text = "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
    /// let game = Reader::new(text.as_bytes()).read_game().unwrap().unwrap();
    /// let view = GameView::from_game(&game);
    /// assert!(view.verdict.is_ok());
    /// assert_eq!(view.plies.len(), 2);
    /// assert_eq!(view.plies[1].notation, "e9-e8");
    /// ```
    pub fn from_game(game: &Game) -> GameView {
        GameView::from_game_with_default_rules(game, RulesEdition::default())
    }

    /// [`GameView::from_game`], playing a game without a `Rules` tag under
    /// `default_rules` (as `pacru check --rules`).
    pub fn from_game_with_default_rules(game: &Game, default_rules: RulesEdition) -> GameView {
        let verdict = Checker::with_default_rules(default_rules).check_game(game, 1);
        let context = Context {
            default_rules,
            ..Context::default()
        };
        build(game, &verdict, &context)
    }
}

/// The view of `game`, given the referee's `verdict` on it.
pub(crate) fn build(game: &Game, verdict: &Verdict, context: &Context) -> GameView {
    let in_movetext = context.syntax_error.as_ref().is_none_or(|e| e.in_movetext);
    let start = if in_movetext {
        game.start_position_or(context.default_rules).ok()
    } else {
        None
    };
    let colours: Vec<Colour> = match &start {
        Some(pos) => pos.players().as_slice().to_vec(),
        None => game.players().unwrap_or_default(),
    };
    let players = colours
        .iter()
        .map(|&colour| PlayerView {
            colour,
            letter: colour.letter(),
            name: game.tags.get(colour.word()).map(str::to_string),
        })
        .collect();
    let mut view = GameView {
        source: context.source.clone(),
        game: verdict.game,
        line: verdict.line,
        tags: game
            .tags
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect(),
        players,
        rules: start.as_ref().map(|p| p.rules().to_string()),
        target: start.as_ref().map(Position::target),
        result: verdict.result.clone(),
        verdict: verdict.clone(),
        start: start.clone(),
        leading_comments: game.leading_comments.clone(),
        leading_passes: 0,
        plies: Vec::new(),
        refused: None,
        syntax_error: context.syntax_error.clone(),
    };
    if let Some(start) = start {
        replay_moves(&mut view, start, &game.moves, verdict);
    }
    view
}

/// Whether `entry` is the one the referee refused, after `plies` accepted plies
/// and with `passes_allowed` `pass`es still standing for players just removed.
fn is_refused(entry: &MoveEntry, verdict: &Verdict, plies: usize, passes_allowed: usize) -> bool {
    if verdict.status != VerdictStatus::Illegal || plies != verdict.plies {
        return false;
    }
    match &verdict.error {
        Some(e) if entry.line != 0 => e.line == entry.line && e.column == entry.column,
        // A game built in memory has no locations: the referee accepted every
        // move before this one, and a `pass` only where a player was just removed.
        _ => entry.mv.is_some() || passes_allowed == 0,
    }
}

/// Replays `moves` from `start` into `view`: plies, passes and the refused move.
fn replay_moves(view: &mut GameView, start: Position, moves: &[MoveEntry], verdict: &Verdict) {
    let mut position = start;
    let mut round = 0;
    let mut previous_slot: Option<usize> = None;
    // Passes before the first move stand for players blocked at the start; the
    // referee has judged them (see `is_refused`).
    let mut passes_allowed = usize::MAX;
    for entry in moves {
        let mover = position.to_move();
        if is_refused(entry, verdict, view.plies.len(), passes_allowed) {
            view.refused = Some(refused(view.plies.len() + 1, mover, entry, verdict));
            return;
        }
        let Some(mv) = &entry.mv else {
            passes_allowed = passes_allowed.saturating_sub(1);
            match view.plies.last_mut() {
                Some(last) => last.passes += 1,
                None => view.leading_passes += 1,
            }
            continue;
        };
        let (next, effects) = match position.explain(mv) {
            Ok(effects) => {
                let mut next = position.clone();
                next.play_unchecked(mv);
                (next, effects)
            }
            Err(illegal) => {
                // Only where the referee did not say (a malformed game's moves
                // before its syntax error): the core's own reason.
                view.refused = Some(RefusedMove {
                    ply: view.plies.len() + 1,
                    mover,
                    written: entry.text.clone(),
                    notation: mv.to_string(),
                    origin: origin(mv),
                    destination: destination(mv),
                    rule: illegal.rule.to_string(),
                    rule_title: illegal.rule.title(),
                    reason: illegal.reason,
                });
                return;
            }
        };
        // One pass may stand for each player removed as blocked, the removal
        // that ends the game included.
        passes_allowed = effects
            .out
            .iter()
            .filter(|(_, reason)| *reason == OutReason::Blocked)
            .count();
        let slot = position.players().slot_of(mover).unwrap_or(0);
        let opens_round = previous_slot.is_none_or(|p| slot <= p);
        previous_slot = Some(slot);
        if opens_round {
            round += 1;
        }
        view.plies.push(PlyView {
            ply: view.plies.len() + 1,
            round,
            opens_round,
            mover,
            notation: mv.to_string(),
            written: entry.text.clone(),
            line: entry.line,
            column: entry.column,
            effects: effects_view(&position, mv, &next, &effects),
            position: next.clone(),
            glyphs: entry.glyphs.clone(),
            comments: entry.comments.clone(),
            passes: 0,
        });
        position = next;
    }
}

/// The refused move, with the referee's rule and reason.
fn refused(ply: usize, mover: Colour, entry: &MoveEntry, verdict: &Verdict) -> RefusedMove {
    let error = verdict.error.as_ref();
    let rule = error.and_then(|e| e.rule);
    RefusedMove {
        ply,
        mover,
        written: entry.text.clone(),
        notation: entry.canonical_text(),
        origin: entry.mv.as_ref().and_then(origin),
        destination: entry.mv.as_ref().and_then(destination),
        rule: rule.map(|r| r.to_string()).unwrap_or_default(),
        rule_title: rule.map_or("", |r| r.title()),
        reason: error.map(|e| e.message.clone()).unwrap_or_default(),
    }
}

/// The field a move starts from: a movement's origin, a reorientation's chevron.
fn origin(mv: &Move) -> Option<pacru_core::Field> {
    match mv {
        Move::Movement(m) => Some(m.from),
        Move::Reorientation(r) => Some(r.field),
        Move::Resign => None,
    }
}

/// The field a movement goes to.
fn destination(mv: &Move) -> Option<pacru_core::Field> {
    match mv {
        Move::Movement(m) => Some(m.to),
        _ => None,
    }
}

/// What `mv`, played in `before`, did, field by field.
fn effects_view(before: &Position, mv: &Move, after: &Position, effects: &Effects) -> EffectsView {
    let chevron = |field| {
        before.chevron_at(field).map(|c| ChevronView {
            colour: c.colour,
            field,
            facing: c.facing,
        })
    };
    let captured = effects.captured.and_then(|(_, field)| chevron(field));
    let out: Vec<OutView> = effects
        .out
        .iter()
        .map(|&(colour, reason)| OutView {
            colour,
            reason: match reason {
                OutReason::Blocked => "blocked",
                OutReason::LastChevronTaken => "last_chevron_taken",
                OutReason::Resigned => "resigned",
            },
        })
        .collect();
    let removed = before
        .chevrons()
        .filter(|&(colour, field, _)| {
            effects.out.iter().any(|&(c, _)| c == colour)
                && captured.is_none_or(|k| k.field != field)
        })
        .map(|(colour, field, facing)| ChevronView {
            colour,
            field,
            facing,
        })
        .collect();
    EffectsView {
        origin: origin(mv),
        destination: destination(mv),
        kind: effects.kind.map(kind_name),
        crossing: effects.crossing_field.map(|(f, _)| f),
        transformation: effects.crossing_field.is_some_and(|(_, t)| t),
        connection: field_vec(effects.connection_fields),
        captured,
        meeting: effects.meeting_field,
        reoriented: effects.reoriented.map(|(field, facing)| ChevronView {
            colour: effects.mover,
            field,
            facing,
        }),
        returned: field_vec(effects.returned),
        out,
        removed,
        winner: after.winner(),
        game_over: after.is_finished(),
        description: effects.describe(),
    }
}
