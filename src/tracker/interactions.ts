import { elementLabel, formLabel } from './element-label.js';
import { selectorOf } from './selector.js';
import type { Emit } from './types.js';

const CLICKABLE = 'a,button,[role=button],input[type=submit],input[type=button]';

/**
 * Clicks on links and buttons, and form submissions, each with the element's selector and what a
 * person sees of it (element-label.ts). Capture phase, so page code that stops
 * propagation or prevents the default (a form answered in place) still gets counted.
 */
export function trackInteractions(emit: Emit): void {
  document.addEventListener(
    'click',
    (e) => {
      const el = e.target instanceof Element ? e.target.closest(CLICKABLE) : null;
      if (!el) return;
      // SVG links have an object for href; only HTML links have a destination worth reporting.
      const href = el instanceof HTMLAnchorElement && el.href ? el.href.slice(0, 2048) : undefined;
      emit('click', { target: selectorOf(el), href, label: elementLabel(el) });
    },
    true,
  );
  document.addEventListener(
    'submit',
    (e) => {
      const form = e.target;
      if (!(form instanceof HTMLFormElement)) return;
      const source = form.getAttribute('data-source') || form.getAttribute('name') || form.id || undefined;
      emit('form_submit', { target: selectorOf(form), source: source?.slice(0, 256), label: formLabel(form) });
    },
    true,
  );
}
