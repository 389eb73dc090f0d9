import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keysResponse, sessionResponse } from '../../contract/admin.js';
import { issueSignInToken } from '../auth/sign-in.js';
import { apiUrl, createTestEnv, PROP_A, type TestEnv } from '../test-support/fixtures.js';

// Issue 9 §1 and §13: the admin session is honoured only for this origin's own pages, every write it
// makes carries the session's CSRF token, and a request with an Authorization header is judged by
// that header alone.

let env: TestEnv;
beforeEach(async () => {
  env = await createTestEnv();
});
afterEach(() => env.close());

const ADMIN = '/api/admin/v1';
const NEW_KEY = { name: 'stolen', property_ids: [PROP_A], permissions: 'metrics' };

async function signIn(): Promise<string> {
  const res = await env.app.inject({ method: 'GET', url: `/sign-in?token=${await issueSignInToken(env.store)}` });
  return /^sl_session=([^;]*)/.exec(String(res.headers['set-cookie']))![1];
}

async function tokenOf(cookie: string): Promise<string> {
  const res = await env.app.inject({
    method: 'GET',
    url: `${ADMIN}/session`,
    headers: { cookie: `sl_session=${cookie}`, 'sec-fetch-site': 'same-origin' },
  });
  return sessionResponse.parse(res.json()).csrf_token;
}

function createKey(cookie: string, headers: Record<string, string>) {
  return env.app.inject({
    method: 'POST',
    url: `${ADMIN}/keys`,
    payload: JSON.stringify(NEW_KEY),
    headers: { cookie: `sl_session=${cookie}`, 'content-type': 'application/json', ...headers },
  });
}

const keyCount = async (cookie: string) =>
  keysResponse.parse(
    (await env.app.inject({ method: 'GET', url: `${ADMIN}/keys`, headers: { cookie: `sl_session=${cookie}` } })).json(),
  ).data.length;

describe('cookie-borne writes', () => {
  it('go through with the session token from a page of this origin', async () => {
    const cookie = await signIn();
    const before = await keyCount(cookie);
    const res = await createKey(cookie, {
      'x-csrf-token': await tokenOf(cookie),
      'sec-fetch-site': 'same-origin',
      origin: 'http://localhost:80',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await keyCount(cookie)).toBe(before + 1);
  });

  it("are refused without the token, with another session's token, or with a made-up one (403 naming x-csrf-token)", async () => {
    const cookie = await signIn();
    const other = await signIn();
    const before = await keyCount(cookie);
    for (const token of [undefined, await tokenOf(other), 'x'.repeat(43), '']) {
      const res = await createKey(cookie, token === undefined ? {} : { 'x-csrf-token': token });
      expect(res.statusCode, String(token)).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'forbidden', details: { field: 'x-csrf-token' } });
    }
    // The same lock on the external API's cookie-borne writes.
    const funnel = await env.app.inject({
      method: 'POST',
      url: apiUrl(`/properties/${PROP_A}/saved-funnels`),
      payload: JSON.stringify({ name: 'f', steps: [{ page: '/' }, { page: '/b' }] }),
      headers: { cookie: `sl_session=${cookie}`, 'content-type': 'application/json' },
    });
    expect(funnel.statusCode).toBe(403);
    expect(await keyCount(cookie)).toBe(before);
  });

  it('are refused from another origin even with the right token: another port of this host is another origin', async () => {
    const cookie = await signIn();
    const token = await tokenOf(cookie);
    const before = await keyCount(cookie);
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:8788' },
      { origin: 'null' },
    ]) {
      const res = await createKey(cookie, { 'x-csrf-token': token, ...headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.details.field).toBe('origin');
    }
    expect(await keyCount(cookie)).toBe(before);
  });

  it('a page of another origin cannot read with the session either: its cookie speaks for nobody there', async () => {
    const cookie = await signIn();
    const res = await env.app.inject({
      method: 'GET',
      url: `${ADMIN}/session`,
      headers: { cookie: `sl_session=${cookie}`, 'sec-fetch-site': 'same-site' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('one rule for who a request is', () => {
  it('an Authorization header that is not a valid key is 401 even beside a live session cookie, and nothing is written', async () => {
    const cookie = await signIn();
    const token = await tokenOf(cookie);
    const before = await keyCount(cookie);
    for (const authorization of ['Basic YWRtaW46YWRtaW4=', 'Token x', '']) {
      const admin = await createKey(cookie, { authorization, 'x-csrf-token': token, 'content-type': 'text/plain' });
      expect(admin.statusCode, authorization).toBe(401);
      const report = await env.app.inject({
        method: 'GET',
        url: apiUrl(`/properties/${PROP_A}/traffic/summary?start=2026-03-01&end=2026-03-02`),
        headers: { authorization, cookie: `sl_session=${cookie}` },
      });
      expect(report.statusCode, authorization).toBe(401);
      expect(report.json().error.details.field).toBe('Authorization');
    }
    expect(await keyCount(cookie)).toBe(before);
  });
});
