import {
  PRE_EXPOSURE_DAYS,
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

/**
 * The CTEs up to `scored` (per visitor: variant, first exposure, converted, value; y, the metric the
 * decision compares, capped for a continuous goal; with `covariate`, x and h, CUPED's history: the same
 * metric over the visitor's sessions wholly in the PRE_EXPOSURE_DAYS before its first exposure, and
 * whether there were any). A session that straddles the exposure counts after it only, so nothing a
 * variant showed can leak into x.
 */
async function perVisitor(
  db: Pick<Database, 'all'>,
  e: ExperimentRecord,
  { baseline = false, covariate = false }: { baseline?: boolean; covariate?: boolean },
): Promise<{ sql: string; params: Params; value: string | null }> {
  const { sql: converted, params } = conversion(e);
  Object.assign(params, { last: e.variants.length - 1, pct: VALUE_CAP_PERCENTILE, currency: e.currency ?? '' });
  if (covariate) params.pre_days = PRE_EXPOSURE_DAYS;
  const exposures = countedExposures(e, params, { baseline });
  const since = covariate ? new Date(e.created_at.getTime() - PRE_EXPOSURE_DAYS * 86_400_000) : e.created_at;
  const goalHits = e.goal === 'goal' ? await experimentGoalHits(db, e, params, { since }) : null;
  const value = visitorValueSql(e);
  const joins = (alias: string) =>
    `LEFT JOIN sessions s ON s.property_id = $p AND s.session_key = ${alias}.session_key${goalHits ? ` LEFT JOIN goal_hits h ON h.session_key = ${alias}.session_key` : ''}`;
  const sessionValues = `epoch_ms(max(e.ts)) - epoch_ms(x.at) AS duration_ms,
        sum(e.amount::DECIMAL(38, 9)) FILTER (WHERE e.type = 'revenue' AND e.currency = $currency AND e.amount IS NOT NULL) AS revenue`;
  const capped = (v: string) => `least(${v}, coalesce(c.cap, ${v}))`;
  const history = covariate
    ? `,
    pre_session AS (
      SELECT e.session_key, v.visitor_key, 0 AS variant, v.at AS exposed_at, min(e.ts) AS at
      FROM first_visit v JOIN events e ON e.visitor_key = v.visitor_key
        AND e.ts >= v.at - to_days($pre_days::INTEGER) AND e.ts < v.at
      WHERE e.property_id = $p AND e.ts >= $since::TIMESTAMP - to_days($pre_days::INTEGER) AND NOT e.is_bot AND e.session_key NOT IN (SELECT session_key FROM visitor_sessions)
      GROUP BY e.session_key, v.visitor_key, v.at),
    per_pre_session AS (
      SELECT x.visitor_key, ${converted} AS converted, ${sessionValues}
      FROM pre_session x JOIN events e ON e.session_key = x.session_key AND e.ts >= x.at AND e.ts < x.exposed_at
      ${joins('x')}
      WHERE e.property_id = $p AND NOT e.is_bot
      GROUP BY x.session_key, x.visitor_key, x.variant, x.at),
    pre_visitor AS (
      SELECT visitor_key, bool_or(converted) AS converted, ${value ?? '0'}::DOUBLE AS value
      FROM per_pre_session GROUP BY visitor_key)`
    : '';
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
      SELECT x.visitor_key, x.variant, x.exposed_at, ${converted} AS converted, ${sessionValues}
      FROM visitor_sessions x JOIN events e ON e.session_key = x.session_key AND e.ts >= x.at
      ${joins('x')}
      WHERE ${exposures.window('e')}
      GROUP BY x.session_key, x.visitor_key, x.variant, x.exposed_at, x.at),
    per_visitor AS (
      SELECT visitor_key, variant, any_value(exposed_at) AS exposed_at, bool_or(converted) AS converted,
        ${value ?? '0'}::DOUBLE AS value
      FROM per_session GROUP BY visitor_key, variant),
    capped AS (SELECT quantile_cont(value, $pct) FILTER (WHERE value > 0) AS cap FROM per_visitor)${history},
    scored AS (
      SELECT v.variant, v.exposed_at, v.converted, v.value, c.cap,
        ${value ? capped('v.value') : 'v.converted::INTEGER'}::DOUBLE AS y,
        ${covariate ? `coalesce(${value ? capped('p.value') : 'p.converted::INTEGER'}, 0)::DOUBLE` : '0::DOUBLE'} AS x,
        ${covariate ? '(p.visitor_key IS NOT NULL)::INTEGER' : '0'} AS h
      FROM per_visitor v CROSS JOIN capped c${covariate ? ' LEFT JOIN pre_visitor p ON p.visitor_key = v.visitor_key' : ''})`;
  return { sql, params, value };
}

/**
 * A test's figures with the visitor as the unit (VisitorFigures). A visitor counts for the variant of
 * its first counted exposure (the page script assigns per visitor); each of its sessions from then on
 * is judged by the goal as a session is (experiment-figures.ts, `conversion`), from its first event at
 * or after the exposure, and the visitor converted when any did. Everything is aggregated here, in
 * SQL: no per-visitor rows leave the store. The plan's baseline (`baseline`) has no CUPED history.
 */
export async function experimentVisitorFigures(
  db: Pick<Database, 'all'>,
  e: ExperimentRecord,
  { baseline = false }: { baseline?: boolean } = {},
): Promise<VisitorFigures[]> {
  const { sql, params, value } = await perVisitor(db, e, { baseline, covariate: !baseline });
  const rows = await db.all<VisitorFiguresRow>(
    `${sql}
    SELECT variant, count(*) AS visitors, count(*) FILTER (WHERE converted) AS converted_visitors,
      sum(value) AS value_sum, sum(y) AS capped_sum, sum(y * y) AS capped_sum_of_squares, any_value(cap) AS cap,
      sum(h) AS with_history, sum(x) AS x_sum, sum(x * x) AS x_sum_of_squares, sum(x * y) AS xy_sum, sum(h * y) AS hy_sum
    FROM scored GROUP BY variant`,
    params,
  );
  return visitorFiguresFrom(e.variants.length, rows, value !== null, !baseline);
}

/** New visitors and those of them who converted, per variant by the day of the test of their first exposure. */
export async function experimentDailyVisitorFigures(
  db: Pick<Database, 'all'>,
  e: ExperimentRecord,
): Promise<DailyVisitorFigures[]> {
  const { sql, params } = await perVisitor(db, e, {});
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
