//! The TypeScript declarations of the values that cross the boundary as plain
//! objects or strings (colours, editions, option objects, the results of
//! `explain`, `bestMove`, `readGames` and `check`). wasm-bindgen writes them into
//! the package's declarations beside those of the exported classes and functions.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const VALUES: &str = r#"
import type { MalformedGame } from "../errors.js";

/** A player's colour, as pacru writes it. Where a colour is taken, a letter (`"R"`) or any letter case (`"red"`) does as well. */
export type Colour = "Black" | "Red" | "Yellow" | "Green" | "Blue";

/** A rules edition: the 2004 rules, or the March 2011 amendment of the meeting rule (R12). Where an edition is taken, the numbers 2004 and 2011 do as well. */
export type Rules = "2004" | "2011";

/** A direction a chevron faces. */
export type Direction = "N" | "NE" | "E" | "SE" | "S" | "SW" | "W" | "NW";

/** Whether a game goes on, has been won, or ended without a winner (only in positions set up by hand). */
export type Status = "ongoing" | "won" | "no-winner";

/** A chevron on the board. */
export interface Chevron {
  /** Its owner. */
  colour: Colour;
  /** The field it stands on, `"a1"` to `"i9"`. */
  field: string;
  /** The direction it faces. */
  facing: Direction;
}

/** Options of `Position.standard`. */
export interface StandardOptions {
  /** The players' colours in order of play: letters (`"KRB"`) or words (`["Black", "Red", "Blue"]`). Default: Black, Red, Yellow, Green. */
  colours?: string | string[];
  /** The players' seats in order of play: `"SWE"` or `["S", "W", "E"]`. Default: `SN`, `SWE`, `SWNE`. */
  seats?: string | string[];
  /** The rules edition. Default `"2004"`. */
  rules?: Rules | 2004 | 2011;
}

/** Options of `Position.perft`. */
export interface PerftOptions {
  /** `true` (the default): the last ply is counted without playing its moves. `false`: every move is played; the same count, more slowly. */
  bulk?: boolean;
}

/** What a legal move does, as `Position.explain` tells it. Fields are `"a1"` to `"i9"`. */
export interface Effects {
  /** The player who moved. */
  mover: Colour;
  /** The kind of movement; `null` for a reorientation or a resignation. */
  kind: "plain" | "connection" | "connection_jump" | "pincer" | null;
  /** The chevron a pincer captured (R11). */
  captured: { colour: Colour; field: string } | null;
  /** The fields a connection change coloured (R8). */
  connectionFields: string[];
  /** The crossing benefit: the field it coloured, and whether it was a borderland transformation (R10) rather than a borderland change (R4). */
  crossing: { field: string; transformation: boolean } | null;
  /** The field a meeting coloured (R12). */
  meeting: string | null;
  /** Whether the move made a meeting that gave nothing. */
  emptyMeeting: boolean;
  /** Whether that meeting gave nothing because of the 2011 rule (no other colour on 9 fields). */
  meetingDeniedBy2011: boolean;
  /** A reorientation's chevron and its new facing (R13). */
  reoriented: { field: string; facing: Direction } | null;
  /** The fields a reorientation returned to neutral. */
  returned: string[];
  /** How many fields the mover has after the move. */
  moverFields: number;
  /** Every field whose colour changed, with its colour before the move (`null`: neutral). */
  changed: { field: string; before: Colour | null }[];
  /** The players who left the game during the turn, in the order they left (R15). */
  out: { colour: Colour; reason: "blocked" | "last_chevron_taken" | "resigned" }[];
  /** The status after the move. */
  status: Status;
  /** The winner, if the move ended the game with one. */
  winner: Colour | null;
}

/** A move's parts, as `readMove` reads them. Fields are `"a1"` to `"i9"`. */
export interface MoveParts {
  /** The move in canonical notation. */
  text: string;
  /** A plain movement, a pincer (written `x`), a reorientation (R14) or a resignation. */
  kind: "movement" | "pincer" | "reorientation" | "resign";
  /** The field of the chevron that moves or turns; `null` for a resignation. */
  from: string | null;
  /** A movement's destination; `null` otherwise. */
  to: string | null;
  /** A movement's items in the order written: `"*"` (the connection change) or a field. */
  items: string[];
  /** A reorientation's rotation (`>` 45° clockwise, `<` 45° anticlockwise, `>>` and `<<` 90°); `null` otherwise. */
  rotation: ">" | "<" | ">>" | "<<" | null;
  /** The fields a reorientation returns to neutral, in canonical order; empty otherwise. */
  returned: string[];
}

/** Options of `bestMove`: a budget (at least one of `nodes` and `millis`) and a seed. */
export interface BestMoveOptions {
  /** The most simulations to run. With no `millis`, the result depends only on the position, `nodes` and `seed`. */
  nodes?: number;
  /** The most milliseconds to spend. */
  millis?: number;
  /** The seed of the search's random choices: a whole number, or a bigint up to 2n ** 64n - 1n. Default 0. */
  seed?: number | bigint;
}

/** What `bestMove` found. */
export interface BestMove {
  /** The move to play, in canonical notation; `null` when the game is over. */
  move: string | null;
  /** The expected result of the move for every player, from 0 (a sure loss) to 1 (a sure win), keyed by colour in order of play. Empty when the game is over. */
  evaluation: Partial<Record<Colour, number>>;
  /** The simulations run. */
  nodes: number;
  /** The deepest ply the search tree reached. */
  depth: number;
  /** The expected line of play, starting with `move`. */
  pv: string[];
}

/** A game of a record, as `readGames` reads it. */
export interface Game {
  /** Its 1-based number in the input. */
  index: number;
  /** The 1-based line of its first tag. */
  line: number;
  /** Its tags, in the order written: `{ Event: "...", Black: "Ada", Players: "KR", Result: "*" }`. */
  tags: Record<string, string>;
  /** Its plies in canonical notation. `pass` tokens (a blocked player's removed turn) are not plies and are left out. */
  moves: string[];
  /** Its result token: a colour word, `"draw"` or `"*"`. */
  result: string;
}

/** A game to write (`formatGame`), to start (`Position.startOf`) or to analyse (`analyse`): a `Game` of `readGames` will do. */
export interface GameInput {
  /** The tags: names of letters, digits and `_` (starting with a letter), string values. */
  tags?: Record<string, string>;
  /** The moves in move notation; `"pass"` for a blocked player's removed turn. */
  moves?: string[];
  /** The result token: a colour word, `"draw"` or `"*"`. Default: the `Result` tag, else `"*"`. Given with a `Result` tag, the two must be the same (a `RangeError` otherwise, as a record whose result token differs from its `Result` tag is malformed). */
  result?: string;
  /** The game's number in its input (a `Game` of `readGames` has it): reported by `analyse`, ignored otherwise. */
  index?: number;
  /** The line where the game starts (a `Game` of `readGames` has it): reported by `analyse`, ignored otherwise. */
  line?: number;
}

/** Options of `check`. */
export interface CheckOptions {
  /** The rules edition of games without a `Rules` tag (as `pacru check --rules`). Default `"2004"`. */
  rules?: Rules | 2004 | 2011;
  /** The verdicts' `file`. Default `"-"`, as `pacru check` names standard input. */
  name?: string;
}

/** The referee's verdict on one game: exactly the object of a line of `pacru check --format json` (`JSON.stringify` gives that line). */
export interface Verdict {
  /** The input's name (the `name` option of `check`). */
  file: string;
  /** The game's 1-based number in the input. */
  game: number;
  /** The 1-based line of its first tag. */
  line: number;
  /** `ok`: every move legal and the result consistent; `illegal`: a move is illegal; `malformed`: the text does not parse; `inconsistent`: the moves are legal but the `Result` disagrees with the rules. */
  status: "ok" | "illegal" | "malformed" | "inconsistent";
  /** The moves applied successfully (for `malformed`: those before the syntax error). */
  plies: number;
  /** The `Result` tag as read, or `null`. */
  result: string | null;
  /** The rules' winner after the applied moves, or `null` if the rules have not ended the game. */
  winner: Colour | null;
  /** The PPN after the applied moves (for `illegal`: the position in which the illegal move was tried); `null` when the setup tags cannot be read. */
  final_position: string | null;
  /** The first error, or `null`. */
  error: VerdictError | null;
}

/** The first error of a game that is not `ok`. */
export interface VerdictError {
  /** The 1-based index of the offending move (`pass` not counted); `null` for an error in the tags or after the last move. */
  ply: number | null;
  /** The 1-based line of the problem. */
  line: number;
  /** The 1-based column (in characters) of the problem. */
  column: number;
  /** The offending token's text, or `null`. */
  move: string | null;
  /** The rule the move breaks, `"R1"` to `"R16"`; `null` for a syntax error. */
  rule: string | null;
  /** What is wrong, in plain words. */
  message: string;
}

/** Options of `selfplay`. */
export interface SelfplayOptions {
  /** Players per game, 2 to 4. Default 2. */
  players?: number;
  /** How many games. Default 1. */
  games?: number;
  /** The seed: a whole number, or a bigint up to 2n ** 64n - 1n. Without one, a seed is drawn at random and written in each record's `Seed` tag. */
  seed?: number | bigint;
  /** The rules edition. Default `"2004"`. */
  rules?: Rules | 2004 | 2011;
  /** Games are cut after this many moves, with result `*`. Default 1000; 0 for no limit. */
  maxPlies?: number;
}
"#;
