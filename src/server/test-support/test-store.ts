import { randomUUID } from 'node:crypto';
import { duckdbInternals, openDuckdbStore, type DuckdbInternals } from '../store/duckdb/duckdb-store.js';
import type { Store } from '../store/store.js';

/**
 * Which store the shared suites run on: vitest.config.ts runs them once per store, naming it in
 * SIGHTLINE_TEST_STORE (`duckdb`, the default, or `chdb`: the ClickHouse store on the embedded engine).
 */
export const testStoreKind = process.env.SIGHTLINE_TEST_STORE === 'chdb' ? 'chdb' : 'duckdb';

/** A fresh, empty store of the kind under test: in memory for DuckDB, a throw-away database for chDB. */
export async function openTestStore(): Promise<Store> {
  if (testStoreKind === 'chdb') {
    const { openClickhouseStore } = await import('../store/clickhouse/clickhouse-store.js');
    const database = `test_${randomUUID().replaceAll('-', '')}`;
    return openClickhouseStore({ target: { kind: 'chdb', path: ':memory:', database }, dropOnClose: true });
  }
  return openDuckdbStore(':memory:');
}

/**
 * Runs the embedded store's background pass to the end (repeat flags, session paths), so a suite can
 * check its answers in the settled state as well as as written; the ClickHouse store has none.
 */
export async function settleBackground(store: Store): Promise<void> {
  await (store as Store & { [duckdbInternals]?: DuckdbInternals })[duckdbInternals]?.settle();
}
