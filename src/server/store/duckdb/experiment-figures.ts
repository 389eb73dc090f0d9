import { DEFAULT_SESSION_TIME_SECONDS, hasScheme } from '../../../contract/experiments.js';
import type { DailyVariantFigures, ExperimentRecord, ExperimentTraffic, VariantFigures } from '../store.js';
import { BURST_SESSIONS, HEAVY_CLIENT_SESSIONS, trafficFrom } from '../experiment-store.js';
import { ts, type Database, type Params } from './database.js';
import { experimentTestPages } from '../experiment-test-pages.js';
import { experimentGoalHits } from './experiment-goal-hits.js';
import { splitRevenue } from '../experiment-currency.js';
import { experimentRevenue } from './experiment-revenue.js';

// With `(?:user@)?` skipped, so a link's host is what a browser would connect to.
const hrefHost = `lower(regexp_extract(e.href, '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:]+)', 1))`;

/**
 * Whether one exposed session (`x`) converted, over its events `e` at or after the exposure, and the
 * parameters that expression binds. Per goal, as docs/decisions.md ("Split tests") defines them.
 */
export function conversion(e: ExperimentRecord): { sql: string; params: Params } {
  switch (e.goal) {
    case 'click_through':
      // Each variant's own page: a redirect variant's sessions click on its URL, the control's on `page`.
      return {
        sql: `bool_or(e.type = 'click' AND e.path = $pages[x.variant + 1])`,
        params: { pages: e.variants.map((v) => v.url ?? e.page) },
      };
    case 'form_submission':
      return { sql: `bool_or(e.type = 'form_submit')`, params: {} };
    case 'bounce_rate':
      // Converted = did not bounce, so a higher rate is better like every other goal. Bouncing is a
      // property of the whole session (the landing view is sent just before its exposure), so read
      // the session's page count rather than the views after the exposure.
      return { sql: `coalesce(any_value(s.pageviews), 0) >= 2`, params: {} };
    case 'session_time':
      return {
        sql: `epoch_ms(max(e.ts)) - epoch_ms(x.at) >= $seconds * 1000`,
        params: { seconds: Number(e.goal_target ?? DEFAULT_SESSION_TIME_SECONDS) },
      };
    case 'destination_page':
      return { sql: `bool_or(e.type = 'pageview' AND e.path = $target)`, params: { target: e.goal_target ?? '' } };
    case 'external_destination': {
      const target = e.goal_target ?? '';
      return hasScheme(target)
        ? { sql: `bool_or(e.type = 'click' AND starts_with(e.href, $target))`, params: { target } }
        : { sql: `bool_or(e.type = 'click' AND ${hrefHost} = $target)`, params: { target: target.toLowerCase() } };
    }
    case 'revenue':
      // A payment in the test's one currency; without a currency the property has had no payment to count.
      return e.currency
        ? {
            sql: `bool_or(e.type = 'revenue' AND e.currency = $currency AND e.amount IS NOT NULL)`,
            params: { currency: e.currency },
          }
        : { sql: 'false', params: {} };
    case 'goal':
      // The session's latest event matching the goal (experiment-goal-hits.ts), at or after the exposure.
      return { sql: `coalesce(any_value(h.last_hit) >= x.at, false)`, params: {} };
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
  params: Params,
  { baseline = false }: { baseline?: boolean } = {},
): { sql: string; window: (alias: string) => string } {
  Object.assign(params, { p: e.property_id, since: ts(e.created_at) });
  if (e.stopped_at) params.until = ts(e.stopped_at);
  const window = (alias: string) =>
    `${alias}.property_id = $p AND ${alias}.ts >= $since::TIMESTAMP${e.stopped_at ? ` AND ${alias}.ts < $until::TIMESTAMP` : ''} AND NOT ${alias}.is_bot`;
  if (baseline) {
    // Before the test (baselineWindow): a session's first view of the test's own page, in the control.
    params.test_page = experimentTestPages(e)[0];
    const sql = `first_exposure AS (
      SELECT session_key, min(ts) AS at, 0 AS variant, NULL::VARCHAR AS client_key, any_value(visitor_key) AS visitor_key
      FROM events v WHERE ${window('v')} AND v.type = 'pageview' AND rtrim(v.path, '/') = $test_page
      GROUP BY session_key)`;
    return { sql, window };
  }
  Object.assign(params, { id: e.id, test_pages: experimentTestPages(e) });
  const sql = `first_exposure AS (
      SELECT session_key, min(ts) AS at, list(variant ORDER BY ts, variant)[1] AS variant, arg_min(client_key, ts) AS client_key,
        any_value(visitor_key) AS visitor_key
      FROM events x WHERE ${window('x')} AND type = 'exposure' AND experiment_id = $id
        AND session_key IN (SELECT v.session_key FROM events v WHERE ${window('v')} AND v.type = 'pageview' AND list_contains($test_pages, rtrim(v.path, '/')))
      GROUP BY session_key)`;
  return { sql, window };
}

/**
 * One pass over the property's events since the test began: each session counts for the variant of
 * its first exposure, and only its non-bot events from that exposure on can convert it. A complete
 * test is read up to `stopped_at`, so its figures no longer move. The CTEs up to `per_session`
 * (variant, converted and first exposure `exposed_at` of each counted session), and their parameters.
 */
async function perSession(db: Pick<Database, 'all'>, e: ExperimentRecord): Promise<{ sql: string; params: Params }> {
  const { sql: converted, params } = conversion(e);
  params.last = e.variants.length - 1;
  const exposures = countedExposures(e, params);
  const goalHits = e.goal === 'goal' ? await experimentGoalHits(db, e, params) : null;
  const sql = `WITH ${exposures.sql},${goalHits ? `\n    ${goalHits},` : ''}
    per_session AS (
      SELECT x.variant, x.at AS exposed_at, ${converted} AS converted
      FROM first_exposure x JOIN events e ON e.session_key = x.session_key AND e.ts >= x.at
      LEFT JOIN sessions s ON s.property_id = $p AND s.session_key = x.session_key${goalHits ? ' LEFT JOIN goal_hits h ON h.session_key = x.session_key' : ''}
      WHERE ${exposures.window('e')} AND x.variant BETWEEN 0 AND $last::INTEGER
      GROUP BY x.session_key, x.variant, x.at)`;
  return { sql, params };
}

export async function experimentFigures(db: Pick<Database, 'all'>, e: ExperimentRecord): Promise<VariantFigures[]> {
  const { sql, params } = await perSession(db, e);
  const [rows, payments] = await Promise.all([
    db.all<{ variant: number; sessions: number; conversions: number }>(
      `${sql}
    SELECT variant, count(*) AS sessions, count(*) FILTER (WHERE converted) AS conversions
    FROM per_session GROUP BY variant`,
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
  db: Pick<Database, 'all'>,
  e: ExperimentRecord,
): Promise<DailyVariantFigures[]> {
  const { sql, params } = await perSession(db, e);
  const rows = await db.all<DailyVariantFigures>(
    `${sql}
    SELECT floor((epoch_ms(exposed_at) - epoch_ms($since::TIMESTAMP)) / 86400000)::INTEGER AS day, variant,
      count(*) AS sessions, count(*) FILTER (WHERE converted) AS conversions
    FROM per_session GROUP BY ALL ORDER BY day, variant`,
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
export async function experimentTraffic(db: Pick<Database, 'all'>, e: ExperimentRecord): Promise<ExperimentTraffic> {
  const params: Params = { last: e.variants.length - 1, heavy: HEAVY_CLIENT_SESSIONS, burst: BURST_SESSIONS };
  const exposures = countedExposures(e, params);
  // Sessions without a client key (sent before keys were kept) count, but are no one's address.
  const [row] = await db.all<Record<keyof ExperimentTraffic, number | null>>(
    `WITH ${exposures.sql},
    counted AS (SELECT x.client_key, x.at AS started FROM first_exposure x WHERE x.variant BETWEEN 0 AND $last::INTEGER),
    grid_a AS (SELECT client_key, count(*) AS c FROM counted GROUP BY client_key, time_bucket(INTERVAL '10 minutes', started)),
    grid_b AS (SELECT client_key, count(*) AS c FROM counted
      GROUP BY client_key, time_bucket(INTERVAL '10 minutes', started, INTERVAL '5 minutes')),
    bursts AS (
      SELECT client_key, greatest(coalesce(a.n, 0), coalesce(b.n, 0)) AS n
      FROM (SELECT client_key, sum(c) FILTER (WHERE c >= $burst) AS n FROM grid_a GROUP BY client_key) a
      FULL JOIN (SELECT client_key, sum(c) FILTER (WHERE c >= $burst) AS n FROM grid_b GROUP BY client_key) b USING (client_key)),
    per_client AS (SELECT client_key, count(*) AS n FROM counted GROUP BY client_key)
    SELECT sum(n) AS sessions, count(client_key) AS addresses,
      max(n) FILTER (WHERE client_key IS NOT NULL) AS top_client_sessions,
      sum(n) FILTER (WHERE client_key IS NOT NULL AND n >= $heavy) AS heavy_client_sessions,
      (SELECT sum(n) FROM bursts WHERE client_key IS NOT NULL) AS burst_sessions
    FROM per_client`,
    params,
  );
  return trafficFrom(row);
}
