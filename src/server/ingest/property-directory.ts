import type { Store } from '../store/store.js';

const REFRESH_MS = 1_000;
/** A known property is read again this often, so an edited domain or a deleted property reaches collect. */
const STALE_MS = 10_000;

/**
 * Which property ids exist (and each one's domain), cached for collect's hot path; an unknown id
 * re-reads at most once a second, a known one every ten seconds in the background.
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
    // The answer from the list in hand, while a newer one loads for the next request.
    if (known.has(id)) {
      if (!loading && Date.now() - loadedAt >= STALE_MS) void reload().catch(() => undefined);
      return true;
    }
    if (loading) await loading;
    else if (Date.now() - loadedAt >= REFRESH_MS) await reload();
    return known.has(id);
  };
  /** The host the property's site is served from, or null (none set, or no such property). */
  const domainOf = async (id: string): Promise<string | null> => ((await exists(id)) ? (known.get(id) ?? null) : null);
  return Object.assign(exists, { domainOf });
}
