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
import type { ChDb, ChParams } from './clickhouse-db.js';
import { conversion, countedExposures, SHARD_LOCAL } from './experiment-figures.js';
import { TS } from './sql-fragments.js';

// The same rules as the embedded store's experiment-visitor-figures.ts, in ClickHouse's words (its
// LEFT JOINs give NULL where nothing matches: join_use_nulls, connect.ts).

/** The CTEs up to `scored`, as the embedded store's (y the compared metric; with `covariate`, CUPED's x and h). */
function perVisitor(
  e: ExperimentRecord,
  { baseline = false, covariate = false }: { baseline?: boolean; covariate?: boolean },
): { sql: string; params: ChParams; value: string | null } {
  const { sql: converted, params, pageviews } = conversion(e);
  Object.assign(params, { pct: VALUE_CAP_PERCENTILE, currency: e.currency ?? '' });
  if (covariate) params.pre_days = PRE_EXPOSURE_DAYS;
  const exposures = countedExposures(e, params, { baseline });
  const value = visitorValueSql(e);
  const sessionValues = `toUnixTimestamp64Milli(max(e.ts)) - toUnixTimestamp64Milli(x.at) AS duration_ms,
        toFloat64(sumIf(toInt128(round(assumeNotNull(e.amount) * 1e9)),
          e.type = 'revenue' AND e.currency = {currency:String} AND e.amount IS NOT NULL)) / 1e9 AS revenue`;
  const pageCounts = (name: string, sessions: string, daysBack: string) => `
    ${name} AS (
      SELECT session_key, sum(pageviews) AS pageviews FROM sessions
      WHERE property_id = {p:String} AND start_day >= toDate({since:${TS}}) - ${daysBack} AND session_key IN (SELECT session_key FROM ${sessions})
      GROUP BY session_key),`;
  const capped = (v: string) => `least(${v}, if(c.positives > 0, c.q, ${v}))`;
  const history = covariate
    ? `,
    pre_session AS (
      SELECT e.session_key AS session_key, any(v.visitor_key) AS visitor_key, toInt32(0) AS variant,
        any(v.exposed_at) AS pre_end, min(e.ts) AS at
      FROM events AS e GLOBAL INNER JOIN first_visit AS v ON v.visitor_key = e.visitor_key
      WHERE e.property_id = {p:String} AND NOT e.is_bot AND e.ts >= {since:${TS}} - INTERVAL {pre_days:UInt32} DAY
        AND e.ts >= v.exposed_at - INTERVAL {pre_days:UInt32} DAY AND e.ts < v.exposed_at
        AND e.session_key GLOBAL NOT IN (SELECT session_key FROM visitor_sessions)
      GROUP BY e.session_key),${pageviews ? pageCounts('pre_pageviews', 'pre_session', '{pre_days:UInt32} - 1') : ''}
    per_pre_session AS (
      SELECT x.visitor_key AS visitor_key, ${converted} AS converted, ${sessionValues}
      FROM events AS e GLOBAL INNER JOIN pre_session AS x ON x.session_key = e.session_key
      ${pageviews ? 'LEFT JOIN pre_pageviews AS s ON s.session_key = x.session_key' : ''}
      WHERE e.property_id = {p:String} AND NOT e.is_bot AND e.ts >= {since:${TS}} - INTERVAL {pre_days:UInt32} DAY
        AND e.ts >= x.at AND e.ts < x.pre_end
      GROUP BY x.session_key, x.visitor_key, x.variant, x.at),
    pre_visitor AS (
      SELECT visitor_key, max(converted) AS converted, toFloat64(${value ?? '0'}) AS value
      FROM per_pre_session GROUP BY visitor_key)`
    : '';
  const sql = `WITH ${exposures.sql},
    first_visit AS (
      SELECT f.visitor_key AS visitor_key, min(f.at) AS exposed_at, argMin(f.variant, (f.at, f.variant)) AS first_variant
      FROM first_exposure AS f GROUP BY f.visitor_key),
    visitor_sessions AS (
      SELECT e.session_key AS session_key, any(v.visitor_key) AS visitor_key, any(v.first_variant) AS variant,
        any(v.exposed_at) AS first_at, min(e.ts) AS at
      FROM events AS e GLOBAL INNER JOIN first_visit AS v ON v.visitor_key = e.visitor_key
      WHERE ${exposures.window('e')} AND e.ts >= v.exposed_at
      GROUP BY e.session_key),${pageviews ? pageCounts('session_pageviews', 'visitor_sessions', '1') : ''}
    per_session AS (
      SELECT x.visitor_key AS visitor_key, x.variant AS variant, x.first_at AS first_at, ${converted} AS converted,
        ${sessionValues}
      FROM events AS e GLOBAL INNER JOIN visitor_sessions AS x ON x.session_key = e.session_key
      ${pageviews ? 'LEFT JOIN session_pageviews AS s ON s.session_key = x.session_key' : ''}
      WHERE ${exposures.window('e')} AND e.ts >= x.at
      GROUP BY x.session_key, x.visitor_key, x.variant, x.first_at, x.at),
    per_visitor AS (
      SELECT visitor_key, any(variant) AS arm, any(first_at) AS exposed, max(converted) AS reached,
        toFloat64(${value ?? '0'}) AS value
      FROM per_session GROUP BY visitor_key),
    capped AS (SELECT quantileExactInclusiveIf({pct:Float64})(value, value > 0) AS q, countIf(value > 0) AS positives FROM per_visitor)${history},
    scored AS (
      SELECT v.arm AS arm, v.exposed AS exposed, v.reached AS reached, v.value AS value,
        if(c.positives > 0, c.q, NULL) AS cap,
        toFloat64(${value ? capped('v.value') : 'v.reached'}) AS y,
        ${covariate ? `ifNull(toFloat64(${value ? capped('p.value') : 'p.converted'}), 0)` : 'toFloat64(0)'} AS x,
        ${covariate ? 'toUInt8(p.visitor_key IS NOT NULL)' : 'toUInt8(0)'} AS h
      FROM per_visitor AS v CROSS JOIN capped AS c${covariate ? ' LEFT JOIN pre_visitor AS p ON p.visitor_key = v.visitor_key' : ''})`;
  return { sql, params, value };
}

/**
 * A test's figures with the visitor as the unit (VisitorFigures), aggregated in SQL. A visitor's
 * sessions may sit on different shards of a cluster (events shard by session), so the visitors'
 * first exposures are gathered first and joined to the events as one set (GLOBAL JOIN), not per shard.
 */
export async function experimentVisitorFigures(
  db: Pick<ChDb, 'all'>,
  e: ExperimentRecord,
  { baseline = false }: { baseline?: boolean } = {},
): Promise<VisitorFigures[]> {
  const { sql, params, value } = perVisitor(e, { baseline, covariate: !baseline });
  const rows = await db.all<VisitorFiguresRow>(
    `${sql}
    SELECT arm AS variant, count() AS visitors, countIf(reached) AS converted_visitors, sum(value) AS value_sum,
      sum(y) AS capped_sum, sum(y * y) AS capped_sum_of_squares, any(cap) AS cap,
      sum(h) AS with_history, sum(x) AS x_sum, sum(x * x) AS x_sum_of_squares, sum(x * y) AS xy_sum, sum(h * y) AS hy_sum
    FROM scored GROUP BY arm
    ${SHARD_LOCAL}`,
    params,
  );
  return visitorFiguresFrom(e.variants.length, rows, value !== null, !baseline);
}

/** New visitors and those of them who converted, per variant by the day of the test of their first exposure. */
export async function experimentDailyVisitorFigures(
  db: Pick<ChDb, 'all'>,
  e: ExperimentRecord,
): Promise<DailyVisitorFigures[]> {
  const { sql, params } = perVisitor(e, {});
  const rows = await db.all<DailyVisitorFigures>(
    `${sql}
    SELECT toInt32(floor((toUnixTimestamp64Milli(exposed) - toUnixTimestamp64Milli({since:${TS}})) / 86400000)) AS day,
      arm AS variant, count() AS visitors, countIf(reached) AS converted_visitors
    FROM scored GROUP BY day, arm ORDER BY day, arm
    ${SHARD_LOCAL}`,
    params,
  );
  return rows.map((r) => ({
    day: Number(r.day),
    variant: Number(r.variant),
    visitors: Number(r.visitors),
    converted_visitors: Number(r.converted_visitors),
  }));
}
