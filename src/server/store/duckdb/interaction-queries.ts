import type { BucketedScope, InteractionReport, Store } from '../store.js';
import type { Database, Params } from './database.js';
import { allFlagged, repeatKeys, splitByRepeats } from './repeat-flags.js';
import { bucketSql, keyOf, scopeFilter } from './sql-fragments.js';
import { andAll, inMatchingSessions, pageNumberCondition } from './filter-scope.js';

type Db = Pick<Database, 'all'>;
type Figures = { count: number; unique: number };
type TopRow = { path: string; target: string | null } & Figures;

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
  // Distinct sessions per row: rows flagged single counted as they are, the rest distinctly (repeat-flags.ts).
  const rowsSql = `SELECT path_no, target_no, session_key, is_form, repeated FROM compact_interactions c WHERE ${filter}`;
  // Under filters the flags are checked over these unfiltered rows all the same: when all of them are
  // flagged, so are the filtered ones, and the check needs no join with the sessions.
  const settled = allFlagged(db, repeatKeys.interactionSessions, rowsSql, { ...params });
  const bucket = bucketSql(s.granularity, s.offsets, 'c.ts');
  // Under filters: those made on matching pages, in matching sessions.
  const kept = andAll(pageNumberCondition(s.filters, 'c.path_no', params), inMatchingSessions(s, params, 'c'));
  if (kept) return report(await filtered(db, `${filter}${kept}`, params, bucket, await settled, opts.limit));

  const from = `FROM compact_interactions c WHERE ${filter}`;
  const perRow = async () => splitByRepeats(repeatKeys.interactionSessions, rowsSql, await settled);
  const [rows, trend, [total]] = await Promise.all([
    perRow().then((perRow) => db.all<TopRow>(topRowsSql(perRow, opts.limit), params)),
    db.all<Figures & { bucket: Date }>(
      `SELECT ${bucket} AS bucket, count(*) AS count, count(DISTINCT session_key) AS "unique" ${from} GROUP BY bucket ORDER BY bucket`,
      params,
    ),
    db.all<Figures>(`SELECT count(*) AS count, count(DISTINCT session_key) AS "unique" ${from}`, params),
  ]);
  return report({ rows, trend, total });
}

/** The top (page, target) rows, named, from the rows split by their repeat flags. */
function topRowsSql(perRow: { with: string; single: string; repeated: string }, limit: number): string {
  return `WITH ${perRow.with}, counts AS (
         SELECT path_no, target_no, count(*) AS n, count(*) AS u FROM ${perRow.single} GROUP BY ALL
         UNION ALL SELECT path_no, target_no, count(*), count(DISTINCT session_key) FROM ${perRow.repeated} GROUP BY ALL)
       SELECT p.text AS path, t.text AS target, r.count, r.unique FROM (
         SELECT path_no, target_no, sum(n)::BIGINT AS count, sum(u)::BIGINT AS "unique" FROM counts GROUP BY ALL) r
       JOIN text_numbers p ON p.text_no = r.path_no LEFT JOIN text_numbers t ON t.text_no = r.target_no
       ORDER BY r.count DESC, r.unique DESC, p.text, t.text NULLS LAST LIMIT ${Number(limit)}`;
}

/**
 * Filtered, the rows, trend and total come from one statement over the kept rows, found once: each
 * separate read would join with the sessions again, which costs more than the report itself.
 */
async function filtered(db: Db, filter: string, params: Params, bucket: string, settled: boolean, limit: number) {
  const perRow = splitByRepeats(repeatKeys.interactionSessions, 'SELECT path_no, target_no, session_key, is_form, repeated FROM kept', settled);
  // part 0: the top rows; 1: a trend bucket; 2: the total.
  const all = await db.all<TopRow & { part: number; bucket: Date | null }>(
    `WITH kept AS MATERIALIZED (SELECT ts, path_no, target_no, session_key, is_form, repeated FROM compact_interactions c WHERE ${filter}),
     top AS (${topRowsSql(perRow, limit)})
     SELECT 0 AS part, path, target, NULL::TIMESTAMP AS bucket, count, "unique" FROM top
     UNION ALL
     SELECT 1 + grouping(bucket), NULL, NULL, bucket, count(*), count(DISTINCT session_key)
     FROM (SELECT ${bucket} AS bucket, session_key FROM kept c) GROUP BY GROUPING SETS ((bucket), ())`,
    params,
  );
  return {
    rows: all.filter((r) => r.part === 0),
    trend: all.filter((r) => r.part === 1).sort((a, b) => a.bucket!.getTime() - b.bucket!.getTime()) as (Figures & { bucket: Date })[],
    total: all.find((r) => r.part === 2),
  };
}

function report({ rows, trend, total }: { rows: TopRow[]; trend: (Figures & { bucket: Date })[]; total?: Figures }): InteractionReport {
  return {
    rows: rows
      .sort((a, b) => b.count - a.count || b.unique - a.unique || String(a.path).localeCompare(String(b.path)) || String(a.target).localeCompare(String(b.target)))
      .map((r) => ({ page: r.path, target: r.target ?? 'unknown', count: r.count, unique: r.unique })),
    trend: trend.map((r) => ({ bucket: keyOf(r.bucket), count: r.count, unique: r.unique })),
    total: { count: total?.count ?? 0, unique: total?.unique ?? 0 },
  };
}
