import { MAX_SNAPSHOT_ELEMENTS } from '../contract/event-limits.js';
import { clean } from './element-label.js';
import { currentPath } from './pageviews.js';
import { selectorOf } from './selector.js';
import { load, save } from './storage.js';
import type { Emit, SnapshotElement } from './types.js';

const SNAPSHOT_KEY = 'sl_snap';
// Wait for late styles and images, and for a single-page app to render its new view.
const DELAY_MS = 1_000;
// Most telling first, so the cap cuts image and link lists, not headings and calls to action.
const KINDS: [string, SnapshotElement['kind']][] = [
  ['h1,h2,h3', 'heading'],
  ['button,[role=button],input[type=submit],input[type=button]', 'button'],
  ['form', 'form'],
  ['a[href]', 'link'],
  ['img', 'image'],
];
const STYLES = ['color', 'backgroundColor', 'fontSize', 'fontWeight', 'padding', 'borderRadius'] as const;

function describe(el: Element, kind: SnapshotElement['kind']): SnapshotElement {
  const css = getComputedStyle(el);
  const styles = {} as SnapshotElement['styles'];
  for (const name of STYLES) styles[name] = css[name];
  // A link painted as a button is a call to action; the recommender treats it as one.
  if (kind == 'link' && !/^(transparent|rgba\(0, 0, 0, 0\))$/.test(css.backgroundColor)) kind = 'button';
  // innerText leaves the values of fields out, but not what was typed into an editable region.
  const typed = el instanceof HTMLElement && (el.isContentEditable || el.querySelector('[contenteditable]'));
  const text =
    el instanceof HTMLImageElement
      ? el.alt
      : el instanceof HTMLInputElement
        ? el.value
        : typed
          ? ''
          : (el as HTMLElement).innerText;
  return {
    selector: selectorOf(el),
    tag: el.localName,
    kind,
    text: clean(text),
    href: el instanceof HTMLAnchorElement ? el.href.slice(0, 2048) : undefined,
    src: el instanceof HTMLImageElement ? el.currentSrc.slice(0, 2048) || undefined : undefined,
    styles,
  };
}

/** The page's key elements that are rendered (display:none ones have no boxes). */
export function pageElements(): SnapshotElement[] {
  const seen = new Set<Element>();
  const out: SnapshotElement[] = [];
  for (const [query, kind] of KINDS) {
    document.querySelectorAll(query).forEach((el) => {
      if (out.length < MAX_SNAPSHOT_ELEMENTS && !seen.has(el) && el.getClientRects().length)
        out.push(describe(el, kind));
      seen.add(el);
    });
  }
  return out;
}

/**
 * Sends a snapshot of the current page at most once per path and day per browser: the recommender
 * needs the page's current look, not a copy per visit.
 */
export function scheduleSnapshot(emit: Emit): void {
  const path = currentPath();
  const run = () => {
    const day = new Date().toISOString().slice(0, 10);
    let done = load<{ day: string; paths: string[] }>(SNAPSHOT_KEY);
    if (!done || done.day != day) done = { day, paths: [] };
    if (currentPath() != path || done.paths.indexOf(path) >= 0) return;
    done.paths = done.paths.concat(path).slice(-200);
    save(SNAPSHOT_KEY, done);
    emit('snapshot', { elements: pageElements() });
  };
  const later = () => setTimeout(run, DELAY_MS);
  if (document.readyState == 'complete') later();
  else addEventListener('load', later, { once: true });
}
