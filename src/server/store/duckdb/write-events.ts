import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import type { StoredEvent } from '../../../contract/events.js';
import { mergeSessionsSql, mergeSessionsStagingSql } from './merge-sessions.js';
import {
  EventStager,
  eventTypeList,
  stageEvents,
  stagedDictionary,
  stagingSql,
  type StagedBatch,
} from './stage-events.js';
import { maintainCompactCustomEventsSql } from './compact-custom-events.js';
import { maintainCompactEventsSql } from './compact-events.js';
import { maintainPageViewHoursSql } from './page-view-hours.js';
import { maintainEngagementHoursSql } from './engagement-hours.js';
import { maintainVisitorSlotsSql } from './visitor-slots.js';

// Columns named: a store's `events` has them in the order its columns were added (schema.ts).
const copyEventsSql = `
INSERT INTO events (property_id, ts, type, visitor_key, session_key, path, referrer, utm_source, utm_medium, utm_campaign,
  country, device, is_bot, scroll_depth, engaged_ms, target, href, source, experiment_id, variant, amount, currency,
  client_key, browser, os, name, props, label)
WITH ${stagedDictionary}
SELECT d.str[e.property_id], epoch_ms(e.ts::BIGINT), ${eventTypeList}[e.type], d.h[e.visitor_id], d.h[e.session_id],
  d.str[e.path], d.str[e.referrer], d.str[e.utm_source], d.str[e.utm_medium], d.str[e.utm_campaign], d.str[e.country],
  d.str[e.device], e.is_bot, nullif(e.scroll_depth, 'NaN'::DOUBLE), nullif(e.engaged_ms, 'NaN'::DOUBLE)::INTEGER,
  d.str[e.target], d.str[e.href], d.str[e.source], d.str[e.experiment_id], nullif(e.variant, 'NaN'::DOUBLE)::INTEGER,
  nullif(e.amount, 'NaN'::DOUBLE), d.str[e.currency], d.h[e.client_key], d.str[e.browser], d.str[e.os],
  d.str[e.name], d.str[e.props], d.str[e.label]
FROM staging_events e, d`;

/** Sessions keep the referring host (www. dropped), so referrer reports group by site, not by URL. */
const referrerHostMacro = `
CREATE OR REPLACE TEMP MACRO referrer_host(u) AS
  CASE WHEN u IS NULL OR u = '' THEN NULL
  ELSE coalesce(nullif(regexp_extract(lower(u), '^[a-z][a-z0-9+.-]*://(www\\.)?([^/?#:]+)', 2), ''), u) END`;

async function prepare(conn: DuckDBConnection): Promise<void> {
  await conn.run(stagingSql);
  await conn.run(mergeSessionsStagingSql);
  await conn.run(referrerHostMacro);
}

const clearStagingSql = 'DELETE FROM staging_strings; DELETE FROM staging_events';

/** The connection's appenders into the two staging tables, kept open across a whole import. */
interface StagingAppenders {
  strings: DuckDBAppender;
  events: DuckDBAppender;
  close(): void;
}

async function openStagingAppenders(conn: DuckDBConnection): Promise<StagingAppenders> {
  const strings = await conn.createAppender('staging_strings');
  const events = await conn.createAppender('staging_events');
  return {
    strings,
    events,
    close() {
      strings.closeSync();
      events.closeSync();
    },
  };
}

/**
 * Appends a staged batch to the (empty) staging tables. Synchronous on purpose: an `await` here let
 * the import's source generate the whole next batch on the main thread before this batch reached
 * DuckDB, so JS and DuckDB took turns instead of overlapping.
 */
function appendStaged(appenders: StagingAppenders, staged: StagedBatch): void {
  for (const chunk of staged.strings) appenders.strings.appendDataChunk(chunk);
  appenders.strings.flushSync();
  for (const chunk of staged.events) appenders.events.appendDataChunk(chunk);
  appenders.events.flushSync();
}

/**
 * Copies and merges the staged batch set-based, then empties the staging tables for the next one.
 * One call, so DuckDB runs every statement on its own thread: awaited one by one, each next
 * statement waited for the main thread, which during an import is busy preparing the next batch.
 */
const writeAppendedSql = [
  copyEventsSql,
  maintainVisitorSlotsSql,
  maintainCompactEventsSql,
  maintainPageViewHoursSql,
  maintainEngagementHoursSql,
  maintainCompactCustomEventsSql,
  mergeSessionsSql,
  clearStagingSql,
]
  .map((sql) => sql.trim().replace(/;$/, ''))
  .join(';\n');

async function writeAppended(conn: DuckDBConnection): Promise<void> {
  await conn.run(writeAppendedSql);
}

/**
 * Writes one batch of events and its session merge. Must run inside the caller's transaction so a
 * batch is kept entirely or not at all.
 */
export async function writeEvents(conn: DuckDBConnection, events: readonly StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  await prepare(conn);
  await conn.run(clearStagingSql);
  const appenders = await openStagingAppenders(conn);
  try {
    appendStaged(appenders, stageEvents(events));
  } finally {
    appenders.close();
  }
  await writeAppended(conn);
}

/**
 * Events per write of an import: the source's batches are staged as they come and written to DuckDB
 * 200,000 at a time, which costs DuckDB about 15% less CPU per event than 50,000.
 */
export const IMPORT_WRITE_ROWS = 200_000;

/**
 * Writes every batch the source yields; must run inside the caller's transaction (all or nothing).
 * Pipelined: while DuckDB copies and merges one write on its own threads, the source parses the next
 * batches and they are staged in JS, so the two halves of the work overlap instead of taking turns.
 */
export async function importBatches(
  conn: DuckDBConnection,
  batches: AsyncIterable<StoredEvent[]>,
  writeRows = IMPORT_WRITE_ROWS,
): Promise<number> {
  await prepare(conn);
  // One DuckDB thread while importing: the other core is busy parsing the next batch, and a second
  // DuckDB thread only contended with it (measured: 10 instead of 13 µs of CPU per event, 30% faster).
  const threads = Number((await conn.runAndReadAll(`SELECT current_setting('threads')`)).getRows()[0][0]);
  await conn.run('SET threads = 1');
  let appenders: StagingAppenders | undefined;
  let count = 0;
  let writing: Promise<void> = Promise.resolve();
  let stager = new EventStager();
  const write = async (opened: StagingAppenders) => {
    const staged = stager.finish();
    stager = new EventStager();
    await writing;
    appendStaged(opened, staged);
    writing = writeAppended(conn);
    // Handled now, rethrown by the await above (or below): a failed write must not surface as an
    // unhandled rejection while the next batch is still being parsed.
    writing.catch(() => undefined);
  };
  try {
    await conn.run(clearStagingSql);
    appenders = await openStagingAppenders(conn);
    for await (const batch of batches) {
      stager.add(batch);
      count += batch.length;
      if (stager.rows >= writeRows) await write(appenders);
    }
    if (stager.rows > 0) await write(appenders);
    await writing;
    appenders.close();
  } catch (error) {
    // The caller rolls back next; let the statement in flight finish first.
    await writing.catch(() => undefined);
    try {
      appenders?.close();
    } catch {
      // The error that stopped the import is the one to report; the rollback discards the rest.
    }
    throw error;
  } finally {
    if (Number.isInteger(threads) && threads > 0) await conn.run(`SET threads = ${threads}`);
  }
  return count;
}
