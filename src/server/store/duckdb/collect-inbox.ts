import { DuckDBInstance, type DuckDBConnection, type DuckDBPreparedStatement } from '@duckdb/node-api';
import { join } from 'node:path';
import type { StoredEvent } from '../../../contract/events.js';
import { query, type Database } from './database.js';
import { writeEvents } from './write-events.js';

/**
 * Collected batches as they arrived, one row each, until they are written into the tables the reports
 * read. Committing a row takes about a millisecond; writing a batch into `events`, `sessions` and the
 * tables derived from them costs 50–100 ms whatever its size (twenty-odd statements). So a batch is
 * answered once its row is committed (kill -9 loses nothing answered: the rows are written at the next
 * start), and the rest is done for many batches at once.
 *
 * The inbox is a database file of its own: in the store's file its commits queued behind the big
 * writes' commits and checkpoints (p99 185–285 ms under load against 68 without checkpoints). The
 * transaction that writes batches also records, in the store, the last batch number written, so
 * each batch is written exactly once; the inbox's rows up to it are deleted afterwards.
 */
const INBOX_FILE = 'collect-inbox.duckdb';
const inboxSql = `
CREATE TABLE IF NOT EXISTS collect_inbox (seq BIGINT NOT NULL, events VARCHAR NOT NULL);
-- Batches that could not be written even alone, kept for inspection rather than lost.
CREATE TABLE IF NOT EXISTS collect_failed (seq BIGINT NOT NULL, events VARCHAR NOT NULL, error VARCHAR NOT NULL)`;
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

/** Writes the batches and records the last one's number, in the caller's transaction. */
async function writeBatches(conn: DuckDBConnection, batches: Pending[]): Promise<void> {
  await writeEvents(conn, batches.flatMap((b) => b.events));
  await conn.run('DELETE FROM collect_written');
  await query(conn, 'INSERT INTO collect_written VALUES ($seq)', { seq: batches[batches.length - 1].seq });
}

export interface CollectInbox {
  /** Resolves once `events` are committed to the inbox; they reach the reports' tables soon after. */
  accept(events: StoredEvent[]): Promise<void>;
  /** Resolves once every batch accepted before the call is in the reports' tables (or failed to be). */
  settled(): Promise<void> | undefined;
  /** Writes what is pending and closes the inbox. */
  close(): Promise<void>;
}

/**
 * Opens the inbox beside the store (`dataDir`, or in memory); batches a previous run accepted but did
 * not write are written first.
 */
export async function openCollectInbox(db: Database, dataDir: string): Promise<CollectInbox> {
  const instance = await DuckDBInstance.create(dataDir === ':memory:' ? ':memory:' : join(dataDir, INBOX_FILE), { threads: '1' });
  const conn = await instance.connect();
  await conn.run(inboxSql);
  await db.writer.run(writtenSql);
  const [mark] = await query<{ seq: number }>(db.writer, 'SELECT max(seq) AS seq FROM collect_written');
  let writtenSeq = Number(mark?.seq ?? 0);
  const left = await query<{ seq: number; events: string }>(conn, 'SELECT seq, events FROM collect_inbox WHERE seq > $w ORDER BY seq', { w: writtenSeq });
  if (left.length > 0) {
    const batches = left.map((r) => ({ seq: Number(r.seq), events: (JSON.parse(r.events) as (StoredEvent & { ts: string })[]).map(revive) }));
    await db.transaction((c) => writeBatches(c, batches));
    writtenSeq = batches[batches.length - 1].seq;
  }
  await query(conn, 'DELETE FROM collect_inbox WHERE seq <= $w', { w: writtenSeq });
  let seq = writtenSeq;

  let insert: DuckDBPreparedStatement | null = await conn.prepare('INSERT INTO collect_inbox VALUES ($1, $2)');
  // Statements on the inbox's connection, one at a time.
  let inboxChain: Promise<unknown> = Promise.resolve();
  const onInbox = <T>(fn: () => Promise<T>): Promise<T> => {
    const done = inboxChain.then(fn);
    inboxChain = done.catch(() => undefined);
    return done;
  };
  let pending: Pending[] = [];
  let unwritten = 0;
  let writing: Promise<void> | null = null;
  const waiters: { seq: number; resolve: () => void }[] = [];

  const wake = (upTo: number) => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i].seq <= upTo) waiters.splice(i, 1)[0].resolve();
    }
  };

  // One transaction for what is pending (up to MAX_GROUP events); a failed group is retried batch by
  // batch, and a batch that fails alone is moved to `collect_failed` rather than blocking the others.
  async function writePending(): Promise<void> {
    while (pending.length > 0) {
      let n = 0;
      let take = 0;
      while (take < pending.length && (take === 0 || n + pending[take].events.length <= MAX_GROUP)) n += pending[take++].events.length;
      const group = pending.slice(0, take);
      pending = pending.slice(take);
      try {
        await db.transaction((c) => writeBatches(c, group));
      } catch (error) {
        for (const batch of group) {
          await db.transaction((c) => writeBatches(c, [batch])).catch(async (e: unknown) => {
            console.error(`collect: batch ${batch.seq} (${batch.events.length} events) could not be written; kept in collect_failed:`, e);
            await onInbox(() => query(conn, 'INSERT INTO collect_failed VALUES ($seq, $events, $error)', { seq: batch.seq, events: JSON.stringify(batch.events), error: String(e) }));
          });
        }
      }
      for (const b of group) unwritten -= b.events.length;
      writtenSeq = group[group.length - 1].seq;
      wake(writtenSeq);
      const upTo = writtenSeq;
      await onInbox(() => query(conn, 'DELETE FROM collect_inbox WHERE seq <= $w', { w: upTo })).catch((e: unknown) => {
        console.error('collect: inbox rows not deleted (they are skipped at the next start):', e);
      });
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
      const text = JSON.stringify(events);
      const mine = await onInbox(async () => {
        if (!insert) throw new Error('the store is closing');
        const next = seq + 1;
        insert.bindBigInt(1, BigInt(next));
        insert.bindVarchar(2, text);
        await insert.run();
        seq = next;
        return next;
      });
      pending.push({ seq: mine, events });
      unwritten += events.length;
      if (!writing) kickSoon();
    },
    settled() {
      if (seq <= writtenSeq) return undefined;
      const upTo = seq;
      const settling = new Promise<void>((resolve) => waiters.push({ seq: upTo, resolve }));
      if (!writing) void kick();
      return settling;
    },
    async close() {
      await onInbox(async () => {
        insert?.destroySync();
        insert = null;
      });
      while (writing || pending.length > 0) await kick();
      await inboxChain;
      conn.closeSync();
      instance.closeSync();
    },
  };
}
