import type { Store } from '../store.js';
import type { ChDb } from './clickhouse-db.js';
import { notYet } from './not-yet.js';

/** Clicks and form submissions on ClickHouse. */
export function interactionQueries(_db: ChDb): Pick<Store, 'interactions'> {
  return {
    interactions: notYet('interactions'),
  };
}
