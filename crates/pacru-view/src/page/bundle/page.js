"use strict";
(() => {
  // dom.js
  function $(id) {
    const found = document.getElementById(id);
    if (!found) throw new Error("the page has no element #" + id);
    return found;
  }
  function inputById(id) {
    return (
      /** @type {HTMLInputElement} */
      $(id)
    );
  }
  function selectById(id) {
    return (
      /** @type {HTMLSelectElement} */
      $(id)
    );
  }
  function buttonById(id) {
    return (
      /** @type {HTMLButtonElement} */
      $(id)
    );
  }
  function tableById(id) {
    return (
      /** @type {HTMLTableElement} */
      $(id)
    );
  }
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== void 0) e.textContent = text;
    return e;
  }
  var RUN = 20;
  function breakable(tag, cls, text) {
    const e = el(tag, cls);
    let from = 0, run = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 32 || c >= 9 && c <= 13) {
        run = 0;
        continue;
      }
      if (++run > RUN && !(c >= 56320 && c <= 57343)) {
        e.appendChild(document.createTextNode(text.slice(from, i)));
        e.appendChild(document.createElement("wbr"));
        from = i;
        run = 1;
      }
    }
    e.appendChild(document.createTextNode(text.slice(from)));
    return e;
  }
  var SVG = "http://www.w3.org/2000/svg";
  function svgEl(tag, attrs) {
    const e = (
      /** @type {SVGElement} */
      document.createElementNS(SVG, tag)
    );
    for (const k in attrs) e.setAttribute(k, String(attrs[k]));
    return e;
  }
  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }
  function closest(ev, selector) {
    const target = ev.target;
    return target instanceof Element ? (
      /** @type {HTMLElement | null} */
      target.closest(selector)
    ) : null;
  }

  // data.js
  function json(id) {
    return JSON.parse(
      /** @type {string} */
      $(id).textContent
    );
  }
  var config = json("viewer-config");
  var index = json("games-index");
  var games = index.games;
  var palette = config.palette;
  function gameData(n) {
    return json("game-" + n);
  }
  function givenLive() {
    return document.getElementById("live-game") ? json("live-game") : null;
  }
  function serverGame() {
    return document.getElementById("server-game") ? json("server-game") : null;
  }
  function word(letter2) {
    return palette[letter2] ? palette[letter2].word : letter2;
  }
  function letter(colour) {
    for (const l in palette) if (palette[l].word === colour) return l;
    return colour;
  }

  // rules.js
  function loadRules() {
    const element = document.getElementById("rules-module");
    if (!element || typeof WebAssembly !== "object" || typeof DecompressionStream !== "function") {
      return Promise.reject(new Error("this browser cannot run the rules (WebAssembly, DecompressionStream)"));
    }
    const binary = atob((element.textContent || "").trim());
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(inflated).arrayBuffer().then((buffer) => WebAssembly.compile(buffer)).then((module) => {
      pacruRules.initSync({ module });
      return { rules: pacruRules, module };
    });
  }

  // state.js
  var state = { rules: null, live: null, view: null, boards: /* @__PURE__ */ new Map(), remote: false };

  // messages.js
  var box = $("board-message");
  function say(kind, text, rule) {
    box.textContent = text;
    box.setAttribute("data-kind", kind);
    if (rule) box.setAttribute("data-rule", rule);
    else box.removeAttribute("data-rule");
  }
  function said() {
    return { kind: box.getAttribute("data-kind") || "", text: box.textContent || "", rule: box.getAttribute("data-rule") };
  }
  function errorText(e) {
    if (e instanceof pacruRules.IllegalMove) return e.rule + ": " + e.reason;
    if (e instanceof pacruRules.InvalidMove) return "not a move: " + e.message;
    return String(e instanceof Error ? e.message : e);
  }
  function sayError(e) {
    if (e instanceof pacruRules.IllegalMove) say("illegal", errorText(e), e.rule);
    else say("error", errorText(e), null);
  }

  // line.js
  var Line = class {
    /**
     * @param {Position} start The position after `from` plies.
     * @param {number} from
     * @param {string[]} moves The moves after it, in canonical notation.
     */
    constructor(start2, from, moves) {
      this.from = from;
      this.moves = moves.slice();
      this.positions = [start2];
    }
    /** The ply number of the line's last position. */
    end() {
      return this.from + this.moves.length;
    }
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
    moveInto(ply) {
      return this.moves[ply - this.from - 1];
    }
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
  };

  // fields.js
  var FILES = "abcdefghi";
  var DIRS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
  function fieldIndex(name) {
    return (name.charCodeAt(1) - 49) * 9 + (name.charCodeAt(0) - 97);
  }
  function fieldName(i) {
    return FILES.charAt(i % 9) + String.fromCharCode(49 + Math.floor(i / 9));
  }
  var STEP = { N: [0, 1], NE: [1, 1], E: [1, 0], SE: [1, -1], S: [0, -1], SW: [-1, -1], W: [-1, 0], NW: [-1, 1] };
  function neighbour(field, facing) {
    const d = STEP[facing];
    const i = fieldIndex(field), file = i % 9 + d[0], rank = Math.floor(i / 9) + d[1];
    return file >= 0 && file < 9 && rank >= 0 && rank < 9 ? fieldName(rank * 9 + file) : null;
  }

  // drawing.js
  var cells = [];
  var board = $("board");
  board.querySelectorAll("g.field").forEach((g) => {
    const rect = (
      /** @type {Element} */
      g.querySelector("rect")
    );
    cells[fieldIndex(g.getAttribute("data-field") || "")] = {
      g,
      marker: (
        /** @type {Element} */
        g.querySelector("circle.marker")
      ),
      chevron: (
        /** @type {Element} */
        g.querySelector("polygon.chevron")
      ),
      x: +(rect.getAttribute("x") || 0),
      y: +(rect.getAttribute("y") || 0),
      size: +(rect.getAttribute("width") || 0)
    };
  });
  var effectsLayer = $("effects");
  function layoutOf(position) {
    const markers = new Array(81).fill(""), chevrons = new Array(81).fill("");
    for (const l in palette) position.fieldsOf(l).forEach((f) => {
      markers[fieldIndex(f)] = l;
    });
    position.chevrons().forEach((c) => {
      chevrons[fieldIndex(c.field)] = letter(c.colour) + c.facing;
    });
    return { markers, chevrons };
  }
  function drawPosition(position) {
    const layout = position ? layoutOf(position) : null;
    for (let i = 0; i < 81; i++) {
      const c = cells[i];
      const m = layout ? layout.markers[i] : "";
      const ch = layout ? layout.chevrons[i] : "";
      c.g.setAttribute("data-colour", m);
      if (m) {
        c.marker.setAttribute("fill", palette[m].fill);
        c.marker.setAttribute("stroke", palette[m].outline);
        c.marker.setAttribute("visibility", "visible");
      } else {
        c.marker.setAttribute("visibility", "hidden");
      }
      if (ch) {
        const colour = ch.charAt(0), facing = ch.substring(1);
        c.g.setAttribute("data-chevron-colour", colour);
        c.g.setAttribute("data-chevron-facing", facing);
        c.chevron.setAttribute("fill", palette[colour].fill);
        c.chevron.setAttribute("stroke", m ? config.onMarkerOutline : palette[colour].outline);
        c.chevron.setAttribute("transform", "rotate(" + DIRS.indexOf(facing) * 45 + ")");
        c.chevron.setAttribute("visibility", "visible");
      } else {
        c.g.setAttribute("data-chevron-colour", "");
        c.g.setAttribute("data-chevron-facing", "");
        c.chevron.setAttribute("visibility", "hidden");
      }
    }
  }
  var STYLE = {
    origin: { stroke: "#37474f", dash: "7 4", width: 3, inset: 4 },
    destination: { stroke: "#ff8f00", width: 4, inset: 3 },
    crossing: { stroke: "#8e24aa", width: 4, circle: true, badge: "B" },
    connection: { stroke: "#00838f", width: 3, circle: true, badge: "C" },
    captured: { stroke: "#c62828", width: 4, inset: 2, badge: "X" },
    meeting: { stroke: "#2e7d32", width: 4, circle: true, badge: "M" },
    returned: { stroke: "#6d4c41", dash: "2 4", width: 4, inset: 6, badge: "N" },
    removed: { stroke: "#c62828", dash: "5 4", width: 3, circle: true, badge: "O" },
    "refused-origin": { stroke: "#c62828", dash: "7 4", width: 4, inset: 4 },
    "refused-destination": { stroke: "#c62828", dash: "3 3", width: 4, inset: 4, badge: "!" }
  };
  function clearEffects() {
    clear(effectsLayer);
  }
  function markField(effect, name, badge) {
    const c = cells[fieldIndex(name)], st = STYLE[effect];
    const attrs = { "data-effect": effect, "data-field": name, fill: "none", stroke: st.stroke, "stroke-width": st.width };
    if (st.dash) attrs["stroke-dasharray"] = st.dash;
    let shape;
    if (st.circle) {
      attrs.cx = c.x + c.size / 2;
      attrs.cy = c.y + c.size / 2;
      attrs.r = c.size * 0.46;
      shape = svgEl("circle", attrs);
    } else {
      const inset = st.inset || 0;
      attrs.x = c.x + inset;
      attrs.y = c.y + inset;
      attrs.width = attrs.height = c.size - 2 * inset;
      shape = svgEl("rect", attrs);
    }
    effectsLayer.appendChild(shape);
    const text = badge || st.badge;
    if (text) {
      const t = svgEl("text", {
        x: c.x + 5,
        y: c.y + 15,
        "font-size": 14,
        "font-weight": "bold",
        fill: st.stroke,
        stroke: "#ffffff",
        "stroke-width": 3,
        "paint-order": "stroke",
        "data-effect-badge": effect
      });
      t.textContent = text;
      effectsLayer.appendChild(t);
    }
  }
  function ghost(effect, chevron) {
    const name = chevron.substring(0, 2), colour = chevron.charAt(3), facing = chevron.substring(4);
    const c = cells[fieldIndex(name)];
    const small = effect === "captured";
    const g = svgEl("g", {
      transform: "translate(" + (c.x + (small ? c.size - 14 : c.size / 2)) + " " + (c.y + (small ? 14 : c.size / 2)) + ") scale(" + (small ? 0.4 : 1) + ")",
      "data-effect": effect + "-chevron",
      "data-field": name,
      "data-chevron-colour": colour,
      "data-chevron-facing": facing
    });
    g.appendChild(svgEl("polygon", {
      points: cells[0].chevron.getAttribute("points") || "",
      transform: "rotate(" + DIRS.indexOf(facing) * 45 + ")",
      fill: palette[colour].fill,
      "fill-opacity": 0.35,
      stroke: "#c62828",
      "stroke-width": small ? 4 : 2.5,
      "stroke-dasharray": "4 3"
    }));
    effectsLayer.appendChild(g);
  }
  function drawArrow(move, from, to, attribute) {
    const a = cells[fieldIndex(from)], half = a.size / 2;
    if (!to) {
      const ring = svgEl("circle", { cx: a.x + half, cy: a.y + half, r: half * 0.8, fill: "none", stroke: "#1565c0", "stroke-width": 6, opacity: 0.8 });
      ring.setAttribute(attribute, move);
      effectsLayer.appendChild(ring);
      return;
    }
    const b = cells[fieldIndex(to)];
    const x1 = a.x + half, y1 = a.y + half, x2 = b.x + half, y2 = b.y + half;
    const len = Math.sqrt((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)), ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    const tipX = x2 - ux * half * 0.3, tipY = y2 - uy * half * 0.3, baseX = tipX - ux * 22, baseY = tipY - uy * 22;
    const g = svgEl("g", { opacity: 0.8 });
    g.setAttribute(attribute, move);
    g.appendChild(svgEl("line", { x1, y1, x2: baseX, y2: baseY, stroke: "#1565c0", "stroke-width": 8, "stroke-linecap": "round" }));
    g.appendChild(svgEl("polygon", { fill: "#1565c0", points: tipX + "," + tipY + " " + (baseX - uy * 14) + "," + (baseY + ux * 14) + " " + (baseX + uy * 14) + "," + (baseY - ux * 14) }));
    effectsLayer.appendChild(g);
  }
  function candidateMark(field, kind) {
    cells[fieldIndex(field)].g.setAttribute("data-candidate", kind);
  }
  function clearCandidates(keepSelected) {
    board.querySelectorAll("g.field[data-candidate]").forEach((g) => {
      if (!keepSelected || g.getAttribute("data-candidate") !== "selected") g.removeAttribute("data-candidate");
    });
  }
  function drawFocus(i) {
    const old = board.querySelector("g.field[data-focus]");
    if (old) old.removeAttribute("data-focus");
    if (i >= 0) cells[i].g.setAttribute("data-focus", "true");
  }
  function fillPlayers(position, names, target, over2) {
    const body = (
      /** @type {HTMLTableElement} */
      $("players").tBodies[0]
    );
    clear(body);
    if (!position) return;
    const layout = layoutOf(position);
    const toMoveLetter = letter(position.toMove);
    position.players.forEach((colour) => {
      const l = letter(colour);
      let fields = 0, chevrons = 0;
      for (let i = 0; i < 81; i++) {
        if (layout.markers[i] === l) fields++;
        if (layout.chevrons[i].charAt(0) === l) chevrons++;
      }
      const toMove = !over2 && toMoveLetter === l;
      const tr = el("tr", (toMove ? "to-move" : "") + (chevrons ? "" : " out"));
      tr.setAttribute("data-colour", l);
      tr.setAttribute("data-fields", String(fields));
      tr.setAttribute("data-chevrons", String(chevrons));
      tr.setAttribute("data-to-move", toMove ? "true" : "false");
      const name = el("td", "name", toMove ? "▶ " : "");
      const sw = el("span", "sw");
      sw.style.background = palette[l].fill;
      name.appendChild(sw);
      name.appendChild(document.createTextNode(word(l) + (names[l] ? " " + names[l] : "") + (chevrons ? "" : " (out)")));
      tr.appendChild(name);
      tr.appendChild(el("td", "fields", fields + "/" + target));
      tr.appendChild(el("td", "chevrons", String(chevrons)));
      body.appendChild(tr);
    });
  }

  // list.js
  var ROW = 28;
  var list = $("game-list");
  var spacer = $("list-spacer");
  var filtered = [];
  var rows = /* @__PURE__ */ new Map();
  var selected = 0;
  function playersLabel(node, summary) {
    summary.players.forEach((p, i) => {
      if (i) node.appendChild(document.createTextNode(" · "));
      const sw = el("span", "sw");
      sw.style.background = palette[p[0]].fill;
      node.appendChild(sw);
      node.appendChild(document.createTextNode(p[1] !== null ? p[1] : word(p[0])));
    });
  }
  function makeRow(n) {
    const s = games[n - 1];
    const row = el("div", "row");
    row.setAttribute("data-game", String(n));
    row.setAttribute("role", "option");
    row.appendChild(el("span", "c-num", String(n)));
    const players = el("span", "c-players");
    playersLabel(players, s);
    row.appendChild(players);
    row.appendChild(el("span", "c-result", s.result));
    row.appendChild(el("span", "c-status st-" + s.status, s.status));
    row.appendChild(el("span", "c-plies", String(s.plies)));
    const source = index.sources[s.source];
    row.title = (source ? source + " " : "") + "game " + s.game + " (line " + s.line + ")" + (s.event ? ": " + s.event : "");
    return row;
  }
  function renderList() {
    spacer.style.height = filtered.length * ROW + "px";
    const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 5);
    const last = Math.min(filtered.length, Math.ceil((list.scrollTop + list.clientHeight) / ROW) + 5);
    const keep = /* @__PURE__ */ new Set();
    for (let k = first; k < last; k++) {
      const n = filtered[k];
      keep.add(n);
      let row = rows.get(n);
      if (!row) {
        row = makeRow(n);
        rows.set(n, row);
        list.appendChild(row);
      }
      row.style.top = k * ROW + "px";
      row.setAttribute("aria-selected", n === selected ? "true" : "false");
    }
    rows.forEach((row, n) => {
      if (!keep.has(n)) {
        row.remove();
        rows.delete(n);
      }
    });
  }
  function applyFilter() {
    const f = selectById("filter").value;
    filtered = [];
    for (let n = 1; n <= games.length; n++) {
      const st = games[n - 1].status;
      if (f === "all" || st === f || f === "bad" && st !== "ok") filtered.push(n);
    }
    $("list-count").textContent = filtered.length + " of " + games.length;
    rows.forEach((row) => {
      row.remove();
    });
    rows.clear();
    renderList();
  }
  function selectGame(n) {
    selected = n;
    rows.forEach((row, k2) => {
      row.setAttribute("aria-selected", k2 === n ? "true" : "false");
    });
    const k = filtered.indexOf(n);
    if (k < 0) return;
    const top = k * ROW;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + ROW > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW - list.clientHeight;
  }
  function setupList(open) {
    list.addEventListener("scroll", () => {
      window.requestAnimationFrame(renderList);
    });
    list.addEventListener("click", (ev) => {
      const row = closest(ev, ".row");
      if (row) open(+(row.getAttribute("data-game") || 0));
    });
    $("filter").addEventListener("change", applyFilter);
  }

  // analysis.js
  function graphPoints(data) {
    const plies = data.plies, points = [];
    for (let k = 0; k <= plies.length; k++) {
      let scores = null;
      if (k < plies.length) {
        const an = (plies[k][2] || {}).an;
        if (an) scores = an.s;
      } else if (k > 0) {
        const an = (plies[k - 1][2] || {}).an;
        if (an && an.a) scores = an.a;
      }
      points.push(scores);
    }
    return points;
  }
  function buildGraph(data) {
    const graph = $("eval-graph");
    clear(graph);
    const points = graphPoints(data);
    const known = points.filter((p) => p).length;
    graph.toggleAttribute("hidden", known === 0);
    graph.setAttribute("data-points", String(known));
    if (!known) return;
    const width = 600, height = 100, last = Math.max(1, points.length - 1);
    const x = (k) => (k / last * width).toFixed(1);
    const y = (score) => (4 + (1 - score / 1e3) * (height - 8)).toFixed(1);
    graph.appendChild(svgEl("line", { x1: 0, x2: width, y1: y(500), y2: y(500), stroke: "#b8aa88", "stroke-dasharray": "4 4", "stroke-width": 1 }));
    const letters = [];
    points.forEach((p) => {
      if (p) p.forEach((s) => {
        if (letters.indexOf(s[0]) < 0) letters.push(s[0]);
      });
    });
    letters.forEach((letter2) => {
      let path = "", pen = false;
      points.forEach((p, k) => {
        let score = null;
        if (p) p.forEach((s) => {
          if (s[0] === letter2) score = s[1];
        });
        if (score === null) {
          pen = false;
          return;
        }
        path += (pen ? " L" : " M") + x(k) + " " + y(score);
        pen = true;
      });
      graph.appendChild(svgEl("path", { d: path, fill: "none", stroke: palette[letter2].fill, "stroke-width": 2.5, "vector-effect": "non-scaling-stroke", "data-colour": letter2 }));
    });
    graph.appendChild(svgEl("line", { id: "eval-cursor", x1: 0, x2: 0, y1: 0, y2: height, stroke: "#b35c00", "stroke-width": 2, "vector-effect": "non-scaling-stroke" }));
    graph.setAttribute("data-plies", String(last));
  }
  function drawGraphCursor(data, ply) {
    const cursorLine = document.getElementById("eval-cursor");
    if (!cursorLine) return null;
    const last = Math.max(1, data.plies.length);
    cursorLine.setAttribute("x1", String(ply / last * 600));
    cursorLine.setAttribute("x2", String(ply / last * 600));
    const an = ply < data.plies.length ? (data.plies[ply][2] || {}).an : null;
    return an && an.b ? an.b : null;
  }
  function setupGraph(go) {
    const graph = $("eval-graph");
    graph.addEventListener("click", (ev) => {
      const box2 = graph.getBoundingClientRect();
      const plies = +(graph.getAttribute("data-plies") || 0);
      go(Math.round((ev.clientX - box2.left) / box2.width * plies));
    });
  }

  // record.js
  function verdictText(g) {
    const v = g.data.verdict, e = v.error;
    const plies = v.plies === 1 ? "1 ply" : v.plies + " plies";
    const rule = e && e.rule ? e.rule + " (" + e.title + ")" : "syntax";
    const reason = e ? "\n" + (e.rule ? e.rule + ": " : "") + e.message : "";
    const where = e ? " (line " + e.line + ", column " + e.column + ")" : "";
    switch (v.status) {
      case "ok":
        return "ok, " + plies + ", " + (v.winner ? v.winner + " wins" : 'not finished, Result "' + v.result + '"');
      case "illegal":
        return "illegal move " + (e ? e.move + " at ply " + e.ply : "") + where + ": " + rule + reason;
      case "malformed":
        return "malformed at line " + (e ? e.line + ", column " + e.column : "") + reason + (g.data.start ? "\nshown: the " + (g.data.plies.length === 1 ? "ply" : g.data.plies.length + " plies") + " read before the error" : "");
      default:
        return "inconsistent result after " + plies + where + ": " + rule + reason;
    }
  }
  function fillTags(list2) {
    const tags2 = tableById("tags").tBodies[0];
    clear(tags2);
    list2.forEach((t) => {
      const tr = el("tr");
      tr.appendChild(breakable("td", "", t[0]));
      tr.appendChild(breakable("td", "", t[1]));
      tags2.appendChild(tr);
    });
  }
  function buildGame(g) {
    const s = g.summary, d = g.data, source = index.sources[s.source];
    const title2 = $("game-title");
    clear(title2);
    title2.appendChild(document.createTextNode("#" + g.n + " "));
    playersLabel(title2, s);
    title2.appendChild(document.createTextNode(" — " + (source ? source + ", " : "") + "game " + s.game + " (line " + s.line + ")" + (s.event ? " — " + s.event : "")));
    const verdict = $("verdict");
    verdict.setAttribute("data-status", d.verdict.status);
    verdict.textContent = verdictText(g);
    const moves = $("moves");
    clear(moves);
    const note = (text) => {
      const li = el("li");
      li.appendChild(breakable("span", "note", text));
      moves.appendChild(li);
    };
    d.lead.forEach((c) => {
      note("{" + c + "}");
    });
    for (let k = 0; k < d.leadPasses; k++) note("pass");
    d.plies.forEach((p, i) => {
      const x = p[2] || {};
      const li = el("li");
      if (x.r) li.appendChild(el("span", "round", x.r + "."));
      const b = el("button", "mv", p[0] + (x.g ? x.g.join("") : ""));
      b.type = "button";
      b.setAttribute("data-ply", String(i + 1));
      if (x.w) b.title = "written " + x.w;
      if (x.an) {
        if (x.an.m) {
          b.classList.add("mark-" + x.an.m);
          b.setAttribute("data-mark", x.an.m);
        }
        b.title = (b.title ? b.title + "; " : "") + "loss " + (x.an.l / 1e3).toFixed(3) + (x.an.b ? ", best " + x.an.b : "");
      }
      li.appendChild(b);
      moves.appendChild(li);
      (x.cm || []).forEach((c) => {
        note("{" + c + "}");
      });
      for (let k = 0; k < (x.ps || 0); k++) note("pass");
    });
    if (d.refused) {
      const li = el("li");
      li.appendChild(el("span", "refused", d.refused.written));
      li.appendChild(el("span", "note", "refused: " + d.refused.rule + " (" + d.refused.title + ")"));
      moves.appendChild(li);
    }
    if (d.syntax) {
      const li = el("li");
      li.appendChild(el("span", "broken", "⚠ the text breaks at line " + d.syntax.line + ", column " + d.syntax.column + ": " + d.syntax.message));
      moves.appendChild(li);
    }
    buildGraph(d);
    fillTags(d.tags);
  }
  function markMove(ply) {
    const moves = $("moves");
    const was = moves.querySelector('[aria-current="true"]');
    if (was) was.removeAttribute("aria-current");
    if (ply === null) return null;
    const now = (
      /** @type {HTMLElement | null} */
      moves.querySelector('button.mv[data-ply="' + ply + '"]')
    );
    if (now) now.setAttribute("aria-current", "true");
    return now;
  }

  // viewer.js
  var rules = null;
  var hooks = { shown() {
  }, step() {
    return false;
  }, movePly() {
    return false;
  } };
  var current = { game: 0, ply: 0 };
  var shownGame = null;
  var cache = /* @__PURE__ */ new Map();
  function loadGame(n) {
    const cached = cache.get(n);
    if (cached) return cached;
    const data = gameData(n);
    let main = null;
    if (rules && data.start) {
      try {
        main = new Line(rules.Position.fromPpn(data.start, data.rules || "2004"), 0, data.plies.map((p) => p[0]));
      } catch (e) {
        main = null;
      }
    }
    const g = { n, data, summary: games[n - 1], main };
    cache.set(n, g);
    if (cache.size > 16) cache.delete(
      /** @type {number} */
      cache.keys().next().value
    );
    return g;
  }
  function moveFields(move) {
    if (!rules) return null;
    try {
      const parts = rules.readMove(move);
      return parts.from ? { from: parts.from, to: parts.to } : null;
    } catch (e) {
      return null;
    }
  }
  function drawEffects(g, ply) {
    clearEffects();
    const text = $("effects-text");
    clear(text);
    const d = g.data;
    const last = g.main ? d.plies.length : 0;
    if (ply > 0 && g.main) {
      const p = d.plies[ply - 1], x = p[2] || {}, e = x.e || {};
      const fields = moveFields(p[0]);
      if (fields) {
        markField("origin", fields.from);
        if (fields.to) markField("destination", fields.to);
      }
      if (e.x) markField("crossing", e.x, e.tf ? "T" : "B");
      split(e.c).forEach((f) => {
        markField("connection", f);
      });
      if (e.p) {
        markField("captured", e.p.substring(0, 2));
        ghost("captured", e.p);
      }
      if (e.m) markField("meeting", e.m);
      split(e.rt).forEach((f) => {
        markField("returned", f);
      });
      split(e.rm).forEach((c) => {
        markField("removed", c.substring(0, 2));
        ghost("removed", c);
      });
      const mover = g.main.position(ply - 1).toMove;
      text.appendChild(el("li", "", "ply " + ply + ", " + mover + ": " + p[0] + (x.w ? " (written " + x.w + ")" : "")));
      (e.d || []).forEach((line) => {
        text.appendChild(el("li", "", line));
      });
    }
    if (ply === last) {
      if (d.refused) {
        const r = d.refused;
        if (r.origin) markField("refused-origin", r.origin);
        if (r.destination) markField("refused-destination", r.destination);
        text.appendChild(el("li", "refused", "next: " + word(r.mover) + " plays " + r.written + ", refused: " + r.rule + " (" + r.title + "): " + r.reason));
      }
      if (d.syntax) {
        text.appendChild(el("li", "broken", "the record breaks at line " + d.syntax.line + ", column " + d.syntax.column + ": " + d.syntax.message));
      }
    }
  }
  function split(list2) {
    return list2 ? list2.split(" ") : [];
  }
  function drawAnalysis(g, ply) {
    const best = drawGraphCursor(g.data, ply);
    const fields = best ? moveFields(best) : null;
    if (best && fields) drawArrow(best, fields.from, fields.to, "data-best");
  }
  function namesOf(g) {
    const names = {};
    g.summary.players.forEach((p) => {
      names[p[0]] = p[1];
    });
    return names;
  }
  function drawPlayers(g, position, ply) {
    const over2 = ply > 0 ? ((g.data.plies[ply - 1][2] || {}).e || {}).over : void 0;
    fillPlayers(position, namesOf(g), g.data.target, over2 !== void 0);
    const status = $("game-status");
    if (!position) status.textContent = "no position: the setup tags cannot be read";
    else if (over2 !== void 0) status.textContent = over2 ? word(over2) + " wins" : "the game is over without a winner";
    else status.textContent = position.toMove + " to move";
    status.setAttribute("data-to-move", over2 === void 0 && position ? letter(position.toMove) : "");
  }
  function forgetShown() {
    shownGame = null;
  }
  function show(n, ply) {
    if (!games.length) return;
    n = Math.min(Math.max(1, n | 0), games.length);
    const g = loadGame(n);
    const last = g.main ? g.main.end() : 0;
    ply = Math.min(Math.max(0, ply | 0), last);
    if (shownGame !== g) {
      buildGame(g);
      shownGame = g;
    }
    current.game = n;
    current.ply = ply;
    const position = g.main ? g.main.position(ply) : null;
    drawPosition(position);
    drawEffects(g, ply);
    drawAnalysis(g, ply);
    drawPlayers(g, position, ply);
    const ppn = position ? position.toPpn() : "";
    $("ppn").textContent = ppn || "(none)";
    $("ppn").setAttribute("data-ppn", ppn);
    const label = $("ply-label");
    label.textContent = ply === 0 ? "start (" + last + (last === 1 ? " ply)" : " plies)") : "ply " + ply + " of " + last;
    label.setAttribute("data-ply", String(ply));
    label.setAttribute("data-game", String(n));
    label.setAttribute("data-line", "main");
    const now = markMove(ply);
    if (now) {
      const box2 = $("moves-pane"), r = now.getBoundingClientRect(), b = box2.getBoundingClientRect();
      if (r.top < b.top || r.bottom > b.bottom) box2.scrollTop += r.top - b.top - b.height / 2;
    }
    selectGame(n);
    const hash = "#game=" + n + "&ply=" + ply;
    if (location.hash !== hash) history.replaceState(null, "", hash);
    hooks.shown(g, ply);
  }
  function step(by) {
    if (!hooks.step(by)) show(current.game, current.ply + by);
  }
  function goFirst() {
    if (!hooks.step(-1e9)) show(current.game, 0);
  }
  function goLast() {
    if (!hooks.step(1e9)) show(current.game, 1e9);
  }
  function otherGame(by) {
    const k = filtered.indexOf(current.game);
    const next = k < 0 ? filtered[0] : filtered[Math.min(Math.max(0, k + by), filtered.length - 1)];
    if (next) show(next, 0);
  }
  function fromHash() {
    const m = /^#game=(\d+)(?:&ply=(\d+))?$/.exec(location.hash);
    if (m) show(+m[1], m[2] ? +m[2] : 0);
    return !!m;
  }
  function setupControls() {
    $("btn-first").addEventListener("click", goFirst);
    $("btn-prev").addEventListener("click", () => {
      step(-1);
    });
    $("btn-next").addEventListener("click", () => {
      step(1);
    });
    $("btn-last").addEventListener("click", goLast);
    $("moves").addEventListener("click", (ev) => {
      const b = closest(ev, "button.mv");
      if (!b) return;
      const ply = +(b.getAttribute("data-ply") || 0);
      if (!hooks.movePly(ply)) show(current.game, ply);
    });
    document.addEventListener("keydown", (ev) => {
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      const target = ev.target instanceof Element ? ev.target : null;
      const tag = target && target.tagName;
      if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA" || tag === "BUTTON" && ev.key === "Enter") return;
      if (target && target.closest("#board, dialog")) return;
      let handled = true;
      switch (ev.key) {
        case "ArrowLeft":
          step(-1);
          break;
        case "ArrowRight":
          step(1);
          break;
        case "Home":
          goFirst();
          break;
        case "End":
          goLast();
          break;
        case "ArrowUp":
          otherGame(-1);
          break;
        case "ArrowDown":
          otherGame(1);
          break;
        default:
          handled = false;
      }
      if (handled) ev.preventDefault();
    });
    window.addEventListener("hashchange", fromHash);
  }
  function startViewer(ready, board3) {
    rules = ready;
    if (board3) hooks = board3;
    setupList((n) => {
      show(n, 0);
    });
    setupGraph((ply) => {
      show(current.game, ply);
    });
    setupControls();
    const sources = index.sources.slice(0, 3).join(", ") + (index.sources.length > 3 ? " and " + (index.sources.length - 3) + " more" : "");
    $("page-summary").textContent = !games.length && document.getElementById("live-game") ? "" : games.length + (games.length === 1 ? " game" : " games") + (index.sources.length ? " from " + sources : "");
    $("app").setAttribute("data-games", String(games.length));
    applyFilter();
    if (!games.length) {
      $("game-title").textContent = "no games in the input";
      drawPosition(null);
    } else if (!fromHash()) {
      show(1, 0);
    }
    document.documentElement.setAttribute("data-ready", "true");
  }

  // board.js
  var refreshers = [];
  var hooks2 = { afterMove() {
  }, save() {
  }, enterLive() {
  }, refusal() {
    return null;
  }, submit: null };
  function onRefresh(fn) {
    refreshers.push(fn);
  }
  function recordedBoard(g) {
    let b = state.boards.get(g.n);
    if (!b && g.main) {
      b = { n: g.n, main: g.main, variations: [], recorded: g };
      state.boards.set(g.n, b);
    }
    return b || null;
  }
  function onMainLine() {
    return !state.view || state.view.line === state.view.game.main;
  }
  function boardDriven() {
    return state.view !== null && (state.view.game === state.live || !onMainLine());
  }
  function currentPosition() {
    return state.view ? state.view.line.position(state.view.ply) : null;
  }
  function atLiveEnd() {
    const v = state.view, live = state.live;
    return !!v && !!live && v.game === live && v.line === live.main && v.ply === live.main.end();
  }
  function isEngineSeat(position) {
    const live = state.live;
    return !!live && !!state.view && state.view.game === live && !position.isFinished() && live.controllers[position.toMove] === "engine";
  }
  function seatRefusal(position) {
    if (isEngineSeat(position)) return position.toMove + " is played by the engine";
    return atLiveEnd() ? hooks2.refusal(position) : null;
  }
  function namesOfGame(game2) {
    const live = state.live;
    if (game2 === live && live) {
      const names = {};
      live.tags.forEach((t) => {
        const l = letter(t[0]);
        if (l !== t[0]) names[l] = t[1];
      });
      return names;
    }
    return game2.recorded ? namesOf(game2.recorded) : {};
  }
  function drawPlayersOf(position, names) {
    const over2 = position.isFinished();
    fillPlayers(position, names, position.target, over2);
    const status = $("game-status");
    const winner = position.winner;
    if (over2) status.textContent = winner ? winner + " wins" : "the game is over without a winner";
    else status.textContent = position.toMove + " to move" + (isEngineSeat(position) ? " (engine)" : "");
    status.setAttribute("data-to-move", over2 ? "" : letter(position.toMove));
  }
  function drawExplained(before, move) {
    clearEffects();
    const text = $("effects-text");
    clear(text);
    if (!before || !move) return;
    const fields = moveFields(move);
    if (fields) {
      markField("origin", fields.from);
      if (fields.to) markField("destination", fields.to);
    }
    let e;
    try {
      e = before.explain(move);
    } catch (err) {
      return;
    }
    if (e.crossing) markField("crossing", e.crossing.field, e.crossing.transformation ? "T" : "B");
    e.connectionFields.forEach((f) => {
      markField("connection", f);
    });
    if (e.captured) markField("captured", e.captured.field);
    if (e.meeting) markField("meeting", e.meeting);
    e.returned.forEach((f) => {
      markField("returned", f);
    });
    text.appendChild(el("li", "", e.mover + ": " + move));
    e.out.forEach((o) => {
      text.appendChild(el("li", "", o.colour + " leaves the game (" + o.reason.replace(/_/g, " ") + ")"));
    });
    if (e.winner) text.appendChild(el("li", "", e.winner + " wins"));
  }
  function drawBoardView() {
    const v = state.view;
    if (!v) return;
    const line = v.line, ply = v.ply, game2 = v.game, position = line.position(ply);
    drawPosition(position);
    const intoLine = ply > line.from || line.from === 0;
    const before = ply === 0 ? null : intoLine ? line.position(ply - 1) : game2.main.position(ply - 1);
    const move = ply === 0 ? null : intoLine ? line.moveInto(ply) : game2.main.moveInto(ply);
    drawExplained(before, move);
    drawPlayersOf(position, namesOfGame(game2));
    const ppn = position.toPpn();
    $("ppn").textContent = ppn;
    $("ppn").setAttribute("data-ppn", ppn);
    const label = $("ply-label");
    const end = line.end();
    label.textContent = (line === game2.main ? "" : "variation: ") + (ply === 0 ? "start" : "ply " + ply) + " of " + end;
    label.setAttribute("data-ply", String(ply));
    label.setAttribute("data-game", game2 === state.live ? "live" : String(game2.n));
    label.setAttribute("data-line", line === game2.main ? "main" : String(game2.variations.indexOf(line) + 1));
  }
  function markCurrentMove() {
    markMove(state.view && onMainLine() ? state.view.ply : null);
  }
  function refresh() {
    const v = state.view;
    if (boardDriven()) drawBoardView();
    else if (v && v.game.recorded) {
      drawEffects(v.game.recorded, v.ply);
      drawAnalysis(v.game.recorded, v.ply);
    }
    markCurrentMove();
    refreshers.forEach((fn) => {
      fn();
    });
    const enabled = !!state.rules && v !== null && !(atLiveEnd() && hooks2.refusal(v.line.position(v.ply)) !== null);
    ["move-input", "btn-play", "btn-hint", "btn-evaluate"].forEach((id) => {
      $(id).disabled = !enabled;
    });
    buttonById("btn-live").hidden = !state.live || v !== null && v.game === state.live;
  }
  function shownRecorded(g, ply) {
    if (!state.rules) return;
    const b = recordedBoard(g);
    state.view = b ? { game: b, line: b.main, ply } : null;
    if (!b) say("info", "no position to play from: the setup tags cannot be read", null);
    else if (said().kind !== "illegal") say("", "", null);
    refresh();
  }
  function showLine(game2, line, ply) {
    const live = state.live;
    if (game2 !== live && line === game2.main) {
      show(game2.n, ply);
      return;
    }
    const was = state.view ? state.view.game : null;
    if (game2 === live && was !== live) hooks2.enterLive();
    if (game2 !== live && was !== game2) show(game2.n, line.from);
    state.view = { game: game2, line, ply: Math.min(Math.max(line.from, ply), line.end()) };
    refresh();
    if (live && game2 === live && line === live.main) hooks2.save();
  }
  function boardStep(by) {
    const v = state.view;
    if (!v || !boardDriven()) return false;
    showLine(v.game, v.line, v.ply + by);
    hooks2.afterMove();
    return true;
  }
  function movePly(ply) {
    const live = state.live;
    if (!live || !state.view || state.view.game !== live) return false;
    showLine(live, live.main, ply);
    return true;
  }
  function play(move) {
    const v = state.view, rules2 = state.rules;
    if (!v || !rules2) return false;
    const game2 = v.game, line = v.line, ply = v.ply;
    const position = line.position(ply);
    const refused = atLiveEnd() ? hooks2.refusal(position) : null;
    if (refused) {
      say("info", refused, null);
      return false;
    }
    let after, text;
    try {
      after = position.play(move);
      text = rules2.readMove(move).text;
    } catch (e) {
      sayError(e);
      return false;
    }
    say("", "", null);
    const live = state.live;
    if (hooks2.submit && live && game2 === live && line === live.main && ply === line.end()) {
      hooks2.submit(text);
      return true;
    }
    if (ply === line.end() && (line !== game2.main || game2 === live)) {
      line.push(text, after);
      if (live && game2 === live && line === live.main) live.ending = "";
      showLine(game2, line, ply + 1);
    } else if (line.moveInto(ply + 1) === text) {
      showLine(game2, line, ply + 1);
    } else {
      const from = line === game2.main ? ply : line.from;
      const wanted = line.moves.slice(0, ply - line.from).concat([text]).join(" ");
      let found = game2.variations.find((w) => w.from === from && w.moves.length >= ply - from + 1 && w.moves.slice(0, ply - from + 1).join(" ") === wanted) || null;
      if (!found) {
        found = new Line(game2.main.position(from), from, line === game2.main ? [] : line.moves.slice(0, ply - from));
        found.push(text, after);
        game2.variations.push(found);
      }
      showLine(game2, found, ply + 1);
    }
    if (game2 === live) hooks2.save();
    hooks2.afterMove();
    return true;
  }

  // input.js
  var choicesBox = $("choices");
  var board2 = $("board");
  var selection = null;
  var focusField = fieldIndex("e1");
  function clearSelection() {
    selection = null;
    clearCandidates(false);
    clear(choicesBox);
  }
  function onField(position, field) {
    if (position.isFinished()) {
      say("info", "the game is over", null);
      return;
    }
    const refused = seatRefusal(position);
    if (refused) {
      say("info", refused, null);
      return;
    }
    if (selection) {
      if (field === selection.from) {
        clearSelection();
        say("", "", null);
        return;
      }
      if (selection.stage === "fields") {
        pickReturnedField(field);
        return;
      }
      if (selection.stage === "items") {
        pickItem(field);
        return;
      }
      const to = selection.moves.filter((m) => m.to === field);
      if (to.length) {
        narrow(to, 0);
        return;
      }
    }
    const chevron = position.chevronAt(field);
    if (chevron && chevron.colour === position.toMove) {
      select(position, field);
      return;
    }
    if (selection) {
      attempt(position, selection.from + "-" + field);
      return;
    }
    if (!chevron) {
      say("info", "no chevron on " + field, null);
      return;
    }
    const step2 = neighbour(field, chevron.facing) || neighbour(field, "N") || neighbour(field, "S");
    attempt(position, field + "-" + step2);
  }
  function attempt(position, move) {
    try {
      position.validate(move);
      say("info", move + " needs more: choose from the fields shown", null);
    } catch (e) {
      sayError(e);
    }
  }
  var TURN = { ">": "turn 45° clockwise", "<": "turn 45° anticlockwise", ">>": "turn 90° clockwise", "<<": "turn 90° anticlockwise" };
  function select(position, field) {
    clearSelection();
    const rules2 = state.rules;
    if (!rules2) return;
    const moves = position.legalMoves().map((m) => rules2.readMove(m)).filter((m) => m.from === field);
    if (!moves.length) {
      const chevron = position.chevronAt(field);
      attempt(position, field + "-" + (chevron && neighbour(field, chevron.facing) || field));
      return;
    }
    const s = {
      from: field,
      stage: (
        /** @type {Selection['stage']} */
        "to"
      ),
      item: 0,
      pending: [],
      rotation: "",
      chosen: [],
      moves: moves.filter((m) => m.kind !== "reorientation"),
      turns: moves.filter((m) => m.kind === "reorientation")
    };
    selection = s;
    candidateMark(field, "selected");
    s.moves.forEach((m) => {
      if (m.to) candidateMark(m.to, "destination");
    });
    const rotations = [];
    s.turns.forEach((m) => {
      if (m.rotation && rotations.indexOf(m.rotation) < 0) rotations.push(m.rotation);
    });
    rotations.forEach((r) => {
      choice(TURN[r] + " (" + r + ")", "rotation", () => {
        startReorientation(r);
      });
    });
    say("info", field + ": " + (s.moves.length ? "choose where it goes" : "") + (s.moves.length && rotations.length ? ", or " : "") + (rotations.length ? "turn it" : ""), null);
  }
  function choice(label, kind, action) {
    const b = el("button", "choice", label);
    b.type = "button";
    b.setAttribute("data-choice", kind);
    b.addEventListener("click", action);
    choicesBox.appendChild(b);
    return b;
  }
  function isField(v) {
    return !!v && /^[a-i][1-9]$/.test(v);
  }
  function narrow(moves, item) {
    if (!selection) return;
    let values;
    for (; ; item++) {
      if (moves.length === 1) {
        finish(moves[0].text);
        return;
      }
      values = [];
      moves.forEach((m) => {
        if (values.indexOf(m.items[item]) < 0) values.push(m.items[item]);
      });
      if (values.length > 1) break;
    }
    selection.stage = "items";
    selection.item = item;
    selection.pending = moves;
    clearCandidates(true);
    clear(choicesBox);
    const position = currentPosition();
    let what = "a field";
    values.forEach((v) => {
      if (v && isField(v)) candidateMark(v, "item");
    });
    const at = item;
    const sample = moves.filter((m) => isField(m.items[at]))[0];
    if (sample && position) {
      try {
        const e = position.explain(sample.text);
        if (e.crossing && e.crossing.field === sample.items[at]) what = "the field the crossing colours";
        else if (e.meeting === sample.items[at]) what = "the field the meeting colours";
      } catch (err) {
      }
    }
    values.forEach((v) => {
      const label = v === "*" ? "connection change (*)" : v === void 0 ? "nothing more" : v;
      choice(label, "item", () => {
        pickItem(v);
      });
    });
    say("info", "choose " + (values.indexOf("*") >= 0 ? "the connection change or " : "") + what + ": " + values.filter((v) => v !== void 0).join(" "), null);
  }
  function pickItem(value) {
    const s = selection, position = currentPosition();
    if (!s || !position) return;
    const item = s.item;
    const left = s.pending.filter((m) => m.items[item] === value);
    if (!left.length) {
      if (value && isField(value)) {
        const own = position.chevronAt(value);
        if (own && own.colour === position.toMove) {
          select(position, value);
          return;
        }
        const sample = s.pending[0];
        const items = sample.items.slice(0, item).concat([value]);
        attempt(position, sample.from + (sample.kind === "pincer" ? "x" : "-") + sample.to + "(" + items.join(",") + ")");
      }
      return;
    }
    narrow(left, item + 1);
  }
  function startReorientation(rotation) {
    const s = selection;
    if (!s) return;
    const turns = s.turns.filter((m) => m.rotation === rotation);
    s.stage = "fields";
    s.pending = turns;
    s.rotation = rotation;
    s.chosen = [];
    if (turns.length === 1) {
      finish(turns[0].text);
      return;
    }
    showReturnable();
  }
  function showReturnable() {
    const s = selection;
    if (!s) return;
    clearCandidates(true);
    clear(choicesBox);
    const chosen = s.chosen;
    const open = [];
    const fitting = s.pending.filter((m) => chosen.every((f) => m.returned.indexOf(f) >= 0));
    fitting.forEach((m) => {
      m.returned.forEach((f) => {
        if (chosen.indexOf(f) < 0 && open.indexOf(f) < 0) open.push(f);
      });
    });
    open.sort((a, b) => fieldIndex(a) - fieldIndex(b));
    open.forEach((f) => {
      candidateMark(f, "returnable");
    });
    chosen.forEach((f) => {
      candidateMark(f, "returned");
    });
    open.forEach((f) => {
      choice(f, "returnable", () => {
        pickReturnedField(f);
      });
    });
    const need = s.pending[0].returned.length;
    say("info", "choose the " + need + " fields the turn gives back (" + chosen.length + " chosen): " + open.join(" "), null);
  }
  function pickReturnedField(field) {
    const s = selection, position = currentPosition();
    if (!s || !position) return;
    const chosen = s.chosen, at = chosen.indexOf(field);
    if (at >= 0) chosen.splice(at, 1);
    else if (s.pending.some((m) => m.returned.indexOf(field) >= 0 && chosen.every((f) => m.returned.indexOf(f) >= 0))) chosen.push(field);
    else {
      attempt(position, s.from + s.rotation + "(" + chosen.concat([field]).join(",") + ")");
      return;
    }
    const done = s.pending.filter((m) => m.returned.length === chosen.length && chosen.every((f) => m.returned.indexOf(f) >= 0));
    if (done.length === 1) {
      finish(done[0].text);
      return;
    }
    showReturnable();
  }
  function finish(move) {
    clearSelection();
    play(move);
  }
  function drawFocus2() {
    drawFocus(focusField);
    const now = said();
    say(now.kind || "info", now.kind ? now.text : fieldName(focusField), now.rule);
  }
  function setupInput() {
    onRefresh(clearSelection);
    board2.addEventListener("click", (ev) => {
      const g = closest(ev, "g.field");
      if (!g || !state.rules) return;
      const field = g.getAttribute("data-field") || "";
      focusField = fieldIndex(field);
      drawFocus(-1);
      const position = currentPosition();
      if (position) onField(position, field);
    });
    board2.setAttribute("tabindex", "0");
    board2.setAttribute("aria-label", "the board: arrows to move between fields, Enter to pick");
    const ARROWS = { ArrowUp: 9, ArrowDown: -9, ArrowLeft: -1, ArrowRight: 1 };
    board2.addEventListener("keydown", (ev) => {
      const d = ARROWS[ev.key];
      if (d !== void 0) {
        let next = focusField + d;
        if (d === 1 && focusField % 9 === 8 || d === -1 && focusField % 9 === 0 || next < 0 || next > 80) next = focusField;
        focusField = next;
        drawFocus2();
        ev.preventDefault();
      } else if (ev.key === "Enter" || ev.key === " ") {
        const position = currentPosition();
        if (position) onField(position, fieldName(focusField));
        drawFocus2();
        ev.preventDefault();
      } else if (ev.key === "Escape") {
        clearSelection();
        say("", "", null);
      }
    });
    board2.addEventListener("keyup", (ev) => {
      if (ev.key === "Tab") drawFocus2();
    });
    board2.addEventListener("blur", () => {
      drawFocus(-1);
    });
  }

  // textentry.js
  var moveInput = inputById("move-input");
  var suggestions = $("move-suggestions");
  var suggestionAt = -1;
  function completions(text) {
    const position = currentPosition();
    if (!position || position.isFinished()) return [];
    return position.completions(text);
  }
  function updateSuggestions() {
    clear(suggestions);
    suggestionAt = -1;
    const text = moveInput.value;
    if (!text.trim() || !state.rules) return;
    const list2 = completions(text);
    list2.slice(0, 12).forEach((m, i) => {
      const li = el("li", "", m);
      li.setAttribute("role", "option");
      li.id = "suggestion-" + i;
      li.addEventListener("mousedown", (ev) => {
        ev.preventDefault();
        moveInput.value = m;
        submitMove();
      });
      suggestions.appendChild(li);
    });
    if (list2.length > 12) suggestions.appendChild(el("li", "more", list2.length - 12 + " more"));
  }
  function options() {
    return suggestions.querySelectorAll('li[role="option"]');
  }
  function highlightSuggestion(k) {
    const items = options();
    if (!items.length) return;
    suggestionAt = (k + items.length) % items.length;
    items.forEach((li, i) => {
      li.setAttribute("aria-selected", i === suggestionAt ? "true" : "false");
    });
    moveInput.setAttribute("aria-activedescendant", items[suggestionAt].id);
  }
  function submitMove() {
    let text = moveInput.value.trim();
    const items = options();
    if (suggestionAt >= 0 && items[suggestionAt]) text = items[suggestionAt].textContent || "";
    if (!text) return;
    const position = currentPosition();
    if (!position) return;
    const refused = atLiveEnd() ? seatRefusal(position) : null;
    if (refused) {
      say("info", refused, null);
      return;
    }
    let refusal2 = null;
    try {
      position.validate(text);
    } catch (e) {
      refusal2 = e || new Error("refused");
    }
    if (refusal2) {
      const fitting = completions(text);
      if (fitting.length === 1 && !(refusal2 instanceof pacruRules.IllegalMove)) text = fitting[0];
      else {
        sayError(refusal2);
        return;
      }
    }
    if (play(text)) {
      moveInput.value = "";
      updateSuggestions();
    }
  }
  function setupTextEntry() {
    onRefresh(updateSuggestions);
    moveInput.addEventListener("input", updateSuggestions);
    moveInput.addEventListener("keydown", (ev) => {
      if (ev.key === "ArrowDown") {
        highlightSuggestion(suggestionAt + 1);
        ev.preventDefault();
      } else if (ev.key === "ArrowUp") {
        highlightSuggestion(suggestionAt - 1);
        ev.preventDefault();
      } else if (ev.key === "Tab" && !ev.shiftKey) {
        const items = options();
        const pick = items[Math.max(0, suggestionAt)];
        if (pick && moveInput.value.trim() && pick.textContent !== moveInput.value) {
          moveInput.value = pick.textContent || "";
          updateSuggestions();
          ev.preventDefault();
        }
      } else if (ev.key === "Escape") {
        moveInput.value = "";
        updateSuggestions();
      }
    });
    $("move-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      submitMove();
    });
  }

  // variations.js
  function renderVariations() {
    const box2 = $("variations-box"), list2 = $("variations");
    clear(list2);
    const v = state.view;
    const game2 = v ? v.game : null;
    const has = !!game2 && game2.variations.length > 0;
    box2.hidden = !has;
    buttonById("btn-main-line").hidden = !game2 || onMainLine();
    if (!v || !game2 || !has) return;
    game2.variations.forEach((line, k) => {
      const li = el("li");
      li.setAttribute("data-variation", String(k + 1));
      if (line === v.line) li.setAttribute("aria-current", "true");
      li.appendChild(el("span", "var-from", "after ply " + line.from + ":"));
      line.moves.forEach((m, i) => {
        const b = el("button", "mv", m);
        b.type = "button";
        b.setAttribute("data-variation", String(k + 1));
        b.setAttribute("data-ply", String(line.from + i + 1));
        if (line === v.line && v.ply === line.from + i + 1) b.setAttribute("aria-current", "true");
        li.appendChild(b);
      });
      const del = el("button", "var-delete", "×");
      del.type = "button";
      del.title = "delete this variation";
      del.setAttribute("aria-label", "delete variation " + (k + 1));
      del.setAttribute("data-delete", String(k + 1));
      li.appendChild(del);
      list2.appendChild(li);
    });
  }
  function setupVariations() {
    onRefresh(renderVariations);
    $("variations").addEventListener("click", (ev) => {
      const b = closest(ev, "button");
      const v = state.view;
      if (!b || !v) return;
      const game2 = v.game;
      if (b.hasAttribute("data-delete")) {
        const line = game2.variations[+(b.getAttribute("data-delete") || 0) - 1];
        game2.variations.splice(game2.variations.indexOf(line), 1);
        if (v.line === line) showLine(game2, game2.main, line.from);
        else refresh();
        if (game2 === state.live) hooks2.save();
        return;
      }
      showLine(game2, game2.variations[+(b.getAttribute("data-variation") || 0) - 1], +(b.getAttribute("data-ply") || 0));
    });
    $("btn-main-line").addEventListener("click", () => {
      const v = state.view;
      if (v && !onMainLine()) showLine(v.game, v.game.main, v.line.from);
    });
  }

  // storage.js
  var STORE_KEY = "pacru-board:" + index.page + ":" + location.pathname;
  function saveLive(live, strength) {
    const saved = {
      tags: live.tags,
      moves: live.main.moves,
      controllers: live.controllers,
      ending: live.ending,
      variations: live.variations.map((v) => ({ from: v.from, moves: v.moves })),
      strength
    };
    try {
      localStorage.setItem(STORE_KEY, JSON.stringify(saved));
    } catch (e) {
    }
  }
  function strings(list2) {
    return Array.isArray(list2) && list2.every((x) => typeof x === "string");
  }
  function loadSaved() {
    let saved = null;
    try {
      saved = JSON.parse(localStorage.getItem(STORE_KEY) || "null");
    } catch (e) {
      return null;
    }
    if (!saved || typeof saved !== "object" || !strings(saved.moves) || !Array.isArray(saved.tags) || !saved.tags.every((t) => strings(t) && t.length === 2)) return null;
    const variations = Array.isArray(saved.variations) ? saved.variations.filter((v) => v && Number.isInteger(v.from) && v.from >= 0 && strings(v.moves)) : [];
    return {
      tags: saved.tags,
      moves: saved.moves,
      variations,
      controllers: saved.controllers && typeof saved.controllers === "object" ? saved.controllers : {},
      ending: typeof saved.ending === "string" ? saved.ending : "",
      strength: typeof saved.strength === "string" ? saved.strength : ""
    };
  }

  // live.js
  function saveLive2() {
    if (state.live) saveLive(state.live, selectById("engine-strength").value);
  }
  function cleanTag(value) {
    return value.replace(/[\u0000-\u001f\u007f-\u009f]/g, "");
  }
  function makeLive(saved) {
    const rules2 = (
      /** @type {import('./rules.js').Rules} */
      state.rules
    );
    const tags2 = {};
    const list2 = saved.tags.map((t) => [t[0], cleanTag(t[1])]);
    list2.forEach((t) => {
      tags2[t[0]] = t[1];
    });
    const start2 = rules2.Position.startOf({ tags: tags2 });
    const main = new Line(start2, 0, []);
    const game2 = { n: 0, main, variations: [], recorded: null, tags: list2, controllers: {}, ending: typeof saved.ending === "string" ? saved.ending : "" };
    const moves = saved.moves || [];
    for (let i = 0; i < moves.length; i++) {
      try {
        main.push(moves[i], main.position(i).play(moves[i]));
      } catch (e) {
        break;
      }
    }
    start2.players.forEach((colour) => {
      game2.controllers[colour] = saved.controllers && saved.controllers[colour] === "engine" ? "engine" : "human";
    });
    (saved.variations || []).forEach((v) => {
      if (v.from > main.end()) return;
      const line = new Line(main.position(v.from), v.from, []);
      for (let k = 0; k < v.moves.length; k++) {
        try {
          line.push(v.moves[k], line.position(v.from + k).play(v.moves[k]));
        } catch (e) {
          break;
        }
      }
      if (line.moves.length) game2.variations.push(line);
    });
    return game2;
  }
  function tagValue(name) {
    const live = state.live;
    if (!live) return null;
    for (const t of live.tags) if (t[0] === name) return t[1];
    return null;
  }
  function setTag(name, value) {
    const live = state.live;
    if (!live) return;
    for (let i = 0; i < live.tags.length; i++) {
      if (live.tags[i][0] === name) {
        if (value === "") live.tags.splice(i, 1);
        else live.tags[i][1] = value;
        return;
      }
    }
    if (value !== "") live.tags.push([name, value]);
  }
  function title() {
    return "Live game" + (tagValue("Event") ? " — " + tagValue("Event") : "");
  }
  function buildLiveMoves() {
    const live = state.live;
    if (!live) return;
    forgetShown();
    $("eval-graph").toggleAttribute("hidden", true);
    const moves = $("moves");
    clear(moves);
    const order = live.main.position(0).players;
    let round = 0, last = Infinity;
    live.main.moves.forEach((m, i) => {
      const li = el("li");
      const mover = order.indexOf(live.main.position(i).toMove);
      if (mover <= last) {
        round++;
        li.appendChild(el("span", "round", round + "."));
      }
      last = mover;
      const b = el("button", "mv", m);
      b.type = "button";
      b.setAttribute("data-ply", String(i + 1));
      li.appendChild(b);
      moves.appendChild(li);
    });
    $("game-title").textContent = title();
    const verdict = $("verdict");
    verdict.setAttribute("data-status", "live");
    verdict.textContent = "";
    fillTags(live.tags);
  }
  function liveEnding(live) {
    const position = live.main.position(live.main.end());
    const moves = live.main.moves;
    if (position.isFinished()) {
      return { result: position.winner || "draw", termination: moves[moves.length - 1] === "resign" ? "resignation" : "rules" };
    }
    const ending = (live.ending || "").split(":");
    if (!ending[0]) return { result: "*", termination: null };
    return { result: ending[1] || "draw", termination: ending[0] };
  }
  function livePgr() {
    const live = state.live, rules2 = state.rules;
    if (!live || !rules2) return "";
    const tags2 = {};
    live.tags.forEach((t) => {
      tags2[t[0]] = t[1];
    });
    const ending = liveEnding(live);
    const result = ending.result;
    tags2.Result = result;
    if (ending.termination && !tags2.Termination) tags2.Termination = ending.termination;
    return rules2.formatGame({ tags: tags2, moves: live.main.moves, result });
  }
  function renderLiveBox() {
    const box2 = $("live-box");
    const live = state.live;
    box2.hidden = state.remote || !live || !state.view || state.view.game !== live;
    if (box2.hidden || !live) return;
    buildLiveMoves();
    markCurrentMove();
    const seats = tableById("seats").tBodies[0];
    clear(seats);
    live.main.position(0).players.forEach((colour) => {
      const tr = el("tr");
      const who = el("td");
      const sw = el("span", "sw");
      sw.style.background = palette[letter(colour)].fill;
      who.appendChild(sw);
      who.appendChild(document.createTextNode(colour));
      tr.appendChild(who);
      const nameCell = el("td");
      const input = el("input");
      input.id = "tag-" + colour;
      input.setAttribute("data-tag", colour);
      input.maxLength = 200;
      input.value = tagValue(colour) || "";
      input.setAttribute("aria-label", colour + "'s name");
      nameCell.appendChild(input);
      tr.appendChild(nameCell);
      const byCell = el("td");
      const select3 = el("select");
      select3.id = "controller-" + colour;
      select3.setAttribute("aria-label", colour + " played by");
      ["human", "engine"].forEach((v) => {
        const o = el("option", "", v === "human" ? "a person" : "the engine");
        o.value = v;
        select3.appendChild(o);
      });
      select3.value = live.controllers[colour];
      select3.addEventListener("change", () => {
        live.controllers[colour] = select3.value;
        saveLive2();
        drawBoardView();
        hooks2.afterMove();
      });
      byCell.appendChild(select3);
      tr.appendChild(byCell);
      seats.appendChild(tr);
    });
    ["Event", "Site", "Date", "Round"].forEach((name) => {
      const input = inputById("tag-" + name);
      if (document.activeElement !== input) input.value = tagValue(name) || "";
    });
    const select2 = selectById("live-ending");
    const finished = live.main.position(live.main.end()).isFinished();
    Array.prototype.slice.call(select2.options, 3).forEach((o) => {
      o.remove();
    });
    live.main.position(0).players.forEach((colour) => {
      [["time", " wins on time"], ["adjudication", " wins by adjudication"]].forEach((kind) => {
        const o = el("option", "", colour + kind[1]);
        o.value = kind[0] + ":" + colour;
        select2.appendChild(o);
      });
    });
    select2.value = finished ? "" : live.ending;
    select2.disabled = finished;
    buttonById("btn-takeback").disabled = live.main.end() === 0;
    buttonById("btn-resign").disabled = finished;
    $("pgr-text").value = livePgr();
  }
  function showPgr() {
    $("pgr-text").value = livePgr();
  }
  function setupLive(cancelSearch2) {
    onRefresh(renderLiveBox);
    hooks2.enterLive = buildLiveMoves;
    hooks2.save = saveLive2;
    $("live-box").addEventListener("input", (ev) => {
      const target = ev.target instanceof HTMLInputElement ? ev.target : null;
      const name = target && target.getAttribute("data-tag");
      if (!target || !name || !state.live) return;
      setTag(name, cleanTag(target.value));
      saveLive2();
      showPgr();
      if (name === "Event") $("game-title").textContent = title();
    });
    $("live-ending").addEventListener("change", () => {
      if (!state.live) return;
      state.live.ending = selectById("live-ending").value;
      saveLive2();
      showPgr();
    });
    $("btn-takeback").addEventListener("click", () => {
      const live = state.live;
      if (!live || !live.main.end()) return;
      const end = live.main.end() - 1;
      live.main.truncate(end);
      live.variations = live.variations.filter((v) => v.from <= end);
      cancelSearch2();
      say("info", "took back the last move", null);
      showLine(live, live.main, end);
      saveLive2();
    });
    $("btn-resign").addEventListener("click", () => {
      const live = state.live, v = state.view;
      if (!live || !v || v.game !== live) return;
      if (v.line !== live.main || v.ply !== live.main.end()) showLine(live, live.main, live.main.end());
      play("resign");
    });
    $("btn-download").addEventListener("click", () => {
      const text = livePgr();
      const a = el("a");
      a.href = URL.createObjectURL(new Blob([text], { type: "application/x-pacru-pgr" }));
      const date = (tagValue("Date") || "").replace(/[^0-9.]/g, "");
      a.download = "pacru-game" + (date ? "-" + date : "") + ".pgr";
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => {
        URL.revokeObjectURL(a.href);
      }, 1e3);
    });
    $("btn-copy").addEventListener("click", () => {
      const text = livePgr();
      const done = () => {
        say("info", "the record is on the clipboard", null);
      };
      const fallback = () => {
        const area = (
          /** @type {HTMLTextAreaElement} */
          $("pgr-text")
        );
        $("pgr-box").open = true;
        area.value = text;
        area.select();
        try {
          if (document.execCommand("copy")) {
            done();
            return;
          }
        } catch (e) {
        }
        say("info", "select the record below and copy it", null);
      };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, fallback);
      else fallback();
    });
    $("btn-live").addEventListener("click", () => {
      const live = state.live;
      if (live) showLine(live, live.main, live.main.end());
    });
    const dialog = (
      /** @type {HTMLDialogElement} */
      $("new-game-dialog")
    );
    $("btn-new-game").addEventListener("click", () => {
      const warning = $("new-game-warning");
      const moves = state.live ? state.live.main.end() : 0;
      warning.hidden = !moves;
      warning.textContent = moves ? "The live game (" + moves + (moves === 1 ? " move" : " moves") + ") will be discarded." : "";
      $("new-start").textContent = moves ? "Discard it and start" : "Start";
      dialog.showModal();
    });
    dialog.addEventListener("close", () => {
      if (dialog.returnValue !== "start") return;
      const players = +selectById("new-players").value;
      const letters = ["KR", "KRY", "KRYG"][players - 2];
      cancelSearch2();
      const live = makeLive({ tags: [["Players", letters], ["Rules", selectById("new-rules").value]], moves: [] });
      state.live = live;
      saveLive2();
      say("", "", null);
      showLine(live, live.main, 0);
      hooks2.afterMove();
    });
  }

  // engine.js
  var engine = null;
  var searchId = 0;
  var pending = null;
  var output = $("engine-output");
  function engineWorker() {
    self.onmessage = function(ev) {
      const m = ev.data;
      if (m.type === "init") {
        pacruRules.initSync({ module: m.module });
        return;
      }
      try {
        const position = pacruRules.Position.fromPpn(m.ppn, m.rules);
        const result = pacruRules.bestMove(position, m.budget);
        self.postMessage({ id: m.id, result });
      } catch (e) {
        self.postMessage({ id: m.id, error: String(e instanceof Error ? e.message : e) });
      }
    };
  }
  function budget() {
    const v = selectById("engine-strength").value.split(":");
    const b = { seed: 0 };
    if (v[0] === "nodes") b.nodes = +v[1];
    else b.millis = +v[1];
    return b;
  }
  function search(position, purpose, done) {
    if (!engine) return;
    searchId++;
    pending = { id: searchId, purpose, done };
    output.textContent = "thinking…";
    output.setAttribute("data-state", "thinking");
    engine.postMessage({ id: searchId, ppn: position.toPpn(), rules: position.rules, budget: budget() });
  }
  function cancelSearch() {
    pending = null;
    output.setAttribute("data-state", "");
    if (output.textContent === "thinking…") output.textContent = "";
  }
  function onEngine(ev) {
    const m = ev.data;
    if (!pending || m.id !== pending.id) return;
    const p = pending;
    pending = null;
    output.setAttribute("data-state", "");
    if (m.error) {
      say("error", "engine: " + m.error, null);
      output.textContent = "";
      return;
    }
    p.done(m.result);
  }
  function evaluationText(result) {
    const evaluation = (
      /** @type {Record<string, number>} */
      result.evaluation
    );
    return Object.keys(evaluation).map((colour) => colour + " " + evaluation[colour].toFixed(3)).join(", ");
  }
  function showEvaluation(result, purpose) {
    output.textContent = (purpose === "hint" && result.move ? "best: " + result.move + "; " : "") + "expected scores: " + evaluationText(result);
    output.setAttribute("data-move", result.move || "");
    output.setAttribute("data-evaluation", JSON.stringify(result.evaluation));
  }
  function maybeEngineMove() {
    const live = state.live, v = state.view;
    if (!live || !v || v.game !== live || v.line !== live.main || v.ply !== live.main.end()) return;
    const position = live.main.position(live.main.end());
    if (!isEngineSeat(position) || pending && pending.purpose === "play") return;
    const line = live.main, ply = v.ply;
    search(position, "play", (result) => {
      const move = result.move;
      if (live.main !== line || line.end() !== ply || !move) return;
      const now = state.view;
      if (now && now.game === live && now.line === line && now.ply === ply) {
        play(move);
      } else {
        line.push(move, line.position(ply).play(move));
        saveLive2();
      }
      output.textContent = position.toMove + " (engine) played " + move + "; expected scores: " + evaluationText(result);
    });
  }
  function startEngine(module) {
    hooks2.afterMove = maybeEngineMove;
    try {
      const source = (
        /** @type {string} */
        $("rules-script").textContent + "\n(" + engineWorker.toString() + ")();\n"
      );
      engine = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
      engine.onmessage = onEngine;
      engine.onerror = () => {
        say("error", "the engine stopped", null);
      };
      engine.postMessage({ type: "init", module });
    } catch (e) {
      engine = null;
      ["btn-hint", "btn-evaluate"].forEach((id) => {
        buttonById(id).hidden = true;
      });
    }
    $("btn-hint").addEventListener("click", () => {
      const position = currentPosition();
      const v = state.view;
      if (!position || !v || position.isFinished()) {
        say("info", "the game is over", null);
        return;
      }
      const at = { line: v.line, ply: v.ply };
      search(position, "hint", (result) => {
        showEvaluation(result, "hint");
        const now = state.view;
        const fields = result.move ? moveFields(result.move) : null;
        if (now && now.line === at.line && now.ply === at.ply && result.move && fields) drawArrow(result.move, fields.from, fields.to, "data-hint");
      });
    });
    $("btn-evaluate").addEventListener("click", () => {
      const position = currentPosition();
      if (!position) return;
      search(position, "evaluate", (result) => {
        showEvaluation(result, "evaluate");
      });
    });
    $("engine-strength").addEventListener("change", saveLive2);
  }

  // server.js
  var game;
  var viewer = null;
  var socket = null;
  var clocksAt = 0;
  var pending2 = false;
  function mySeat() {
    const mine = viewer === null ? void 0 : game.players.find((p) => p.username === viewer);
    return mine ? mine.colour : null;
  }
  function over() {
    return game.status === "finished" || game.status === "aborted";
  }
  function refusal(position) {
    if (over() || position.isFinished()) return "the game is over";
    if (game.status !== "playing") return "the game starts when every seat is taken";
    const seat = mySeat();
    if (!seat) return viewer === null ? "you are watching: sign in and take a seat to play" : "you are watching this game";
    if (position.toMove !== seat) return "it is " + position.toMove + "'s move";
    if (pending2) return "waiting for the server to answer the move";
    return null;
  }
  function submit(move) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      say("error", "not connected to the server: the move was not sent", null);
      return;
    }
    pending2 = true;
    socket.send(JSON.stringify({ type: "move", move, ply: game.moves.length + 1 }));
    say("info", "sent " + move, null);
    refresh();
  }
  function tags() {
    const list2 = [["Players", game.players.map((p) => p.seat).join("")], ["Rules", game.rules]];
    game.players.forEach((p) => {
      if (p.username) list2.push([p.colour, p.username]);
    });
    return list2;
  }
  function sync() {
    const live = state.live;
    if (!live) return;
    const follow = !state.view || atLiveEnd();
    live.tags = tags();
    const moves = game.moves.filter((m) => m !== "pass");
    let same = 0;
    while (same < live.main.end() && same < moves.length && live.main.moves[same] === moves[same]) same++;
    if (same < live.main.end()) live.main.truncate(same);
    for (let i = same; i < moves.length; i++) {
      try {
        live.main.push(moves[i], live.main.position(i).play(moves[i]));
      } catch (e) {
        say("error", "the board cannot follow the server at " + moves[i] + ": " + (e instanceof Error ? e.message : e), null);
        break;
      }
    }
    const view = state.view;
    showLine(live, live.main, follow || !view ? live.main.end() : view.ply);
  }
  function clockText(ms) {
    const s = Math.max(0, Math.ceil(ms / 1e3));
    if (s >= 86400) return Math.floor(s / 86400) + "d " + Math.floor(s % 86400 / 3600) + "h";
    const two = (n) => (n < 10 ? "0" : "") + n;
    const h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60);
    return (h ? h + ":" + two(m) : String(m)) + ":" + two(s % 60);
  }
  function statusText() {
    if (game.status === "open") {
      const seated = game.players.filter((p) => p.username).length;
      return "waiting for players: " + seated + " of " + game.players.length + " seats taken";
    }
    if (game.status === "aborted") return "aborted";
    if (game.status === "finished") {
      return (game.winner ? game.winner + " wins" : "no winner") + " (" + (game.result || "") + (game.termination ? ", " + game.termination : "") + ")";
    }
    return game.to_move ? palette[game.to_move].word + " to move" : "playing";
  }
  function drawServerBox() {
    const seats = $("server-seats");
    clear(seats);
    const elapsed = performance.now() - clocksAt;
    const ticking = game.status === "playing" ? game.to_move : null;
    game.players.forEach((p) => {
      const li = el("li");
      li.setAttribute("data-seat", p.seat);
      const sw = el("span", "sw");
      sw.style.background = palette[p.seat] ? palette[p.seat].fill : "";
      li.appendChild(sw);
      li.appendChild(el("span", "server-name", p.colour + ": " + (p.username || "(free seat)")));
      if (game.clocks && typeof game.clocks[p.seat] === "number") {
        const ms = game.clocks[p.seat] - (p.seat === ticking ? elapsed : 0);
        const clock = el("span", "server-clock", clockText(ms));
        clock.setAttribute("data-ticking", p.seat === ticking ? "true" : "false");
        li.appendChild(clock);
      }
      seats.appendChild(li);
    });
    const status = $("server-status");
    status.textContent = statusText();
    status.setAttribute("data-status", game.status);
    status.setAttribute("data-result", game.result || "");
    const seat = mySeat();
    $("server-seat").textContent = seat ? "You play " + seat + "." : viewer ? "You are watching." : "You are watching (not signed in).";
    const position = state.live ? state.live.main.position(state.live.main.end()) : null;
    buttonById("btn-server-resign").disabled = !position || refusal(position) !== null;
    $("game-title").textContent = "Game " + game.id;
  }
  function receive(m) {
    if (!m || typeof m !== "object") return;
    if (m.type === void 0 && typeof m.id === "string") {
      game = m;
      clocksAt = performance.now();
    } else if (m.type === "move") {
      if (m.ply === game.moves.length + 1) game.moves.push(m.move);
      if (m.clocks !== void 0) {
        game.clocks = m.clocks;
        clocksAt = performance.now();
      }
      const live = state.live;
      game.to_move = null;
      if (live) {
        const moves = game.moves.filter((x) => x !== "pass");
        let position = live.main.position(live.main.end());
        try {
          for (let i = live.main.end(); i < moves.length; i++) position = position.play(moves[i]);
        } catch (e) {
        }
        if (!position.isFinished()) game.to_move = letter(position.toMove);
      }
    } else if (m.type === "join") {
      if (m.game && typeof m.game === "object") {
        game = m.game;
        clocksAt = performance.now();
      }
    } else if (m.type === "end") {
      if (m.clocks !== void 0) {
        game.clocks = m.clocks;
        clocksAt = performance.now();
      }
      game.status = m.status || "finished";
      game.result = m.result;
      game.termination = m.termination;
      game.winner = m.winner;
      game.to_move = null;
    } else if (m.type === "answer") {
      pending2 = false;
      if (m.status === 200 && m.game) {
        game = m.game;
        clocksAt = performance.now();
        say("", "", null);
      } else if (m.error === "illegal") {
        say("illegal", "the server refused the move: " + (m.rule ? m.rule + ": " : "") + (m.message || ""), m.rule || null);
      } else {
        say("error", "the server refused the move: " + m.error + (m.message ? ": " + m.message : ""), null);
      }
    } else {
      return;
    }
    sync();
  }
  function connect() {
    const url = location.protocol.replace(/^http/, "ws") + "//" + location.host + "/ws/games/" + encodeURIComponent(game.id);
    const ws = new WebSocket(url);
    socket = ws;
    ws.addEventListener("message", (ev) => {
      let m;
      try {
        m = JSON.parse(String(ev.data));
      } catch (e) {
        return;
      }
      receive(m);
    });
    ws.addEventListener("open", () => {
      document.documentElement.setAttribute("data-socket", "open");
      $("server-connection").hidden = true;
    });
    ws.addEventListener("close", () => {
      document.documentElement.setAttribute("data-socket", "closed");
      if (pending2) {
        pending2 = false;
        say("error", "the connection closed before the server answered: the move may not have been played", null);
      }
      if (socket === ws && !over()) {
        $("server-connection").hidden = false;
        setTimeout(connect, 1e3);
      }
    });
  }
  function makeServerBox() {
    const box2 = el("section");
    box2.id = "server-box";
    box2.setAttribute("aria-label", "the game on the server");
    const seat = el("p");
    seat.id = "server-seat";
    box2.appendChild(seat);
    const seats = el("ul");
    seats.id = "server-seats";
    box2.appendChild(seats);
    const status = el("p");
    status.id = "server-status";
    status.setAttribute("role", "status");
    box2.appendChild(status);
    const connection = el("p", "", "The connection to the server is lost: reconnecting…");
    connection.id = "server-connection";
    connection.setAttribute("role", "alert");
    connection.hidden = true;
    box2.appendChild(connection);
    const resign = el("button", "", "Resign");
    resign.type = "button";
    resign.id = "btn-server-resign";
    box2.appendChild(resign);
    const pane = $("moves-pane");
    pane.insertBefore(box2, pane.firstChild);
    resign.addEventListener("click", () => {
      const live = state.live;
      if (!live) return;
      showLine(live, live.main, live.main.end());
      if (hooks2.submit) {
        const refused = refusal(live.main.position(live.main.end()));
        if (refused) {
          say("info", refused, null);
          return;
        }
        hooks2.submit("resign");
      }
    });
  }
  function startServerGame(data) {
    game = data.game;
    viewer = data.viewer;
    clocksAt = performance.now();
    state.remote = true;
    ["btn-new-game", "engine-bar", "list-pane", "live-box"].forEach((id) => {
      $(id).hidden = true;
    });
    document.documentElement.setAttribute("data-server", "true");
    makeServerBox();
    hooks2.save = () => {
    };
    hooks2.refusal = refusal;
    hooks2.submit = submit;
    onRefresh(() => {
      buildLiveMoves();
      markCurrentMove();
      drawServerBox();
    });
    state.live = makeLive({ tags: tags(), moves: [] });
    sync();
    setInterval(() => {
      if (game.status === "playing" && game.clocks) drawServerBox();
    }, 250);
    connect();
  }

  // main.js
  function startBoard(rules2, module) {
    state.rules = rules2;
    setupInput();
    setupTextEntry();
    setupVariations();
    setupLive(cancelSearch);
    startEngine(module);
    startViewer(rules2, { shown: shownRecorded, step: boardStep, movePly });
    const remote = serverGame();
    if (remote) {
      startServerGame(remote);
      document.documentElement.setAttribute("data-board", "ready");
      return;
    }
    const saved = loadSaved();
    const given = givenLive();
    const strength = selectById("engine-strength");
    if (saved && saved.strength && strength.querySelector('option[value="' + saved.strength.replace(/[^a-z0-9:]/g, "") + '"]')) {
      strength.value = saved.strength;
    }
    if (saved || given) {
      try {
        state.live = makeLive(
          /** @type {import('./data.js').LiveData} */
          saved || given
        );
      } catch (e) {
        state.live = given ? makeLive(given) : null;
      }
    }
    buttonById("btn-new-game").disabled = false;
    const live = state.live;
    if (live && (!games.length || !/^#game=/.test(location.hash))) {
      showLine(live, live.main, live.main.end());
      maybeEngineMove();
    }
    document.documentElement.setAttribute("data-board", "ready");
  }
  function start() {
    loadRules().then(({ rules: rules2, module }) => {
      startBoard(rules2, module);
    }, (e) => {
      startViewer(null);
      say("error", "the rules could not start: " + (e instanceof Error ? e.message : e) + ": the games can be read, not shown or played", null);
      document.documentElement.setAttribute("data-board", "failed");
    });
  }
  start();
})();
