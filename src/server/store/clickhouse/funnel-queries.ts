import { pagesOnly } from '../funnel-step-plan.js';
import type { FunnelPathRow, FunnelQuery, FunnelRow, Scope, Store } from '../store.js';
import type { ChDb, ChParams } from './clickhouse-db.js';
import { filteredSettings, sessionsWith } from './filter-scope.js';
import { sessionsKept, sessionsReaching, stampedSessionsKept } from './funnel-counts.js';
import { goalStepFunnel, goalStepPaths } from './funnel-goal-steps.js';
import {
  breakdownViewsWhere,
  cutAfterNodesSql,
  dropRepeatsSql,
  pageViewsWhere,
  perSession,
  stepMaskSql,
} from './funnel-sql.js';
import { TS, scopeParams } from './sql-fragments.js';
import { sankeyPathsOf, topSankeyPaths } from '../sankey-nodes.js';

// The same answers as the embedded store (duckdb/funnel-queries.ts), from one read of the range's page
// views grouped per session. Ties in session counts are ordered by the pages' text, and a session's
// views at one instant by path text: the embedded store orders both by page number (the order it first
// saw each page), which is the text's order for pages first seen in one batch (docs/decisions.md).

/** Funnels, their paths and the pages that follow a page on ClickHouse. */
export function funnelQueries(db: ChDb): Pick<Store, 'funnel' | 'funnelPaths' | 'sankeyPaths' | 'pathsAfter'> {
  return {
    funnel: (q, limit) => funnel(db, q, limit),
    funnelPaths: (q, maxNodes) => funnelPaths(db, q, maxNodes),
    sankeyPaths: async (q, maxNodes, top) =>
      topSankeyPaths(sankeyPathsOf(await funnelPaths(db, q, maxNodes), q.steps.length, q.mode), top),
    pathsAfter: (s, page, depth) => pathsAfter(db, s, page, depth),
  };
}

/** Per distinct step page, the bits of every step it is (bit k-1 for step k). */
function stepMasks(steps: string[]): Map<string, number> {
  const masks = new Map<string, number>();
  steps.forEach((step, i) => masks.set(step, (masks.get(step) ?? 0) | (2 ** i)));
  return masks;
}

/** The sessions with a page view in the range of the page bound as `page` (a parameter). */
const viewersOf = (page: string) => sessionsWith(`type = 'pageview' AND NOT is_bot AND path = ${page}`);

/**
 * Identical views (same session, instant and page: a tracker retry) count once, as in the embedded
 * store. That can only change an answer when one page is two steps, so only then are they dropped.
 */
const hasRepeatedStep = (steps: string[]) => new Set(steps).size < steps.length;

/**
 * Sessions reaching each step (funnel-counts.ts) from the range's views of step pages. A funnel with a
 * goal step counts the goals' events too (funnel-goal-steps.ts).
 */
async function funnel(db: ChDb, q: FunnelQuery, limit: number): Promise<FunnelRow[]> {
  const pages = pagesOnly(q.steps);
  if (!pages) return goalStepFunnel(db, q, limit);
  const masks = stepMasks(pages);
  const params: ChParams = { ...scopeParams(q.scope), stepPaths: [...masks.keys()], stepMasks: [...masks.values()] };
  // Without a breakdown only the range's step views are read, and their stamps keep them. A breakdown
  // also reads the day before the range, which the stamps' untrusted sessions do not cover: it merges
  // the session values, for every session (a funnel's first page is often the home page, viewed by
  // most sessions: limiting the merge to its viewers cost more than it spared, 1.60-2.14x -> 2.23-2.50x
  // the unfiltered figure at 10M).
  const stepViews = `type = 'pageview' AND NOT is_bot AND path IN {stepPaths:Array(String)}`;
  const kept = q.breakdownBy
    ? sessionsKept(q.scope, params)
    : await stampedSessionsKept(db, q.scope, params, stepViews);
  return sessionsReaching(db, q, limit, {
    params,
    dropRepeats: hasRepeatedStep(pages),
    events: `SELECT property_id, session_key, ts, ${stepMaskSql} AS mask FROM events WHERE ${pageViewsWhere} AND path IN {stepPaths:Array(String)}${kept}`,
    breakdownEvents: (dim) => `SELECT property_id, session_key, ts, ${dim} AS dim, ${stepMaskSql} AS mask,
          -- the range's page views of step pages, those the figures count
          ts >= {start:${TS}} AND NOT is_bot AND mask != 0 AS counted
        FROM events WHERE ${breakdownViewsWhere}${kept}`,
    firstTouch: 'argMin(tuple(dim), ts).1',
  });
}

/**
 * Page sequences from each session's first view of step 1, cut after `maxNodes` nodes (a run of
 * consecutive views of one page is one node, so reloads don't use up the path); the pages keep every
 * view, each with its step mask.
 */
async function funnelPaths(db: ChDb, q: FunnelQuery, maxNodes: number): Promise<FunnelPathRow[]> {
  const pages = pagesOnly(q.steps);
  if (!pages) return goalStepPaths(db, q, maxNodes);
  const masks = stepMasks(pages);
  const params = scopeParams(q.scope);
  const rows = await db.all<{ pages: string[]; ended: number; sessions: number }>(
    `SELECT cut AS pages, ended, count() AS sessions FROM (
      SELECT arraySort(groupArray((ts, path))) AS views, arrayMap(v -> v.2, ${hasRepeatedStep(pages) ? dropRepeatsSql('views') : 'views'}) AS ids,
        arraySlice(ids, indexOf(ids, {first:String})) AS p, ${cutAfterNodesSql('p')}
      FROM events WHERE ${pageViewsWhere}${sessionsKept(q.scope, params, viewersOf('{first:String}'))}
      GROUP BY ${perSession} HAVING countIf(path = {first:String}) > 0)
    GROUP BY pages, ended ORDER BY sessions DESC, pages, ended${filteredSettings(q.scope.filters)}`,
    { ...params, first: pages[0], maxNodes: Math.max(0, Math.trunc(maxNodes)) },
  );
  return rows.map((r) => ({
    pages: r.pages,
    masks: r.pages.map((p) => masks.get(p) ?? 0),
    ended: Boolean(r.ended),
    sessions: Number(r.sessions),
  }));
}

/** Page sequences that follow `page` (consecutive repeats collapsed), with session counts. */
async function pathsAfter(db: ChDb, s: Scope, page: string, depth: number): ReturnType<Store['pathsAfter']> {
  const params = scopeParams(s);
  const rows = await db.all<{ pages: string[]; sessions: number }>(
    `SELECT arraySlice(p, indexOf(p, {page:String}), {depth:UInt32} + 1) AS pages, count() AS sessions FROM (
      SELECT arrayMap(v -> v.2, arraySort(groupArray((ts, path)))) AS ids, ${dropRepeatsSql('ids')} AS p
      FROM events WHERE ${pageViewsWhere}${sessionsKept(s, params, viewersOf('{page:String}'))}
      GROUP BY ${perSession} HAVING countIf(path = {page:String}) > 0)
    GROUP BY pages ORDER BY sessions DESC, pages${filteredSettings(s.filters)}`,
    { ...params, page, depth: Math.max(0, Math.trunc(depth)) },
  );
  return rows.map((r) => ({ pages: r.pages, sessions: Number(r.sessions) }));
}
