import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import type { Store } from '../../server/store/store.js';
import { exportCommand } from '../commands/export.js';
import { importCommand } from '../commands/import.js';
import { contentHash } from './content-hash.js';

// The import ledger in process (issue 44 §7: importing the same file twice silently doubled the
// data): an import records what it loaded, and the same content is refused, whatever its name,
// unless --again. The store side on both stores: server/store/import-ledger.test.ts.

let dir: string;
let store: Store;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-ledger-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(async () => {
  store = await openDuckdbStore(':memory:');
  await store.createProperty({ id: 'shop', name: 'Shop', domain: null, timezone: 'UTC' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await store.close();
});

const event = (visitor: string) =>
  JSON.stringify({
    type: 'pageview',
    property_id: 'shop',
    ts: '2026-03-02T10:00:00Z',
    visitor_id: visitor,
    session_id: `s-${visitor}`,
    path: '/',
  });
const write = async (name: string, text: string) => {
  await writeFile(join(dir, name), text);
  return join(dir, name);
};
const sha256 = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');
const refusal =
  /^this content was imported on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC from (\S+) \((\d+) events\); importing it again would count them twice, so nothing was imported \(to import it anyway: --again\)$/;

describe('import ledger', () => {
  it('records the file, refuses its content again under any name, and takes it with --again', async () => {
    const text = `${event('a')}\n${event('b')}\n`;
    const first = await write('march.ndjson', text);
    expect(await importCommand(store, first)).toBe('imported 2 events');
    expect(await store.latestImport(sha256(text))).toEqual({
      file_name: 'march.ndjson',
      sha256: sha256(text),
      size_bytes: Buffer.byteLength(text),
      events: 2,
      imported_at: expect.any(Date),
    });

    const copy = await write('march-copy.ndjson', text);
    const refused = await importCommand(store, copy).catch((e: Error) => e.message);
    expect(refused).toMatch(refusal);
    expect(refusal.exec(refused)!.slice(1)).toEqual(['march.ndjson', '2']);
    expect(await store.countEvents()).toBe(2);

    expect(await importCommand(store, copy, { again: true })).toBe('imported 2 events');
    expect(await store.countEvents()).toBe(4);
    expect((await store.latestImport(sha256(text)))?.file_name).toBe('march-copy.ndjson');
  });

  it('records nothing for a failed import, so the fixed file is not refused for it', async () => {
    const bad = await write('bad.ndjson', `${event('a')}\n[]\n`);
    await expect(importCommand(store, bad)).rejects.toThrow(/^line 2: /);
    expect(await store.latestImport(sha256(await readFile(bad)))).toBeNull();
  });

  it('refuses an NDJSON export imported before, before its ids are even compared', async () => {
    await importCommand(store, await write('events.ndjson', `${event('a')}\n`));
    const exported = join(dir, 'export.ndjson');
    await exportCommand(store, { out: exported });
    const target = await openDuckdbStore(':memory:');
    try {
      expect(await importCommand(target, exported)).toMatch(/^imported 1 property, .*1 event$/);
      expect((await target.latestImport(sha256(await readFile(exported))))?.events).toBe(1);
      await expect(importCommand(target, exported)).rejects.toThrow(refusal);
    } finally {
      await target.close();
    }
  });
});

describe('contentHash of a Parquet export directory', () => {
  it('is the SHA-256 of its export files in name order, whatever else the directory holds or is called', async () => {
    const exportDir = join(dir, 'parquet');
    await mkdir(exportDir);
    await writeFile(join(exportDir, 'properties.parquet'), 'P');
    await writeFile(join(exportDir, 'events.parquet'), 'EE');
    await writeFile(join(exportDir, 'notes.txt'), 'not read by the import');
    const expected = { sha256: sha256('EEP'), size_bytes: 3 };
    expect(await contentHash(exportDir)).toEqual(expected);
    await rename(exportDir, join(dir, 'moved'));
    expect(await contentHash(join(dir, 'moved'))).toEqual(expected);
  });
});
