import { randomUUID } from 'node:crypto';
import type { Store } from '../store.js';
import { dateOf, type ChDb } from './clickhouse-db.js';
import { chTime } from './sql-fragments.js';

/** Days of snapshots before a page's newest that take part in choosing its snapshot (as the embedded store's). */
const SNAPSHOT_WINDOW_DAYS = 7;

/** Page snapshots for the split-test recommender on ClickHouse: a few per page and day, kept as JSON text. */
export function snapshotQueries(db: ChDb): Pick<Store, 'saveSnapshots' | 'pageSnapshot'> {
  return {
    async saveSnapshots(rows) {
      // Each call is one send with an id of its own: two browsers sending the same elements in the same
      // millisecond are two votes, not a redelivered block for the table's deduplication to drop.
      const insert_id = randomUUID();
      await db.insert(
        'page_snapshots',
        rows.map((r) => ({
          property_id: r.property_id,
          path: r.path,
          ts: chTime(r.ts),
          elements: JSON.stringify(r.elements),
          insert_id,
        })),
      );
    },
    async pageSnapshot(propertyId, path) {
      // The week up to the newest snapshot, so a page nobody visited lately still has one; within it
      // the version most browsers sent, and of equals the one there first: a newcomer replaces it only
      // when more addresses agree on it (one forged Origin header once did, issue 41).
      const [row] = await db.all<{ last_sent: string; elements: string }>(
        `WITH (SELECT max(ts) FROM page_snapshots WHERE property_id = {p:String} AND path = {path:String}) AS newest
         SELECT max(ts) AS last_sent, elements FROM page_snapshots
         WHERE property_id = {p:String} AND path = {path:String} AND ts >= newest - toIntervalDay(${SNAPSHOT_WINDOW_DAYS})
         GROUP BY elements ORDER BY count() DESC, min(ts) ASC, elements LIMIT 1`,
        { p: propertyId, path },
      );
      return row
        ? { property_id: propertyId, path, ts: dateOf(row.last_sent), elements: JSON.parse(row.elements) }
        : null;
    },
  };
}
