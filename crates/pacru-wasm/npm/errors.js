// The errors pacru throws. The WebAssembly module makes them (its glue code
// imports this file), so `instanceof` works on every error the package throws.

/** The base class of every error of pacru. */
export class PacruError extends Error {
  constructor(message, details) {
    super(message);
    this.name = 'PacruError';
    if (details) {
      Object.assign(this, details);
    }
  }
}

/** The rules forbid a move here. */
export class IllegalMove extends PacruError {
  constructor(message, details) {
    super(message, details);
    this.name = 'IllegalMove';
  }
}

/** A text is not a move at all. */
export class InvalidMove extends PacruError {
  constructor(message, details) {
    super(message, details);
    this.name = 'InvalidMove';
  }
}

/** A text is not a position, or a position cannot exist. */
export class InvalidPosition extends PacruError {
  constructor(message, details) {
    super(message, details);
    this.name = 'InvalidPosition';
  }
}

/** A game of a record does not parse. */
export class MalformedGame extends PacruError {
  constructor(message, details) {
    super(message, details);
    this.name = 'MalformedGame';
  }
}
