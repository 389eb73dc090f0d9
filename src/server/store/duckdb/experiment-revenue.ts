import type { ExperimentRecord } from '../store.js';
import { CURRENCY_LOOKBACK_MS, type VariantPayments } from '../experiment-currency.js';
import { ts, type Database, type Params } from './database.js';
import { countedExposures } from './experiment-figures.js';

type Db = Pick<Database, 'all'>;
/** A payment: a revenue event with an amount and a currency (the Goals report leaves out the others too). */
const PAYMENT = `type = 'revenue' AND amount IS NOT NULL AND currency IS NOT NULL AND NOT is_bot`;

/**
 * Each variant's payments per currency: the revenue events of its counted sessions from their first
 * exposure on, as the figures count the sessions (experiment-figures.ts). Summed as decimals to the
 * billionth, as the Goals report sums them, so both stores give the same amounts (0.10 + 0.20 is 0.3).
 */
export async function experimentRevenue(db: Db, e: ExperimentRecord): Promise<VariantPayments[]> {
  const params: Params = { last: e.variants.length - 1 };
  const exposures = countedExposures(e, params);
  const rows = await db.all<VariantPayments>(
    `WITH ${exposures.sql}
    SELECT x.variant, e.currency, sum(e.amount::DECIMAL(38, 9))::DOUBLE AS amount
    FROM first_exposure x JOIN events e ON e.session_key = x.session_key AND e.ts >= x.at
    WHERE ${exposures.window('e')} AND x.variant BETWEEN 0 AND $last::INTEGER
      AND e.type = 'revenue' AND e.amount IS NOT NULL AND e.currency IS NOT NULL
    GROUP BY x.variant, e.currency`,
    params,
  );
  return rows.map((r) => ({ variant: Number(r.variant), currency: r.currency, amount: Number(r.amount) }));
}

/** The currency a test without a stored one counts (Store.experimentCurrency says the rule). */
export async function experimentCurrency(db: Db, e: ExperimentRecord): Promise<string | null> {
  const params: Params = {
    p: e.property_id,
    from: ts(new Date(e.created_at.getTime() - CURRENCY_LOOKBACK_MS)),
    at: ts(e.created_at),
  };
  if (e.stopped_at) params.until = ts(e.stopped_at);
  const [row] = await db.all<{ currency: string }>(
    `SELECT currency FROM (
        SELECT currency, count(*) AS payments, 0 AS after FROM events
        WHERE property_id = $p AND ${PAYMENT} AND ts >= $from::TIMESTAMP AND ts < $at::TIMESTAMP GROUP BY currency
        UNION ALL
        (SELECT currency, 0, 1 FROM events
         WHERE property_id = $p AND ${PAYMENT} AND ts >= $at::TIMESTAMP${e.stopped_at ? ' AND ts < $until::TIMESTAMP' : ''}
         ORDER BY ts, currency LIMIT 1))
     ORDER BY after, payments DESC, currency LIMIT 1`,
    params,
  );
  return row?.currency ?? null;
}
