import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { newApiKey } from '../../auth/api-keys.js';
import { Database, query, ts } from './database.js';
import { openDuckdbStore } from './duckdb-store.js';
import { schemaSql } from './schema.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-keys-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A store as an earlier version left it: these keys, and only the `migrated` changes recorded. */
async function writeOldStore(keys: Record<string, string[]>, migrated: string[] = []): Promise<void> {
  const db = await Database.open(dir, 1);
  await db.writer.run(schemaSql);
  for (const name of migrated)
    await db.transaction((conn) =>
      query(conn, 'INSERT INTO store_migrations VALUES ($name, $at::TIMESTAMP)', { name, at: ts(new Date()) }),
    );
  for (const [name, permissions] of Object.entries(keys)) {
    const { record: k } = newApiKey({ name, propertyIds: ['shop'], permissions });
    await db.transaction((conn) =>
      query(
        conn,
        'INSERT INTO api_keys VALUES ($id, $name, $prefix, $hash, $props, $perms, $created::TIMESTAMP, NULL)',
        {
          id: k.id,
          name,
          prefix: k.prefix,
          hash: k.hash,
          props: k.property_ids,
          perms: permissions,
          created: ts(k.created_at),
        },
      ),
    );
  }
  await db.close();
}

const permissionsByName = async (store: Awaited<ReturnType<typeof openDuckdbStore>>) =>
  Object.fromEntries((await store.listApiKeys()).map((k) => [k.name, k.permissions]));

it('keeps what keys from before the split could do: metrics gains experiments and configure, none becomes no permission; once only', async () => {
  await writeOldStore({ reader: ['metrics'], locked: ['none'] });

  let store = await openDuckdbStore(dir);
  expect(await permissionsByName(store)).toEqual({ reader: ['metrics', 'experiments', 'configure'], locked: [] });
  // A key made after the split with metrics alone is read-only by choice: later starts leave it so.
  await store.createApiKey(newApiKey({ name: 'new reader', propertyIds: ['shop'], permissions: ['metrics'] }).record);
  await store.close();

  store = await openDuckdbStore(dir);
  expect(await permissionsByName(store)).toEqual({
    reader: ['metrics', 'experiments', 'configure'],
    locked: [],
    'new reader': ['metrics'],
  });
  await store.close();
});

it('gives configure to every key that could write goals and saved funnels before it (those with metrics), once only', async () => {
  await writeOldStore(
    {
      reader: ['metrics'],
      everything: ['metrics', 'experiments'],
      runner: ['experiments'],
      nothing: [],
    },
    ['split-key-permissions'],
  );

  let store = await openDuckdbStore(dir);
  const migrated = {
    reader: ['metrics', 'configure'],
    everything: ['metrics', 'experiments', 'configure'],
    // It could not write them before (they needed metrics), so it cannot now.
    runner: ['experiments'],
    nothing: [],
  };
  expect(await permissionsByName(store)).toEqual(migrated);
  // Made after the change with metrics alone: read-only by choice, and later starts leave it so.
  await store.createApiKey(newApiKey({ name: 'new reader', propertyIds: ['shop'], permissions: ['metrics'] }).record);
  await store.close();

  store = await openDuckdbStore(dir);
  expect(await permissionsByName(store)).toEqual({ ...migrated, 'new reader': ['metrics'] });
  await store.close();
});
