// @ts-check
// The text box: moves in notation, completed from the legal moves the rules
// give for the text typed so far (Position.completions).
import { $, el, clear, inputById } from './dom.js';
import { state } from './state.js';
import { say, sayError } from './messages.js';
import { currentPosition, seatRefusal, atLiveEnd, play, onRefresh } from './board.js';

const moveInput = inputById('move-input');
const suggestions = $('move-suggestions');
let suggestionAt = -1;

/** The legal moves `text` can still become. @param {string} text @returns {string[]} */
function completions(text) {
  const position = currentPosition();
  if (!position || position.isFinished()) return [];
  return position.completions(text);
}

/** Lists the completions of the text typed. */
export function updateSuggestions() {
  clear(suggestions);
  suggestionAt = -1;
  const text = moveInput.value;
  if (!text.trim() || !state.rules) return;
  const list = completions(text);
  list.slice(0, 12).forEach((m, i) => {
    const li = el('li', '', m);
    li.setAttribute('role', 'option');
    li.id = 'suggestion-' + i;
    li.addEventListener('mousedown', (ev) => { ev.preventDefault(); moveInput.value = m; submitMove(); });
    suggestions.appendChild(li);
  });
  if (list.length > 12) suggestions.appendChild(el('li', 'more', (list.length - 12) + ' more'));
}

function options() { return suggestions.querySelectorAll('li[role="option"]'); }

/** @param {number} k */
function highlightSuggestion(k) {
  const items = options();
  if (!items.length) return;
  suggestionAt = (k + items.length) % items.length;
  items.forEach((li, i) => { li.setAttribute('aria-selected', i === suggestionAt ? 'true' : 'false'); });
  moveInput.setAttribute('aria-activedescendant', items[suggestionAt].id);
}

/** Plays the box (or the completion picked). */
function submitMove() {
  let text = moveInput.value.trim();
  const items = options();
  if (suggestionAt >= 0 && items[suggestionAt]) text = items[suggestionAt].textContent || '';
  if (!text) return;
  const position = currentPosition();
  if (!position) return;
  const refused = atLiveEnd() ? seatRefusal(position) : null;
  if (refused) {
    say('info', refused, null);
    return;
  }
  /** @type {unknown} */
  let refusal = null;
  try { position.validate(text); } catch (e) { refusal = e || new Error('refused'); }
  if (refusal) {
    // An unfinished text that starts exactly one legal move plays that move.
    const fitting = completions(text);
    if (fitting.length === 1 && !(refusal instanceof pacruRules.IllegalMove)) text = fitting[0];
    else { sayError(refusal); return; }
  }
  if (play(text)) {
    moveInput.value = '';
    updateSuggestions();
  }
}

/** Wires the text box. */
export function setupTextEntry() {
  onRefresh(updateSuggestions);
  moveInput.addEventListener('input', updateSuggestions);
  moveInput.addEventListener('keydown', (ev) => {
    if (ev.key === 'ArrowDown') { highlightSuggestion(suggestionAt + 1); ev.preventDefault(); }
    else if (ev.key === 'ArrowUp') { highlightSuggestion(suggestionAt - 1); ev.preventDefault(); }
    else if (ev.key === 'Tab' && !ev.shiftKey) {
      const items = options();
      const pick = items[Math.max(0, suggestionAt)];
      if (pick && moveInput.value.trim() && pick.textContent !== moveInput.value) {
        moveInput.value = pick.textContent || '';
        updateSuggestions();
        ev.preventDefault();
      }
    } else if (ev.key === 'Escape') { moveInput.value = ''; updateSuggestions(); }
  });
  $('move-form').addEventListener('submit', (ev) => { ev.preventDefault(); submitMove(); });
}
