import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, issueAccountToken } from '../auth/account-links.js';
import { hashPassword } from '../auth/passwords.js';
import { ADMIN, adminCall } from '../test-support/admin-session.js';
import { createTestEnv, type TestEnv } from '../test-support/fixtures.js';
import {
  FAILED_SIGN_INS_PER_ACCOUNT,
  FAILED_SIGN_INS_PER_ADDRESS,
  OPEN_REQUESTS_PER_ADDRESS,
} from './account-session-routes.js';

// Signing in with an account (issue 43 §1): passwords, set-password links, throttling, disabled
// accounts. The clock stands still, so no budget refills during a test.

const PASSWORD = 'correct horse battery';
let env: TestEnv;
beforeEach(async () => {
  env = await createTestEnv({ clock: () => Date.parse('2026-03-02T12:00:00Z') });
});
afterEach(() => env.close());

async function post(path: string, body: unknown, headers: Record<string, string> = {}, ip = '198.51.100.7') {
  const res = await env.app.inject({
    method: 'POST',
    url: `${ADMIN}${path}`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
  const cookie = /^sl_session=([^;]*)/.exec(String(res.headers['set-cookie'] ?? ''))?.[1] ?? null;
  return { status: res.statusCode, body: res.json(), headers: res.headers, cookie };
}

async function withPassword(email: string, role: 'owner' | 'viewer' = 'viewer') {
  const { account } = await createAccount(env.store, { email, role, property_ids: [] });
  const withHash = { ...account, password_hash: await hashPassword(PASSWORD) };
  await env.store.updateAccount(withHash);
  return withHash;
}

describe('POST /sign-in', () => {
  it('signs in with the right password only, and says nothing about which part was wrong', async () => {
    await withPassword('ana@example.com');
    const ok = await post('/sign-in', { email: ' Ana@Example.com ', password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.account).toMatchObject({ email: 'ana@example.com', role: 'viewer' });
    expect(ok.cookie).toMatch(/^[0-9A-Za-z]{43}$/);
    const session = await adminCall(env.app, 'GET', `${ADMIN}/session`, ok.cookie);
    expect(session.body.account.email).toBe('ana@example.com');
    const wrong = await post('/sign-in', { email: 'ana@example.com', password: 'nope nope nope' });
    const unknown = await post('/sign-in', { email: 'bo@example.com', password: PASSWORD });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.error.message).toBe(unknown.body.error.message);
    expect(wrong.cookie).toBeNull();
  });

  it('refuses another origin and anything but JSON, so no other site can sign a visitor in', async () => {
    await withPassword('ana@example.com');
    const body = { email: 'ana@example.com', password: PASSWORD };
    expect((await post('/sign-in', body, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post('/sign-in', body, { 'content-type': 'text/plain' })).status).toBe(415);
  });

  it('throttles failed attempts per account and per address', async () => {
    await withPassword('ana@example.com');
    for (let i = 0; i < FAILED_SIGN_INS_PER_ACCOUNT; i++)
      expect(
        (await post('/sign-in', { email: 'ana@example.com', password: 'wrong wrong' }, {}, `198.51.100.${i}`)).status,
      ).toBe(401);
    const held = await post('/sign-in', { email: 'ana@example.com', password: PASSWORD }, {}, '198.51.100.99');
    expect(held.status).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // From one address, across many accounts.
    for (let i = 0; i < FAILED_SIGN_INS_PER_ADDRESS; i++)
      await post('/sign-in', { email: `x${i}@example.com`, password: 'wrong wrong' }, {}, '203.0.113.5');
    await withPassword('cy@example.com');
    expect((await post('/sign-in', { email: 'cy@example.com', password: PASSWORD }, {}, '203.0.113.5')).status).toBe(
      429,
    );
    expect((await post('/sign-in', { email: 'cy@example.com', password: PASSWORD }, {}, '203.0.113.6')).status).toBe(
      200,
    );
  });
});

describe('the open routes', () => {
  it('answer an address at most OPEN_REQUESTS_PER_ADDRESS times a minute, whatever it asks', async () => {
    const look = (ip: string) =>
      env.app.inject({ method: 'GET', url: `${ADMIN}/password-links/${'x'.repeat(43)}`, remoteAddress: ip });
    for (let i = 0; i < OPEN_REQUESTS_PER_ADDRESS; i++) expect((await look('203.0.113.9')).statusCode).toBe(404);
    const held = await look('203.0.113.9');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('/sign-in', { email: 'a@example.com', password: 'x' }, {}, '203.0.113.9')).status).toBe(429);
    expect((await look('203.0.113.10')).statusCode).toBe(404);
  });
});

describe('set-password links', () => {
  it('say whose they are, set the password once, and sign in', async () => {
    const { account, token } = await createAccount(env.store, {
      email: 'new@example.com',
      role: 'editor',
      property_ids: [],
    });
    const link = await env.app.inject({ method: 'GET', url: `${ADMIN}/password-links/${token}` });
    expect(link.json()).toEqual({ email: 'new@example.com' });
    expect((await post('/set-password', { token, password: 'short' })).body.error.details.field).toBe('password');
    const set = await post('/set-password', { token, password: PASSWORD });
    expect(set.status).toBe(200);
    expect(set.body.account).toMatchObject({ id: account.id, role: 'editor' });
    expect((await post('/set-password', { token, password: PASSWORD })).status).toBe(404);
    expect((await env.app.inject({ method: 'GET', url: `${ADMIN}/password-links/${token}` })).statusCode).toBe(404);
    expect((await post('/sign-in', { email: 'new@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('end the sessions the old password opened', async () => {
    const ana = await withPassword('ana@example.com');
    const before = (await post('/sign-in', { email: 'ana@example.com', password: PASSWORD })).cookie;
    const { token } = await issueAccountToken(env.store, ana.id);
    await post('/set-password', { token, password: 'a brand new password' });
    expect((await adminCall(env.app, 'GET', `${ADMIN}/session`, before)).status).toBe(401);
  });

  it('opened at /sign-in by mistake, go to the set-password page unused', async () => {
    const { token } = await createAccount(env.store, { email: 'new@example.com', role: 'viewer', property_ids: [] });
    const res = await env.app.inject({ method: 'GET', url: `/sign-in?token=${token}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/set-password?token=${token}`);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await post('/set-password', { token, password: PASSWORD })).status).toBe(200);
  });
});

describe('a disabled account', () => {
  it('cannot sign in, and its open sessions stop working', async () => {
    const ana = await withPassword('ana@example.com');
    const cookie = (await post('/sign-in', { email: 'ana@example.com', password: PASSWORD })).cookie;
    await env.store.updateAccount({ ...ana, disabled_at: new Date() });
    expect((await adminCall(env.app, 'GET', `${ADMIN}/session`, cookie)).status).toBe(401);
    const again = await post('/sign-in', { email: 'ana@example.com', password: PASSWORD });
    expect(again.status).toBe(401);
    expect(again.body.error.message).toBe('this account is disabled');
  });
});
