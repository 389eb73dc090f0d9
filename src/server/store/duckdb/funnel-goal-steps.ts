import { goalStepMasks, pageStepMasks } from '../funnel-step-plan.js';
import type { FunnelQuery, FunnelRow } from '../store.js';
import type { Database } from './database.js';
import { progressSql, sessionsKept, sessionsReaching } from './funnel-sql.js';
import { GoalHits, int, textNumbers } from './goal-hits.js';
import { scopeFilter } from './sql-fragments.js';

type Db = Pick<Database, 'all'>;

/**
 * A funnel with goal steps (docs/decisions.md "Funnels"), counted as page funnels are
 * (funnel-sql.ts) over each session's step events, each with the bits of every step it is:
 * - page views of the page steps and of the page goals' pages, one row per view (a view that is a
 *   page step and a page goal's page is one event with both bits). Page goals' paths come from the
 *   Goals report's pattern table (`goal_paths`);
 * - clicks, forms and custom events the goals count, found by the Goals report's own SQL
 *   (goal-hits.ts), regrouped per event: one click converting two goals is one event with both bits.
 * In sequential mode identical events (same session, instant and bits: a tracker's retry) count once.
 */
export async function goalStepFunnel(db: Db, q: FunnelQuery, limit: number): Promise<FunnelRow[]> {
  const { where, params } = scopeFilter(q.scope, 'ts', 'v');
  const pages = pageStepMasks(q.steps);
  const goals = goalStepMasks(q.steps);
  const hits = new GoalHits(q.scope, goals.goals, params, { withTime: true, eventIds: true });
  const several = q.scope.propertyIds.length > 1;
  // Each goal's place in `goals` with its steps' bits; our own integers.
  const goalMasks = `(VALUES ${goals.masks.map((m, i) => `(${int(i)}, ${int(m)}::BIGINT)`).join(', ')}) AS gm(goal, mask)`;
  const pageGoals = goals.goals.flatMap((g, i) => (g.kind === 'page' && q.scope.propertyIds.includes(g.property_id) ? [int(i)] : []));

  const stepPaths: string[] = [];
  if (pages.paths.length > 0) {
    params.stepPaths = pages.paths;
    stepPaths.push(`SELECT t.text_no AS path_no, st.mask
      FROM (SELECT unnest($stepPaths::VARCHAR[]) AS path, unnest([${pages.masks.map(int).join(', ')}]::BIGINT[]) AS mask) st
      JOIN text_numbers t ON t.text = st.path`);
  }
  if (pageGoals.length > 0) stepPaths.push(`SELECT gp.path_no, gm.mask FROM goal_paths gp JOIN ${goalMasks} ON gm.goal = gp.goal WHERE gp.goal IN (${pageGoals.join(', ')})`);

  const sources: string[] = [];
  if (stepPaths.length > 0) {
    sources.push(`SELECT v.property_id, v.session_key, v.ts, st.mask FROM compact_page_views v JOIN steps st ON st.path_no = v.path_no
      WHERE ${where}${sessionsKept(q.scope, params, 'v')}`);
  }
  const session = several ? 'h.property_id, h.session_key' : 'h.session_key';
  for (const source of [hits.interactions(await textNumbers(db, hits.texts())), hits.customEvents()]) {
    if (source === null) continue;
    sources.push(`SELECT ${several ? 'h.property_id' : 'any_value($p0::VARCHAR)'} AS property_id, h.session_key, h.ts, bit_or(gm.mask) AS mask
      FROM (${source}) h JOIN ${goalMasks} ON gm.goal = h.goal
      WHERE true${sessionsKept(q.scope, params, 'h')}
      GROUP BY ${session}, h.ts, h.event_id`);
  }
  if (sources.length === 0) return [{ value: null, reached: q.steps.map(() => 0) }]; // no step can be reached in these properties

  const goalPaths = hits.goalPaths();
  const sequential = q.mode === 'sequential';
  const ctes = [
    ...(goalPaths ? [`goal_paths AS (${goalPaths})`] : []),
    ...(stepPaths.length > 0 ? [`steps AS (SELECT path_no, bit_or(mask) AS mask FROM (${stepPaths.join(' UNION ALL ')}) GROUP BY path_no)`] : []),
    `hits AS (${sources.join('\n      UNION ALL ')})`,
    `per_session AS (
      SELECT property_id, session_key, seen${sequential ? `, ${progressSql('list_filter(views, lambda x, i: i = 1 OR x <> views[i - 1])')} AS progress` : ''}
      FROM (
        SELECT property_id, session_key, bit_or(mask) AS seen${sequential ? `, list_sort(list({'t': ts, 'm': mask})) AS views` : ''}
        FROM hits GROUP BY property_id, session_key))`,
  ];
  return sessionsReaching(db, q, limit, ctes.join(',\n    '), params);
}
