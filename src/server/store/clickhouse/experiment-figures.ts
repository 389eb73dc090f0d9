import { DEFAULT_SESSION_TIME_SECONDS, hasScheme } from '../../../contract/experiments.js';
import type { DailyVariantFigures, ExperimentRecord, ExperimentTraffic, VariantFigures } from '../store.js';
import type { ChDb, ChParams } from './clickhouse-db.js';
import { BURST_SESSIONS, HEAVY_CLIENT_SESSIONS, trafficFrom } from '../experiment-store.js';
import { chTime, TS } from './sql-fragments.js';
import { experimentGoalRecord } from '../experiment-goal.js';
import { experimentTestPages } from '../experiment-test-pages.js';
import { goalCondition, goalEventTypes } from './goal-conditions.js';
import { splitRevenue } from '../experiment-currency.js';
import { experimentRevenue } from './experiment-revenue.js';

// The same rules as the embedded store's experiment-figures.ts, in ClickHouse's words.

// With `(?:user@)?` skipped, so a link's host is what a browser would connect to.
const hrefHost = `lower(regexpExtract(e.href, '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:]+)', 1))`;

/** `max` of a condition that may be NULL (a click without href): NULL counts as not converted, as bool_or's NULL does. */
const any = (condition: string) => `max(ifNull(${condition}, false))`;

/**
 * Whether one exposed session (`x`) converted, over its events `e` at or after the exposure, and the
 * parameters that expression binds; `pageviews`: whether it needs the session's page count (`s`).
 * Per goal, as docs/decisions.md ("Split tests") defines them.
 */
export function conversion(e: ExperimentRecord): { sql: string; params: ChParams; pageviews?: boolean } {
  switch (e.goal) {
    case 'click_through':
      // Each variant's own page: a redirect variant's sessions click on its URL, the control's on `page`.
      return {
        sql: any(`e.type = 'click' AND e.path = {pages:Array(String)}[x.variant + 1]`),
        params: { pages: e.variants.map((v) => v.url ?? e.page) },
      };
    case 'form_submission':
      return { sql: any(`e.type = 'form_submit'`), params: {} };
    case 'bounce_rate':
      // Converted = did not bounce. Bouncing is a property of the whole session (the landing view is
      // sent just before its exposure), so read the session's page count, not the views after the exposure.
      return { sql: `ifNull(any(s.pageviews), 0) >= 2`, params: {}, pageviews: true };
    case 'session_time':
      return {
        sql: `toUnixTimestamp64Milli(max(e.ts)) - toUnixTimestamp64Milli(x.at) >= {seconds:Float64} * 1000`,
        params: { seconds: Number(e.goal_target ?? DEFAULT_SESSION_TIME_SECONDS) },
      };
    case 'destination_page':
      return { sql: any(`e.type = 'pageview' AND e.path = {target:String}`), params: { target: e.goal_target ?? '' } };
    case 'external_destination': {
      const target = e.goal_target ?? '';
      return hasScheme(target)
        ? { sql: any(`e.type = 'click' AND startsWith(e.href, {target:String})`), params: { target } }
        : { sql: any(`e.type = 'click' AND ${hrefHost} = {target:String}`), params: { target: target.toLowerCase() } };
    }
    case 'revenue':
      // A payment in the test's one currency; without a currency the property has had no payment to count.
      return e.currency
        ? {
            sql: any(`e.type = 'revenue' AND e.currency = {currency:String} AND e.amount IS NOT NULL`),
            params: { currency: e.currency },
          }
        : { sql: 'false', params: {} };
    case 'goal': {
      // The event the goal counts, matched as the Goals report matches it (goal-conditions.ts).
      const goal = experimentGoalRecord(e);
      if (!goal) return { sql: 'false', params: {} };
      const params: ChParams = {};
      return {
        sql: any(`e.type = '${goalEventTypes[goal.kind]}' AND ${goalCondition(goal, 'goal', params, { alias: 'e' })}`),
        params,
      };
    }
  }
}

/**
 * The counted exposures of a test, one row per session (`first_exposure`: its first exposure's time,
 * variant and client key), and the parameters they bind. Only non-bot events since the test began
 * (up to `stopped_at` for a complete test), and only sessions with a page view of the test's page in
 * that time: the tracker sends the view before the exposure, so an exposure without one was not sent
 * by a page that runs the test. Read at report time, so the order events arrive in does not matter.
 */
export function countedExposures(
  e: ExperimentRecord,
  params: ChParams,
  { baseline = false }: { baseline?: boolean } = {},
): { sql: string; window: (alias: string) => string } {
  Object.assign(params, {
    p: e.property_id,
    id: e.id,
    since: chTime(e.created_at),
    test_pages: experimentTestPages(e),
    last: e.variants.length - 1,
  });
  if (e.stopped_at) params.until = chTime(e.stopped_at);
  const window = (alias: string) =>
    `${alias}.property_id = {p:String} AND ${alias}.ts >= {since:${TS}}${e.stopped_at ? ` AND ${alias}.ts < {until:${TS}}` : ''} AND NOT ${alias}.is_bot`;
  if (baseline) {
    // Before the test (baselineWindow): a session's first view of the test's own page, in the control.
    params.test_page = experimentTestPages(e)[0];
    const sql = `first_exposure AS (
      SELECT v.session_key AS session_key, min(v.ts) AS at, toInt32(0) AS variant, CAST(NULL AS Nullable(UInt64)) AS client_key,
        any(v.visitor_key) AS visitor_key
      FROM events AS v WHERE ${window('v')} AND v.type = 'pageview' AND replaceRegexpOne(v.path, '/+$', '') = {test_page:String}
      GROUP BY v.session_key)`;
    return { sql, window };
  }
  // argMin over (ts, variant): the earliest exposure, the lower variant of two at one instant.
  const sql = `first_exposure AS (
      SELECT x.session_key AS session_key, min(x.ts) AS at, argMin(x.variant, (x.ts, x.variant)) AS variant, argMin(x.client_key, x.ts) AS client_key,
        any(x.visitor_key) AS visitor_key
      FROM events AS x WHERE ${window('x')} AND x.type = 'exposure' AND x.experiment_id = {id:String}
        AND x.session_key IN (SELECT v.session_key FROM events AS v
          WHERE ${window('v')} AND v.type = 'pageview' AND has({test_pages:Array(String)}, replaceRegexpOne(v.path, '/+$', '')))
      GROUP BY x.session_key
      HAVING variant BETWEEN 0 AND {last:Int32})`;
  return { sql, window };
}

/**
 * The page count of each exposed session, from the session partials (sessions-sql.ts): those from
 * the day before the test began on, as a session's partials begin on the UTC day of its earliest event.
 */
const sessionPageviews = `session_pageviews AS (
      SELECT session_key, sum(pageviews) AS pageviews FROM sessions
      WHERE property_id = {p:String} AND start_day >= toDate({since:${TS}}) - 1 AND session_key IN (SELECT session_key FROM first_exposure)
      GROUP BY session_key)`;

/**
 * On a cluster the subqueries over `events` read each shard's own rows: a session's events are all
 * on one shard (table-specs.ts), so a session's exposure, page views and conversions meet there.
 */
export const SHARD_LOCAL = `SETTINGS distributed_product_mode = 'local'`;

/**
 * Each session counts for the variant of its first exposure, and only its non-bot events from that
 * exposure on can convert it. A complete test is read up to `stopped_at`, so its figures no longer move.
 * The CTEs up to `per_session` (variant, first exposure `exposed_at` and converted of each counted
 * session), and their parameters.
 */
function perSession(e: ExperimentRecord): { sql: string; params: ChParams } {
  const { sql: converted, params, pageviews } = conversion(e);
  const exposures = countedExposures(e, params);
  const sql = `WITH ${exposures.sql},${pageviews ? `\n    ${sessionPageviews},` : ''}
    per_session AS (
      SELECT x.variant AS variant, x.at AS exposed_at, ${converted} AS converted
      FROM events AS e INNER JOIN first_exposure AS x ON x.session_key = e.session_key
      ${pageviews ? 'LEFT JOIN session_pageviews AS s ON s.session_key = x.session_key' : ''}
      WHERE ${exposures.window('e')} AND e.ts >= x.at
      GROUP BY x.session_key, x.variant, x.at)`;
  return { sql, params };
}

export async function experimentFigures(db: Pick<ChDb, 'all'>, e: ExperimentRecord): Promise<VariantFigures[]> {
  const { sql, params } = perSession(e);
  const [rows, payments] = await Promise.all([
    db.all<{ variant: number; sessions: number; conversions: number }>(
      `${sql}
    SELECT variant, count() AS sessions, countIf(converted) AS conversions
    FROM per_session GROUP BY variant
    ${SHARD_LOCAL}`,
      params,
    ),
    experimentRevenue(db, e),
  ]);
  const counts = e.variants.map(() => ({ sessions: 0, conversions: 0 }));
  for (const r of rows) counts[r.variant] = { sessions: Number(r.sessions), conversions: Number(r.conversions) };
  return splitRevenue(e, counts, payments);
}

/** The figures' sessions and conversions by the day of the test (whole 24 hours from `created_at`) of each session's first exposure. */
export async function experimentDailyFigures(
  db: Pick<ChDb, 'all'>,
  e: ExperimentRecord,
): Promise<DailyVariantFigures[]> {
  const { sql, params } = perSession(e);
  const rows = await db.all<DailyVariantFigures>(
    `${sql}
    SELECT toInt32(intDiv(toUnixTimestamp64Milli(exposed_at) - toUnixTimestamp64Milli({since:${TS}}), 86400000)) AS day, variant,
      count() AS sessions, countIf(converted) AS conversions
    FROM per_session GROUP BY day, variant ORDER BY day, variant
    ${SHARD_LOCAL}`,
    params,
  );
  return rows.map((r) => ({
    day: Number(r.day),
    variant: Number(r.variant),
    sessions: Number(r.sessions),
    conversions: Number(r.conversions),
  }));
}

/** How the sessions the figures count spread over client addresses (ExperimentTraffic). */
export async function experimentTraffic(db: Pick<ChDb, 'all'>, e: ExperimentRecord): Promise<ExperimentTraffic> {
  const params: ChParams = { heavy: HEAVY_CLIENT_SESSIONS, burst: BURST_SESSIONS };
  const exposures = countedExposures(e, params);
  // Sessions without a client key (sent before keys were kept) count, but are no one's address.
  const [row] = await db.all<Record<keyof ExperimentTraffic, number | null>>(
    `WITH ${exposures.sql},
    grid_a AS (SELECT client_key, count() AS c FROM first_exposure GROUP BY client_key, toStartOfInterval(at, INTERVAL 10 MINUTE)),
    grid_b AS (SELECT client_key, count() AS c FROM first_exposure
      GROUP BY client_key, toStartOfInterval(at - INTERVAL 5 MINUTE, INTERVAL 10 MINUTE)),
    bursts AS (
      SELECT client_key, max(n) AS n FROM (
        SELECT client_key, sumIf(c, c >= {burst:UInt32}) AS n FROM grid_a GROUP BY client_key
        UNION ALL
        SELECT client_key, sumIf(c, c >= {burst:UInt32}) AS n FROM grid_b GROUP BY client_key)
      GROUP BY client_key),
    per_client AS (SELECT client_key, count() AS n FROM first_exposure GROUP BY client_key)
    SELECT sum(n) AS sessions, countIf(client_key IS NOT NULL) AS addresses,
      maxIf(n, client_key IS NOT NULL) AS top_client_sessions,
      sumIf(n, client_key IS NOT NULL AND n >= {heavy:UInt32}) AS heavy_client_sessions,
      (SELECT sumIf(n, client_key IS NOT NULL) FROM bursts) AS burst_sessions
    FROM per_client
    ${SHARD_LOCAL}`,
    params,
  );
  return trafficFrom(row);
}
