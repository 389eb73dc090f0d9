import type { Scope } from '../store.js';
import type { ChDb, ChParams } from './clickhouse-db.js';
import { chTime, scopeWhere, TS } from './sql-fragments.js';

const HOUR = 3_600_000;

/**
 * Non-bot page views per page in the scope (`page`: of that page only): the clicks and forms rates'
 * denominators. `inSessions`: the session filters' predicate on events ('' for none). Without one,
 * whole hours are counted in the `page_view_hours` projection of events (table-specs.ts), which ClickHouse
 * reads instead of the page views themselves when a query asks in its terms (20 ms → a few at 1M
 * events), and the parts of an hour at the range's ends from the page views; with one, every view is
 * read, as sessions are not in the projection. `params` holds the scope's (scopeParams) and gets more.
 */
export async function pageViewsByPath(
  db: ChDb,
  s: Scope,
  params: ChParams,
  inSessions: string,
  settings: string,
  page?: string,
): Promise<Map<string, number>> {
  const onePage = page === undefined ? '' : ' AND path = {page:String}';
  const pageViews = `type = 'pageview' AND NOT is_bot${onePage}`;
  let sql: string;
  const first = Math.ceil(s.start.getTime() / HOUR) * HOUR;
  const last = Math.floor(s.end.getTime() / HOUR) * HOUR;
  if (inSessions || first >= last) {
    // Grouped by the page's LowCardinality copy (table-specs.ts pathCopyColumn): half the read's cost.
    sql = `SELECT path_lc AS path, count() AS page_views FROM events WHERE ${scopeWhere('ts')} AND ${pageViews}${inSessions} GROUP BY path_lc`;
  } else {
    // An end's part of an hour lies in one UTC day: that day bounds the key's toDate(ts) (rangeDaysSql says why).
    const part = (from: string, to: string) =>
      `SELECT path, count() AS n FROM events WHERE property_id IN {props:Array(String)} AND toDate(ts) = toDate({${from}:${TS}})
         AND ts >= {${from}:${TS}} AND ts < {${to}:${TS}} AND ${pageViews} GROUP BY path`;
    const parts = [
      `SELECT path, count() AS n FROM events WHERE property_id IN {props:Array(String)}
         AND toStartOfHour(ts) >= {first:${TS}} AND toStartOfHour(ts) < {last:${TS}} AND ${pageViews} GROUP BY path`,
    ];
    params.first = chTime(new Date(first));
    params.last = chTime(new Date(last));
    if (s.start.getTime() < first) parts.push(part('start', 'first'));
    if (last < s.end.getTime()) parts.push(part('last', 'end'));
    sql = `SELECT path, sum(n) AS page_views FROM (${parts.join(' UNION ALL ')}) GROUP BY path`;
  }
  const rows = await db.all<{ path: string; page_views: number }>(`${sql}${settings}`, params);
  return new Map(rows.map((r) => [r.path, Number(r.page_views)]));
}
