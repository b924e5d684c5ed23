//! The data of a replayed game: what the page shows and `pacru replay --format
//! json` prints. Every type serialises with serde; positions as PPN, fields as
//! their names (`e4`), colours as words (`Black`), directions as `N`..`NW`.

use pacru_core::{Bitboard, Colour, Direction, Field, MovementKind, Position};
use pacru_referee::Verdict;
use serde::{Serialize, Serializer};

/// One game of a record, replayed: its tags and players, the referee's verdict,
/// the start position and every ply up to the end (or up to the move the referee
/// refused, or up to the syntax error).
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// Where the game comes from (a file name, `-` for standard input), if known.
    pub source: Option<String>,
    /// The 1-based index of the game in its input.
    pub game: usize,
    /// The line of the game's first tag.
    pub line: usize,
    /// The tag pairs in the order read, values unescaped.
    pub tags: Vec<(String, String)>,
    /// The players in order of play, with the names their colour tags give.
    pub players: Vec<PlayerView>,
    /// The rules edition the game is played under, when its setup tags can be read.
    pub rules: Option<String>,
    /// The number of fields that wins, when the players are known.
    pub target: Option<u32>,
    /// The `Result` tag as read (`*` when absent).
    pub result: String,
    /// The referee's verdict, as `pacru check` gives it; it serialises as one
    /// object of `pacru check --format json` without its `file` key.
    pub verdict: Verdict,
    /// The start position (PPN); `None` when the setup tags cannot be read.
    #[serde(serialize_with = "ppn_option")]
    pub start: Option<Position>,
    /// Comments before the first move.
    pub leading_comments: Vec<String>,
    /// `pass`es before the first move (players removed as blocked at the start).
    pub leading_passes: usize,
    /// The plies that were replayed, in order.
    pub plies: Vec<PlyView>,
    /// The move the referee refused, if a move is illegal.
    pub refused: Option<RefusedMove>,
    /// Where the text stopped making sense, for a malformed game.
    pub syntax_error: Option<SyntaxError>,
}

/// A player of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// The player's colour.
    pub colour: Colour,
    /// Its letter in PPN (`K`, `R`, `Y`, `G`, `B`).
    pub letter: char,
    /// The name of the colour's tag (`[Black "Ada"]`), if present.
    pub name: Option<String>,
}

/// One ply: the move, who made it, what it did and the position after it.
#[derive(Clone, Debug, Serialize)]
pub struct PlyView {
    /// The 1-based index of the ply (`pass`es are not plies).
    pub ply: usize,
    /// The round the ply belongs to (a round number is written before its first ply).
    pub round: usize,
    /// Whether this ply opens its round (the canonical text writes `round.` before it).
    pub opens_round: bool,
    /// The player who moved.
    pub mover: Colour,
    /// The move in canonical notation.
    pub notation: String,
    /// The move as written in the record.
    pub written: String,
    /// The line and column of the move in the record.
    pub line: usize,
    /// The column of the move, in characters.
    pub column: usize,
    /// What the move did.
    pub effects: EffectsView,
    /// The position after the move (PPN).
    #[serde(serialize_with = "ppn")]
    pub position: Position,
    /// Annotation glyphs written after the move.
    pub glyphs: Vec<String>,
    /// Comments written after the move.
    pub comments: Vec<String>,
    /// `pass`es written after the move (players it left blocked).
    pub passes: usize,
}

/// What a move did, field by field: the basis of the page's drawing of the move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EffectsView {
    /// The field a chevron left, or the field of a reorientation's chevron.
    pub origin: Option<Field>,
    /// The field a chevron arrived on.
    pub destination: Option<Field>,
    /// The kind of movement: `plain`, `connection`, `connection_jump`, `pincer`.
    pub kind: Option<&'static str>,
    /// The crossing benefit's field (borderland change or transformation).
    pub crossing: Option<Field>,
    /// Whether the crossing benefit was a borderland transformation (R10).
    pub transformation: bool,
    /// The fields a connection change coloured.
    pub connection: Vec<Field>,
    /// The chevron a pincer captured.
    pub captured: Option<ChevronView>,
    /// The field a meeting coloured.
    pub meeting: Option<Field>,
    /// A reorientation's chevron and its new facing.
    pub reoriented: Option<ChevronView>,
    /// The fields a reorientation returned to neutral.
    pub returned: Vec<Field>,
    /// Players who left the game during the turn, in the order they left.
    pub out: Vec<OutView>,
    /// Chevrons that left the board with those players (not the captured one).
    pub removed: Vec<ChevronView>,
    /// The winner, if the move ended the game with one.
    pub winner: Option<Colour>,
    /// Whether the move ended the game.
    pub game_over: bool,
    /// The same, in sentences for people (the lines `pacru replay` prints).
    pub description: Vec<String>,
}

/// A chevron: owner, field and facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ChevronView {
    /// The owner.
    pub colour: Colour,
    /// Where it stands.
    pub field: Field,
    /// Where it points.
    pub facing: Direction,
}

/// A player who left the game, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OutView {
    /// The player.
    pub colour: Colour,
    /// `blocked`, `last_chevron_taken` or `resigned`.
    pub reason: &'static str,
}

/// The move the referee refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RefusedMove {
    /// The index the move would have had as a ply.
    pub ply: usize,
    /// The player whose move it was.
    pub mover: Colour,
    /// The move as written.
    pub written: String,
    /// The move in canonical notation (`pass` for a pass).
    pub notation: String,
    /// The field the move starts from, if it names one.
    pub origin: Option<Field>,
    /// The field the move goes to, if it names one.
    pub destination: Option<Field>,
    /// The rule it breaks (`R4`).
    pub rule: String,
    /// The rule's title (`borderland change`).
    pub rule_title: &'static str,
    /// Why, in plain words.
    pub reason: String,
}

/// Where a malformed game stopped making sense.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SyntaxError {
    /// The line of the problem.
    pub line: usize,
    /// The column of the problem, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// Whether the problem is in the movetext (otherwise the tag section).
    pub in_movetext: bool,
}

/// The snake-case name of a movement kind.
pub(crate) fn kind_name(kind: MovementKind) -> &'static str {
    match kind {
        MovementKind::Plain => "plain",
        MovementKind::Connection => "connection",
        MovementKind::ConnectionJump => "connection_jump",
        MovementKind::Pincer => "pincer",
    }
}

/// The fields of a set, in ascending order.
pub(crate) fn field_vec(fields: Bitboard) -> Vec<Field> {
    fields.iter().collect()
}

fn ppn<S: Serializer>(position: &Position, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&position.to_ppn())
}

fn ppn_option<S: Serializer>(
    position: &Option<Position>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match position {
        Some(p) => serializer.collect_str(&p.to_ppn()),
        None => serializer.serialize_none(),
    }
}
