import { stagedDictionary, typeCode } from './stage-events.js';
import { findRetouchedSql, renumberRetouchedSql, retouchedStagingSql } from './touch-numbers.js';

/**
 * Session partials from the staged batch merged into `sessions`: counts add up, the earliest page view
 * decides entry page and first-touch attributes, the latest decides the exit page. Sessions whose
 * events arrive across batches (or out of order) therefore end up as if computed in one pass.
 *
 * Not `INSERT … ON CONFLICT DO UPDATE`: DuckDB 1.5 plans that as a MERGE whose join reads every
 * column of every stored session (83 ms for 128 new sessions beside 1.9M stored ones, whatever the
 * primary-key index). Here the stored sessions are found through their key column alone, their old
 * values are read by row id (rows written lately sit at the end of the table, so the join's row-id
 * range skips the rest), and the new ones are appended; the single writer keeps keys unique.
 */
const pv = `FILTER (WHERE type = ${typeCode('pageview')})`;

/** Per-connection scratch tables of the merge (created once, emptied per batch). */
export const mergeSessionsStagingSql = `
CREATE TEMP TABLE IF NOT EXISTS staging_sessions AS SELECT * FROM sessions LIMIT 0;
CREATE TEMP TABLE IF NOT EXISTS staging_found (rid BIGINT, property_id VARCHAR, session_key UBIGINT);
${retouchedStagingSql}`;

/**
 * The grouping runs on the staged string indexes (0 stands for NULL, so arg_min keeps a first page
 * view's missing referrer rather than skipping to a later one); text is looked up once per session.
 */
export const mergeSessionsSql = `
DELETE FROM staging_sessions;
DELETE FROM staging_found;
INSERT INTO staging_sessions
WITH ${stagedDictionary}
SELECT d.str[p], d.h[s], d.h[v], epoch_ms(first_ts::BIGINT), epoch_ms(last_ts::BIGINT),
  epoch_ms(first_pv_ts::BIGINT), epoch_ms(last_pv_ts::BIGINT), d.str[entry_path], d.str[exit_path], pageviews,
  referrer_host(d.str[referrer]), d.str[utm_source], d.str[utm_medium], d.str[utm_campaign], d.str[country], d.str[device], is_bot,
  d.str[browser], d.str[os], NULL, NULL, NULL, NULL, n.visitor_no
FROM (
  SELECT property_id AS p, session_id AS s, any_value(visitor_id) AS v, min(ts) AS first_ts, max(ts) AS last_ts,
    min(ts) ${pv} AS first_pv_ts, max(ts) ${pv} AS last_pv_ts,
    arg_min(path, ts) ${pv} AS entry_path, arg_max(path, ts) ${pv} AS exit_path, count(*) ${pv} AS pageviews,
    arg_min(referrer, ts) ${pv} AS referrer, arg_min(utm_source, ts) ${pv} AS utm_source,
    arg_min(utm_medium, ts) ${pv} AS utm_medium, arg_min(utm_campaign, ts) ${pv} AS utm_campaign,
    arg_min(country, ts) ${pv} AS country, arg_min(device, ts) ${pv} AS device, bool_or(is_bot) AS is_bot,
    arg_min(browser, ts) ${pv} AS browser, arg_min(os, ts) ${pv} AS os
  FROM staging_events GROUP BY property_id, session_id) g
-- The batch's visitor numbers (compact-events.ts): visitors with a person's page view in it.
LEFT JOIN staging_visitor_nos n ON n.idx = g.v, d;
-- Joined on the key alone: a join on the property too hashes every stored row's text (2.5× slower).
-- The property is compared below, where only the few rows sharing a key are left.
INSERT INTO staging_found
SELECT s.rowid, s.property_id, s.session_key FROM sessions s SEMI JOIN staging_sessions b ON s.session_key = b.session_key;
-- Before the update below moves their first page view (touch-numbers.ts).
${findRetouchedSql}
UPDATE sessions SET
  entry_path = CASE WHEN sessions.first_pv_ts IS NULL OR b.first_pv_ts < sessions.first_pv_ts THEN b.entry_path ELSE sessions.entry_path END,
  referrer = CASE WHEN sessions.first_pv_ts IS NULL OR b.first_pv_ts < sessions.first_pv_ts THEN b.referrer ELSE sessions.referrer END,
  utm_source = CASE WHEN sessions.first_pv_ts IS NULL OR b.first_pv_ts < sessions.first_pv_ts THEN b.utm_source ELSE sessions.utm_source END,
  utm_medium = CASE WHEN sessions.first_pv_ts IS NULL OR b.first_pv_ts < sessions.first_pv_ts THEN b.utm_medium ELSE sessions.utm_medium END,
  utm_campaign = CASE WHEN sessions.first_pv_ts IS NULL OR b.first_pv_ts < sessions.first_pv_ts THEN b.utm_campaign ELSE sessions.utm_campaign END,
  country = CASE WHEN sessions.first_pv_ts IS NULL OR b.first_pv_ts < sessions.first_pv_ts THEN b.country ELSE sessions.country END,
  device = CASE WHEN sessions.first_pv_ts IS NULL OR b.first_pv_ts < sessions.first_pv_ts THEN b.device ELSE sessions.device END,
  browser = CASE WHEN sessions.first_pv_ts IS NULL OR b.first_pv_ts < sessions.first_pv_ts THEN b.browser ELSE sessions.browser END,
  os = CASE WHEN sessions.first_pv_ts IS NULL OR b.first_pv_ts < sessions.first_pv_ts THEN b.os ELSE sessions.os END,
  exit_path = CASE WHEN sessions.last_pv_ts IS NULL OR b.last_pv_ts >= sessions.last_pv_ts THEN b.exit_path ELSE sessions.exit_path END,
  first_pv_ts = least(sessions.first_pv_ts, b.first_pv_ts),
  last_pv_ts = greatest(sessions.last_pv_ts, b.last_pv_ts),
  first_ts = least(sessions.first_ts, b.first_ts),
  last_ts = greatest(sessions.last_ts, b.last_ts),
  pageviews = sessions.pageviews + b.pageviews,
  is_bot = sessions.is_bot OR b.is_bot,
  visitor_no = coalesce(sessions.visitor_no, b.visitor_no),
  -- Its path (and maybe its first-touch values) changed: read from its views and texts until the
  -- background pass numbers it again (session-paths.ts, session-tuples.ts).
  pattern_no = CASE WHEN b.pageviews > 0 THEN NULL ELSE sessions.pattern_no END,
  arrival_no = CASE WHEN b.pageviews > 0 THEN NULL ELSE sessions.arrival_no END,
  client_no = CASE WHEN b.pageviews > 0 THEN NULL ELSE sessions.client_no END
FROM (SELECT f.rid, b.* FROM staging_found f JOIN staging_sessions b USING (property_id, session_key)) b
WHERE sessions.rowid = b.rid;
${renumberRetouchedSql}
-- A new session takes the next number (session-numbers.ts).
INSERT INTO sessions SELECT b.* REPLACE (nextval('session_no_seq')::UINTEGER AS session_no) FROM staging_sessions b ANTI JOIN staging_found f USING (property_id, session_key);`;
