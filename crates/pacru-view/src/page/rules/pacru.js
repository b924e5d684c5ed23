var pacruRules = (() => {
  var __defProp = Object.defineProperty;
  var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
  var __getOwnPropNames = Object.getOwnPropertyNames;
  var __hasOwnProp = Object.prototype.hasOwnProperty;
  var __export = (target, all) => {
    for (var name in all)
      __defProp(target, name, { get: all[name], enumerable: true });
  };
  var __copyProps = (to, from, except, desc) => {
    if (from && typeof from === "object" || typeof from === "function") {
      for (let key of __getOwnPropNames(from))
        if (!__hasOwnProp.call(to, key) && key !== except)
          __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
    }
    return to;
  };
  var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

  // entry.js
  var entry_exports = {};
  __export(entry_exports, {
    IllegalMove: () => IllegalMove,
    InvalidMove: () => InvalidMove,
    InvalidPosition: () => InvalidPosition,
    MalformedGame: () => MalformedGame,
    PacruError: () => PacruError,
    Position: () => Position2,
    analyse: () => analyse,
    bestMove: () => bestMove2,
    check: () => check,
    formatGame: () => formatGame,
    initSync: () => initSync,
    readGames: () => readGames,
    readMove: () => readMove,
    selfplay: () => selfplay,
    version: () => version
  });

  // errors.js
  var PacruError = class extends Error {
    constructor(message, details) {
      super(message);
      this.name = "PacruError";
      if (details) {
        Object.assign(this, details);
      }
    }
  };
  var IllegalMove = class extends PacruError {
    constructor(message, details) {
      super(message, details);
      this.name = "IllegalMove";
    }
  };
  var InvalidMove = class extends PacruError {
    constructor(message, details) {
      super(message, details);
      this.name = "InvalidMove";
    }
  };
  var InvalidPosition = class extends PacruError {
    constructor(message, details) {
      super(message, details);
      this.name = "InvalidPosition";
    }
  };
  var MalformedGame = class extends PacruError {
    constructor(message, details) {
      super(message, details);
      this.name = "MalformedGame";
    }
  };

  // wasm/pacru.js
  var Position = class _Position {
    static __wrap(ptr) {
      const obj = Object.create(_Position.prototype);
      obj.__wbg_ptr = ptr;
      PositionFinalization.register(obj, obj.__wbg_ptr, obj);
      return obj;
    }
    __destroy_into_raw() {
      const ptr = this.__wbg_ptr;
      this.__wbg_ptr = 0;
      PositionFinalization.unregister(this);
      return ptr;
    }
    free() {
      const ptr = this.__destroy_into_raw();
      wasm.__wbg_position_free(ptr, 0);
    }
    /**
     * The chevron on `field`, or `null` if there is none.
     * @param {string} field
     * @returns {Chevron | null}
     */
    chevronAt(field) {
      const ret = wasm.position_chevronAt(this.__wbg_ptr, field);
      if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
      }
      return takeFromExternrefTable0(ret[0]);
    }
    /**
     * Every chevron on the board, by player in order of play, then by field.
     * @returns {Chevron[]}
     */
    chevrons() {
      const ret = wasm.position_chevrons(this.__wbg_ptr);
      if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
      }
      return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The colour of `field` (such as `"e5"`), or `null` if it is neutral.
     * @param {string} field
     * @returns {Colour | null}
     */
    colourAt(field) {
      const ret = wasm.position_colourAt(this.__wbg_ptr, field);
      if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
      }
      return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The legal moves whose canonical notation begins with `text` (letter case,
     * surrounding spaces and spaces after commas do not matter), in the order of
     * `legalMoves`: what a text typed so far can still become. Empty when the game
     * is over or no legal move fits.
     * @param {string} text
     * @returns {string[]}
     */
    completions(text) {
      const ret = wasm.position_completions(this.__wbg_ptr, text);
      if (ret[3]) {
        throw takeFromExternrefTable0(ret[2]);
      }
      var v1 = getArrayJsValueFromWasm0(ret[0], ret[1]);
      wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
      return v1;
    }
    /**
     * The number of legal moves, counted without listing them.
     * @returns {number}
     */
    countMoves() {
      const ret = wasm.position_countMoves(this.__wbg_ptr);
      return ret;
    }
    /**
     * A text diagram of the board, for people (as `pacru show` draws it, without
     * colours).
     * @returns {string}
     */
    diagram() {
      let deferred1_0;
      let deferred1_1;
      try {
        const ret = wasm.position_diagram(this.__wbg_ptr);
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
      } finally {
        wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
      }
    }
    /**
     * Whether `other` is the same position: fields, chevrons, player to move,
     * players and rules edition.
     * @param {Position} other
     * @returns {boolean}
     */
    equals(other) {
      _assertClass(other, _Position);
      const ret = wasm.position_equals(this.__wbg_ptr, other.__wbg_ptr);
      return ret !== 0;
    }
    /**
     * What `move` does here: who moves, the kind of movement, the crossing
     * benefit, a capture, a meeting, the fields a reorientation returns, every
     * field whose colour changes, who leaves the game and the status after it.
     * Throws `IllegalMove` (or `InvalidMove`) as `play` would.
     * @param {string} move
     * @returns {Effects}
     */
    explain(move) {
      const ret = wasm.position_explain(this.__wbg_ptr, move);
      if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
      }
      return takeFromExternrefTable0(ret[0]);
    }
    /**
     * How many fields `colour` has (0 for a colour that does not play). A colour
     * is a word (`"Red"`, any letter case) or a letter (`"R"`).
     * @param {Colour | string} colour
     * @returns {number}
     */
    fieldCount(colour) {
      const ret = wasm.position_fieldCount(this.__wbg_ptr, colour);
      if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
      }
      return ret[0] >>> 0;
    }
    /**
     * The fields of `colour`, in the order a1, b1, ..., i9.
     * @param {Colour | string} colour
     * @returns {string[]}
     */
    fieldsOf(colour) {
      const ret = wasm.position_fieldsOf(this.__wbg_ptr, colour);
      if (ret[3]) {
        throw takeFromExternrefTable0(ret[2]);
      }
      var v1 = getArrayJsValueFromWasm0(ret[0], ret[1]);
      wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
      return v1;
    }
    /**
     * Reads a position in PPN (`MARKERS CHEVRONS TO_MOVE PLAYERS`), played under
     * `rules` (`"2004"`, the default, or `"2011"`). Text that is not a position is
     * an `InvalidPosition` with the line and column of the problem.
     *
     * ```js
     * const p = Position.fromPpn("9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR");
     * ```
     * @param {string} text
     * @param {Rules} [rules]
     * @returns {Position}
     */
    static fromPpn(text, rules) {
      const ret = wasm.position_fromPpn(text, rules);
      if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
      }
      return _Position.__wrap(ret[0]);
    }
    /**
     * Whether the game is over.
     * @returns {boolean}
     */
    isFinished() {
      const ret = wasm.position_isFinished(this.__wbg_ptr);
      return ret !== 0;
    }
    /**
     * Whether `move` is legal here (`InvalidMove` if it is not a move at all).
     * @param {string} move
     * @returns {boolean}
     */
    isLegal(move) {
      const ret = wasm.position_isLegal(this.__wbg_ptr, move);
      if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
      }
      return ret[0] !== 0;
    }
    /**
     * Every legal move of the player to move, each complete (with all its
     * choices), in canonical notation, in byte order of that text: the order of
     * `pacru moves` and of every other interface of pacru. Empty when the game is
     * over.
     * @returns {string[]}
     */
    legalMoves() {
      const ret = wasm.position_legalMoves(this.__wbg_ptr);
      var v1 = getArrayJsValueFromWasm0(ret[0], ret[1]);
      wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
      return v1;
    }
    /**
     * Perft split by first move: an object whose keys are the legal moves (in the
     * order of `legalMoves()`) and whose values are the number of move sequences
     * of `depth` moves (1 to 30) that start with each, as `pacru perft --divide`
     * prints them; empty for depth 0 or a finished game.
     *
     * ```js
     * const split = Position.standard(2).perftDivide(2); // { "a3-b2": 27, ... }
     * ```
     * @param {number} depth
     * @returns {Record<string, number>}
     */
    perftDivide(depth) {
      const ret = wasm.position_perftDivide(this.__wbg_ptr, depth);
      if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
      }
      return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The number of move sequences of `depth` moves from here (0 to 30),
     * resignations not counted: the standard check of a move generator. By
     * default the last ply is counted without playing its moves (bulk
     * counting); `{ bulk: false }` plays every move, which gives the same count
     * more slowly and exercises every move's application.
     * @param {number} depth
     * @param {PerftOptions} [options]
     * @returns {number}
     */
    perft(depth, options) {
      const ret = wasm.position_perft(this.__wbg_ptr, depth, options);
      if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
      }
      return ret[0];
    }
    /**
     * The position after `move` (move notation, such as `"a3-b4(a4)"`, in any
     * letter case, with optional spaces after commas). Throws `IllegalMove` if the rules forbid it
     * here, with the rule (`"R4"`), the reason and the fields that would do
     * (`"pass"` too, under R2, as the referee refuses it in a record);
     * `InvalidMove` if the text is not a move at all.
     * @param {string} move
     * @returns {Position}
     */
    play(move) {
      const ret = wasm.position_play(this.__wbg_ptr, move);
      if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
      }
      return _Position.__wrap(ret[0]);
    }
    /**
     * The players who started the game, in order of play.
     * @returns {Colour[]}
     */
    get players() {
      const ret = wasm.position_players(this.__wbg_ptr);
      var v1 = getArrayJsValueFromWasm0(ret[0], ret[1]);
      wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
      return v1;
    }
    /**
     * The rules edition the game is played under: `"2004"` or `"2011"`.
     * @returns {Rules}
     */
    get rules() {
      let deferred1_0;
      let deferred1_1;
      try {
        const ret = wasm.position_rules(this.__wbg_ptr);
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
      } finally {
        wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
      }
    }
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
     * @param {number} [players]
     * @param {StandardOptions} [options]
     * @returns {Position}
     */
    static standard(players, options) {
      const ret = wasm.position_standard(players, options);
      if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
      }
      return _Position.__wrap(ret[0]);
    }
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
     * @param {GameInput} game
     * @returns {Position}
     */
    static startOf(game) {
      const ret = wasm.position_startOf(game);
      if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
      }
      return _Position.__wrap(ret[0]);
    }
    /**
     * Whether the game goes on (`"ongoing"`), has been won (`"won"`), or ended
     * without a winner (`"no-winner"`, only in positions set up by hand).
     * @returns {Status}
     */
    get status() {
      let deferred1_0;
      let deferred1_1;
      try {
        const ret = wasm.position_status(this.__wbg_ptr);
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
      } finally {
        wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
      }
    }
    /**
     * The number of fields of one colour that wins: 42, 28 or 24 with 2, 3 or 4
     * players.
     * @returns {number}
     */
    get target() {
      const ret = wasm.position_target(this.__wbg_ptr);
      return ret >>> 0;
    }
    /**
     * The position in PPN, the one-line position notation.
     * @returns {string}
     */
    toPpn() {
      let deferred1_0;
      let deferred1_1;
      try {
        const ret = wasm.position_toPpn(this.__wbg_ptr);
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
      } finally {
        wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
      }
    }
    /**
     * The position in PPN (as `toPpn()`).
     * @returns {string}
     */
    toString() {
      let deferred1_0;
      let deferred1_1;
      try {
        const ret = wasm.position_toString(this.__wbg_ptr);
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
      } finally {
        wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
      }
    }
    /**
     * The player whose turn it is (in a finished game: who would be next).
     * @returns {Colour}
     */
    get toMove() {
      let deferred1_0;
      let deferred1_1;
      try {
        const ret = wasm.position_to_move(this.__wbg_ptr);
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
      } finally {
        wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
      }
    }
    /**
     * Checks `move` without playing it: returns if it is legal, throws
     * `IllegalMove` (or `InvalidMove`) as `play` would.
     * @param {string} move
     */
    validate(move) {
      const ret = wasm.position_validate(this.__wbg_ptr, move);
      if (ret[1]) {
        throw takeFromExternrefTable0(ret[0]);
      }
    }
    /**
     * The winner of a finished game, or `null`.
     * @returns {Colour | null}
     */
    get winner() {
      const ret = wasm.position_winner(this.__wbg_ptr);
      return ret;
    }
  };
  if (Symbol.dispose) Position.prototype[Symbol.dispose] = Position.prototype.free;
  function analyse(record, options) {
    const ret = wasm.analyse(record, options);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
  function bestMove(position, options) {
    _assertClass(position, Position);
    const ret = wasm.bestMove(position.__wbg_ptr, options);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
  function check(record, options) {
    const ret = wasm.check(record, options);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
  function formatGame(game) {
    let deferred2_0;
    let deferred2_1;
    try {
      const ret = wasm.formatGame(game);
      var ptr1 = ret[0];
      var len1 = ret[1];
      if (ret[3]) {
        ptr1 = 0;
        len1 = 0;
        throw takeFromExternrefTable0(ret[2]);
      }
      deferred2_0 = ptr1;
      deferred2_1 = len1;
      return getStringFromWasm0(ptr1, len1);
    } finally {
      wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
  }
  function readGames(record) {
    const ret = wasm.readGames(record);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
  function readMove(text) {
    const ret = wasm.readMove(text);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
  function selfplay(options) {
    let deferred2_0;
    let deferred2_1;
    try {
      const ret = wasm.selfplay(options);
      var ptr1 = ret[0];
      var len1 = ret[1];
      if (ret[3]) {
        ptr1 = 0;
        len1 = 0;
        throw takeFromExternrefTable0(ret[2]);
      }
      deferred2_0 = ptr1;
      deferred2_1 = len1;
      return getStringFromWasm0(ptr1, len1);
    } finally {
      wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
  }
  function version() {
    let deferred1_0;
    let deferred1_1;
    try {
      const ret = wasm.version();
      deferred1_0 = ret[0];
      deferred1_1 = ret[1];
      return getStringFromWasm0(ret[0], ret[1]);
    } finally {
      wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
    }
  }
  function __wbg_get_imports() {
    const import0 = {
      __proto__: null,
      __wbg___wbindgen_boolean_get_5b446f51afd21013: function(arg0) {
        const v = arg0;
        const ret = typeof v === "boolean" ? v : void 0;
        return isLikeNone(ret) ? 16777215 : ret ? 1 : 0;
      },
      __wbg___wbindgen_is_bigint_b123553bed3bb382: function(arg0) {
        const ret = typeof arg0 === "bigint";
        return ret;
      },
      __wbg___wbindgen_is_falsy_16bd49b68658263e: function(arg0) {
        const ret = !arg0;
        return ret;
      },
      __wbg___wbindgen_is_function_1f9d30630b8b1d3d: function(arg0) {
        const ret = typeof arg0 === "function";
        return ret;
      },
      __wbg___wbindgen_is_null_e343b7d08827ba72: function(arg0) {
        const ret = arg0 === null;
        return ret;
      },
      __wbg___wbindgen_is_object_3c45d4f2dde4e749: function(arg0) {
        const val = arg0;
        const ret = typeof val === "object" && val !== null;
        return ret;
      },
      __wbg___wbindgen_is_string_90b56bc79aad6f6c: function(arg0) {
        const ret = typeof arg0 === "string";
        return ret;
      },
      __wbg___wbindgen_is_undefined_8865fb403f8fe9d8: function(arg0) {
        const ret = arg0 === void 0;
        return ret;
      },
      __wbg___wbindgen_number_get_2e0e7dee9f701a71: function(arg0, arg1) {
        const obj = arg1;
        const ret = typeof obj === "number" ? obj : void 0;
        getDataViewMemory0().setFloat64(arg0 + 8 * 1, isLikeNone(ret) ? 0 : ret, true);
        getDataViewMemory0().setInt32(arg0 + 4 * 0, !isLikeNone(ret), true);
      },
      __wbg___wbindgen_string_get_0380ccaa2f57f0d9: function(arg0, arg1) {
        const obj = arg1;
        const ret = typeof obj === "string" ? obj : void 0;
        var ptr1 = isLikeNone(ret) ? 0 : passStringToWasm0(ret, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        var len1 = WASM_VECTOR_LEN;
        getDataViewMemory0().setInt32(arg0 + 4 * 1, len1, true);
        getDataViewMemory0().setInt32(arg0 + 4 * 0, ptr1, true);
      },
      __wbg___wbindgen_throw_41e9ee4f547fc59a: function(arg0, arg1) {
        throw new Error(getStringFromWasm0(arg0, arg1));
      },
      __wbg___wbindgen_typeof_e777a26e115d416b: function(arg0) {
        const ret = typeof arg0;
        return ret;
      },
      __wbg_call_6137034ef55c9d0f: function() {
        return handleError(function(arg0, arg1) {
          const ret = arg0.call(arg1);
          return ret;
        }, arguments);
      },
      __wbg_error_df96c9fa625b00b8: function(arg0, arg1) {
        console.error(getStringFromWasm0(arg0, arg1));
      },
      __wbg_get_31af05bd4842a84f: function() {
        return handleError(function(arg0, arg1) {
          const ret = Reflect.get(arg0, arg1);
          return ret;
        }, arguments);
      },
      __wbg_get_unchecked_288889d017702237: function(arg0, arg1) {
        const ret = arg0[arg1 >>> 0];
        return ret;
      },
      __wbg_instanceof_ArrayBuffer_a99f175873e5d9b8: function(arg0) {
        let result;
        try {
          result = arg0 instanceof ArrayBuffer;
        } catch (_) {
          result = false;
        }
        const ret = result;
        return ret;
      },
      __wbg_instanceof_BigInt64Array_1a1234d945c1625f: function(arg0) {
        let result;
        try {
          result = arg0 instanceof BigInt64Array;
        } catch (_) {
          result = false;
        }
        const ret = result;
        return ret;
      },
      __wbg_instanceof_BigUint64Array_0362060ffc2f1e06: function(arg0) {
        let result;
        try {
          result = arg0 instanceof BigUint64Array;
        } catch (_) {
          result = false;
        }
        const ret = result;
        return ret;
      },
      __wbg_instanceof_DataView_4f9fea5468c31bdb: function(arg0) {
        let result;
        try {
          result = arg0 instanceof DataView;
        } catch (_) {
          result = false;
        }
        const ret = result;
        return ret;
      },
      __wbg_instanceof_Float32Array_595afb0f28b828c9: function(arg0) {
        let result;
        try {
          result = arg0 instanceof Float32Array;
        } catch (_) {
          result = false;
        }
        const ret = result;
        return ret;
      },
      __wbg_instanceof_Float64Array_8a59377f9eec1b8b: function(arg0) {
        let result;
        try {
          result = arg0 instanceof Float64Array;
        } catch (_) {
          result = false;
        }
        const ret = result;
        return ret;
      },
      __wbg_instanceof_Int16Array_dc79388a406d1748: function(arg0) {
        let result;
        try {
          result = arg0 instanceof Int16Array;
        } catch (_) {
          result = false;
        }
        const ret = result;
        return ret;
      },
      __wbg_instanceof_Int32Array_4b9a86620726269b: function(arg0) {
        let result;
        try {
          result = arg0 instanceof Int32Array;
        } catch (_) {
          result = false;
        }
        const ret = result;
        return ret;
      },
      __wbg_instanceof_Int8Array_dead59f83656e45a: function(arg0) {
        let result;
        try {
          result = arg0 instanceof Int8Array;
        } catch (_) {
          result = false;
        }
        const ret = result;
        return ret;
      },
      __wbg_instanceof_SharedArrayBuffer_6370d767dfea8938: function(arg0) {
        let result;
        try {
          result = arg0 instanceof SharedArrayBuffer;
        } catch (_) {
          result = false;
        }
        const ret = result;
        return ret;
      },
      __wbg_instanceof_Uint16Array_eff85aa31096af44: function(arg0) {
        let result;
        try {
          result = arg0 instanceof Uint16Array;
        } catch (_) {
          result = false;
        }
        const ret = result;
        return ret;
      },
      __wbg_instanceof_Uint32Array_53a4facaf04b8a8b: function(arg0) {
        let result;
        try {
          result = arg0 instanceof Uint32Array;
        } catch (_) {
          result = false;
        }
        const ret = result;
        return ret;
      },
      __wbg_instanceof_Uint8Array_828cef2aaacafc31: function(arg0) {
        let result;
        try {
          result = arg0 instanceof Uint8Array;
        } catch (_) {
          result = false;
        }
        const ret = result;
        return ret;
      },
      __wbg_instanceof_Uint8ClampedArray_ae70cf3ae1cd285f: function(arg0) {
        let result;
        try {
          result = arg0 instanceof Uint8ClampedArray;
        } catch (_) {
          result = false;
        }
        const ret = result;
        return ret;
      },
      __wbg_isArray_2b41c29f43a3fb12: function(arg0) {
        const ret = Array.isArray(arg0);
        return ret;
      },
      __wbg_length_7f3c00c40364105e: function(arg0) {
        const ret = arg0.length;
        return ret;
      },
      __wbg_length_d4bdea10311bd9cf: function(arg0) {
        const ret = arg0.length;
        return ret;
      },
      __wbg_new_1dbf7428bba60a42: function(arg0) {
        const ret = new Uint8Array(arg0);
        return ret;
      },
      __wbg_new_25f6d333833a0e6f: function(arg0, arg1, arg2) {
        const ret = new InvalidPosition(getStringFromWasm0(arg0, arg1), arg2);
        return ret;
      },
      __wbg_new_2bdcdfcebdfc34d2: function(arg0, arg1) {
        const ret = new TypeError(getStringFromWasm0(arg0, arg1));
        return ret;
      },
      __wbg_new_343a093a3c2ffb4e: function(arg0, arg1) {
        const ret = new Error(getStringFromWasm0(arg0, arg1));
        return ret;
      },
      __wbg_new_51b361c285ea2721: function(arg0, arg1, arg2) {
        const ret = new IllegalMove(getStringFromWasm0(arg0, arg1), arg2);
        return ret;
      },
      __wbg_new_6ab88fbe741af6b5: function(arg0, arg1) {
        const ret = new RangeError(getStringFromWasm0(arg0, arg1));
        return ret;
      },
      __wbg_new_72df3c14ddf42848: function(arg0, arg1, arg2) {
        const ret = new InvalidMove(getStringFromWasm0(arg0, arg1), arg2);
        return ret;
      },
      __wbg_new_d1e55e7007af0d52: function(arg0, arg1, arg2) {
        const ret = new MalformedGame(getStringFromWasm0(arg0, arg1), arg2);
        return ret;
      },
      __wbg_new_ee2291f50781bf1d: function() {
        const ret = new Array();
        return ret;
      },
      __wbg_now_e7c6795a7f81e10f: function(arg0) {
        const ret = arg0.now();
        return ret;
      },
      __wbg_ownKeys_7f46b96dc7311fe8: function() {
        return handleError(function(arg0) {
          const ret = Reflect.ownKeys(arg0);
          return ret;
        }, arguments);
      },
      __wbg_parse_0fc53dead14b3b42: function() {
        return handleError(function(arg0, arg1) {
          const ret = JSON.parse(getStringFromWasm0(arg0, arg1));
          return ret;
        }, arguments);
      },
      __wbg_performance_3fcf6e32a7e1ed0a: function(arg0) {
        const ret = arg0.performance;
        return ret;
      },
      __wbg_prototypesetcall_bc27214492979395: function(arg0, arg1, arg2) {
        Uint8Array.prototype.set.call(getArrayU8FromWasm0(arg0, arg1), arg2);
      },
      __wbg_push_2baf45db356cf468: function(arg0, arg1) {
        const ret = arg0.push(arg1);
        return ret;
      },
      __wbg_random_5a4cafd2f02395ff: function() {
        const ret = Math.random();
        return ret;
      },
      __wbg_set_145a351398b48c65: function() {
        return handleError(function(arg0, arg1, arg2) {
          const ret = Reflect.set(arg0, arg1, arg2);
          return ret;
        }, arguments);
      },
      __wbg_static_accessor_GLOBAL_266715b9d96ba635: function() {
        const ret = typeof global === "undefined" ? null : global;
        return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
      },
      __wbg_static_accessor_GLOBAL_THIS_10fb7dc1ae063179: function() {
        const ret = typeof globalThis === "undefined" ? null : globalThis;
        return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
      },
      __wbg_static_accessor_SELF_0b583911f537483a: function() {
        const ret = typeof self === "undefined" ? null : self;
        return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
      },
      __wbg_static_accessor_WINDOW_d7f903d1508cbdc4: function() {
        const ret = typeof window === "undefined" ? null : window;
        return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
      },
      __wbg_toString_3e46331018353800: function() {
        return handleError(function(arg0, arg1) {
          const ret = arg0.toString(arg1);
          return ret;
        }, arguments);
      },
      __wbindgen_generic_0000000000000001: function(arg0, arg1) {
        const ret = getStringFromWasm0(arg0, arg1);
        return ret;
      },
      __wbindgen_init_externref_table: function() {
        const table = wasm.__wbindgen_externrefs;
        const offset = table.grow(4);
        table.set(0, void 0);
        table.set(offset + 0, void 0);
        table.set(offset + 1, null);
        table.set(offset + 2, true);
        table.set(offset + 3, false);
      }
    };
    return {
      __proto__: null,
      "./pacru_bg.js": import0
    };
  }
  var PositionFinalization = typeof FinalizationRegistry === "undefined" ? { register: () => {
  }, unregister: () => {
  } } : new FinalizationRegistry((ptr) => wasm.__wbg_position_free(ptr, 1));
  function addToExternrefTable0(obj) {
    const idx = wasm.__externref_table_alloc();
    wasm.__wbindgen_externrefs.set(idx, obj);
    return idx;
  }
  function _assertClass(instance, klass) {
    if (!(instance instanceof klass)) {
      throw new Error(`expected instance of ${klass.name}`);
    }
  }
  function getArrayJsValueFromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    const mem = getDataViewMemory0();
    const result = [];
    for (let i = ptr; i < ptr + 4 * len; i += 4) {
      result.push(wasm.__wbindgen_externrefs.get(mem.getUint32(i, true)));
    }
    wasm.__externref_drop_slice(ptr, len);
    return result;
  }
  function getArrayU8FromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    return getUint8ArrayMemory0().subarray(ptr / 1, ptr / 1 + len);
  }
  var cachedDataViewMemory0 = null;
  function getDataViewMemory0() {
    if (cachedDataViewMemory0 === null || cachedDataViewMemory0.buffer.detached === true || cachedDataViewMemory0.buffer.detached === void 0 && cachedDataViewMemory0.buffer !== wasm.memory.buffer) {
      cachedDataViewMemory0 = new DataView(wasm.memory.buffer);
    }
    return cachedDataViewMemory0;
  }
  function getStringFromWasm0(ptr, len) {
    return decodeText(ptr >>> 0, len);
  }
  var cachedUint8ArrayMemory0 = null;
  function getUint8ArrayMemory0() {
    if (cachedUint8ArrayMemory0 === null || cachedUint8ArrayMemory0.byteLength === 0) {
      cachedUint8ArrayMemory0 = new Uint8Array(wasm.memory.buffer);
    }
    return cachedUint8ArrayMemory0;
  }
  function handleError(f, args) {
    try {
      return f.apply(this, args);
    } catch (e) {
      const idx = addToExternrefTable0(e);
      wasm.__wbindgen_exn_store(idx);
    }
  }
  function isLikeNone(x) {
    return x === void 0 || x === null;
  }
  function passStringToWasm0(arg, malloc, realloc) {
    if (realloc === void 0) {
      const buf = cachedTextEncoder.encode(arg);
      const ptr2 = malloc(buf.length, 1) >>> 0;
      getUint8ArrayMemory0().subarray(ptr2, ptr2 + buf.length).set(buf);
      WASM_VECTOR_LEN = buf.length;
      return ptr2;
    }
    let len = arg.length;
    let ptr = malloc(len, 1) >>> 0;
    const mem = getUint8ArrayMemory0();
    let offset = 0;
    for (; offset < len; offset++) {
      const code = arg.charCodeAt(offset);
      if (code > 127) break;
      mem[ptr + offset] = code;
    }
    if (offset !== len) {
      if (offset !== 0) {
        arg = arg.slice(offset);
      }
      ptr = realloc(ptr, len, len = offset + arg.length * 3, 1) >>> 0;
      const view = getUint8ArrayMemory0().subarray(ptr + offset, ptr + len);
      const ret = cachedTextEncoder.encodeInto(arg, view);
      offset += ret.written;
      ptr = realloc(ptr, len, offset, 1) >>> 0;
    }
    WASM_VECTOR_LEN = offset;
    return ptr;
  }
  function takeFromExternrefTable0(idx) {
    const value = wasm.__wbindgen_externrefs.get(idx);
    wasm.__externref_table_dealloc(idx);
    return value;
  }
  var cachedTextDecoder = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true });
  cachedTextDecoder.decode();
  var MAX_SAFARI_DECODE_BYTES = 2146435072;
  var numBytesDecoded = 0;
  function decodeText(ptr, len) {
    numBytesDecoded += len;
    if (numBytesDecoded >= MAX_SAFARI_DECODE_BYTES) {
      cachedTextDecoder = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true });
      cachedTextDecoder.decode();
      numBytesDecoded = len;
    }
    return cachedTextDecoder.decode(getUint8ArrayMemory0().subarray(ptr, ptr + len));
  }
  var cachedTextEncoder = new TextEncoder();
  if (!("encodeInto" in cachedTextEncoder)) {
    cachedTextEncoder.encodeInto = function(arg, view) {
      const buf = cachedTextEncoder.encode(arg);
      view.set(buf);
      return {
        read: arg.length,
        written: buf.length
      };
    };
  }
  var WASM_VECTOR_LEN = 0;
  var wasmModule;
  var wasmInstance;
  var wasm;
  function __wbg_finalize_init(instance, module) {
    wasmInstance = instance;
    wasm = instance.exports;
    wasmModule = module;
    cachedDataViewMemory0 = null;
    cachedUint8ArrayMemory0 = null;
    wasm.__wbindgen_start();
    return wasm;
  }
  function initSync(module) {
    if (wasm !== void 0) return wasm;
    if (module !== void 0) {
      if (Object.getPrototypeOf(module) === Object.prototype) {
        ({ module } = module);
      } else {
        console.warn("using deprecated parameters for `initSync()`; pass a single object instead");
      }
    }
    const imports = __wbg_get_imports();
    if (!(module instanceof WebAssembly.Module)) {
      module = new WebAssembly.Module(module);
    }
    const instance = new WebAssembly.Instance(module, imports);
    return __wbg_finalize_init(instance, module);
  }

  // api.js
  var Position2 = new Proxy(Position, {
    construct() {
      throw new TypeError(
        "a Position is not made with new: use Position.standard(players), Position.fromPpn(text) or Position.startOf(game)"
      );
    }
  });
  function assertPosition(value, what) {
    if (!(value instanceof Position2)) {
      const kind = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
      throw new TypeError(`${what} must be a Position, not ${kind}`);
    }
  }
  var equals = Position2.prototype.equals;
  Object.defineProperty(Position2.prototype, "equals", {
    value: function equalsPosition(other) {
      assertPosition(other, "the position compared");
      return equals.call(this, other);
    },
    writable: true,
    configurable: true
  });
  function bestMove2(position, options) {
    assertPosition(position, "the position searched");
    return bestMove(position, options);
  }
  return __toCommonJS(entry_exports);
})();
