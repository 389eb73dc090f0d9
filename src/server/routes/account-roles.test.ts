import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoles, roleAtLeast, type AccountRole } from '../../contract/accounts.js';
import { adminEndpoints } from '../../contract/admin-endpoints.js';
import { endpoints, type Endpoint } from '../../contract/endpoints.js';
import { fillPath } from '../../contract/path-template.js';
import { createAccount } from '../auth/account-links.js';
import { rolePermissions } from '../auth/account-access.js';
import { hashPassword } from '../auth/passwords.js';
import { ADMIN, adminCall } from '../test-support/admin-session.js';
import { apiUrl, createTestEnv, PROP_A, PROP_B, type TestEnv } from '../test-support/fixtures.js';

// Accounts and roles (issue 43 §1–2): every dashboard route and every API route, for every role, on
// the server as the dashboard calls it (session cookie, CSRF token on writes).

const PASSWORD = 'correct horse battery';
const RANGE = { start: '2026-03-01', end: '2026-03-07' };
let env: TestEnv;
const cookies = {} as Record<AccountRole | 'scoped', string>;

async function signIn(email: string, password = PASSWORD, headers: Record<string, string> = {}) {
  const res = await env.app.inject({
    method: 'POST',
    url: `${ADMIN}/sign-in`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ email, password }),
  });
  const cookie = /^sl_session=([^;]*)/.exec(String(res.headers['set-cookie'] ?? ''))?.[1] ?? null;
  return { res, cookie };
}

async function account(email: string, role: AccountRole, propertyIds: string[] = []) {
  const { account: a } = await createAccount(env.store, { email, role, property_ids: propertyIds });
  await env.store.updateAccount({ ...a, password_hash: await hashPassword(PASSWORD) });
  return a;
}

beforeAll(async () => {
  env = await createTestEnv();
  for (const role of accountRoles) {
    await account(`${role}@example.com`, role);
    cookies[role] = (await signIn(`${role}@example.com`)).cookie!;
  }
  await account('scoped@example.com', 'admin', [PROP_A]);
  cookies.scoped = (await signIn('scoped@example.com')).cookie!;
});
afterAll(() => env.close());

/** A body each write accepts or refuses for its own reasons (400, 404, 409), never for the role. */
const BODIES: Partial<Record<string, unknown>> = {
  createProperty: { id: 'new-site', name: 'New', timezone: 'UTC' },
  updateProperty: { name: 'Renamed A' },
  createApiKey: { name: 'k', property_ids: [PROP_A] },
  createShareLink: { label: 'Board', reports: ['traffic'] },
};

describe('dashboard routes × roles', () => {
  const guarded = Object.entries(adminEndpoints).filter(([, e]) => !('open' in e && e.open)) as [string, Endpoint][];
  for (const [name, e] of guarded) {
    for (const role of accountRoles) {
      const allowed = !e.role || roleAtLeast(role, e.role);
      it(`${name} as ${role}: ${allowed ? 'allowed' : '403'}`, async () => {
        // Deleting is tried on a property that does not exist: the role check comes first either way.
        const target = e.path.includes('/keys/') ? 'key_nosuch' : name === 'deleteProperty' ? 'site-gone' : PROP_A;
        const url = `${ADMIN}${fillPath(e.path, () => target)}`;
        // Sign-out would end the session the next tests use; its own test below.
        if (name === 'signOut') return;
        const r = await adminCall(env.app, e.method, url, cookies[role], BODIES[name]);
        if (allowed) expect(r.status, JSON.stringify(r.body)).not.toBe(403);
        else {
          expect(r.status, JSON.stringify(r.body)).toBe(403);
          expect(r.body.error.details).toMatchObject({ role, needs: e.role });
        }
      });
    }
  }
});

describe('API routes × roles', () => {
  for (const [name, e] of Object.entries(endpoints) as [string, Endpoint][]) {
    if (!e.path.includes('{propertyId}')) continue;
    for (const role of accountRoles) {
      const allowed = rolePermissions(role).includes(e.permission ?? 'metrics');
      it(`${name} as ${role}: ${allowed ? 'allowed' : '403'}`, async () => {
        const path = fillPath(e.path, (p) => (p === 'propertyId' ? PROP_A : 'nosuch'));
        // A signed-in write always sends JSON (admin-auth.ts), so even a delete carries `{}`.
        const r = await adminCall(env.app, e.method, apiUrl(path), cookies[role], e.method === 'GET' ? undefined : {});
        if (allowed) expect(r.status, JSON.stringify(r.body)).not.toBe(403);
        else {
          expect(r.status, JSON.stringify(r.body)).toBe(403);
          expect(r.body.error.details).toMatchObject({ role, permission: e.permission });
        }
      });
    }
  }
});

describe('an account limited to some properties', () => {
  it('sees and changes only its own', async () => {
    const c = cookies.scoped;
    const list = await adminCall(env.app, 'GET', `${ADMIN}/properties`, c);
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual([PROP_A]);
    expect((await adminCall(env.app, 'GET', `${ADMIN}/properties/${PROP_B}/status`, c)).status).toBe(404);
    expect((await adminCall(env.app, 'PATCH', `${ADMIN}/properties/${PROP_B}`, c, { name: 'x' })).status).toBe(404);
    const report = await adminCall(env.app, 'GET', apiUrl(`/properties/${PROP_B}/traffic/summary`, RANGE), c);
    expect(report.status).toBe(403);
    expect(report.body.error.details.property_ids).toEqual([PROP_B]);
    expect((await adminCall(env.app, 'GET', apiUrl(`/properties/${PROP_A}/traffic/summary`, RANGE), c)).status).toBe(
      200,
    );
    const key = await adminCall(env.app, 'POST', `${ADMIN}/keys`, c, { name: 'b', property_ids: [PROP_B] });
    expect(key.status).toBe(403);
    const made = await adminCall(env.app, 'POST', `${ADMIN}/properties`, c, {
      id: 'x-site',
      name: 'X',
      timezone: 'UTC',
    });
    expect(made.status).toBe(403);
  });

  it('lists only the keys within its properties', async () => {
    const own = await adminCall(env.app, 'POST', `${ADMIN}/keys`, cookies.owner, {
      name: 'both',
      property_ids: [PROP_A, PROP_B],
    });
    expect(own.status).toBe(201);
    const seen = await adminCall(env.app, 'GET', `${ADMIN}/keys`, cookies.scoped);
    expect(seen.body.data.map((k: { id: string }) => k.id)).not.toContain(own.body.record.id);
    expect((await adminCall(env.app, 'DELETE', `${ADMIN}/keys/${own.body.record.id}`, cookies.scoped)).status).toBe(
      404,
    );
  });
});

describe('the session says who is signed in', () => {
  it('names the account and its role, and still needs the CSRF token to write', async () => {
    const s = await adminCall(env.app, 'GET', `${ADMIN}/session`, cookies.viewer);
    expect(s.body).toMatchObject({
      account: { email: 'viewer@example.com', role: 'viewer', property_ids: [] },
      role: 'viewer',
    });
    const noToken = await adminCall(
      env.app,
      'POST',
      `${ADMIN}/keys`,
      cookies.admin,
      { name: 'k', property_ids: [PROP_A] },
      {
        'x-csrf-token': 'wrong',
      },
    );
    expect(noToken.status).toBe(403);
    expect(noToken.body.error.details.field).toBe('x-csrf-token');
  });
});
