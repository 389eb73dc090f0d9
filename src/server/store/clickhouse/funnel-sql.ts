import { referrerHost } from './session-partials.js';
import type { FunnelDimension } from '../store.js';
import { rangeDaysSql, TS } from './sql-fragments.js';

// SQL shared by the funnel queries. Every fragment binds scopeParams (props, start, end).

/**
 * The range's page views, as the embedded store's `compact_page_views` holds them: non-bot `pageview`
 * events, one view per event. The events' order key (property, day, type, …) makes this a read of the
 * range's page views alone, given the days (rangeDaysSql).
 */
export const pageViewsWhere = `property_id IN {props:Array(String)} AND ${rangeDaysSql()} AND ts >= {start:${TS}} AND ts < {end:${TS}}
  AND type = 'pageview' AND NOT is_bot`;

/**
 * Groups rows per session. The property's place in `props` stands for its name: two integer keys
 * group a fifth faster than a LowCardinality string and an integer (half a million sessions).
 */
export const perSession = 'indexOf({props:Array(String)}, property_id), session_key';

/** A page view's step bits (bit k-1 for step k), from `{stepPaths:Array(String)}` and `{stepMasks:Array(UInt32)}`. */
export const stepMaskSql = 'transform(path, {stepPaths:Array(String)}, {stepMasks:Array(UInt32)}, toUInt32(0))';

/**
 * `a` without an element equal to the one before it: consecutive repeats collapsed, or, on an array
 * sorted by (ts, page), identical views (same instant and page: a tracker retry) taken once.
 */
export const dropRepeatsSql = (a: string) =>
  `arrayFilter((x, j) -> j = 1 OR x != ${a}[j - 1], ${a}, arrayEnumerate(${a}))`;

/** Greedy in-order matching over (ts, mask) views sorted by time, one step per view: the steps reached. */
export const progressSql = (sortedViews: string) =>
  `arrayFold((acc, v) -> if(bitTest(v.2, acc), acc + 1, acc), ${sortedViews}, toUInt64(0))`;

/** Each breakdown dimension as a page view's value; a session's value is its first page view's. */
export const dimensionSql: Record<FunnelDimension, string> = {
  device: 'device',
  country: 'country',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  referrer: referrerHost('referrer'),
  entry_page: 'path',
  browser: 'browser',
  os: 'os',
};

/**
 * Page views a breakdown reads: every page view (bots' too) from the day before the range, so a
 * session that began before the range gets its first-touch value as the embedded store's `sessions`
 * row has it. A session's events lie within a day of its start, the rule sessions-sql.ts reads
 * partials by (docs/decisions.md); a session that lasted longer is read in part there too.
 */
export const breakdownViewsWhere = `property_id IN {props:Array(String)}
  AND toDate(ts) >= toDate({start:${TS}}) - 1 AND toDate(ts) <= toDate({end:${TS}}) AND ts >= toDateTime64(toDate({start:${TS}}) - 1, 3, 'UTC')
  AND ts < {end:${TS}} AND type = 'pageview'`;

/**
 * The per-session array `p` of paths cut after `{maxNodes:UInt32}` nodes (a run of consecutive views
 * of one page is one node, so reloads don't use up the path): `cut`, and `ended` when nothing was cut.
 */
export const cutAfterNodesSql = (
  p: string,
) => `arrayCumSum(arrayMap((x, j) -> toUInt32(j = 1 OR x != ${p}[j - 1]), ${p}, arrayEnumerate(${p}))) AS node_nos,
      arrayFilter((x, k) -> k <= {maxNodes:UInt32}, ${p}, node_nos) AS cut, node_nos[-1] <= {maxNodes:UInt32} AS ended`;
