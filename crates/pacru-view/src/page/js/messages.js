// @ts-check
// The line under the board: what the board says, and the rules' refusals in it.
import { $ } from './dom.js';

const box = $('board-message');

/**
 * Says `text`, of `kind` ('' to clear, 'info', 'illegal', 'error'), naming `rule`.
 * @param {string} kind
 * @param {string} text
 * @param {string | null} [rule]
 */
export function say(kind, text, rule) {
  box.textContent = text;
  box.setAttribute('data-kind', kind);
  if (rule) box.setAttribute('data-rule', rule); else box.removeAttribute('data-rule');
}

/** What is said now. */
export function said() {
  return { kind: box.getAttribute('data-kind') || '', text: box.textContent || '', rule: box.getAttribute('data-rule') };
}

/**
 * An error of the rules in words: the rule and the reason of an `IllegalMove`,
 * the reason of an `InvalidMove`.
 * @param {unknown} e
 */
function errorText(e) {
  if (e instanceof pacruRules.IllegalMove) return e.rule + ': ' + e.reason;
  if (e instanceof pacruRules.InvalidMove) return 'not a move: ' + e.message;
  return String(e instanceof Error ? e.message : e);
}

/** Says what the rules refused. @param {unknown} e */
export function sayError(e) {
  if (e instanceof pacruRules.IllegalMove) say('illegal', errorText(e), e.rule);
  else say('error', errorText(e), null);
}
