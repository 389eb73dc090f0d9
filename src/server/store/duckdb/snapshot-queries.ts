import type { SnapshotRecord } from '../store.js';
import { query, ts, type Database } from './database.js';

/** Days of snapshots before a page's newest that take part in choosing its snapshot. */
export const SNAPSHOT_WINDOW_DAYS = 7;

/** Page snapshots: a few per page and day, so plain INSERTs are fine; elements are kept as JSON. */
export function snapshotQueries(db: Database) {
  return {
    async saveSnapshots(rows: SnapshotRecord[]): Promise<void> {
      await db.transaction(async (conn) => {
        for (const r of rows) {
          await query(conn, 'INSERT INTO page_snapshots VALUES ($p, $path, $ts::TIMESTAMP, $elements)', {
            p: r.property_id,
            path: r.path,
            ts: ts(r.ts),
            elements: JSON.stringify(r.elements),
          });
        }
      });
    },
    async pageSnapshot(propertyId: string, path: string): Promise<SnapshotRecord | null> {
      // The week up to the newest snapshot, so a page nobody visited lately still has one; within it
      // the version most browsers sent, and of equals the one there first: a newcomer replaces it only
      // when more addresses agree on it (one forged Origin header once did, issue 41).
      const [row] = await db.all<{ property_id: string; path: string; ts: Date; elements: string }>(
        `WITH page AS (SELECT * FROM page_snapshots WHERE property_id = $p AND path = $path)
         SELECT any_value(property_id) AS property_id, any_value(path) AS path, max(ts) AS ts, elements
         FROM page WHERE ts >= (SELECT max(ts) FROM page) - INTERVAL ${SNAPSHOT_WINDOW_DAYS} DAY
         GROUP BY elements ORDER BY count(*) DESC, min(ts) ASC LIMIT 1`,
        { p: propertyId, path },
      );
      return row ? { ...row, elements: JSON.parse(row.elements) } : null;
    },
  };
}
