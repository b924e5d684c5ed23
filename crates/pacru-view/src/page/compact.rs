//! The page's data for one game, compact: the start position once, then per ply
//! only the move and what changed on the board. `docs/viewer.md` documents the
//! format; every text from the input is passed through [`shown`] first.

use super::escape::shown;
use crate::model::{ChevronView, EffectsView, GameView, PlyView, RefusedMove, SyntaxError};
use pacru_core::{Field, Position, Rule};
use pacru_notation::pgr::{AnalysisComment, Scores};
use serde::Serialize;
use serde_json::{Map, Value, json};
use std::fmt::Write as _;

/// One line of the game list.
#[derive(Serialize)]
pub(crate) struct Summary {
    /// Index into the page's list of sources.
    pub source: usize,
    /// The game's index in its source.
    pub game: usize,
    /// The line of its first tag.
    pub line: usize,
    /// `[letter, name or null]` per player, in order of play.
    pub players: Vec<(char, Option<String>)>,
    pub result: String,
    pub status: &'static str,
    /// The plies the page shows.
    pub plies: usize,
    /// The `Event` tag, if any.
    pub event: Option<String>,
}

impl Summary {
    pub(crate) fn of(view: &GameView, source: usize) -> Summary {
        Summary {
            source,
            game: view.game,
            line: view.line,
            players: view
                .players
                .iter()
                .map(|p| (p.letter, p.name.as_deref().map(|n| shown(n).into_owned())))
                .collect(),
            result: shown(&view.result).into_owned(),
            status: view.verdict.status.as_str(),
            plies: view.plies.len(),
            event: view
                .tags
                .iter()
                .find(|(n, _)| n == "Event")
                .map(|(_, v)| shown(v).into_owned()),
        }
    }
}

fn text(s: &str) -> Value {
    Value::String(shown(s).into_owned())
}

fn texts(list: &[String]) -> Value {
    Value::Array(list.iter().map(|s| text(s)).collect())
}

fn fields(list: &[Field]) -> String {
    let mut out = String::new();
    for (i, f) in list.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{f}");
    }
    out
}

fn chevron(c: &ChevronView) -> String {
    format!("{}:{}{}", c.field, c.colour.letter(), c.facing)
}

fn chevrons(list: &[ChevronView]) -> String {
    list.iter().map(chevron).collect::<Vec<_>>().join(" ")
}

/// What changed on the board from `before` to `after`, and who is to move:
/// `e4=K` (marker), `e4=-` (neutral), `e4:KN` (chevron and facing), `e4:-` (no
/// chevron), `>R` (to move).
fn delta(before: &Position, after: &Position) -> String {
    let mut out = String::new();
    for field in Field::all() {
        let (was, is) = (before.colour_at(field), after.colour_at(field));
        if was != is {
            match is {
                Some(c) => {
                    let _ = write!(out, "{field}={} ", c.letter());
                }
                None => {
                    let _ = write!(out, "{field}=- ");
                }
            }
        }
    }
    for field in Field::all() {
        let (was, is) = (before.chevron_at(field), after.chevron_at(field));
        if was != is {
            match is {
                Some(c) => {
                    let _ = write!(out, "{field}:{}{} ", c.colour.letter(), c.facing);
                }
                None => {
                    let _ = write!(out, "{field}:- ");
                }
            }
        }
    }
    let _ = write!(out, ">{}", after.to_move().letter());
    out
}

/// The effects beyond origin and destination (which the notation gives), only
/// those present.
fn effects(e: &EffectsView) -> Map<String, Value> {
    let mut m = Map::new();
    if let Some(kind) = e.kind.filter(|k| *k != "plain") {
        m.insert("k".into(), json!(kind));
    }
    if let Some(x) = e.crossing {
        m.insert("x".into(), json!(x.to_string()));
        if e.transformation {
            m.insert("tf".into(), json!(1));
        }
    }
    if !e.connection.is_empty() {
        m.insert("c".into(), json!(fields(&e.connection)));
    }
    if let Some(p) = &e.captured {
        m.insert("p".into(), json!(chevron(p)));
    }
    if let Some(f) = e.meeting {
        m.insert("m".into(), json!(f.to_string()));
    }
    if let Some(r) = &e.reoriented {
        m.insert("ro".into(), json!(chevron(r)));
    }
    if !e.returned.is_empty() {
        m.insert("rt".into(), json!(fields(&e.returned)));
    }
    if !e.out.is_empty() {
        let out: Vec<Value> = e
            .out
            .iter()
            .map(|o| json!([o.colour.letter().to_string(), o.reason]))
            .collect();
        m.insert("out".into(), Value::Array(out));
    }
    if !e.removed.is_empty() {
        m.insert("rm".into(), json!(chevrons(&e.removed)));
    }
    if e.game_over {
        m.insert(
            "over".into(),
            json!(e.winner.map(|w| w.letter().to_string())),
        );
    }
    if !e.description.is_empty() {
        m.insert("d".into(), json!(e.description));
    }
    m
}

/// Scores as `[[letter, thousandths], ...]`.
fn scores_json(scores: &Scores) -> Value {
    Value::Array(
        scores
            .iter()
            .map(|(colour, score)| json!([colour.letter().to_string(), score]))
            .collect(),
    )
}

/// An analysis comment: `{"s": scores before, "b": best move, "l": loss,
/// "m": mark, "a": scores after}` (absent parts left out).
fn analysis_json(analysis: &AnalysisComment) -> Value {
    let mut m = Map::new();
    m.insert("s".into(), scores_json(&analysis.scores));
    if let Some(best) = &analysis.best {
        m.insert("b".into(), json!(best.to_string()));
    }
    m.insert("l".into(), json!(analysis.loss));
    if let Some(mark) = analysis.mark {
        m.insert("m".into(), json!(mark.word()));
    }
    if let Some(after) = &analysis.after {
        m.insert("a".into(), scores_json(after));
    }
    Value::Object(m)
}

/// One ply: `[notation, delta]`, plus an object of what else there is to say.
fn ply(p: &PlyView, before: &Position) -> Value {
    let mut extra = Map::new();
    if p.opens_round {
        extra.insert("r".into(), json!(p.round));
    }
    if p.written != p.notation {
        extra.insert("w".into(), text(&p.written));
    }
    let e = effects(&p.effects);
    if !e.is_empty() {
        extra.insert("e".into(), Value::Object(e));
    }
    if !p.glyphs.is_empty() {
        extra.insert("g".into(), texts(&p.glyphs));
    }
    // An engine's analysis comment becomes data the page draws (the graph of
    // expected scores, the best move, the mark); other comments stay text.
    let mut comments = Vec::new();
    for comment in &p.comments {
        match AnalysisComment::from_comment(comment) {
            Some(analysis) if !extra.contains_key("an") => {
                extra.insert("an".into(), analysis_json(&analysis));
            }
            _ => comments.push(comment.clone()),
        }
    }
    if !comments.is_empty() {
        extra.insert("cm".into(), texts(&comments));
    }
    if p.passes > 0 {
        extra.insert("ps".into(), json!(p.passes));
    }
    let mut item = vec![json!(p.notation), json!(delta(before, &p.position))];
    if !extra.is_empty() {
        item.push(Value::Object(extra));
    }
    Value::Array(item)
}

fn refused(r: &RefusedMove) -> Value {
    json!({
        "ply": r.ply,
        "mover": r.mover.letter().to_string(),
        "written": shown(&r.written),
        "notation": shown(&r.notation),
        "origin": r.origin.map(|f| f.to_string()),
        "destination": r.destination.map(|f| f.to_string()),
        "rule": r.rule,
        "title": r.rule_title,
        "reason": shown(&r.reason),
    })
}

fn syntax(s: &SyntaxError) -> Value {
    json!({
        "line": s.line,
        "column": s.column,
        "message": shown(&s.message),
        "movetext": s.in_movetext,
    })
}

/// The page's JSON for one game (before escaping for the `<script>` element).
pub(crate) fn game_json(view: &GameView) -> String {
    let mut plies = Vec::with_capacity(view.plies.len());
    if let Some(start) = &view.start {
        let mut before = start;
        for p in &view.plies {
            plies.push(ply(p, before));
            before = &p.position;
        }
    }
    let verdict = &view.verdict;
    let error = verdict.error.as_ref().map(|e| {
        json!({
            "ply": e.ply,
            "line": e.line,
            "column": e.column,
            "move": e.move_text.as_deref().map(shown),
            "rule": e.rule.map(|r| r.to_string()),
            "title": e.rule.map(Rule::title),
            "message": shown(&e.message),
        })
    });
    let tags: Vec<Value> = view
        .tags
        .iter()
        .map(|(n, v)| json!([shown(n), shown(v)]))
        .collect();
    let value = json!({
        "tags": tags,
        "rules": view.rules,
        "target": view.target,
        "start": view.start.as_ref().map(|p| p.to_ppn().to_string()),
        "lead": texts(&view.leading_comments),
        "leadPasses": view.leading_passes,
        "plies": plies,
        "verdict": {
            "status": verdict.status.as_str(),
            "plies": verdict.plies,
            "result": shown(&verdict.result),
            "winner": verdict.winner.map(|c| c.word()),
            "final": verdict.final_position.as_ref().map(|p| p.to_ppn().to_string()),
            "error": error,
        },
        "refused": view.refused.as_ref().map(refused),
        "syntax": view.syntax_error.as_ref().map(syntax),
    });
    value.to_string()
}
