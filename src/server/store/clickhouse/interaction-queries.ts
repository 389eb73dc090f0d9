import type { BucketedScope, InteractionReport, Store } from '../store.js';
import type { ChDb } from './clickhouse-db.js';
import { andAll, filteredSettings, inMatchingSessions, pagePredicate } from './filter-scope.js';
import { bucketKeySql, scopeParams, scopeWhere } from './sql-fragments.js';

type Opts = { limit: number; page?: string; source?: string };
interface SetRow { g: number; path: string; target: string | null; bucket: string; count: number; unique: number }

/**
 * Clicks and form submissions share one shape: per (page, target) counts, a trend and totals, where
 * the unique figure is distinct sessions (session_key, across the scope's properties, as the embedded
 * store counts it). Bots' events never count. One scan of the type's granules in the range: the
 * three groupings are grouping sets of the same read, and the (page, target) set is ranked and cut
 * to `limit` in the query (count, then distinct sessions, descending; then page and target, nulls last).
 */
export async function interactions(db: ChDb, s: BucketedScope, type: 'click' | 'form_submit', opts: Opts): Promise<InteractionReport> {
  const params = scopeParams(s);
  let filter = `${scopeWhere('ts')} AND type = {type:String} AND NOT is_bot`;
  if (opts.page !== undefined) filter += ' AND path = {page:String}';
  if (opts.source !== undefined) filter += ' AND source = {source:String}';
  // Filters keep those made on matching pages, in matching sessions.
  filter += andAll(pagePredicate(s.filters, 'path', params), inMatchingSessions(s, params));
  const rows = await db.all<SetRow>(
    `SELECT g, path, target, bucket, count, unique FROM (
       SELECT grouping(path, target, bucket) AS g, path, target, bucket, count() AS count, uniqExact(session_key) AS unique
       FROM (SELECT path, target, session_key, ${bucketKeySql(s.granularity, s.offsets)} AS bucket FROM events WHERE ${filter})
       GROUP BY GROUPING SETS ((path, target), (bucket), ()))
     ORDER BY g, bucket, count DESC, unique DESC, path, target NULLS LAST
     LIMIT {limit:UInt32} BY g, bucket${filteredSettings(s.filters)}`,
    { ...params, type, limit: opts.limit, ...(opts.page === undefined ? {} : { page: opts.page }), ...(opts.source === undefined ? {} : { source: opts.source }) },
  );
  // grouping(): a bit per column left out of the set, first column highest. The (page, target) rows
  // all have an empty bucket, so `bucket` orders the trend alone and `LIMIT … BY g, bucket` cuts only
  // the (page, target) rows: each trend bucket is a group of its own.
  const byPage = rows.filter((r) => r.g === 0b001);
  const trend = rows.filter((r) => r.g === 0b110);
  const [total] = rows.filter((r) => r.g === 0b111);
  return {
    // Then re-sorted as the embedded store does (its page and target tie-break compares by locale).
    rows: byPage
      .map((r) => ({ path: r.path, target: r.target, count: Number(r.count), unique: Number(r.unique) }))
      .sort((a, b) => b.count - a.count || b.unique - a.unique || String(a.path).localeCompare(String(b.path)) || String(a.target).localeCompare(String(b.target)))
      .map((r) => ({ page: r.path, target: r.target ?? 'unknown', count: r.count, unique: r.unique })),
    trend: trend.map((r) => ({ bucket: r.bucket, count: Number(r.count), unique: Number(r.unique) })),
    total: { count: Number(total?.count ?? 0), unique: Number(total?.unique ?? 0) },
  };
}

/** Clicks and form submissions on ClickHouse. */
export function interactionQueries(db: ChDb): Pick<Store, 'interactions'> {
  return {
    interactions: (s, type, opts) => interactions(db, s, type, opts),
  };
}
