import type { DuckDBConnection } from '@duckdb/node-api';
import { query, ts, type Database } from './database.js';
import { stagedDictionary, typeCode } from './stage-events.js';
import { previousRowsSchemaSql } from './previous-rows.js';
import { oneTouchSchemaSql } from './one-touch-keys.js';

/**
 * The events the page, click, form and funnel reports read, kept a second time in narrow tables: one
 * per kind, bots left out, paths, click targets, form sources and element labels as numbers from
 * one dictionary (`text_numbers`), visitors by their dense number. A report then scans only its own
 * kind's rows and groups and joins on integers instead of strings (docs/store-design.md has the
 * measurements).
 * `events` stays the record of what arrived; these are derived from it in the same transaction.
 */
export const compactEventsSchemaSql = `
CREATE TABLE IF NOT EXISTS text_numbers (text VARCHAR NOT NULL, text_no UINTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS compact_page_views (
  property_id VARCHAR NOT NULL,
  ts TIMESTAMP NOT NULL,
  session_key UBIGINT NOT NULL,
  visitor_no UINTEGER NOT NULL,
  path_no UINTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS compact_engagements (
  property_id VARCHAR NOT NULL,
  ts TIMESTAMP NOT NULL,
  session_key UBIGINT NOT NULL,
  path_no UINTEGER NOT NULL,
  scroll_depth DOUBLE,
  -- Whether the row's (session, page) has other rows; NULL until flagged (repeat-flags.ts).
  repeated BOOLEAN
);
CREATE TABLE IF NOT EXISTS compact_interactions (
  property_id VARCHAR NOT NULL,
  ts TIMESTAMP NOT NULL,
  is_form BOOLEAN NOT NULL,
  session_key UBIGINT NOT NULL,
  path_no UINTEGER NOT NULL,
  target_no UINTEGER,
  source_no UINTEGER,
  -- Whether the row's (session, page, target, kind) has other rows; NULL until flagged (repeat-flags.ts).
  repeated BOOLEAN,
  -- What the element showed (its label), from the same dictionary; NULL when none was sent.
  label_no UINTEGER
);
-- Stores made before labels were kept (issue 12 §5): their rows had none, so NULL is their answer.
ALTER TABLE compact_interactions ADD COLUMN IF NOT EXISTS label_no UINTEGER;
-- Its session's number (session-numbers.ts); NULL until the background pass sets it.
ALTER TABLE compact_interactions ADD COLUMN IF NOT EXISTS session_no UINTEGER;
${previousRowsSchemaSql}
${oneTouchSchemaSql}`;

const [pv, eng, click, form] = (['pageview', 'engagement', 'click', 'form_submit'] as const).map(typeCode);
const nextTextNo = `(SELECT coalesce(max(text_no), 0) FROM text_numbers) + row_number() OVER (ORDER BY s)`;

/**
 * After the batch's visitors are numbered (visitor-slots.ts), in the same transaction: new texts get
 * the next numbers, then the batch's rows are appended. Keys are looked up into small temp tables
 * first and joined on plain columns; a join through the staged lists would compare every pair. The
 * staged rows are decoded in a MATERIALIZED step first: otherwise the planner carries the batch's
 * whole string list into the join's build side (2.7 s for a 20,000-event batch instead of 0.3).
 */
export const maintainCompactEventsSql = `
CREATE OR REPLACE TEMP TABLE staging_texts AS
SELECT idx, s FROM staging_strings WHERE idx IN (
  SELECT path FROM staging_events WHERE NOT is_bot AND type IN (${pv}, ${eng}, ${click}, ${form})
  UNION SELECT target FROM staging_events WHERE NOT is_bot AND type IN (${click}, ${form})
  UNION SELECT source FROM staging_events WHERE NOT is_bot AND type = ${form}
  UNION SELECT label FROM staging_events WHERE NOT is_bot AND type IN (${click}, ${form}));
INSERT INTO text_numbers
SELECT s, ${nextTextNo} FROM (SELECT s FROM staging_texts) ANTI JOIN text_numbers t ON t.text = s;
CREATE OR REPLACE TEMP TABLE staging_text_nos AS
SELECT st.idx, t.text_no FROM staging_texts st JOIN text_numbers t ON t.text = st.s;
CREATE OR REPLACE TEMP TABLE staging_visitor_nos AS
SELECT ss.idx, n.visitor_no FROM staging_strings ss JOIN visitor_numbers n ON n.visitor_key = hash(ss.s)
WHERE ss.idx IN (SELECT visitor_id FROM staging_events WHERE type = ${pv} AND NOT is_bot);
INSERT INTO compact_page_views (property_id, ts, session_key, visitor_no, path_no)
WITH ${stagedDictionary}, e AS MATERIALIZED (SELECT d.str[e.property_id] AS property_id, epoch_ms(e.ts::BIGINT) AS ts, d.h[e.session_id] AS session_key, e.visitor_id, e.path FROM staging_events e, d WHERE e.type = ${pv} AND NOT e.is_bot)
SELECT e.property_id, e.ts, e.session_key, v.visitor_no, p.text_no
FROM e JOIN staging_visitor_nos v ON v.idx = e.visitor_id JOIN staging_text_nos p ON p.idx = e.path;
INSERT INTO compact_engagements (property_id, ts, session_key, path_no, scroll_depth)
WITH ${stagedDictionary}, e AS MATERIALIZED (SELECT d.str[e.property_id] AS property_id, epoch_ms(e.ts::BIGINT) AS ts, d.h[e.session_id] AS session_key, e.path, nullif(e.scroll_depth, 'NaN'::DOUBLE) AS scroll_depth FROM staging_events e, d WHERE e.type = ${eng} AND NOT e.is_bot)
SELECT e.property_id, e.ts, e.session_key, p.text_no, e.scroll_depth
FROM e JOIN staging_text_nos p ON p.idx = e.path;
INSERT INTO compact_interactions (property_id, ts, is_form, session_key, path_no, target_no, source_no, label_no)
WITH ${stagedDictionary}, e AS MATERIALIZED (
  SELECT d.str[e.property_id] AS property_id, epoch_ms(e.ts::BIGINT) AS ts, e.type = ${form} AS is_form, d.h[e.session_id] AS session_key,
    e.path, e.target, e.source, e.label
  FROM staging_events e, d WHERE e.type IN (${click}, ${form}) AND NOT e.is_bot)
SELECT e.property_id, e.ts, e.is_form, e.session_key, p.text_no, t.text_no, src.text_no, l.text_no
FROM e JOIN staging_text_nos p ON p.idx = e.path
  LEFT JOIN staging_text_nos t ON t.idx = e.target LEFT JOIN staging_text_nos src ON src.idx = e.source
  LEFT JOIN staging_text_nos l ON l.idx = e.label;`;

const MIGRATION = 'compact-events';

/** Stores written before the compact tables get them once from their events (after the visitor numbers). */
export async function backfillCompactEvents(db: Database): Promise<void> {
  await db.transaction(async (conn: DuckDBConnection) => {
    if ((await query(conn, 'SELECT name FROM store_migrations WHERE name = $name', { name: MIGRATION })).length > 0)
      return;
    const kinds = `type IN ('pageview', 'engagement', 'click', 'form_submit') AND NOT is_bot`;
    await conn.run(`
      INSERT INTO text_numbers
      SELECT s, ${nextTextNo} FROM (
        SELECT path AS s FROM events WHERE ${kinds}
        UNION SELECT target FROM events WHERE type IN ('click', 'form_submit') AND NOT is_bot AND target IS NOT NULL
        UNION SELECT source FROM events WHERE type = 'form_submit' AND NOT is_bot AND source IS NOT NULL)
      ANTI JOIN text_numbers t ON t.text = s`);
    await conn.run(`
      INSERT INTO compact_page_views (property_id, ts, session_key, visitor_no, path_no)
      SELECT e.property_id, e.ts, e.session_key, n.visitor_no, p.text_no
      FROM events e JOIN visitor_numbers n USING (visitor_key) JOIN text_numbers p ON p.text = e.path
      WHERE e.type = 'pageview' AND NOT e.is_bot ORDER BY e.ts`);
    await conn.run(`
      INSERT INTO compact_engagements (property_id, ts, session_key, path_no, scroll_depth)
      SELECT e.property_id, e.ts, e.session_key, p.text_no, e.scroll_depth
      FROM events e JOIN text_numbers p ON p.text = e.path
      WHERE e.type = 'engagement' AND NOT e.is_bot ORDER BY e.ts`);
    await conn.run(`
      INSERT INTO compact_interactions (property_id, ts, is_form, session_key, path_no, target_no, source_no)
      SELECT e.property_id, e.ts, e.type = 'form_submit', e.session_key, p.text_no, t.text_no, src.text_no
      FROM events e JOIN text_numbers p ON p.text = e.path
        LEFT JOIN text_numbers t ON t.text = e.target LEFT JOIN text_numbers src ON src.text = e.source
      WHERE e.type IN ('click', 'form_submit') AND NOT e.is_bot ORDER BY e.ts`);
    await query(conn, 'INSERT INTO store_migrations VALUES ($name, $at::TIMESTAMP)', {
      name: MIGRATION,
      at: ts(new Date()),
    });
  });
}
