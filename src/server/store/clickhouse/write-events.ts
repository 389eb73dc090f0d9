import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEvent } from '../../../contract/events.js';
import type { ChDb } from './clickhouse-db.js';
import { recordDoubts, type RecentStamps, stampBatch, stampColumns, type Stamp } from './first-touch-stamps.js';

/**
 * Events go in as JSON rows; the ids are EPHEMERAL columns that the table hashes into its 64-bit keys
 * (table-specs.ts), so the same insert works on one server and through a cluster's `Distributed` table,
 * which needs `session_key` to pick the shard. `sessions_mv` derives the session partials from the
 * same insert.
 */
const columns = [
  'property_id',
  'ts',
  'type',
  'visitor_id',
  'session_id',
  'path',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'country',
  'device',
  'browser',
  'os',
  'is_bot',
  'scroll_depth',
  'engaged_ms',
  'target',
  'href',
  'source',
  'experiment_id',
  'variant',
  'amount',
  'currency',
  'client_id',
  'name',
  'props',
  'label',
  ...stampColumns,
] as const;

function row(e: StoredEvent, stamp: Stamp) {
  return {
    property_id: e.property_id,
    ts: e.ts.getTime(),
    type: e.type,
    visitor_id: e.visitor_id,
    session_id: e.session_id,
    path: e.path,
    referrer: e.referrer,
    utm_source: e.utm_source,
    utm_medium: e.utm_medium,
    utm_campaign: e.utm_campaign,
    country: e.country,
    device: e.device,
    browser: e.browser ?? null,
    os: e.os ?? null,
    is_bot: e.is_bot,
    scroll_depth: e.scroll_depth,
    engaged_ms: e.engaged_ms,
    target: e.target,
    href: e.href,
    source: e.source,
    experiment_id: e.experiment_id,
    variant: e.variant,
    amount: e.amount,
    currency: e.currency,
    client_id: e.client_key ?? null,
    name: e.name ?? null,
    props: e.props ?? {},
    label: e.label ?? null,
    ...stamp,
  };
}

/** The JSON rows' types, for reading them back from a file (chDB's bulk path below). */
const fileStructure = `property_id String, ts Int64, type String, visitor_id String, session_id String, path String,
  referrer Nullable(String), utm_source Nullable(String), utm_medium Nullable(String), utm_campaign Nullable(String),
  country Nullable(String), device Nullable(String), browser Nullable(String), os Nullable(String), is_bot Bool, scroll_depth Nullable(Float64), engaged_ms Nullable(Int32),
  target Nullable(String), href Nullable(String), source Nullable(String), experiment_id Nullable(String), variant Nullable(Int32),
  amount Nullable(Float64), currency Nullable(String), client_id Nullable(String), name Nullable(String), props Map(String, String), label Nullable(String),
  touch_ts Nullable(Int64), touch_path Nullable(String), touch_referrer_url Nullable(String), touch_utm_source Nullable(String),
  touch_utm_medium Nullable(String), touch_utm_campaign Nullable(String), touch_country Nullable(String), touch_device Nullable(String),
  touch_browser Nullable(String), touch_os Nullable(String)`.replace(/\s+/g, ' ');

/**
 * chDB takes an insert's data inline in the statement text, which its SQL parser reads slowly (46,000
 * events/s). Large batches (seed, import, demo) are written to a temporary NDJSON file and read back
 * with `file()`, which parses in parallel: 93,000 events/s measured, twice as fast. The path is ours.
 */
const FILE_BATCH = 1_000;
async function insertFromFile(db: ChDb, table: string, rows: readonly object[]): Promise<void> {
  const path = join(tmpdir(), `sightline-batch-${randomUUID()}.ndjson`);
  await writeFile(path, rows.map((r) => JSON.stringify(r)).join('\n'));
  const read = columns
    .slice(2)
    .map((c) => (c === 'touch_ts' ? `if(touch_ts IS NULL, NULL, fromUnixTimestamp64Milli(touch_ts, 'UTC'))` : c));
  try {
    await db.run(
      `INSERT INTO ${table} (${columns.join(', ')}) SELECT property_id, fromUnixTimestamp64Milli(ts, 'UTC'), ${read.join(', ')}
       FROM file({path:String}, 'JSONEachRow', '${fileStructure}')`,
      { path },
    );
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * On a server, collect's small batches (one per 5 ms group commit, per Sightline server) are async
 * inserts that wait for their flush: ClickHouse gathers them into few parts, as it wants at most a few
 * inserts a second per table, and the answer still comes only once the rows are stored, so a 202 still
 * means stored. chDB, one process and one writer, takes each batch as its own insert.
 */
const serverInsert = { async_insert: 1, wait_for_async_insert: 1 };
/**
 * On a cluster the insert goes through the Distributed table, which by default queues rows on the
 * receiving node and answers before they reach their shard: foreground inserts answer only once every
 * shard has them (a 202 means stored), and pass the async-insert settings on to the shards' inserts.
 */
const clusterInsert = { ...serverInsert, distributed_foreground_insert: 1 };

/**
 * Writes one batch as one insert: one block, kept whole or not at all, and dropped if delivered twice.
 * `table`: another table with the events' columns (the import's staging table, import-events.ts), and
 * `recent`: that import's recent stamps.
 */
export async function insertEvents(
  db: ChDb,
  events: readonly StoredEvent[],
  table = 'events',
  recent?: RecentStamps,
): Promise<void> {
  if (events.length === 0) return;
  // Stamped with their sessions' first touch (first-touch-stamps.ts); an import checks its stamps itself.
  const stamps = await stampBatch(db, events, recent);
  const rows = events.map((e, i) => row(e, stamps[i]));
  if (db.kind === 'chdb' && events.length >= FILE_BATCH) await insertFromFile(db, table, rows);
  else
    await db.insert(table, rows, columns, db.kind === 'chdb' ? undefined : db.cluster ? clusterInsert : serverInsert);
  if (table === 'events') await recordDoubts(db, events);
}
