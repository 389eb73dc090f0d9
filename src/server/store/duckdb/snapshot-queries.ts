import type { SnapshotRecord } from '../store.js';
import { query, ts, type Database } from './database.js';

/** Page snapshots: a few per page and day, so plain INSERTs are fine; elements are kept as JSON. */
export function snapshotQueries(db: Database) {
  return {
    async saveSnapshots(rows: SnapshotRecord[]): Promise<void> {
      await db.transaction(async (conn) => {
        for (const r of rows) {
          await query(conn, 'INSERT INTO page_snapshots VALUES ($p, $path, $ts::TIMESTAMP, $elements)', {
            p: r.property_id, path: r.path, ts: ts(r.ts), elements: JSON.stringify(r.elements),
          });
        }
      });
    },
    async latestSnapshot(propertyId: string, path: string): Promise<SnapshotRecord | null> {
      const [row] = await db.all<{ property_id: string; path: string; ts: Date; elements: string }>(
        'SELECT * FROM page_snapshots WHERE property_id = $p AND path = $path ORDER BY ts DESC LIMIT 1',
        { p: propertyId, path },
      );
      return row ? { ...row, elements: JSON.parse(row.elements) } : null;
    },
  };
}
