
  // ===== The board: moves made on the page =====
  // The rules are the npm package's WebAssembly module (the elements rules-module and
  // rules-script); once it is compiled, every game takes moves: from any ply of a
  // recorded game a variation branches off, and a live game is played from its end,
  // by people at one screen or by the engine in a Web Worker. Texts from records and
  // from people are set with textContent and value only.

  var rules = null;        // pacruRules, once its module is compiled
  var engine = null;       // the engine's worker
  var messageBox = $('board-message');
  var choicesBox = $('choices');
  var moveInput = $('move-input');
  var suggestions = $('move-suggestions');
  var WORDS = { K: 'Black', R: 'Red', Y: 'Yellow', G: 'Green', B: 'Blue' };
  var TAG_OF = { Black: 'K', Red: 'R', Yellow: 'Y', Green: 'G', Blue: 'B' };
  // A page's game is kept under the page's content and place: a reload finds it,
  // another page does not.
  var STORE_KEY = 'pacru-board:' + index.page + ':' + location.pathname;

  // ----- lines of play: a start position and the moves after it -----
  // A line's ply numbers count from the game's start: position(ply) is the position
  // after `ply` plies, for line.from <= ply <= line.end().
  function Line(start, from, moves) {
    this.from = from;
    this.moves = moves.slice();
    this.positions = [start];
  }
  Line.prototype.end = function () { return this.from + this.moves.length; };
  Line.prototype.position = function (ply) {
    var i = ply - this.from;
    while (this.positions.length <= i) {
      var k = this.positions.length - 1;
      this.positions.push(this.positions[k].play(this.moves[k]));
    }
    return this.positions[i];
  };
  Line.prototype.moveInto = function (ply) { return this.moves[ply - this.from - 1]; };
  Line.prototype.push = function (move, after) {
    this.position(this.end());
    this.moves.push(move);
    this.positions.push(after);
  };
  Line.prototype.truncate = function (ply) {
    this.moves.length = ply - this.from;
    if (this.positions.length > this.moves.length + 1) this.positions.length = this.moves.length + 1;
  };

  // ----- the games the board knows: recorded ones (by number) and the live one -----
  var boards = new Map();  // game number -> { main: Line, variations: [] }
  var live = null;         // { tags: [[name, value]], main: Line, variations, controllers, result }
  // What the board shows: a game, a line of it and a ply.
  var cursor = { game: null, line: null, ply: 0 };

  function recordedBoard(g) {
    var b = boards.get(g.n);
    if (!b && rules && g.data.start) {
      var start;
      try { start = rules.Position.fromPpn(g.data.start, g.data.rules || '2004'); } catch (e) { return null; }
      b = { n: g.n, main: new Line(start, 0, g.data.plies.map(function (p) { return p[0]; })), variations: [], recorded: g };
      boards.set(g.n, b);
    }
    return b || null;
  }
  function onMainLine() { return !cursor.game || cursor.line === cursor.game.main; }
  // Whether the board draws the view itself (the live game, a variation); the
  // viewer's own drawing shows a recorded game's main line.
  function boardDriven() { return cursor.game !== null && (cursor.game === live || !onMainLine()); }

  // ----- messages -----
  function say(kind, text, rule) {
    messageBox.textContent = text;
    messageBox.setAttribute('data-kind', kind);
    if (rule) messageBox.setAttribute('data-rule', rule); else messageBox.removeAttribute('data-rule');
  }
  function errorText(e) {
    if (e && e.rule) return e.rule + ': ' + e.reason;
    if (e && e.name === 'InvalidMove') return 'not a move: ' + e.message;
    return String(e && e.message ? e.message : e);
  }
  function sayError(e) { say(e && e.rule ? 'illegal' : 'error', errorText(e), e && e.rule); }

  // ----- drawing a position the rules computed -----
  function positionState(position) { return parsePPN(position.toPpn()); }
  function namesOf(game) {
    var names = {};
    if (game === live) {
      live.tags.forEach(function (t) { if (TAG_OF[t[0]]) names[TAG_OF[t[0]]] = t[1]; });
    } else {
      game.recorded.summary.players.forEach(function (p) { names[p[0]] = p[1]; });
    }
    return names;
  }
  function drawPlayersOf(position, names) {
    var state = positionState(position);
    var over = position.isFinished();
    fillPlayers(state, names, position.target, over);
    var status = $('game-status');
    var winner = position.winner;
    if (over) status.textContent = winner ? winner + ' wins' : 'the game is over without a winner';
    else status.textContent = position.toMove + ' to move' + (isEngineSeat(position) ? ' (engine)' : '');
    status.setAttribute('data-to-move', over ? '' : state.toMove);
  }
  function drawExplained(before, move) {
    clear(effectsLayer);
    var text = $('effects-text');
    clear(text);
    if (!before || !move) return;
    var m = /^([a-i][1-9])(?:[-x]([a-i][1-9]))?/.exec(move);
    if (m) {
      markField('origin', m[1]);
      if (m[2]) markField('destination', m[2]);
    }
    var e;
    try { e = before.explain(move); } catch (err) { return; }
    if (e.crossing) markField('crossing', e.crossing.field, e.crossing.transformation ? 'T' : 'B');
    e.connectionFields.forEach(function (f) { markField('connection', f); });
    if (e.captured) markField('captured', e.captured.field);
    if (e.meeting) markField('meeting', e.meeting);
    e.returned.forEach(function (f) { markField('returned', f); });
    text.appendChild(el('li', '', e.mover + ': ' + move));
    e.out.forEach(function (o) { text.appendChild(el('li', '', o.colour + ' leaves the game (' + o.reason.replace(/_/g, ' ') + ')')); });
    if (e.winner) text.appendChild(el('li', '', e.winner + ' wins'));
  }

  // Draws the board's own views: the live game and variations.
  function drawBoardView() {
    var line = cursor.line, ply = cursor.ply, position = line.position(ply);
    drawBoard(positionState(position));
    var intoLine = ply > line.from || line.from === 0;
    var before = ply === 0 ? null : intoLine ? line.position(ply - 1) : cursor.game.main.position(ply - 1);
    var move = ply === 0 ? null : intoLine ? line.moveInto(ply) : cursor.game.main.moveInto(ply);
    drawExplained(before, move);
    drawPlayersOf(position, namesOf(cursor.game));
    var ppn = position.toPpn();
    $('ppn').textContent = ppn;
    $('ppn').setAttribute('data-ppn', ppn);
    var label = $('ply-label');
    var end = line.end();
    label.textContent = (line === cursor.game.main ? '' : 'variation: ') + (ply === 0 ? 'start' : 'ply ' + ply) + ' of ' + end;
    label.setAttribute('data-ply', ply);
    label.setAttribute('data-game', cursor.game === live ? 'live' : cursor.game.n);
    label.setAttribute('data-line', line === cursor.game.main ? 'main' : String(cursor.game.variations.indexOf(line) + 1));
  }

  // ----- after any change of view -----
  function refresh() {
    clearSelection();
    if (boardDriven()) drawBoardView();
    else if (cursor.game) { drawEffects(cursor.game.recorded, cursor.ply); drawGraphCursor(cursor.game.recorded, cursor.ply); }
    markCurrentMove();
    renderVariations();
    renderLiveBox();
    updateSuggestions();
    var enabled = !!rules && cursor.game !== null;
    ['move-input', 'btn-play', 'btn-hint', 'btn-evaluate'].forEach(function (id) { $(id).disabled = !enabled; });
    $('btn-live').hidden = !live || cursor.game === live;
  }
  function markCurrentMove() {
    var moves = $('moves');
    var was = moves.querySelector('[aria-current="true"]');
    if (was) was.removeAttribute('aria-current');
    if (!cursor.game || !onMainLine()) return;
    var now = moves.querySelector('button.mv[data-ply="' + cursor.ply + '"]');
    if (now) now.setAttribute('aria-current', 'true');
  }

  // The viewer showed ply `ply` of recorded game g's main line.
  function boardShownRecorded(g, ply) {
    if (!rules) return;
    var b = recordedBoard(g);
    cursor.game = b;
    cursor.line = b ? b.main : null;
    cursor.ply = ply;
    if (!b) say('info', 'no position to play from: the setup tags cannot be read', null);
    else if (messageBox.getAttribute('data-kind') !== 'illegal') say('', '', null);
    refresh();
  }
  function showLine(game, line, ply) {
    if (game !== live && line === game.main) {
      show(game.n, ply);
      return;
    }
    if (game === live && cursor.game !== live) buildLiveMoves();
    if (game !== live && cursor.game !== game) show(game.n, line.from);
    cursor.game = game;
    cursor.line = line;
    cursor.ply = Math.min(Math.max(line.from, ply), line.end());
    refresh();
    if (game === live && line === live.main) saveLive();
  }
  // Steps the board's views; false when the viewer should step (a recorded main line).
  function boardStep(by) {
    if (!boardDriven()) return false;
    showLine(cursor.game, cursor.line, cursor.ply + by);
    maybeEngineMove();
    return true;
  }
  function boardMainLinePly(ply) {
    if (!live || cursor.game !== live) return false;
    showLine(live, live.main, ply);
    return true;
  }

  // ----- playing a move from the view shown -----
  function play(move) {
    if (!cursor.game) return false;
    var game = cursor.game, line = cursor.line, ply = cursor.ply;
    var position = line.position(ply), after;
    try { after = position.play(move); } catch (e) { sayError(e); return false; }
    var text = canonicalOf(position, move);
    say('', '', null);
    if (ply === line.end() && (line !== game.main || game === live)) {
      line.push(text, after);
      if (game === live && line === live.main) live.ending = '';
      showLine(game, line, ply + 1);
    } else if (line.moveInto(ply + 1) === text) {
      showLine(game, line, ply + 1);
    } else {
      var from = line === game.main ? ply : line.from;
      var found = null;
      game.variations.forEach(function (v) {
        if (!found && v.from === from && v.moves.length >= ply - from + 1 &&
            v.moves.slice(0, ply - from + 1).join(' ') === line.moves.slice(0, ply - line.from).concat([text]).join(' ')) found = v;
      });
      if (!found) {
        found = new Line(game.main.position(from), from, line === game.main ? [] : line.moves.slice(0, ply - from));
        found.push(text, after);
        game.variations.push(found);
      }
      showLine(game, found, ply + 1);
    }
    if (game === live) saveLive();
    maybeEngineMove();
    return true;
  }
  // The canonical spelling of `move` in `position`: the legal move equal to it.
  function canonicalOf(position, move) {
    var wanted = String(move).trim().toLowerCase().replace(/,\s+/g, ',');
    var list = position.legalMoves();
    for (var i = 0; i < list.length; i++) if (list[i] === wanted) return list[i];
    // Reorientation fields in another order: compare as sets.
    var m = /^([a-i][1-9])(>>|<<|>|<)\((.*)\)$/.exec(wanted);
    if (m) {
      var set = m[3].split(',').sort().join(',');
      for (var j = 0; j < list.length; j++) {
        var n = /^([a-i][1-9])(>>|<<|>|<)\((.*)\)$/.exec(list[j]);
        if (n && n[1] === m[1] && n[2] === m[2] && n[3].split(',').sort().join(',') === set) return list[j];
      }
    }
    return wanted;
  }

  // ----- moving by pointer and keyboard on the board -----
  // A selection: the chevron picked, the legal moves still possible, and the
  // fields chosen for a reorientation.
  var selection = null;
  var focusField = fieldIndex('e1');

  function parseMove(text) {
    var m = /^([a-i][1-9])([-x])([a-i][1-9])(?:\((.*)\))?$/.exec(text);
    if (m) return { text: text, from: m[1], kind: m[2] === 'x' ? 'pincer' : 'movement', to: m[3], items: m[4] ? m[4].split(',') : [] };
    m = /^([a-i][1-9])(>>|<<|>|<)\((.*)\)$/.exec(text);
    if (m) return { text: text, from: m[1], kind: 'reorientation', rotation: m[2], fields: m[3].split(',') };
    return { text: text, kind: text };
  }
  function currentPosition() { return cursor.game ? cursor.line.position(cursor.ply) : null; }
  function clearSelection() {
    selection = null;
    Array.prototype.forEach.call($('board').querySelectorAll('g.field[data-candidate]'), function (g) { g.removeAttribute('data-candidate'); });
    clear(choicesBox);
  }
  function candidateMark(field, kind) { cells[fieldIndex(field)].g.setAttribute('data-candidate', kind); }

  function onField(field) {
    var position = currentPosition();
    if (!position) return;
    if (position.isFinished()) { say('info', 'the game is over', null); return; }
    if (isEngineSeat(position)) { say('info', position.toMove + ' is played by the engine', null); return; }
    if (selection) {
      if (field === selection.from) { clearSelection(); say('', '', null); return; }
      if (selection.stage === 'fields') { pickReturnedField(field); return; }
      if (selection.stage === 'items') { pickItem(field); return; }
      var to = selection.moves.filter(function (m) { return m.to === field; });
      if (to.length) { narrow(to, 0); return; }
    }
    var chevron = position.chevronAt(field);
    if (chevron && chevron.colour === position.toMove) {
      select(position, field);
      return;
    }
    if (selection) {
      // A destination the rules refuse: say which rule and why.
      attempt(position, selection.from + '-' + field);
      return;
    }
    if (!chevron) { say('info', 'no chevron on ' + field, null); return; }
    // Another player's chevron: try to move it, and say why it cannot.
    var step = neighbour(field, chevron.facing) || neighbour(field, 'N') || neighbour(field, 'S');
    attempt(position, field + '-' + step);
  }
  function neighbour(field, facing) {
    var d = { N: [0, 1], NE: [1, 1], E: [1, 0], SE: [1, -1], S: [0, -1], SW: [-1, -1], W: [-1, 0], NW: [-1, 1] }[facing];
    var i = fieldIndex(field), file = i % 9 + d[0], rank = Math.floor(i / 9) + d[1];
    return file >= 0 && file < 9 && rank >= 0 && rank < 9 ? fieldName(rank * 9 + file) : null;
  }
  function attempt(position, move) {
    try {
      position.validate(move);
      say('info', move + ' needs more: choose from the fields shown', null);
    } catch (e) { sayError(e); }
  }
  function select(position, field) {
    clearSelection();
    var moves = position.legalMoves().map(parseMove).filter(function (m) { return m.from === field; });
    if (!moves.length) {
      attempt(position, field + '-' + (neighbour(field, position.chevronAt(field).facing) || field));
      return;
    }
    selection = { from: field, moves: moves.filter(function (m) { return m.kind !== 'reorientation'; }), turns: moves.filter(function (m) { return m.kind === 'reorientation'; }), stage: 'to' };
    candidateMark(field, 'selected');
    selection.moves.forEach(function (m) { candidateMark(m.to, 'destination'); });
    var rotations = [];
    selection.turns.forEach(function (m) { if (rotations.indexOf(m.rotation) < 0) rotations.push(m.rotation); });
    var TURN = { '>': 'turn 45° clockwise', '<': 'turn 45° anticlockwise', '>>': 'turn 90° clockwise', '<<': 'turn 90° anticlockwise' };
    rotations.forEach(function (r) {
      choice(TURN[r] + ' (' + r + ')', 'rotation', function () { startReorientation(r); });
    });
    say('info', field + ': ' + (selection.moves.length ? 'choose where it goes' : '') +
      (selection.moves.length && rotations.length ? ', or ' : '') + (rotations.length ? 'turn it' : ''), null);
  }
  function choice(label, kind, action) {
    var b = el('button', 'choice', label);
    b.type = 'button';
    b.setAttribute('data-choice', kind);
    b.addEventListener('click', action);
    choicesBox.appendChild(b);
    return b;
  }
  // Narrows the movements to one destination, then asks for the first item in
  // which they still differ. Moves to one field are all pincers or all plain
  // movements (a pincer's destination holds a chevron, a plain movement's does
  // not), and two legal moves differ in some item, so the loop ends.
  function narrow(moves, item) {
    var values;
    for (;; item++) {
      if (moves.length === 1) { finish(moves[0].text); return; }
      values = [];
      moves.forEach(function (m) { if (values.indexOf(m.items[item]) < 0) values.push(m.items[item]); });
      if (values.length > 1) break;
    }
    selection.stage = 'items';
    selection.item = item;
    selection.pending = moves;
    Array.prototype.forEach.call($('board').querySelectorAll('g.field[data-candidate]'), function (g) {
      if (g.getAttribute('data-candidate') !== 'selected') g.removeAttribute('data-candidate');
    });
    clear(choicesBox);
    var position = currentPosition();
    var what = 'a field';
    values.forEach(function (v) {
      if (v && /^[a-i][1-9]$/.test(v)) candidateMark(v, 'item');
    });
    var sample = moves.filter(function (m) { return /^[a-i][1-9]$/.test(m.items[item] || ''); })[0];
    if (sample) {
      try {
        var e = position.explain(sample.text);
        if (e.crossing && e.crossing.field === sample.items[item]) what = 'the field the crossing colours';
        else if (e.meeting === sample.items[item]) what = 'the field the meeting colours';
      } catch (err) { /* the sample is legal */ }
    }
    values.forEach(function (v) {
      var label = v === '*' ? 'connection change (*)' : v === undefined ? 'nothing more' : v;
      choice(label, 'item', function () { pickItem(v); });
    });
    say('info', 'choose ' + (values.indexOf('*') >= 0 ? 'the connection change or ' : '') + what + ': ' +
      values.filter(function (v) { return v !== undefined; }).join(' '), null);
  }
  function pickItem(value) {
    var item = selection.item;
    var left = selection.pending.filter(function (m) { return m.items[item] === value; });
    if (!left.length) {
      if (/^[a-i][1-9]$/.test(value)) {
        var own = currentPosition().chevronAt(value);
        if (own && own.colour === currentPosition().toMove) { select(currentPosition(), value); return; }
        // Not one of the fields offered: what would the rules say?
        var sample = selection.pending[0];
        var items = sample.items.slice(0, item).concat([value]);
        attempt(currentPosition(), sample.from + (sample.kind === 'pincer' ? 'x' : '-') + sample.to + '(' + items.join(',') + ')');
      }
      return;
    }
    narrow(left, item + 1);
  }
  function startReorientation(rotation) {
    var turns = selection.turns.filter(function (m) { return m.rotation === rotation; });
    selection.stage = 'fields';
    selection.pending = turns;
    selection.rotation = rotation;
    selection.chosen = [];
    if (turns.length === 1) { finish(turns[0].text); return; }
    showReturnable();
  }
  function showReturnable() {
    Array.prototype.forEach.call($('board').querySelectorAll('g.field[data-candidate]'), function (g) {
      if (g.getAttribute('data-candidate') !== 'selected') g.removeAttribute('data-candidate');
    });
    clear(choicesBox);
    var chosen = selection.chosen, open = [];
    var fitting = selection.pending.filter(function (m) { return chosen.every(function (f) { return m.fields.indexOf(f) >= 0; }); });
    fitting.forEach(function (m) { m.fields.forEach(function (f) { if (chosen.indexOf(f) < 0 && open.indexOf(f) < 0) open.push(f); }); });
    open.sort(function (a, b) { return fieldIndex(a) - fieldIndex(b); });
    open.forEach(function (f) { candidateMark(f, 'returnable'); });
    chosen.forEach(function (f) { candidateMark(f, 'returned'); });
    open.forEach(function (f) { choice(f, 'returnable', function () { pickReturnedField(f); }); });
    var need = selection.pending[0].fields.length;
    say('info', 'choose the ' + need + ' fields the turn gives back (' + chosen.length + ' chosen): ' + open.join(' '), null);
  }
  function pickReturnedField(field) {
    var chosen = selection.chosen, at = chosen.indexOf(field);
    if (at >= 0) chosen.splice(at, 1);
    else if (selection.pending.some(function (m) { return m.fields.indexOf(field) >= 0 && chosen.every(function (f) { return m.fields.indexOf(f) >= 0; }); })) chosen.push(field);
    else {
      attempt(currentPosition(), selection.from + selection.rotation + '(' + chosen.concat([field]).join(',') + ')');
      return;
    }
    var done = selection.pending.filter(function (m) { return m.fields.length === chosen.length && chosen.every(function (f) { return m.fields.indexOf(f) >= 0; }); });
    if (done.length === 1) { finish(done[0].text); return; }
    showReturnable();
  }
  function finish(move) {
    clearSelection();
    play(move);
  }

  $('board').addEventListener('click', function (ev) {
    var g = ev.target.closest && ev.target.closest('g.field');
    if (!g || !rules) return;
    focusField = fieldIndex(g.getAttribute('data-field'));
    var old = $('board').querySelector('g.field[data-focus]');
    if (old) old.removeAttribute('data-focus');
    onField(g.getAttribute('data-field'));
  });
  // The board takes the keyboard: arrows move a focus frame, Enter or Space clicks.
  $('board').setAttribute('tabindex', '0');
  $('board').setAttribute('aria-label', 'the board: arrows to move between fields, Enter to pick');
  $('board').addEventListener('keydown', function (ev) {
    var d = { ArrowUp: 9, ArrowDown: -9, ArrowLeft: -1, ArrowRight: 1 }[ev.key];
    if (d !== undefined) {
      var next = focusField + d;
      if ((d === 1 && focusField % 9 === 8) || (d === -1 && focusField % 9 === 0) || next < 0 || next > 80) next = focusField;
      focusField = next;
      drawFocus();
      ev.preventDefault();
    } else if (ev.key === 'Enter' || ev.key === ' ') {
      onField(fieldName(focusField));
      drawFocus();
      ev.preventDefault();
    } else if (ev.key === 'Escape') {
      clearSelection();
      say('', '', null);
    }
  });
  $('board').addEventListener('keyup', function (ev) { if (ev.key === 'Tab') drawFocus(); });
  $('board').addEventListener('blur', function () {
    var old = $('board').querySelector('g.field[data-focus]');
    if (old) old.removeAttribute('data-focus');
  });
  function drawFocus() {
    var old = $('board').querySelector('g.field[data-focus]');
    if (old) old.removeAttribute('data-focus');
    cells[focusField].g.setAttribute('data-focus', 'true');
    say(messageBox.getAttribute('data-kind') || 'info', messageBox.getAttribute('data-kind') ? messageBox.textContent : fieldName(focusField), messageBox.getAttribute('data-rule'));
  }

  // ----- the text box: moves in notation, completed from the legal moves -----
  var suggestionAt = -1;
  function legalFitting(text) {
    var position = currentPosition();
    if (!position || position.isFinished()) return [];
    var wanted = text.trim().toLowerCase().replace(/,\s+/g, ',');
    return position.legalMoves().filter(function (m) { return m.lastIndexOf(wanted, 0) === 0; });
  }
  function updateSuggestions() {
    clear(suggestions);
    suggestionAt = -1;
    var text = moveInput.value;
    if (!text.trim() || !rules) return;
    var list = legalFitting(text);
    list.slice(0, 12).forEach(function (m, i) {
      var li = el('li', '', m);
      li.setAttribute('role', 'option');
      li.id = 'suggestion-' + i;
      li.addEventListener('mousedown', function (ev) { ev.preventDefault(); moveInput.value = m; submitMove(); });
      suggestions.appendChild(li);
    });
    if (list.length > 12) suggestions.appendChild(el('li', 'more', (list.length - 12) + ' more'));
  }
  function highlightSuggestion(k) {
    var items = suggestions.querySelectorAll('li[role="option"]');
    if (!items.length) return;
    suggestionAt = (k + items.length) % items.length;
    Array.prototype.forEach.call(items, function (li, i) { li.setAttribute('aria-selected', i === suggestionAt ? 'true' : 'false'); });
    moveInput.setAttribute('aria-activedescendant', items[suggestionAt].id);
  }
  function submitMove() {
    var text = moveInput.value.trim();
    var items = suggestions.querySelectorAll('li[role="option"]');
    if (suggestionAt >= 0 && items[suggestionAt]) text = items[suggestionAt].textContent;
    if (!text) return;
    var position = currentPosition();
    if (!position) return;
    if (isEngineSeat(position) && cursor.game === live && cursor.line === live.main && cursor.ply === live.main.end()) {
      say('info', position.toMove + ' is played by the engine', null);
      return;
    }
    var refusal = null;
    try { position.validate(text); } catch (e) { refusal = e; }
    if (refusal) {
      // An unfinished text that starts exactly one legal move plays that move.
      var fitting = legalFitting(text);
      if (fitting.length === 1 && refusal.name !== 'IllegalMove') text = fitting[0];
      else { sayError(refusal); return; }
    }
    if (play(text)) {
      moveInput.value = '';
      updateSuggestions();
    }
  }
  moveInput.addEventListener('input', updateSuggestions);
  moveInput.addEventListener('keydown', function (ev) {
    if (ev.key === 'ArrowDown') { highlightSuggestion(suggestionAt + 1); ev.preventDefault(); }
    else if (ev.key === 'ArrowUp') { highlightSuggestion(suggestionAt - 1); ev.preventDefault(); }
    else if (ev.key === 'Tab' && !ev.shiftKey) {
      var items = suggestions.querySelectorAll('li[role="option"]');
      var pick = items[Math.max(0, suggestionAt)];
      if (pick && moveInput.value.trim() && pick.textContent !== moveInput.value) {
        moveInput.value = pick.textContent;
        updateSuggestions();
        ev.preventDefault();
      }
    } else if (ev.key === 'Escape') { moveInput.value = ''; updateSuggestions(); }
  });
  $('move-form').addEventListener('submit', function (ev) { ev.preventDefault(); submitMove(); });

  // ----- variations -----
  function renderVariations() {
    var box = $('variations-box'), list = $('variations');
    clear(list);
    var game = cursor.game;
    var has = game && game.variations.length;
    box.hidden = !has;
    $('btn-main-line').hidden = !game || onMainLine();
    if (!has) return;
    game.variations.forEach(function (v, k) {
      var li = el('li');
      li.setAttribute('data-variation', k + 1);
      if (v === cursor.line) li.setAttribute('aria-current', 'true');
      li.appendChild(el('span', 'var-from', 'after ply ' + v.from + ':'));
      v.moves.forEach(function (m, i) {
        var b = el('button', 'mv', m);
        b.type = 'button';
        b.setAttribute('data-variation', k + 1);
        b.setAttribute('data-ply', v.from + i + 1);
        if (v === cursor.line && cursor.ply === v.from + i + 1) b.setAttribute('aria-current', 'true');
        li.appendChild(b);
      });
      var del = el('button', 'var-delete', '×');
      del.type = 'button';
      del.title = 'delete this variation';
      del.setAttribute('aria-label', 'delete variation ' + (k + 1));
      del.setAttribute('data-delete', k + 1);
      li.appendChild(del);
      list.appendChild(li);
    });
  }
  $('variations').addEventListener('click', function (ev) {
    var b = ev.target.closest('button');
    if (!b || !cursor.game) return;
    var game = cursor.game;
    if (b.hasAttribute('data-delete')) {
      var v = game.variations[+b.getAttribute('data-delete') - 1];
      game.variations.splice(game.variations.indexOf(v), 1);
      if (cursor.line === v) showLine(game, game.main, v.from);
      else refresh();
      if (game === live) saveLive();
      return;
    }
    showLine(game, game.variations[+b.getAttribute('data-variation') - 1], +b.getAttribute('data-ply'));
  });
  $('btn-main-line').addEventListener('click', function () {
    if (cursor.game && !onMainLine()) showLine(cursor.game, cursor.game.main, cursor.line.from);
  });

  // ----- the live game -----
  function startFromTags(tags) {
    var object = {};
    tags.forEach(function (t) { object[t[0]] = t[1]; });
    return rules.Position.startOf({ tags: object });
  }
  function makeLive(saved) {
    var start = startFromTags(saved.tags);
    var main = new Line(start, 0, []);
    var game = { main: main, variations: [], tags: saved.tags.slice(), controllers: {}, ending: typeof saved.ending === 'string' ? saved.ending : '' };
    for (var i = 0; i < (saved.moves || []).length; i++) {
      try { main.push(saved.moves[i], main.position(i).play(saved.moves[i])); } catch (e) { break; }
    }
    start.players.forEach(function (word) {
      game.controllers[word] = saved.controllers && saved.controllers[word] === 'engine' ? 'engine' : 'human';
    });
    (saved.variations || []).forEach(function (v) {
      if (v.from > main.end()) return;
      var line = new Line(main.position(v.from), v.from, []);
      for (var k = 0; k < v.moves.length; k++) {
        try { line.push(v.moves[k], line.position(v.from + k).play(v.moves[k])); } catch (e) { break; }
      }
      if (line.moves.length) game.variations.push(line);
    });
    return game;
  }
  function saveLive() {
    if (!live) return;
    var saved = {
      tags: live.tags, moves: live.main.moves, controllers: live.controllers, ending: live.ending,
      variations: live.variations.map(function (v) { return { from: v.from, moves: v.moves }; }),
      strength: $('engine-strength').value
    };
    try { localStorage.setItem(STORE_KEY, JSON.stringify(saved)); } catch (e) { /* storage full or off: the game stays on the page */ }
  }
  // The stored game, if it has the shape saveLive gives it (storage is outside
  // the page's control: anything else is ignored).
  function loadSaved() {
    var saved = null;
    try { saved = JSON.parse(localStorage.getItem(STORE_KEY) || 'null'); } catch (e) { return null; }
    var strings = function (list) { return Array.isArray(list) && list.every(function (x) { return typeof x === 'string'; }); };
    if (!saved || typeof saved !== 'object' || !strings(saved.moves) || !Array.isArray(saved.tags) ||
        !saved.tags.every(function (t) { return strings(t) && t.length === 2; })) return null;
    saved.variations = Array.isArray(saved.variations) ? saved.variations.filter(function (v) {
      return v && Number.isInteger(v.from) && v.from >= 0 && strings(v.moves);
    }) : [];
    if (!saved.controllers || typeof saved.controllers !== 'object') saved.controllers = {};
    if (typeof saved.ending !== 'string') saved.ending = '';
    if (typeof saved.strength !== 'string') saved.strength = '';
    return saved;
  }
  function tagValue(name) {
    for (var i = 0; i < live.tags.length; i++) if (live.tags[i][0] === name) return live.tags[i][1];
    return null;
  }
  function setTag(name, value) {
    for (var i = 0; i < live.tags.length; i++) {
      if (live.tags[i][0] === name) {
        if (value === '') live.tags.splice(i, 1); else live.tags[i][1] = value;
        return;
      }
    }
    if (value !== '') live.tags.push([name, value]);
  }
  function isEngineSeat(position) {
    return cursor.game === live && live && !position.isFinished() && live.controllers[position.toMove] === 'engine';
  }
  function buildLiveMoves() {
    shownGame = null;
    $('eval-graph').hidden = true;
    var moves = $('moves');
    clear(moves);
    // A round begins when the mover comes no later in the order of play than the
    // mover before (players who left are skipped), as in the record.
    var order = live.main.position(0).players, round = 0, last = Infinity;
    live.main.moves.forEach(function (m, i) {
      var li = el('li');
      var mover = order.indexOf(live.main.position(i).toMove);
      if (mover <= last) { round++; li.appendChild(el('span', 'round', round + '.')); }
      last = mover;
      var b = el('button', 'mv', m);
      b.type = 'button';
      b.setAttribute('data-ply', i + 1);
      li.appendChild(b);
      moves.appendChild(li);
    });
    $('game-title').textContent = 'Live game' + (tagValue('Event') ? ' — ' + tagValue('Event') : '');
    var verdict = $('verdict');
    verdict.setAttribute('data-status', 'live');
    verdict.textContent = '';
    clear($('tags').tBodies[0]);
    live.tags.forEach(function (t) {
      var tr = el('tr');
      tr.appendChild(el('td', '', t[0]));
      tr.appendChild(el('td', '', t[1]));
      $('tags').tBodies[0].appendChild(tr);
    });
  }
  // The result and termination: the rules' when they ended the game, else the
  // arbiter's (a draw by agreement or adjudication, a win on time or by
  // adjudication), else unfinished.
  function liveEnding() {
    var position = live.main.position(live.main.end());
    var moves = live.main.moves;
    if (position.isFinished()) {
      return { result: position.winner || 'draw', termination: moves[moves.length - 1] === 'resign' ? 'resignation' : 'rules' };
    }
    var ending = (live.ending || '').split(':');
    if (!ending[0]) return { result: '*', termination: null };
    return { result: ending[1] || 'draw', termination: ending[0] };
  }
  function livePgr() {
    var tags = {};
    live.tags.forEach(function (t) { tags[t[0]] = t[1]; });
    var ending = liveEnding();
    var result = ending.result;
    tags.Result = result;
    if (ending.termination && !tags.Termination) tags.Termination = ending.termination;
    return rules.formatGame({ tags: tags, moves: live.main.moves, result: result });
  }
  function renderLiveBox() {
    var box = $('live-box');
    box.hidden = !live || cursor.game !== live;
    if (box.hidden) return;
    buildLiveMoves();
    markCurrentMove();
    var seats = $('seats').tBodies[0];
    clear(seats);
    live.main.position(0).players.forEach(function (word) {
      var letter = word === 'Blue' ? 'B' : word === 'Black' ? 'K' : word.charAt(0);
      var tr = el('tr');
      var who = el('td');
      var sw = el('span', 'sw');
      sw.style.background = palette[letter].fill;
      who.appendChild(sw);
      who.appendChild(document.createTextNode(word));
      tr.appendChild(who);
      var nameCell = el('td');
      var input = el('input');
      input.id = 'tag-' + word;
      input.setAttribute('data-tag', word);
      input.maxLength = 200;
      input.value = tagValue(word) || '';
      input.setAttribute('aria-label', word + "'s name");
      nameCell.appendChild(input);
      tr.appendChild(nameCell);
      var byCell = el('td');
      var select = el('select');
      select.id = 'controller-' + word;
      select.setAttribute('aria-label', word + ' played by');
      ['human', 'engine'].forEach(function (v) {
        var o = el('option', '', v === 'human' ? 'a person' : 'the engine');
        o.value = v;
        select.appendChild(o);
      });
      select.value = live.controllers[word];
      select.addEventListener('change', function () {
        live.controllers[word] = select.value;
        saveLive();
        drawBoardView();
        maybeEngineMove();
      });
      byCell.appendChild(select);
      tr.appendChild(byCell);
      seats.appendChild(tr);
    });
    ['Event', 'Site', 'Date', 'Round'].forEach(function (name) {
      var input = $('tag-' + name);
      if (document.activeElement !== input) input.value = tagValue(name) || '';
    });
    var select = $('live-ending');
    var finished = live.main.position(live.main.end()).isFinished();
    Array.prototype.slice.call(select.options, 3).forEach(function (o) { o.remove(); });
    live.main.position(0).players.forEach(function (word) {
      [['time', ' wins on time'], ['adjudication', ' wins by adjudication']].forEach(function (kind) {
        var o = el('option', '', word + kind[1]);
        o.value = kind[0] + ':' + word;
        select.appendChild(o);
      });
    });
    select.value = finished ? '' : live.ending;
    select.disabled = finished;
    $('btn-takeback').disabled = live.main.end() === 0;
    $('btn-resign').disabled = finished;
    $('pgr-text').value = livePgr();
  }
  $('live-box').addEventListener('input', function (ev) {
    var name = ev.target.getAttribute && ev.target.getAttribute('data-tag');
    if (!name || !live) return;
    setTag(name, ev.target.value.replace(/[\u0000-\u001f\u007f]/g, ''));
    saveLive();
    $('pgr-text').value = livePgr();
    if (name === 'Event') $('game-title').textContent = 'Live game' + (tagValue('Event') ? ' — ' + tagValue('Event') : '');
  });
  $('live-ending').addEventListener('change', function () {
    if (!live) return;
    live.ending = $('live-ending').value;
    saveLive();
    $('pgr-text').value = livePgr();
  });
  $('btn-takeback').addEventListener('click', function () {
    if (!live || !live.main.end()) return;
    var end = live.main.end() - 1;
    live.main.truncate(end);
    live.variations = live.variations.filter(function (v) { return v.from <= end; });
    cancelSearch();
    say('info', 'took back the last move', null);
    showLine(live, live.main, end);
    saveLive();
  });
  $('btn-resign').addEventListener('click', function () {
    if (!live || cursor.game !== live) return;
    if (cursor.line !== live.main || cursor.ply !== live.main.end()) showLine(live, live.main, live.main.end());
    play('resign');
  });
  $('btn-download').addEventListener('click', function () {
    var text = livePgr();
    var a = el('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'application/x-pacru-pgr' }));
    var date = (tagValue('Date') || '').replace(/[^0-9.]/g, '');
    a.download = 'pacru-game' + (date ? '-' + date : '') + '.pgr';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
  });
  $('btn-copy').addEventListener('click', function () {
    var text = livePgr();
    var done = function () { say('info', 'the record is on the clipboard', null); };
    var fallback = function () {
      var area = $('pgr-text');
      $('pgr-box').open = true;
      area.value = text;
      area.select();
      try { if (document.execCommand('copy')) { done(); return; } } catch (e) { /* refused */ }
      say('info', 'select the record below and copy it', null);
    };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, fallback);
    else fallback();
  });
  $('btn-live').addEventListener('click', function () { if (live) showLine(live, live.main, live.main.end()); });

  // ----- new game -----
  var dialog = $('new-game-dialog');
  $('btn-new-game').addEventListener('click', function () {
    var warning = $('new-game-warning');
    var moves = live ? live.main.end() : 0;
    warning.hidden = !moves;
    warning.textContent = moves ? 'The live game (' + moves + (moves === 1 ? ' move' : ' moves') + ') will be discarded.' : '';
    $('new-start').textContent = moves ? 'Discard it and start' : 'Start';
    dialog.showModal();
  });
  dialog.addEventListener('close', function () {
    if (dialog.returnValue !== 'start') return;
    var players = +$('new-players').value;
    var letters = ['KR', 'KRY', 'KRYG'][players - 2];
    cancelSearch();
    live = makeLive({ tags: [['Players', letters], ['Rules', $('new-rules').value]], moves: [] });
    saveLive();
    say('', '', null);
    showLine(live, live.main, 0);
    maybeEngineMove();
  });

  // ----- the engine, in a Web Worker -----
  function engineWorker() {
    // Runs in the worker, after the rules' script.
    self.onmessage = function (ev) {
      var m = ev.data;
      if (m.type === 'init') { pacruRules.initSync({ module: m.module }); return; }
      try {
        var position = pacruRules.Position.fromPpn(m.ppn, m.rules);
        var result = pacruRules.bestMove(position, m.budget);
        self.postMessage({ id: m.id, result: result });
      } catch (e) {
        self.postMessage({ id: m.id, error: String(e && e.message ? e.message : e) });
      }
    };
  }
  var searchId = 0, pending = null;
  function budget() {
    var v = $('engine-strength').value.split(':');
    var b = { seed: 0 };
    b[v[0]] = +v[1];
    return b;
  }
  function search(position, purpose, done) {
    if (!engine) return;
    searchId++;
    pending = { id: searchId, purpose: purpose, done: done };
    $('engine-output').textContent = 'thinking…';
    $('engine-output').setAttribute('data-state', 'thinking');
    engine.postMessage({ id: searchId, ppn: position.toPpn(), rules: position.rules, budget: budget() });
  }
  function cancelSearch() {
    // The worker finishes its search; its answer is then ignored.
    pending = null;
    $('engine-output').setAttribute('data-state', '');
    if ($('engine-output').textContent === 'thinking…') $('engine-output').textContent = '';
  }
  function onEngine(ev) {
    var m = ev.data;
    if (!pending || m.id !== pending.id) return;
    var p = pending;
    pending = null;
    $('engine-output').setAttribute('data-state', '');
    if (m.error) { say('error', 'engine: ' + m.error, null); $('engine-output').textContent = ''; return; }
    p.done(m.result);
  }
  function evaluationText(result) {
    return Object.keys(result.evaluation).map(function (word) {
      return word + ' ' + result.evaluation[word].toFixed(3);
    }).join(', ');
  }
  function showEvaluation(result, purpose) {
    var out = $('engine-output');
    out.textContent = (purpose === 'hint' && result.move ? 'best: ' + result.move + '; ' : '') + 'expected scores: ' + evaluationText(result);
    out.setAttribute('data-move', result.move || '');
    out.setAttribute('data-evaluation', JSON.stringify(result.evaluation));
  }
  function maybeEngineMove() {
    if (!live || cursor.game !== live || cursor.line !== live.main || cursor.ply !== live.main.end()) return;
    var position = live.main.position(live.main.end());
    if (!isEngineSeat(position) || (pending && pending.purpose === 'play')) return;
    var line = live.main, ply = cursor.ply;
    search(position, 'play', function (result) {
      if (live.main !== line || line.end() !== ply || !result.move) return;
      if (cursor.game === live && cursor.line === line && cursor.ply === ply) {
        play(result.move);
      } else {
        line.push(result.move, line.position(ply).play(result.move));
        saveLive();
      }
      $('engine-output').textContent = position.toMove + ' (engine) played ' + result.move + '; expected scores: ' + evaluationText(result);
    });
  }
  function drawArrow(move, attribute) {
    attribute = attribute || 'data-hint';
    var m = /^([a-i][1-9])(?:[-x]([a-i][1-9]))?/.exec(move || '');
    if (!m) return;
    var a = cells[fieldIndex(m[1])], half = a.size / 2;
    if (!m[2]) {
      effectsLayer.appendChild(svgEl('circle', { cx: a.x + half, cy: a.y + half, r: half * 0.8, fill: 'none', stroke: '#1565c0', 'stroke-width': 6, opacity: 0.8 }));
      effectsLayer.lastChild.setAttribute(attribute, move);
      return;
    }
    var b = cells[fieldIndex(m[2])];
    var x1 = a.x + half, y1 = a.y + half, x2 = b.x + half, y2 = b.y + half;
    var len = Math.sqrt((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)), ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    var tipX = x2 - ux * half * 0.3, tipY = y2 - uy * half * 0.3, baseX = tipX - ux * 22, baseY = tipY - uy * 22;
    var g = svgEl('g', { opacity: 0.8 });
    g.setAttribute(attribute, move);
    g.appendChild(svgEl('line', { x1: x1, y1: y1, x2: baseX, y2: baseY, stroke: '#1565c0', 'stroke-width': 8, 'stroke-linecap': 'round' }));
    g.appendChild(svgEl('polygon', { fill: '#1565c0', points: tipX + ',' + tipY + ' ' + (baseX - uy * 14) + ',' + (baseY + ux * 14) + ' ' + (baseX + uy * 14) + ',' + (baseY - ux * 14) }));
    effectsLayer.appendChild(g);
  }
  $('btn-hint').addEventListener('click', function () {
    var position = currentPosition();
    if (!position || position.isFinished()) { say('info', 'the game is over', null); return; }
    var at = { line: cursor.line, ply: cursor.ply };
    search(position, 'hint', function (result) {
      showEvaluation(result, 'hint');
      if (cursor.line === at.line && cursor.ply === at.ply) drawArrow(result.move);
    });
  });
  $('btn-evaluate').addEventListener('click', function () {
    var position = currentPosition();
    if (!position) return;
    search(position, 'evaluate', function (result) { showEvaluation(result, 'evaluate'); });
  });
  $('engine-strength').addEventListener('change', saveLive);

  // ----- start: compile the rules, then open the live game if there is one -----
  function startBoard() {
    var element = $('rules-module');
    if (!element || typeof WebAssembly !== 'object' || typeof DecompressionStream !== 'function') {
      say('error', 'this browser cannot run the rules (WebAssembly, DecompressionStream): the games can be viewed, not played', null);
      return;
    }
    var binary = atob(element.textContent.trim());
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    var inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    new Response(inflated).arrayBuffer()
      .then(function (buffer) { return WebAssembly.compile(buffer); })
      .then(function (module) {
        pacruRules.initSync({ module: module });
        rules = pacruRules;
        try {
          var source = $('rules-script').textContent + '\n(' + engineWorker.toString() + ')();\n';
          engine = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
          engine.onmessage = onEngine;
          engine.onerror = function () { say('error', 'the engine stopped', null); };
          engine.postMessage({ type: 'init', module: module });
        } catch (e) {
          engine = null;
          ['btn-hint', 'btn-evaluate'].forEach(function (id) { $(id).hidden = true; });
        }
        var saved = loadSaved();
        var given = $('live-game') ? JSON.parse($('live-game').textContent) : null;
        if (saved && saved.strength && $('engine-strength').querySelector('option[value="' + saved.strength.replace(/[^a-z0-9:]/g, '') + '"]')) {
          $('engine-strength').value = saved.strength;
        }
        if (saved || given) {
          try { live = makeLive(saved || given); } catch (e) { live = given ? makeLive(given) : null; }
        }
        $('btn-new-game').disabled = false;
        if (live && (given || saved) && (!games.length || !/^#game=/.test(location.hash))) {
          showLine(live, live.main, live.main.end());
          maybeEngineMove();
        } else if (games.length) {
          show(current.game, current.ply);
        }
        document.documentElement.setAttribute('data-board', 'ready');
      })
      .catch(function (e) {
        say('error', 'the rules could not start: ' + (e && e.message ? e.message : e), null);
        document.documentElement.setAttribute('data-board', 'failed');
      });
  }

  startViewer();
  startBoard();
