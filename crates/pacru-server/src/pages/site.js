// The lobby's and the profile's script (docs/server-pages.md): the forms and
// buttons call the server's API (its own origin, JSON bodies) and the page is
// reloaded, or the browser goes to the game's board. Text the server answers is
// shown as text, never parsed as HTML.
'use strict';

(() => {
  const message = document.getElementById('site-message');

  function say(kind, text) {
    message.textContent = text;
    message.setAttribute('data-kind', kind);
  }

  // Sends `body` as JSON with `method` to `path`; the answer's JSON, or throws
  // its refusal in words.
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
      const why = json && json.error ? json.error + (json.message ? ': ' + json.message : '') : response.status + ' ' + response.statusText;
      throw new Error(why);
    }
    return json;
  }

  function field(form, name) { return form.elements.namedItem(name); }

  // Runs `action` when `form` is sent, saying its failure.
  function onSubmit(id, action) {
    const form = document.getElementById(id);
    if (!form) return;
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      say('info', 'working…');
      action(form).catch((e) => { say('error', e.message); });
    });
  }

  onSubmit('sign-up-form', async (form) => {
    await call('POST', '/api/account', { username: field(form, 'username').value, password: field(form, 'password').value, bot: false });
    location.reload();
  });
  onSubmit('sign-in-form', async (form) => {
    await call('POST', '/api/session', { username: field(form, 'username').value, password: field(form, 'password').value });
    location.reload();
  });
  // The body of POST /api/games from a game form (players, rules, clock, rated).
  function newGame(form) {
    const kind = field(form, 'clock').value;
    let clock = null;
    if (kind === 'live') clock = { initial: Math.round(Number(field(form, 'initial').value) * 60), increment: Number(field(form, 'increment').value) };
    else if (kind === 'days') clock = { days: Number(field(form, 'days').value) };
    return { players: Number(field(form, 'players').value), rules: field(form, 'rules').value, clock, rated: field(form, 'rated').checked };
  }
  // The fields of the clock chosen are the ones in use: the others are
  // disabled, so that the browser neither checks nor sends them.
  function clockFields(form) {
    const kind = field(form, 'clock').value;
    field(form, 'initial').disabled = kind !== 'live';
    field(form, 'increment').disabled = kind !== 'live';
    field(form, 'days').disabled = kind !== 'days';
  }
  ['create-form', 'invite-form'].forEach((id) => {
    const form = document.getElementById(id);
    if (!form) return;
    clockFields(form);
    field(form, 'clock').addEventListener('change', () => { clockFields(form); });
  });
  onSubmit('create-form', async (form) => {
    const game = await call('POST', '/api/games', newGame(form));
    location.href = '/games/' + encodeURIComponent(game.id);
  });
  // A bot's profile: the game is opened with the bot (and any others named)
  // invited; the bot joins it by itself.
  onSubmit('invite-form', async (form) => {
    const body = newGame(form);
    const others = field(form, 'others').value.split(/[\s,]+/).filter((n) => n);
    body.invite = [field(form, 'bot').value].concat(others);
    const game = await call('POST', '/api/games', body);
    location.href = '/games/' + encodeURIComponent(game.id);
  });

  const signOut = document.getElementById('btn-sign-out');
  if (signOut) {
    signOut.addEventListener('click', () => {
      call('DELETE', '/api/session').then(() => { location.reload(); }, (e) => { say('error', e.message); });
    });
  }

  document.querySelectorAll('button.join[data-game]').forEach((button) => {
    button.addEventListener('click', () => {
      const id = button.getAttribute('data-game');
      call('POST', '/api/games/' + encodeURIComponent(id) + '/join', {}).then(() => {
        location.href = '/games/' + encodeURIComponent(id);
      }, (e) => { say('error', e.message); });
    });
  });
})();
