/** A query's kind as /metrics labels it: a bounded set, never the SQL (its text would make a series per query). */
export type QueryKind = 'read' | 'write';
export type QueryListener = (kind: QueryKind, seconds: number) => void;

/** Collected events answered but not yet in the tables reports read (the embedded store's inbox). */
export interface WriteQueue {
  events: number;
  /** Seconds the oldest of them has waited; 0 when none waits. */
  oldestSeconds: number;
}

/** What /metrics reads from a store (plugins/metrics.ts); the optional `operations` of Store. */
export interface StoreOperations {
  store: 'duckdb' | 'clickhouse';
  writeQueue(): WriteQueue;
  /** Calls `listener` with every query's kind and duration, until the function returned is called. */
  onQuery(listener: QueryListener): () => void;
}

/**
 * Times queries for whoever listens. Tests build many apps over one store, and an app's registry
 * must stop hearing the store once the app closes, hence listeners rather than one callback. With
 * none listening (no METRICS_TOKEN) a query costs no clock reads.
 */
export class QueryTimings {
  private readonly listeners = new Set<QueryListener>();

  listen(listener: QueryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async time<T>(kind: QueryKind, run: () => Promise<T>): Promise<T> {
    if (this.listeners.size === 0) return run();
    const started = performance.now();
    try {
      return await run();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      for (const listener of this.listeners) listener(kind, seconds);
    }
  }
}
