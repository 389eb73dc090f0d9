import type { Filter } from '../../../contract/filters.js';
import type { BucketedScope, GoalRecord, Scope, SegmentDimension, SegmentRow, Store } from '../store.js';
import { dateOf, type ChDb, type ChParams } from './clickhouse-db.js';
import {
  allOf,
  andAll,
  filteredSettings,
  pagePredicate,
  sessionPredicate,
  viewedMatchingPage,
} from './filter-scope.js';
import { sessionsInScope } from './sessions-sql.js';
import { inMatchingSessionsOf, stampsApply, untrustedSessions } from './stamped-filters.js';
import { byCountsThenValues } from '../ranked-rows.js';
import { bucketKeySql, scopeParams, scopeWhere } from './sql-fragments.js';

/**
 * The page views a figure counts: non-bot `pageview` events in the range, as the embedded store's
 * page-view slots keep them. The primary key (property_id, toDate(ts), type, …) turns this into a read
 * of the range's page-view granules only.
 */
const pageViews = `type = 'pageview' AND NOT is_bot`;
const pageViewsWhere = `${scopeWhere('ts')} AND ${pageViews}`;

/**
 * What the filters keep of the scope's page views: those on matching pages, in matching sessions by
 * their first-touch stamps (stamped-filters.ts; '' unfiltered).
 */
async function viewsKept(db: ChDb, s: Scope, params: ChParams): Promise<string> {
  const untrusted = await untrustedSessions(db, s, params, pageViews);
  return andAll(pagePredicate(s.filters, 'path', params), inMatchingSessionsOf(s, params, pageViews, untrusted));
}

/**
 * What the filters keep of the scope's sessions (sessionsInScope rows): their own values for session
 * dimensions, and for `page` a view of a matching page in the range ('' unfiltered).
 *
 * `views`, viewsKept's predicate, when the stamps judge the filters: every kept session then has a
 * page view in the range that it keeps (its first), so the sessions of those page views are a
 * superset, found by a scan of the stamps. On the grouping keys, that condition goes below the merge
 * of partials, which then merges the matching sessions only: under mobile and not US at 10M events,
 * the summary's sessions took longer than unfiltered, because the merge also had the entry country
 * and device to take for every session.
 */
function sessionsKept(s: Scope, params: ChParams, views = ''): string {
  const withKeptView = views
    ? `(property_id, session_key) IN (SELECT property_id, session_key FROM events WHERE ${pageViewsWhere}${views})`
    : '';
  return allOf(withKeptView, sessionPredicate(s, params), viewedMatchingPage(s, params));
}

/** Page views and distinct visitors per bucket and over the range, in one scan (ROLLUP merges the buckets' visitor sets). */
async function trafficTrend(db: ChDb, s: BucketedScope): ReturnType<Store['trafficTrend']> {
  const params = scopeParams(s);
  const rows = await db.all<{ total: number; bucket: string; page_views: number; unique_visitors: number }>(
    `SELECT grouping(bucket) AS total, ${bucketKeySql(s.granularity, s.offsets)} AS bucket,
       count() AS page_views, uniqExact(visitor_key) AS unique_visitors
     FROM events WHERE ${pageViewsWhere}${await viewsKept(db, s, params)}
     GROUP BY ROLLUP(bucket) ORDER BY total, bucket${filteredSettings(s.filters)}`,
    params,
  );
  const total = rows.find((r) => r.total === 1);
  return {
    buckets: rows
      .filter((r) => r.total === 0)
      .map((r) => ({ bucket: r.bucket, page_views: r.page_views, unique_visitors: r.unique_visitors })),
    page_views: total?.page_views ?? 0,
    unique_visitors: total?.unique_visitors ?? 0,
  };
}

/**
 * Page-view figures from the events and session figures from the sessions, side by side in one query.
 * Under a session filter the page views are kept by their stamps (viewsKept) and the sessions by the
 * merge's own values, as segments keeps them, after the stamps have narrowed them to the sessions of
 * kept page views (sessionsKept).
 */
async function trafficSummary(db: ChDb, s: Scope): ReturnType<Store['trafficSummary']> {
  const params = scopeParams(s);
  const kept = await viewsKept(db, s, params);
  const sessions = sessionsKept(s, params, stampsApply(s) ? kept : '');
  const [row] = await db.all<{
    page_views: number;
    unique_visitors: number;
    sessions: number;
    bounces: number;
    duration: number;
  }>(
    `SELECT * FROM
       (SELECT count() AS page_views, uniqExact(visitor_key) AS unique_visitors FROM events WHERE ${pageViewsWhere}${kept}) AS v
     CROSS JOIN
       (SELECT count() AS sessions, countIf(pageviews = 1) AS bounces,
          sum(toUnixTimestamp64Milli(last_ts) - toUnixTimestamp64Milli(first_ts)) / 1000 AS duration
        FROM ${sessionsInScope(sessions)}) AS x${filteredSettings(s.filters)}`,
    params,
  );
  return {
    page_views: row.page_views,
    unique_visitors: row.unique_visitors,
    sessions: row.sessions,
    bounces: row.bounces,
    duration_seconds_total: Number(row.duration ?? 0),
  };
}

/** The embedded store's windows: sessions active in the last five minutes, page views of the last half hour. */
const REALTIME_WINDOW_MS = 5 * 60_000;
const FEED_WINDOW_MS = 30 * 60_000;
const FEED_SIZE = 50;
/** A minute past `now` still counts: a browser's clock may run slightly ahead. */
const CLOCK_SLACK_MS = 60_000;

/**
 * With filters, a session filter merges only the sessions with an event in the window (a few minutes
 * of a day-wide read), a `page` filter counts the sessions that viewed a matching page in it, and a
 * `goal` filter those that converted in it. The active sessions under a session filter are counted
 * from the merge itself (one set, not a set within a set: 16 ms instead of 30 at 10M events).
 */
async function realtime(
  db: ChDb,
  propertyIds: string[],
  now: Date,
  filters?: Filter[],
  goals?: GoalRecord[],
): ReturnType<Store['realtime']> {
  const until = new Date(now.getTime() + CLOCK_SLACK_MS);
  const activeScope = { propertyIds, start: new Date(now.getTime() - REALTIME_WINDOW_MS), end: until, filters, goals };
  const feedScope = { propertyIds, start: new Date(now.getTime() - FEED_WINDOW_MS), end: until, filters, goals };
  const [activeParams, feedParams] = [scopeParams(activeScope), scopeParams(feedScope)];
  const onPage = pagePredicate(filters, 'path', activeParams);
  const activeOnly = `NOT is_bot${onPage ? ` AND type = 'pageview' AND ${onPage}` : ''}`;
  const activeEvents = `${scopeWhere('ts')} AND ${activeOnly}`;
  // Each window's events kept by their stamps where those hold (inMatchingSessionsOf), not by a merge
  // of the partials of every session of three days. One read of the untrusted sessions serves both
  // windows: those of the feed's non-bot events include the active window's, and naming more than
  // the untrusted only sends those to the merge, which judges any session right.
  const untrusted = await untrustedSessions(db, feedScope, feedParams, 'NOT is_bot');
  const [[active], feed] = await Promise.all([
    db.all<{ active_visitors: number }>(
      `SELECT uniqExact(session_key) AS active_visitors FROM events
       WHERE ${activeEvents}${andAll(inMatchingSessionsOf(activeScope, activeParams, activeOnly, untrusted))}${filteredSettings(filters)}`,
      activeParams,
    ),
    db.all<{ page: string; referrer: string | null; device: string | null; country: string | null; ts: string }>(
      `SELECT path AS page, referrer, device, country, ts FROM events
       WHERE ${pageViewsWhere}${andAll(pagePredicate(filters, 'path', feedParams), inMatchingSessionsOf(feedScope, feedParams, pageViews, untrusted))} ORDER BY ts DESC LIMIT ${FEED_SIZE}${filteredSettings(filters)}`,
      feedParams,
    ),
  ]);
  return {
    active_visitors: active.active_visitors,
    feed: feed.map((r) => ({
      page: r.page,
      referrer: r.referrer,
      device: r.device,
      country: r.country,
      timestamp: dateOf(r.ts),
    })),
  };
}

/** The grouping columns in grouping() order; a set's bit is 1 when its column is not grouped (SQL standard, as DuckDB's grouping_id). */
const segmentColumns = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'country',
  'device',
  'entry_path',
  'referrer',
  'browser',
  'os',
] as const;
type SegmentColumn = (typeof segmentColumns)[number];
const segmentSets: Record<SegmentDimension, SegmentColumn[]> = {
  utm: ['utm_source', 'utm_medium', 'utm_campaign'],
  country: ['country'],
  device: ['device'],
  landing_page: ['entry_path'],
  referrer: ['referrer'],
  browser: ['browser'],
  os: ['os'],
};
const ALL_BITS = (1 << segmentColumns.length) - 1;
const groupingOf = (columns: SegmentColumn[]) =>
  columns.reduce((g, c) => g & ~(1 << (segmentColumns.length - 1 - segmentColumns.indexOf(c))), ALL_BITS);

/**
 * Sessions and their page views per value of each dimension, in one GROUPING SETS pass over the
 * range's sessions; each dimension's top `limit` rows are ranked as the embedded store ranks them
 * (sessions, page views, then the values ascending with unknown last). group_by_use_nulls makes the
 * columns outside a row's set NULL, as in DuckDB, so the values sort the same.
 */
async function segments(db: ChDb, s: Scope, limit: number): ReturnType<Store['segments']> {
  const params = scopeParams(s);
  const cols = segmentColumns.join(', ');
  const sets = Object.values(segmentSets)
    .map((c) => `(${c.join(', ')})`)
    .join(', ');
  const rows = await db.all<Record<SegmentColumn, string | null> & { g: number; sessions: number; page_views: number }>(
    `SELECT * FROM (
       SELECT *, row_number() OVER (PARTITION BY g ORDER BY sessions DESC, page_views DESC, ${cols}) AS place
       FROM (
         SELECT grouping(${cols}) AS g, ${cols}, count() AS sessions, sum(pageviews) AS page_views
         FROM ${sessionsInScope(sessionsKept(s, params))}
         GROUP BY GROUPING SETS (${sets}, ())
         SETTINGS group_by_use_nulls = 1))
     WHERE place <= {limit:UInt32} OR g = ${ALL_BITS}${filteredSettings(s.filters)}`,
    { ...params, limit },
  );
  const dimensionOf = new Map(Object.entries(segmentSets).map(([d, c]) => [groupingOf(c), d as SegmentDimension]));
  const out: SegmentRow[] = [];
  let totals = { sessions: 0, page_views: 0 };
  for (const r of rows) {
    const counts = { sessions: r.sessions, page_views: r.page_views ?? 0 };
    const dimension = dimensionOf.get(r.g);
    if (r.g === ALL_BITS) totals = counts;
    else if (dimension) out.push({ dimension, values: segmentSets[dimension].map((c) => r[c]), ...counts });
  }
  // Equal counts and values in two dimensions (an unknown country and an unknown device) by dimension, as DuckDB.
  const ranked = byCountsThenValues<SegmentRow>(
    (r) => [r.sessions, r.page_views],
    (r) => r.values,
  );
  out.sort((a, b) => ranked(a, b) || (a.dimension < b.dimension ? -1 : a.dimension > b.dimension ? 1 : 0));
  return { rows: out, totals };
}

/** Entry and exit pages by sessions, and the sessions in all, in one GROUPING SETS pass. */
async function entryExitPages(db: ChDb, s: Scope, limit: number): ReturnType<Store['entryExitPages']> {
  const params = scopeParams(s);
  const rows = await db.all<{ g: number; entry_path: string | null; exit_path: string | null; sessions: number }>(
    `SELECT * FROM (
       SELECT *, row_number() OVER (PARTITION BY g ORDER BY sessions DESC, entry_path, exit_path) AS place
       FROM (
         SELECT grouping(entry_path, exit_path) AS g, entry_path, exit_path, count() AS sessions
         FROM ${sessionsInScope(sessionsKept(s, params))}
         GROUP BY GROUPING SETS ((entry_path), (exit_path), ())
         SETTINGS group_by_use_nulls = 1))
     WHERE place <= {limit:UInt32} OR g = 3${filteredSettings(s.filters)}`,
    { ...params, limit },
  );
  rows.sort(
    byCountsThenValues(
      (r) => [r.sessions],
      (r) => [r.entry_path, r.exit_path],
    ),
  );
  return {
    entry: rows.filter((r) => r.g === 1).map((r) => ({ path: r.entry_path ?? 'unknown', sessions: r.sessions })),
    exit: rows.filter((r) => r.g === 2).map((r) => ({ path: r.exit_path ?? 'unknown', sessions: r.sessions })),
    // GROUPING SETS gives the () row even when no session is in the range.
    sessions: rows.find((r) => r.g === 3)?.sessions ?? 0,
  };
}

/** Traffic reports on ClickHouse: the embedded store's figures, ranks and tie orders (duckdb/traffic-queries.ts). */
export function trafficQueries(
  db: ChDb,
): Pick<Store, 'trafficTrend' | 'trafficSummary' | 'realtime' | 'segments' | 'entryExitPages'> {
  return {
    trafficTrend: (s) => trafficTrend(db, s),
    trafficSummary: (s) => trafficSummary(db, s),
    realtime: (ids, now, filters, goals) => realtime(db, ids, now, filters, goals),
    segments: (s, limit) => segments(db, s, limit),
    entryExitPages: (s, limit) => entryExitPages(db, s, limit),
  };
}
