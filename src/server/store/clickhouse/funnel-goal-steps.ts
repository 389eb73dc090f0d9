import { goalStepMasks, pageStepMasks } from '../funnel-step-plan.js';
import type { FunnelQuery, FunnelRow } from '../store.js';
import type { ChDb, ChParams } from './clickhouse-db.js';
import { sessionsKept, sessionsReaching } from './funnel-counts.js';
import { goalHitsSql } from './goal-hits-sql.js';
import { scopeParams, scopeWhere, TS } from './sql-fragments.js';

/**
 * A funnel with goal steps (docs/decisions.md "Funnels"), counted as page funnels are
 * (funnel-counts.ts) over each session's step events: its page views of page steps, and its events
 * the goals count, matched by the Goals report's own conditions (goal-hits-sql.ts). Each event carries
 * the bits of every step it is (a view of a page step that is also a page goal's page: both), so one
 * event converting two goals is one event, as in the embedded store. Identical events (same instant
 * and bits) count once in sequential mode.
 */
export async function goalStepFunnel(db: ChDb, q: FunnelQuery, limit: number): Promise<FunnelRow[]> {
  const pages = pageStepMasks(q.steps);
  const goals = goalStepMasks(q.steps);
  const params: ChParams = { ...scopeParams(q.scope), goalMasks: goals.masks };
  const { hits, types } = goalHitsSql(goals.goals, q.scope, params);
  const bits = [`arrayFold((acc, h) -> bitOr(acc, {goalMasks:Array(UInt32)}[h]), ${hits}, toUInt32(0))`];
  if (pages.paths.length > 0) {
    Object.assign(params, { stepPaths: pages.paths, stepMasks: pages.masks });
    bits.unshift(`if(type = 'pageview', transform(path, {stepPaths:Array(String)}, {stepMasks:Array(UInt32)}, toUInt32(0)), toUInt32(0))`);
  }
  const mask = bits.length === 1 ? bits[0] : `bitOr(${bits.join(', ')})`;
  // A breakdown reads page views for the session's first touch, whatever the steps.
  params.types = [...new Set([...(pages.paths.length > 0 ? ['pageview'] : []), ...types])];
  params.breakdownTypes = [...new Set(['pageview', ...types])];
  const kept = sessionsKept(q.scope, params);
  return sessionsReaching(db, q, limit, {
    params,
    dropRepeats: true,
    events: `SELECT property_id, session_key, ts, mask FROM (
          SELECT property_id, session_key, ts, ${mask} AS mask FROM events
          WHERE ${scopeWhere('ts')} AND NOT is_bot AND type IN {types:Array(String)}${kept})
        WHERE mask != 0`,
    // As breakdownViewsWhere reads page views (from the day before, bots' too), with the goals' events beside them.
    breakdownEvents: (dim) => `SELECT property_id, session_key, ts, type, ${dim} AS dim, ${mask} AS mask,
          ts >= {start:${TS}} AND NOT is_bot AND mask != 0 AS counted
        FROM events WHERE property_id IN {props:Array(String)}
          AND toDate(ts) >= toDate({start:${TS}}) - 1 AND toDate(ts) <= toDate({end:${TS}}) AND ts >= toDateTime64(toDate({start:${TS}}) - 1, 3, 'UTC')
          AND ts < {end:${TS}} AND type IN {breakdownTypes:Array(String)}${kept}`,
    firstTouch: "argMinIf(tuple(dim), ts, type = 'pageview').1",
  });
}
