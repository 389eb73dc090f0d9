import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminEndpoints } from '../../contract/admin-endpoints.js';
import { fillPath } from '../../contract/path-template.js';
import { csrfTokenFor } from '../auth/csrf.js';
import { issueSignInToken } from '../auth/sign-in.js';
import { ADMIN, adminClient } from '../test-support/admin-session.js';
import { apiUrl, createTestEnv, get, insert, PROP_A, PROP_B, session, type TestEnv } from '../test-support/fixtures.js';

// Signing in by link, and what the admin session may do: read every property without a key, make
// sign-in links, sign out. The admin API's properties and keys: admin-routes.test.ts.

let env: TestEnv;
beforeEach(async () => {
  env = await createTestEnv();
});
afterEach(() => env.close());

const { signIn, call } = adminClient(() => env);

/** Opens the sign-in link as a browser would; returns the response and the session cookie's value. */
async function openLink(token: string, headers: Record<string, string> = {}) {
  const res = await env.app.inject({ method: 'GET', url: `/sign-in?token=${token}`, headers });
  const setCookie = String(res.headers['set-cookie'] ?? '');
  return { res, setCookie, cookie: /^sl_session=([^;]*)/.exec(setCookie)?.[1] ?? null };
}

describe('GET /sign-in', () => {
  it('turns a token into an HttpOnly, SameSite=Strict session cookie and redirects to the dashboard, once', async () => {
    const token = await issueSignInToken(env.store);
    const first = await openLink(token);
    expect(first.res.statusCode).toBe(303);
    expect(first.res.headers.location).toBe('/');
    expect(first.cookie).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(first.setCookie).toContain('HttpOnly');
    expect(first.setCookie).toContain('SameSite=Strict');
    expect(first.setCookie).toContain('Path=/');
    expect(first.setCookie).toContain(`Max-Age=${30 * 86_400}`);
    expect(first.setCookie).not.toContain('Secure');

    const again = await openLink(token);
    expect(again.res.statusCode).toBe(401);
    expect(again.setCookie).toBe('');
    expect(again.res.headers['content-type']).toMatch(/^text\/html/);
    expect(again.res.body).toContain('used or expired');
    expect(again.res.body).toContain('npm run cli -- admin sign-in-link');
    expect(again.res.body).toMatch(/restart the server/i);
  });

  it('refuses an expired, unknown or missing token', async () => {
    const old = await issueSignInToken(env.store, new Date(Date.now() - 25 * 3_600_000));
    for (const url of [
      `/sign-in?token=${old}`,
      `/sign-in?token=${'x'.repeat(43)}`,
      '/sign-in',
      '/sign-in?token=a&token=b',
    ]) {
      const res = await env.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('adds Secure behind an HTTPS proxy the server trusts', async () => {
    const { buildApp } = await import('../app.js');
    const proxied = await buildApp({ store: env.store, trustProxy: true });
    const res = await proxied.inject({
      method: 'GET',
      url: `/sign-in?token=${await issueSignInToken(env.store)}`,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(303);
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure$/);
    await proxied.close();
  });
});

describe('the admin session', () => {
  it('reads every property through /api/external/v1 without a key, including aggregates', async () => {
    const now = new Date();
    const ts = new Date(now.getTime() - 3_600_000).toISOString();
    await insert(env.store, [
      session('s1', 'v1').pv(ts, '/'),
      session('s2', 'v2', { property_id: PROP_B }).pv(ts, '/'),
      session('s3', 'v3', { property_id: PROP_B }).pv(ts, '/x'),
    ]);
    const cookie = await signIn();
    // From the events' day (an hour ago is yesterday just after midnight UTC) to today.
    const range = { start: ts.slice(0, 10), end: now.toISOString().slice(0, 10) };
    const qs = `?start=${range.start}&end=${range.end}`;
    const a = await call('GET', apiUrl(`/properties/${PROP_A}/traffic/summary`) + qs, cookie);
    const b = await call('GET', apiUrl(`/properties/${PROP_B}/traffic/summary`) + qs, cookie);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.page_views, b.body.data.page_views]).toEqual([1, 2]);
    const both = await call('POST', apiUrl('/properties/aggregate/traffic/summary') + qs, cookie, {
      propertyIds: [PROP_A, PROP_B],
    });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.data.page_views).toBe(3);
  });

  it('answers 404 naming the property when the admin asks for one that does not exist', async () => {
    const cookie = await signIn();
    const one = await call(
      'GET',
      apiUrl('/properties/nope-xyz/traffic/summary?start=2026-01-01&end=2026-01-02'),
      cookie,
    );
    expect([one.status, one.body.error.code, one.body.error.details.field]).toEqual([404, 'not_found', 'propertyId']);
    expect(one.body.error.message).toBe('no property "nope-xyz"');
    const many = await call(
      'POST',
      apiUrl('/properties/aggregate/traffic/summary?start=2026-01-01&end=2026-01-02'),
      cookie,
      { propertyIds: [PROP_A, 'nope-xyz'] },
    );
    expect([many.status, many.body.error.details.property_ids]).toEqual([404, ['nope-xyz']]);
    // Every property-scoped route, before its own parameters are looked at (a bad query is not the point).
    for (const path of [
      '/split-tests',
      '/split-tests/exp_x',
      '/saved-funnels',
      '/split-test-recommendations?page=/',
      '/funnels?steps=bad',
      '/traffic/realtime',
    ]) {
      const res = await call('GET', apiUrl(`/properties/nope-xyz${path}`), cookie);
      expect([res.status, res.body.error.details.field], path).toEqual([404, 'propertyId']);
    }
    const known = await call('GET', apiUrl(`/properties/${PROP_A}/funnels?steps=bad`), cookie);
    expect(known.status, 'an existing property goes on to validate the query').toBe(400);
  });

  it('without a cookie, or with a bad one, is 401 in the error envelope', async () => {
    for (const cookie of [null, 'A'.repeat(43), 'not a session']) {
      const admin = await call('GET', `${ADMIN}/session`, cookie);
      expect(admin.status).toBe(401);
      expect(admin.body.error.code).toBe('unauthorized');
      const report = await call('GET', apiUrl(`/properties/${PROP_A}/traffic/summary`), cookie);
      expect(report.status).toBe(401);
      expect(report.body.error.details.field).toBe('Authorization');
    }
  });

  it("serves every endpoint of the contract's admin table: signed out, each is 401, none 404", async () => {
    for (const [name, e] of Object.entries(adminEndpoints)) {
      const res = await call(e.method, ADMIN + fillPath(e.path, () => PROP_A), null, 'body' in e ? {} : undefined);
      // The open ones (signing in, set-password links) need no session: they judge the input (400 here);
      // one that takes none (whether mail is configured) just answers.
      const open = 'open' in e && e.open;
      expect([name, res.status]).toEqual([name, open ? ('body' in e || 'params' in e ? 400 : 200) : 401]);
    }
  });

  it('GET /session says signed in; POST /sign-out ends the session and clears the cookie', async () => {
    const cookie = await signIn();
    // The printed link's session has no account and acts as an owner until there is one.
    expect((await call('GET', `${ADMIN}/session`, cookie)).body).toEqual({
      signed_in: true,
      csrf_token: csrfTokenFor(cookie),
      account: null,
      role: 'owner',
      must_enrol_two_factor: false,
    });
    const out = await call('POST', `${ADMIN}/sign-out`, cookie);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ signed_out: true });
    expect(String(out.headers['set-cookie'])).toMatch(/^sl_session=; HttpOnly; SameSite=Strict; Path=\/; Max-Age=0/);
    expect((await call('GET', `${ADMIN}/session`, cookie)).status).toBe(401);
    expect((await call('GET', apiUrl(`/properties/${PROP_A}/saved-funnels`), cookie)).status).toBe(401);
  });

  it('POST /sign-in-links gives a signed-in admin a new one-time link that lets another browser in once', async () => {
    const cookie = await signIn();
    const made = await call('POST', `${ADMIN}/sign-in-links`, cookie, undefined, { host: 'dash.example:8787' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.headers['cache-control']).toBe('no-store');
    expect(made.body.link).toMatch(/^http:\/\/dash\.example:8787\/sign-in\?token=[0-9A-Za-z]{20,64}$/);
    expect(Date.parse(made.body.expires_at) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const token = new URL(made.body.link).searchParams.get('token')!;
    const other = await openLink(token);
    expect(other.res.statusCode).toBe(303);
    expect(other.cookie).not.toBe(cookie);
    expect((await call('GET', `${ADMIN}/session`, other.cookie)).status).toBe(200);
    expect((await openLink(token)).res.statusCode, 'the link works once').toBe(401);
    // Both browsers stay signed in.
    expect((await call('GET', `${ADMIN}/session`, cookie)).status).toBe(200);
  });

  it('POST /sign-in-links needs a signed-in admin and the CSRF token', async () => {
    expect((await call('POST', `${ADMIN}/sign-in-links`, null)).status).toBe(401);
    const cookie = await signIn();
    const forged = await call('POST', `${ADMIN}/sign-in-links`, cookie, undefined, { 'x-csrf-token': 'wrong' });
    expect(forged.status).toBe(403);
  });

  it('refuses writes that are not JSON (415), on the admin API and the external one', async () => {
    const cookie = await signIn();
    for (const [url, type] of [
      [`${ADMIN}/properties`, 'application/x-www-form-urlencoded'],
      [`${ADMIN}/sign-out`, 'text/plain'],
      [apiUrl(`/properties/${PROP_A}/saved-funnels`), 'text/plain'],
    ]) {
      const res = await env.app.inject({
        method: 'POST',
        url,
        headers: { cookie: `sl_session=${cookie}`, 'content-type': type },
        payload: 'id=x&name=y',
      });
      expect(res.statusCode, url).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'invalid_request', details: { field: 'content-type' } });
    }
    const bare = await env.app.inject({
      method: 'DELETE',
      url: `${ADMIN}/keys/${env.records.a.id}`,
      headers: { cookie: `sl_session=${cookie}` },
    });
    expect(bare.statusCode).toBe(415);
    // nothing changed
    expect((await call('GET', `${ADMIN}/session`, cookie)).status).toBe(200);
    expect((await get(env, env.keys.a, `/properties/${PROP_A}/saved-funnels`)).status).toBe(200);
  });
});
