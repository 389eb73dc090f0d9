import {
  DuckDBConnection,
  DuckDBInstance,
  LIST,
  VARCHAR,
  listValue,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { currentBudget } from '../report-budget.js';
import { StoreLockedError } from '../store-locked.js';
import { QueryTimings } from '../store-operations.js';
import { Slots } from './slots.js';

export type Params = Record<string, DuckDBValue | string[]>;
export type Row = Record<string, unknown>;
/** A read with named parameters, as `Database.all` runs it. */
export type Reader = <T = Row>(sql: string, params?: Params) => Promise<T[]>;

/** Raised when another process (usually a running server) holds the database file. */

/**
 * One DuckDB instance with a few reader connections and one writer, so a long report does not
 * queue behind ingestion and writes never interleave inside a transaction.
 */
export class Database {
  private next = 0;
  /** Budgeted reads (reports) at once: as many as there are shared readers, as before budgets. */
  private readonly budgeted: Slots;
  private writeQueue: Promise<unknown> = Promise.resolve();
  /** Awaited before every read (collect-inbox.ts: reads see every batch answered before them). */
  beforeRead: () => Promise<void> | undefined = () => undefined;
  /** Reads and transactions as /metrics times them: from the query's start, not from its wait for the inbox. */
  readonly timings = new QueryTimings();

  private constructor(
    readonly instance: DuckDBInstance,
    private readonly readers: DuckDBConnection[],
    readonly writer: DuckDBConnection,
  ) {
    this.budgeted = new Slots(readers.length);
  }

  static async open(dataDir: string, readers = 3): Promise<Database> {
    let instance: DuckDBInstance;
    const path = dataDir === ':memory:' ? ':memory:' : join(dataDir, 'sightline.duckdb');
    if (path !== ':memory:') mkdirSync(dataDir, { recursive: true });
    try {
      instance = await DuckDBInstance.create(path, { threads: '2' });
    } catch (error) {
      if (/lock/i.test(String(error))) {
        throw new StoreLockedError(
          `the store in ${dataDir} is in use by another process (is the server running?); stop it first`,
        );
      }
      throw error;
    }
    const connections = await Promise.all(Array.from({ length: readers + 1 }, () => instance.connect()));
    return new Database(instance, connections.slice(1), connections[0]);
  }

  /** Runs a read query on the next reader connection; bigints within the safe range become numbers. */
  async all<T = Row>(sql: string, params: Params = {}): Promise<T[]> {
    const settling = this.beforeRead();
    if (settling) await settling;
    return this.timings.time('read', () => {
      const budget = currentBudget();
      if (budget) return this.withOwnConnection(budget, false, (read) => read<T>(sql, params));
      const conn = this.readers[this.next++ % this.readers.length];
      return query<T>(conn, sql, params);
    });
  }

  /**
   * Runs `fn`'s reads in one snapshot: on a connection of their own, inside one transaction, so a
   * write committed between two of them cannot show in the second only (session-paths.ts reads where
   * some sessions' views lie, then reads those views).
   */
  async snapshot<T>(fn: (read: Reader) => Promise<T>): Promise<T> {
    const settling = this.beforeRead();
    if (settling) await settling;
    return this.timings.time('read', async () => {
      const budget = currentBudget();
      if (budget) return this.withOwnConnection(budget, true, fn);
      const conn = await this.instance.connect();
      try {
        await conn.run('BEGIN TRANSACTION');
        const result = await fn((sql, params) => query(conn, sql, params));
        await conn.run('COMMIT');
        return result;
      } finally {
        conn.closeSync();
      }
    });
  }

  /**
   * A read under a report's budget, on a connection of its own (0.07 ms to open): when the budget is
   * spent, interrupting that connection stops this report's query and nobody else's (a shared reader
   * runs other requests' queries after it). Waiting for a slot ends with the budget too.
   */
  private async withOwnConnection<T>(
    budget: AbortSignal,
    inTransaction: boolean,
    fn: (read: Reader) => Promise<T>,
  ): Promise<T> {
    await this.budgeted.take(budget);
    try {
      const conn = await this.instance.connect();
      const stop = () => conn.interrupt();
      budget.addEventListener('abort', stop, { once: true });
      try {
        budget.throwIfAborted();
        if (inTransaction) await conn.run('BEGIN TRANSACTION');
        const result = await fn((sql, params) => query(conn, sql, params));
        if (inTransaction) await conn.run('COMMIT');
        return result;
      } catch (error) {
        // DuckDB's "INTERRUPT Error" is the budget's doing: say so, not what the engine said.
        throw budget.aborted ? budget.reason : error;
      } finally {
        budget.removeEventListener('abort', stop);
        conn.closeSync();
      }
    } finally {
      this.budgeted.give();
    }
  }

  /** Answers once a reader connection does, without waiting for collected batches to be written. */
  async ping(): Promise<void> {
    await this.readers[this.next++ % this.readers.length].run('SELECT 1');
  }

  /** Serializes writes on the writer connection; `fn` runs inside one transaction. */
  transaction<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    const run = () =>
      this.timings.time('write', async () => {
        await this.writer.run('BEGIN TRANSACTION');
        try {
          const result = await fn(this.writer);
          await this.writer.run('COMMIT');
          return result;
        } catch (error) {
          await this.writer.run('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
    const result = this.writeQueue.then(run, run);
    this.writeQueue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    await this.writeQueue;
    await this.writer.run('CHECKPOINT').catch(() => undefined);
    for (const c of [...this.readers, this.writer]) c.closeSync();
    this.instance.closeSync();
  }
}

/** Runs a query with named parameters; string arrays bind as VARCHAR lists. */
export async function query<T = Row>(conn: DuckDBConnection, sql: string, params: Params = {}): Promise<T[]> {
  const values: Record<string, DuckDBValue> = {};
  const types: Record<string, DuckDBType> = {};
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      values[name] = listValue(value);
      types[name] = LIST(VARCHAR);
    } else values[name] = value;
  }
  const reader = await conn.runAndReadAll(sql, values, types);
  // Converted a column at a time, then made rows: the same values as getRowObjectsJS, several times
  // faster on many rows (35k sankey rows of lists: 11–24 ms against 73–172).
  const names = reader.deduplicatedColumnNames();
  const columns = reader.getColumnsJS();
  const rows: Row[] = new Array(reader.currentRowCount);
  for (let i = 0; i < rows.length; i++) {
    const row: Row = {};
    for (let j = 0; j < names.length; j++) row[names[j]] = plain(columns[j][i]);
    rows[i] = row;
  }
  return rows as T[];
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const plain = (v: unknown) => (typeof v === 'bigint' && v <= MAX_SAFE ? Number(v) : v);

/** DuckDB TIMESTAMP literal text for a UTC instant (the store keeps naive UTC timestamps). */
export function ts(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}
