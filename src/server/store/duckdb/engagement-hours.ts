import type { DuckDBConnection } from '@duckdb/node-api';
import { query, ts, type Database, type Params } from './database.js';
import { stagedDictionary, typeCode } from './stage-events.js';

/**
 * Scroll depths per property, UTC hour and page: how many engagement rows reported one and their sum,
 * in billionths (integers, so sums are exact in any order). The
 * pages report's mean depth is over (session, page) of the deepest scroll, and 91% of engagement rows
 * are a pair's only row: their depths are these sums, less those of the rows of repeated pairs, which
 * the report still reads (a tenth of the rows) for their maxima. At 10M events the ten ranked pages'
 * depths read 3.2M rows in 64 ms of CPU; this way 300k rows and the hours, about 30 (store-design.md).
 * Maintained as compact_page_view_hours is: each batch appends its own sums, the background pass
 * folds an hour's rows into one.
 */
export const engagementHoursSchemaSql = `
CREATE TABLE IF NOT EXISTS compact_engagement_hours (
  property_id VARCHAR NOT NULL,
  hour TIMESTAMP NOT NULL,
  path_no UINTEGER NOT NULL,
  depths UBIGINT NOT NULL,
  depth_sum HUGEINT NOT NULL,
  settled BOOLEAN NOT NULL
);`;

/**
 * A depth (0 to 1) in billionths, the product rounded half to even as ClickHouse's
 * `toInt64(roundBankers(d * 1e9))` rounds it, so the stores' sums agree to the last unit. Twice as
 * fast as a sum of DECIMAL(18, 9), which in rare cases rounds the other way (11,775 of 3.2M
 * perturbed depths measured).
 */
export const billionths = (column: string) => `(${column} * 1e9)::BIGINT`;

const eng = typeCode('engagement');

/** After compact-events.ts has numbered the batch's paths (staging_text_nos), in the same transaction. */
export const maintainEngagementHoursSql = `
INSERT INTO compact_engagement_hours
WITH ${stagedDictionary}, e AS MATERIALIZED (
  SELECT d.str[e.property_id] AS property_id, date_trunc('hour', epoch_ms(e.ts::BIGINT)) AS hour, e.path,
    nullif(e.scroll_depth, 'NaN'::DOUBLE) AS depth
  FROM staging_events e, d WHERE e.type = ${eng} AND NOT e.is_bot)
SELECT e.property_id, e.hour, p.text_no, count(e.depth), coalesce(sum(${billionths('e.depth')}), 0), false
FROM e JOIN staging_text_nos p ON p.idx = e.path GROUP BY ALL;`;

/** One row per (property, hour, page) again where batches appended more. */
export const settleEngagementHoursSql = `
CREATE OR REPLACE TEMP TABLE settling_engagement_hours AS
SELECT h.property_id, h.hour, h.path_no, sum(h.depths)::UBIGINT AS depths, sum(h.depth_sum)::HUGEINT AS depth_sum
FROM compact_engagement_hours h
SEMI JOIN (SELECT DISTINCT property_id, hour FROM compact_engagement_hours WHERE NOT settled) u USING (property_id, hour)
GROUP BY ALL;
DELETE FROM compact_engagement_hours h USING (SELECT DISTINCT property_id, hour FROM settling_engagement_hours) u
WHERE h.property_id = u.property_id AND h.hour = u.hour;
INSERT INTO compact_engagement_hours SELECT property_id, hour, path_no, depths, depth_sum, true FROM settling_engagement_hours;
DROP TABLE settling_engagement_hours;`;

/** The hourly sums of every engagement row, settled: for a store made before them (and tests that write rows directly). */
export const engagementHoursFromRowsSql = `
INSERT INTO compact_engagement_hours
SELECT property_id, date_trunc('hour', ts), path_no, count(scroll_depth), coalesce(sum(${billionths('scroll_depth')}), 0), true
FROM compact_engagements GROUP BY ALL ORDER BY 2`;

const MIGRATION = 'engagement-hours';

/** Stores written before the table get it once from their engagement rows (after the compact tables). */
export async function backfillEngagementHours(db: Database): Promise<void> {
  await db.transaction(async (conn: DuckDBConnection) => {
    if ((await query(conn, 'SELECT name FROM store_migrations WHERE name = $name', { name: MIGRATION })).length > 0)
      return;
    await conn.run(engagementHoursFromRowsSql);
    await query(conn, 'INSERT INTO store_migrations VALUES ($name, $at::TIMESTAMP)', {
      name: MIGRATION,
      at: ts(new Date()),
    });
  });
}

const HOUR = 3_600_000;

/**
 * The engagement rows' depth count and sum per page in the range, as one SQL relation (path_no,
 * depths, depth_sum): whole hours from the hourly sums, the parts of an hour at either end of the
 * range from the rows. `inScope` tests property_id; `pages` is a join keeping the wanted pages' rows
 * (its alias must not be `h`); both bind into `params`, as do the instants.
 */
export function depthSumsSql(
  range: { start: Date; end: Date },
  inScope: string,
  pages: string,
  params: Params,
): string {
  const [start, end] = [range.start.getTime(), range.end.getTime()];
  const first = Math.ceil(start / HOUR) * HOUR;
  const last = Math.floor(end / HOUR) * HOUR;
  const raw = (from: [string, number], to: [string, number]) => {
    params[from[0]] = ts(new Date(from[1]));
    params[to[0]] = ts(new Date(to[1]));
    return `SELECT path_no, count(scroll_depth) AS depths, coalesce(sum(${billionths('scroll_depth')}), 0) AS depth_sum
      FROM compact_engagements ${pages}
      WHERE ${inScope} AND ts >= $${from[0]}::TIMESTAMP AND ts < $${to[0]}::TIMESTAMP GROUP BY path_no`;
  };
  if (first >= last) return raw(['dh_start', start], ['dh_end', end]);
  params.dh_first = ts(new Date(first));
  params.dh_last = ts(new Date(last));
  const parts = [
    `SELECT path_no, sum(depths) AS depths, sum(depth_sum) AS depth_sum FROM compact_engagement_hours h ${pages}
      WHERE ${inScope} AND hour >= $dh_first::TIMESTAMP AND hour < $dh_last::TIMESTAMP GROUP BY path_no`,
  ];
  if (start < first) parts.push(raw(['dh_start', start], ['dh_first', first]));
  if (last < end) parts.push(raw(['dh_last', last], ['dh_end', end]));
  return parts.join(' UNION ALL ');
}

/**
 * The mean of `count` depths summing to `sum` billionths, divided as ClickHouse divides its sum of
 * billionths (Int64 to Float64, over count × 1e9), so both stores give the same last digits.
 */
export function meanDepth(sum: number | bigint | null, count: number | bigint | null): number | null {
  if (sum === null || count === null || Number(count) === 0) return null;
  return Number(sum) / (Number(count) * 1e9);
}
