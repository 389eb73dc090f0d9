import type { ExperimentRecord, Scope } from '../store.js';
import type { Database, Params } from './database.js';
import { experimentGoalRecord } from '../experiment-goal.js';
import { GoalHits, textNumbers } from './goal-hits.js';
import { scopeFilter } from './sql-fragments.js';

/** An active test's hits have no end: any time after the test began until it stops. */
const NO_END = new Date(Date.UTC(9999, 11, 31));

/**
 * A goal test's conversions as the CTEs `goal_hits(session_key, last_hit)`: each session's latest
 * event matching the test's goal in the test's time (from `created_at`, or `since` when earlier
 * sessions count too, as CUPED's history does; up to `stopped_at` for a complete test), found by the
 * Goals report's own SQL (goal-hits.ts) over the compact tables (non-bot). A session converted when
 * its `last_hit` is at or after its exposure. Binds the scope as `$p0`, `$start`, `$end` and the goal
 * as `$g0…` into `params`.
 */
export async function experimentGoalHits(
  db: Pick<Database, 'all'>,
  e: ExperimentRecord,
  params: Params,
  { since = e.created_at }: { since?: Date } = {},
): Promise<string> {
  const goal = experimentGoalRecord(e);
  const none = 'goal_hits AS (SELECT NULL::UBIGINT AS session_key, NULL::TIMESTAMP AS last_hit WHERE false)';
  if (!goal) return none;
  const scope: Scope = { propertyIds: [e.property_id], start: since, end: e.stopped_at ?? NO_END };
  Object.assign(params, scopeFilter(scope, 'ts').params);
  const hits = new GoalHits(scope, [goal], params, { withTime: true });
  const source =
    goal.kind === 'page'
      ? hits.pageViews()
      : goal.kind === 'event'
        ? hits.customEvents()
        : hits.interactions(await textNumbers(db, hits.texts()));
  if (!source) return none;
  const paths = hits.goalPaths();
  return `${paths ? `goal_paths AS (${paths}),\n    ` : ''}goal_hits AS (SELECT session_key, max(ts) AS last_hit FROM (${source}) GROUP BY session_key)`;
}
