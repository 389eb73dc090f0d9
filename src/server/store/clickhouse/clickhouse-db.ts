import type { ClickHouseClient } from '@clickhouse/client';
import { currentBudget } from '../report-budget.js';
import { QueryTimings } from '../store-operations.js';
import { reportingUnavailable } from './unavailable.js';

/** Bound parameters: values only, each named in the SQL with its type, `{name:Type}`. */
export type ChParams = Record<string, unknown>;

/**
 * The store's handle on ClickHouse: bound-parameter reads and statements, JSON rows in and out.
 * SQL text never contains input; every value travels as a `{name:Type}` parameter.
 */
export interface ChDb {
  client: ClickHouseClient;
  database: string;
  /** The cluster the schema lives on (`CLICKHOUSE_CLUSTER`), or null on a single server. */
  cluster: string | null;
  /** A server over HTTP, or chDB in this process (no server-side insert buffering there). */
  kind: 'server' | 'chdb';
  /** Every read, statement and insert, timed for /metrics when someone listens. */
  timings: QueryTimings;
  all<T>(sql: string, params?: ChParams): Promise<T[]>;
  run(sql: string, params?: ChParams): Promise<void>;
  /** Inserts JSON rows (JSONEachRow) into a table; `columns` names them when the table has more (or EPHEMERAL ones). */
  insert(
    table: string,
    rows: readonly object[],
    columns?: readonly string[],
    settings?: Record<string, number | string>,
  ): Promise<void>;
}

export function chDb(
  client: ClickHouseClient,
  database: string,
  cluster: string | null,
  kind: ChDb['kind'] = 'server',
): ChDb {
  const timings = new QueryTimings();
  return {
    client,
    database,
    cluster,
    kind,
    timings,
    // Each call reports an unreachable server as StoreUnavailableError (unavailable.ts): the API answers 503.
    all: <T>(sql: string, params: ChParams = {}) =>
      reportingUnavailable(() =>
        timings.time('read', async () => {
          // Under a report's budget (report-budget.ts) the request is aborted when it is spent, and the
          // server drops a read whose client has gone. chDB runs in this process: its read ends on its own.
          const budget = currentBudget();
          try {
            const result = await client.query({
              query: sql,
              query_params: params,
              format: 'JSONEachRow',
              ...(budget
                ? { abort_signal: budget, clickhouse_settings: { cancel_http_readonly_queries_on_client_close: 1 } }
                : {}),
            });
            return await result.json<T>();
          } catch (error) {
            throw budget?.aborted ? budget.reason : error;
          }
        }),
      ),
    run: (sql: string, params: ChParams = {}) =>
      reportingUnavailable(() =>
        timings.time('write', async () => {
          await client.command({ query: sql, query_params: params });
        }),
      ),
    insert: (
      table: string,
      rows: readonly object[],
      columns?: readonly string[],
      settings?: Record<string, number | string>,
    ) =>
      reportingUnavailable(() =>
        timings.time('write', async () => {
          if (rows.length === 0) return;
          await client.insert({
            table,
            values: rows as object[],
            format: 'JSONEachRow',
            ...(columns ? { columns: [...columns] as [string, ...string[]] } : {}),
            ...(settings ? { clickhouse_settings: settings } : {}),
          });
        }),
      ),
  };
}

/** A DateTime64(3) read back as text ('2026-01-01 10:00:00.000', UTC) as a Date. */
export function dateOf(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}Z`);
}
