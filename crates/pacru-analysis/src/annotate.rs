//! An analysis written into its record: one analysis comment after each move
//! analysed, the glyph of its mark, and the `Annotator` tag.

use crate::analyse::GameAnalysis;
use pacru_core::Colour;
use pacru_notation::pgr::{AnalysisComment, Game, MoveEntry, Scores};

/// Scores in thousandths with their players' colours.
fn with_colours(players: &[Colour], scores: &[u16]) -> Scores {
    players
        .iter()
        .copied()
        .zip(scores.iter().copied())
        .collect()
}

/// Takes out of `entry` the analysis comments an earlier analysis left, with
/// the glyphs of their marks.
fn forget_analysis(entry: &mut MoveEntry, players: &[Colour]) {
    let mut marks = Vec::new();
    // An analysis comment names the game's players in order of play; one that
    // names others is an ordinary comment (`docs/notation.md`), and stays.
    let of_the_game = |scores: &Scores| scores.iter().map(|(c, _)| *c).eq(players.iter().copied());
    entry
        .comments
        .retain(|c| match AnalysisComment::from_comment(c) {
            Some(old) if of_the_game(&old.scores) && old.after.as_ref().is_none_or(of_the_game) => {
                marks.extend(old.mark);
                false
            }
            _ => true,
        });
    for mark in marks {
        if let Some(i) = entry.glyphs.iter().position(|g| g == mark.glyph()) {
            entry.glyphs.remove(i);
        }
    }
}

/// `game` with `analysis` written in: the analysis comment of each ply first
/// among the comments after its move, the glyph of its mark (`?` or `??`) after
/// the move's own glyphs, the scores after the last ply analysed in that ply's
/// comment, and the `Annotator` tag. The analysis comments and marks of an
/// earlier analysis are replaced; everything else is kept, so the record gets the
/// same verdict from the referee.
///
/// ```
/// use pacru_analysis::{AnalysisOptions, Budget, analyse_game, annotate};
/// use pacru_notation::pgr::{AnalysisComment, Reader, write_game};
///
/// let text = "[Result \"*\"]\n\n1. e1-e2 {a comment} e9-e8 *\n";
/// let game = Reader::new(text.as_bytes()).read_game().unwrap().unwrap();
/// let options = AnalysisOptions { budget: Budget::Nodes(100), seed: 0 };
/// let analysis = analyse_game(&game, &options, &mut || {}).unwrap();
/// let annotated = annotate(&game, &analysis);
/// let first = &annotated.moves[0];
/// assert!(AnalysisComment::from_comment(&first.comments[0]).is_some());
/// assert_eq!(first.comments[1], "a comment");
/// // Analysing again replaces the analysis.
/// assert_eq!(annotate(&annotated, &analysis), annotated);
/// print!("{}", write_game(&annotated));
/// ```
pub fn annotate(game: &Game, analysis: &GameAnalysis) -> Game {
    let mut out = game.clone();
    out.tags.set("Annotator", &analysis.annotator);
    for entry in &mut out.moves {
        forget_analysis(entry, &analysis.players);
    }
    let last = analysis.plies.len();
    let mut plies = analysis.plies.iter();
    for entry in out.moves.iter_mut().filter(|e| !e.is_pass()) {
        let Some(ply) = plies.next() else { break };
        let comment = AnalysisComment {
            scores: with_colours(&analysis.players, &ply.scores),
            best: ply.best.clone(),
            line: ply.pv.clone(),
            loss: ply.loss,
            mark: ply.mark,
            after: (ply.ply == last).then(|| with_colours(&analysis.players, &analysis.after)),
        };
        entry.comments.insert(0, comment.to_string());
        if let Some(mark) = ply.mark {
            entry.glyphs.push(mark.glyph().to_owned());
        }
    }
    out
}
