// The event page's script (docs/server-pages.md): follows the event's stream
// (`/api/events/{id}/stream`, one JSON line per change) and draws pairings,
// standings, crosstable and players from each line with text nodes only; the
// buttons and forms call the event's API. Nothing the server sends is parsed
// as HTML.
'use strict';

(() => {
  const root = document.getElementById('event');
  if (!root) return;
  const id = root.getAttribute('data-event') || '';
  const me = root.getAttribute('data-me') || '';
  const message = document.getElementById('site-message');
  const stateLine = document.getElementById('event-state');
  const api = '/api/events/' + encodeURIComponent(id);

  function say(kind, text) {
    message.textContent = text;
    message.setAttribute('data-kind', kind);
  }

  // An element `tag` with `attrs` and children (strings become text nodes).
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value !== null && value !== undefined && value !== false) node.setAttribute(key, String(value));
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
    }
    return node;
  }

  function same(a, b) { return a.toLowerCase() === b.toLowerCase(); }

  async function call(method, path, body) {
    const init = { method, headers: {}, credentials: 'same-origin' };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await fetch(path, init);
    const text = await response.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch (e) { json = null; }
    if (!response.ok) {
      let why = json && json.error ? String(json.error) : response.status + ' ' + response.statusText;
      if (json && json.rule) why += ' (' + json.rule + (json.ply ? ', ply ' + json.ply : '') + ')';
      if (json && json.message) why += ': ' + json.message;
      throw new Error(why);
    }
    return json;
  }

  function clockWords(clock) {
    if (!clock) return 'no clock';
    if (clock.days) return clock.days + (clock.days === 1 ? ' day' : ' days') + ' a move';
    const minutes = clock.initial % 60 === 0 ? String(clock.initial / 60) : (clock.initial + ' s');
    return minutes + '+' + clock.increment;
  }

  function profile(name) { return el('a', { href: '/@/' + encodeURIComponent(name) }, name); }

  function resultWords(table) {
    if (table.result === null) return table.game ? 'in play' : 'waiting';
    const points = (table.points || []).map((p) => String(Math.round(p * 100) / 100)).join('-');
    return (table.result === 'draw' ? 'draw' : table.result + ' wins') + (points ? ' (' + points + ')' : '') +
      (table.status === 'decided' ? ', decided' : '');
  }

  let current = null;

  function drawRounds(event) {
    const box = document.getElementById('rounds');
    box.replaceChildren();
    if (event.rounds.length === 0) {
      box.append(el('p', { class: 'none' }, 'No round is paired yet.'));
      return;
    }
    for (const round of event.rounds.slice().reverse()) {
      const body = el('tbody', {});
      for (const table of round.tables) {
        const mine = me && table.players.some((p) => same(p, me)) && table.result === null;
        const players = el('td', {});
        table.players.forEach((p, i) => {
          if (i > 0) players.append(', ');
          players.append(profile(p));
        });
        const onBoard = event.venue === 'board' && table.result === null
          ? el('a', { href: api.replace('/api/', '/') + '/board?round=' + round.round + '&table=' + table.table, class: 'table-board' }, 'record on the board')
          : '';
        const game = table.game
          ? el('a', { href: '/games/' + encodeURIComponent(table.game), class: 'table-game' }, table.result === null ? 'watch or play' : 'replay')
          : onBoard;
        body.append(el('tr', { 'data-round': round.round, 'data-table': table.table, class: mine ? 'mine' : null, id: mine ? 'my-table' : null },
          el('td', {}, String(table.table)), players, el('td', {}, game), el('td', { class: 'result' }, resultWords(table))));
      }
      for (const bye of round.byes) {
        body.append(el('tr', { class: 'bye' }, el('td', {}, 'bye'), el('td', {}, profile(bye.username)), el('td', {}, ''), el('td', {}, String(bye.points))));
      }
      box.append(el('h3', {}, 'Round ' + round.round),
        el('div', { class: 'scroll' }, el('table', { class: 'pairings', 'data-round': round.round },
          el('thead', {}, el('tr', {}, el('th', {}, 'table'), el('th', {}, 'players in seat order'), el('th', {}, 'game'), el('th', {}, 'result'))), body)));
    }
  }

  function drawStandings(event) {
    const table = document.getElementById('standings');
    const keys = event.standings.length ? Object.keys(event.standings[0].tiebreaks) : [];
    const head = el('tr', {}, el('th', {}, 'rank'), el('th', {}, 'player'), el('th', {}, 'points'), el('th', {}, 'games'));
    for (const key of keys) head.append(el('th', {}, key.replace(/_/g, ' ')));
    const body = el('tbody', {});
    for (const line of event.standings) {
      const row = el('tr', { 'data-player': line.name }, el('td', {}, String(line.rank)), el('td', {}, profile(line.name)),
        el('td', {}, String(line.points)), el('td', {}, String(line.games)));
      for (const key of keys) row.append(el('td', {}, String(Math.round(line.tiebreaks[key] * 100) / 100)));
      body.append(row);
    }
    table.replaceChildren(el('thead', {}, head), body);
  }

  function drawCrosstable(event) {
    const table = document.getElementById('crosstable');
    const head = el('tr', {}, el('th', {}, '#'), el('th', {}, 'player'), el('th', {}, 'points'));
    for (const round of event.rounds) head.append(el('th', {}, 'R' + round.round));
    const body = el('tbody', {});
    for (const line of event.crosstable) {
      const row = el('tr', {}, el('td', {}, String(line.line)), el('td', {}, line.name), el('td', {}, String(line.points)));
      for (const cell of line.rounds) row.append(el('td', {}, cell.text));
      body.append(row);
    }
    table.replaceChildren(el('thead', {}, head), body);
  }

  function drawEntrants(event) {
    const list = document.getElementById('entrants');
    list.replaceChildren(...event.entrants.map((p) => el('li', { 'data-player': p.username }, profile(p.username),
      p.withdrawn_from ? ' (withdrawn from round ' + p.withdrawn_from + ')' : '',
      p.checked_in ? ' (checked in)' : '')));
  }

  function drawControls(event) {
    const entrant = me ? event.entrants.find((p) => same(p.username, me)) : undefined;
    const started = event.rounds.length > 0;
    const show = (elementId, visible) => {
      const node = document.getElementById(elementId);
      if (node) node.hidden = !visible;
    };
    show('btn-join', !!me && !entrant && event.rounds.length < event.planned_rounds);
    show('btn-check-in', !!entrant && !started && !entrant.checked_in && !entrant.withdrawn_from);
    show('btn-withdraw', !!entrant && !entrant.withdrawn_from && !event.finished);
    const arbiter = root.getAttribute('data-arbiter') === 'true';
    const mineOnBoard = event.venue === 'board' && !!document.getElementById('my-table');
    show('record-entry', arbiter || mineOnBoard);
    const form = document.getElementById('record-form');
    const mine = document.getElementById('my-table');
    if (form && mine && form instanceof HTMLFormElement) {
      const round = form.elements.namedItem('round');
      const table = form.elements.namedItem('table');
      if (round instanceof HTMLInputElement && !round.value) round.value = mine.getAttribute('data-round') || '';
      if (table instanceof HTMLInputElement && !table.value) table.value = mine.getAttribute('data-table') || '';
    }
  }

  function draw(event) {
    current = event;
    const played = event.rounds.length;
    document.getElementById('event-summary').replaceChildren(
      'arbiter ', profile(event.arbiter), ' · ', String(event.players_per_table), ' a table · ',
      event.system + ', ' + event.planned_rounds + ' rounds · rules ' + event.rules + ' · ' +
      (event.venue === 'board' ? 'played on boards' : 'played here, ' + clockWords(event.clock)) +
      (event.rated ? ' · rated' : ''));
    stateLine.textContent = event.finished ? 'The event is over.' :
      played === 0 ? 'Waiting for the first round.' : 'Round ' + played + ' of ' + event.planned_rounds + '.';
    drawRounds(event);
    drawStandings(event);
    drawCrosstable(event);
    drawEntrants(event);
    drawControls(event);
    root.setAttribute('data-shown', String(Date.now()));
  }

  // Follows the stream, drawing each line; reconnects after a pause when it ends.
  async function follow() {
    let pause = 500;
    for (;;) {
      try {
        const response = await fetch(api + '/stream', { credentials: 'same-origin' });
        if (!response.ok || !response.body) throw new Error('stream: ' + response.status);
        root.setAttribute('data-stream', 'open');
        pause = 500;
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffered = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffered += decoder.decode(value, { stream: true });
          let end;
          while ((end = buffered.indexOf('\n')) >= 0) {
            const line = buffered.slice(0, end).trim();
            buffered = buffered.slice(end + 1);
            if (!line) continue;
            const update = JSON.parse(line);
            if (update.type === 'event') draw(update.event);
          }
        }
      } catch (e) {
        stateLine.textContent = 'Connection lost; trying again…';
      }
      root.setAttribute('data-stream', 'closed');
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 10000);
    }
  }

  function act(buttonId, action) {
    const button = document.getElementById(buttonId);
    if (!button) return;
    button.addEventListener('click', () => {
      say('info', 'working…');
      action().then(() => say('info', 'done'), (e) => say('error', e.message));
    });
  }

  function onSubmit(formId, action) {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      say('info', 'working…');
      action(form).then(() => say('info', 'done'), (e) => say('error', e.message));
    });
  }

  function value(form, name) {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : '';
  }

  act('btn-pair', () => call('POST', api + '/pair', {}));
  act('btn-unpair', () => call('POST', api + '/unpair', {}));
  act('btn-join', () => call('POST', api + '/join', {}));
  act('btn-check-in', () => call('POST', api + '/checkin', {}));
  act('btn-withdraw', () => call('POST', api + '/withdraw', {}));
  onSubmit('add-player-form', (form) => call('POST', api + '/players', { username: value(form, 'username') }));
  onSubmit('withdraw-form', (form) => call('POST', api + '/withdraw', { username: value(form, 'username') }));
  onSubmit('reinstate-form', (form) => call('POST', api + '/reinstate', { username: value(form, 'username') }));
  onSubmit('decide-form', (form) => {
    const winner = value(form, 'winner').trim();
    const body = { round: Number(value(form, 'round')), table: Number(value(form, 'table')), reason: value(form, 'reason') };
    return call('POST', api + '/decide', winner ? { ...body, winner } : { ...body, draw: true });
  });
  onSubmit('record-form', (form) => call('POST', api + '/record',
    { round: Number(value(form, 'round')), table: Number(value(form, 'table')), record: value(form, 'record') }));

  follow();
  void current;
})();
