import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import type { Store } from '../../server/store/store.js';

/**
 * For an import run in process: a directory for the files it reads (the file's whole run), and a
 * fresh in-memory store with the property `shop` (each test's).
 */
export function shopStoreAndDir(prefix: string): { readonly dir: string; readonly store: Store } {
  const fixture = { dir: '', store: undefined as unknown as Store };
  beforeAll(async () => {
    fixture.dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(() => rm(fixture.dir, { recursive: true, force: true }));
  beforeEach(async () => {
    fixture.store = await openDuckdbStore(':memory:');
    await fixture.store.createProperty({ id: 'shop', name: 'Shop', domain: null, timezone: 'UTC' });
  });
  afterEach(() => fixture.store.close());
  return fixture;
}
