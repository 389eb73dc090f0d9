import type { BucketedScope, Store } from '../store.js';
import type { Database } from './database.js';
import { bucketSql, keyOf, scopeFilter } from './sql-fragments.js';

/**
 * Clicks and form submissions share one shape: per (page, target) counts, a trend and totals, where
 * the unique figure is distinct sessions. One scan with GROUPING SETS yields all three.
 */
export async function interactions(
  db: Pick<Database, 'all'>,
  s: BucketedScope,
  type: 'click' | 'form_submit',
  opts: { limit: number; page?: string; source?: string },
): ReturnType<Store['interactions']> {
  const { where, params } = scopeFilter(s, 'ts');
  let filter = `${where} AND type = $type AND NOT is_bot`;
  params.type = type;
  if (opts.page !== undefined) {
    filter += ' AND path = $page';
    params.page = opts.page;
  }
  if (opts.source !== undefined) {
    filter += ' AND source = $source';
    params.source = opts.source;
  }
  const rows = await db.all<{ g: number; path: string | null; target: string | null; bucket: Date | null; count: number; unique: number }>(
    `SELECT grouping_id(path, target, bucket) AS g, path, target, ${bucketSql(s.granularity, s.offsets)} AS bucket,
       count(*) AS count, count(DISTINCT session_key) AS "unique"
     FROM events WHERE ${filter}
     GROUP BY GROUPING SETS ((path, target), (bucket), ())
     QUALIFY g <> 1 OR row_number() OVER (PARTITION BY g ORDER BY count DESC, "unique" DESC, path, target) <= ${Number(opts.limit)}`,
    params,
  );
  const total = rows.find((r) => r.g === 7);
  return {
    rows: rows
      .filter((r) => r.g === 1)
      .sort((a, b) => b.count - a.count || b.unique - a.unique || String(a.path).localeCompare(String(b.path)) || String(a.target).localeCompare(String(b.target)))
      .map((r) => ({ page: r.path ?? '', target: r.target ?? 'unknown', count: r.count, unique: r.unique })),
    trend: rows.filter((r) => r.g === 6).map((r) => ({ bucket: keyOf(r.bucket), count: r.count, unique: r.unique })),
    total: { count: total?.count ?? 0, unique: total?.unique ?? 0 },
  };
}
