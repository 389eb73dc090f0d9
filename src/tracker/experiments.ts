import type { Change, TrackerConfig, TrackerExperiment } from '../contract/experiments.js';
import { readablePath } from '../contract/readable-path.js';
import { applyChanges, DONE } from './apply-changes.js';
import { assign } from './assign.js';
import { sessionId } from './ids.js';
import { load, save } from './storage.js';
import type { Emit } from './types.js';

/** A variant read without narrowing which kind it is: a served config is checked field by field anyway. */
type AnyVariant = Partial<
  Extract<TrackerExperiment['variants'][number], { url: string }> &
    Extract<TrackerExperiment['variants'][number], { changes: unknown }>
>;

declare global {
  interface Window {
    /** Prepended to the script by `/sightline.js?p=ID`: the property's active experiments. */
    __sightlineConfig?: TrackerConfig;
  }
}

/** However slow the page, nothing stays hidden longer than this. */
export const HIDE_MS = 1_500;
/** Redirect variants this visitor was sent to: `{experiment id: variant}`. */
const REDIRECTED = 'sl_rd';
/** Experiments already reported in the current session: `{s: session id, ids: [...]}`. */
const EXPOSED = 'sl_exp';
/** `[time, destination path]` of the last experiment redirect: a page just reached that way never redirects on. */
const HOP = 'sl_hop';
const HOP_MS = 5_000;

// Both sides read alike: experiment pages are stored readable (contract pagePath), location encodes.
const norm = (path: string) => readablePath(path).replace(/(.)\/$/, '$1');

/** `url` resolved against the page when it stays on the page's origin, else null. */
function within(url: string): URL | null {
  try {
    const to = new URL(url, location.href);
    return to.origin == location.origin ? to : null;
  } catch {
    return null;
  }
}

/** Hides what matches `rules` (selectors) until the returned function runs, or HIDE_MS at most. */
function hide(rules: string[]): () => void {
  let sheet: CSSStyleSheet;
  let show: () => void;
  if (document.adoptedStyleSheets) {
    // An adopted stylesheet is in no element, so no change's selector can reach it (a text change on
    // a <style> once rewrote this one). Browsers without them (Safari before 16.4) get a <style>.
    const own = (sheet = new CSSStyleSheet());
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, own];
    show = () => (document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s != own));
  } else {
    const style = document.createElement('style');
    (document.head || document.documentElement).appendChild(style);
    sheet = style.sheet!;
    show = () => style.remove();
  }
  for (const rule of rules) {
    try {
      // One rule each: a selector the browser rejects (or one that tries to close the rule) costs only itself.
      sheet.insertRule(rule + '{opacity:0!important}');
    } catch {
      // Never hidden, so never stuck hidden.
    }
  }
  setTimeout(show, HIDE_MS);
  return show;
}

export interface Experiments {
  /** Works out the current page's experiments; true when the visitor is being sent to a redirect variant. */
  route(): boolean;
  /** Sends an exposure for each of the current page's experiments, once per session and experiment. */
  expose(): void;
}

/**
 * Runs the property's experiments on the current page. Called synchronously while the page loads:
 * `redirect` variants replace the location before anything paints (query string and fragment kept);
 * `nocode` variants hide only the elements they change, apply as elements appear (and to elements
 * added later, for as long as the page stays on the experiment's path), and show each as soon as it
 * is changed. A destination reached by a redirect counts as the experiment's page for that visitor.
 */
export function runExperiments(
  config: TrackerConfig | undefined,
  visitor: string,
  emit: Emit,
  preview?: [string, number] | null,
): Experiments {
  // A preview runs only its own test, in the variant asked for, and records nothing (expose() is never
  // called, nothing is stored): the browser's real assignments stay as they were.
  const list = ((config && config.experiments) || []).filter((e) => !preview || e.id == preview[0]);
  let changes: Change[] = [];
  let exposures: [string, number][] = [];
  let observer: MutationObserver | undefined;

  const observe = () => {
    // Parser insertions come in pieces (an element may still be open), so while loading every batch
    // looks at the whole document; afterwards only at what was added.
    observer = new MutationObserver((records) => {
      if (!changes.length) return;
      if (document.readyState == 'loading') return applyChanges(changes, [document]);
      const added: Element[] = [];
      for (const record of records)
        record.addedNodes.forEach((node) => node.nodeType == 1 && added.push(node as Element));
      if (added.length) applyChanges(changes, added);
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
  };

  return {
    route() {
      const path = norm(location.pathname);
      const sent = load<Record<string, number>>(REDIRECTED) || {};
      changes = [];
      exposures = [];
      for (const e of list) {
        const count = e.variants && e.variants.length;
        if (!count) continue;
        const v = preview ? preview[1] : assign(visitor, e.id, count);
        const url = e.type == 'redirect' && v ? (e.variants[v] as AnyVariant).url : '';
        if (norm(e.page) == path) {
          if (url) {
            // Two experiments sending each other's pages back and forth would never end.
            const hop = load<[number, string]>(HOP);
            if (!preview && hop && hop[1] == path && Date.now() - hop[0] < HOP_MS) continue;
            const query = location.search;
            const to = within(
              url + (query ? (url.indexOf('?') < 0 ? query : '&' + query.slice(1)) : '') + location.hash,
            );
            // Never off the site (a test stored before the API refused `//host` targets): the visitor
            // stays, uncounted. A previewed variant on this very path would redirect for ever (no hop is stored).
            if (!to || (preview && norm(to.pathname) == path)) continue;
            if (!preview) {
              sent[e.id] = v;
              save(REDIRECTED, sent);
              save(HOP, [Date.now(), norm(to.pathname)]);
            }
            hide(['html']);
            location.replace(to.href);
            return true;
          }
          if (e.type == 'nocode') changes = changes.concat((e.variants[v] as AnyVariant).changes || []);
          exposures.push([e.id, v]);
        } else if (url && sent[e.id] == v && norm(within(url)?.pathname || '') == path) exposures.push([e.id, v]);
      }
      if (changes.length) {
        if (!observer) observe();
        if (document.readyState == 'loading') {
          const show = hide(changes.map((c) => ':is(' + c.selector + '):not([' + DONE + '])'));
          document.addEventListener('DOMContentLoaded', () => {
            applyChanges(changes, [document]);
            show();
          });
        }
        applyChanges(changes, [document]);
      }
      return false;
    },
    expose() {
      if (!exposures.length) return;
      const session = sessionId();
      let seen = load<{ s: string; ids: string[] }>(EXPOSED);
      if (!seen || seen.s != session) seen = { s: session, ids: [] };
      for (const [id, variant] of exposures) {
        if (seen.ids.indexOf(id) < 0) {
          seen.ids.push(id);
          emit('exposure', { experiment_id: id, variant });
        }
      }
      save(EXPOSED, seen);
    },
  };
}
