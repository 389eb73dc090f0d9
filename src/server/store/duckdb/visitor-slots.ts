import type { DuckDBConnection } from '@duckdb/node-api';
import { query, ts, type Database, type Params } from './database.js';
import { stagedDictionary, typeCode } from './stage-events.js';
import type { Scope } from '../store.js';
import { andAll, inMatchingSessions, pageNumberCondition, type NumberedRows } from './filter-scope.js';
import { offsetCase, scopeFilter } from './sql-fragments.js';
import type { Granularity, OffsetSegment } from '../../analytics/time-frame.js';

/**
 * Page views kept a second time, compactly, for the figures that need distinct visitors: one row per
 * (property, 15-minute slot, visitor) with that visitor's page views in the slot, and visitors
 * numbered densely (1, 2, 3… across the store) so a set of them is a bitstring. Distinct visitors of
 * a range are then the bit count of `bitstring_agg` over a fraction of the page views' rows, about
 * ten times cheaper than count(DISTINCT) over the events (docs/store-design.md). Fifteen minutes
 * because every time zone's offset is a multiple of it: a local day, hour or month is always a
 * whole number of slots, so the figures stay exact in every zone.
 */
export const SLOT_MS = 15 * 60_000;

export const visitorSlotsSchemaSql = `
CREATE TABLE IF NOT EXISTS visitor_numbers (visitor_key UBIGINT NOT NULL, visitor_no UINTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS pageview_slots (
  property_id VARCHAR NOT NULL,
  slot UINTEGER NOT NULL,
  visitor_no UINTEGER NOT NULL,
  page_views UINTEGER NOT NULL
);`;

const pv = typeCode('pageview');

/**
 * After a staged batch is copied into `events`, in the same transaction: new visitors get the next
 * numbers, and the batch's page views are added as slot rows. The batch's keys are computed into a
 * table of their own first: joined straight through the staged string list, DuckDB can only
 * compare every pair (seconds per batch instead of milliseconds). A visitor seen in one slot by two
 * batches has two rows; sums and bitstrings do not mind, and rows stay few because a batch holds
 * whole moments of traffic.
 */
export const maintainVisitorSlotsSql = `
CREATE OR REPLACE TEMP TABLE staging_views AS
WITH ${stagedDictionary}
SELECT d.str[e.property_id] AS property_id, (e.ts::BIGINT // ${SLOT_MS})::UINTEGER AS slot, d.h[e.visitor_id] AS visitor_key, count(*)::UINTEGER AS page_views
FROM staging_events e, d WHERE e.type = ${pv} AND NOT e.is_bot GROUP BY ALL;
INSERT INTO visitor_numbers
SELECT k, (SELECT coalesce(max(visitor_no), 0) FROM visitor_numbers) + row_number() OVER (ORDER BY k)
FROM (SELECT DISTINCT visitor_key AS k FROM staging_views) ANTI JOIN visitor_numbers n ON n.visitor_key = k;
INSERT INTO pageview_slots
SELECT v.property_id, v.slot, n.visitor_no, v.page_views FROM staging_views v JOIN visitor_numbers n USING (visitor_key);`;

const MIGRATION = 'pageview-slots';

/** Stores written before the slot table get it once from their events (recorded in store_migrations). */
export async function backfillVisitorSlots(db: Database): Promise<void> {
  await db.transaction(async (conn: DuckDBConnection) => {
    if ((await query(conn, 'SELECT name FROM store_migrations WHERE name = $name', { name: MIGRATION })).length > 0)
      return;
    await query(
      conn,
      `
      INSERT INTO visitor_numbers
      SELECT visitor_key, (row_number() OVER (ORDER BY first_ts, visitor_key))::UINTEGER
      FROM (SELECT visitor_key, min(ts) AS first_ts FROM events WHERE type = 'pageview' AND NOT is_bot GROUP BY visitor_key)
      ANTI JOIN visitor_numbers USING (visitor_key)`,
    );
    await query(
      conn,
      `
      INSERT INTO pageview_slots
      SELECT e.property_id, (epoch_ms(e.ts) // ${SLOT_MS})::UINTEGER AS slot, n.visitor_no, count(*)::UINTEGER
      FROM events e JOIN visitor_numbers n USING (visitor_key)
      WHERE e.type = 'pageview' AND NOT e.is_bot GROUP BY ALL`,
    );
    await query(conn, 'INSERT INTO store_migrations VALUES ($name, $at::TIMESTAMP)', {
      name: MIGRATION,
      at: ts(new Date()),
    });
  });
}

/** The slot an instant falls in (events are after 1970, so integer division is a floor). */
const slotOf = (column: string) => `(epoch_ms(${column}) // ${SLOT_MS})::UINTEGER`;

const SLOTS_PER_HOUR = 3_600_000 / SLOT_MS;
const SLOTS_PER_DAY = 24 * SLOTS_PER_HOUR;

/**
 * bucketSql (sql-fragments.ts) on slot numbers: the first slot of the row's bucket, in integers from
 * the slot column alone. A slot is whole minutes of every offset (see SLOT_MS), so a local hour,
 * day or week starts on a slot and the buckets are the same as bucketSql's (slot-buckets.test.ts).
 * Null for months, whose lengths vary, and for an offset off the quarter hours (none today, some
 * zones' history): those take bucketSql on the instant. Grouping the slot rows by this instead of
 * by a timestamp made from each slot cut a day trend's query from 155 to 132 ms of CPU at 10M events.
 */
export function slotBucketSql(granularity: Granularity, offsets: OffsetSegment[], column = 'slot'): string | null {
  const slotMinutes = SLOT_MS / 60_000;
  const whole = offsets.every(
    (o) => o.offsetMinutes % slotMinutes === 0 && (o.fromMs === null || o.fromMs % SLOT_MS === 0),
  );
  if (granularity === 'month' || !whole) return null;
  const slots = (minutes: number) => `(${minutes / slotMinutes})::BIGINT`;
  const atSlot = (ms: number) => `${ms / SLOT_MS}`;
  const off = offsetCase(offsets, column, slots, atSlot);
  const local = `(${column}::BIGINT + ${off})`;
  if (granularity === 'hour') return `(${local} // ${SLOTS_PER_HOUR} * ${SLOTS_PER_HOUR} - ${off})`;
  if (granularity === 'day') return `(${local} // ${SLOTS_PER_DAY} * ${SLOTS_PER_DAY})`;
  return `(((${local} // ${SLOTS_PER_DAY} + 3) // 7 * 7 - 3) * ${SLOTS_PER_DAY})`;
}

/** A slot number as the instant it starts at (a bucket key from slotBucketSql back to a TIMESTAMP). */
export const slotStartSql = (column: string) => `make_timestamp(${column} * ${SLOT_MS * 1000})`;

/**
 * Page-view rows of a scope as (ts, visitor_no, page_views): whole slots from `pageview_slots`, and,
 * when the range does not start or end on a slot boundary (an instant rather than a date), the
 * partial slots at its ends from `events` itself. Every row lies inside one bucket of any granularity.
 */
export function pageViewRows(s: Scope, numbered?: NumberedRows): { sql: string; params: Params } {
  if (s.filters?.length) return filteredPageViewRows(s, numbered);
  const first = Math.ceil(s.start.getTime() / SLOT_MS);
  const last = Math.floor(s.end.getTime() / SLOT_MS); // exclusive
  const params: Params = { slot_from: first, slot_to: Math.max(first, last) };
  const names = s.propertyIds.map((id, i) => {
    params[`p${i}`] = id;
    return `$p${i}`;
  });
  const props = (alias: string) =>
    names.length === 1 ? `${alias}property_id = ${names[0]}` : `${alias}property_id IN (${names.join(', ')})`;
  const whole = `SELECT make_timestamp(slot::BIGINT * ${SLOT_MS * 1000}) AS ts, slot, visitor_no, page_views FROM pageview_slots
    WHERE ${props('')} AND slot >= $slot_from::UINTEGER AND slot < $slot_to::UINTEGER`;
  if (first * SLOT_MS === s.start.getTime() && last * SLOT_MS === s.end.getTime()) return { sql: whole, params };
  params.start = ts(s.start);
  params.end = ts(s.end);
  params.whole_start = ts(new Date(first * SLOT_MS));
  params.whole_end = ts(new Date(Math.max(first, last) * SLOT_MS));
  const edges = `SELECT e.ts, ${slotOf('e.ts')} AS slot, n.visitor_no, 1::UINTEGER AS page_views FROM events e JOIN visitor_numbers n USING (visitor_key)
    WHERE ${props('e.')} AND e.ts >= $start::TIMESTAMP AND e.ts < $end::TIMESTAMP AND e.type = 'pageview' AND NOT e.is_bot
      AND NOT (e.ts >= $whole_start::TIMESTAMP AND e.ts < $whole_end::TIMESTAMP)`;
  return { sql: `${whole} UNION ALL ${edges}`, params };
}

/**
 * Page-view rows under filters, one per view: the slot table keeps no session or page, so the views
 * come from `compact_page_views`, kept when on a matching page and in a matching session.
 */
function filteredPageViewRows(s: Scope, numbered?: NumberedRows): { sql: string; params: Params } {
  const { where, params } = scopeFilter(s, 'ts');
  const kept = andAll(pageNumberCondition(s.filters, 'path_no', params), inMatchingSessions(s, params, '', numbered));
  return {
    sql: `SELECT ts, ${slotOf('ts')} AS slot, visitor_no, 1::UINTEGER AS page_views FROM compact_page_views WHERE ${where}${kept}`,
    params,
  };
}
