import type { Store } from '../store.js';
import type { ChDb } from './clickhouse-db.js';
import { notYet } from './not-yet.js';

/** Pages and page details on ClickHouse. */
export function pageQueries(_db: ChDb): Pick<Store, 'pages' | 'pageDetails'> {
  return {
    pages: notYet('pages'),
    pageDetails: notYet('pageDetails'),
  };
}
