import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Database } from './database.js';
import { openDuckdbStore } from './duckdb-store.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-funnels-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const at = (iso: string) => new Date(iso);

it('opens a store whose saved funnels predate mode, breakdown and filters: they read back without them, and take them on a save', async () => {
  // saved_funnels exactly as stores made before issue 13 created it, with one funnel in it.
  const old = await Database.open(dir, 1);
  await old.writer
    .run(`CREATE TABLE saved_funnels (id VARCHAR PRIMARY KEY, property_id VARCHAR NOT NULL, name VARCHAR NOT NULL,
    steps VARCHAR NOT NULL, created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL);
    INSERT INTO saved_funnels VALUES ('f1', 'shop', 'Old', '[{"page":"/"},{"page":"/signup"}]', '2026-03-01 10:00:00', '2026-03-01 10:00:00');`);
  await old.close();

  const store = await openDuckdbStore(dir);
  try {
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
      breakdown_by: 'os' as const,
      updated_at: at('2026-03-02T10:00:00Z'),
      filters: [{ op: 'is_not' as const, dimension: 'country' as const, values: [null] }],
    };
    await store.saveFunnel(after);
    expect(await store.listSavedFunnels('shop')).toStrictEqual([after]);
  } finally {
    await store.close();
  }
});
