import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../auth/account-links.js';
import { hashPassword } from '../auth/passwords.js';
import { ADMIN, adminCall } from '../test-support/admin-session.js';
import { createTestEnv, PROP_A, PROP_B, type TestEnv } from '../test-support/fixtures.js';

// The Team page's API (issue 43 §1–3): invitations as accounts without a password and their one-time
// links, their state, and an owner's changes, never leaving the installation without an owner.

const PASSWORD = 'correct horse battery';
let env: TestEnv;
const cookie = {} as Record<'owner' | 'admin' | 'scoped', string>;

async function signIn(email: string, password = PASSWORD) {
  const res = await env.app.inject({
    method: 'POST',
    url: `${ADMIN}/sign-in`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
  });
  return /^sl_session=([^;]*)/.exec(String(res.headers['set-cookie'] ?? ''))?.[1] ?? null;
}

beforeAll(async () => {
  env = await createTestEnv();
  for (const [email, role, props] of [
    ['owner@example.com', 'owner', []],
    ['admin@example.com', 'admin', []],
    ['scoped@example.com', 'admin', [PROP_A]],
  ] as const) {
    const { account } = await createAccount(env.store, { email, role, property_ids: [...props] });
    await env.store.updateAccount({ ...account, password_hash: await hashPassword(PASSWORD) });
  }
  cookie.owner = (await signIn('owner@example.com'))!;
  cookie.admin = (await signIn('admin@example.com'))!;
  cookie.scoped = (await signIn('scoped@example.com'))!;
});
afterAll(() => env.close());

const invite = (who: keyof typeof cookie, body: unknown) =>
  adminCall(env.app, 'POST', `${ADMIN}/accounts`, cookie[who], body);

describe('invitations', () => {
  it('make an account with a one-time link the invitee uses to set a password and sign in', async () => {
    const r = await invite('admin', { email: 'Vi@Example.com', role: 'viewer' });
    expect(r.status).toBe(201);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body.account).toMatchObject({
      email: 'vi@example.com',
      role: 'viewer',
      state: 'invited',
      property_ids: [],
    });
    expect(r.body.link).toMatch(/^http:\/\/localhost:80\/set-password\?token=[0-9A-Za-z]{43}$/);
    expect(Date.parse(r.body.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const token = new URL(r.body.link).searchParams.get('token');
    const set = await env.app.inject({
      method: 'POST',
      url: `${ADMIN}/set-password`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token, password: PASSWORD }),
    });
    expect(set.statusCode).toBe(200);
    const list = await adminCall(env.app, 'GET', `${ADMIN}/accounts`, cookie.admin);
    expect(list.body.data.find((a: { email: string }) => a.email === 'vi@example.com').state).toBe('active');
    expect((await invite('admin', { email: 'vi@example.com', role: 'viewer' })).status).toBe(409);
  });

  it('is listed as expired once its link runs out (7 days), and as invited again with a new link', async () => {
    const { account } = await createAccount(env.store, { email: 'late@example.com', role: 'viewer', property_ids: [] });
    // Another account whose only link ran out yesterday: as one invited 8 days ago.
    const late = { ...account, id: 'acc_late', email: 'later@example.com' };
    await env.store.createAccount(late);
    await env.store.createAccountToken('f'.repeat(64), late.id, new Date(Date.now() - 86_400_000));
    // And one with no link at all, as an account imported from an export.
    await env.store.createAccount({ ...account, id: 'acc_imported', email: 'imported@example.com' });
    const states = async () =>
      Object.fromEntries(
        (await adminCall(env.app, 'GET', `${ADMIN}/accounts`, cookie.owner)).body.data.map(
          (a: { email: string; state: string }) => [a.email, a.state],
        ),
      );
    expect(await states()).toMatchObject({
      'late@example.com': 'invited',
      'later@example.com': 'expired',
      'imported@example.com': 'expired',
    });
    const link = await adminCall(env.app, 'POST', `${ADMIN}/accounts/acc_late/link`, cookie.owner);
    expect([link.status, link.body.account.state]).toEqual([201, 'invited']);
    expect((await states())['later@example.com']).toBe('invited');
  });

  it('go no higher than the inviter: only an owner invites an owner, a scoped admin only to its properties', async () => {
    expect((await invite('admin', { email: 'o2@example.com', role: 'owner' })).status).toBe(403);
    expect((await invite('owner', { email: 'o2@example.com', role: 'owner' })).status).toBe(201);
    expect((await invite('scoped', { email: 's1@example.com', role: 'viewer' })).status).toBe(403);
    expect((await invite('scoped', { email: 's1@example.com', role: 'viewer', property_ids: [PROP_B] })).status).toBe(
      403,
    );
    const ok = await invite('scoped', { email: 's1@example.com', role: 'editor', property_ids: [PROP_A] });
    expect(ok.status).toBe(201);
    expect(ok.body.account.property_ids).toEqual([PROP_A]);
    expect((await invite('owner', { email: 'bad', role: 'viewer' })).body.error.details.field).toBe('email');
  });
});

describe('owner-rights sign-in links', () => {
  it('are no longer made from the dashboard once an owner has an account', async () => {
    const r = await adminCall(env.app, 'POST', `${ADMIN}/sign-in-links`, cookie.owner);
    expect(r.status).toBe(409);
    expect(r.body.error.message).toMatch(/invite people from the Team page/);
  });
});

describe('an owner’s changes', () => {
  it('change a role and properties at once, disable (ending sessions) and enable, and make new links', async () => {
    const made = await invite('owner', { email: 'ed@example.com', role: 'editor' });
    const id = made.body.account.id;
    const patch = (body: unknown, who: keyof typeof cookie = 'owner') =>
      adminCall(env.app, 'PATCH', `${ADMIN}/accounts/${id}`, cookie[who], body);
    expect((await patch({ role: 'viewer' }, 'admin')).status).toBe(403);
    expect((await patch({ role: 'viewer', property_ids: [PROP_B] })).body).toMatchObject({
      role: 'viewer',
      property_ids: [PROP_B],
      state: 'invited',
    });
    expect((await patch({ property_ids: ['nosuch'] })).status).toBe(400);
    const link = await adminCall(env.app, 'POST', `${ADMIN}/accounts/${id}/link`, cookie.owner);
    expect(link.status).toBe(201);
    const token = new URL(link.body.link).searchParams.get('token');
    await env.app.inject({
      method: 'POST',
      url: `${ADMIN}/set-password`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token, password: PASSWORD }),
    });
    const theirs = await signIn('ed@example.com');
    expect((await adminCall(env.app, 'GET', `${ADMIN}/session`, theirs)).body.account.property_ids).toEqual([PROP_B]);
    expect((await patch({ disabled: true })).body.state).toBe('disabled');
    expect((await adminCall(env.app, 'GET', `${ADMIN}/session`, theirs)).status).toBe(401);
    expect((await adminCall(env.app, 'POST', `${ADMIN}/accounts/${id}/link`, cookie.owner)).status).toBe(409);
    expect((await patch({ disabled: false })).body.state).toBe('active');
    expect(
      (await adminCall(env.app, 'PATCH', `${ADMIN}/accounts/acc_nosuch`, cookie.owner, { role: 'viewer' })).status,
    ).toBe(404);
  });

  it('never leave the installation without an active owner', async () => {
    const list = await adminCall(env.app, 'GET', `${ADMIN}/accounts`, cookie.owner);
    const owners = list.body.data.filter(
      (a: { role: string; state: string }) => a.role === 'owner' && a.state !== 'disabled',
    );
    // owner@ and the invited o2@, who has no password yet: o2 may step down; owner@ is the last who can sign in.
    expect(owners.map((a: { email: string }) => a.email)).toEqual(['owner@example.com', 'o2@example.com']);
    const o2 = owners[1].id;
    expect((await adminCall(env.app, 'PATCH', `${ADMIN}/accounts/${o2}`, cookie.owner, { role: 'admin' })).status).toBe(
      200,
    );
    const me = owners[0].id;
    const last = await adminCall(env.app, 'PATCH', `${ADMIN}/accounts/${me}`, cookie.owner, { disabled: true });
    expect(last.status).toBe(409);
    expect(last.body.error.message).toMatch(/last active owner/);
  });
});
