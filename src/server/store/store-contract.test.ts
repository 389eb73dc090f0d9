import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newApiKey } from '../auth/api-keys.js';
import { openTestStore, testStoreKind } from '../test-support/test-store.js';
import { TWO_FACTOR_OFF } from './account-store.js';
import type { SnapshotElement, Store } from './store.js';

// The service tables through the Store interface on either store (SIGHTLINE_TEST_STORE): properties,
// keys, saved funnels, sign-in tokens, admin sessions and page snapshots give the same answers, and
// their one-time promises (a token works once, a revoke or delete happens once) hold.

const at = (iso: string) => new Date(iso);
const DAY = 86_400_000;

let store: Store;
beforeEach(async () => {
  store = await openTestStore();
});
afterEach(async () => {
  await store.close();
});

const key = (name: string, propertyIds = ['a']) => newApiKey({ name, propertyIds, permissions: ['read'] }).record;

describe('properties', () => {
  it('are created with their time, listed oldest first and looked up by id (ordered by id)', async () => {
    const b = await store.createProperty({ id: 'b', name: 'B', domain: 'b.example', timezone: 'Europe/Berlin' });
    expect(b).toEqual({
      id: 'b',
      name: 'B',
      domain: 'b.example',
      timezone: 'Europe/Berlin',
      created_at: expect.any(Date),
    });
    await new Promise((r) => setTimeout(r, 5)); // distinct created_at
    const a = await store.createProperty({ id: 'a', name: 'A', domain: null, timezone: 'UTC' });
    expect(await store.listProperties()).toEqual([b, a]);
    expect(await store.getProperties(['b', 'a', 'missing'])).toEqual([a, b]);
    expect(await store.getProperties([])).toEqual([]);
  });

  it('refuse a second property with the same id', async () => {
    await store.createProperty({ id: 'a', name: 'A', domain: null, timezone: 'UTC' });
    await expect(store.createProperty({ id: 'a', name: 'Again', domain: null, timezone: 'UTC' })).rejects.toThrow();
    expect((await store.listProperties()).map((p) => p.name)).toEqual(['A']);
  });
});

describe('API keys', () => {
  it('are listed by creation, found by prefix, and revoked once (revoked_at does not move)', async () => {
    const first = { ...key('first', ['a', 'b']), created_at: at('2026-03-01T10:00:00.123Z') };
    const second = { ...key('second'), created_at: at('2026-03-01T09:00:00Z') };
    await store.createApiKey(first);
    await store.createApiKey(second);
    expect(await store.listApiKeys()).toEqual([second, first]);
    expect(await store.findApiKeysByPrefix(first.prefix)).toEqual([first]);
    expect(await store.findApiKeysByPrefix('sl_nothing')).toEqual([]);

    const revokedAt = at('2026-03-02T08:00:00.456Z');
    expect(await store.revokeApiKey(first.id, revokedAt)).toBe(true);
    expect(await store.revokeApiKey(first.id, at('2026-03-03T08:00:00Z'))).toBe(false);
    expect(await store.findApiKeysByPrefix(first.prefix)).toEqual([{ ...first, revoked_at: revokedAt }]);
    expect((await store.listApiKeys()).map((k) => k.revoked_at)).toEqual([null, revokedAt]);
    expect(await store.revokeApiKey('key_unknown', revokedAt)).toBe(false);
  });
});

describe('saved funnels', () => {
  const funnel = (id: string, created: string, property_id = 'a') => ({
    id,
    property_id,
    name: `Funnel ${id}`,
    steps: [{ page: '/' }, { page: `/${id}` }],
    created_at: at(created),
    updated_at: at(created),
  });

  it('are listed newest first (ties by id), updated in place and deleted once', async () => {
    const one = funnel('f1', '2026-03-01T10:00:00Z');
    const two = funnel('f2', '2026-03-02T10:00:00Z');
    const twin = funnel('f0', '2026-03-02T10:00:00Z');
    for (const f of [one, two, twin, funnel('other', '2026-03-03T10:00:00Z', 'b')]) await store.saveFunnel(f);
    expect(await store.listSavedFunnels('a')).toEqual([twin, two, one]);

    // an update keeps the funnel's property and creation time, whatever the record says
    const updated = {
      ...one,
      name: 'Signup v2',
      steps: [{ page: '/pricing' }],
      updated_at: at('2026-03-04T10:00:00.789Z'),
    };
    await store.saveFunnel({ ...updated, property_id: 'b', created_at: at('2026-03-05T00:00:00Z') });
    expect(await store.getSavedFunnel('a', 'f1')).toEqual(updated);
    expect(await store.getSavedFunnel('b', 'f1')).toBeNull();
    expect(await store.listSavedFunnels('a')).toEqual([twin, two, updated]);

    expect(await store.deleteSavedFunnel('b', 'f1')).toBe(false); // another property's id
    expect(await store.deleteSavedFunnel('a', 'f1')).toBe(true);
    expect(await store.deleteSavedFunnel('a', 'f1')).toBe(false);
    expect(await store.getSavedFunnel('a', 'f1')).toBeNull();
    expect(await store.listSavedFunnels('a')).toEqual([twin, two]);
    expect((await store.listSavedFunnels('b')).map((f) => f.id)).toEqual(['other']);
  });
});

describe('sign-in tokens', () => {
  const expires = at('2026-03-02T12:00:00Z');
  const before = new Date(expires.getTime() - 1);

  it('work once, and not at or after their expiry', async () => {
    await store.createSignInToken('t1', expires);
    await store.createSignInToken('t2', expires);
    expect(await store.consumeSignInToken('t1', expires)).toBe(false);
    expect(await store.consumeSignInToken('t1', before)).toBe(true); // the expired try did not use it up
    expect(await store.consumeSignInToken('t1', before)).toBe(false);
    expect(await store.consumeSignInToken('unknown', before)).toBe(false);
    expect(await store.consumeSignInToken('t2', before)).toBe(true); // tokens are used apart
  });

  it('work once when two attempts race', async () => {
    await store.createSignInToken('race', expires);
    const results = await Promise.all([1, 2, 3].map(() => store.consumeSignInToken('race', before)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await store.consumeSignInToken('race', before)).toBe(false);
  });
});

describe('accounts', () => {
  const ana = {
    id: 'acc_ana',
    email: 'ana@example.com',
    role: 'viewer' as const,
    property_ids: ['a'],
    password_hash: null,
    created_at: at('2026-03-01T00:00:00Z'),
    disabled_at: null,
    ...TWO_FACTOR_OFF,
  };

  it('are kept, found by id and email, and changed whole', async () => {
    await store.createAccount(ana);
    await store.createAccount({ ...ana, id: 'acc_bo', email: 'bo@example.com', role: 'owner', property_ids: [] });
    expect(await store.getAccount('acc_ana')).toEqual(ana);
    expect(await store.findAccountByEmail('bo@example.com')).toMatchObject({ id: 'acc_bo', role: 'owner' });
    expect(await store.findAccountByEmail('nobody@example.com')).toBeNull();
    const changed = {
      ...ana,
      role: 'editor' as const,
      password_hash: '$argon2id$x',
      disabled_at: at('2026-03-02T00:00:00Z'),
    };
    await store.updateAccount(changed);
    expect(await store.getAccount('acc_ana')).toEqual(changed);
    expect((await store.listAccounts()).map((a) => a.id)).toEqual(['acc_ana', 'acc_bo']);
  });

  it('keep two-factor sign-in: its secret, when it was turned on, the last step taken and the recovery codes', async () => {
    await store.createAccount(ana);
    const on = {
      ...ana,
      totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      totp_enabled_at: at('2026-03-03T10:00:00.123Z'),
      totp_last_step: 59_184_000,
      recovery_code_hashes: ['a'.repeat(64), 'b'.repeat(64)],
    };
    await store.updateAccount(on);
    expect(await store.getAccount('acc_ana')).toEqual(on);
    await store.updateAccount({ ...on, totp_last_step: 59_184_001, recovery_code_hashes: ['b'.repeat(64)] });
    expect(await store.findAccountByEmail('ana@example.com')).toMatchObject({
      totp_last_step: 59_184_001,
      recovery_code_hashes: ['b'.repeat(64)],
    });
    await store.updateAccount({ ...on, ...TWO_FACTOR_OFF });
    expect(await store.getAccount('acc_ana')).toEqual(ana);
  });

  it('keep the sign-in settings, the latest value of each', async () => {
    expect(await store.getSignInSetting('require_2fa')).toBeNull();
    await store.putSignInSetting('require_2fa', 'on');
    await store.putSignInSetting('require_2fa', 'off');
    await store.putSignInSetting('other', 'x');
    expect(await store.getSignInSetting('require_2fa')).toBe('off');
  });

  it('have one-time tokens that name them, and sessions that end together', async () => {
    const expires = at('2026-04-01T12:00:00Z');
    const before = new Date(expires.getTime() - 1);
    await store.createAccountToken('pw1', 'acc_ana', expires);
    await store.createSignInToken('plain', expires);
    expect(await store.accountTokenAccount('pw1', before)).toBe('acc_ana');
    expect(await store.accountTokenAccount('plain', before)).toBeNull(); // the printed link's names no account
    expect(await store.accountTokenAccount('pw1', expires)).toBeNull();
    expect(await store.consumeSignInToken('pw1', before)).toBe(true);
    expect(await store.accountTokenAccount('pw1', before)).toBeNull(); // used
    await store.createAdminSession('as1', expires, 'acc_ana');
    await store.createAdminSession('as2', expires, 'acc_ana');
    await store.createAdminSession('legacy', expires);
    expect(await store.adminSession('as1', before)).toEqual({ account_id: 'acc_ana' });
    expect(await store.adminSession('legacy', before)).toEqual({ account_id: null });
    await store.deleteAccountSessions('acc_ana');
    expect(await store.adminSession('as1', before)).toBeNull();
    expect(await store.adminSession('as2', before)).toBeNull();
    expect(await store.adminSession('legacy', before)).toEqual({ account_id: null });
  });
});

describe('admin sessions', () => {
  it('are valid until they expire, and deleted once', async () => {
    const expires = at('2026-04-01T12:00:00Z');
    await store.createAdminSession('s1', expires);
    await store.createAdminSession('s2', at('2026-03-01T00:00:00Z'));
    expect(null !== (await store.adminSession('s1', new Date(expires.getTime() - 1)))).toBe(true);
    expect(null !== (await store.adminSession('s1', expires))).toBe(false);
    expect(null !== (await store.adminSession('unknown', at('2026-01-01T00:00:00Z')))).toBe(false);
    expect(await store.deleteAdminSession('s1')).toBe(true);
    expect(null !== (await store.adminSession('s1', at('2026-03-01T00:00:00Z')))).toBe(false);
    expect(await store.deleteAdminSession('s1')).toBe(false);
    expect(await store.deleteAdminSession('s2')).toBe(true); // expired, but still there to delete
    expect(await store.deleteAdminSession('unknown')).toBe(false);
  });
});

describe('page snapshots', () => {
  const el = (text: string): SnapshotElement[] => [
    { selector: 'h1', tag: 'h1', kind: 'heading', text, styles: { color: 'red' } },
  ];
  const newest = at('2026-03-20T12:00:00.500Z');
  const daysBefore = (d: number) => new Date(newest.getTime() - d * DAY);
  const snap = (text: string, ts: Date, path = '/p') => ({ property_id: 'a', path, ts, elements: el(text) });

  it('are none for a page that sent none', async () => {
    await store.saveSnapshots([snap('Other page', newest, '/other')]);
    expect(await store.pageSnapshot('a', '/p')).toBeNull();
    expect(await store.pageSnapshot('b', '/other')).toBeNull();
  });

  it('are the version most sent in the week up to the newest; of equals, the one there first', async () => {
    await store.saveSnapshots([
      snap('Old', daysBefore(7.001)),
      snap('Old', daysBefore(8)),
      snap('Old', daysBefore(9)), // before the week: out
      snap('B', daysBefore(7)),
      snap('B', daysBefore(5)), // the week's first instant is in
      snap('C', daysBefore(4)),
      snap('C', daysBefore(3)),
      snap('Newest', newest),
    ]);
    // B and C were sent twice each: B was there first, and C must outvote it to replace it
    expect(await store.pageSnapshot('a', '/p')).toEqual({
      property_id: 'a',
      path: '/p',
      ts: daysBefore(5),
      elements: el('B'),
    });
    await store.saveSnapshots([snap('C', daysBefore(2))]);
    expect((await store.pageSnapshot('a', '/p'))?.elements).toEqual(el('C'));

    // browsers sending the same version in the same millisecond are separate sends (not one redelivered)
    for (let i = 0; i < 3; i++) await store.saveSnapshots([snap('D', daysBefore(6))]);
    expect(await store.pageSnapshot('a', '/p')).toEqual({
      property_id: 'a',
      path: '/p',
      ts: daysBefore(6),
      elements: el('D'),
    });
  });
});

// Several Sightline servers on one ClickHouse (issue 11): two stores opened on the same database see
// each other's writes at once. DuckDB is embedded: one process owns its file, so there is no second
// store to open on it and nothing to test there.
describe.skipIf(testStoreKind === 'duckdb')('two stores on one database', () => {
  let other: Store;
  beforeEach(async () => {
    await store.close();
    const { openClickhouseStore } = await import('./clickhouse/clickhouse-store.js');
    const target = { kind: 'chdb' as const, path: ':memory:', database: `test_${randomUUID().replaceAll('-', '')}` };
    store = await openClickhouseStore({ target, dropOnClose: true });
    other = await openClickhouseStore({ target });
  });
  afterEach(async () => {
    await other.close();
  });

  it('agree on properties, keys, funnels, tokens and sessions', async () => {
    const property = await store.createProperty({ id: 'a', name: 'A', domain: null, timezone: 'UTC' });
    expect(await other.listProperties()).toEqual([property]);
    await expect(other.createProperty({ id: 'a', name: 'A again', domain: null, timezone: 'UTC' })).rejects.toThrow();

    const k = key('shared');
    await store.createApiKey(k);
    expect(await other.findApiKeysByPrefix(k.prefix)).toEqual([k]);
    const revokedAt = at('2026-03-02T08:00:00.001Z');
    expect(await store.revokeApiKey(k.id, revokedAt)).toBe(true);
    expect(await other.revokeApiKey(k.id, at('2026-03-02T08:00:01Z'))).toBe(false);
    expect(await other.findApiKeysByPrefix(k.prefix)).toEqual([{ ...k, revoked_at: revokedAt }]);

    const f = {
      id: 'f1',
      property_id: 'a',
      name: 'F',
      steps: [{ page: '/' }],
      created_at: at('2026-03-01T00:00:00Z'),
      updated_at: at('2026-03-01T00:00:00Z'),
    };
    await store.saveFunnel(f);
    expect(await other.deleteSavedFunnel('a', 'f1')).toBe(true);
    expect(await store.deleteSavedFunnel('a', 'f1')).toBe(false);
    // a save that read the funnel before the delete (on the other server) does not bring it back
    await store.saveFunnel({ ...f, name: 'F late', updated_at: at('2026-03-02T00:00:00Z') });
    expect(await other.getSavedFunnel('a', 'f1')).toBeNull();
    expect(await store.listSavedFunnels('a')).toEqual([]);

    const expires = at('2026-03-02T12:00:00Z');
    const before = new Date(expires.getTime() - 1);
    await store.createSignInToken('t', expires);
    expect(await other.consumeSignInToken('t', before)).toBe(true);
    expect(await store.consumeSignInToken('t', before)).toBe(false);
    await store.createSignInToken('race', expires);
    const raced = await Promise.all([store, other, store, other].map((s) => s.consumeSignInToken('race', before)));
    expect(raced.filter(Boolean)).toHaveLength(1);

    await store.createAdminSession('s', expires);
    expect(null !== (await other.adminSession('s', before))).toBe(true);
    expect(await other.deleteAdminSession('s')).toBe(true);
    expect(null !== (await store.adminSession('s', before))).toBe(false);
    expect(await store.deleteAdminSession('s')).toBe(false);
  });
});
