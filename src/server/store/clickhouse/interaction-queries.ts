import type { BucketedScope, InteractionOptions, InteractionReport, InteractionRow, Store } from '../store.js';
import { interactionOrder } from '../interaction-order.js';
import type { ChDb, ChParams } from './clickhouse-db.js';
import { andAll, filteredSettings, pagePredicate } from './filter-scope.js';
import { inMatchingSessionsOf, untrustedSessions } from './stamped-filters.js';
import { labelTexts, mostCommonLabels, pairKey } from './label-texts.js';
import { pageViewsByPath } from './page-views.js';
import { bucketKeySql, scopeParams, scopeWhere } from './sql-fragments.js';

interface SetRow {
  g: number;
  path: string;
  target: string | null;
  label: string | null;
  /** Per page: the smallest and largest label hash of the row's events ('0': none; equal: that is its label). */
  lo: string | null;
  hi: string | null;
  bucket: string;
  count: number;
  unique: number;
  /** Per element: the pages it was used on. */
  paths: string[];
}
type Top = {
  path: string | null;
  target: string | null;
  label: string | null;
  count: number;
  unique: number;
  lo: string | null;
  hi: string | null;
  paths: string[];
};

/**
 * Clicks and form submissions share one shape: per (page, target) counts, a trend and totals, where
 * the unique figure is distinct sessions (session_key, across the scope's properties, as the embedded
 * store counts it). Bots' events never count. One scan of the type's granules in the range: the
 * three groupings are grouping sets of the same read, and the (page, target) set — or, grouped by
 * element, the (target, label) set — is ranked and cut to `limit` in the query (count, then distinct
 * sessions, descending; then page and target, or target and label, nulls last). Beside it, the page
 * views per page (the rates' denominators, store.ts InteractionRow); after it, the top rows' label
 * texts by hash (remembered: label-texts.ts) and, only when a row's events carry different labels,
 * a count of those labels.
 */
export async function interactions(
  db: ChDb,
  s: BucketedScope,
  type: 'click' | 'form_submit',
  opts: InteractionOptions,
): Promise<InteractionReport> {
  const params: ChParams = { ...scopeParams(s), type, limit: opts.limit };
  let filter = `${scopeWhere('ts')} AND type = {type:String} AND NOT is_bot`;
  if (opts.page !== undefined) {
    filter += ' AND path = {page:String}';
    params.page = opts.page;
  }
  if (opts.source !== undefined) {
    filter += ' AND source = {source:String}';
    params.source = opts.source;
  }
  // Filters keep those made on matching pages, in matching sessions: by the events' first-touch stamps,
  // merged only for the sessions with an event of the type or a page view (on the page, for a report
  // of one) that has no stamp or a doubted one, found first (stamped-filters.ts).
  const onPage = opts.page === undefined ? '' : ' AND path = {page:String}';
  const untrusted = await untrustedSessions(
    db,
    s,
    params,
    `type IN ({type:String}, 'pageview') AND NOT is_bot${onPage}`,
  );
  const inSessions = andAll(inMatchingSessionsOf(s, params, `type = {type:String} AND NOT is_bot${onPage}`, untrusted));
  filter += andAll(pagePredicate(s.filters, 'path', params)) + inSessions;
  const settings = filteredSettings(s.filters);
  const byElement = opts.group === 'element';
  const rowKey = byElement ? 'target, label' : 'path, target';
  // A rate's page views: those in matching sessions (the rows' pages match already), likewise.
  const viewParams = { ...params };
  const views = pageViewsByPath(
    db,
    s,
    viewParams,
    andAll(inMatchingSessionsOf(s, viewParams, `type = 'pageview' AND NOT is_bot${onPage}`, untrusted)),
    settings,
    opts.page,
  );
  views.catch(() => undefined); // awaited below; not an unhandled rejection while the rows are read
  const rows = await db.all<SetRow>(
    // The row's page and label are selected under other names: an alias named `label` or `path` would
    // be what min(label) and groupUniqArray(path) read.
    `SELECT g, row_path AS path, target, row_label AS label, lo, hi, paths, bucket, count, unique FROM (
       SELECT grouping(${rowKey}, bucket) AS g, ${byElement ? `''` : 'path'} AS row_path, target, ${byElement ? 'label' : 'NULL'} AS row_label, bucket,
         count() AS count, uniqExact(session_key) AS unique,
         ${byElement ? `NULL AS lo, NULL AS hi, groupUniqArray(path) AS paths` : `toString(minIf(label_hash, label_hash != 0)) AS lo, toString(maxIf(label_hash, label_hash != 0)) AS hi, [] AS paths`}
       FROM (SELECT path, target, ${byElement ? 'label' : 'label_hash'}, session_key, ${bucketKeySql(s.granularity, s.offsets)} AS bucket FROM events WHERE ${filter})
       GROUP BY GROUPING SETS ((${rowKey}), (bucket), ()))
     ORDER BY g, bucket, count DESC, unique DESC, ${byElement ? 'target NULLS LAST, label NULLS LAST' : 'path, target NULLS LAST'}
     LIMIT {limit:UInt32} BY g, bucket${settings}`,
    params,
  );
  // grouping(): a bit per column left out of the set, first column highest. The top rows all have an
  // empty bucket, so `bucket` orders the trend alone and `LIMIT … BY g, bucket` cuts only the top
  // rows: each trend bucket is a group of its own.
  const found = rows
    .filter((r) => r.g === 0b001)
    .map((r) => ({ ...r, path: byElement ? null : r.path, count: Number(r.count), unique: Number(r.unique) }));
  const top = byElement ? found : await named(db, found, filter, params, settings);
  const trend = rows.filter((r) => r.g === 0b110);
  const [total] = rows.filter((r) => r.g === 0b111);
  const viewsOf = await views;
  const pageViews = (r: Top) =>
    (byElement ? r.paths : [r.path!]).reduce((sum, path) => sum + (viewsOf.get(path) ?? 0), 0);
  return {
    rows: top.sort(byElement ? interactionOrder.byElement : interactionOrder.byPage).map((r): InteractionRow => ({
      page: r.path,
      target: r.target ?? 'unknown',
      label: r.label,
      count: r.count,
      unique: r.unique,
      page_views: pageViews(r),
    })),
    trend: trend.map((r) => ({ bucket: r.bucket, count: Number(r.count), unique: Number(r.unique) })),
    total: { count: Number(total?.count ?? 0), unique: Number(total?.unique ?? 0) },
  };
}

/**
 * Per page, a row's label: the one its events carry when they agree (or none), by its hash; when they
 * differ, the most common, counted in one more read over the same events.
 */
async function named(db: ChDb, top: Top[], filter: string, params: ChParams, settings: string): Promise<Top[]> {
  const mixed = top.filter((r) => r.lo !== r.hi);
  // Every hash of the rows occurs among the range's events of the type, filters or not.
  const ofType = `${scopeWhere('ts')} AND type = {type:String}`;
  const [texts, common] = await Promise.all([
    labelTexts(
      db,
      top.flatMap((r) => (r.lo === r.hi && r.lo !== null ? [r.lo] : [])),
      ofType,
      params,
    ),
    mixed.length === 0
      ? new Map<string, string>()
      : mostCommonLabels(
          db,
          mixed.map((r) => ({ path: r.path!, target: r.target })),
          filter,
          params,
          settings,
        ),
  ]);
  return top.map((r) => ({
    ...r,
    label:
      r.lo !== r.hi
        ? (common.get(pairKey(r.path, r.target)) ?? null)
        : r.lo === null || r.lo === '0'
          ? null
          : (texts.get(r.lo) ?? null),
  }));
}

/** Clicks and form submissions on ClickHouse. */
export function interactionQueries(db: ChDb): Pick<Store, 'interactions'> {
  return {
    interactions: (s, type, opts) => interactions(db, s, type, opts),
  };
}
