import { readablePath } from '../contract/readable-path.js';
import type { TrackerEvent } from './types.js';

/** The page path as the collector wants it: no query string or fragment, within its length limit. */
export const currentPath = () => readablePath(location.pathname).slice(0, 1024);

/**
 * Calls `onPage(first)` for the first page and whenever the path changes afterwards: history
 * navigation in single-page apps, back/forward, and a page restored from the back-forward cache.
 * Query-only changes (filters, tabs in the URL) are the same page, so they don't count.
 */
export function watchPages(onPage: (first: boolean) => void): void {
  let last = '';
  let first = true;
  const check = () => {
    const path = currentPath();
    if (path == last) return;
    last = path;
    onPage(first);
    first = false;
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      check();
    };
  }
  addEventListener('popstate', check);
  addEventListener('pageshow', (e) => {
    if (e.persisted) {
      last = '';
      first = true;
      check();
    }
  });
  check();
}

/** The referrer, unless it is this site: internal navigation is not a traffic source. */
function externalReferrer(): string | null {
  try {
    const ref = document.referrer;
    return ref && new URL(ref).host != location.host ? ref.slice(0, 2048) : null;
  } catch {
    return null;
  }
}

/** The fields of a page view: referrer on the landing page, UTM values whenever the URL has them. */
export function pageviewFields(first: boolean): Partial<TrackerEvent> {
  const query = new URLSearchParams(location.search);
  const utm = (name: string) => query.get('utm_' + name)?.slice(0, 256) || undefined;
  return {
    referrer: first ? externalReferrer() : undefined,
    utm_source: utm('source'),
    utm_medium: utm('medium'),
    utm_campaign: utm('campaign'),
  };
}
