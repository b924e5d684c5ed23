// @ts-check
// Lines of play: a start position and the moves after it, their positions
// computed by the rules when first asked for.

/** @typedef {import('./rules.js').Position} Position */

/**
 * A line's ply numbers count from the game's start: `position(ply)` is the
 * position after `ply` plies, for `from <= ply <= end()`.
 */
export class Line {
  /**
   * @param {Position} start The position after `from` plies.
   * @param {number} from
   * @param {string[]} moves The moves after it, in canonical notation.
   */
  constructor(start, from, moves) {
    /** @type {number} */
    this.from = from;
    /** @type {string[]} */
    this.moves = moves.slice();
    /** @type {Position[]} */
    this.positions = [start];
  }

  /** The ply number of the line's last position. */
  end() { return this.from + this.moves.length; }

  /** The position after `ply` plies. @param {number} ply @returns {Position} */
  position(ply) {
    const i = ply - this.from;
    while (this.positions.length <= i) {
      const k = this.positions.length - 1;
      this.positions.push(this.positions[k].play(this.moves[k]));
    }
    return this.positions[i];
  }

  /** The move that leads to ply `ply`. @param {number} ply */
  moveInto(ply) { return this.moves[ply - this.from - 1]; }

  /** Adds a move at the end, and the position after it. @param {string} move @param {Position} after */
  push(move, after) {
    this.position(this.end());
    this.moves.push(move);
    this.positions.push(after);
  }

  /** Drops the moves after ply `ply`. @param {number} ply */
  truncate(ply) {
    this.moves.length = ply - this.from;
    if (this.positions.length > this.moves.length + 1) this.positions.length = this.moves.length + 1;
  }
}
