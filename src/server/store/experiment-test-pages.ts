import { hasScheme } from '../../contract/experiments.js';
import type { ExperimentRecord } from './store.js';

/**
 * Where a test's exposures come from, trailing `/` dropped as the tracker matches: its page and each
 * redirect variant's destination. Both stores count a session for a test only with a page view of one
 * of these.
 */
export function experimentTestPages(e: ExperimentRecord): string[] {
  const pathOf = (url: string) => {
    try {
      return hasScheme(url) ? new URL(url).pathname : url.split(/[?#]/, 1)[0];
    } catch {
      return url;
    }
  };
  return [e.page, ...e.variants.flatMap((v) => (v.url ? [pathOf(v.url)] : []))].map((p) => p.replace(/\/+$/, ''));
}
