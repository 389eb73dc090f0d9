import type { DuckDBConnection } from '@duckdb/node-api';
import type { Scope } from '../store.js';
import { query, ts, type Database, type Params } from './database.js';
import { stagedDictionary, typeCode } from './stage-events.js';

/**
 * Page views per property, UTC hour and page: the denominators of the clicks and forms reports' rates
 * (views of a row's page in the range), read in a millisecond instead of a scan of every page view of
 * the range (5 ms of CPU at 1M events, a fifth of the forms report). Each written batch appends its
 * own counts (`settled` false); the background pass (repeat-flags.ts) sums an hour's rows into one,
 * so the table stays at about one row per hour and page whatever the batches were.
 */
export const pageViewHoursSchemaSql = `
CREATE TABLE IF NOT EXISTS compact_page_view_hours (
  property_id VARCHAR NOT NULL,
  hour TIMESTAMP NOT NULL,
  path_no UINTEGER NOT NULL,
  views UBIGINT NOT NULL,
  settled BOOLEAN NOT NULL
);`;

const pv = typeCode('pageview');

/** After compact-events.ts has numbered the batch's paths (staging_text_nos), in the same transaction. */
export const maintainPageViewHoursSql = `
INSERT INTO compact_page_view_hours
WITH ${stagedDictionary}, e AS MATERIALIZED (
  SELECT d.str[e.property_id] AS property_id, date_trunc('hour', epoch_ms(e.ts::BIGINT)) AS hour, e.path FROM staging_events e, d WHERE e.type = ${pv} AND NOT e.is_bot)
SELECT e.property_id, e.hour, p.text_no, count(*), false FROM e JOIN staging_text_nos p ON p.idx = e.path GROUP BY ALL;`;

/** One row per (property, hour, page) again where batches appended more. */
export const settlePageViewHoursSql = `
CREATE OR REPLACE TEMP TABLE settling_hours AS
SELECT h.property_id, h.hour, h.path_no, sum(h.views)::UBIGINT AS views FROM compact_page_view_hours h
SEMI JOIN (SELECT DISTINCT property_id, hour FROM compact_page_view_hours WHERE NOT settled) u USING (property_id, hour)
GROUP BY ALL;
DELETE FROM compact_page_view_hours h USING (SELECT DISTINCT property_id, hour FROM settling_hours) u
WHERE h.property_id = u.property_id AND h.hour = u.hour;
INSERT INTO compact_page_view_hours SELECT property_id, hour, path_no, views, true FROM settling_hours;
DROP TABLE settling_hours;`;

const MIGRATION = 'page-view-hours';

/** Stores written before the table get it once from their page views (after the compact tables). */
export async function backfillPageViewHours(db: Database): Promise<void> {
  await db.transaction(async (conn: DuckDBConnection) => {
    if ((await query(conn, 'SELECT name FROM store_migrations WHERE name = $name', { name: MIGRATION })).length > 0)
      return;
    await conn.run(`
      INSERT INTO compact_page_view_hours
      SELECT property_id, date_trunc('hour', ts), path_no, count(*), true FROM compact_page_views GROUP BY ALL ORDER BY 2`);
    await query(conn, 'INSERT INTO store_migrations VALUES ($name, $at::TIMESTAMP)', {
      name: MIGRATION,
      at: ts(new Date()),
    });
  });
}

const HOUR = 3_600_000;

/**
 * Page views per page number in the scope's properties and range (`page`: of that page only), with
 * no session filter: whole hours from the hourly counts, the parts of an hour at either end of the
 * range from the page views themselves.
 */
export async function pageViewsByPath(
  db: Pick<Database, 'all'>,
  s: Scope,
  page?: string,
): Promise<Map<number, number>> {
  const first = Math.ceil(s.start.getTime() / HOUR) * HOUR;
  const last = Math.floor(s.end.getTime() / HOUR) * HOUR;
  const params: Params = {};
  const props = s.propertyIds.map((id, i) => {
    params[`p${i}`] = id;
    return `$p${i}`;
  });
  const inScope = `property_id IN (${props.join(', ')})`;
  const onePage = page === undefined ? '' : ' AND path_no = (SELECT text_no FROM text_numbers WHERE text = $page)';
  if (page !== undefined) params.page = page;
  // Each part of an hour as a range of its own: ranges let the scan skip the blocks outside them.
  const raw = (from: [string, number], to: [string, number]) => {
    params[from[0]] = ts(new Date(from[1]));
    params[to[0]] = ts(new Date(to[1]));
    return `SELECT path_no, count(*) AS n FROM compact_page_views
      WHERE ${inScope} AND ts >= $${from[0]}::TIMESTAMP AND ts < $${to[0]}::TIMESTAMP${onePage} GROUP BY path_no`;
  };
  const [start, end] = [s.start.getTime(), s.end.getTime()];
  const parts: string[] = [];
  if (first < last) {
    params.first = ts(new Date(first));
    params.last = ts(new Date(last));
    parts.push(`SELECT path_no, sum(views) AS n FROM compact_page_view_hours
      WHERE ${inScope} AND hour >= $first::TIMESTAMP AND hour < $last::TIMESTAMP${onePage} GROUP BY path_no`);
    if (start < first) parts.push(raw(['start', start], ['first', first]));
    if (last < end) parts.push(raw(['last', last], ['end', end]));
  } else {
    parts.push(raw(['start', start], ['end', end]));
  }
  const sql = `SELECT path_no, sum(n)::BIGINT AS page_views FROM (${parts.join(' UNION ALL ')}) GROUP BY path_no`;
  const rows = await db.all<{ path_no: number; page_views: number }>(sql, params);
  return new Map(rows.map((r) => [r.path_no, Number(r.page_views)]));
}
