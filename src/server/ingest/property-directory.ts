import type { Store } from '../store/store.js';

const REFRESH_MS = 1_000;

/** Which property ids exist, cached for collect's hot path; an unknown id re-reads at most once a second. */
export function propertyDirectory(store: Pick<Store, 'listProperties'>) {
  let known = new Set<string>();
  let loadedAt = 0;
  return async (id: string): Promise<boolean> => {
    if (known.has(id)) return true;
    if (Date.now() - loadedAt >= REFRESH_MS) {
      loadedAt = Date.now();
      known = new Set((await store.listProperties()).map((p) => p.id));
    }
    return known.has(id);
  };
}
