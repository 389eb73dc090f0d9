import type { Store } from '../store/store.js';

const REFRESH_MS = 1_000;

/**
 * Which property ids exist (and each one's domain), cached for collect's hot path; an unknown id
 * re-reads at most once a second.
 */
export function propertyDirectory(store: Pick<Store, 'listProperties'>) {
  let known = new Map<string, string | null>();
  let loadedAt = 0;
  // Requests that arrive while the list is being read wait for that read instead of answering from
  // the stale set: otherwise the first burst after a start is refused as "no property".
  let loading: Promise<void> | null = null;
  const reload = () => {
    loadedAt = Date.now();
    loading ??= store
      .listProperties()
      .then((list) => {
        known = new Map(list.map((p) => [p.id, p.domain]));
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  const exists = async (id: string): Promise<boolean> => {
    if (known.has(id)) return true;
    if (loading) await loading;
    else if (Date.now() - loadedAt >= REFRESH_MS) await reload();
    return known.has(id);
  };
  /** The host the property's site is served from, or null (none set, or no such property). */
  const domainOf = async (id: string): Promise<string | null> => ((await exists(id)) ? (known.get(id) ?? null) : null);
  return Object.assign(exists, { domainOf });
}
