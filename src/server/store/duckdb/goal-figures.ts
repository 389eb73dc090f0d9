import type { GoalFigures, GoalRecord, Scope } from '../store.js';
import type { Database } from './database.js';
import { GoalHits, int, textNumbers } from './goal-hits.js';
import { andAll, inMatchingSessions, viewedMatchingPage } from './filter-scope.js';
import { scopeFilter } from './sql-fragments.js';
import { bitsFit, visitorBits } from './visitor-sets.js';

type Db = Pick<Database, 'all'>;

/**
 * Distinct visitors per goal. Page goals' visitors (dense numbers) are a bitstring over the store's
 * numbers, several times cheaper than hashing (goal, visitor) pairs, when the goals' strings fit
 * (visitor-sets.ts); a number beyond the bounds (a visitor first seen since they were read) is
 * counted apart. The other goals' visitors are few and counted as keys.
 */
async function distinctVisitorsSql(db: Db, goals: GoalRecord[]): Promise<string> {
  const keys = 'count(DISTINCT visitor_key) FILTER (WHERE visitor_key IS NOT NULL)';
  if (!goals.some((g) => g.kind === 'page')) return keys;
  const [b] = await db.all<{ lo: number | null; hi: number | null }>(
    'SELECT min(visitor_no) AS lo, max(visitor_no) AS hi FROM visitor_numbers',
  );
  const bounds = b.lo === null || b.hi === null ? null : { lo: Number(b.lo), hi: Number(b.hi) };
  // Up to one string per goal.
  if (!bounds || !bitsFit(goals.length, bounds))
    return `count(DISTINCT visitor_no) FILTER (WHERE visitor_no IS NOT NULL) + ${keys}`;
  const hi = int(bounds.hi);
  // visitorBits keeps the numbers within the bounds; those given since are counted apart.
  return `coalesce(bit_count(${visitorBits(bounds)}), 0)
    + count(DISTINCT visitor_no) FILTER (WHERE visitor_no > ${hi}) + ${keys}`;
}

/**
 * Each goal's converting visitors, conversions and converting sessions' revenue per currency, over
 * the non-bot events of the scope's range in the sessions its filters keep (as funnels keep them:
 * session filters by the session's values, a page filter the sessions that viewed a matching page).
 * One query for all goals: each source (page views, clicks and forms, custom events) is read once for
 * its converting rows, one per (event, goal converted), and the figures are grouped by goal, the
 * converting sessions that paid listed on the way. Every source is a compact table (compact-events.ts,
 * compact-custom-events.ts), a fraction of `events`' cost. Revenue is summed as decimals (to the
 * billionth), so 0.10 + 0.20 is 0.3, not 0.30000000000000004.
 */
export async function goalFigures(db: Db, s: Scope, goals: GoalRecord[]): Promise<GoalFigures[]> {
  const figures = goals.map((): GoalFigures => ({ visitors: 0, conversions: 0, revenue: [] }));
  const { where, params } = scopeFilter(s, 'ts');
  const hits = new GoalHits(s, goals, params);
  const sources = [
    hits.pageViews(),
    hits.interactions(await textNumbers(db, hits.texts())),
    hits.customEvents(),
  ].filter((x) => x !== null);
  if (sources.length === 0) return figures;
  const visitors = await distinctVisitorsSql(db, goals);
  const paths = hits.goalPaths();
  const session = hits.session;
  // A session as one value, to be listed: its key, or (property, key) when several properties share the scope.
  const several = session !== 'session_key';
  const sessionValue = several ? `{'p': h.property_id, 's': h.session_key}` : 'h.session_key';
  const payOn = several ? 'x.k.p = pay.property_id AND x.k.s = pay.session_key' : 'x.k = pay.session_key';
  const rows = await db.all<{
    goal: number;
    currency: string | null;
    visitors: number | null;
    conversions: number | null;
    amount: number | null;
  }>(
    `WITH ${paths ? `goal_paths AS (${paths}),` : ''}
    -- The range's payments per session and currency; a goal's revenue is those of its converting
    -- sessions (which the filters keep, so the payments need no filter of their own).
    payments AS MATERIALIZED (
      SELECT ${session}, currency, sum(amount::DECIMAL(38, 9)) AS amount FROM compact_custom_events
      WHERE ${where} AND is_payment AND currency IS NOT NULL GROUP BY ALL),
    per_goal AS MATERIALIZED (
      SELECT h.goal, count(*) AS conversions, ${visitors} AS visitors,
        list(DISTINCT ${sessionValue}) FILTER (WHERE paid.session_key IS NOT NULL) AS paying
      FROM (SELECT * FROM (${sources.join(' UNION ALL ')}) WHERE true${andAll(inMatchingSessions(s, params), viewedMatchingPage(s, params))}) h
      LEFT JOIN (SELECT DISTINCT ${session} FROM payments) paid USING (${session})
      GROUP BY h.goal)
    SELECT goal, NULL AS currency, visitors, conversions, NULL AS amount FROM per_goal
    UNION ALL
    SELECT x.goal, pay.currency, NULL, NULL, sum(pay.amount)::DOUBLE
    FROM (SELECT goal, unnest(paying) AS k FROM per_goal) x JOIN payments pay ON ${payOn}
    GROUP BY x.goal, pay.currency
    ORDER BY goal, currency`,
    params,
  );
  for (const r of rows) {
    const f = figures[r.goal];
    if (r.currency === null) Object.assign(f, { visitors: Number(r.visitors), conversions: Number(r.conversions) });
    // Per currency, where a converting session paid in it (never added across currencies).
    else if (r.amount !== null) f.revenue.push({ currency: r.currency, amount: Number(r.amount) });
  }
  return figures;
}
