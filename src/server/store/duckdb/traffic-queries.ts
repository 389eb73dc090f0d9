import type { BucketedScope, GoalRecord, Scope, SegmentDimension, SegmentRow, Store } from '../store.js';
import type { Filter } from '../../../contract/filters.js';
import type { Database, Params, Reader } from './database.js';
import {
  andAll,
  goalsPredicate,
  inMatchingSessions,
  numberedRows,
  pageTextPredicate,
  sessionPredicate,
} from './filter-scope.js';
import { pageFilters } from '../filter-sql.js';
import { sessionsByTouchNumbers } from './session-value-filter.js';
import { sessionsViewingMatchingPage } from './session-page-filter.js';
import { pageViewRows, slotBucketSql, slotStartSql } from './visitor-slots.js';
import { sessionFiltersOnly, summaryOfMatchingSessions } from './session-filtered-views.js';
import { bitsFit, visitorBits, visitorBounds } from './visitor-sets.js';
import { bucketSql, byCountsThenValues, keyOf, maxBuckets, scopeFilter } from './sql-fragments.js';

type Db = Pick<Database, 'all' | 'snapshot'>;

/**
 * Runs `fn`'s reads in one snapshot when the scope is filtered (sessionsKept reads bounds the query
 * after it relies on), and on the pooled reader connections otherwise: a snapshot opens a connection
 * of its own, which the unfiltered reports of every Traffic page load need not pay for.
 */
function readsFor<T>(db: Db, s: Scope, fn: (read: Reader) => Promise<T>): Promise<T> {
  return s.filters?.length ? db.snapshot(fn) : fn((sql, params) => db.all(sql, params));
}

export async function trafficTrend(db: Db, s: BucketedScope): ReturnType<Store['trafficTrend']> {
  // Under session filters too, the views are the compact table's rows tested by their first-touch
  // numbers (touch-numbers.ts): cheaper than the matching sessions' rows, which had to be scanned
  // twice (those whose views fall in one bucket, then the others) and their visitors' 64-bit keys
  // counted distinct per bucket (at 10M events under a referrer filter, 155 → 104 ms).
  const rows = pageViewRows(s, await numberedRows(db, s, 'compact_page_views'));
  const bounds = await visitorBounds(db, boundingRows(s, rows));
  if (!bounds) return { buckets: [], page_views: 0, unique_visitors: 0 };
  const params = rows.params;
  const bits = visitorBits(bounds);
  const perBucketBits = bitsFit(maxBuckets(s), bounds);
  // Grouped by integer slot buckets where the granularity allows, turned into instants per bucket.
  const slotBucket = slotBucketSql(s.granularity, s.offsets);
  const [bucket, bucketOut] = slotBucket
    ? [slotBucket, slotStartSql('bucket')]
    : [bucketSql(s.granularity, s.offsets), 'bucket'];
  // One scan: per bucket its page views and visitor set; the range's visitors are the union of the sets.
  const result = await db.all<{ bucket: Date | null; page_views: number; unique_visitors: number }>(
    perBucketBits
      ? `WITH b AS (SELECT ${bucket} AS bucket, sum(page_views)::BIGINT AS page_views, ${bits} AS bits
           FROM (${rows.sql}) GROUP BY bucket)
         SELECT ${bucketOut} AS bucket, page_views, bit_count(bits)::BIGINT AS unique_visitors FROM b
         UNION ALL SELECT NULL, sum(page_views)::BIGINT, bit_count(bit_or(bits))::BIGINT FROM b`
      : `SELECT ${bucketOut} AS bucket, page_views, unique_visitors FROM (
           SELECT ${bucket} AS bucket, sum(page_views)::BIGINT AS page_views, count(DISTINCT visitor_no) AS unique_visitors
           FROM (${rows.sql}) GROUP BY bucket)
         UNION ALL SELECT NULL, sum(page_views)::BIGINT, bit_count(${bits})::BIGINT FROM (${rows.sql})`,
    params,
  );
  return trendFigures(result);
}

/** Per-bucket rows and the range's (bucket null) as the trend's answer, buckets in time order. */
function trendFigures(
  result: { bucket: Date | null; page_views: number; unique_visitors: number }[],
): Awaited<ReturnType<Store['trafficTrend']>> {
  const total = result.find((r) => r.bucket === null);
  return {
    buckets: result
      .filter((r) => r.bucket !== null)
      .sort((a, b) => a.bucket!.getTime() - b.bucket!.getTime())
      .map((r) => ({
        bucket: keyOf(r.bucket),
        page_views: Number(r.page_views),
        unique_visitors: Number(r.unique_visitors),
      })),
    page_views: Number(total?.page_views ?? 0),
    unique_visitors: Number(total?.unique_visitors ?? 0),
  };
}

/**
 * Rows whose visitor numbers bound those of `rows`: the rows themselves, or under filters the whole
 * range's from the slot table, a fraction of the cost of a second filtered scan (filtered views are a
 * subset, and bitstrings only need bounds that hold every number).
 */
function boundingRows(s: Scope, rows: { sql: string; params: Params }): { sql: string; params: Params } {
  return s.filters?.length ? pageViewRows({ ...s, filters: undefined }) : rows;
}

export async function trafficSummary(db: Db, s: Scope): ReturnType<Store['trafficSummary']> {
  // Session filters alone: from the sessions' rows, not a join of every view to them.
  if (sessionFiltersOnly(s)) {
    const { duration, ...figures } = await summaryOfMatchingSessions(db, s);
    return { ...figures, duration_seconds_total: duration };
  }
  const rows = pageViewRows(s, await numberedRows(db, s, 'compact_page_views'));
  const views = async () => {
    const bounds = await visitorBounds(db, boundingRows(s, rows));
    if (!bounds) return { page_views: 0, unique_visitors: 0 };
    const [v] = await db.all<{ page_views: number; unique_visitors: number }>(
      `SELECT sum(page_views)::BIGINT AS page_views, bit_count(${visitorBits(bounds)})::BIGINT AS unique_visitors FROM (${rows.sql})`,
      rows.params,
    );
    return { page_views: Number(v.page_views), unique_visitors: Number(v.unique_visitors) };
  };
  // Independent reads on two reader connections: the sessions scan overlaps the visitor count.
  const [viewFigures, [sessions]] = await Promise.all([
    views(),
    readsFor(db, s, async (read) => {
      const { from, where, params } = await sessionsKept(read, s);
      return read<{ sessions: number; bounces: number; duration: number | null }>(
        `SELECT count(*) AS sessions, count(*) FILTER (WHERE pageviews = 1) AS bounces,
           sum(epoch_ms(last_ts) - epoch_ms(first_ts)) / 1000.0 AS duration
         FROM ${from} WHERE ${where}`,
        params,
      );
    }),
  ]);
  return {
    ...viewFigures,
    sessions: sessions.sessions,
    bounces: sessions.bounces,
    duration_seconds_total: Number(sessions.duration ?? 0),
  };
}

export const REALTIME_WINDOW_MS = 5 * 60_000;
const FEED_WINDOW_MS = 30 * 60_000;
const FEED_SIZE = 50;

export async function realtime(
  db: Db,
  propertyIds: string[],
  now: Date,
  filters?: Filter[],
  goals?: GoalRecord[],
): ReturnType<Store['realtime']> {
  // A goal filter keeps the sessions that converted within each window, as a page filter does.
  const activeRange = {
    propertyIds,
    start: new Date(now.getTime() - REALTIME_WINDOW_MS),
    end: new Date(now.getTime() + 60_000),
    filters,
    goals,
  };
  const active = scopeFilter(activeRange, 'ts');
  // A page filter counts the sessions that viewed a matching page in the window; other events don't.
  const onPage = pageTextPredicate(filters, 'path', active.params);
  const [{ active_visitors }] = await db.all<{ active_visitors: number }>(
    `SELECT count(DISTINCT session_key) AS active_visitors FROM events WHERE ${active.where} AND NOT is_bot${onPage ? ` AND type = 'pageview' AND ${onPage}` : ''}${andAll(inMatchingSessions(activeRange, active.params))}`,
    active.params,
  );
  const feedRange = {
    propertyIds,
    start: new Date(now.getTime() - FEED_WINDOW_MS),
    end: new Date(now.getTime() + 60_000),
    filters,
    goals,
  };
  const feedScope = scopeFilter(feedRange, 'ts');
  const feed = await db.all<{
    page: string;
    referrer: string | null;
    device: string | null;
    country: string | null;
    timestamp: Date;
  }>(
    `SELECT path AS page, referrer, device, country, ts AS timestamp FROM events
     WHERE ${feedScope.where} AND type = 'pageview' AND NOT is_bot${andAll(pageTextPredicate(filters, 'path', feedScope.params), inMatchingSessions(feedRange, feedScope.params))} ORDER BY ts DESC LIMIT ${FEED_SIZE}`,
    feedScope.params,
  );
  return { active_visitors, feed };
}

/**
 * What the filters keep of the sessions starting in the scope's range, as a relation and a WHERE on
 * it: for `page` the sessions that viewed a matching page in the range, and their own values for
 * session dimensions (without a page filter, by their first-touch numbers: session-value-filter.ts).
 * `read`: a snapshot's (sessionsViewingMatchingPage, sessionsByTouchNumbers).
 */
async function sessionsKept(read: Reader, s: Scope): Promise<{ from: string; where: string; params: Params }> {
  const { where, params } = scopeFilter(s, 'first_pv_ts');
  if (pageFilters(s.filters).length === 0) {
    const byNumbers = await sessionsByTouchNumbers(read, s, where, { ...params }, params);
    if (byNumbers) return { from: byNumbers, where: `NOT is_bot${andAll(goalsPredicate(s, params))}`, params };
  }
  const from = await sessionsViewingMatchingPage(read, s, params);
  return { from, where: `${where} AND NOT is_bot${andAll(sessionPredicate(s, params))}`, params };
}

const segmentSets: Record<SegmentDimension, string> = {
  utm: 'utm_source, utm_medium, utm_campaign',
  country: 'country',
  device: 'device',
  landing_page: 'entry_path',
  referrer: 'referrer',
  browser: 'browser',
  os: 'os',
};

const segmentColumns = 'utm_source, utm_medium, utm_campaign, country, device, entry_path, referrer, browser, os';

/** Each segment set's top `limit` rows of the kept sessions (`kept`: their FROM and WHERE), and the totals. */
function segmentsSql(kept: string, limit: number): string {
  const cols = segmentColumns;
  const sets = (Object.keys(segmentSets) as SegmentDimension[]).map((d) => `(${segmentSets[d]})`).join(', ');
  // Numbered sessions grouped by their two numbers first, then by the few combinations' texts
  // (session-tuples.ts); the others by their own texts.
  const keptRows = `SELECT a.utm_source, a.utm_medium, a.utm_campaign, c.country, c.device, a.entry_path, a.referrer, c.browser, c.os, g.n, g.page_views
      FROM (SELECT arrival_no, client_no, count(*) AS n, sum(pageviews) AS page_views ${kept} AND arrival_no IS NOT NULL GROUP BY ALL) g
      JOIN arrival_tuples a USING (arrival_no) JOIN client_tuples c USING (client_no)
    UNION ALL SELECT ${cols}, 1, pageviews ${kept} AND arrival_no IS NULL`;
  // grouping_id tells which set a row belongs to; the empty set () carries the totals.
  return `SELECT * FROM (
       SELECT grouping_id(${cols}) AS g, ${cols}, coalesce(sum(n), 0)::BIGINT AS sessions, sum(page_views)::BIGINT AS page_views
       FROM (${keptRows})
       GROUP BY GROUPING SETS (${sets}, ()))
     QUALIFY row_number() OVER (PARTITION BY g ORDER BY sessions DESC, page_views DESC, ${cols}) <= ${Number(limit)} OR g = 511`;
}

export async function segments(db: Db, s: Scope, limit: number): ReturnType<Store['segments']> {
  const rows = await readsFor(db, s, async (read) => {
    const { from, where, params } = await sessionsKept(read, s);
    return read<Record<string, unknown> & { g: number; sessions: number; page_views: number }>(
      segmentsSql(`FROM ${from} WHERE ${where}`, limit),
      params,
    );
  });
  const all = 0b111111111;
  const bit = {
    utm_source: 256,
    utm_medium: 128,
    utm_campaign: 64,
    country: 32,
    device: 16,
    entry_path: 8,
    referrer: 4,
    browser: 2,
    os: 1,
  };
  const out: SegmentRow[] = [];
  let totals = { sessions: 0, page_views: 0 };
  for (const r of rows) {
    const counts = { sessions: r.sessions, page_views: Number(r.page_views ?? 0) };
    if (r.g === all) totals = counts;
    else if (r.g === all - bit.utm_source - bit.utm_medium - bit.utm_campaign)
      out.push({
        dimension: 'utm',
        values: [r.utm_source, r.utm_medium, r.utm_campaign] as (string | null)[],
        ...counts,
      });
    else if (r.g === all - bit.country)
      out.push({ dimension: 'country', values: [r.country as string | null], ...counts });
    else if (r.g === all - bit.device)
      out.push({ dimension: 'device', values: [r.device as string | null], ...counts });
    else if (r.g === all - bit.entry_path)
      out.push({ dimension: 'landing_page', values: [r.entry_path as string | null], ...counts });
    else if (r.g === all - bit.referrer)
      out.push({ dimension: 'referrer', values: [r.referrer as string | null], ...counts });
    else if (r.g === all - bit.browser)
      out.push({ dimension: 'browser', values: [r.browser as string | null], ...counts });
    else if (r.g === all - bit.os) out.push({ dimension: 'os', values: [r.os as string | null], ...counts });
  }
  // Equal counts and values in two dimensions (an unknown country and an unknown device) by dimension.
  const ranked = byCountsThenValues<SegmentRow>(
    (r) => [r.sessions, r.page_views],
    (r) => r.values,
  );
  out.sort((a, b) => ranked(a, b) || (a.dimension < b.dimension ? -1 : a.dimension > b.dimension ? 1 : 0));
  return { rows: out, totals };
}

export async function entryExitPages(db: Db, s: Scope, limit: number): ReturnType<Store['entryExitPages']> {
  const rows = await readsFor(db, s, async (read) => {
    const { from, where, params } = await sessionsKept(read, s);
    return read<{ entry_path: string | null; exit_path: string | null; g: number; sessions: number }>(
      `SELECT * FROM (
         SELECT grouping_id(entry_path, exit_path) AS g, entry_path, exit_path, count(*) AS sessions
         FROM ${from} WHERE ${where}
         GROUP BY GROUPING SETS ((entry_path), (exit_path), ()))
       QUALIFY row_number() OVER (PARTITION BY g ORDER BY sessions DESC, entry_path, exit_path) <= ${Number(limit)} OR g = 3`,
      params,
    );
  });
  rows.sort(
    byCountsThenValues(
      (r) => [r.sessions],
      (r) => [r.entry_path, r.exit_path],
    ),
  );
  return {
    entry: rows.filter((r) => r.g === 1).map((r) => ({ path: r.entry_path ?? 'unknown', sessions: r.sessions })),
    exit: rows.filter((r) => r.g === 2).map((r) => ({ path: r.exit_path ?? 'unknown', sessions: r.sessions })),
    sessions: rows.find((r) => r.g === 3)?.sessions ?? 0,
  };
}
