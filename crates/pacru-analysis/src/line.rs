//! One game's analysis with where the game is: the shape every interface gives.

use crate::GameAnalysis;
use serde::Serialize;

/// A game's analysis with its place and the referee's status: a line of `pacru
/// analyse --format json`, and what Python's `Analysis.as_dict()` and the npm
/// package's `analyse` give. Serialised, `file`, `game`, `line` and `status`
/// come first, then the keys of [`GameAnalysis`].
///
/// ```
/// use pacru_analysis::{AnalysisLine, AnalysisOptions, Budget, analyse_game};
/// use pacru_notation::pgr::Reader;
/// let game = Reader::new(&b"1. e1-e2 *\n"[..]).read_game().unwrap().unwrap();
/// let options = AnalysisOptions { budget: Budget::Nodes(20), seed: 0 };
/// let analysis = analyse_game(&game, &options, &mut || {}).unwrap();
/// let line = AnalysisLine { file: "-", game: 1, line: 1, status: "ok", analysis: &analysis };
/// let json = serde_json::to_string(&line).unwrap();
/// assert!(json.starts_with(r#"{"file":"-","game":1,"line":1,"status":"ok","players":["Black","Red"]"#));
/// ```
#[derive(Clone, Copy, Debug, Serialize)]
pub struct AnalysisLine<'a> {
    /// The file the game was read from (`-`: standard input).
    pub file: &'a str,
    /// The game's number in its file, from 1.
    pub game: usize,
    /// The line of the game's first tag in its file.
    pub line: usize,
    /// The referee's status of the game: `ok`, `illegal`, `malformed` or
    /// `inconsistent`.
    pub status: &'a str,
    /// The analysis.
    #[serde(flatten)]
    pub analysis: &'a GameAnalysis,
}
