import { MAX_LABEL_LENGTH } from '../contract/event-limits.js';

// Where a person types: their text must never leave the page, whatever element it sits in.
const TYPED = 'input,textarea,select,[contenteditable]';

/** Whitespace collapsed, trimmed, cut to the limit without leaving half of a surrogate pair. */
export const clean = (text: string | null | undefined) =>
  (text || '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_LABEL_LENGTH)
    .replace(/[\ud800-\udbff]$/, '');

/**
 * The text an element shows (innerText: only what is rendered), or '' when it holds or sits in
 * something a person edits, whose text is theirs, not the page's.
 */
export function shownText(el: Element): string {
  return el instanceof HTMLElement && !el.isContentEditable && !el.querySelector(TYPED) ? clean(el.innerText) : '';
}

/**
 * What a person sees on a link or button: its text, else its aria-label, title or an image's alt
 * (icon links), else an input button's value. Never any other input's value.
 */
export function elementLabel(el: Element): string | undefined {
  const value = el instanceof HTMLInputElement && /^(submit|button|reset)$/.test(el.type) ? el.value : '';
  return (
    shownText(el) ||
    clean(el.getAttribute('aria-label')) ||
    clean(el.getAttribute('title')) ||
    clean(el.querySelector('img[alt]')?.getAttribute('alt')) ||
    clean(value) ||
    undefined
  );
}

/** What names a form for a person: its aria-label, else its first legend or heading, else its submit button. */
export function formLabel(form: HTMLFormElement): string | undefined {
  const heading = form.querySelector('legend,h1,h2,h3,h4,h5,h6');
  const submit = form.querySelector('button:not([type]),button[type=submit],input[type=submit]');
  return (
    clean(form.getAttribute('aria-label')) ||
    (heading && shownText(heading)) ||
    (submit && elementLabel(submit)) ||
    undefined
  );
}
