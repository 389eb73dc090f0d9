import type { FunnelPathRow, FunnelQuery, FunnelRow, Scope, Store } from '../store.js';
import type { ChDb, ChParams } from './clickhouse-db.js';
import { andAll, filteredSettings, inMatchingSessions, viewedMatchingPage } from './filter-scope.js';
import {
  breakdownViewsWhere, cutAfterNodesSql, dimensionSql, dropRepeatsSql, pageViewsWhere, perSession, progressSql, stepMaskSql,
} from './funnel-sql.js';
import { TS, scopeParams } from './sql-fragments.js';

// The same answers as the embedded store (duckdb/funnel-queries.ts), from one read of the range's page
// views grouped per session. Ties in session counts are ordered by the pages' text, and a session's
// views at one instant by path text: the embedded store orders both by page number (the order it first
// saw each page), which is the text's order for pages first seen in one batch (docs/decisions.md).

/** Funnels, their paths and the pages that follow a page on ClickHouse. */
export function funnelQueries(db: ChDb): Pick<Store, 'funnel' | 'funnelPaths' | 'pathsAfter'> {
  return {
    funnel: (q, limit) => funnel(db, q, limit),
    funnelPaths: (q, maxNodes) => funnelPaths(db, q, maxNodes),
    pathsAfter: (s, page, depth) => pathsAfter(db, s, page, depth),
  };
}

/**
 * The filters keep whole sessions (decisions.md): those matching every session filter and, with a
 * `page` filter, those that viewed a matching page in the range; all of their page views are read,
 * since steps need the whole path. '' unfiltered.
 */
function sessionsKept(s: Scope, params: ChParams): string {
  return andAll(inMatchingSessions(s, params), viewedMatchingPage(s, params));
}

/** Per distinct step page, the bits of every step it is (bit k-1 for step k). */
function stepMasks(steps: string[]): Map<string, number> {
  const masks = new Map<string, number>();
  steps.forEach((step, i) => masks.set(step, (masks.get(step) ?? 0) | 2 ** i));
  return masks;
}

/**
 * Identical views (same session, instant and page: a tracker retry) count once, as in the embedded
 * store. That can only change an answer when one page is two steps, so only then are they dropped.
 */
const hasRepeatedStep = (steps: string[]) => new Set(steps).size < steps.length;

/**
 * Sessions reaching each step. Unbounded: the session viewed every page of steps 1..k, in any order.
 * Sequential: greedy in-order matching over the session's step views sorted by time (views at one
 * instant in step order), one step per page view.
 */
async function funnel(db: ChDb, q: FunnelQuery, limit: number): Promise<FunnelRow[]> {
  const masks = stepMasks(q.steps);
  const sequential = q.mode === 'sequential';
  const ks = q.steps.map((_, i) => i + 1);
  const reached = ks
    .map((k) => (sequential ? `countIf(progress >= ${k}) AS r${k}` : `countIf(bitAnd(seen, ${2 ** k - 1}) = ${2 ** k - 1}) AS r${k}`))
    .join(', ');
  // Sequential: the session's (ts, mask) step views, gathered by `gathered`, sorted and matched.
  const progress = (gathered: string) =>
    sequential ? `, arraySort(${gathered}) AS views, ${progressSql(hasRepeatedStep(q.steps) ? dropRepeatsSql('views') : 'views')} AS progress` : '';
  const params: ChParams = { ...scopeParams(q.scope), stepPaths: [...masks.keys()], stepMasks: [...masks.values()] };
  const kept = sessionsKept(q.scope, params);
  const reachedOf = (r: Record<string, unknown>, prefix: string) => ks.map((k) => Number(r[`${prefix}${k}`] ?? 0));

  if (!q.breakdownBy) {
    const [row] = await db.all<Record<string, number>>(
      `SELECT ${reached} FROM (
        SELECT groupBitOr(mask) AS seen ${progress('groupArray((ts, mask))')}
        FROM (SELECT property_id, session_key, ts, ${stepMaskSql} AS mask FROM events WHERE ${pageViewsWhere} AND path IN {stepPaths:Array(String)}${kept})
        GROUP BY ${perSession})${filteredSettings(q.scope.filters)}`,
      params,
    );
    return [{ value: null, reached: reachedOf(row, 'r') }];
  }
  // A session's value is that of its first page view, which may be any page and may come before the
  // range, so the breakdown reads every page view from the day before; the step figures still count
  // only the range's. Every counted session has one value, so the whole funnel is the sum over all
  // values, taken before the limit.
  const totals = ks.map((k) => `sum(r${k}) OVER () AS t${k}`).join(', ');
  const rows = await db.all<Record<string, number | string | null> & { value: string | null }>(
    `SELECT value, ${reached}, ${totals} FROM (
      SELECT groupBitOrIf(mask, counted) AS seen ${progress('groupArrayIf((ts, mask), counted)')}, argMin(tuple(dim), ts).1 AS value
      FROM (SELECT property_id, session_key, ts, ${dimensionSql[q.breakdownBy]} AS dim, ${stepMaskSql} AS mask,
          -- the range's page views of step pages, those the figures count
          ts >= {start:${TS}} AND NOT is_bot AND mask != 0 AS counted
        FROM events WHERE ${breakdownViewsWhere}${kept})
      GROUP BY ${perSession} HAVING countIf(counted) > 0)
    GROUP BY value ORDER BY r1 DESC, value ASC NULLS LAST LIMIT {limit:UInt32}${filteredSettings(q.scope.filters)}`,
    // At least one row, which carries the whole funnel's figures.
    { ...params, limit: Math.max(1, Math.trunc(limit) || 0) },
  );
  const whole: FunnelRow = { value: null, reached: rows.length ? reachedOf(rows[0], 't') : ks.map(() => 0) };
  // The embedded store's final order: the whole funnel first, then step-1 sessions, then the value
  // as text (`null` for unknown, named after the sort).
  const values = rows
    .slice(0, Math.max(0, limit))
    .map((r) => ({ value: r.value, reached: reachedOf(r, 'r') }))
    .sort((a, b) => b.reached[0] - a.reached[0] || String(a.value).localeCompare(String(b.value)));
  return [whole, ...values.map((r) => ({ value: r.value ?? 'unknown', reached: r.reached }))];
}

/**
 * Page sequences from each session's first view of step 1, cut after `maxNodes` nodes (a run of
 * consecutive views of one page is one node, so reloads don't use up the path); the pages keep every
 * view, each with its step mask.
 */
async function funnelPaths(db: ChDb, q: FunnelQuery, maxNodes: number): Promise<FunnelPathRow[]> {
  const masks = stepMasks(q.steps);
  const params = scopeParams(q.scope);
  const rows = await db.all<{ pages: string[]; ended: number; sessions: number }>(
    `SELECT cut AS pages, ended, count() AS sessions FROM (
      SELECT arraySort(groupArray((ts, path))) AS views, arrayMap(v -> v.2, ${hasRepeatedStep(q.steps) ? dropRepeatsSql('views') : 'views'}) AS ids,
        arraySlice(ids, indexOf(ids, {first:String})) AS p, ${cutAfterNodesSql('p')}
      FROM events WHERE ${pageViewsWhere}${sessionsKept(q.scope, params)}
      GROUP BY ${perSession} HAVING countIf(path = {first:String}) > 0)
    GROUP BY pages, ended ORDER BY sessions DESC, pages, ended${filteredSettings(q.scope.filters)}`,
    { ...params, first: q.steps[0], maxNodes: Math.max(0, Math.trunc(maxNodes)) },
  );
  return rows.map((r) => ({ pages: r.pages, masks: r.pages.map((p) => masks.get(p) ?? 0), ended: Boolean(r.ended), sessions: Number(r.sessions) }));
}

/** Page sequences that follow `page` (consecutive repeats collapsed), with session counts. */
async function pathsAfter(db: ChDb, s: Scope, page: string, depth: number): ReturnType<Store['pathsAfter']> {
  const params = scopeParams(s);
  const rows = await db.all<{ pages: string[]; sessions: number }>(
    `SELECT arraySlice(p, indexOf(p, {page:String}), {depth:UInt32} + 1) AS pages, count() AS sessions FROM (
      SELECT arrayMap(v -> v.2, arraySort(groupArray((ts, path)))) AS ids, ${dropRepeatsSql('ids')} AS p
      FROM events WHERE ${pageViewsWhere}${sessionsKept(s, params)}
      GROUP BY ${perSession} HAVING countIf(path = {page:String}) > 0)
    GROUP BY pages ORDER BY sessions DESC, pages${filteredSettings(s.filters)}`,
    { ...params, page, depth: Math.max(0, Math.trunc(depth)) },
  );
  return rows.map((r) => ({ pages: r.pages, sessions: Number(r.sessions) }));
}
