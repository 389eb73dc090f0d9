import type { Store } from '../store.js';
import type { ChDb } from './clickhouse-db.js';
import { notYet } from './not-yet.js';

/** Page snapshots for the split-test recommender on ClickHouse. */
export function snapshotQueries(_db: ChDb): Pick<Store, 'saveSnapshots' | 'pageSnapshot'> {
  return {
    saveSnapshots: notYet('saveSnapshots'),
    pageSnapshot: notYet('pageSnapshot'),
  };
}
