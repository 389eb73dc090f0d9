import type { BucketedScope, Scope } from '../store.js';
import type { Database, Params, Reader } from './database.js';
import { andAll, inMatchingSessions, sessionPredicate } from './filter-scope.js';
import { bucketSql, scopeFilter } from './sql-fragments.js';
import { pageFilters } from '../filter-sql.js';
import { viewWindows } from './view-windows.js';

/**
 * Page views of the range under session filters only (no `page` filter), read from the matching
 * sessions' rows instead of joining every page view of the range to them. At 10M events a country
 * filter joined 4.3M views to 700k sessions: for the summary, and for the views per page of the
 * clicks and forms reports (240 ms of CPU, more than the whole unfiltered report).
 *
 * A session `known` here brings its page views from its own row: its views all lie in the range and
 * either it has no bot event (then `pageviews` counts exactly its views) or its numbered path is empty
 * (pattern 0: no view but bots'). Only the others (crossing the range's start or end, a bot's session
 * with views of a person, and, per page, sessions not numbered yet) have their views in the range
 * read, between bounds read in the same snapshot. Bots' sessions with no view are known: spread over
 * the whole range, they used to make the read of "the others" a scan of the range.
 */
/** Filters set and none on `page`: what the reads below answer (a page filter keeps views, not sessions). */
export function sessionFiltersOnly(s: Scope): boolean {
  return (s.filters?.length ?? 0) > 0 && pageFilters(s.filters).length === 0;
}

const inside = 'x.first_pv_ts >= $start::TIMESTAMP AND x.last_pv_ts < $end::TIMESTAMP';
// IS NOT DISTINCT FROM: a bot's session not numbered yet is not known (a NULL here would drop it from both sides).
const withoutBotViews = '(NOT x.is_bot OR x.pattern_no IS NOT DISTINCT FROM 0)';
/** Known by their row: their count and visitor. */
const knownCount = `${inside} AND ${withoutBotViews}`;
/** Known by their numbered path: which pages they viewed. */
const knownPath = `${inside} AND x.pattern_no IS NOT NULL AND ${withoutBotViews}`;
/** A known session's views (a bot's session is known only when it has none). */
const ownViews = 'CASE WHEN x.is_bot THEN 0 ELSE x.pageviews END';

interface Reads {
  /** The sessions with a view in the range that match the filters, over `sessions x`. */
  matching: string;
  /** The matching sessions not `known`, joined to their views in the range (`v`), or null when none. */
  othersViews: ((columns: string) => string) | null;
  params: Params;
}

/** The scope's properties on a row of `alias`, bound as scopeFilter binds them ($p0…). */
function propertiesOn(s: Scope, alias: string): string {
  const where = scopeFilter(s, 'ts', alias).where;
  return where.slice(0, where.indexOf(` AND ${alias}.ts >=`));
}

/** The fragments a read shares, with the bounds of the others' views read in `read`'s snapshot. */
async function sessionReads(read: Reader, s: Scope, known: string): Promise<Reads> {
  const params: Params = { ...scopeFilter(s, 'first_pv_ts').params };
  const touching = `${propertiesOn(s, 'x')} AND x.first_pv_ts < $end::TIMESTAMP AND x.last_pv_ts >= $start::TIMESTAMP`;
  // Unfiltered, so the bounds hold for any filter.
  const windows = await viewWindows(read, `${touching} AND NOT (${known})`, { ...params }, params, 'v.ts');
  const kept = sessionPredicate(s, params, 'x');
  const matching = `${touching}${kept ? ` AND ${kept}` : ''}`;
  const key = s.propertyIds.length === 1 ? 'session_key' : 'property_id, session_key';
  return {
    matching,
    othersViews:
      windows.length === 0
        ? null
        : (columns) => `SELECT ${columns} FROM compact_page_views v
          JOIN (SELECT x.property_id, x.session_key, x.visitor_key FROM sessions x WHERE ${matching} AND NOT (${known})) o USING (${key})
          WHERE ${propertiesOn(s, 'v')} AND (${windows.join(' OR ')}) GROUP BY ALL`,
    params,
  };
}

/**
 * The traffic summary's figures in sessions matching the session filters, in one pass over the
 * touching sessions: page views and distinct visitors as above, and the sessions that began in the
 * range (not bots'), their bounces and duration (a second scan of the sessions before).
 */
export async function summaryOfMatchingSessions(
  db: Pick<Database, 'snapshot'>,
  s: Scope,
): Promise<{ page_views: number; unique_visitors: number; sessions: number; bounces: number; duration: number }> {
  return db.snapshot(async (read) => {
    const r = await sessionReads(read, s, knownCount);
    const [row] = await read<{
      page_views: number | null;
      unique_visitors: number;
      sessions: number;
      bounces: number;
      duration: number | null;
    }>(
      `SELECT sum(views)::BIGINT AS page_views, count(DISTINCT visitor_key) FILTER (WHERE views > 0) AS unique_visitors,
         count(*) FILTER (WHERE starts) AS sessions, count(*) FILTER (WHERE starts AND pageviews = 1) AS bounces,
         sum(duration) FILTER (WHERE starts) / 1000.0 AS duration
       FROM (
         SELECT x.visitor_key, CASE WHEN ${knownCount} THEN ${ownViews} ELSE 0 END AS views,
           x.first_pv_ts >= $start::TIMESTAMP AND NOT x.is_bot AS starts, x.pageviews,
           epoch_ms(x.last_ts) - epoch_ms(x.first_ts) AS duration
         FROM sessions x WHERE ${r.matching}
         ${r.othersViews ? `UNION ALL ${r.othersViews('o.visitor_key, count(*), false, NULL, NULL')}` : ''})`,
      r.params,
    );
    return {
      page_views: Number(row.page_views ?? 0),
      unique_visitors: Number(row.unique_visitors),
      sessions: Number(row.sessions),
      bounces: Number(row.bounces),
      duration: Number(row.duration ?? 0),
    };
  });
}

/**
 * Page views and distinct visitors per bucket (and over the range: `bucket` null) in sessions matching
 * the session filters. A session known by its row whose views all fall in one bucket brings its count
 * and visitor to that bucket; the others' views (crossing a bucket's or the range's ends) are read.
 * Those are spread over the range, so no bounds narrow that read, but it joins the views to those few
 * sessions rather than to all the matching ones.
 */
export async function trendOfMatchingSessions(
  db: Pick<Database, 'all'>,
  s: BucketedScope,
): Promise<{ bucket: Date | null; page_views: number; unique_visitors: number }[]> {
  const { where, params } = scopeFilter(s, 'ts', 'v');
  const kept = sessionPredicate(s, params, 'x');
  const matching = `${propertiesOn(s, 'x')} AND x.first_pv_ts < $end::TIMESTAMP AND x.last_pv_ts >= $start::TIMESTAMP${kept ? ` AND ${kept}` : ''}`;
  const bucketOf = (column: string) => bucketSql(s.granularity, s.offsets, column);
  const known = `${knownCount} AND ${bucketOf('x.first_pv_ts')} = ${bucketOf('x.last_pv_ts')}`;
  const key = s.propertyIds.length === 1 ? 'session_key' : 'property_id, session_key';
  const rows = await db.all<{ bucket: Date | null; page_views: number; unique_visitors: number }>(
    `SELECT bucket, sum(views)::BIGINT AS page_views, count(DISTINCT visitor_key) AS unique_visitors FROM (
       SELECT ${bucketOf('x.first_pv_ts')} AS bucket, x.visitor_key, ${ownViews} AS views FROM sessions x
       WHERE ${matching} AND ${known} AND ${ownViews} > 0
       UNION ALL SELECT ${bucketOf('v.ts')}, o.visitor_key, count(*) FROM compact_page_views v
       JOIN (SELECT x.property_id, x.session_key, x.visitor_key FROM sessions x WHERE ${matching} AND NOT (${known})) o USING (${key})
       WHERE ${where} GROUP BY ALL)
     GROUP BY GROUPING SETS ((bucket), ())`,
    params,
  );
  return rows.map((r) => ({ ...r, page_views: Number(r.page_views), unique_visitors: Number(r.unique_visitors) }));
}

/**
 * Page views per page number in sessions matching the session filters (all pages, or the one
 * numbered `$page`'s text when `page` is given). A known session's pages come from its numbered path,
 * summed over the sessions walking the same path. A path holds two views at one instant of one page
 * once (session-paths.ts); a path whose sessions count more views than it holds had such twins, and
 * then the whole answer comes from the views instead (the path cannot say which page was twice).
 */
export async function pageViewsOfMatchingSessions(
  db: Pick<Database, 'snapshot'>,
  s: Scope,
  page?: string,
): Promise<Map<number, number>> {
  return db.snapshot(async (read) => {
    const r = await sessionReads(read, s, knownPath);
    const onePage = page === undefined ? '' : ' WHERE path_no = (SELECT text_no FROM text_numbers WHERE text = $page)';
    if (page !== undefined) r.params.page = page;
    const rows = await read<{ path_no: number | null; page_views: number }>(
      `WITH walked AS MATERIALIZED (
         SELECT p.views, w.n, w.views_counted FROM (
           SELECT x.pattern_no, count(*) AS n, sum(x.pageviews) AS views_counted FROM sessions x
           WHERE ${r.matching} AND ${knownPath} AND x.pattern_no <> 0 GROUP BY ALL) w
         JOIN path_patterns p USING (pattern_no))
       SELECT path_no, sum(n)::BIGINT AS page_views FROM (
         SELECT unnest(views) AS path_no, n FROM walked
         ${r.othersViews ? `UNION ALL ${r.othersViews('v.path_no, count(*)')}` : ''})${onePage} GROUP BY path_no
       UNION ALL SELECT NULL, count(*) FROM walked WHERE len(views) * n <> views_counted HAVING count(*) > 0`,
      r.params,
    );
    if (rows.some((row) => row.path_no === null)) return viewsByJoin(read, s, page);
    return new Map(rows.map((row) => [row.path_no!, Number(row.page_views)]));
  });
}

/** Every matching view of the range joined to its session: when some path had twin views. */
async function viewsByJoin(read: Reader, s: Scope, page: string | undefined): Promise<Map<number, number>> {
  const { where, params } = scopeFilter(s, 'ts', 'v');
  const onePage = page === undefined ? '' : ' AND v.path_no = (SELECT text_no FROM text_numbers WHERE text = $page)';
  if (page !== undefined) params.page = page;
  const rows = await read<{ path_no: number; page_views: number }>(
    `SELECT v.path_no, count(*) AS page_views FROM compact_page_views v WHERE ${where}${onePage}${andAll(inMatchingSessions(s, params, 'v', 'compact_page_views'))}
     GROUP BY path_no`,
    params,
  );
  return new Map(rows.map((row) => [row.path_no, Number(row.page_views)]));
}
