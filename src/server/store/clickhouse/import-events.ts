import { randomBytes } from 'node:crypto';
import type { StoredEvent } from '../../../contract/events.js';
import type { Store } from '../store.js';
import type { ChDb } from './clickhouse-db.js';
import { RecentStamps, recordImportDoubts } from './first-touch-stamps.js';
import { insertEvents } from './write-events.js';

/** The move's settings (see importAllOrNothing). */
function moveSettings(db: ChDb): string[] {
  return [
    'insert_deduplicate = 0',
    ...(db.cluster ? ['distributed_foreground_insert = 1'] : []),
    // A big move runs longer than the client's 30 s socket timeout: progress headers every 10 s keep
    // the socket busy (about 100 fit in Node's 16 KB of headers: a quarter of an hour).
    ...(db.kind === 'server' ? ['send_progress_in_http_headers = 1', 'http_headers_progress_interval_ms = 10000'] : []),
  ];
}

/**
 * The CLI import (and the seed) on ClickHouse, all or nothing without multi-statement transactions:
 *
 * 1. the batches go into a staging table of this import's own, `events_import_<random>`, with the
 *    events' columns (so the insert hashes the ids into their keys there) but none of their effects:
 *    no materialized view reads it, no report sees it;
 * 2. only when the source has yielded every batch does one `INSERT INTO events SELECT * FROM staging`
 *    move them into `events`, and that insert feeds `sessions_mv` as any insert into `events` does;
 * 3. the staging table is dropped whatever happened.
 *
 * What a failure leaves: a bad line, a source that throws, a lost connection or a crash while the
 * batches arrive (nearly all of an import's time, parsing and upload) leave at most a stray staging
 * table, never an event in the reports; `events_import_*` tables are safe to drop by hand. The move
 * is one statement run inside the server: if the server itself dies during it, ClickHouse keeps the
 * blocks (about a million rows each) it had committed, as an INSERT … SELECT is atomic per block only.
 *
 * Deduplication is off for the move: an import is new data every time, as in the embedded store,
 * and the dedup window on `events` (meant for collect's redelivered batches) would otherwise drop a
 * block that happens to equal one imported earlier.
 *
 * On a cluster the staging table is a plain local table on the node this client talks to (point the
 * import at one node, not a balancer that spreads statements over nodes: a missing staging table
 * fails the import, cleanly), and the move waits until every shard has its rows.
 */
async function importAllOrNothing(db: ChDb, batches: AsyncIterable<StoredEvent[]>): Promise<number> {
  const staging = `events_import_${randomBytes(8).toString('hex')}`;
  let created = false;
  let count = 0;
  let writing: Promise<void> = Promise.resolve();
  const recent = new RecentStamps();
  try {
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      if (!created) {
        // The events' own columns and defaults (in their order, so `SELECT *` lines up), in a plain table.
        await db.run(`CREATE TABLE ${staging} AS events ENGINE = MergeTree ORDER BY tuple()`);
        created = true;
      }
      await writing;
      // The source parses the next batch while this one uploads.
      writing = insertEvents(db, batch, staging, recent);
      // Handled now, rethrown by the await above (or below): not an unhandled rejection meanwhile.
      writing.catch(() => undefined);
      count += batch.length;
    }
    await writing;
    if (created) {
      await recordImportDoubts(db, staging);
      await db.run(`INSERT INTO events SETTINGS ${moveSettings(db).join(', ')} SELECT * FROM ${staging}`);
      await recordImportDoubts(db, staging);
    }
  } catch (error) {
    // Let the upload in flight finish before the table it writes to is dropped.
    await writing.catch(() => undefined);
    throw error;
  } finally {
    // A drop that fails (server gone) leaves a stray staging table, which changes no figure; the
    // import's own outcome (its error, or its events now in) is what the caller must hear.
    if (created) await db.run(`DROP TABLE IF EXISTS ${staging} SYNC`).catch(() => undefined);
  }
  return count;
}

export function importEvents(db: ChDb): Pick<Store, 'importEvents'> {
  return {
    importEvents: (batches) => importAllOrNothing(db, batches),
  };
}
