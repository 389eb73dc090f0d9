import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import type { Store } from '../../server/store/store.js';
import { usersCommand } from './users.js';

// `users …` in process (the real CLI's wiring and output: cli.test.ts): the accounts it makes and
// changes, and its one-line errors.

const config = { HOST: '127.0.0.1', PORT: 8787, PUBLIC_URL: undefined };
let store: Store;
let out: string[];
beforeEach(async () => {
  store = await openDuckdbStore(':memory:');
  await store.createProperty({ id: 'p', name: 'P', domain: null, timezone: 'UTC' });
  out = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await store.close();
});

const run = (sub: string, flags: Record<string, string>) => usersCommand(store, sub, flags, config);
const rows = async () => {
  out = [];
  await run('list', {});
  return out.map((l) => l.split('\t'));
};

describe('users', () => {
  it('refuses a taken email, an unknown role or property, and an unknown account, saying which', async () => {
    await run('create', { email: 'ana@example.com', role: 'viewer' });
    await expect(run('create', { email: 'ANA@example.com', role: 'owner' })).rejects.toThrow(/has an account already/);
    await expect(run('create', { email: 'bo@example.com', role: 'boss' })).rejects.toThrow(
      '--role: one of owner, admin, editor, viewer',
    );
    await expect(run('create', { email: 'bo@example.com', role: 'admin', properties: 'p,ghost' })).rejects.toThrow(
      /ghost/,
    );
    await expect(run('create', { email: 'not an email', role: 'admin' })).rejects.toThrow(
      '--email: not an email address',
    );
    await expect(run('disable', { email: 'nobody@example.com' })).rejects.toThrow('no account for nobody@example.com');
  });

  it('disables and enables by email (a disabled account’s sessions end), and resets with a new link', async () => {
    await run('create', { email: 'ana@example.com', role: 'editor', properties: 'p' });
    expect(await rows()).toEqual([['ana@example.com', 'editor', 'p', 'invited', '2fa off']]);
    const ana = (await store.findAccountByEmail('ana@example.com'))!;
    await store.createAdminSession('s', new Date(Date.now() + 60_000), ana.id);
    await run('disable', { email: 'ana@example.com' });
    expect((await rows())[0][3]).toBe('disabled');
    expect(await store.adminSession('s', new Date())).toBeNull();
    await run('enable', { email: 'ana@example.com' });
    expect((await rows())[0][3]).toBe('invited');
    out = [];
    await run('reset-password', { email: 'ana@example.com' });
    expect(out.at(-1)).toMatch(/^http:\/\/127\.0\.0\.1:8787\/set-password\?token=[0-9A-Za-z]{43}$/);
  });

  it('require-2fa turns the requirement on and off, and list shows who has two-factor on', async () => {
    await run('create', { email: 'ana@example.com', role: 'owner' });
    await run('create', { email: 'bo@example.com', role: 'viewer' });
    const bo = (await store.findAccountByEmail('bo@example.com'))!;
    await store.updateAccount({ ...bo, totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', totp_enabled_at: new Date() });
    expect((await rows()).map((r) => [r[0], r[4]])).toEqual([
      ['ana@example.com', '2fa off'],
      ['bo@example.com', '2fa on'],
    ]);
    out = [];
    await usersCommand(store, 'require-2fa', {}, config, ['on']);
    expect(out).toEqual(['two-factor sign-in is required: 1 account without it can only turn it on until they do']);
    expect(await store.getSignInSetting('require_2fa')).toBe('on');
    await usersCommand(store, 'require-2fa', {}, config, ['off']);
    expect(await store.getSignInSetting('require_2fa')).toBe('off');
    await expect(usersCommand(store, 'require-2fa', {}, config, ['yes'])).rejects.toThrow(
      'usage: users require-2fa on|off',
    );
    await expect(usersCommand(store, 'require-2fa', {}, config)).rejects.toThrow('usage: users require-2fa on|off');
  });
});
