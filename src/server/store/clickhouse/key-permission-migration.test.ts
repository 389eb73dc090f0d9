import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newApiKey } from '../../auth/api-keys.js';
import type { Store } from '../store.js';
import { chDb, type ChDb } from './clickhouse-db.js';
import { openClickhouseStore } from './clickhouse-store.js';
import { connectClickhouse } from './connect.js';
import { migrations, migrationsTable } from './migrations.js';
import { chTime } from './sql-fragments.js';
import { tableDdl } from './table-ddl.js';

// A database as version 11 left it, when a key with `metrics` could also create and delete goals and
// saved funnels: version 12 gives those keys `configure`, once, and leaves every other key as it was.

const target = { kind: 'chdb' as const, path: ':memory:', database: `k_${randomUUID().replaceAll('-', '')}` };
const ddlTarget = { database: target.database, cluster: null };
let root: ChDb;
let raw: ChDb;
let store: Store;

const revokedAt = new Date('2026-03-01T10:00:00Z');
const oldKeys: Record<string, string[]> = {
  reader: ['metrics'],
  everything: ['metrics', 'experiments'],
  runner: ['experiments'],
  nothing: [],
  gone: ['metrics'],
};
const ids: Record<string, string> = {};

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
  const before = migrations.filter((m) => m.version < 12);
  for (const sql of [...tableDdl(migrationsTable, ddlTarget), ...before.flatMap((m) => m.statements(ddlTarget))])
    await raw.run(sql);
  await raw.insert(
    'schema_migrations',
    before.map((m) => ({ version: m.version, name: m.name, applied_at: Date.now() })),
  );
  await raw.insert(
    'api_keys',
    Object.entries(oldKeys).map(([name, permissions]) => {
      const { record: k } = newApiKey({ name, propertyIds: ['shop'], permissions });
      ids[name] = k.id;
      const revoked = name === 'gone';
      return {
        ...k,
        created_at: chTime(k.created_at),
        // As revokeApiKey writes a revocation: a row far above the live one's version 0.
        revoked_at: revoked ? chTime(revokedAt) : null,
        version: revoked ? Number.MAX_SAFE_INTEGER - revokedAt.getTime() : 0,
      };
    }),
  );
  store = await openClickhouseStore({ target });
});
afterAll(async () => {
  await store?.close();
  await raw?.run(`DROP DATABASE IF EXISTS \`${target.database}\` SYNC`);
  await raw?.client.close();
  // The last connection: chDB removes its `:memory:` directory in /tmp when it closes.
  await root?.client.close();
});

const byName = async () =>
  Object.fromEntries((await store.listApiKeys()).map((k) => [k.name, [k.permissions, k.revoked_at?.toISOString()]]));

it('gives configure to the keys with metrics, which could write goals and saved funnels before it, and to no other', async () => {
  expect(await byName()).toEqual({
    reader: [['metrics', 'configure'], undefined],
    everything: [['metrics', 'experiments', 'configure'], undefined],
    // They could not write goals or saved funnels (that needed metrics), so they still cannot.
    runner: [['experiments'], undefined],
    nothing: [[], undefined],
    // A revoked key keeps its revocation.
    gone: [['metrics', 'configure'], revokedAt.toISOString()],
  });
  // The key the API looks up by its prefix is the changed one.
  const [found] = await store.findApiKeysByPrefix((await store.listApiKeys()).find((k) => k.name === 'reader')!.prefix);
  expect(found.permissions).toEqual(['metrics', 'configure']);
});

it('lets a later revocation win over the changed row', async () => {
  const at = new Date('2026-04-01T00:00:00Z');
  expect(await store.revokeApiKey(ids.everything, at)).toBe(true);
  expect((await byName()).everything).toEqual([['metrics', 'experiments', 'configure'], at.toISOString()]);
});

it('runs once: a metrics-only key made afterwards stays read-only when the store opens again', async () => {
  await store.createApiKey(newApiKey({ name: 'new reader', propertyIds: ['shop'], permissions: ['metrics'] }).record);
  await store.close();
  store = await openClickhouseStore({ target });
  expect((await byName())['new reader']).toEqual([['metrics'], undefined]);
  expect(await raw.all('SELECT toString(count()) AS n FROM schema_migrations WHERE version = 12')).toEqual([
    { n: '1' },
  ]);
});
