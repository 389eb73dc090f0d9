import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredEvent } from '../../../contract/events.js';
import { CollectLog } from './collect-log.js';
import { query, type Database } from './database.js';
import type { WriteQueue } from '../store-operations.js';
import { writeEvents } from './write-events.js';

/**
 * Collected batches as they arrived, one each, until they are written into the tables the reports
 * read. Logging a batch takes about a millisecond; writing a batch into `events`, `sessions` and the
 * tables derived from them costs 50–100 ms whatever its size (twenty-odd statements). So a batch is
 * answered once it is on disk in the inbox's log (collect-log.ts; kill -9 loses nothing answered: the
 * logged batches are written at the next start), and the rest is done for many batches at once.
 *
 * The log is files of its own beside the store: in the store's database its commits queued behind the
 * big writes' commits and checkpoints (p99 185–285 ms under load against 68 without checkpoints). The
 * transaction that writes batches also records, in the store, the last batch number written, so
 * each batch is written exactly once; the log's segments up to it are deleted afterwards.
 */
export const LOG_DIR = 'collect-inbox';
/** Where the inbox was a DuckDB table (before the log): batches left in it are written at start. */
const LEGACY_INBOX_FILE = 'collect-inbox.duckdb';
const writtenSql = 'CREATE TABLE IF NOT EXISTS collect_written (seq BIGINT NOT NULL)';

/** Accepted but not yet written events past which a new batch waits for the writing (back-pressure). */
const MAX_UNWRITTEN = 100_000;
/** Events written per transaction at most, so one transaction's memory and duration stay bounded. */
const MAX_GROUP = 20_000;
/**
 * How long accepted batches gather before they are written, unless a read waits for them or a full
 * group is there: each write costs about 60 ms of CPU whatever its size, plus 10 µs an event, taken
 * from the cores that answer collect (at 10,000 events/s, 250 ms groups spent 0.25 core on that fixed
 * part, 1 s groups 0.06). Reports never wait for it: a read writes what was answered before it first.
 */
const GATHER_MS = 1_000;

interface Pending {
  seq: number;
  events: StoredEvent[];
}

const revive = (e: StoredEvent & { ts: string }): StoredEvent => ({ ...e, ts: new Date(e.ts) });
const parseBatch = (seq: number, text: string): Pending => ({
  seq,
  events: (JSON.parse(text) as (StoredEvent & { ts: string })[]).map(revive),
});

/** The batches an inbox of the DuckDB kind left unwritten, then its file is removed. */
async function drainLegacyInbox(dataDir: string, writtenSeq: number): Promise<Pending[]> {
  const path = join(dataDir, LEGACY_INBOX_FILE);
  if (dataDir === ':memory:' || !existsSync(path)) return [];
  const instance = await DuckDBInstance.create(path, { threads: '1' });
  const conn = await instance.connect();
  try {
    const tables = await query<{ n: number }>(
      conn,
      "SELECT count(*) AS n FROM duckdb_tables() WHERE table_name = 'collect_inbox'",
    );
    if (Number(tables[0].n) === 0) return [];
    const rows = await query<{ seq: number; events: string }>(
      conn,
      'SELECT seq, events FROM collect_inbox WHERE seq > $w ORDER BY seq',
      { w: writtenSeq },
    );
    return rows.map((r) => parseBatch(Number(r.seq), r.events));
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** Writes the batches and records the last one's number, in the caller's transaction. */
async function writeBatches(conn: DuckDBConnection, batches: Pending[]): Promise<void> {
  await writeEvents(
    conn,
    batches.flatMap((b) => b.events),
  );
  await conn.run('DELETE FROM collect_written');
  await query(conn, 'INSERT INTO collect_written VALUES ($seq)', { seq: batches[batches.length - 1].seq });
}

export interface CollectInbox {
  /** Resolves once `events` are committed to the inbox; they reach the reports' tables soon after. */
  accept(events: StoredEvent[]): Promise<void>;
  /** Resolves once every batch accepted before the call is in the reports' tables (or failed to be). */
  settled(): Promise<void> | undefined;
  /**
   * Runs `fn` while no log segment is deleted, so a backup that notes the last batch written and then
   * copies the log finds every later batch in the copy; deletions due meanwhile happen afterwards.
   */
  keepingLog<T>(fn: () => Promise<T>): Promise<T>;
  /** Writes what is pending and closes the inbox. */
  close(): Promise<void>;
  /** The events accepted and not yet written, and how long the oldest has waited (for /metrics). */
  queue(): WriteQueue;
}

/**
 * Opens the inbox beside the store (`dataDir`, or in memory); batches a previous run accepted but did
 * not write are written first.
 */
export async function openCollectInbox(db: Database, dataDir: string): Promise<CollectInbox> {
  await db.writer.run(writtenSql);
  const [mark] = await query<{ seq: number }>(db.writer, 'SELECT max(seq) AS seq FROM collect_written');
  let writtenSeq = Number(mark?.seq ?? 0);
  const legacy = await drainLegacyInbox(dataDir, writtenSeq);
  if (legacy.length > 0) {
    await db.transaction((c) => writeBatches(c, legacy));
    writtenSeq = legacy[legacy.length - 1].seq;
  }
  if (dataDir !== ':memory:')
    for (const f of [LEGACY_INBOX_FILE, `${LEGACY_INBOX_FILE}.wal`]) rmSync(join(dataDir, f), { force: true });
  // An in-memory store keeps nothing past its process, so its inbox needs no log.
  const opened = dataDir === ':memory:' ? null : CollectLog.open(join(dataDir, LOG_DIR));
  const left = (opened?.batches ?? []).filter((b) => b.seq > writtenSeq).map((b) => parseBatch(b.seq, b.text));
  if (left.length > 0) {
    await db.transaction((c) => writeBatches(c, left));
    writtenSeq = left[left.length - 1].seq;
  }
  let log: CollectLog | null = opened?.log ?? null;
  log?.forget(writtenSeq, true);
  let keeping = 0;
  const forget = () => {
    if (keeping === 0) log?.forget(writtenSeq);
  };
  let seq = writtenSeq;

  // Appends to the log, one at a time.
  let inboxChain: Promise<unknown> = Promise.resolve();
  const onInbox = <T>(fn: () => Promise<T>): Promise<T> => {
    const done = inboxChain.then(fn);
    inboxChain = done.catch(() => undefined);
    return done;
  };
  let closing = false;
  let pending: Pending[] = [];
  let unwritten = 0;
  // When each unwritten batch was accepted (performance.now), oldest first: batches are written in order.
  const acceptedAt: number[] = [];
  let writing: Promise<void> | null = null;
  const waiters: { seq: number; resolve: () => void }[] = [];

  const wake = (upTo: number) => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i].seq <= upTo) waiters.splice(i, 1)[0].resolve();
    }
  };

  // One transaction for what is pending (up to MAX_GROUP events); a failed group is retried batch by
  // batch, and a batch that fails alone is kept in a file of its own rather than blocking the others.
  async function writePending(): Promise<void> {
    while (pending.length > 0) {
      let n = 0;
      let take = 0;
      while (take < pending.length && (take === 0 || n + pending[take].events.length <= MAX_GROUP))
        n += pending[take++].events.length;
      const group = pending.slice(0, take);
      pending = pending.slice(take);
      try {
        await db.transaction((c) => writeBatches(c, group));
      } catch (error) {
        for (const batch of group) {
          await db
            .transaction((c) => writeBatches(c, [batch]))
            .catch((e: unknown) => {
              console.error(
                `collect: batch ${batch.seq} (${batch.events.length} events) could not be written; kept in ${LOG_DIR}/failed-${batch.seq}.json:`,
                e,
              );
              try {
                log?.keepFailed(batch.seq, batch.events, e);
              } catch (keepError) {
                console.error(`collect: batch ${batch.seq} could not be kept either:`, keepError);
              }
            });
        }
      }
      for (const b of group) unwritten -= b.events.length;
      acceptedAt.splice(0, group.length);
      writtenSeq = group[group.length - 1].seq;
      wake(writtenSeq);
      try {
        forget();
      } catch (e) {
        console.error('collect: inbox log segments not deleted (their batches are skipped at the next start):', e);
      }
    }
  }
  let timer: NodeJS.Timeout | null = null;
  const kick = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    writing ??= writePending().finally(() => {
      writing = null;
      if (pending.length > 0) kickSoon();
    });
    return writing;
  };
  const kickSoon = () => {
    if (unwritten >= MAX_GROUP || waiters.length > 0) void kick();
    else timer ??= setTimeout(kick, GATHER_MS);
  };

  return {
    async accept(events) {
      if (events.length === 0) return;
      while (unwritten > MAX_UNWRITTEN) await kick();
      const text = log ? JSON.stringify(events) : '';
      const mine = await onInbox(async () => {
        if (closing) throw new Error('the store is closing');
        const next = seq + 1;
        await log?.append(next, text);
        seq = next;
        return next;
      });
      pending.push({ seq: mine, events });
      unwritten += events.length;
      acceptedAt.push(performance.now());
      if (!writing) kickSoon();
    },
    settled() {
      if (seq <= writtenSeq) return undefined;
      const upTo = seq;
      const settling = new Promise<void>((resolve) => waiters.push({ seq: upTo, resolve }));
      if (!writing) void kick();
      return settling;
    },
    queue() {
      const oldest = acceptedAt[0];
      return { events: unwritten, oldestSeconds: oldest === undefined ? 0 : (performance.now() - oldest) / 1000 };
    },
    async keepingLog(fn) {
      keeping++;
      try {
        return await fn();
      } finally {
        keeping--;
        forget();
      }
    },
    async close() {
      await onInbox(async () => {
        closing = true;
      });
      while (writing || pending.length > 0) await kick();
      await inboxChain;
      await log?.close();
      forget();
      log = null;
    },
  };
}
