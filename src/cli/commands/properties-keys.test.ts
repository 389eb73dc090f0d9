import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import type { Store } from '../../server/store/store.js';
import { printedLines } from '../test-support/printed-lines.js';
import { keysCommand } from './keys.js';
import { propertiesCommand } from './properties.js';

// `properties …` and `keys …` in process: what they check and print. The real CLI's wiring (a
// process per command, exit codes, one `error:` line, the key never on disk) is cli.test.ts's.

let store: Store;
const { out, err } = printedLines();
beforeEach(async () => {
  store = await openDuckdbStore(':memory:');
});
afterEach(() => store.close());

const properties = (sub: string, flags: Record<string, string> = {}) => propertiesCommand(store, sub, flags);
const keys = (sub: string, flags: Record<string, string> = {}, args: string[] = []) =>
  keysCommand(store, sub, args, flags);
const keyRows = async () => {
  out.length = 0;
  await keys('list');
  return out.map((l) => l.split('\t'));
};

describe('properties', () => {
  it('refuses a bad --id, an unknown --timezone and a duplicate id, saying which', async () => {
    await expect(properties('create', { id: 'bad id!', name: 'X' })).rejects.toThrow(/^--id is required/);
    await expect(properties('create', { id: 'p', name: 'X', timezone: 'Mars/Olympus_Mons' })).rejects.toThrow(
      '--timezone: unknown time zone "Mars/Olympus_Mons"',
    );
    await properties('create', { id: 'p', name: 'First' });
    await expect(properties('create', { id: 'p', name: 'Second' })).rejects.toThrow('property "p" already exists');
    expect((await store.listProperties()).map((p) => p.name)).toEqual(['First']);
  });
});

describe('keys', () => {
  beforeEach(() => properties('create', { id: 'p', name: 'P' }));

  it('create gives every permission unless --permissions narrows it; list shows them', async () => {
    await keys('create', { properties: 'p', name: 'all' });
    await keys('create', { properties: 'p', name: 'reader', permissions: 'metrics' });
    await keys('create', { properties: 'p', name: 'goals', permissions: 'configure,metrics' });
    await keys('create', { properties: 'p', name: 'nothing', permissions: 'none' });
    await expect(keys('create', { properties: 'p', permissions: 'metrics,admin' })).rejects.toThrow(
      /^--permissions: "admin" is not a permission/,
    );
    expect(err.at(-1)).toMatch(/^Created key \S+ for p with no permission\. It is shown once/);
    expect(Object.fromEntries((await keyRows()).map((r) => [r[1], r[4]]))).toEqual({
      all: 'metrics,experiments,configure',
      reader: 'metrics',
      goals: 'metrics,configure',
      nothing: 'none',
    });
  });

  it('create for an unknown property fails and makes no key', async () => {
    await expect(keys('create', { properties: 'p,ghost' })).rejects.toThrow('--properties: no such property: ghost');
    expect(await keyRows()).toEqual([]);
  });

  it('revoke KEY_ID marks the key revoked in list; an unknown or revoked id is refused', async () => {
    await keys('create', { properties: 'p', name: 'old' });
    const keyId = /Created key (\S+)/.exec(err.at(-1)!)![1];
    out.length = 0;
    await keys('revoke', {}, [keyId]);
    expect(out).toEqual([`revoked ${keyId}`]);
    const rows = await keyRows();
    expect(rows).toHaveLength(1);
    expect(rows[0][0]).toBe(keyId);
    expect(rows[0].at(-1)).toMatch(/^revoked \d{4}-\d\d-\d\dT/);
    await expect(keys('revoke', {}, [keyId])).rejects.toThrow(`no active key with id "${keyId}"`);
  });
});
