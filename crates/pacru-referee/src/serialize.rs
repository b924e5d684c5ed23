//! The verdict as data (feature `serde`): the object of one line of
//! `pacru check --format json`, without its `file` key, which names the input;
//! [`FileVerdict`] puts the name first, as that line does.
//!
//! Keys, in this order: `game`, `line`, `status` (`ok`, `illegal`, `malformed`,
//! `inconsistent`), `plies`, `result`, `winner` (a colour word or null),
//! `final_position` (PPN or null) and `error`: null, or `ply`, `line`, `column`,
//! `move`, `rule` (`R1`..`R16` or null) and `message`.

use crate::verdict::{GameError, Verdict};
use pacru_core::Position;
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

/// A verdict with the name of its input first: the object of one line of
/// `pacru check --format json` (`-` names standard input), for every program that
/// writes those lines (the CLI, the Python and JavaScript packages).
///
/// ```
/// use pacru_notation::pgr::Reader;
/// use pacru_referee::{FileVerdict, check_game};
///
/// let record = "[Result \"*\"]\n\n1. e1-e2 *\n";
/// let game = Reader::new(record.as_bytes()).read_game().unwrap().unwrap();
/// let verdict = check_game(&game);
/// let json = serde_json::to_string(&FileVerdict { file: "-", verdict: &verdict }).unwrap();
/// assert!(json.starts_with(r#"{"file":"-","game":1,"line":1,"status":"ok","plies":1,"#));
/// ```
#[derive(Serialize)]
pub struct FileVerdict<'a> {
    /// The name of the input.
    pub file: &'a str,
    /// The verdict on one game of it.
    #[serde(flatten)]
    pub verdict: &'a Verdict,
}

impl Serialize for Verdict {
    /// ```
    /// use pacru_notation::pgr::Reader;
    /// use pacru_referee::check_game;
    ///
    /// let record = "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
    /// let game = Reader::new(record.as_bytes()).read_game().unwrap().unwrap();
    /// let json = serde_json::to_string(&check_game(&game)).unwrap();
    /// assert_eq!(
    ///     json,
    ///     r#"{"game":1,"line":1,"status":"ok","plies":2,"result":"*","winner":null,"#.to_owned()
    ///         + r#""final_position":"9/9/9/9/9/9/9/9/9 Ke2N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re8S K KR","#
    ///         + r#""error":null}"#
    /// );
    /// ```
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut object = serializer.serialize_struct("Verdict", 8)?;
        object.serialize_field("game", &self.game)?;
        object.serialize_field("line", &self.line)?;
        object.serialize_field("status", self.status.as_str())?;
        object.serialize_field("plies", &self.plies)?;
        object.serialize_field("result", &self.result)?;
        object.serialize_field("winner", &self.winner.map(|c| c.word()))?;
        object.serialize_field("final_position", &self.final_position.as_ref().map(Ppn))?;
        object.serialize_field("error", &self.error)?;
        object.end()
    }
}

impl Serialize for GameError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut object = serializer.serialize_struct("GameError", 6)?;
        object.serialize_field("ply", &self.ply)?;
        object.serialize_field("line", &self.line)?;
        object.serialize_field("column", &self.column)?;
        object.serialize_field("move", &self.move_text)?;
        object.serialize_field("rule", &self.rule.map(|r| r.to_string()))?;
        object.serialize_field("message", &self.message)?;
        object.end()
    }
}

/// A position serialised as its PPN.
struct Ppn<'a>(&'a Position);

impl Serialize for Ppn<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // A position's `Display` is its PPN, written straight from the position.
        serializer.collect_str(self.0)
    }
}
