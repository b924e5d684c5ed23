/**
 * The base class of every error of pacru. Arguments of the wrong type throw a
 * `TypeError`, and arguments out of range (a colour `"Purple"`, 5 players) a
 * `RangeError`, as JavaScript's own functions do.
 */
export class PacruError extends Error {
  /** Made by the package; not meant to be constructed by users. */
  constructor(message: string, details?: object);
}

/**
 * The rules forbid a move here: thrown by `Position.play`, `validate` and
 * `explain`.
 *
 * ```js
 * try {
 *   Position.standard(2).play("a3-b4");
 * } catch (error) {
 *   if (!(error instanceof IllegalMove)) throw error;
 *   error.rule;    // "R4"
 *   error.allowed; // ["a4", "b4", "c4", "a5", ...]
 * }
 * ```
 */
export class IllegalMove extends PacruError {
  /** The rule the move breaks, `"R1"` to `"R16"`. */
  readonly rule: string;
  /** Why, in plain words (without the rule number). */
  readonly reason: string;
  /** The move, in canonical notation. */
  readonly move: string;
  /** The position the move was tried in, in PPN. */
  readonly ppn: string;
  /** Where useful, the fields that would have been allowed (such as the candidates for a crossing's marker); otherwise `null`. */
  readonly allowed: string[] | null;
}

/** A text is not a move at all (whatever the position). */
export class InvalidMove extends PacruError {
  /** The text given. */
  readonly text: string;
  /** The 1-based column (in characters) of the problem in `text`. */
  readonly column: number;
  /** What is wrong, in plain words. */
  readonly reason: string;
}

/** A text is not a position in PPN, or a position cannot exist (such as 5 players, or two chevrons on one field). */
export class InvalidPosition extends PacruError {
  /** The 1-based line of the problem in the PPN text; `null` when the problem is not in a text. */
  readonly line: number | null;
  /** The 1-based column (in characters) of the problem; `null` when the problem is not in a text. */
  readonly column: number | null;
  /** What is wrong, in plain words. */
  readonly reason: string;
}

/** A game of a record does not parse. */
export class MalformedGame extends PacruError {
  /** The game's 1-based number in the input. */
  readonly game: number;
  /** The 1-based line of the problem. */
  readonly line: number;
  /** The 1-based column (in characters) of the problem. */
  readonly column: number;
  /** What is wrong, in plain words. */
  readonly reason: string;
}
