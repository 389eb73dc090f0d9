import type { Database } from './database.js';

/**
 * Runs a small table's `ddl` (CREATE … IF NOT EXISTS, ALTER … IF NOT EXISTS) once, on the first
 * call; a failure is forgotten so the next call tries again rather than failing forever.
 */
export function tableOnFirstUse(db: Database, ddl: string): () => Promise<unknown> {
  let ready: Promise<unknown> | undefined;
  return () =>
    (ready ??= db
      .transaction((conn) => conn.run(ddl))
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      }));
}
