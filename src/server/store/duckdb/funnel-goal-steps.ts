import { goalNodeName, goalsOfSet, goalStepMasks, pageStepMasks } from '../funnel-step-plan.js';
import type { FunnelPathRow, FunnelQuery, FunnelRow } from '../store.js';
import type { Database } from './database.js';
import { int, pathNames, progressSql, sessionsKept, sessionsReaching } from './funnel-sql.js';
import { GoalHits, textNumbers } from './goal-hits.js';
import { scopeFilter } from './sql-fragments.js';

type Db = Pick<Database, 'all'>;

/**
 * Funnels with goal steps (docs/decisions.md "Funnels"): each session's step events, each with the
 * bits of every step it is (bit k-1 for step k):
 * - page views, with the bits of the page steps and of the page goals whose pattern their path
 *   matches (the Goals report's pattern table, `goal_paths`): a view that is both is one event;
 * - clicks, forms and custom events the goals count, found by the Goals report's own SQL
 *   (goal-hits.ts) and regrouped per event (`event_id`): one click converting two goals is one event
 *   with both goals' bits, and `goals` the set of goals it converted (bit i for goal i of `goals`).
 */
async function stepEvents(db: Db, q: FunnelQuery) {
  const { where, params } = scopeFilter(q.scope, 'ts', 'v');
  const pages = pageStepMasks(q.steps);
  const goals = goalStepMasks(q.steps);
  const hits = new GoalHits(q.scope, goals.goals, params, { withTime: true, eventIds: true });
  const several = q.scope.propertyIds.length > 1;
  // Each goal's place in `goals` with its steps' bits; our own integers.
  const goalMasks = `(VALUES ${goals.masks.map((m, i) => `(${int(i)}, ${int(m)}::BIGINT)`).join(', ')}) AS gm(goal, mask)`;
  const pageGoals = goals.goals.flatMap((g, i) =>
    g.kind === 'page' && q.scope.propertyIds.includes(g.property_id) ? [int(i)] : [],
  );

  const stepPaths: string[] = [];
  if (pages.paths.length > 0) {
    params.stepPaths = pages.paths;
    stepPaths.push(`SELECT t.text_no AS path_no, st.mask
      FROM (SELECT unnest($stepPaths::VARCHAR[]) AS path, unnest([${pages.masks.map(int).join(', ')}]::BIGINT[]) AS mask) st
      JOIN text_numbers t ON t.text = st.path`);
  }
  if (pageGoals.length > 0)
    stepPaths.push(
      `SELECT gp.path_no, gm.mask FROM goal_paths gp JOIN ${goalMasks} ON gm.goal = gp.goal WHERE gp.goal IN (${pageGoals.join(', ')})`,
    );

  const session = several ? 'h.property_id, h.session_key' : 'h.session_key';
  const goalEvents: string[] = [];
  for (const source of [hits.interactions(await textNumbers(db, hits.texts())), hits.customEvents()]) {
    if (source === null) continue;
    goalEvents.push(`SELECT ${several ? 'h.property_id' : 'any_value($p0::VARCHAR)'} AS property_id, h.session_key, h.ts,
        bit_or(gm.mask) AS mask, bit_or(1::BIGINT << h.goal) AS goals
      FROM (${source}) h JOIN ${goalMasks} ON gm.goal = h.goal
      WHERE true${sessionsKept(q.scope, params, 'h')}
      GROUP BY ${session}, h.ts, h.event_id`);
  }
  const goalPaths = hits.goalPaths();
  const ctes = [
    ...(goalPaths ? [`goal_paths AS (${goalPaths})`] : []),
    ...(stepPaths.length > 0
      ? [`steps AS (SELECT path_no, bit_or(mask) AS mask FROM (${stepPaths.join(' UNION ALL ')}) GROUP BY path_no)`]
      : []),
    `goal_events AS (${goalEvents.length > 0 ? goalEvents.join('\n      UNION ALL ') : 'SELECT NULL::VARCHAR AS property_id, NULL::UBIGINT AS session_key, NULL::TIMESTAMP AS ts, 0::BIGINT AS mask, 0::BIGINT AS goals WHERE false'})`,
  ];
  /**
   * The range's page views of the kept sessions with their bits: only step views, or (`all`) every
   * view, 0 for the others. Called once per statement: it binds the filters' values, and DuckDB
   * refuses a bound value the statement does not use.
   */
  const pageViews = (all: boolean) => {
    if (stepPaths.length === 0 && !all) return null;
    const kept = sessionsKept(q.scope, params, 'v');
    return stepPaths.length === 0
      ? `SELECT v.property_id, v.session_key, v.ts, v.path_no, 0::BIGINT AS mask FROM compact_page_views v WHERE ${where}${kept}`
      : `SELECT v.property_id, v.session_key, v.ts, v.path_no, ${all ? 'coalesce(st.mask, 0)' : 'st.mask'} AS mask
        FROM compact_page_views v ${all ? 'LEFT ' : ''}JOIN steps st ON st.path_no = v.path_no WHERE ${where}${kept}`;
  };
  return { params, ctes, pageViews, goals: goals.goals };
}

/**
 * Sessions reaching each step, counted as for page funnels (funnel-sql.ts) over the step events. In
 * sequential mode identical events (same session, instant and bits: a resent event) count once.
 */
export async function goalStepFunnel(db: Db, q: FunnelQuery, limit: number): Promise<FunnelRow[]> {
  const e = await stepEvents(db, q);
  const views = e.pageViews(false);
  const sequential = q.mode === 'sequential';
  const ctes = [
    ...e.ctes,
    `hits AS (${views ? `SELECT property_id, session_key, ts, mask FROM (${views}) UNION ALL ` : ''}SELECT property_id, session_key, ts, mask FROM goal_events)`,
    `per_session AS (
      SELECT property_id, session_key, seen${sequential ? `, ${progressSql('list_filter(views, lambda x, i: i = 1 OR x <> views[i - 1])')} AS progress` : ''}
      FROM (
        SELECT property_id, session_key, bit_or(mask) AS seen${sequential ? `, list_sort(list({'t': ts, 'm': mask})) AS views` : ''}
        FROM hits GROUP BY property_id, session_key))`,
  ];
  return sessionsReaching(db, q, limit, ctes.join(',\n    '), e.params);
}

/**
 * Each session's path from its first step-1 event: every page view, and a node for each event of a
 * goal step (named by the goals it converted), in time order (at one instant page views first, by
 * page number, then goal events), identical events once; cut after `maxNodes` nodes (consecutive
 * repeats are one node), with each item's bits for the completion test (funnel-sankey.ts).
 */
export async function goalStepPaths(db: Db, q: FunnelQuery, maxNodes: number): Promise<FunnelPathRow[]> {
  const e = await stepEvents(db, q);
  const n = Number(maxNodes);
  const rows = await db.all<{ items: { id: number; m: number }[]; ended: boolean; sessions: number }>(
    `WITH ${e.ctes.join(',\n    ')},
    -- Page views by their page number, goal events by minus their set of goals: one id space.
    items AS MATERIALIZED (
      SELECT property_id, session_key, ts, 0 AS k, path_no::BIGINT AS id, mask FROM (${e.pageViews(true)})
      UNION ALL SELECT property_id, session_key, ts, 1 AS k, -goals AS id, mask FROM goal_events),
    firsts AS (SELECT property_id, session_key, min(ts) AS t1 FROM items WHERE mask & 1 = 1 GROUP BY ALL),
    per AS (
      SELECT list_sort(list({'t': i.ts, 'k': i.k, 'id': i.id, 'm': i.mask})) AS l
      FROM items i JOIN firsts f ON f.property_id = i.property_id AND f.session_key = i.session_key AND i.ts >= f.t1
      GROUP BY i.property_id, i.session_key),
    once AS (SELECT list_filter(l, lambda x, j: j = 1 OR x <> l[j - 1]) AS l FROM per),
    tail AS (SELECT list_transform(l[list_position(list_transform(l, lambda x: x.m & 1), 1):], lambda x: {'id': x.id, 'm': x.m}) AS p FROM once),
    nodes AS (SELECT p, CASE WHEN len(p) > ${n} THEN list_filter(range(1, len(p) + 1), lambda j: j = 1 OR p[j].id <> p[j - 1].id) END AS starts FROM tail)
    SELECT CASE WHEN len(starts) > ${n} THEN p[1 : starts[${n + 1}] - 1] ELSE p END AS items,
      coalesce(len(starts) <= ${n}, true) AS ended, count(*) AS sessions
    FROM nodes GROUP BY ALL ORDER BY sessions DESC, items, ended`,
    e.params,
  );
  const names = await pathNames(
    db,
    rows.flatMap((r) => r.items.map((x) => Number(x.id)).filter((id) => id >= 0)),
  );
  const nodeName = (id: number) => (id >= 0 ? names.get(id)! : goalNodeName(goalsOfSet(e.goals, -id)));
  return rows.map((r) => ({
    pages: r.items.map((x) => nodeName(Number(x.id))),
    masks: r.items.map((x) => Number(x.m)),
    ended: r.ended,
    sessions: Number(r.sessions),
  }));
}
