import type { Store } from '../store.js';
import type { ChDb } from './clickhouse-db.js';
import { notYet } from './not-yet.js';

/** The CLI import on ClickHouse. */
export function importEvents(_db: ChDb): Pick<Store, 'importEvents'> {
  return {
    importEvents: notYet('importEvents'),
  };
}
