import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStore } from '../test-support/test-store.js';
import type { ImportRecord, Store } from './store.js';

// The CLI's import ledger on either store (SIGHTLINE_TEST_STORE): what was recorded comes back whole,
// looked up by content hash, the latest import first.

let store: Store;
beforeEach(async () => {
  store = await openTestStore();
});
afterEach(async () => {
  await store.close();
});

const record = (file_name: string, sha256: string, at: string, events: number): ImportRecord => ({
  file_name,
  sha256,
  size_bytes: 5_000_000_000, // past 2^32: a file of GBs
  events,
  imported_at: new Date(at),
});

describe('import ledger', () => {
  it('finds the latest import of a hash, and nothing for a hash never imported', async () => {
    expect(await store.latestImport('a'.repeat(64))).toBeNull();
    const first = record('march.ndjson', 'a'.repeat(64), '2026-03-02T10:00:00.123Z', 8);
    const again = record('march-copy.ndjson', 'a'.repeat(64), '2026-03-05T09:30:00.456Z', 8);
    const other = record('april.ndjson', 'b'.repeat(64), '2026-04-01T00:00:00Z', 3);
    await store.recordImport(first);
    await store.recordImport(again);
    await store.recordImport(other);
    expect(await store.latestImport('a'.repeat(64))).toEqual(again);
    expect(await store.latestImport('b'.repeat(64))).toEqual(other);
    expect(await store.latestImport('c'.repeat(64))).toBeNull();
  });
});
