import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issueSignInToken } from '../auth/sign-in.js';
import { apiUrl, createTestEnv, PROP_A, type TestEnv } from '../test-support/fixtures.js';

let env: TestEnv;
beforeEach(async () => {
  env = await createTestEnv();
});
afterEach(() => env.close());

const ELSEWHERE = 'https://dashboard.elsewhere.example';
const summaryUrl = apiUrl(`/properties/${PROP_A}/traffic/summary`, { start: '2026-03-01', end: '2026-03-07' });

const preflight = (url: string, method: string, headers: string) =>
  env.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin: ELSEWHERE, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

async function adminCookie(): Promise<string> {
  const res = await env.app.inject({ method: 'GET', url: `/sign-in?token=${await issueSignInToken(env.store)}` });
  return String(res.headers['set-cookie']).split(';')[0];
}

describe('CORS on /api/external/v1 (a dashboard on another origin, with a key)', () => {
  it('answers the preflight of a keyed GET with 204, allowing the authorization header and no credentials', async () => {
    const res = await preflight(summaryUrl, 'GET', 'authorization');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-allow-headers']).split(/,\s*/)).toEqual([
      'authorization',
      'content-type',
    ]);
    expect(String(res.headers['access-control-allow-methods'])).toContain('GET');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers the preflight of an aggregate POST with a JSON body', async () => {
    const res = await preflight(apiUrl('/properties/aggregate/traffic/summary'), 'POST', 'authorization,content-type');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
  });

  it('lets the other origin read answers and refusals alike', async () => {
    const ok = await env.app.inject({
      method: 'GET',
      url: summaryUrl,
      headers: { origin: ELSEWHERE, authorization: `Bearer ${env.keys.a}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    // A refused key must be readable too, or the other dashboard could only say "network error".
    const refused = await env.app.inject({
      method: 'GET',
      url: summaryUrl,
      headers: { origin: ELSEWHERE, authorization: 'Bearer sl_nope' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.headers['access-control-expose-headers']).toBe('retry-after');
  });

  it('lets the other origin read the answer for a path under the API that no route has', async () => {
    for (const authorization of [`Bearer ${env.keys.a}`, 'Bearer sl_nope']) {
      const res = await env.app.inject({
        method: 'GET',
        url: apiUrl('/properties/a/no-such-report'),
        headers: { origin: ELSEWHERE, authorization },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json().error).toBeDefined();
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-expose-headers']).toBe('retry-after');
    }
    const admin = await env.app.inject({
      method: 'GET',
      url: '/api/admin/v1/no-such-thing',
      headers: { origin: ELSEWHERE },
    });
    expect(admin.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('no CORS where the admin cookie counts', () => {
  it('gives an admin preflight no allow-origin', async () => {
    const res = await preflight('/api/admin/v1/keys', 'POST', 'content-type');
    expect(res.statusCode).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('gives a signed-in admin read with another Origin no allow-origin, and the cookie counts for nothing there', async () => {
    const res = await env.app.inject({
      method: 'GET',
      url: '/api/admin/v1/properties',
      headers: { origin: ELSEWHERE, cookie: await adminCookie() },
    });
    expect(res.statusCode).toBe(401); // admin-csrf.test.ts: the session speaks only for this origin's pages
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves sign-in without CORS', async () => {
    const res = await preflight('/sign-in', 'GET', 'authorization');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
