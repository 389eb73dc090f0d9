import type { Store } from '../store/store.js';

const REFRESH_MS = 1_000;

/** Which property ids exist, cached for collect's hot path; an unknown id re-reads at most once a second. */
export function propertyDirectory(store: Pick<Store, 'listProperties'>) {
  let known = new Set<string>();
  let loadedAt = 0;
  // Requests that arrive while the list is being read wait for that read instead of answering from
  // the stale set: otherwise the first burst after a start is refused as "no property".
  let loading: Promise<void> | null = null;
  const reload = () => {
    loadedAt = Date.now();
    loading ??= store
      .listProperties()
      .then((list) => {
        known = new Set(list.map((p) => p.id));
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  return async (id: string): Promise<boolean> => {
    if (known.has(id)) return true;
    if (loading) await loading;
    else if (Date.now() - loadedAt >= REFRESH_MS) await reload();
    return known.has(id);
  };
}
