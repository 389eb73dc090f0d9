import {
  VALUE_CAP_PERCENTILE,
  visitorFiguresFrom,
  type DailyVisitorFigures,
  type ExperimentRecord,
  type VisitorFigures,
  type VisitorFiguresRow,
} from '../experiment-store.js';
import { visitorValueSql } from '../experiment-visitor-value.js';
import type { Database, Params } from './database.js';
import { experimentGoalHits } from './experiment-goal-hits.js';
import { conversion, countedExposures } from './experiment-figures.js';

/** The CTEs up to `per_visitor` (variant, first exposure, converted, value) and `capped` (the value cap). */
async function perVisitor(
  db: Pick<Database, 'all'>,
  e: ExperimentRecord,
  baseline: boolean,
): Promise<{ sql: string; params: Params; value: string | null }> {
  const { sql: converted, params } = conversion(e);
  Object.assign(params, { last: e.variants.length - 1, pct: VALUE_CAP_PERCENTILE, currency: e.currency ?? '' });
  const exposures = countedExposures(e, params, { baseline });
  const goalHits = e.goal === 'goal' ? await experimentGoalHits(db, e, params) : null;
  const value = visitorValueSql(e);
  const sql = `WITH ${exposures.sql},${goalHits ? `\n    ${goalHits},` : ''}
    first_visit AS (
      SELECT f.visitor_key, min(f.at) AS at, arg_min(f.variant, (f.at, f.variant)) AS variant
      FROM first_exposure f WHERE f.variant BETWEEN 0 AND $last::INTEGER GROUP BY f.visitor_key),
    visitor_sessions AS (
      SELECT e.session_key, v.visitor_key, v.variant, v.at AS exposed_at, min(e.ts) AS at
      FROM first_visit v JOIN events e ON e.visitor_key = v.visitor_key AND e.ts >= v.at
      WHERE ${exposures.window('e')}
      GROUP BY e.session_key, v.visitor_key, v.variant, v.at),
    per_session AS (
      SELECT x.visitor_key, x.variant, x.exposed_at, ${converted} AS converted,
        epoch_ms(max(e.ts)) - epoch_ms(x.at) AS duration_ms,
        sum(e.amount::DECIMAL(38, 9)) FILTER (WHERE e.type = 'revenue' AND e.currency = $currency AND e.amount IS NOT NULL) AS revenue
      FROM visitor_sessions x JOIN events e ON e.session_key = x.session_key AND e.ts >= x.at
      LEFT JOIN sessions s ON s.property_id = $p AND s.session_key = x.session_key${goalHits ? ' LEFT JOIN goal_hits h ON h.session_key = x.session_key' : ''}
      WHERE ${exposures.window('e')}
      GROUP BY x.session_key, x.visitor_key, x.variant, x.exposed_at, x.at),
    per_visitor AS (
      SELECT variant, any_value(exposed_at) AS exposed_at, bool_or(converted) AS converted, ${value ?? '0'}::DOUBLE AS value
      FROM per_session GROUP BY visitor_key, variant),
    capped AS (SELECT quantile_cont(value, $pct) FILTER (WHERE value > 0) AS cap FROM per_visitor)`;
  return { sql, params, value };
}

/**
 * A test's figures with the visitor as the unit (VisitorFigures). A visitor counts for the variant of
 * its first counted exposure (the page script assigns per visitor); each of its sessions from then on
 * is judged by the goal as a session is (experiment-figures.ts, `conversion`), from its first event at
 * or after the exposure, and the visitor converted when any did. Everything is aggregated here, in
 * SQL: no per-visitor rows leave the store.
 */
export async function experimentVisitorFigures(
  db: Pick<Database, 'all'>,
  e: ExperimentRecord,
  { baseline = false }: { baseline?: boolean } = {},
): Promise<VisitorFigures[]> {
  const { sql, params, value } = await perVisitor(db, e, baseline);
  const rows = await db.all<VisitorFiguresRow>(
    `${sql}
    SELECT variant, count(*) AS visitors, count(*) FILTER (WHERE converted) AS converted_visitors,
      sum(value) AS value_sum, sum(least(value, coalesce(cap, value))) AS capped_sum,
      sum(least(value, coalesce(cap, value)) ^ 2) AS capped_sum_of_squares, any_value(cap) AS cap
    FROM per_visitor, capped GROUP BY variant`,
    params,
  );
  return visitorFiguresFrom(e.variants.length, rows, value !== null);
}

/** New visitors and those of them who converted, per variant by the day of the test of their first exposure. */
export async function experimentDailyVisitorFigures(
  db: Pick<Database, 'all'>,
  e: ExperimentRecord,
): Promise<DailyVisitorFigures[]> {
  const { sql, params } = await perVisitor(db, e, false);
  const rows = await db.all<DailyVisitorFigures>(
    `${sql}
    SELECT floor((epoch_ms(exposed_at) - epoch_ms($since::TIMESTAMP)) / 86400000)::INTEGER AS day, variant,
      count(*) AS visitors, count(*) FILTER (WHERE converted) AS converted_visitors
    FROM per_visitor GROUP BY ALL ORDER BY day, variant`,
    params,
  );
  return rows.map((r) => ({
    day: Number(r.day),
    variant: Number(r.variant),
    visitors: Number(r.visitors),
    converted_visitors: Number(r.converted_visitors),
  }));
}
