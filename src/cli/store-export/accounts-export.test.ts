import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, passwordMatches } from '../../server/auth/passwords.js';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import { TWO_FACTOR_OFF } from '../../server/store/account-store.js';
import type { AccountRecord, Store } from '../../server/store/store.js';
import { importCommand } from '../commands/import.js';
import { closeAndRemove, openChdbStore, writeExports } from '../test-support/export-files.js';
import { contentsOf } from './store-contents.js';
import { writeParquet } from './write-parquet.js';

// Dashboard accounts move with an export (issue 43), as stored (argon2id hashes, never passwords), and
// only when the import asks for them (--with-accounts), as API keys only with --with-keys; two-factor
// sign-in travels with them, as stored.

const at = (day: number) => new Date(Date.UTC(2026, 4, day, 10));
let dir: string;
let source: Store;
const targets: Store[] = [];
let accounts: AccountRecord[];

beforeAll(async () => {
  source = await openDuckdbStore(':memory:');
  await source.createProperty({ id: 'shop', name: 'Shop', domain: null, timezone: 'UTC' });
  accounts = [
    {
      id: 'acc_owner',
      email: 'ana@example.com',
      role: 'owner',
      property_ids: [],
      password_hash: await hashPassword('correct horse battery'),
      created_at: at(1),
      disabled_at: null,
      // Two-factor on: the secret as stored, the last step a code was taken at, two unused recovery codes.
      totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      totp_enabled_at: at(2),
      totp_last_step: 59_184_000,
      recovery_code_hashes: ['a'.repeat(64), 'b'.repeat(64)],
    },
    {
      id: 'acc_viewer',
      email: 'bo@example.com',
      role: 'viewer',
      property_ids: ['shop'],
      password_hash: null,
      created_at: at(2),
      disabled_at: at(3),
      ...TWO_FACTOR_OFF,
    },
  ];
  for (const a of accounts) await source.createAccount(a);
  dir = await writeExports(source, 'accounts-export');
});
afterAll(() => closeAndRemove([source, ...targets], dir));

describe.each([
  ['NDJSON into DuckDB', () => join(dir, 'export.ndjson'), () => openDuckdbStore(':memory:')],
  ['Parquet into ClickHouse', () => join(dir, 'parquet'), openChdbStore],
])('an export with accounts, %s', (_name, path, open) => {
  it('leaves them out unless asked, then brings them as they were: the same password still signs in', async () => {
    const without = await open();
    targets.push(without);
    expect(await importCommand(without, path())).toBe(
      "imported 1 property, 0 API keys, 0 saved funnels, 0 tests, 0 snapshots, 0 events\nleft out the export's 2 accounts: to bring them, import into a store without them with --with-accounts",
    );
    expect(await without.listAccounts()).toEqual([]);
    const target = await open();
    targets.push(target);
    expect(await importCommand(target, path(), { withAccounts: true })).toBe(
      [
        'imported 1 property, 0 API keys, 0 saved funnels, 0 tests, 2 accounts, 0 snapshots, 0 events',
        'this account now signs in to the dashboard (disable any you do not know: users disable --email E):',
        '  ana@example.com owner; properties (all)',
      ].join('\n'),
    );
    expect(await target.listAccounts()).toEqual(accounts);
    const owner = await target.findAccountByEmail('ana@example.com');
    expect(await passwordMatches(owner!.password_hash, 'correct horse battery')).toBe(true);
  });
});

describe('the export of accounts', () => {
  it('has accounts.parquet only when there are accounts', async () => {
    expect(await readdir(join(dir, 'parquet'))).toContain('accounts.parquet');
    const empty = await openDuckdbStore(':memory:');
    targets.push(empty);
    await writeParquet(await contentsOf(empty), join(dir, 'none'));
    expect(await readdir(join(dir, 'none'))).not.toContain('accounts.parquet');
  });
});
