import { VALUE_CAP_PERCENTILE, type ExperimentRecord, type VisitorFigures } from '../experiment-store.js';
import type { Database } from './database.js';
import { experimentGoalHits } from './experiment-goal-hits.js';
import { conversion, countedExposures } from './experiment-figures.js';

/**
 * The per-visitor value a continuous goal compares: a visitor's payments in the test's currency, or
 * the mean length of its sessions from its first exposure on (seconds). Null for the binary goals.
 */
function visitorValue(e: ExperimentRecord): string | null {
  if (e.goal === 'revenue') return 'coalesce(sum(revenue), 0)';
  if (e.goal === 'session_time') return 'avg(duration_ms) / 1000';
  return null;
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
  const { sql: converted, params } = conversion(e);
  Object.assign(params, { last: e.variants.length - 1, pct: VALUE_CAP_PERCENTILE, currency: e.currency ?? '' });
  const exposures = countedExposures(e, params, { baseline });
  const goalHits = e.goal === 'goal' ? await experimentGoalHits(db, e, params) : null;
  const value = visitorValue(e);
  const rows = await db.all<{
    variant: number;
    visitors: number;
    converted_visitors: number;
    value_sum: number | null;
    capped_sum: number | null;
    capped_sum_of_squares: number | null;
    cap: number | null;
  }>(
    `WITH ${exposures.sql},${goalHits ? `\n    ${goalHits},` : ''}
    first_visit AS (
      SELECT f.visitor_key, min(f.at) AS at, arg_min(f.variant, (f.at, f.variant)) AS variant
      FROM first_exposure f WHERE f.variant BETWEEN 0 AND $last::INTEGER GROUP BY f.visitor_key),
    visitor_sessions AS (
      SELECT e.session_key, v.visitor_key, v.variant, min(e.ts) AS at
      FROM first_visit v JOIN events e ON e.visitor_key = v.visitor_key AND e.ts >= v.at
      WHERE ${exposures.window('e')}
      GROUP BY e.session_key, v.visitor_key, v.variant),
    per_session AS (
      SELECT x.visitor_key, x.variant, ${converted} AS converted,
        epoch_ms(max(e.ts)) - epoch_ms(x.at) AS duration_ms,
        sum(e.amount::DECIMAL(38, 9)) FILTER (WHERE e.type = 'revenue' AND e.currency = $currency AND e.amount IS NOT NULL) AS revenue
      FROM visitor_sessions x JOIN events e ON e.session_key = x.session_key AND e.ts >= x.at
      LEFT JOIN sessions s ON s.property_id = $p AND s.session_key = x.session_key${goalHits ? ' LEFT JOIN goal_hits h ON h.session_key = x.session_key' : ''}
      WHERE ${exposures.window('e')}
      GROUP BY x.session_key, x.visitor_key, x.variant, x.at),
    per_visitor AS (
      SELECT variant, bool_or(converted) AS converted, ${value ?? '0'}::DOUBLE AS value
      FROM per_session GROUP BY visitor_key, variant),
    capped AS (SELECT quantile_cont(value, $pct) FILTER (WHERE value > 0) AS cap FROM per_visitor)
    SELECT variant, count(*) AS visitors, count(*) FILTER (WHERE converted) AS converted_visitors,
      sum(value) AS value_sum, sum(least(value, coalesce(cap, value))) AS capped_sum,
      sum(least(value, coalesce(cap, value)) ^ 2) AS capped_sum_of_squares, any_value(cap) AS cap
    FROM per_visitor, capped GROUP BY variant`,
    params,
  );
  return e.variants.map((_, i) => {
    const r = rows.find((row) => Number(row.variant) === i);
    return {
      visitors: Number(r?.visitors ?? 0),
      converted_visitors: Number(r?.converted_visitors ?? 0),
      value: value
        ? {
            sum: Number(r?.value_sum ?? 0),
            capped_sum: Number(r?.capped_sum ?? 0),
            capped_sum_of_squares: Number(r?.capped_sum_of_squares ?? 0),
            cap: r?.cap === null || r?.cap === undefined ? null : Number(r.cap),
          }
        : null,
    };
  });
}
