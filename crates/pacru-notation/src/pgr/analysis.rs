//! Analysis comments: an engine's view of a ply, written in the comment after the
//! move (`docs/notation.md`, "Analysis comments").
//!
//! ```text
//! 12. d5-e6 {[%eval K 0.612 R 0.388] [%best d5-d6(e6)] [%pv d5-d6(e6) e8-f7] [%loss 0.143] [%mark mistake]}
//! ```
//!
//! The comment is ordinary PGR text: readers that do not know it keep it like any
//! other comment. This module writes it ([`AnalysisComment`]'s `Display`) and
//! reads it back ([`AnalysisComment::from_comment`]), exactly.

use pacru_core::{Colour, Move};
use std::fmt;

/// How bad a move was, by the loss of its mover's expected score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// A mistake (written `[%mark mistake]`, glyph `?`).
    Mistake,
    /// A blunder (written `[%mark blunder]`, glyph `??`).
    Blunder,
}

impl Mark {
    /// `mistake` or `blunder`.
    pub fn word(self) -> &'static str {
        match self {
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// The annotation glyph of the mark: `?` or `??`.
    pub fn glyph(self) -> &'static str {
        match self {
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    fn from_word(word: &str) -> Option<Mark> {
        match word {
            "mistake" => Some(Mark::Mistake),
            "blunder" => Some(Mark::Blunder),
            _ => None,
        }
    }
}

/// Expected scores: one per player, in order of play, in thousandths (0 to 1000).
pub type Scores = Vec<(Colour, u16)>;

/// An engine's analysis of one ply: the expected score of each player in the
/// position before the move, the engine's best move there and its principal line,
/// how much the move played lost for its mover, and a mark past the thresholds.
/// On the last ply it may also hold the scores of the position after the move.
///
/// Scores and the loss are in thousandths (1000: a sure win). Written as one
/// comment, read back the same:
///
/// ```
/// use pacru_core::{Colour, Move};
/// use pacru_notation::pgr::{AnalysisComment, Mark};
///
/// let analysis = AnalysisComment {
///     scores: vec![(Colour::Black, 612), (Colour::Red, 388)],
///     best: Some("d5-d6(e6)".parse::<Move>().unwrap()),
///     line: vec!["d5-d6(e6)".parse().unwrap(), "e8-f7".parse().unwrap()],
///     loss: 143,
///     mark: Some(Mark::Mistake),
///     after: None,
/// };
/// let text = analysis.to_string();
/// assert_eq!(
///     text,
///     "[%eval K 0.612 R 0.388] [%best d5-d6(e6)] [%pv d5-d6(e6) e8-f7] [%loss 0.143] [%mark mistake]"
/// );
/// assert_eq!(AnalysisComment::from_comment(&text), Some(analysis));
/// assert_eq!(AnalysisComment::from_comment("a fine move"), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisComment {
    /// Each player's expected score before the move, in order of play.
    pub scores: Scores,
    /// The engine's best move in the position before the move.
    pub best: Option<Move>,
    /// The principal line from that position (starting with `best`).
    pub line: Vec<Move>,
    /// What the move played cost its mover: the fall of the mover's expected
    /// score, in thousandths.
    pub loss: u16,
    /// The mark, when the loss reaches a threshold.
    pub mark: Option<Mark>,
    /// Each player's expected score after the move (written on the last ply only).
    pub after: Option<Scores>,
}

/// Writes `0.612` for 612 thousandths.
fn thousandths(f: &mut fmt::Formatter<'_>, value: u16) -> fmt::Result {
    write!(f, "{}.{:03}", value / 1000, value % 1000)
}

fn write_scores(f: &mut fmt::Formatter<'_>, scores: &Scores) -> fmt::Result {
    for (colour, score) in scores {
        write!(f, " {} ", colour.letter())?;
        thousandths(f, *score)?;
    }
    Ok(())
}

impl fmt::Display for AnalysisComment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[%eval")?;
        write_scores(f, &self.scores)?;
        f.write_str("]")?;
        if let Some(best) = &self.best {
            write!(f, " [%best {best}]")?;
        }
        if !self.line.is_empty() {
            f.write_str(" [%pv")?;
            for mv in &self.line {
                write!(f, " {mv}")?;
            }
            f.write_str("]")?;
        }
        f.write_str(" [%loss ")?;
        thousandths(f, self.loss)?;
        f.write_str("]")?;
        if let Some(mark) = self.mark {
            write!(f, " [%mark {}]", mark.word())?;
        }
        if let Some(after) = &self.after {
            f.write_str(" [%after")?;
            write_scores(f, after)?;
            f.write_str("]")?;
        }
        Ok(())
    }
}

/// Reads `0.612` (exactly three decimals, at most `1.000`) as 612.
fn read_thousandths(word: &str) -> Option<u16> {
    let (whole, fraction) = word.split_once('.')?;
    if fraction.len() != 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = match whole {
        "0" => fraction.parse::<u16>().ok()?,
        "1" if fraction == "000" => 1000,
        _ => return None,
    };
    Some(value)
}

/// Reads `K 0.612 R 0.388`.
fn read_scores(words: &[&str]) -> Option<Scores> {
    if words.is_empty() || !words.len().is_multiple_of(2) {
        return None;
    }
    words
        .chunks(2)
        .map(|pair| {
            let mut letters = pair[0].chars();
            let colour = match (letters.next(), letters.next()) {
                (Some(c), None) => Colour::from_letter(c)?,
                _ => return None,
            };
            Some((colour, read_thousandths(pair[1])?))
        })
        .collect()
}

/// Reads canonical moves (a move that is not written canonically is not ours).
fn read_moves(words: &[&str]) -> Option<Vec<Move>> {
    words
        .iter()
        .map(|w| {
            let mv = w.parse::<Move>().ok()?;
            (mv.to_string() == *w).then_some(mv)
        })
        .collect()
}

impl AnalysisComment {
    /// Reads a comment's text as an analysis comment: `None` when it is not one
    /// (any other comment), or not exactly in the form [`Display`](fmt::Display)
    /// writes.
    pub fn from_comment(text: &str) -> Option<AnalysisComment> {
        if !text.starts_with("[%eval ") {
            return None;
        }
        let mut analysis = AnalysisComment {
            scores: Vec::new(),
            best: None,
            line: Vec::new(),
            loss: 0,
            mark: None,
            after: None,
        };
        let mut rest = text;
        let mut seen = Vec::new();
        let mut first = true;
        while !rest.is_empty() {
            if !first {
                rest = rest.strip_prefix(' ')?;
            }
            first = false;
            let body = rest.strip_prefix("[%")?;
            let end = body.find(']')?;
            let (item, after) = (&body[..end], &body[end + 1..]);
            rest = after;
            let words: Vec<&str> = item.split(' ').collect();
            let (key, values) = words.split_first()?;
            // Every item at most once, in the written order.
            const ORDER: [&str; 6] = ["eval", "best", "pv", "loss", "mark", "after"];
            let rank = ORDER.iter().position(|k| k == key)?;
            if seen.last().is_some_and(|&r| r >= rank) {
                return None;
            }
            seen.push(rank);
            match *key {
                "eval" => analysis.scores = read_scores(values)?,
                "best" => match values {
                    [mv] => analysis.best = Some(read_moves(&[mv])?.remove(0)),
                    _ => return None,
                },
                "pv" => {
                    analysis.line = read_moves(values)?;
                    if analysis.line.is_empty() {
                        return None;
                    }
                }
                "loss" => match values {
                    [loss] => analysis.loss = read_thousandths(loss)?,
                    _ => return None,
                },
                "mark" => match values {
                    [word] => analysis.mark = Some(Mark::from_word(word)?),
                    _ => return None,
                },
                _ => analysis.after = Some(read_scores(values)?),
            }
        }
        // `eval` and `loss` are always written.
        (seen.first() == Some(&0) && seen.contains(&3)).then_some(analysis)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> AnalysisComment {
        AnalysisComment {
            scores: vec![(Colour::Black, 0), (Colour::Red, 1000), (Colour::Green, 7)],
            best: Some("a3-a5(*,e5)".parse().unwrap()),
            line: vec![
                "a3-a5(*,e5)".parse().unwrap(),
                "e3>(a1,b2)".parse().unwrap(),
            ],
            loss: 250,
            mark: Some(Mark::Blunder),
            after: Some(vec![
                (Colour::Black, 1000),
                (Colour::Red, 0),
                (Colour::Green, 0),
            ]),
        }
    }

    #[test]
    fn every_item_reads_back() {
        let a = sample();
        let text = a.to_string();
        assert_eq!(
            text,
            "[%eval K 0.000 R 1.000 G 0.007] [%best a3-a5(*,e5)] [%pv a3-a5(*,e5) e3>(a1,b2)] \
             [%loss 0.250] [%mark blunder] [%after K 1.000 R 0.000 G 0.000]"
        );
        assert_eq!(AnalysisComment::from_comment(&text), Some(a));
        let bare = AnalysisComment {
            best: None,
            line: Vec::new(),
            mark: None,
            after: None,
            ..sample()
        };
        assert_eq!(
            AnalysisComment::from_comment(&bare.to_string()),
            Some(bare.clone())
        );
    }

    #[test]
    fn other_comments_are_not_analysis() {
        let text = sample().to_string();
        for other in [
            "",
            "book move",
            "[%eval]",
            "[%eval K 0.5 R 0.5] [%loss 0.000]",
            "[%eval K 1.001] [%loss 0.000]",
            "[%eval K 0.500 R 0.500]",
            "[%eval X 0.500] [%loss 0.000]",
            "[%eval K 0.500] [%loss 0.000] [%best e1-e2]",
            "[%eval K 0.500] [%loss 0.000] [%mark good]",
            "[%eval K 0.500] [%best E1-E2] [%loss 0.000]",
            "[%eval K 0.500] [%pv] [%loss 0.000]",
            "[%eval K 0.500]  [%loss 0.000]",
            "[%eval K 0.500] [%loss 0.000] ",
            "[%eval K 0.500] [%loss 0.000] and a word",
        ] {
            assert_eq!(AnalysisComment::from_comment(other), None, "{other:?}");
        }
        assert_eq!(AnalysisComment::from_comment(&format!("{text} ")), None);
    }
}
