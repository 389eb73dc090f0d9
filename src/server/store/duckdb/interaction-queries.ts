import type { BucketedScope, InteractionOptions, InteractionReport, Store } from '../store.js';
import { interactionOrder } from '../interaction-order.js';
import type { Database, Params } from './database.js';
import { allFlagged, repeatKeys, splitByRepeats } from './repeat-flags.js';
import { bucketSql, keyOf, maxBuckets, scopeFilter } from './sql-fragments.js';
import { numberedInteractionRows, sessionBits, sessionNumberBounds } from './session-numbers.js';
import { bitsFit } from './visitor-sets.js';
import { andAll, inMatchingSessions, numberedRows, pageNumberCondition } from './filter-scope.js';
import { pageViewsByPath } from './page-view-hours.js';
import { trendByOpenings } from './interaction-openings.js';
import { pageViewsInMatchingSessions } from './session-filtered-views.js';
import { named } from './interaction-label-names.js';

type Db = Pick<Database, 'all' | 'snapshot'>;
type Figures = { count: number; unique: number };
type SessionBounds = Awaited<ReturnType<typeof sessionNumberBounds>>;
/**
 * A top row as the SQL gives it: per page, its page's number, its label when all its labels agree
 * and whether they do not (`mixed`); per element, the numbers of the pages it was used on.
 */
export type TopRow = Figures & {
  path: string | null;
  target: string | null;
  label: string | null;
  path_no: number | null;
  target_no: number | null;
  /** Per page: the number of the label all the row's labels agree on. */
  label_no: number | null;
  mixed: boolean | null;
  path_nos: number[] | null;
};
/** The top rows' statement, over a relation of interaction rows (`from`), its flags settled or not. */
type TopRowsSql = (from: string, settled: boolean) => string;

/**
 * Clicks and form submissions share one shape: per (page, target) counts, a trend and totals, where
 * the unique figure is distinct sessions. Reads side by side on the reader connections: the top
 * rows, the trend and the total (one GROUPING SETS scan was slower, as every set then carried its
 * own distinct-sessions table), and, once the flags are checked, the page views per page (the
 * rates' denominators: started with the rows, not beside the flags' check, they held it up less).
 */
export async function interactions(
  db: Db,
  s: BucketedScope,
  type: 'click' | 'form_submit',
  opts: InteractionOptions,
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
  // Session numbers' bounds over the unfiltered rows: they hold the filtered rows' numbers too.
  // Read only where needed, with the parameters as they are now (filters below add their own).
  const unfilteredParams = { ...params };
  const bounds = () => sessionNumberBounds(db, filter, { ...unfilteredParams });
  const bucket = bucketSql(s.granularity, s.offsets, 'c.ts');
  // Without a session filter every page's views come from the hourly counts (page-view-hours.ts),
  // read beside the rows rather than after them.
  const views = () => pageViewsByPath(db, s, opts.page);
  const top: TopRowsSql =
    opts.group === 'element'
      ? (from) => elementRowsSql(from, opts.limit)
      : (from, flagsSettled) => pageRowsSql(from, flagsSettled, opts.limit);
  // Under filters: those made on matching pages, in matching sessions.
  const onPages = pageNumberCondition(s.filters, 'c.path_no', params);
  const kept = andAll(onPages, inMatchingSessions(s, params, 'c', await numberedRows(db, s, 'compact_interactions')));
  // Over the whole kind, a session's rows are all kept or none (a session filter), so each row's
  // previous one is kept with it.
  const wholeSessions = opts.page === undefined && opts.source === undefined && onPages === '';
  if (kept) {
    const where = `${filter}${kept}`;
    const found = wholeSessions
      ? await byOpenings(db, s, where, params, settled, top)
      : await Promise.all([settled, bounds()]).then(([flagsSettled, b]) => {
          const sessions =
            b && bitsFit(maxBuckets(s) + 1, b) ? `bit_count(${sessionBits(b)})::BIGINT` : 'count(DISTINCT session_key)';
          return filtered(db, where, params, bucket, flagsSettled, top, sessions, b?.fresh ?? true);
        });
    // Then the views of the found rows' pages alone: with a session filter, by their rows.
    const [rows, pageViewsOf] = await Promise.all([
      named(db, found.rows, where, params),
      inMatchingSessions(s, {})
        ? pageViewsInMatchingSessions(db, s, [...new Set(found.rows.flatMap((r) => r.path_nos ?? [r.path_no!]))])
        : views(),
    ]);
    return report({ ...found, rows }, pageViewsOf, opts.group);
  }

  const from = `FROM compact_interactions c WHERE ${filter}`;
  const [rows, pageViewsOf, { trend, total }] = await Promise.all([
    settled
      .then((flagsSettled) => db.all<TopRow>(top(`(SELECT * ${from})`, flagsSettled), params))
      .then((found) => named(db, found, filter, params)),
    settled.then(views),
    wholeSessions
      ? trendByOpenings(db, s, filter, { ...unfilteredParams })
      : bounds().then((b) => trendAndTotal(db, b, s, filter, bucket, params)),
  ]);
  return report({ rows, trend, total }, pageViewsOf, opts.group);
}

/**
 * The trend and the total in one read: per bucket its rows and its sessions as a bitstring of their
 * numbers (session-numbers.ts), the total the union of those; without bounds (a session not numbered
 * yet) or past the memory budget, two reads counting session keys.
 */
async function trendAndTotal(
  db: Db,
  bounds: SessionBounds,
  s: BucketedScope,
  filter: string,
  bucket: string,
  params: Params,
) {
  type Row = Figures & { bucket: Date | null };
  if (bounds && bitsFit(maxBuckets(s), bounds)) {
    const all = await db.all<Row>(
      `WITH b AS (SELECT bucket, count(*) AS count, ${sessionBits(bounds)} AS bits FROM (${numberedInteractionRows(filter, `${bucket} AS bucket`, bounds.fresh)}) GROUP BY bucket)
       SELECT bucket, count, bit_count(bits)::BIGINT AS "unique" FROM b
       UNION ALL SELECT NULL, sum(count)::BIGINT, bit_count(bit_or(bits))::BIGINT FROM b`,
      params,
    );
    const trend = all
      .filter((r) => r.bucket !== null)
      .sort((a, b) => a.bucket!.getTime() - b.bucket!.getTime()) as (Figures & { bucket: Date })[];
    const total = all.find((r) => r.bucket === null);
    return {
      trend,
      total: total && total.count !== null ? { count: Number(total.count), unique: Number(total.unique) } : undefined,
    };
  }
  const from = `FROM compact_interactions c WHERE ${filter}`;
  const [trend, [total]] = await Promise.all([
    db.all<Figures & { bucket: Date }>(
      `SELECT ${bucket} AS bucket, count(*) AS count, count(DISTINCT session_key) AS "unique" ${from} GROUP BY bucket ORDER BY bucket`,
      params,
    ),
    db.all<Figures>(`SELECT count(*) AS count, count(DISTINCT session_key) AS "unique" ${from}`, params),
  ]);
  return { trend, total };
}

/**
 * The top (page, target) rows, named, from the rows split by their repeat flags. Their labels come
 * as the smallest and largest label number: equal (or none), that is the label, found without a
 * second look at the rows; differing, the row is `mixed` and named() counts its labels. named()
 * also looks the label numbers up: a third join here cost more than that small read.
 */
function pageRowsSql(from: string, settled: boolean, limit: number): string {
  const perRow = splitByRepeats(
    repeatKeys.interactionSessions,
    `SELECT path_no, target_no, label_no, session_key, is_form, repeated FROM ${from}`,
    settled,
  );
  return `WITH ${perRow.with ? `${perRow.with}, ` : ''}counts AS (
         SELECT path_no, target_no, count(*) AS n, count(*) AS u, min(label_no) AS lo, max(label_no) AS hi FROM ${perRow.single} GROUP BY ALL
         UNION ALL SELECT path_no, target_no, count(*), count(DISTINCT session_key), min(label_no), max(label_no) FROM ${perRow.repeated} GROUP BY ALL)
       SELECT g.path_no, g.target_no, p.text AS path, t.text AS target, g.count, g.unique,
         NULL::VARCHAR AS label, CASE WHEN g.lo = g.hi THEN g.lo END AS label_no, g.lo <> g.hi AS mixed, NULL::UINTEGER[] AS path_nos FROM (
         SELECT path_no, target_no, sum(n)::BIGINT AS count, sum(u)::BIGINT AS "unique", min(lo) AS lo, max(hi) AS hi FROM counts GROUP BY ALL) g
       JOIN text_numbers p ON p.text_no = g.path_no LEFT JOIN text_numbers t ON t.text_no = g.target_no
       ORDER BY g.count DESC, g.unique DESC, p.text, t.text NULLS LAST LIMIT ${Number(limit)}`;
}

/**
 * The top elements over every page: rows by (target, label), with the pages each was used on.
 * Distinct sessions are counted as they are: the repeat flags are per page, not per element.
 */
function elementRowsSql(from: string, limit: number): string {
  return `SELECT NULL::UINTEGER AS path_no, NULL::UINTEGER AS target_no, NULL::VARCHAR AS path, t.text AS target, g.count, g.unique,
         l.text AS label, NULL::UINTEGER AS label_no, NULL::BOOLEAN AS mixed, g.path_nos FROM (
         SELECT target_no, label_no, count(*) AS count, count(DISTINCT session_key) AS "unique", list(DISTINCT path_no) AS path_nos
         FROM ${from} GROUP BY ALL) g
       LEFT JOIN text_numbers t ON t.text_no = g.target_no LEFT JOIN text_numbers l ON l.text_no = g.label_no
       ORDER BY g.count DESC, g.unique DESC, t.text NULLS LAST, l.text NULLS LAST LIMIT ${Number(limit)}`;
}

/**
 * Under session filters alone, the top rows and, beside them, the trend and total by each row's
 * previous one (interaction-openings.ts): two scans of the kept rows, whose test is a column's, cost
 * less than one materialized set counted by session numbers after a read of their bounds (forms
 * under a country filter at 10M events, bare: 20 and 13 ms beside each other against 11 + 48).
 */
async function byOpenings(
  db: Db,
  s: BucketedScope,
  where: string,
  params: Params,
  settled: Promise<boolean>,
  top: TopRowsSql,
) {
  const [rows, { trend, total }] = await Promise.all([
    settled.then((flagsSettled) =>
      db.all<TopRow>(top(`(SELECT * FROM compact_interactions c WHERE ${where})`, flagsSettled), params),
    ),
    trendByOpenings(db, s, where, { ...params }),
  ]);
  return { rows, trend, total };
}

/**
 * Filtered by a page (or of one page or source), the rows, trend and total come from one statement over the kept rows, found once: each
 * separate read would join with the sessions again, which costs more than the report itself.
 */
async function filtered(
  db: Db,
  filter: string,
  params: Params,
  bucket: string,
  settled: boolean,
  top: TopRowsSql,
  distinctSessions: string,
  fresh: boolean,
) {
  // part 0: the top rows; 1: a trend bucket; 2: the total.
  const all = await db.all<TopRow & { part: number; bucket: Date | null }>(
    `WITH kept AS MATERIALIZED (${numberedInteractionRows(filter, 'c.ts, c.path_no, c.target_no, c.label_no, c.session_key, c.is_form, c.repeated', fresh)}),
     top AS (${top('kept', settled)})
     SELECT 0 AS part, path_no, target_no, path, target, label, label_no, mixed, path_nos, NULL::TIMESTAMP AS bucket, count, "unique" FROM top
     UNION ALL
     SELECT 1 + grouping(bucket), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, bucket, count(*), ${distinctSessions}
     FROM (SELECT ${bucket} AS bucket, session_key, session_no FROM kept c) GROUP BY GROUPING SETS ((bucket), ())`,
    params,
  );
  return {
    rows: all.filter((r) => r.part === 0),
    trend: all.filter((r) => r.part === 1).sort((a, b) => a.bucket!.getTime() - b.bucket!.getTime()) as (Figures & {
      bucket: Date;
    })[],
    total: all.find((r) => r.part === 2),
  };
}

function report(
  { rows, trend, total }: { rows: TopRow[]; trend: (Figures & { bucket: Date })[]; total?: Figures },
  views: Map<number, number>,
  group: InteractionOptions['group'],
): InteractionReport {
  const viewsOf = (r: TopRow) => (r.path_nos ?? [r.path_no!]).reduce((sum, no) => sum + (views.get(no) ?? 0), 0);
  return {
    rows: rows
      .map((r) => ({ ...r, count: Number(r.count), unique: Number(r.unique) }))
      .sort(group === 'element' ? interactionOrder.byElement : interactionOrder.byPage)
      .map((r) => ({
        page: r.path,
        target: r.target ?? 'unknown',
        label: r.label,
        count: r.count,
        unique: r.unique,
        page_views: viewsOf(r),
      })),
    trend: trend.map((r) => ({ bucket: keyOf(r.bucket), count: r.count, unique: r.unique })),
    total: { count: total?.count ?? 0, unique: total?.unique ?? 0 },
  };
}
