import type { GoalFigures, GoalRecord, Scope } from '../store.js';
import type { ChDb, ChParams } from './clickhouse-db.js';
import { andAll, inMatchingSessions, viewedMatchingPage } from './filter-scope.js';
import { perSession } from './funnel-sql.js';
import { goalHitsSql } from './goal-hits-sql.js';
import { rangeDaysSql, TS, scopeParams } from './sql-fragments.js';

/** A payment's amount in billionths, rounded as the embedded store's cast to DECIMAL(38, 9) rounds it. */
const BILLIONTHS = 'toInt128(round(assumeNotNull(amount) * 1e9))';

/**
 * Every goal's figures from one read of the range's events of the goals' types and payments, grouped
 * per session (the events' order key, property then day then type, keeps it to those rows):
 * 1. each event gets `hits`, the goals it matches (their 1-based places in `goals`); a payment is a
 *    `revenue` event with a currency;
 * 2. per session: its conversions as (goal, visitor) pairs, and its payments; sessions that converted
 *    on no goal are dropped. Plain arrays: per-session maps or sets cost twice as much at 1M events;
 * 3. per goal, over the sessions that converted on it: conversions, distinct visitors, and the
 *    payments summed per currency (`sumMap` sorts by currency; a payment count rides along as a
 *    second value because `sumMap` drops keys whose values are all zero, and a 0 payment still shows).
 *    Payments are summed exactly, in billionths (as the embedded store sums DECIMAL(38, 9)), so
 *    0.10 + 0.20 is 0.3 on both stores, not 0.30000000000000004.
 * The filters keep whole sessions as for funnels (decisions.md "Goals").
 */
export async function goalFigures(db: ChDb, s: Scope, goals: GoalRecord[]): Promise<GoalFigures[]> {
  if (goals.length === 0) return [];
  const params: ChParams = scopeParams(s);
  const { hits, types } = goalHitsSql(goals, s, params);
  params.types = [...types, 'revenue'];
  const rows = await db.all<{
    g: number;
    conversions: number;
    visitors: number;
    currencies: string[];
    amounts: number[];
  }>(
    `SELECT g, conversions, visitors, revenue.1 AS currencies, arrayMap(u -> toFloat64(u) / 1e9, revenue.2) AS amounts FROM (
      SELECT g, sum(countEqual(arrayMap(c -> c.1, conv), g)) AS conversions,
        uniqExactArray(arrayMap(c -> c.2, arrayFilter(c -> c.1 = g, conv))) AS visitors,
        sumMap(pay_currencies, pay_units, arrayWithConstant(length(pay_currencies), toUInt64(1))) AS revenue
      FROM (
        SELECT groupArrayArray(arrayMap(h -> (h, visitor_key), hits)) AS conv,
          groupArrayIf(toString(currency), paid) AS pay_currencies, groupArrayIf(${BILLIONTHS}, paid) AS pay_units
        FROM (
          SELECT property_id, session_key, visitor_key, currency, amount, ${hits} AS hits,
            type = 'revenue' AND currency IS NOT NULL AND amount IS NOT NULL AS paid
          FROM events
          WHERE property_id IN {props:Array(String)} AND ${rangeDaysSql()} AND ts >= {start:${TS}} AND ts < {end:${TS}} AND NOT is_bot
            AND type IN {types:Array(String)}${andAll(inMatchingSessions(s, params), viewedMatchingPage(s, params))})
        WHERE paid OR notEmpty(hits)
        GROUP BY ${perSession}
        HAVING notEmpty(conv))
      ARRAY JOIN arrayDistinct(arrayMap(c -> c.1, conv)) AS g
      GROUP BY g)`,
    params,
  );
  const byGoal = new Map(rows.map((r) => [Number(r.g), r]));
  return goals.map((_, i): GoalFigures => {
    const r = byGoal.get(i + 1);
    if (!r) return { visitors: 0, conversions: 0, revenue: [] };
    return {
      visitors: Number(r.visitors),
      conversions: Number(r.conversions),
      revenue: r.currencies.map((currency, k) => ({ currency, amount: r.amounts[k] })),
    };
  });
}
