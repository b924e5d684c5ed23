//! Replaying a game record into a [`GameView`]: every ply with the position after
//! it and what it did, up to the end, the refused move or the syntax error. The
//! replay is the referee's ([`pacru_referee::replay_game`]); this module only
//! turns what it tells into the view.

use crate::model::{
    ChevronView, EffectsView, GameView, OutView, PlayerView, PlyView, RefusedMove, SyntaxError,
    field_vec, kind_name,
};
use pacru_core::{Colour, Effects, Move, OutReason, Position, RulesEdition};
use pacru_notation::pgr::{Game, MoveEntry};
use pacru_referee::{Checker, Observer, PlyStep, Verdict, VerdictStatus, replay_game};

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
        replay_moves(&mut view, game, &start, context);
    }
    view
}

/// Builds the view's plies and passes from what the referee's replay tells.
struct ViewObserver<'a> {
    view: &'a mut GameView,
    /// The game's entries, moves and `pass`es, in order.
    entries: &'a [MoveEntry],
    /// The entry the referee reads next.
    next: usize,
    round: usize,
    previous_slot: Option<usize>,
}

impl Observer for ViewObserver<'_> {
    fn ply(&mut self, step: &PlyStep<'_>) {
        let entry = &self.entries[self.next];
        self.next += 1;
        let slot = step.before.players().slot_of(step.mover).unwrap_or(0);
        let opens_round = self.previous_slot.is_none_or(|p| slot <= p);
        self.previous_slot = Some(slot);
        if opens_round {
            self.round += 1;
        }
        self.view.plies.push(PlyView {
            ply: step.ply,
            round: self.round,
            opens_round,
            mover: step.mover,
            notation: step.mv.to_string(),
            written: entry.text.clone(),
            line: entry.line,
            column: entry.column,
            effects: effects_view(step.before, step.mv, step.after, step.effects),
            position: step.after.clone(),
            glyphs: entry.glyphs.clone(),
            comments: entry.comments.clone(),
            passes: 0,
        });
    }

    fn pass(&mut self, _plies: usize, _line: usize, _column: usize) {
        self.next += 1;
        match self.view.plies.last_mut() {
            Some(last) => last.passes += 1,
            None => self.view.leading_passes += 1,
        }
    }
}

/// Fills `view` with the plies and passes of `game` as the referee's replay
/// accepts them, and the move it refuses. For a malformed game (the moves read
/// before its syntax error) the refused move is the one this replay refuses.
fn replay_moves(view: &mut GameView, game: &Game, start: &Position, context: &Context) {
    let mut observer = ViewObserver {
        view,
        entries: &game.moves,
        next: 0,
        round: 0,
        previous_slot: None,
    };
    let verdict = replay_game(
        game,
        observer.view.game,
        context.default_rules,
        &mut observer,
    );
    let next = observer.next;
    if verdict.status != VerdictStatus::Illegal {
        return;
    }
    let (Some(entry), Some(error)) = (game.moves.get(next), verdict.error.as_ref()) else {
        return;
    };
    let mover = view
        .plies
        .last()
        .map_or(start, |ply| &ply.position)
        .to_move();
    let rule = error.rule;
    view.refused = Some(RefusedMove {
        ply: view.plies.len() + 1,
        mover,
        written: entry.text.clone(),
        notation: entry.canonical_text(),
        origin: entry.mv.as_ref().and_then(origin),
        destination: entry.mv.as_ref().and_then(destination),
        rule: rule.map(|r| r.to_string()).unwrap_or_default(),
        rule_title: rule.map_or("", |r| r.title()),
        reason: error.message.clone(),
    });
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
