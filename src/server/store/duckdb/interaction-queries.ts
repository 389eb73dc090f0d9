import type { BucketedScope, InteractionOptions, InteractionReport, Store } from '../store.js';
import { interactionOrder } from '../interaction-order.js';
import type { Database, Params } from './database.js';
import { allFlagged, repeatKeys, splitByRepeats } from './repeat-flags.js';
import { bucketSql, keyOf, scopeFilter } from './sql-fragments.js';
import { andAll, inMatchingSessions, pageNumberCondition } from './filter-scope.js';

type Db = Pick<Database, 'all'>;
type Figures = { count: number; unique: number };
type TopRow = { path: string | null; target: string | null; label: string | null; page_views: number } & Figures;
/** The top rows' statement, over a relation of interaction rows (`from`), its flags settled or not. */
type TopRowsSql = (from: string, settled: boolean) => string;

/**
 * Clicks and form submissions share one shape: per (page, target) counts, a trend and totals, where
 * the unique figure is distinct sessions. Three reads side by side on the reader connections: one
 * GROUPING SETS scan was slower, as every set then carried its own distinct-sessions table.
 */
export async function interactions(db: Db, s: BucketedScope, type: 'click' | 'form_submit', opts: InteractionOptions): ReturnType<Store['interactions']> {
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
  const views = pageViewsSql(s, params);
  const top: TopRowsSql = opts.group === 'element'
    ? (from) => elementRowsSql(from, views, opts.limit)
    : (from, flagsSettled) => pageRowsSql(from, flagsSettled, views, opts.limit);
  // Under filters: those made on matching pages, in matching sessions.
  const kept = andAll(pageNumberCondition(s.filters, 'c.path_no', params), inMatchingSessions(s, params, 'c'));
  if (kept) return report(await filtered(db, `${filter}${kept}`, params, bucket, await settled, top), opts.group);

  const from = `FROM compact_interactions c WHERE ${filter}`;
  const [rows, trend, [total]] = await Promise.all([
    settled.then((flagsSettled) => db.all<TopRow>(top(`(SELECT * ${from})`, flagsSettled), params)),
    db.all<Figures & { bucket: Date }>(
      `SELECT ${bucket} AS bucket, count(*) AS count, count(DISTINCT session_key) AS "unique" ${from} GROUP BY bucket ORDER BY bucket`,
      params,
    ),
    db.all<Figures>(`SELECT count(*) AS count, count(DISTINCT session_key) AS "unique" ${from}`, params),
  ]);
  return report({ rows, trend, total }, opts.group);
}

/**
 * The page views, in the scope and its filters, of the pages a subquery names: a click-through or
 * submission rate's denominator. The rows are on matching pages already, so only the session
 * filters apply here. Binds the filters' values into `params` now.
 */
function pageViewsSql(s: BucketedScope, params: Params): (paths: string) => string {
  const scope = scopeFilter(s, 'ts', 'v').where; // the same $p…, $start, $end as the rows' scope
  const inSessions = andAll(inMatchingSessions(s, params, 'v'));
  return (paths) => `SELECT path_no, count(*) AS page_views FROM compact_page_views v
    WHERE ${scope} AND v.path_no IN (${paths})${inSessions} GROUP BY path_no`;
}

/**
 * The top (page, target) rows, named, from the rows split by their repeat flags; each with its most
 * common label (ties: the first label in byte order, as both stores compare text) and its page's views.
 */
function pageRowsSql(from: string, settled: boolean, views: (paths: string) => string, limit: number): string {
  const perRow = splitByRepeats(repeatKeys.interactionSessions, `SELECT path_no, target_no, label_no, session_key, is_form, repeated FROM ${from}`, settled);
  return `WITH ${perRow.with}, counts AS (
         SELECT path_no, target_no, count(*) AS n, count(*) AS u FROM ${perRow.single} GROUP BY ALL
         UNION ALL SELECT path_no, target_no, count(*), count(DISTINCT session_key) FROM ${perRow.repeated} GROUP BY ALL),
       top AS (
         SELECT g.path_no, g.target_no, p.text AS path, t.text AS target, g.count, g.unique FROM (
           SELECT path_no, target_no, sum(n)::BIGINT AS count, sum(u)::BIGINT AS "unique" FROM counts GROUP BY ALL) g
         JOIN text_numbers p ON p.text_no = g.path_no LEFT JOIN text_numbers t ON t.text_no = g.target_no
         ORDER BY g.count DESC, g.unique DESC, p.text, t.text NULLS LAST LIMIT ${Number(limit)}),
       labels AS (
         SELECT x.path_no, x.target_no, first(l.text ORDER BY x.n DESC, l.text) AS label FROM (
           SELECT r.path_no, r.target_no, r.label_no, count(*) AS n FROM r
           SEMI JOIN top ON top.path_no = r.path_no AND top.target_no IS NOT DISTINCT FROM r.target_no
           WHERE r.label_no IS NOT NULL GROUP BY ALL) x
         JOIN text_numbers l ON l.text_no = x.label_no GROUP BY ALL),
       views AS (${views('SELECT path_no FROM top')})
       SELECT top.path, top.target, labels.label, top.count, top.unique, coalesce(views.page_views, 0)::BIGINT AS page_views
       FROM top LEFT JOIN labels ON labels.path_no = top.path_no AND labels.target_no IS NOT DISTINCT FROM top.target_no
         LEFT JOIN views ON views.path_no = top.path_no`;
}

/**
 * The top elements over every page: rows by (target, label), with the views of the pages each was
 * used on. Distinct sessions are counted as they are: the repeat flags are per page, not per element.
 */
function elementRowsSql(from: string, views: (paths: string) => string, limit: number): string {
  const sameElement = (a: string, b: string) => `${a}.target_no IS NOT DISTINCT FROM ${b}.target_no AND ${a}.label_no IS NOT DISTINCT FROM ${b}.label_no`;
  return `WITH rows AS MATERIALIZED (SELECT path_no, target_no, label_no, session_key FROM ${from}),
       top AS (
         SELECT g.*, t.text AS target, l.text AS label FROM (
           SELECT target_no, label_no, count(*) AS count, count(DISTINCT session_key) AS "unique" FROM rows GROUP BY ALL) g
         LEFT JOIN text_numbers t ON t.text_no = g.target_no LEFT JOIN text_numbers l ON l.text_no = g.label_no
         ORDER BY g.count DESC, g.unique DESC, t.text NULLS LAST, l.text NULLS LAST LIMIT ${Number(limit)}),
       pages AS (SELECT DISTINCT rows.target_no, rows.label_no, rows.path_no FROM rows SEMI JOIN top ON ${sameElement('top', 'rows')}),
       views AS (${views('SELECT path_no FROM pages')})
       SELECT NULL::VARCHAR AS path, top.target, top.label, top.count, top.unique, coalesce(sum(views.page_views), 0)::BIGINT AS page_views
       FROM top LEFT JOIN pages ON ${sameElement('pages', 'top')} LEFT JOIN views ON views.path_no = pages.path_no
       GROUP BY top.target_no, top.label_no, top.target, top.label, top.count, top.unique`;
}

/**
 * Filtered, the rows, trend and total come from one statement over the kept rows, found once: each
 * separate read would join with the sessions again, which costs more than the report itself.
 */
async function filtered(db: Db, filter: string, params: Params, bucket: string, settled: boolean, top: TopRowsSql) {
  // part 0: the top rows; 1: a trend bucket; 2: the total.
  const all = await db.all<TopRow & { part: number; bucket: Date | null }>(
    `WITH kept AS MATERIALIZED (SELECT ts, path_no, target_no, label_no, session_key, is_form, repeated FROM compact_interactions c WHERE ${filter}),
     top AS (${top('kept', settled)})
     SELECT 0 AS part, path, target, label, NULL::TIMESTAMP AS bucket, count, "unique", page_views FROM top
     UNION ALL
     SELECT 1 + grouping(bucket), NULL, NULL, NULL, bucket, count(*), count(DISTINCT session_key), NULL
     FROM (SELECT ${bucket} AS bucket, session_key FROM kept c) GROUP BY GROUPING SETS ((bucket), ())`,
    params,
  );
  return {
    rows: all.filter((r) => r.part === 0),
    trend: all.filter((r) => r.part === 1).sort((a, b) => a.bucket!.getTime() - b.bucket!.getTime()) as (Figures & { bucket: Date })[],
    total: all.find((r) => r.part === 2),
  };
}

function report({ rows, trend, total }: { rows: TopRow[]; trend: (Figures & { bucket: Date })[]; total?: Figures }, group: InteractionOptions['group']): InteractionReport {
  return {
    rows: rows
      .map((r) => ({ ...r, count: Number(r.count), unique: Number(r.unique) }))
      .sort(group === 'element' ? interactionOrder.byElement : interactionOrder.byPage)
      .map((r) => ({ page: r.path, target: r.target ?? 'unknown', label: r.label, count: r.count, unique: r.unique, page_views: Number(r.page_views) })),
    trend: trend.map((r) => ({ bucket: keyOf(r.bucket), count: r.count, unique: r.unique })),
    total: { count: total?.count ?? 0, unique: total?.unique ?? 0 },
  };
}
