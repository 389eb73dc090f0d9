import { BOOLEAN, DOUBLE, DuckDBDataChunk, INTEGER, TIMESTAMP, VARCHAR, timestampValue, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import type { StoredEvent } from '../../../contract/events.js';
import { stagingColumns, stagingSql } from './schema.js';

const CHUNK = 2048; // DuckDB's vector size: one data chunk holds at most this many rows
const types = stagingColumns.map((c) => {
  if (c === 'ts') return TIMESTAMP;
  if (c === 'is_bot') return BOOLEAN;
  if (c === 'scroll_depth' || c === 'amount') return DOUBLE;
  if (c === 'engaged_ms' || c === 'variant') return INTEGER;
  return VARCHAR;
});

/** Appends events to the connection's staging table through the data-chunk appender. */
async function appendToStaging(conn: DuckDBConnection, events: readonly StoredEvent[]): Promise<void> {
  const appender = await conn.createAppender('staging_events');
  try {
    for (let offset = 0; offset < events.length; offset += CHUNK) {
      const slice = events.slice(offset, offset + CHUNK);
      const chunk = DuckDBDataChunk.create(types, slice.length);
      chunk.setColumns(
        stagingColumns.map((column) =>
          slice.map((e): DuckDBValue => {
            if (column === 'ts') return timestampValue(BigInt(e.ts.getTime()) * 1000n);
            return (e[column] ?? null) as DuckDBValue;
          }),
        ),
      );
      appender.appendDataChunk(chunk);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

/**
 * Session partials from the staged batch merged into `sessions`: counts add up, the earliest page view
 * decides entry page and first-touch attributes, the latest decides the exit page. Sessions whose
 * events arrive across batches (or out of order) therefore end up as if computed in one pass.
 */
const mergeSessionsSql = `
INSERT INTO sessions
SELECT property_id, hash(session_id), any_value(hash(visitor_id)), min(ts), max(ts),
  min(ts) FILTER (WHERE type = 'pageview'), max(ts) FILTER (WHERE type = 'pageview'),
  (arg_min({'v': path}, ts) FILTER (WHERE type = 'pageview')).v,
  (arg_max({'v': path}, ts) FILTER (WHERE type = 'pageview')).v,
  count(*) FILTER (WHERE type = 'pageview'),
  referrer_host((arg_min({'v': referrer}, ts) FILTER (WHERE type = 'pageview')).v),
  (arg_min({'v': utm_source}, ts) FILTER (WHERE type = 'pageview')).v,
  (arg_min({'v': utm_medium}, ts) FILTER (WHERE type = 'pageview')).v,
  (arg_min({'v': utm_campaign}, ts) FILTER (WHERE type = 'pageview')).v,
  (arg_min({'v': country}, ts) FILTER (WHERE type = 'pageview')).v,
  (arg_min({'v': device}, ts) FILTER (WHERE type = 'pageview')).v,
  bool_or(is_bot)
FROM staging_events GROUP BY property_id, session_id
ON CONFLICT (property_id, session_key) DO UPDATE SET
  entry_path = CASE WHEN sessions.first_pv_ts IS NULL OR excluded.first_pv_ts < sessions.first_pv_ts THEN excluded.entry_path ELSE sessions.entry_path END,
  referrer = CASE WHEN sessions.first_pv_ts IS NULL OR excluded.first_pv_ts < sessions.first_pv_ts THEN excluded.referrer ELSE sessions.referrer END,
  utm_source = CASE WHEN sessions.first_pv_ts IS NULL OR excluded.first_pv_ts < sessions.first_pv_ts THEN excluded.utm_source ELSE sessions.utm_source END,
  utm_medium = CASE WHEN sessions.first_pv_ts IS NULL OR excluded.first_pv_ts < sessions.first_pv_ts THEN excluded.utm_medium ELSE sessions.utm_medium END,
  utm_campaign = CASE WHEN sessions.first_pv_ts IS NULL OR excluded.first_pv_ts < sessions.first_pv_ts THEN excluded.utm_campaign ELSE sessions.utm_campaign END,
  country = CASE WHEN sessions.first_pv_ts IS NULL OR excluded.first_pv_ts < sessions.first_pv_ts THEN excluded.country ELSE sessions.country END,
  device = CASE WHEN sessions.first_pv_ts IS NULL OR excluded.first_pv_ts < sessions.first_pv_ts THEN excluded.device ELSE sessions.device END,
  exit_path = CASE WHEN sessions.last_pv_ts IS NULL OR excluded.last_pv_ts >= sessions.last_pv_ts THEN excluded.exit_path ELSE sessions.exit_path END,
  first_pv_ts = least(sessions.first_pv_ts, excluded.first_pv_ts),
  last_pv_ts = greatest(sessions.last_pv_ts, excluded.last_pv_ts),
  first_ts = least(sessions.first_ts, excluded.first_ts),
  last_ts = greatest(sessions.last_ts, excluded.last_ts),
  pageviews = sessions.pageviews + excluded.pageviews,
  is_bot = sessions.is_bot OR excluded.is_bot`;

/** Sessions keep the referring host (www. dropped), so referrer reports group by site, not by URL. */
const referrerHostMacro = `
CREATE OR REPLACE TEMP MACRO referrer_host(u) AS
  CASE WHEN u IS NULL OR u = '' THEN NULL
  ELSE coalesce(nullif(regexp_extract(lower(u), '^[a-z][a-z0-9+.-]*://(www\\.)?([^/?#:]+)', 2), ''), u) END`;

const copyEventsSql = `
INSERT INTO events
SELECT property_id, ts, type, hash(visitor_id), hash(session_id), path, referrer, utm_source, utm_medium,
  utm_campaign, country, device, is_bot, scroll_depth, engaged_ms, target, href, source, experiment_id,
  variant, amount, currency
FROM staging_events`;

/**
 * Writes one batch of events and its session merge. Must run inside the caller's transaction so a
 * batch (or a whole import made of several batches) is kept entirely or not at all.
 */
export async function writeEvents(conn: DuckDBConnection, events: readonly StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  await conn.run(stagingSql);
  await conn.run(referrerHostMacro);
  await conn.run('DELETE FROM staging_events');
  await appendToStaging(conn, events);
  await conn.run(copyEventsSql);
  await conn.run(mergeSessionsSql);
  await conn.run('DELETE FROM staging_events');
}
