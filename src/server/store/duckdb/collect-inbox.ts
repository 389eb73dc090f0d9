import type { DuckDBConnection, DuckDBPreparedStatement } from '@duckdb/node-api';
import type { StoredEvent } from '../../../contract/events.js';
import { query, type Database } from './database.js';
import { writeEvents } from './write-events.js';

/**
 * Collected batches as they arrived, one row each, until they are written into the tables the reports
 * read. Committing a row takes about a millisecond; writing a batch into `events`, `sessions` and the
 * tables derived from them costs 50–100 ms whatever its size (twenty-odd statements). So a batch is
 * answered once its row is committed (kill -9 loses nothing answered: the rows are written at the next
 * start), and the rest is done for many batches at once, in one transaction that also deletes their
 * rows, so each is written exactly once.
 */
const inboxSql = 'CREATE TABLE IF NOT EXISTS collect_inbox (seq BIGINT NOT NULL, events VARCHAR NOT NULL)';

/** Accepted but not yet written events past which a new batch waits for the writing (back-pressure). */
const MAX_UNWRITTEN = 100_000;
/** Events written per transaction at most, so one transaction's memory and duration stay bounded. */
const MAX_GROUP = 20_000;
/**
 * How long accepted batches gather before they are written, unless a read waits for them or a full
 * group is there: each write costs 50–100 ms of DuckDB's time whatever its size, taken from the cores
 * that answer collect.
 */
const GATHER_MS = 250;

interface Pending {
  seq: number;
  events: StoredEvent[];
}

const revive = (e: StoredEvent & { ts: string }): StoredEvent => ({ ...e, ts: new Date(e.ts) });

/** Writes the batches and deletes their inbox rows, in the caller's transaction. */
async function writeBatches(conn: DuckDBConnection, batches: Pending[]): Promise<void> {
  await writeEvents(conn, batches.flatMap((b) => b.events));
  await query(conn, 'DELETE FROM collect_inbox WHERE seq >= $lo AND seq <= $hi', { lo: batches[0].seq, hi: batches[batches.length - 1].seq });
}

export interface CollectInbox {
  /** Resolves once `events` are committed to the inbox; they reach the reports' tables soon after. */
  accept(events: StoredEvent[]): Promise<void>;
  /** Resolves once every batch accepted before the call is in the reports' tables (or failed to be). */
  settled(): Promise<void> | undefined;
  /** Writes what is pending and closes the inbox's connection. */
  close(): Promise<void>;
}

/** Opens the inbox on its own connection; batches a previous run accepted but did not write are written first. */
export async function openCollectInbox(db: Database): Promise<CollectInbox> {
  await db.writer.run(inboxSql);
  const left = await query<{ seq: number; events: string }>(db.writer, 'SELECT seq, events FROM collect_inbox ORDER BY seq');
  let seq = left.length > 0 ? Number(left[left.length - 1].seq) : 0;
  if (left.length > 0) {
    const batches = left.map((r) => ({ seq: Number(r.seq), events: (JSON.parse(r.events) as (StoredEvent & { ts: string })[]).map(revive) }));
    await db.transaction((conn) => writeBatches(conn, batches));
  }

  const conn = await db.instance.connect();
  let insert: DuckDBPreparedStatement | null = await conn.prepare('INSERT INTO collect_inbox VALUES ($1, $2)');
  let inserting: Promise<unknown> = Promise.resolve();
  let pending: Pending[] = [];
  let unwritten = 0;
  let writtenSeq = seq;
  let writing: Promise<void> | null = null;
  const waiters: { seq: number; resolve: () => void }[] = [];

  const wake = (upTo: number) => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i].seq <= upTo) waiters.splice(i, 1)[0].resolve();
    }
  };

  // One transaction for everything pending; a failed group is retried batch by batch, and a batch that
  // fails alone stays in the inbox (for the next start) rather than blocking the others.
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
          await db.transaction((c) => writeBatches(c, [batch])).catch((e: unknown) => {
            console.error(`collect: batch ${batch.seq} (${batch.events.length} events) not written, kept in collect_inbox:`, e, error);
          });
        }
      }
      for (const b of group) unwritten -= b.events.length;
      writtenSeq = group[group.length - 1].seq;
      wake(writtenSeq);
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
      const done = inserting.then(async () => {
        if (!insert) throw new Error('the store is closing');
        const mine = ++seq;
        insert.bindBigInt(1, BigInt(mine));
        insert.bindVarchar(2, text);
        await insert.run();
        return mine;
      });
      inserting = done.catch(() => undefined);
      const mine = await done;
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
      await inserting;
      insert?.destroySync();
      insert = null;
      while (writing || pending.length > 0) await kick();
      conn.closeSync();
    },
  };
}
