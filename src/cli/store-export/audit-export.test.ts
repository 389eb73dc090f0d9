import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import type { AuditRecord, Store } from '../../server/store/store.js';
import { importCommand } from '../commands/import.js';
import { closeAndRemove, openChdbStore, writeExports } from '../test-support/export-files.js';
import { contentsOf } from './store-contents.js';
import { writeParquet } from './write-parquet.js';

// The audit log moves with an export (issue 43: export, import and migrate carry it), oldest first,
// and only with --with-accounts: it names accounts by email and says where they were.

const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 10, minute, 0, 123));
const entry = (id: string, minute: number, over: Partial<AuditRecord> = {}): AuditRecord => ({
  id,
  at: at(minute),
  actor_kind: 'account',
  actor_id: 'acc_ana',
  actor_name: 'ana@example.com',
  action: 'createGoal',
  target: `propertyId=shop created=gol_${id}`,
  status: 201,
  address: '2001:db8:1:2::/64',
  ...over,
});
// Two in one millisecond (b and c), and more than one page of the store's listing is not needed to
// show the order: newest first in the store, oldest first in the export.
const log: AuditRecord[] = [
  entry('aud_a', 1),
  entry('aud_b', 2),
  entry('aud_c', 2, { actor_kind: 'key', actor_id: 'key_1', actor_name: 'reporting', action: 'deleteGoal' }),
  entry('aud_d', 3, { actor_kind: 'link', actor_id: null, actor_name: 'the printed sign-in link', status: 200 }),
];

let dir: string;
let source: Store;
const targets: Store[] = [];

beforeAll(async () => {
  source = await openDuckdbStore(':memory:');
  await source.createProperty({ id: 'shop', name: 'Shop', domain: null, timezone: 'UTC' });
  for (const r of log) await source.appendAudit(r);
  dir = await writeExports(source, 'audit-export');
});
afterAll(() => closeAndRemove([source, ...targets], dir));

describe.each([
  ['NDJSON into DuckDB', () => join(dir, 'export.ndjson'), () => openDuckdbStore(':memory:')],
  ['Parquet into ClickHouse', () => join(dir, 'parquet'), openChdbStore],
])('an export with an audit log, %s', (_name, path, open) => {
  it('leaves it out without --with-accounts, then brings every entry as it was', async () => {
    const without = await open();
    targets.push(without);
    expect(await importCommand(without, path())).toBe(
      "imported 1 property, 0 API keys, 0 saved funnels, 0 tests, 0 snapshots, 0 events\nleft out the export's 4 audit log entries: they come with --with-accounts",
    );
    expect(await without.listAudit({ limit: 10 })).toEqual([]);
    const target = await open();
    targets.push(target);
    expect(await importCommand(target, path(), { withAccounts: true })).toBe(
      'imported 1 property, 0 API keys, 0 saved funnels, 0 tests, 4 audit log entries, 0 snapshots, 0 events',
    );
    expect(await target.listAudit({ limit: 10 })).toEqual([...log].reverse());
  });
});

describe('the export of the audit log', () => {
  it('lists it oldest first, and has audit_log.parquet only when there are entries', async () => {
    expect((await contentsOf(source)).metadata.audit.map((r) => r.id)).toEqual(['aud_a', 'aud_b', 'aud_c', 'aud_d']);
    expect(await readdir(join(dir, 'parquet'))).toContain('audit_log.parquet');
    const empty = await openDuckdbStore(':memory:');
    targets.push(empty);
    await writeParquet(await contentsOf(empty), join(dir, 'none'));
    expect(await readdir(join(dir, 'none'))).not.toContain('audit_log.parquet');
  });
});
