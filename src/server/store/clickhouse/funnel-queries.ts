import type { Store } from '../store.js';
import type { ChDb } from './clickhouse-db.js';
import { notYet } from './not-yet.js';

/** Funnels, their paths and the pages that follow a page on ClickHouse. */
export function funnelQueries(_db: ChDb): Pick<Store, 'funnel' | 'funnelPaths' | 'pathsAfter'> {
  return {
    funnel: notYet('funnel'),
    funnelPaths: notYet('funnelPaths'),
    pathsAfter: notYet('pathsAfter'),
  };
}
