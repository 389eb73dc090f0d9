import type { ImportRecord } from '../import-ledger-store.js';
import type { Store } from '../store.js';
import { dateOf, type ChDb } from './clickhouse-db.js';
import { chTime } from './sql-fragments.js';

type Row = Omit<ImportRecord, 'imported_at'> & { imported_at: string };

/** The CLI's imports on ClickHouse: an insert-only MergeTree (table-specs.ts), read by content hash. */
export function importLedgerQueries(db: ChDb): Pick<Store, 'recordImport' | 'latestImport'> {
  return {
    async recordImport(r) {
      await db.insert('import_ledger', [{ ...r, imported_at: chTime(r.imported_at) }]);
    },
    async latestImport(sha256) {
      const [row] = await db.all<Row>(
        'SELECT * FROM import_ledger WHERE sha256 = {sha:String} ORDER BY imported_at DESC LIMIT 1',
        { sha: sha256 },
      );
      if (!row) return null;
      return {
        ...row,
        size_bytes: Number(row.size_bytes),
        events: Number(row.events),
        imported_at: dateOf(row.imported_at),
      };
    },
  };
}
