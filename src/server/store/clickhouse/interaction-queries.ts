import type { BucketedScope, InteractionOptions, InteractionReport, InteractionRow, Store } from '../store.js';
import { interactionOrder } from '../interaction-order.js';
import type { ChDb, ChParams } from './clickhouse-db.js';
import { andAll, filteredSettings, inMatchingSessions, pagePredicate } from './filter-scope.js';
import { bucketKeySql, scopeParams, scopeWhere } from './sql-fragments.js';

interface SetRow { g: number; path: string; target: string | null; label: string | null; bucket: string; count: number; unique: number }
type Top = { path: string | null; target: string | null; label: string | null; count: number; unique: number };

/** A row's key in maps: its page (or none), target and label, none of which holds a NUL. */
const keyOf = (...parts: (string | null)[]) => parts.map((p) => p ?? '\uffff').join('\u0000');

/**
 * Clicks and form submissions share one shape: per (page, target) counts, a trend and totals, where
 * the unique figure is distinct sessions (session_key, across the scope's properties, as the embedded
 * store counts it). Bots' events never count. One scan of the type's granules in the range: the
 * three groupings are grouping sets of the same read, and the (page, target) set — or, grouped by
 * element, the (target, label) set — is ranked and cut to `limit` in the query (count, then distinct
 * sessions, descending; then page and target, or target and label, nulls last). A second read then
 * finds the top rows' labels and page views (store.ts InteractionRow says what they are).
 */
export async function interactions(db: ChDb, s: BucketedScope, type: 'click' | 'form_submit', opts: InteractionOptions): Promise<InteractionReport> {
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
  // Filters keep those made on matching pages, in matching sessions; a rate's page views, those in
  // matching sessions (the rows' pages match already).
  const inSessions = andAll(inMatchingSessions(s, params));
  filter += andAll(pagePredicate(s.filters, 'path', params)) + inSessions;
  const settings = filteredSettings(s.filters);
  const byElement = opts.group === 'element';
  const rowKey = byElement ? 'target, label' : 'path, target';
  const rows = await db.all<SetRow>(
    `SELECT g, path, target, label, bucket, count, unique FROM (
       SELECT grouping(${rowKey}, bucket) AS g, ${byElement ? `'' AS path` : 'path'}, target, ${byElement ? 'label' : 'NULL AS label'}, bucket,
         count() AS count, uniqExact(session_key) AS unique
       FROM (SELECT path, target, label, session_key, ${bucketKeySql(s.granularity, s.offsets)} AS bucket FROM events WHERE ${filter})
       GROUP BY GROUPING SETS ((${rowKey}), (bucket), ()))
     ORDER BY g, bucket, count DESC, unique DESC, ${byElement ? 'target NULLS LAST, label NULLS LAST' : 'path, target NULLS LAST'}
     LIMIT {limit:UInt32} BY g, bucket${settings}`,
    params,
  );
  // grouping(): a bit per column left out of the set, first column highest. The top rows all have an
  // empty bucket, so `bucket` orders the trend alone and `LIMIT … BY g, bucket` cuts only the top
  // rows: each trend bucket is a group of its own.
  const top: Top[] = rows
    .filter((r) => r.g === 0b001)
    .map((r) => ({ path: byElement ? null : r.path, target: r.target, label: r.label, count: Number(r.count), unique: Number(r.unique) }));
  const trend = rows.filter((r) => r.g === 0b110);
  const [total] = rows.filter((r) => r.g === 0b111);
  const figures = byElement ? await elementFigures(db, top, filter, inSessions, params, settings) : await pageFigures(db, top, filter, inSessions, params, settings);
  return {
    rows: figures.sort(byElement ? interactionOrder.byElement : interactionOrder.byPage).map(
      (r): InteractionRow => ({ page: r.path, target: r.target ?? 'unknown', label: r.label, count: r.count, unique: r.unique, page_views: r.page_views }),
    ),
    trend: trend.map((r) => ({ bucket: r.bucket, count: Number(r.count), unique: Number(r.unique) })),
    total: { count: Number(total?.count ?? 0), unique: Number(total?.unique ?? 0) },
  };
}

/** The page views of the pages a subquery (or list) names, in the scope, in matching sessions. */
const pageViewsSql = (paths: string, inSessions: string) =>
  `SELECT path, count() AS page_views FROM events
   WHERE ${scopeWhere('ts')} AND type = 'pageview' AND NOT is_bot AND path IN ${paths}${inSessions} GROUP BY path`;

/**
 * The top (page, target) rows' most common labels (ties: the first in byte order, as the embedded
 * store compares text) and their pages' views, in one read. The rows are found by their pages and
 * targets separately, and the pairs picked here.
 */
async function pageFigures(db: ChDb, top: Top[], filter: string, inSessions: string, params: ChParams, settings: string) {
  if (top.length === 0) return [];
  const found = await db.all<{ part: number; path: string; target: string | null; label: string | null; n: number }>(
    `SELECT * FROM (
       SELECT 0 AS part, path, target, label, n FROM (
         SELECT path, target, label, count() AS n FROM events
         WHERE ${filter} AND label IS NOT NULL AND path IN {top_paths:Array(String)} AND target IN {top_targets:Array(String)}
         GROUP BY path, target, label
         ORDER BY path, target, n DESC, label LIMIT 1 BY path, target)
       UNION ALL
       SELECT 1, path, NULL, NULL, page_views FROM (${pageViewsSql('{top_paths:Array(String)}', inSessions)}))${settings}`,
    { ...params, top_paths: [...new Set(top.map((r) => r.path!))], top_targets: [...new Set(top.flatMap((r) => (r.target === null ? [] : [r.target])))] },
  );
  const labels = new Map(found.filter((r) => r.part === 0).map((r) => [keyOf(r.path, r.target), r.label]));
  const views = new Map(found.filter((r) => r.part === 1).map((r) => [r.path, Number(r.n)]));
  return top.map((r) => ({ ...r, label: labels.get(keyOf(r.path, r.target)) ?? null, page_views: views.get(r.path!) ?? 0 }));
}

/** The top elements' page views: those of every page each was used on, in one read. */
async function elementFigures(db: ChDb, top: Top[], filter: string, inSessions: string, params: ChParams, settings: string) {
  if (top.length === 0) return [];
  const used = `SELECT DISTINCT target, label, path FROM events WHERE ${filter} AND target IN {top_targets:Array(String)}`;
  const found = await db.all<{ target: string | null; label: string | null; page_views: number }>(
    `SELECT u.target, u.label, sum(v.page_views) AS page_views
     FROM (${used}) u LEFT JOIN (${pageViewsSql(`(SELECT path FROM (${used}))`, inSessions)}) v ON v.path = u.path
     GROUP BY u.target, u.label${settings}`,
    { ...params, top_targets: [...new Set(top.flatMap((r) => (r.target === null ? [] : [r.target])))] },
  );
  const views = new Map(found.map((r) => [keyOf(r.target, r.label), Number(r.page_views)]));
  return top.map((r) => ({ ...r, page_views: views.get(keyOf(r.target, r.label)) ?? 0 }));
}

/** Clicks and form submissions on ClickHouse. */
export function interactionQueries(db: ChDb): Pick<Store, 'interactions'> {
  return {
    interactions: (s, type, opts) => interactions(db, s, type, opts),
  };
}
