import type { DuckDBConnection } from '@duckdb/node-api';
import { query, ts, type Database } from './database.js';
import { stagedDictionary, typeCode } from './stage-events.js';

/**
 * Custom events and payments kept a second time, like the compact tables of compact-events.ts: bots
 * left out, only what the Goals report reads. They are a few in a hundred events, interleaved with
 * all the others, so reading them from `events` decodes every block of the range (15–25 ms per 1M
 * events, twice per report); here the same read is a millisecond.
 */
export const compactCustomEventsSchemaSql = `
CREATE TABLE IF NOT EXISTS compact_custom_events (
  property_id VARCHAR NOT NULL,
  ts TIMESTAMP NOT NULL,
  session_key UBIGINT NOT NULL,
  visitor_key UBIGINT NOT NULL,
  -- A payment (a revenue event, with its amount and currency), or else a custom event (with its name).
  is_payment BOOLEAN NOT NULL,
  name VARCHAR,
  amount DOUBLE,
  currency VARCHAR
);`;

const [custom, revenue] = (['custom', 'revenue'] as const).map(typeCode);

/** After a staged batch is copied into `events`, in the same transaction: its custom events and payments. */
export const maintainCompactCustomEventsSql = `
INSERT INTO compact_custom_events
WITH ${stagedDictionary}
SELECT d.str[e.property_id], epoch_ms(e.ts::BIGINT), d.h[e.session_id], d.h[e.visitor_id], e.type = ${revenue},
  CASE WHEN e.type = ${custom} THEN d.str[e.name] END, nullif(e.amount, 'NaN'::DOUBLE), d.str[e.currency]
FROM staging_events e, d WHERE e.type IN (${custom}, ${revenue}) AND NOT e.is_bot;`;

const MIGRATION = 'compact-custom-events';

/** Stores written before the table get it once from their events. */
export async function backfillCompactCustomEvents(db: Database): Promise<void> {
  await db.transaction(async (conn: DuckDBConnection) => {
    if ((await query(conn, 'SELECT name FROM store_migrations WHERE name = $name', { name: MIGRATION })).length > 0)
      return;
    await conn.run(`
      INSERT INTO compact_custom_events
      SELECT property_id, ts, session_key, visitor_key, type = 'revenue', CASE WHEN type = 'custom' THEN name END, amount, currency
      FROM events WHERE type IN ('custom', 'revenue') AND NOT is_bot ORDER BY ts`);
    await query(conn, 'INSERT INTO store_migrations VALUES ($name, $at::TIMESTAMP)', {
      name: MIGRATION,
      at: ts(new Date()),
    });
  });
}
