import type { Store } from '../store.js';
import type { ChDb } from './clickhouse-db.js';
import { notYet } from './not-yet.js';

/** Traffic reports on ClickHouse. */
export function trafficQueries(_db: ChDb): Pick<Store, 'trafficTrend' | 'trafficSummary' | 'realtime' | 'segments' | 'entryExitPages'> {
  return {
    trafficTrend: notYet('trafficTrend'),
    trafficSummary: notYet('trafficSummary'),
    realtime: notYet('realtime'),
    segments: notYet('segments'),
    entryExitPages: notYet('entryExitPages'),
  };
}
