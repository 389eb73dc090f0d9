import type { BucketedScope, Store } from '../store.js';
import type { Database } from './database.js';
import { allFlagged, repeatKeys, splitByRepeats } from './repeat-flags.js';
import { bucketSql, keyOf, scopeFilter } from './sql-fragments.js';
import { andAll, inMatchingSessions, pageNumberCondition } from './filter-scope.js';

type Db = Pick<Database, 'all'>;

/**
 * Clicks and form submissions share one shape: per (page, target) counts, a trend and totals, where
 * the unique figure is distinct sessions. Three reads side by side on the reader connections: one
 * GROUPING SETS scan was slower, as every set then carried its own distinct-sessions table.
 */
export async function interactions(
  db: Db,
  s: BucketedScope,
  type: 'click' | 'form_submit',
  opts: { limit: number; page?: string; source?: string },
): ReturnType<Store['interactions']> {
  const { where, params } = scopeFilter(s, 'ts', 'c');
  let filter = `${where} AND c.is_form = ${type === 'form_submit'}`;
  // A page or source the store has never seen matches nothing: its number is NULL.
  if (opts.page !== undefined) {
    filter += ' AND c.path_no = (SELECT text_no FROM text_numbers WHERE text = $page)';
    params.page = opts.page;
  }
  if (opts.source !== undefined) {
    filter += ' AND c.source_no = (SELECT text_no FROM text_numbers WHERE text = $source)';
    params.source = opts.source;
  }
  // Flags are checked over the unfiltered rows: when all of those are flagged, so are the filtered
  // ones, and the check spares a join with the sessions.
  const unfiltered = { sql: `SELECT path_no, target_no, session_key, is_form, repeated FROM compact_interactions c WHERE ${filter}`, params: { ...params } };
  // Under filters: those made on matching pages, in matching sessions.
  const kept = andAll(pageNumberCondition(s.filters, 'c.path_no', params), inMatchingSessions(s, params, 'c'));
  filter += kept;
  // Distinct sessions per row: rows flagged single counted as they are, the rest distinctly (repeat-flags.ts).
  const rowsSql = `SELECT path_no, target_no, session_key, is_form, repeated FROM compact_interactions c WHERE ${filter}`;
  const from = `FROM compact_interactions c WHERE ${filter}`;
  const perRow = async () => splitByRepeats(repeatKeys.interactionSessions, rowsSql, await allFlagged(db, repeatKeys.interactionSessions, unfiltered.sql, unfiltered.params));
  const bucket = bucketSql(s.granularity, s.offsets, 'c.ts');
  type Figures = { count: number; unique: number };
  // Filtered, the trend and the total come from one scan (one join with the sessions, not two).
  const trendAndTotal = async (): Promise<[(Figures & { bucket: Date })[], Figures[]]> => {
    if (!kept) {
      return Promise.all([
        db.all<Figures & { bucket: Date }>(`SELECT ${bucket} AS bucket, count(*) AS count, count(DISTINCT session_key) AS "unique" ${from} GROUP BY bucket ORDER BY bucket`, params),
        db.all<Figures>(`SELECT count(*) AS count, count(DISTINCT session_key) AS "unique" ${from}`, params),
      ]);
    }
    const both = await db.all<Figures & { bucket: Date; g: number }>(
      `SELECT ${bucket} AS bucket, grouping(bucket) AS g, count(*) AS count, count(DISTINCT session_key) AS "unique" ${from}
       GROUP BY GROUPING SETS ((bucket), ()) ORDER BY g, bucket`,
      params,
    );
    return [both.filter((r) => r.g === 0), both.filter((r) => r.g === 1)];
  };
  const [rows, [trend, [total]]] = await Promise.all([
    perRow().then((perRow) => db.all<{ path: string; target: string | null; count: number; unique: number }>(
      `WITH ${perRow.with}, counts AS (
         SELECT path_no, target_no, count(*) AS n, count(*) AS u FROM ${perRow.single} GROUP BY ALL
         UNION ALL SELECT path_no, target_no, count(*), count(DISTINCT session_key) FROM ${perRow.repeated} GROUP BY ALL)
       SELECT p.text AS path, t.text AS target, r.count, r.unique FROM (
         SELECT path_no, target_no, sum(n)::BIGINT AS count, sum(u)::BIGINT AS "unique" FROM counts GROUP BY ALL) r
       JOIN text_numbers p ON p.text_no = r.path_no LEFT JOIN text_numbers t ON t.text_no = r.target_no
       ORDER BY r.count DESC, r.unique DESC, p.text, t.text NULLS LAST LIMIT ${Number(opts.limit)}`,
      params,
    )),
    trendAndTotal(),
  ]);
  return {
    rows: rows
      .sort((a, b) => b.count - a.count || b.unique - a.unique || String(a.path).localeCompare(String(b.path)) || String(a.target).localeCompare(String(b.target)))
      .map((r) => ({ page: r.path, target: r.target ?? 'unknown', count: r.count, unique: r.unique })),
    trend: trend.map((r) => ({ bucket: keyOf(r.bucket), count: r.count, unique: r.unique })),
    total: { count: total?.count ?? 0, unique: total?.unique ?? 0 },
  };
}
