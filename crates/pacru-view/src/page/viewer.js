  // The page's script. Everything it shows comes from the JSON elements the
  // generator wrote: texts are set with textContent and attributes with
  // setAttribute, never parsed as HTML. See docs/viewer.md for the data format.
  var $ = function (id) { return document.getElementById(id); };
  var SVG = 'http://www.w3.org/2000/svg';
  var DIRS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
  var FILES = 'abcdefghi';
  var ROW = 28;
  var config = JSON.parse($('viewer-config').textContent);
  var index = JSON.parse($('games-index').textContent);
  var games = index.games;
  var palette = config.palette;

  function fieldIndex(name) { return (name.charCodeAt(1) - 49) * 9 + (name.charCodeAt(0) - 97); }
  function fieldName(i) { return FILES.charAt(i % 9) + String.fromCharCode(49 + Math.floor(i / 9)); }
  function word(letter) { return palette[letter] ? palette[letter].word : letter; }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svgEl(tag, attrs) {
    var e = document.createElementNS(SVG, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  // ----- the board drawn by the generator: one group per field -----
  var cells = [];
  Array.prototype.forEach.call($('board').querySelectorAll('g.field'), function (g) {
    var rect = g.querySelector('rect');
    cells[fieldIndex(g.getAttribute('data-field'))] = {
      g: g,
      marker: g.querySelector('circle.marker'),
      chevron: g.querySelector('polygon.chevron'),
      x: +rect.getAttribute('x'), y: +rect.getAttribute('y'), size: +rect.getAttribute('width')
    };
  });
  var effectsLayer = $('effects');

  // ----- positions: PPN in, PPN out, deltas applied -----
  function parsePPN(ppn) {
    var parts = ppn.split(' ');
    var markers = [], chevrons = [], i;
    for (i = 0; i < 81; i++) { markers.push(''); chevrons.push(''); }
    var rank = 8, file = 0;
    for (i = 0; i < parts[0].length; i++) {
      var ch = parts[0].charAt(i);
      if (ch === '/') { rank--; file = 0; }
      else if (ch >= '1' && ch <= '9') file += +ch;
      else { markers[rank * 9 + file] = ch; file++; }
    }
    if (parts[1] !== '-') {
      parts[1].split(',').forEach(function (c) {
        chevrons[fieldIndex(c.substr(1, 2))] = c.charAt(0) + c.substr(3);
      });
    }
    return { markers: markers, chevrons: chevrons, toMove: parts[2], players: parts[3] };
  }
  function formatPPN(s) {
    var out = '';
    for (var rank = 8; rank >= 0; rank--) {
      var run = 0;
      for (var file = 0; file < 9; file++) {
        var m = s.markers[rank * 9 + file];
        if (m) { if (run) { out += run; run = 0; } out += m; } else run++;
      }
      if (run) out += run;
      if (rank) out += '/';
    }
    var list = [];
    for (var p = 0; p < s.players.length; p++) {
      var letter = s.players.charAt(p);
      for (var i = 0; i < 81; i++) {
        var c = s.chevrons[i];
        if (c && c.charAt(0) === letter) list.push(letter + fieldName(i) + c.substr(1));
      }
    }
    return out + ' ' + (list.length ? list.join(',') : '-') + ' ' + s.toMove + ' ' + s.players;
  }
  function applyDelta(prev, delta) {
    var s = { markers: prev.markers.slice(), chevrons: prev.chevrons.slice(), toMove: prev.toMove, players: prev.players };
    delta.split(' ').forEach(function (t) {
      if (t.charAt(0) === '>') { s.toMove = t.charAt(1); return; }
      var i = fieldIndex(t), v = t.substr(3);
      if (t.charAt(2) === '=') s.markers[i] = v === '-' ? '' : v;
      else s.chevrons[i] = v === '-' ? '' : v;
    });
    return s;
  }

  // ----- games, parsed only when shown -----
  var cache = new Map();
  function loadGame(n) {
    var g = cache.get(n);
    if (g) return g;
    var data = JSON.parse($('game-' + n).textContent);
    var states = [];
    if (data.start) {
      var s = parsePPN(data.start);
      states.push(s);
      data.plies.forEach(function (p) { s = applyDelta(s, p[1]); states.push(s); });
    }
    g = { n: n, data: data, states: states, summary: games[n - 1] };
    cache.set(n, g);
    if (cache.size > 16) cache.delete(cache.keys().next().value);
    return g;
  }

  // ----- the game list, virtualised: only the rows in view exist -----
  var list = $('game-list'), spacer = $('list-spacer');
  var filtered = [], rows = new Map();
  var current = { game: 0, ply: 0 };

  function playersLabel(node, summary) {
    summary.players.forEach(function (p, i) {
      if (i) node.appendChild(document.createTextNode(' · '));
      var sw = el('span', 'sw');
      sw.style.background = palette[p[0]].fill;
      node.appendChild(sw);
      node.appendChild(document.createTextNode(p[1] !== null ? p[1] : word(p[0])));
    });
  }
  function statusClass(status) { return 'c-status st-' + status; }
  function makeRow(n) {
    var s = games[n - 1];
    var row = el('div', 'row');
    row.setAttribute('data-game', n);
    row.setAttribute('role', 'option');
    row.appendChild(el('span', 'c-num', String(n)));
    var players = el('span', 'c-players');
    playersLabel(players, s);
    row.appendChild(players);
    row.appendChild(el('span', 'c-result', s.result));
    row.appendChild(el('span', statusClass(s.status), s.status));
    row.appendChild(el('span', 'c-plies', String(s.plies)));
    var source = index.sources[s.source];
    row.title = (source ? source + ' ' : '') + 'game ' + s.game + ' (line ' + s.line + ')' + (s.event ? ': ' + s.event : '');
    return row;
  }
  function renderList() {
    spacer.style.height = (filtered.length * ROW) + 'px';
    var first = Math.max(0, Math.floor(list.scrollTop / ROW) - 5);
    var last = Math.min(filtered.length, Math.ceil((list.scrollTop + list.clientHeight) / ROW) + 5);
    var keep = new Set();
    for (var k = first; k < last; k++) {
      var n = filtered[k];
      keep.add(n);
      var row = rows.get(n);
      if (!row) { row = makeRow(n); rows.set(n, row); list.appendChild(row); }
      row.style.top = (k * ROW) + 'px';
      row.setAttribute('aria-selected', n === current.game ? 'true' : 'false');
    }
    rows.forEach(function (row, n) { if (!keep.has(n)) { row.remove(); rows.delete(n); } });
  }
  function applyFilter() {
    var f = $('filter').value;
    filtered = [];
    for (var n = 1; n <= games.length; n++) {
      var st = games[n - 1].status;
      if (f === 'all' || st === f || (f === 'bad' && st !== 'ok')) filtered.push(n);
    }
    $('list-count').textContent = filtered.length + ' of ' + games.length;
    rows.forEach(function (row) { row.remove(); });
    rows.clear();
    renderList();
  }
  function scrollToGame(n) {
    var k = filtered.indexOf(n);
    if (k < 0) return;
    var top = k * ROW;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + ROW > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW - list.clientHeight;
  }
  list.addEventListener('scroll', function () { window.requestAnimationFrame(renderList); });
  list.addEventListener('click', function (ev) {
    var row = ev.target.closest('.row');
    if (row) show(+row.getAttribute('data-game'), 0);
  });
  $('filter').addEventListener('change', applyFilter);

  // ----- the game shown -----
  var shownGame = null;

  function verdictText(g) {
    var v = g.data.verdict, e = v.error, s = g.summary;
    var plies = v.plies === 1 ? '1 ply' : v.plies + ' plies';
    var rule = e && e.rule ? e.rule + ' (' + e.title + ')' : 'syntax';
    var reason = e ? '\n' + (e.rule ? e.rule + ': ' : '') + e.message : '';
    switch (v.status) {
      case 'ok':
        return 'ok, ' + plies + ', ' + (v.winner ? v.winner + ' wins' : 'not finished, Result "' + v.result + '"');
      case 'illegal':
        return 'illegal move ' + e.move + ' at ply ' + e.ply + ' (line ' + e.line + ', column ' + e.column + '): ' + rule + reason;
      case 'malformed':
        return 'malformed at line ' + e.line + ', column ' + e.column + reason +
          (g.data.start ? '\nshown: the ' + (g.data.plies.length === 1 ? 'ply' : g.data.plies.length + ' plies') + ' read before the error' : '');
      default:
        return 'inconsistent result after ' + plies + ' (line ' + e.line + ', column ' + e.column + '): ' + rule + reason;
    }
  }

  function buildGame(g) {
    var s = g.summary, d = g.data, source = index.sources[s.source];
    var title = $('game-title');
    clear(title);
    title.appendChild(document.createTextNode('#' + g.n + ' '));
    playersLabel(title, s);
    title.appendChild(document.createTextNode(' — ' + (source ? source + ', ' : '') + 'game ' + s.game + ' (line ' + s.line + ')' + (s.event ? ' — ' + s.event : '')));
    var verdict = $('verdict');
    verdict.setAttribute('data-status', d.verdict.status);
    verdict.textContent = verdictText(g);

    var moves = $('moves');
    clear(moves);
    function note(text, cls) { var li = el('li'); li.appendChild(el('span', cls || 'note', text)); moves.appendChild(li); }
    d.lead.forEach(function (c) { note('{' + c + '}'); });
    for (var k = 0; k < d.leadPasses; k++) note('pass');
    d.plies.forEach(function (p, i) {
      var x = p[2] || {};
      var li = el('li');
      if (x.r) li.appendChild(el('span', 'round', x.r + '.'));
      var b = el('button', 'mv', p[0] + (x.g ? x.g.join('') : ''));
      b.type = 'button';
      b.setAttribute('data-ply', i + 1);
      if (x.w) b.title = 'written ' + x.w;
      if (x.an) {
        if (x.an.m) { b.classList.add('mark-' + x.an.m); b.setAttribute('data-mark', x.an.m); }
        b.title = (b.title ? b.title + '; ' : '') + 'loss ' + (x.an.l / 1000).toFixed(3) + (x.an.b ? ', best ' + x.an.b : '');
      }
      li.appendChild(b);
      moves.appendChild(li);
      (x.cm || []).forEach(function (c) { note('{' + c + '}'); });
      for (var k = 0; k < (x.ps || 0); k++) note('pass');
    });
    if (d.refused) {
      var li = el('li');
      li.appendChild(el('span', 'refused', d.refused.written));
      li.appendChild(el('span', 'note', 'refused: ' + d.refused.rule + ' (' + d.refused.title + ')'));
      moves.appendChild(li);
    }
    if (d.syntax) {
      var li2 = el('li');
      li2.appendChild(el('span', 'broken', '⚠ the text breaks at line ' + d.syntax.line + ', column ' + d.syntax.column + ': ' + d.syntax.message));
      moves.appendChild(li2);
    }
    buildGraph(g);
    var tags = $('tags').tBodies[0];
    clear(tags);
    d.tags.forEach(function (t) {
      var tr = el('tr');
      tr.appendChild(el('td', '', t[0]));
      tr.appendChild(el('td', '', t[1]));
      tags.appendChild(tr);
    });
  }

  // ----- an engine's analysis: each player's expected score, ply by ply -----
  // Point k is the position after k plies: the scores before ply k + 1, and after
  // the last ply analysed.
  function graphPoints(g) {
    var plies = g.data.plies, points = [];
    for (var k = 0; k <= plies.length; k++) {
      var an = k < plies.length ? (plies[k][2] || {}).an : k > 0 && ((plies[k - 1][2] || {}).an || {}).a && { s: plies[k - 1][2].an.a };
      points.push(an ? an.s : null);
    }
    return points;
  }
  function buildGraph(g) {
    var graph = $('eval-graph');
    clear(graph);
    var points = graphPoints(g);
    var known = points.filter(function (p) { return p; }).length;
    graph.hidden = known === 0;
    graph.setAttribute('data-points', known);
    if (!known) return;
    var width = 600, height = 100, last = Math.max(1, points.length - 1);
    var x = function (k) { return (k / last * width).toFixed(1); };
    var y = function (score) { return (4 + (1 - score / 1000) * (height - 8)).toFixed(1); };
    graph.appendChild(svgEl('line', { x1: 0, x2: width, y1: y(500), y2: y(500), stroke: '#b8aa88', 'stroke-dasharray': '4 4', 'stroke-width': 1 }));
    var letters = [];
    points.forEach(function (p) { if (p) p.forEach(function (s) { if (letters.indexOf(s[0]) < 0) letters.push(s[0]); }); });
    letters.forEach(function (letter) {
      var path = '', pen = false;
      points.forEach(function (p, k) {
        var score = null;
        if (p) p.forEach(function (s) { if (s[0] === letter) score = s[1]; });
        if (score === null) { pen = false; return; }
        path += (pen ? ' L' : ' M') + x(k) + ' ' + y(score);
        pen = true;
      });
      graph.appendChild(svgEl('path', { d: path, fill: 'none', stroke: palette[letter].fill, 'stroke-width': 2.5, 'vector-effect': 'non-scaling-stroke', 'data-colour': letter }));
    });
    graph.appendChild(svgEl('line', { id: 'eval-cursor', x1: 0, x2: 0, y1: 0, y2: height, stroke: '#b35c00', 'stroke-width': 2, 'vector-effect': 'non-scaling-stroke' }));
    graph.setAttribute('data-plies', last);
  }
  function drawGraphCursor(g, ply) {
    var cursorLine = $('eval-cursor');
    if (!cursorLine) return;
    var last = Math.max(1, g.data.plies.length);
    cursorLine.setAttribute('x1', ply / last * 600);
    cursorLine.setAttribute('x2', ply / last * 600);
    var an = ply < g.data.plies.length ? (g.data.plies[ply][2] || {}).an : null;
    if (an && an.b) drawArrow(an.b, 'data-best');
  }
  $('eval-graph').addEventListener('click', function (ev) {
    var box = $('eval-graph').getBoundingClientRect();
    var plies = +$('eval-graph').getAttribute('data-plies');
    show(current.game, Math.round((ev.clientX - box.left) / box.width * plies));
  });

  function drawBoard(state) {
    for (var i = 0; i < 81; i++) {
      var c = cells[i];
      var m = state ? state.markers[i] : '';
      var ch = state ? state.chevrons[i] : '';
      c.g.setAttribute('data-colour', m);
      if (m) {
        c.marker.setAttribute('fill', palette[m].fill);
        c.marker.setAttribute('stroke', palette[m].outline);
        c.marker.setAttribute('visibility', 'visible');
      } else {
        c.marker.setAttribute('visibility', 'hidden');
      }
      if (ch) {
        var colour = ch.charAt(0), facing = ch.substr(1);
        c.g.setAttribute('data-chevron-colour', colour);
        c.g.setAttribute('data-chevron-facing', facing);
        c.chevron.setAttribute('fill', palette[colour].fill);
        c.chevron.setAttribute('stroke', m ? config.onMarkerOutline : palette[colour].outline);
        c.chevron.setAttribute('transform', 'rotate(' + DIRS.indexOf(facing) * 45 + ')');
        c.chevron.setAttribute('visibility', 'visible');
      } else {
        c.g.setAttribute('data-chevron-colour', '');
        c.g.setAttribute('data-chevron-facing', '');
        c.chevron.setAttribute('visibility', 'hidden');
      }
    }
  }

  // ----- what the move did, drawn over the board -----
  var STYLE = {
    origin: { stroke: '#37474f', dash: '7 4', width: 3, inset: 4 },
    destination: { stroke: '#ff8f00', width: 4, inset: 3 },
    crossing: { stroke: '#8e24aa', width: 4, circle: true, badge: 'B' },
    connection: { stroke: '#00838f', width: 3, circle: true, badge: 'C' },
    captured: { stroke: '#c62828', width: 4, inset: 2, badge: 'X' },
    meeting: { stroke: '#2e7d32', width: 4, circle: true, badge: 'M' },
    returned: { stroke: '#6d4c41', dash: '2 4', width: 4, inset: 6, badge: 'N' },
    removed: { stroke: '#c62828', dash: '5 4', width: 3, circle: true, badge: 'O' },
    'refused-origin': { stroke: '#c62828', dash: '7 4', width: 4, inset: 4 },
    'refused-destination': { stroke: '#c62828', dash: '3 3', width: 4, inset: 4, badge: '!' }
  };
  function markField(effect, name, badge) {
    var c = cells[fieldIndex(name)], st = STYLE[effect];
    var attrs = { 'data-effect': effect, 'data-field': name, fill: 'none', stroke: st.stroke, 'stroke-width': st.width };
    if (st.dash) attrs['stroke-dasharray'] = st.dash;
    var shape;
    if (st.circle) {
      attrs.cx = c.x + c.size / 2; attrs.cy = c.y + c.size / 2; attrs.r = c.size * 0.46;
      shape = svgEl('circle', attrs);
    } else {
      attrs.x = c.x + st.inset; attrs.y = c.y + st.inset;
      attrs.width = attrs.height = c.size - 2 * st.inset;
      shape = svgEl('rect', attrs);
    }
    effectsLayer.appendChild(shape);
    var letter = badge || st.badge;
    if (letter) {
      var t = svgEl('text', { x: c.x + 5, y: c.y + 15, 'font-size': 14, 'font-weight': 'bold', fill: st.stroke,
        stroke: '#ffffff', 'stroke-width': 3, 'paint-order': 'stroke', 'data-effect-badge': effect });
      t.textContent = letter;
      effectsLayer.appendChild(t);
    }
  }
  function ghost(effect, chevron) {
    // chevron: "e5:RN"
    var name = chevron.substr(0, 2), colour = chevron.charAt(3), facing = chevron.substr(4);
    var c = cells[fieldIndex(name)];
    var small = effect === 'captured';
    var g = svgEl('g', { transform: 'translate(' + (c.x + (small ? c.size - 14 : c.size / 2)) + ' ' + (c.y + (small ? 14 : c.size / 2)) + ') scale(' + (small ? 0.4 : 1) + ')',
      'data-effect': effect + '-chevron', 'data-field': name, 'data-chevron-colour': colour, 'data-chevron-facing': facing });
    g.appendChild(svgEl('polygon', { points: $('board').querySelector('polygon.chevron').getAttribute('points'),
      transform: 'rotate(' + DIRS.indexOf(facing) * 45 + ')', fill: palette[colour].fill, 'fill-opacity': 0.35,
      stroke: '#c62828', 'stroke-width': small ? 4 : 2.5, 'stroke-dasharray': '4 3' }));
    effectsLayer.appendChild(g);
  }
  function split(list) { return list ? list.split(' ') : []; }
  function drawEffects(g, ply) {
    clear(effectsLayer);
    var text = $('effects-text');
    clear(text);
    var d = g.data;
    if (ply > 0) {
      var p = d.plies[ply - 1], x = p[2] || {}, e = x.e || {};
      var m = /^([a-i][1-9])(?:[-x]([a-i][1-9]))?/.exec(p[0]);
      if (m) {
        markField('origin', m[1]);
        if (m[2]) markField('destination', m[2]);
      }
      if (e.x) markField('crossing', e.x, e.tf ? 'T' : 'B');
      split(e.c).forEach(function (f) { markField('connection', f); });
      if (e.p) { markField('captured', e.p.substr(0, 2)); ghost('captured', e.p); }
      if (e.m) markField('meeting', e.m);
      split(e.rt).forEach(function (f) { markField('returned', f); });
      split(e.rm).forEach(function (c) { markField('removed', c.substr(0, 2)); ghost('removed', c); });
      var mover = g.states[ply - 1].toMove;
      text.appendChild(el('li', '', 'ply ' + ply + ', ' + word(mover) + ': ' + p[0] + (x.w ? ' (written ' + x.w + ')' : '')));
      (e.d || []).forEach(function (line) { text.appendChild(el('li', '', line)); });
    }
    if (ply === g.states.length - 1 || g.states.length === 0) {
      if (d.refused) {
        var r = d.refused;
        if (r.origin) markField('refused-origin', r.origin);
        if (r.destination) markField('refused-destination', r.destination);
        text.appendChild(el('li', 'refused', 'next: ' + word(r.mover) + ' plays ' + r.written + ', refused: ' + r.rule + ' (' + r.title + '): ' + r.reason));
      }
      if (d.syntax) {
        text.appendChild(el('li', 'broken', 'the record breaks at line ' + d.syntax.line + ', column ' + d.syntax.column + ': ' + d.syntax.message));
      }
    }
  }

  // The players' table: fields against the target, chevrons, who is to move
  // (nobody once the game is over), who is out.
  function fillPlayers(state, names, target, over) {
    var body = $('players').tBodies[0];
    clear(body);
    (state ? state.players : '').split('').forEach(function (letter) {
      var fields = 0, chevrons = 0;
      for (var i = 0; i < 81; i++) {
        if (state.markers[i] === letter) fields++;
        if (state.chevrons[i] && state.chevrons[i].charAt(0) === letter) chevrons++;
      }
      var toMove = !over && state.toMove === letter;
      var tr = el('tr', (toMove ? 'to-move' : '') + (chevrons ? '' : ' out'));
      tr.setAttribute('data-colour', letter);
      tr.setAttribute('data-fields', fields);
      tr.setAttribute('data-chevrons', chevrons);
      tr.setAttribute('data-to-move', toMove ? 'true' : 'false');
      var name = el('td', 'name', toMove ? '▶ ' : '');
      var sw = el('span', 'sw');
      sw.style.background = palette[letter].fill;
      name.appendChild(sw);
      name.appendChild(document.createTextNode(word(letter) + (names[letter] ? ' ' + names[letter] : '') + (chevrons ? '' : ' (out)')));
      tr.appendChild(name);
      tr.appendChild(el('td', 'fields', fields + '/' + target));
      tr.appendChild(el('td', 'chevrons', String(chevrons)));
      body.appendChild(tr);
    });
  }

  function drawPlayers(g, state, ply) {
    var over = ply > 0 ? ((g.data.plies[ply - 1][2] || {}).e || {}).over : undefined;
    var names = {};
    g.summary.players.forEach(function (p) { names[p[0]] = p[1]; });
    fillPlayers(state, names, g.data.target, over !== undefined);
    var status = $('game-status');
    if (!state) status.textContent = 'no position: the setup tags cannot be read';
    else if (over !== undefined) status.textContent = over ? word(over) + ' wins' : 'the game is over without a winner';
    else status.textContent = word(state.toMove) + ' to move';
    status.setAttribute('data-to-move', over === undefined && state ? state.toMove : '');
  }

  function show(n, ply) {
    if (!games.length) return;
    n = Math.min(Math.max(1, n | 0), games.length);
    var g = loadGame(n);
    var last = Math.max(0, g.states.length - 1);
    ply = Math.min(Math.max(0, ply | 0), last);
    if (shownGame !== g) { buildGame(g); shownGame = g; }
    current.game = n; current.ply = ply;
    var state = g.states.length ? g.states[ply] : null;
    drawBoard(state);
    drawEffects(g, ply);
    drawGraphCursor(g, ply);
    drawPlayers(g, state, ply);
    var ppn = state ? formatPPN(state) : '';
    $('ppn').textContent = ppn || '(none)';
    $('ppn').setAttribute('data-ppn', ppn);
    var label = $('ply-label');
    label.textContent = ply === 0 ? 'start (' + last + (last === 1 ? ' ply)' : ' plies)') : 'ply ' + ply + ' of ' + last;
    label.setAttribute('data-ply', ply);
    label.setAttribute('data-game', n);
    label.setAttribute('data-line', 'main');
    var moves = $('moves');
    var was = moves.querySelector('[aria-current="true"]');
    if (was) was.removeAttribute('aria-current');
    var now = moves.querySelector('button.mv[data-ply="' + ply + '"]');
    if (now) {
      now.setAttribute('aria-current', 'true');
      var box = $('moves-pane'), r = now.getBoundingClientRect(), b = box.getBoundingClientRect();
      if (r.top < b.top || r.bottom > b.bottom) box.scrollTop += r.top - b.top - b.height / 2;
    }
    rows.forEach(function (row, k) { row.setAttribute('aria-selected', k === n ? 'true' : 'false'); });
    scrollToGame(n);
    var hash = '#game=' + n + '&ply=' + ply;
    if (location.hash !== hash) history.replaceState(null, '', hash);
    boardShownRecorded(g, ply);
  }

  function step(by) { if (!boardStep(by)) show(current.game, current.ply + by); }
  function goFirst() { if (!boardStep(-1e9)) show(current.game, 0); }
  function goLast() { if (!boardStep(1e9)) show(current.game, 1e9); }
  function otherGame(by) {
    var k = filtered.indexOf(current.game);
    var next = k < 0 ? filtered[0] : filtered[Math.min(Math.max(0, k + by), filtered.length - 1)];
    if (next) show(next, 0);
  }
  function fromHash() {
    var m = /^#game=(\d+)(?:&ply=(\d+))?$/.exec(location.hash);
    if (m) show(+m[1], m[2] ? +m[2] : 0);
    return !!m;
  }

  $('btn-first').addEventListener('click', goFirst);
  $('btn-prev').addEventListener('click', function () { step(-1); });
  $('btn-next').addEventListener('click', function () { step(1); });
  $('btn-last').addEventListener('click', goLast);
  $('moves').addEventListener('click', function (ev) {
    var b = ev.target.closest('button.mv');
    if (b && !boardMainLinePly(+b.getAttribute('data-ply'))) show(current.game, +b.getAttribute('data-ply'));
  });
  document.addEventListener('keydown', function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var tag = ev.target && ev.target.tagName;
    if (tag === 'SELECT' || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'BUTTON' && ev.key === 'Enter') return;
    if (ev.target && ev.target.closest && ev.target.closest('#board, dialog')) return;
    var handled = true;
    switch (ev.key) {
      case 'ArrowLeft': step(-1); break;
      case 'ArrowRight': step(1); break;
      case 'Home': goFirst(); break;
      case 'End': goLast(); break;
      case 'ArrowUp': otherGame(-1); break;
      case 'ArrowDown': otherGame(1); break;
      default: handled = false;
    }
    if (handled) ev.preventDefault();
  });
  window.addEventListener('hashchange', fromHash);

  // Called once the board's script has run too (see board.js).
  function startViewer() {
    var sources = index.sources.slice(0, 3).join(', ') + (index.sources.length > 3 ? ' and ' + (index.sources.length - 3) + ' more' : '');
    $('page-summary').textContent = !games.length && $('live-game') ? '' : games.length + (games.length === 1 ? ' game' : ' games') +
      (index.sources.length ? ' from ' + sources : '');
    document.getElementById('app').setAttribute('data-games', String(games.length));
    applyFilter();
    if (!games.length) {
      $('game-title').textContent = 'no games in the input';
      drawBoard(null);
    } else if (!fromHash()) {
      show(1, 0);
    }
    document.documentElement.setAttribute('data-ready', 'true');
  }
