import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeyResponse, keysResponse, propertiesResponse } from '../../contract/admin.js';
import { csrfTokenFor } from '../auth/csrf.js';
import { buildApp } from '../app.js';
import { issueSignInToken } from '../auth/sign-in.js';
import { apiUrl, createTestEnv, get, insert, post, PROP_A, PROP_B, session, type TestEnv } from '../test-support/fixtures.js';

let env: TestEnv;
beforeEach(async () => {
  env = await createTestEnv();
});
afterEach(() => env.close());

const ADMIN = '/api/admin/v1';

/** Opens the sign-in link as a browser would; returns the response and the session cookie's value. */
async function openLink(token: string, headers: Record<string, string> = {}) {
  const res = await env.app.inject({ method: 'GET', url: `/sign-in?token=${token}`, headers });
  const setCookie = String(res.headers['set-cookie'] ?? '');
  return { res, setCookie, cookie: /^sl_session=([^;]*)/.exec(setCookie)?.[1] ?? null };
}

async function signIn(): Promise<string> {
  const { cookie } = await openLink(await issueSignInToken(env.store));
  return cookie!;
}

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | null, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await env.app.inject({
    method, url,
    headers: {
      ...(cookie ? { cookie: `theme=dark; sl_session=${cookie}` } : {}),
      // What the dashboard sends on a write: JSON, and the session's CSRF token (admin-csrf.test.ts refuses the rest).
      ...(payload !== undefined || method !== 'GET' ? { 'content-type': 'application/json' } : {}),
      ...(cookie && method !== 'GET' ? { 'x-csrf-token': csrfTokenFor(cookie) } : {}),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies loosely, parsing with the contract where it matters
  let body: any = res.body;
  try {
    body = res.json();
  } catch {
    // text stays text
  }
  return { status: res.statusCode, headers: res.headers, body };
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
    for (const url of [`/sign-in?token=${old}`, `/sign-in?token=${'x'.repeat(43)}`, '/sign-in', '/sign-in?token=a&token=b']) {
      const res = await env.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('adds Secure behind an HTTPS proxy the server trusts', async () => {
    const { buildApp } = await import('../app.js');
    const proxied = await buildApp({ store: env.store, trustProxy: true });
    const res = await proxied.inject({ method: 'GET', url: `/sign-in?token=${await issueSignInToken(env.store)}`, headers: { 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(303);
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure$/);
    await proxied.close();
  });
});

describe('the admin session', () => {
  it('reads every property through /api/external/v1 without a key, including aggregates', async () => {
    const now = new Date();
    const ts = new Date(now.getTime() - 3_600_000).toISOString();
    await insert(env.store, [session('s1', 'v1').pv(ts, '/'), session('s2', 'v2', { property_id: PROP_B }).pv(ts, '/'), session('s3', 'v3', { property_id: PROP_B }).pv(ts, '/x')]);
    const cookie = await signIn();
    // From the events' day (an hour ago is yesterday just after midnight UTC) to today.
    const range = { start: ts.slice(0, 10), end: now.toISOString().slice(0, 10) };
    const qs = `?start=${range.start}&end=${range.end}`;
    const a = await call('GET', apiUrl(`/properties/${PROP_A}/traffic/summary`) + qs, cookie);
    const b = await call('GET', apiUrl(`/properties/${PROP_B}/traffic/summary`) + qs, cookie);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.page_views, b.body.data.page_views]).toEqual([1, 2]);
    const both = await call('POST', apiUrl('/properties/aggregate/traffic/summary') + qs, cookie, { propertyIds: [PROP_A, PROP_B] });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.data.page_views).toBe(3);
  });

  it('answers 404 naming the property when the admin asks for one that does not exist', async () => {
    const cookie = await signIn();
    const one = await call('GET', apiUrl('/properties/nope-xyz/traffic/summary?start=2026-01-01&end=2026-01-02'), cookie);
    expect([one.status, one.body.error.code, one.body.error.details.field]).toEqual([404, 'not_found', 'propertyId']);
    expect(one.body.error.message).toBe('no property "nope-xyz"');
    const many = await call('POST', apiUrl('/properties/aggregate/traffic/summary?start=2026-01-01&end=2026-01-02'), cookie, { propertyIds: [PROP_A, 'nope-xyz'] });
    expect([many.status, many.body.error.details.property_ids]).toEqual([404, ['nope-xyz']]);
    // Every property-scoped route, before its own parameters are looked at (a bad query is not the point).
    for (const path of ['/split-tests', '/split-tests/exp_x', '/saved-funnels', '/split-test-recommendations?page=/', '/funnels?steps=bad', '/traffic/realtime']) {
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

  it('GET /session says signed in; POST /sign-out ends the session and clears the cookie', async () => {
    const cookie = await signIn();
    expect((await call('GET', `${ADMIN}/session`, cookie)).body).toEqual({ signed_in: true, csrf_token: csrfTokenFor(cookie) });
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
    for (const [url, type] of [[`${ADMIN}/properties`, 'application/x-www-form-urlencoded'], [`${ADMIN}/sign-out`, 'text/plain'], [apiUrl(`/properties/${PROP_A}/saved-funnels`), 'text/plain']]) {
      const res = await env.app.inject({ method: 'POST', url, headers: { cookie: `sl_session=${cookie}`, 'content-type': type }, payload: 'id=x&name=y' });
      expect(res.statusCode, url).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'invalid_request', details: { field: 'content-type' } });
    }
    const bare = await env.app.inject({ method: 'DELETE', url: `${ADMIN}/keys/${env.records.a.id}`, headers: { cookie: `sl_session=${cookie}` } });
    expect(bare.statusCode).toBe(415);
    // nothing changed
    expect((await call('GET', `${ADMIN}/session`, cookie)).status).toBe(200);
    expect((await get(env, env.keys.a, `/properties/${PROP_A}/saved-funnels`)).status).toBe(200);
  });
});

describe('properties', () => {
  it('lists every property with both tracker tags on the request origin', async () => {
    const cookie = await signIn();
    const res = await call('GET', `${ADMIN}/properties`, cookie, undefined, { host: 'stats.example.org:8443' });
    expect(res.status).toBe(200);
    const { data } = propertiesResponse.parse(res.body);
    expect(data.map((p) => p.id)).toEqual([PROP_A, PROP_B]);
    expect(data[0]).toMatchObject({ name: 'Site A', domain: 'a.example', timezone: 'UTC' });
    expect(data[0].snippet).toBe('<script defer data-property="site-a" src="http://stats.example.org:8443/sightline.js"></script>');
    expect(data[0].experiments_snippet).toBe('<script src="http://stats.example.org:8443/sightline.js?p=site-a"></script>');
    const odd = await call('GET', `${ADMIN}/properties`, cookie, undefined, { host: 'x"><script>' });
    expect(odd.body.data[0].snippet).toBe('<script defer data-property="site-a" src="https://YOUR-SIGHTLINE-HOST/sightline.js"></script>');
  });

  it('says where each site opens, for preview links: https on its domain, none without one, the demo site for the demo shop', async () => {
    const cookie = await signIn();
    const bare = await call('POST', `${ADMIN}/properties`, cookie, { id: 'no-domain', name: 'No domain' });
    expect(bare.body.site_origin).toBeNull();
    await env.store.createProperty({ id: 'acme-shop', name: 'Acme Shop', domain: 'shop.acme.example', timezone: 'UTC' });
    const listed = propertiesResponse.parse((await call('GET', `${ADMIN}/properties`, cookie)).body).data;
    expect(Object.fromEntries(listed.map((p) => [p.id, p.site_origin]))).toEqual({ [PROP_A]: 'https://a.example', [PROP_B]: 'https://b.example', 'no-domain': null, 'acme-shop': 'https://shop.acme.example' });
    // A server running the demo site: the demo shop's pages are there (its made-up domain serves nothing).
    const demo = await buildApp({ store: env.store, demoSiteOrigin: () => 'http://127.0.0.1:3001' });
    try {
      const res = await demo.inject({ url: `${ADMIN}/properties`, headers: { cookie: `sl_session=${cookie}` } });
      const sites = Object.fromEntries(propertiesResponse.parse(res.json()).data.map((p) => [p.id, p.site_origin]));
      expect([sites['acme-shop'], sites[PROP_A]]).toEqual(['http://127.0.0.1:3001', 'https://a.example']);
    } finally {
      await demo.close();
    }
  });

  it('creates one (201), defaulting to UTC, and it is then readable through the session', async () => {
    const cookie = await signIn();
    const res = await call('POST', `${ADMIN}/properties`, cookie, { id: 'shop', name: 'Shop', domain: 'shop.example' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ id: 'shop', name: 'Shop', domain: 'shop.example', timezone: 'UTC' });
    expect(res.body.snippet).toContain('data-property="shop"');
    const berlin = await call('POST', `${ADMIN}/properties`, cookie, { id: 'blog', name: 'Blog', timezone: 'Europe/Berlin' });
    expect(berlin.body).toMatchObject({ domain: null, timezone: 'Europe/Berlin' });
    const list = propertiesResponse.parse((await call('GET', `${ADMIN}/properties`, cookie)).body);
    expect(list.data.map((p) => p.id)).toEqual([PROP_A, PROP_B, 'shop', 'blog']);
    expect((await call('GET', apiUrl('/properties/shop/saved-funnels'), cookie)).status).toBe(200);
  });

  it('names the field it refuses: id, name, timezone; a taken id is 409', async () => {
    const cookie = await signIn();
    const cases: [unknown, number, string][] = [
      [{ id: '-bad', name: 'X' }, 400, 'id'],
      [{ id: 'a b', name: 'X' }, 400, 'id'],
      [{ name: 'X' }, 400, 'id'],
      [{ id: 'ok', name: '' }, 400, 'name'],
      [{ id: 'ok', name: 'X', timezone: 'Mars/Olympus' }, 400, 'timezone'],
      [{ id: PROP_A, name: 'Again' }, 409, 'id'],
    ];
    for (const [body, status, field] of cases) {
      const res = await call('POST', `${ADMIN}/properties`, cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.details.field, JSON.stringify(body)).toBe(field);
    }
    expect(propertiesResponse.parse((await call('GET', `${ADMIN}/properties`, cookie)).body).data).toHaveLength(2);
  });
});

describe('API keys', () => {
  it('creates a key that is shown once and works as a Bearer key; lists never show the key or hash', async () => {
    const cookie = await signIn();
    const res = await call('POST', `${ADMIN}/keys`, cookie, { name: 'CI export', property_ids: [PROP_B] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { key, record } = createKeyResponse.parse(res.body);
    expect(key).toMatch(/^sl_[0-9A-Za-z]{43}$/);
    expect(record).toMatchObject({ name: 'CI export', prefix: key.slice(0, 11), property_ids: [PROP_B], permissions: ['metrics', 'experiments'], revoked_at: null });
    expect(JSON.stringify(res.body).split(key.slice(11)).length).toBe(2); // the key's secret part appears exactly once

    expect((await get(env, key, `/properties/${PROP_B}/saved-funnels`)).status).toBe(200);
    expect((await get(env, key, `/properties/${PROP_A}/saved-funnels`)).status).toBe(403);

    const list = await call('GET', `${ADMIN}/keys`, cookie);
    const text = JSON.stringify(list.body);
    const parsed = keysResponse.parse(list.body);
    expect(parsed.data.map((k) => k.name)).toContain('CI export');
    expect(parsed.data).toHaveLength(5);
    for (const [k, r] of [[key, undefined], ...Object.entries(env.keys).map(([n, k]) => [k, env.records[n as keyof typeof env.records]] as const)] as const) {
      expect(text).not.toContain(k.slice(11));
      if (r) expect(text).not.toContain(r.hash);
    }
    expect(text).not.toMatch(/"(key|hash)"/);
  });

  it('refuses an unknown property on property_ids and a bad permission', async () => {
    const cookie = await signIn();
    const unknown = await call('POST', `${ADMIN}/keys`, cookie, { name: 'x', property_ids: [PROP_A, 'nope'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toMatchObject({ field: 'property_ids', property_ids: ['nope'] });
    const empty = await call('POST', `${ADMIN}/keys`, cookie, { name: 'x', property_ids: [] });
    expect(empty.body.error.details.field).toBe('property_ids');
    const perm = await call('POST', `${ADMIN}/keys`, cookie, { name: 'x', property_ids: [PROP_A], permissions: 'admin' });
    expect(perm.body.error.details.field).toBe('permissions');
    const none = await call('POST', `${ADMIN}/keys`, cookie, { name: 'x', property_ids: [PROP_A], permissions: 'none' });
    expect(none.body.record.permissions).toEqual([]);
    expect(keysResponse.parse((await call('GET', `${ADMIN}/keys`, cookie)).body).data).toHaveLength(5);
  });

  it('gives a key the permissions asked for, and the API holds it to them', async () => {
    const cookie = await signIn();
    const create = async (permissions?: unknown) => {
      const res = await call('POST', `${ADMIN}/keys`, cookie, { name: 'p', property_ids: [PROP_A], ...(permissions === undefined ? {} : { permissions }) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return createKeyResponse.parse(res.body);
    };
    const experiment = { name: 'Headline', page: '/', type: 'nocode', variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'Hi' }] }] };
    const tests = `/properties/${PROP_A}/split-tests`;

    const reader = await create(['metrics']);
    expect(reader.record.permissions).toEqual(['metrics']);
    expect((await get(env, reader.key, tests)).status).toBe(200);
    const refused = await post(env, reader.key, tests, experiment);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'forbidden', details: { permission: 'experiments' } });

    const runner = await create(['experiments']);
    const made = await post(env, runner.key, tests, experiment);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await get(env, runner.key, tests)).body.error.details).toEqual({ permission: 'metrics' });
    expect((await post(env, runner.key, `${tests}/${made.body.experiment_id}/stop`, {})).status).toBe(200);

    // The old single string "metrics" made a key that could do everything; it still does.
    expect((await create('metrics')).record.permissions).toEqual(['metrics', 'experiments']);
    expect((await create()).record.permissions).toEqual(['metrics', 'experiments']);
    expect((await create([])).record.permissions).toEqual([]);
    const listed = keysResponse.parse((await call('GET', `${ADMIN}/keys`, cookie)).body).data.filter((k) => k.name === 'p');
    expect(listed.map((k) => k.permissions.join('+')).sort()).toEqual(['', 'experiments', 'metrics', 'metrics+experiments', 'metrics+experiments']);
  });

  it('revokes a key: 401 on its very next request, even right after a cached success; twice is 404', async () => {
    const cookie = await signIn();
    const path = `/properties/${PROP_A}/saved-funnels`;
    expect((await get(env, env.keys.a, path)).status).toBe(200); // now cached for 5 s
    const res = await call('DELETE', `${ADMIN}/keys/${env.records.a.id}`, cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: env.records.a.id, revoked: true });
    expect((await get(env, env.keys.a, path)).status).toBe(401);
    expect((await get(env, env.keys.both, path)).status).toBe(200);
    const listed = keysResponse.parse((await call('GET', `${ADMIN}/keys`, cookie)).body).data.find((k) => k.id === env.records.a.id);
    expect(listed?.revoked_at).not.toBeNull();
    for (const id of [env.records.a.id, 'key_unknown']) {
      const again = await call('DELETE', `${ADMIN}/keys/${id}`, cookie);
      expect(again.status).toBe(404);
      expect(again.body.error.code).toBe('not_found');
    }
  });
});
