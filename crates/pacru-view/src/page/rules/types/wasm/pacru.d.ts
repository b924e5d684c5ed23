/* tslint:disable */
/* eslint-disable */

/** Options of `analyse`: a budget (`nodes` or `millis`, not both; by default 5000 nodes), a seed and a name. */
export interface AnalyseOptions {
    /** Simulations for each position. With it, the analysis depends only on the game, `nodes` and `seed`. Default 5000 (when `millis` is not given). */
    nodes?: number;
    /** Milliseconds for each position (the analysis then depends on the machine's speed). */
    millis?: number;
    /** The seed of the search's random choices: a whole number, or a bigint up to 2n ** 64n - 1n. Default 0. */
    seed?: number | bigint;
    /** The analyses' `file`. Default `"-"`, as `pacru analyse` names standard input. */
    name?: string;
}

/** The analysis of one ply, as `pacru analyse --format json` gives it. */
export interface PlyAnalysis {
    /** The 1-based number of the ply (`pass` is not a ply). */
    ply: number;
    /** The player who moved. */
    mover: Colour;
    /** The move played, in canonical notation. */
    move: string;
    /** Each player's expected score before the move, from 0 (a sure loss) to 1 (a sure win), in thousandths, in order of play. */
    scores: number[];
    /** The engine's best move before the move; `null` in a finished game. */
    best: string | null;
    /** The engine's principal line from there, starting with `best` (at most 8 moves). */
    pv: string[];
    /** What the move cost its mover: the mover's expected score before the move less the one after it (0 when it is the engine's best, never below 0). */
    loss: number;
    /** `"mistake"` from a loss of 0.100, `"blunder"` from 0.200, else `null`. */
    mark: "mistake" | "blunder" | null;
    /** The simulations of the searches of the position before the move: one
     * search, or up to three when the loss of a move next to it lies near a
     * threshold. */
    simulations: number;
}

/** The analysis of one game: the keys and values of a line of `pacru analyse --format json`, in the same order, and the annotated record. */
export interface Analysis {
    /** The input: the `name` option, else `"-"`. */
    file: string;
    /** The 1-based number of the game in its input (a game object's `index`, else 1). */
    game: number;
    /** The line where the game starts (a game object's `line`, else 1). */
    line: number;
    /** The referee's verdict: `"ok"`, `"illegal"`, `"malformed"` or `"inconsistent"`. */
    status: string;
    /** The players in order of play. */
    players: Colour[];
    /** Who analysed: the engine, its version, the budget and the seed. */
    annotator: string;
    /** Every ply analysed (up to the first illegal move, if any). */
    plies: PlyAnalysis[];
    /** Each player's expected score after the last ply analysed (the result, when the game is over). */
    after: number[];
    /** The game's PGR text with the analysis written in, as `pacru analyse` writes it. Not in the JSON line. */
    annotated: string;
}



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



/**
 * A position of the game: the fields' colours, the chevrons, whose turn it is,
 * the players and the rules edition. Immutable: `play` returns a new position.
 *
 * `Position.standard(players)` is the standard start, `Position.fromPpn(text)` a
 * position read from PPN, the one-line position notation; `toPpn()` writes it.
 */
export class Position {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The chevron on `field`, or `null` if there is none.
     */
    chevronAt(field: string): Chevron | null;
    /**
     * Every chevron on the board, by player in order of play, then by field.
     */
    chevrons(): Chevron[];
    /**
     * The colour of `field` (such as `"e5"`), or `null` if it is neutral.
     */
    colourAt(field: string): Colour | null;
    /**
     * The legal moves whose canonical notation begins with `text` (letter case,
     * surrounding spaces and spaces after commas do not matter), in the order of
     * `legalMoves`: what a text typed so far can still become. Empty when the game
     * is over or no legal move fits.
     */
    completions(text: string): string[];
    /**
     * The number of legal moves, counted without listing them.
     */
    countMoves(): number;
    /**
     * A text diagram of the board, for people (as `pacru show` draws it, without
     * colours).
     */
    diagram(): string;
    /**
     * Whether `other` is the same position: fields, chevrons, player to move,
     * players and rules edition.
     */
    equals(other: Position): boolean;
    /**
     * What `move` does here: who moves, the kind of movement, the crossing
     * benefit, a capture, a meeting, the fields a reorientation returns, every
     * field whose colour changes, who leaves the game and the status after it.
     * Throws `IllegalMove` (or `InvalidMove`) as `play` would.
     */
    explain(move: string): Effects;
    /**
     * How many fields `colour` has (0 for a colour that does not play). A colour
     * is a word (`"Red"`, any letter case) or a letter (`"R"`).
     */
    fieldCount(colour: Colour | string): number;
    /**
     * The fields of `colour`, in the order a1, b1, ..., i9.
     */
    fieldsOf(colour: Colour | string): string[];
    /**
     * Reads a position in PPN (`MARKERS CHEVRONS TO_MOVE PLAYERS`), played under
     * `rules` (`"2004"`, the default, or `"2011"`). Text that is not a position is
     * an `InvalidPosition` with the line and column of the problem.
     *
     * ```js
     * const p = Position.fromPpn("9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR");
     * ```
     */
    static fromPpn(text: string, rules?: Rules): Position;
    /**
     * Whether the game is over.
     */
    isFinished(): boolean;
    /**
     * Whether `move` is legal here (`InvalidMove` if it is not a move at all).
     */
    isLegal(move: string): boolean;
    /**
     * Every legal move of the player to move, each complete (with all its
     * choices), in canonical notation, in byte order of that text: the order of
     * `pacru moves` and of every other interface of pacru. Empty when the game is
     * over.
     */
    legalMoves(): string[];
    /**
     * Perft split by first move: an object whose keys are the legal moves (in the
     * order of `legalMoves()`) and whose values are the number of move sequences
     * of `depth` moves (1 to 30) that start with each, as `pacru perft --divide`
     * prints them; empty for depth 0 or a finished game.
     *
     * ```js
     * const split = Position.standard(2).perftDivide(2); // { "a3-b2": 27, ... }
     * ```
     */
    perftDivide(depth: number): Record<string, number>;
    /**
     * The number of move sequences of `depth` moves from here (0 to 30),
     * resignations not counted: the standard check of a move generator. By
     * default the last ply is counted without playing its moves (bulk
     * counting); `{ bulk: false }` plays every move, which gives the same count
     * more slowly and exercises every move's application.
     */
    perft(depth: number, options?: PerftOptions): number;
    /**
     * The position after `move` (move notation, such as `"a3-b4(a4)"`, in any
     * letter case, with optional spaces after commas). Throws `IllegalMove` if the rules forbid it
     * here, with the rule (`"R4"`), the reason and the fields that would do
     * (`"pass"` too, under R2, as the referee refuses it in a record);
     * `InvalidMove` if the text is not a move at all.
     */
    play(move: string): Position;
    /**
     * The standard start for 2, 3 or 4 players (default 2). The options give the
     * players' colours and seats in order of play (`colours: "KRB"` or `["Black",
     * "Red", "Blue"]`, `seats: "SWE"`; by default Black, Red, Yellow, Green on the
     * seats `SN`, `SWE`, `SWNE`) and the rules edition (`rules: "2011"`; default
     * `"2004"`).
     *
     * ```js
     * const start = Position.standard(3, { seats: "SWN", rules: "2011" });
     * ```
     */
    static standard(players?: number, options?: StandardOptions): Position;
    /**
     * The position a game starts from, by its tags (`Players`, `Seats`, `Rules`,
     * `Position`; the standard 2-player start under the 2004 rules without them).
     * The game is an object with `tags`, such as a `Game` of `readGames`. Tags
     * that describe no position are an `InvalidPosition` naming the tag.
     *
     * ```js
     * let position = Position.startOf(game);
     * for (const move of game.moves) position = position.play(move);
     * ```
     */
    static startOf(game: GameInput): Position;
    /**
     * The position in PPN, the one-line position notation.
     */
    toPpn(): string;
    /**
     * The position in PPN (as `toPpn()`).
     */
    toString(): string;
    /**
     * Checks `move` without playing it: returns if it is legal, throws
     * `IllegalMove` (or `InvalidMove`) as `play` would.
     */
    validate(move: string): void;
    /**
     * The players who started the game, in order of play.
     */
    readonly players: Colour[];
    /**
     * The rules edition the game is played under: `"2004"` or `"2011"`.
     */
    readonly rules: Rules;
    /**
     * Whether the game goes on (`"ongoing"`), has been won (`"won"`), or ended
     * without a winner (`"no-winner"`, only in positions set up by hand).
     */
    readonly status: Status;
    /**
     * The number of fields of one colour that wins: 42, 28 or 24 with 2, 3 or 4
     * players.
     */
    readonly target: number;
    /**
     * The player whose turn it is (in a finished game: who would be next).
     */
    readonly toMove: Colour;
    /**
     * The winner of a finished game, or `null`.
     */
    readonly winner: Colour | null;
}

/**
 * The `search` engine's analysis of every game of a PGR record (a string, or
 * bytes taken as they are), or of one game object (`{ tags, moves, result }`, a
 * `Game` of `readGames` will do), as `pacru analyse` makes it: every position
 * judged in turn, then each move's loss and mark. Returns one entry per game in
 * input order: an `Analysis`, whose keys but `annotated` are those of the game's
 * line of `pacru analyse --format json`, in the same order and with the same
 * values, and whose `annotated` is the game as `pacru analyse` writes it; or, for a game of the record that does not parse, a `MalformedGame`
 * error (returned, not thrown). A game with an illegal move is analysed up to it.
 *
 * The budget is `nodes` simulations a search (5000 by default: the analysis
 * then depends only on the games, the budget and `seed`) or `millis`
 * milliseconds a search; a position is searched once, or up to three times
 * when the loss of a move next to it lies near a threshold. The work runs on the calling thread: in a page, call
 * it inside a Web Worker.
 *
 * ```js
 * const [analysis] = analyse(text, { nodes: 2000, seed: 1 });
 * const blunders = analysis.plies.filter((ply) => ply.mark === "blunder");
 * ```
 */
export function analyse(record: string | Uint8Array | ArrayBuffer | GameInput, options?: AnalyseOptions): (Analysis | MalformedGame)[];

/**
 * Searches `position` with the Monte Carlo tree search of `pacru engine search`
 * and returns the move it would play, with the evaluation of that move for every
 * player. The budget is `nodes` (simulations), `millis` (milliseconds), or both
 * (whichever ends first); at least one is needed. With a node budget and no
 * time, the result depends only on the position, the budget and `seed`
 * (default 0).
 *
 * The search runs on the calling thread: in a page, call it inside a Web Worker
 * so that the page stays responsive.
 *
 * ```js
 * const { move, evaluation } = bestMove(Position.standard(2), { nodes: 2000, seed: 1 });
 * ```
 */
export function bestMove(position: Position, options: BestMoveOptions): BestMove;

/**
 * Referees every game of a PGR record (a string, or bytes taken as they are) and
 * returns the verdicts in input order, each an object with exactly the keys and
 * values of a line of `pacru check --format json`: `file`, `game`, `line`,
 * `status` (`"ok"`, `"illegal"`, `"malformed"` or `"inconsistent"`), `plies`,
 * `result`, `winner`, `final_position`, `error`. `JSON.stringify` of a verdict is
 * that line. A bad game is a verdict, never an exception. Options: `rules`, the
 * edition of games without a `Rules` tag (as `pacru check --rules`); `name`, the
 * verdicts' `file` (default `"-"`, as for standard input).
 *
 * ```js
 * const verdicts = check(readFileSync("games.pgr"), { name: "games.pgr" });
 * const bad = verdicts.filter((v) => v.status !== "ok");
 * ```
 */
export function check(record: string | Uint8Array | ArrayBuffer, options?: CheckOptions): Verdict[];

/**
 * A game as canonical PGR text, as `pacru fmt` writes it: the tags in canonical
 * order (`Event`, `Site`, `Date`, `Round`, the players' names, `Players`, `Rules`,
 * ..., then the others), the moves in canonical notation with round numbers, lines
 * of at most 80 characters, and the result. The game is an object `{ tags, moves,
 * result }`: `tags` an object of strings, `moves` move notation (and `"pass"` for a
 * blocked player's removed turn), `result` a colour word, `"draw"` or `"*"`
 * (default: the `Result` tag, else `"*"`; given with a `Result` tag, the two must
 * be the same, else a `RangeError`). A `Game` of `readGames` will do.
 * Whether the moves are legal is not checked: `check` the text for that.
 *
 * ```js
 * const text = formatGame({ tags: { Black: "Ada", Red: "Bo" }, moves: ["e1-e2", "e9-e8"], result: "*" });
 * ```
 */
export function formatGame(game: GameInput): string;

/**
 * Reads every game of a PGR record: a string, or bytes (`Uint8Array`,
 * `ArrayBuffer`) taken as they are. Returns one entry per game in input order: a
 * `Game` (`index`, `line`, `tags`, `moves`, `result`) or, for a game that does not
 * parse, a `MalformedGame` error (returned, not thrown; reading goes on with the
 * next game). Whether the moves are legal is `check`'s business.
 *
 * ```js
 * for (const game of readGames(text)) {
 *   if (game instanceof MalformedGame) continue;
 *   console.log(game.tags.Black, "vs", game.tags.Red, game.result, game.moves.length);
 * }
 * ```
 */
export function readGames(record: string | Uint8Array | ArrayBuffer): (Game | MalformedGame)[];

/**
 * The parts of `text`, a move in move notation (any letter case, optional
 * spaces after commas; nothing around the move, as `play` reads it): its
 * canonical text, kind, fields, items or rotation.
 * Throws `InvalidMove` if the text is not a move at all; whether the move is
 * legal anywhere is not asked.
 */
export function readMove(text: string): MoveParts;

/**
 * Random games as canonical PGR text, byte for byte what `pacru selfplay
 * --players P --games G --seed S --rules R --max-plies M` writes. Options:
 * `players` (2 to 4, default 2), `games` (default 1), `seed` (a whole number, or
 * a bigint up to 2n ** 64n - 1n; without one a seed is drawn at random and
 * written in each record's `Seed` tag, as the command does), `rules` (default
 * `"2004"`), `maxPlies` (games are cut after this many moves with result `*`;
 * default 1000, 0 for no limit).
 *
 * ```js
 * const text = selfplay({ players: 3, games: 10, seed: 42, maxPlies: 400 });
 * ```
 */
export function selfplay(options?: SelfplayOptions): string;

/**
 * Runs when the module starts: a panic (a bug: the module is then unusable)
 * writes its message to the console before the module aborts.
 */
export function start(): void;

/**
 * The version of the package: the version of the pacru crates it is built from.
 */
export function version(): string;

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly __wbg_position_free: (a: number, b: number) => void;
    readonly analyse: (a: any, b: any) => [number, number, number];
    readonly bestMove: (a: number, b: any) => [number, number, number];
    readonly check: (a: any, b: any) => [number, number, number];
    readonly formatGame: (a: any) => [number, number, number, number];
    readonly position_chevronAt: (a: number, b: any) => [number, number, number];
    readonly position_chevrons: (a: number) => [number, number, number];
    readonly position_colourAt: (a: number, b: any) => [number, number, number];
    readonly position_completions: (a: number, b: any) => [number, number, number, number];
    readonly position_countMoves: (a: number) => number;
    readonly position_diagram: (a: number) => [number, number];
    readonly position_equals: (a: number, b: number) => number;
    readonly position_explain: (a: number, b: any) => [number, number, number];
    readonly position_fieldCount: (a: number, b: any) => [number, number, number];
    readonly position_fieldsOf: (a: number, b: any) => [number, number, number, number];
    readonly position_fromPpn: (a: any, b: any) => [number, number, number];
    readonly position_isFinished: (a: number) => number;
    readonly position_isLegal: (a: number, b: any) => [number, number, number];
    readonly position_legalMoves: (a: number) => [number, number];
    readonly position_perft: (a: number, b: any, c: any) => [number, number, number];
    readonly position_perftDivide: (a: number, b: any) => [number, number, number];
    readonly position_play: (a: number, b: any) => [number, number, number];
    readonly position_players: (a: number) => [number, number];
    readonly position_rules: (a: number) => [number, number];
    readonly position_standard: (a: any, b: any) => [number, number, number];
    readonly position_startOf: (a: any) => [number, number, number];
    readonly position_status: (a: number) => [number, number];
    readonly position_target: (a: number) => number;
    readonly position_toPpn: (a: number) => [number, number];
    readonly position_toString: (a: number) => [number, number];
    readonly position_to_move: (a: number) => [number, number];
    readonly position_validate: (a: number, b: any) => [number, number];
    readonly position_winner: (a: number) => any;
    readonly readGames: (a: any) => [number, number, number];
    readonly readMove: (a: any) => [number, number, number];
    readonly selfplay: (a: any) => [number, number, number, number];
    readonly start: () => void;
    readonly version: () => [number, number];
    readonly __wbindgen_malloc: (a: number, b: number) => number;
    readonly __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
    readonly __wbindgen_exn_store: (a: number) => void;
    readonly __externref_table_alloc: () => number;
    readonly __wbindgen_externrefs: WebAssembly.Table;
    readonly __externref_table_dealloc: (a: number) => void;
    readonly __wbindgen_free: (a: number, b: number, c: number) => void;
    readonly __externref_drop_slice: (a: number, b: number) => void;
    readonly __wbindgen_start: () => void;
}

export type SyncInitInput = BufferSource | WebAssembly.Module;

/**
 * Instantiates the given `module`, which can either be bytes or
 * a precompiled `WebAssembly.Module`.
 *
 * @param {{ module: SyncInitInput }} module - Passing `SyncInitInput` directly is deprecated.
 *
 * @returns {InitOutput}
 */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): InitOutput;

/**
 * If `module_or_path` is {RequestInfo} or {URL}, makes a request and
 * for everything else, calls `WebAssembly.instantiate` directly.
 *
 * @param {{ module_or_path: InitInput | Promise<InitInput> }} module_or_path - Passing `InitInput` directly is deprecated.
 *
 * @returns {Promise<InitOutput>}
 */
export default function __wbg_init (module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<InitOutput>;
