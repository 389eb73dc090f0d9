import { goalNodeName, goalsOfSet, goalStepMasks, pageStepMasks } from '../funnel-step-plan.js';
import type { FunnelPathRow, FunnelQuery, FunnelRow } from '../store.js';
import type { ChDb, ChParams } from './clickhouse-db.js';
import { filteredSettings } from './filter-scope.js';
import { sessionsKept, sessionsReaching } from './funnel-counts.js';
import { perSession } from './funnel-sql.js';
import { goalHitsSql } from './goal-hits-sql.js';
import { scopeParams, scopeWhere, TS } from './sql-fragments.js';

/**
 * Funnels with goal steps (docs/decisions.md "Funnels"), the same answers as the embedded store's
 * (duckdb/funnel-goal-steps.ts). Each event carries the bits of every step it is (`mask`): a page
 * view those of its page's steps and of the page goals it matches, any event those of the goals it
 * converts, matched by the Goals report's own conditions (goal-hits-sql.ts); so one event converting
 * two goals is one event. `goals` is the set of goals an event converts (bit i for goal i of `goals`).
 */
function stepEvents(q: FunnelQuery) {
  const pages = pageStepMasks(q.steps);
  const goals = goalStepMasks(q.steps);
  const params: ChParams = { ...scopeParams(q.scope), goalMasks: goals.masks };
  const { hits, types } = goalHitsSql(goals.goals, q.scope, params);
  const bits = [`arrayFold((acc, h) -> bitOr(acc, {goalMasks:Array(UInt32)}[h]), ${hits}, toUInt32(0))`];
  if (pages.paths.length > 0) {
    Object.assign(params, { stepPaths: pages.paths, stepMasks: pages.masks });
    bits.unshift(
      `if(type = 'pageview', transform(path, {stepPaths:Array(String)}, {stepMasks:Array(UInt32)}, toUInt32(0)), toUInt32(0))`,
    );
  }
  params.types = [...new Set([...(pages.paths.length > 0 ? ['pageview'] : []), ...types])];
  // Paths and breakdowns read every page view, whatever the steps.
  params.viewTypes = [...new Set(['pageview', ...types])];
  return {
    params,
    goals: goals.goals,
    mask: bits.length === 1 ? bits[0] : `bitOr(${bits.join(', ')})`,
    goalSet: `arrayFold((acc, h) -> bitOr(acc, bitShiftLeft(toInt64(1), h - 1)), ${hits}, toInt64(0))`,
  };
}

/** Sessions reaching each step (funnel-counts.ts); in sequential mode identical events (same instant and bits) count once. */
export async function goalStepFunnel(db: ChDb, q: FunnelQuery, limit: number): Promise<FunnelRow[]> {
  const e = stepEvents(q);
  const kept = sessionsKept(q.scope, e.params);
  return sessionsReaching(db, q, limit, {
    params: e.params,
    dropRepeats: true,
    events: `SELECT property_id, session_key, ts, mask FROM (
          SELECT property_id, session_key, ts, ${e.mask} AS mask FROM events
          WHERE ${scopeWhere('ts')} AND NOT is_bot AND type IN {types:Array(String)}${kept})
        WHERE mask != 0`,
    // As breakdownViewsWhere reads page views (from the day before, bots' too), with the goals' events beside them.
    breakdownEvents: (dim) => `SELECT property_id, session_key, ts, type, ${dim} AS dim, ${e.mask} AS mask,
          ts >= {start:${TS}} AND NOT is_bot AND mask != 0 AS counted
        FROM events WHERE property_id IN {props:Array(String)}
          AND toDate(ts) >= toDate({start:${TS}}) - 1 AND toDate(ts) <= toDate({end:${TS}}) AND ts >= toDateTime64(toDate({start:${TS}}) - 1, 3, 'UTC')
          AND ts < {end:${TS}} AND type IN {viewTypes:Array(String)}${kept}`,
    firstTouch: "argMinIf(tuple(dim), ts, type = 'pageview').1",
  });
}

/**
 * Each session's path from its first step-1 event: every page view, and a node for each event of a
 * goal step, named by the goals it converted, sorted as the embedded store sorts them (by time, then
 * page views before goal events, pages by path, goal events by minus their set of goals), identical
 * events once, cut after `{maxNodes}` nodes (consecutive repeats are one node).
 */
export async function goalStepPaths(db: ChDb, q: FunnelQuery, maxNodes: number): Promise<FunnelPathRow[]> {
  const e = stepEvents(q);
  const kept = sessionsKept(q.scope, e.params);
  const rows = await db.all<{
    paths: string[];
    sets: (number | string)[];
    masks: number[];
    ended: number;
    sessions: number;
  }>(
    `SELECT arrayMap(x -> x.1, cut) AS paths, arrayMap(x -> x.2, cut) AS sets, arrayMap(x -> x.3, cut) AS masks, ended, count() AS sessions FROM (
      SELECT arraySort(groupArray((ts, k, node, goal_set, mask))) AS sorted,
        arrayFilter((x, j) -> j = 1 OR x != sorted[j - 1], sorted, arrayEnumerate(sorted)) AS once,
        arrayMap(x -> (x.3, x.4, x.5), arraySlice(once, arrayFirstIndex(x -> bitTest(x.5, 0), once))) AS p,
        arrayCumSum(arrayMap((x, j) -> toUInt32(j = 1 OR (x.1, x.2) != (p[j - 1].1, p[j - 1].2)), p, arrayEnumerate(p))) AS node_nos,
        arrayFilter((x, n) -> n <= {maxNodes:UInt32}, p, node_nos) AS cut, node_nos[-1] <= {maxNodes:UInt32} AS ended
      FROM (
        SELECT property_id, session_key, ts, type = 'pageview' ? 0 : 1 AS k, type = 'pageview' ? path : '' AS node,
          type = 'pageview' ? toInt64(0) : -${e.goalSet} AS goal_set, ${e.mask} AS mask
        FROM events WHERE ${scopeWhere('ts')} AND NOT is_bot AND type IN {viewTypes:Array(String)}${kept})
      WHERE k = 0 OR mask != 0
      GROUP BY ${perSession} HAVING countIf(bitTest(mask, 0)) > 0)
    GROUP BY paths, sets, masks, ended ORDER BY sessions DESC, paths, sets, ended${filteredSettings(q.scope.filters)}`,
    { ...e.params, maxNodes: Math.max(0, Math.trunc(maxNodes)) },
  );
  return rows.map((r) => ({
    pages: r.paths.map((path, i) =>
      Number(r.sets[i]) === 0 ? path : goalNodeName(goalsOfSet(e.goals, -Number(r.sets[i]))),
    ),
    masks: r.masks.map(Number),
    ended: Boolean(r.ended),
    sessions: Number(r.sessions),
  }));
}
