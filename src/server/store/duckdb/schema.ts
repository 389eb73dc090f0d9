import { compactCustomEventsSchemaSql } from './compact-custom-events.js';
import { compactEventsSchemaSql } from './compact-events.js';
import { pageViewHoursSchemaSql } from './page-view-hours.js';
import { engagementHoursSchemaSql } from './engagement-hours.js';
import { sessionPathsSchemaSql } from './session-paths.js';
import { patternPagesSchemaSql } from './pattern-pages.js';
import { sessionTuplesSchemaSql } from './session-tuples.js';
import { sessionNumbersSchemaSql } from './session-numbers.js';
import { sessionVisitorNumbersSchemaSql } from './session-visitor-numbers.js';
import { visitorSlotsSchemaSql } from './visitor-slots.js';
import { deletedPropertiesSchemaSql } from './property-lifecycle.js';
import { touchNumbersSchemaSql } from './touch-numbers.js';

/**
 * Tables of the embedded store. Timestamps are naive UTC. Visitor and session ids are kept as 64-bit
 * hashes: they are only ever compared and counted, and fixed-width keys make distinct counts and
 * session merges several times cheaper than strings.
 */
const eventColumns = `
  property_id VARCHAR NOT NULL,
  ts TIMESTAMP NOT NULL,
  type VARCHAR NOT NULL,
  visitor_key UBIGINT NOT NULL,
  session_key UBIGINT NOT NULL,
  path VARCHAR NOT NULL,
  referrer VARCHAR,
  utm_source VARCHAR,
  utm_medium VARCHAR,
  utm_campaign VARCHAR,
  country VARCHAR,
  device VARCHAR,
  is_bot BOOLEAN NOT NULL,
  scroll_depth DOUBLE,
  engaged_ms INTEGER,
  target VARCHAR,
  href VARCHAR,
  source VARCHAR,
  experiment_id VARCHAR,
  variant INTEGER,
  amount DOUBLE,
  currency VARCHAR,
  client_key UBIGINT,
  browser VARCHAR,
  os VARCHAR,
  name VARCHAR,
  props VARCHAR,
  label VARCHAR`;

export const schemaSql = `${visitorSlotsSchemaSql}${deletedPropertiesSchemaSql}${compactEventsSchemaSql}${compactCustomEventsSchemaSql}${pageViewHoursSchemaSql}${engagementHoursSchemaSql}${sessionPathsSchemaSql}${patternPagesSchemaSql}${sessionTuplesSchemaSql}${sessionNumbersSchemaSql}
${touchNumbersSchemaSql}
CREATE TABLE IF NOT EXISTS properties (
  id VARCHAR PRIMARY KEY,
  name VARCHAR NOT NULL,
  domain VARCHAR,
  timezone VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL
);
CREATE TABLE IF NOT EXISTS api_keys (
  id VARCHAR PRIMARY KEY,
  name VARCHAR NOT NULL,
  prefix VARCHAR NOT NULL,
  hash VARCHAR NOT NULL,
  property_ids VARCHAR[] NOT NULL,
  permissions VARCHAR[] NOT NULL,
  created_at TIMESTAMP NOT NULL,
  revoked_at TIMESTAMP
);
-- One-time data changes already applied to this store (key-permission-migration.ts).
CREATE TABLE IF NOT EXISTS store_migrations (
  name VARCHAR PRIMARY KEY,
  applied_at TIMESTAMP NOT NULL
);
CREATE TABLE IF NOT EXISTS saved_funnels (
  id VARCHAR PRIMARY KEY,
  property_id VARCHAR NOT NULL,
  name VARCHAR NOT NULL,
  steps VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);
-- Kept since issue 13 (NULL in funnels saved before: read as unbounded, no breakdown, no filters);
-- added, not created, so old stores open and a new one has the same column order.
ALTER TABLE saved_funnels ADD COLUMN IF NOT EXISTS mode VARCHAR;
ALTER TABLE saved_funnels ADD COLUMN IF NOT EXISTS breakdown_by VARCHAR;
ALTER TABLE saved_funnels ADD COLUMN IF NOT EXISTS filters VARCHAR;
-- Goals (docs/decisions.md "Goals"); the fields a kind does not use are NULL. \`seq\` keeps the
-- order goals were created in when two share a millisecond.
CREATE SEQUENCE IF NOT EXISTS goal_seq;
CREATE TABLE IF NOT EXISTS goals (
  id VARCHAR PRIMARY KEY,
  property_id VARCHAR NOT NULL,
  name VARCHAR NOT NULL,
  kind VARCHAR NOT NULL,
  page VARCHAR,
  event VARCHAR,
  target VARCHAR,
  source VARCHAR,
  created_at TIMESTAMP NOT NULL,
  seq BIGINT NOT NULL DEFAULT nextval('goal_seq')
);
CREATE TABLE IF NOT EXISTS events (${eventColumns});
-- Stores made before exposures carried a client key (a keyed hash of the address: docs/tracking.md).
ALTER TABLE events ADD COLUMN IF NOT EXISTS client_key UBIGINT;
-- Stores made before browser and OS were kept (issue 12). Their rows stay NULL, shown as unknown:
-- the user agent they were read from was never stored, so there is nothing to fill them from.
ALTER TABLE events ADD COLUMN IF NOT EXISTS browser VARCHAR;
ALTER TABLE events ADD COLUMN IF NOT EXISTS os VARCHAR;
-- Custom events and revenue (issue 12): the name, and the flat properties as JSON text. Text rather
-- than a MAP: it goes through the write path's string dictionary like any other string, comes back
-- exactly as written (key order included) for export without a conversion, and no report reads it.
ALTER TABLE events ADD COLUMN IF NOT EXISTS name VARCHAR;
ALTER TABLE events ADD COLUMN IF NOT EXISTS props VARCHAR;
-- What a clicked element or submitted form showed (issue 12 §5); NULL on older rows, sent without one.
ALTER TABLE events ADD COLUMN IF NOT EXISTS label VARCHAR;
CREATE TABLE IF NOT EXISTS page_snapshots (
  property_id VARCHAR NOT NULL,
  path VARCHAR NOT NULL,
  ts TIMESTAMP NOT NULL,
  elements VARCHAR NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
  property_id VARCHAR NOT NULL,
  session_key UBIGINT NOT NULL,
  visitor_key UBIGINT NOT NULL,
  first_ts TIMESTAMP NOT NULL,
  last_ts TIMESTAMP NOT NULL,
  first_pv_ts TIMESTAMP,
  last_pv_ts TIMESTAMP,
  entry_path VARCHAR,
  exit_path VARCHAR,
  pageviews INTEGER NOT NULL,
  referrer VARCHAR,
  utm_source VARCHAR,
  utm_medium VARCHAR,
  utm_campaign VARCHAR,
  country VARCHAR,
  device VARCHAR,
  -- No primary key: one row per (property_id, session_key) is kept by the single writer's merge
  -- (merge-sessions.ts); the index only cost upkeep, and DuckDB never used it to find a session.
  is_bot BOOLEAN NOT NULL,
  -- Last, as ADD COLUMN puts them in older stores: every store then has one column order.
  browser VARCHAR,
  os VARCHAR,
  -- The number of the session's path in \`path_patterns\` (session-paths.ts); NULL until the
  -- background pass numbers it, and again after each write to the session.
  pattern_no UINTEGER,
  -- Its first-touch values' numbers in \`arrival_tuples\` and \`client_tuples\` (session-tuples.ts),
  -- set and cleared with pattern_no.
  arrival_no UINTEGER,
  client_no UINTEGER,
  -- Its dense number (session-numbers.ts), given when first written.
  session_no UINTEGER,
  -- Its visitor's number (session-visitor-numbers.ts), set once it has a person's page view.
  visitor_no UINTEGER
);
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS browser VARCHAR;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS os VARCHAR;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS pattern_no UINTEGER;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS arrival_no UINTEGER;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS client_no UINTEGER;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS session_no UINTEGER;
${sessionVisitorNumbersSchemaSql}
`;
