export interface ConfigCache<T> {
  /** The property's value: the one read in the last `ttlMs`, the read under way, or a new read. */
  get(propertyId: string): Promise<T>;
  /** Drops the property's value, so the next get reads again (its tests changed). */
  forget(propertyId: string): void;
}

/**
 * Remembers a per-property read for a few seconds: N pages downloading `/sightline.js?p=ID` at once
 * cost one store read, and the same config object (whose compressed script tracker-routes keeps).
 * A failed read is remembered too, so a store in trouble is not asked again by every download.
 * At most `maxEntries` properties are held; the oldest go first.
 */
export function configCache<T>(
  read: (propertyId: string) => Promise<T>,
  opts: { ttlMs: number; maxEntries?: number; now?: () => number },
): ConfigCache<T> {
  const now = opts.now ?? Date.now;
  const maxEntries = opts.maxEntries ?? 1_000;
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(propertyId) {
      const hit = entries.get(propertyId);
      if (hit && now() - hit.at < opts.ttlMs) return hit.value;
      const value = read(propertyId);
      value.catch(() => undefined); // the caller sees the failure; this copy must not be unhandled
      entries.delete(propertyId);
      entries.set(propertyId, { at: now(), value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    forget(propertyId) {
      entries.delete(propertyId);
    },
  };
}
