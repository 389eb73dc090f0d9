import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { StoreLockedError } from '../store-locked.js';
import type { ClickhouseTarget } from './clickhouse-url.js';

/**
 * Settings every statement runs with. Sent with each request to a server; on chDB they become
 * session `SET`s that persist, so only constants belong here, never per-statement values.
 */
export const clientSettings = {
  // 64-bit counts as JSON numbers (counts stay far below 2^53); keys are never read back.
  output_format_json_quote_64bit_integers: 0,
  // Materialized views see an insert's blocks as their table does: a redelivered block is dropped in both.
  deduplicate_blocks_in_dependent_materialized_views: 1,
  // A JOIN's missing side reads as NULL, as in standard SQL (DuckDB), not as the type's default.
  join_use_nulls: 1,
  // The widest request the API takes spells long SQL: filters are tested per property (filter-scope.ts),
  // and a goal filter names each of its goals (MAX_GOALS per property, MAX_AGGREGATE_PROPERTIES of them).
  // ClickHouse's defaults (256 KiB, 50,000 AST elements) turned such a request into a 500.
  max_query_size: 16 * 1024 * 1024,
  max_ast_elements: 2_000_000,
  max_expanded_ast_elements: 20_000_000,
} as const;

/**
 * A client for the target. chDB is loaded only here and only when asked for: the embedded default
 * (DuckDB) never loads its 550 MB library.
 */
export async function connectClickhouse(
  target: ClickhouseTarget,
  opts: { inDatabase?: boolean; plain?: boolean; cluster?: string | null } = {},
): Promise<ClickHouseClient> {
  // `plain`: none of our settings, so a server too old to know them still answers the version check.
  // On a cluster every write goes through a Distributed table in the foreground: a key, a funnel or a
  // test written through one Sightline server is on its shard before the write is acknowledged.
  const settings = opts.plain
    ? {}
    : opts.cluster
      ? { ...clientSettings, distributed_foreground_insert: 1 }
      : clientSettings;
  // Without its database (to create it): the server's default one.
  const database = opts.inDatabase === false ? 'default' : target.database;
  if (target.kind === 'server') {
    return createClient({
      url: target.url,
      username: target.username,
      password: target.password,
      database,
      clickhouse_settings: settings,
      request_timeout: 30_000,
      // Failures reach the caller (503, /healthz); the client's own error log would repeat each one.
      log: { level: ClickHouseLogLevel.OFF },
    });
  }
  let chdb: typeof import('chdb/connection');
  try {
    chdb = await import('chdb/connection');
  } catch {
    throw new Error(
      'CLICKHOUSE_URL=chdb:… needs the optional package chdb (npm install chdb@3.4.0; it was left out with --omit=optional)',
    );
  }
  let chdbConnection: ReturnType<typeof chdb.createChdbConnection>;
  try {
    chdbConnection = chdb.createChdbConnection({ path: target.path });
  } catch (error) {
    // chDB locks its directory for one process, as a server does (the engine prints "Cannot lock file"
    // itself; the error only says the connection failed): say so as the embedded store does.
    if ((error as { code?: string }).code === 'CHDB_CONNECTION') {
      throw new StoreLockedError(
        `the ClickHouse data in ${target.path} cannot be opened: is another process (the server?) using it? stop it first`,
      );
    }
    throw error;
  }
  const connection = inDatabase(chdbConnection, database);
  // The client's own types do not list the connection hook yet (chdb's README: experimental).
  return createClient({ connection, clickhouse_settings: settings } as Parameters<typeof createClient>[0]);
}

type ChdbConnection = ReturnType<(typeof import('chdb/connection'))['createChdbConnection']>;

/**
 * chDB's connection ignores the client's `database` (it has one session per process, shared by every
 * connection on the same path), so each statement names its database itself: `USE db;` runs in the
 * same call as the statement, which chDB executes whole before the next call.
 */
function inDatabase(connection: ChdbConnection, database: string): ChdbConnection {
  const use = `USE \`${database}\`; `;
  const wrap = <P extends { query: string }>(params: P): P => ({ ...params, query: use + params.query });
  return new Proxy(connection, {
    get(target, prop, receiver) {
      if (prop === 'query' || prop === 'exec' || prop === 'command' || prop === 'insert') {
        const fn = Reflect.get(target, prop, receiver) as (p: { query: string }) => unknown;
        return (params: { query: string }) => fn.call(target, wrap(params));
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
