import type { Change } from '../contract/experiments.js';
import { isProtectedElement, LAYOUT_PROPERTIES, STRUCTURAL_OPS } from '../contract/protected-elements.js';
import { safeHtml } from './html-sanitizer.js';

/** Set on an element once its changes are applied: the anti-flicker rule stops hiding it. */
export const DONE = 'data-sl';
/** Set on copies made by `duplicate`: they are finished copies, never changed (or copied) again. */
const COPY = 'data-sl-copy';
// CSS properties whose numbers have no unit; every other number is taken as pixels.
const UNITLESS =
  /^(opacity|zIndex|fontWeight|lineHeight|flex|flexGrow|flexShrink|order|zoom|scale|columnCount|orphans|widows|tabSize)$/;

/**
 * Applies one change to one element.
 * - `text`: textContent; `html`: innerHTML of the value as the sanitizer leaves it (no script of any
 *   kind), and nothing at all in a script built without one.
 * - `css`: `{backgroundColor: '#0a0', fontSize: 18}` as inline styles; numbers get `px` except for
 *   unitless properties (opacity, zIndex, fontWeight, lineHeight, flex…). Camel case becomes the CSS
 *   name (`WebkitLineClamp` → `-webkit-line-clamp`); values the browser rejects are ignored.
 * - `image`: an `<img>` gets the new `src` (its `srcset` and a `<picture>`'s `<source>`s go, or they
 *   would win); any other element gets it as its background image.
 * - `delete`: removes the element; `duplicate`: puts a copy right after it.
 */
export function applyChange(el: Element, change: Change): void {
  const value = change.value;
  const style = (el as HTMLElement).style;
  switch (change.op) {
    case 'text':
      el.textContent = String(value);
      break;
    case 'html': {
      const html = safeHtml(String(value));
      if (html != null) el.innerHTML = html;
      break;
    }
    case 'css':
      for (const name in value as Record<string, unknown>) {
        // Refused by the API too; a test stored before that still cannot lay an element over the page.
        if (LAYOUT_PROPERTIES.test(name.replace(/-/g, '').toLowerCase())) continue;
        const v = (value as Record<string, unknown>)[name];
        style.setProperty(
          name.replace(/[A-Z]/g, '-$&').toLowerCase(),
          typeof v == 'number' && !UNITLESS.test(name) ? v + 'px' : String(v),
        );
      }
      break;
    case 'image':
      if (el instanceof HTMLImageElement) {
        const picture = el.parentElement;
        if (picture && picture.localName == 'picture') picture.querySelectorAll('source').forEach((s) => s.remove());
        el.removeAttribute('srcset');
        el.src = String(value);
      } else style.backgroundImage = 'url(' + JSON.stringify(String(value)) + ')';
      break;
    case 'delete':
      el.remove();
      break;
    case 'duplicate': {
      const copy = el.cloneNode(true) as Element;
      copy.setAttribute(COPY, '');
      el.after(copy);
    }
  }
}

/** Whether the parser is done with `el`: a node follows it (or one of its ancestors). */
function parsed(el: Node | null): boolean {
  for (; el; el = el.parentNode) if (el.nextSibling) return true;
  return false;
}

// What each change has been applied to, so running again (on every DOM mutation) changes nothing twice.
const applied = new WeakMap<Change, WeakSet<Element>>();

/**
 * Applies `changes`, in order, to every element under `roots` (the roots themselves included) that
 * matches and has not had that change yet. While the document is still being parsed an element waits
 * until the parser has moved past it, so a text change is not followed by the rest of the old text;
 * the next run (the next parser mutation, or DOMContentLoaded) takes it.
 */
export function applyChanges(changes: Change[], roots: ParentNode[]): void {
  const loading = document.readyState == 'loading';
  for (const change of changes) {
    // Checked by the API too; here as well, for what `.x` or `:is(style)` finds and for tests stored before.
    const structural = STRUCTURAL_OPS.indexOf(change.op) >= 0; // a word of the list: no op is part of another
    let done = applied.get(change);
    if (!done) applied.set(change, (done = new WeakSet()));
    for (const root of roots) {
      let found: Element[];
      try {
        found = Array.from(root.querySelectorAll(change.selector));
        if (root instanceof Element && root.matches(change.selector)) found.unshift(root);
      } catch {
        break; // not a valid selector: this change can never apply
      }
      for (const el of found) {
        if (done.has(el) || el.closest('[' + COPY + ']') || (loading && !parsed(el))) continue;
        if (structural && isProtectedElement(el)) continue;
        done.add(el);
        el.setAttribute(DONE, '');
        applyChange(el, change);
      }
    }
  }
}
