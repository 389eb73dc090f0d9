import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openDuckdbStore } from '../store/duckdb/duckdb-store.js';
import type { Store } from '../store/store.js';

/**
 * An embedded store in a directory of its own that a test can close, change behind the store's back
 * (as an older version would have left it) and open again; properties `a` and `b` (UTC) exist.
 * Closed and removed after each test.
 */
export function reopenableStore(prefix: string): { open(): Promise<Store>; dir(): string } {
  let dir: string | null = null;
  let store: Store | null = null;
  afterEach(async () => {
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    store = null;
    dir = null;
  });
  return {
    async open() {
      dir ??= mkdtempSync(join(tmpdir(), `sightline-${prefix}-`));
      store = await openDuckdbStore(dir);
      if ((await store.getProperties(['a'])).length === 0) {
        await store.createProperty({ id: 'a', name: 'A', domain: null, timezone: 'UTC' });
        await store.createProperty({ id: 'b', name: 'B', domain: null, timezone: 'UTC' });
      }
      return store;
    },
    dir: () => {
      if (!dir) throw new Error('open the store first');
      return dir;
    },
  };
}
