import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Store } from '../store.js';
import { chDb, type ChDb } from './clickhouse-db.js';
import { openClickhouseStore } from './clickhouse-store.js';
import { connectClickhouse } from './connect.js';
import { migrationsTable } from './migrations.js';
import { schemaV1Statements } from './schema-v1.fixture.js';
import { tableDdl } from './table-ddl.js';

// A database made by the first ClickHouse store keeps its saved funnels: they read back without a
// mode, breakdown or filters (the API answers them as the seed did), and take them on the next save.

const target = { kind: 'chdb' as const, path: ':memory:', database: `f_${randomUUID().replaceAll('-', '')}` };
let root: ChDb;
let raw: ChDb;
let store: Store;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  // Kept open throughout: a chDB `:memory:` database lives as long as a connection to it.
  root = chDb(
    await connectClickhouse({ ...target, database: 'default' }, { inDatabase: false }),
    'default',
    null,
    'chdb',
  );
  await root.run(`CREATE DATABASE \`${target.database}\``);
  raw = chDb(await connectClickhouse(target), target.database, null, 'chdb');
  for (const sql of [
    ...tableDdl(migrationsTable, { database: target.database, cluster: null }),
    ...schemaV1Statements(target.database),
  ])
    await raw.run(sql);
  await raw.insert('schema_migrations', [
    { version: 1, name: 'events, sessions and the service tables', applied_at: Date.now() },
  ]);
  await raw.insert('saved_funnels', [
    {
      id: 'f1',
      property_id: 'shop',
      name: 'Old',
      steps: '[{"page":"/"},{"page":"/signup"}]',
      created_at: '2026-03-01 10:00:00.000',
      updated_at: '2026-03-01 10:00:00.000',
      version: 1,
      is_deleted: 0,
    },
  ]);
  store = await openClickhouseStore({ target });
});
afterAll(async () => {
  await store?.close();
  await raw?.run(`DROP DATABASE IF EXISTS \`${target.database}\` SYNC`);
  await raw?.client.close();
  // The last connection: chDB removes its `:memory:` directory in /tmp when it closes.
  await root?.client.close();
});

it('reads a funnel saved before mode, breakdown and filters without them, and saves them on it', async () => {
  const before = {
    id: 'f1',
    property_id: 'shop',
    name: 'Old',
    steps: [{ page: '/' }, { page: '/signup' }],
    created_at: at('2026-03-01T10:00:00Z'),
    updated_at: at('2026-03-01T10:00:00Z'),
  };
  expect(await store.getSavedFunnel('shop', 'f1')).toStrictEqual(before);

  const after = {
    ...before,
    mode: 'sequential' as const,
    breakdown_by: 'device' as const,
    updated_at: at('2026-03-02T10:00:00Z'),
    filters: [{ op: 'matches' as const, dimension: 'page' as const, values: ['/blog/**'] }],
  };
  await store.saveFunnel(after);
  expect(await store.listSavedFunnels('shop')).toStrictEqual([after]);
});
