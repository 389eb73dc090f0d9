import type { ExperimentRecord } from '../store.js';
import { CURRENCY_LOOKBACK_MS, type VariantPayments } from '../experiment-currency.js';
import type { ChDb, ChParams } from './clickhouse-db.js';
import { countedExposures, SHARD_LOCAL } from './experiment-figures.js';
import { chTime, TS } from './sql-fragments.js';

// The same rules as the embedded store's experiment-revenue.ts, in ClickHouse's words.

type Db = Pick<ChDb, 'all'>;
/** A payment: a revenue event with an amount and a currency (the Goals report leaves out the others too). */
const PAYMENT = `type = 'revenue' AND amount IS NOT NULL AND currency IS NOT NULL AND NOT is_bot`;

/**
 * Each variant's payments per currency: the revenue events of its counted sessions from their first
 * exposure on. Summed exactly in billionths, as the embedded store sums DECIMAL(38, 9) and as the Goals
 * report sums them, so both stores give the same amounts (0.10 + 0.20 is 0.3).
 */
export async function experimentRevenue(db: Db, e: ExperimentRecord): Promise<VariantPayments[]> {
  const params: ChParams = {};
  const exposures = countedExposures(e, params);
  const rows = await db.all<VariantPayments>(
    `WITH ${exposures.sql}
    SELECT x.variant AS variant, toString(assumeNotNull(e.currency)) AS currency,
      toFloat64(sum(toInt128(round(assumeNotNull(e.amount) * 1e9)))) / 1e9 AS amount
    FROM events AS e INNER JOIN first_exposure AS x ON x.session_key = e.session_key
    WHERE ${exposures.window('e')} AND e.ts >= x.at AND e.type = 'revenue' AND e.amount IS NOT NULL AND e.currency IS NOT NULL
    GROUP BY variant, currency
    ${SHARD_LOCAL}`,
    params,
  );
  return rows.map((r) => ({ variant: Number(r.variant), currency: r.currency, amount: Number(r.amount) }));
}

/** The currency a test without a stored one counts (Store.experimentCurrency says the rule). */
export async function experimentCurrency(db: Db, e: ExperimentRecord): Promise<string | null> {
  const params: ChParams = {
    p: e.property_id,
    from: chTime(new Date(e.created_at.getTime() - CURRENCY_LOOKBACK_MS)),
    at: chTime(e.created_at),
  };
  if (e.stopped_at) params.until = chTime(e.stopped_at);
  // Named `code`, not `currency`: ClickHouse would read an alias `currency` in the WHERE too.
  const [before] = await db.all<{ code: string }>(
    `SELECT toString(assumeNotNull(currency)) AS code, count() AS payments FROM events
     WHERE property_id = {p:String} AND ${PAYMENT} AND ts >= {from:${TS}} AND ts < {at:${TS}}
     GROUP BY code ORDER BY payments DESC, code LIMIT 1`,
    params,
  );
  if (before) return before.code;
  const [first] = await db.all<{ code: string }>(
    `SELECT toString(assumeNotNull(currency)) AS code FROM events
     WHERE property_id = {p:String} AND ${PAYMENT} AND ts >= {at:${TS}}${e.stopped_at ? ` AND ts < {until:${TS}}` : ''}
     ORDER BY ts, code LIMIT 1`,
    params,
  );
  return first?.code ?? null;
}
