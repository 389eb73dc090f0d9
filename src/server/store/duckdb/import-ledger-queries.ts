import type { ImportRecord } from '../import-ledger-store.js';
import { query, ts, type Database } from './database.js';

// Created on first use, as the audit log is, so older stores gain it too.
const TABLE = `
CREATE TABLE IF NOT EXISTS import_ledger (
  file_name VARCHAR NOT NULL,
  sha256 VARCHAR NOT NULL,
  size_bytes BIGINT NOT NULL,
  events BIGINT NOT NULL,
  imported_at TIMESTAMP NOT NULL
);`;

/** The CLI's imports, one row each; looked up by content hash before the next. */
export function importLedgerQueries(db: Database) {
  let ready: Promise<unknown> | undefined;
  const ensure = () =>
    (ready ??= db
      .transaction((conn) => conn.run(TABLE))
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      }));
  return {
    async recordImport(r: ImportRecord): Promise<void> {
      await ensure();
      await db.transaction((conn) =>
        query(conn, 'INSERT INTO import_ledger VALUES ($name, $sha, $size::BIGINT, $events::BIGINT, $at::TIMESTAMP)', {
          name: r.file_name,
          sha: r.sha256,
          size: r.size_bytes,
          events: r.events,
          at: ts(r.imported_at),
        }),
      );
    },
    async latestImport(sha256: string): Promise<ImportRecord | null> {
      await ensure();
      const [row] = await db.all<ImportRecord>(
        'SELECT * FROM import_ledger WHERE sha256 = $sha ORDER BY imported_at DESC LIMIT 1',
        { sha: sha256 },
      );
      return row ? { ...row, size_bytes: Number(row.size_bytes), events: Number(row.events) } : null;
    },
  };
}
