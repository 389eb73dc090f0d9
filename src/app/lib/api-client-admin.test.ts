import { describe, expect, it } from 'vitest';
import { apiClient } from './api-client.js';
import type { Connection } from './connection.js';
import { forgetCsrfToken } from './csrf-token.js';

/** Answers `/session` with a CSRF token and everything else with `status` and `body`; records the other requests. */
function fakeFetch(status: number, body: unknown) {
  forgetCsrfToken();
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    if (url === '/api/admin/v1/session')
      return Response.json({ signed_in: true, csrf_token: 'tok1', account: null, role: 'owner' });
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls, impl };
}

const keyMode: Connection = {
  mode: 'key',
  baseUrl: 'https://stats.example.com/',
  key: 'sk_test',
  propertyIds: ['shop'],
};

// The admin API goes through the same client by endpoint name (contract/admin-endpoints.ts).
describe('api client on the admin API', () => {
  it('sends a write as JSON with the cookie and the session token, even without a body, and parses the answer', async () => {
    const f = fakeFetch(200, { id: 'k1', revoked: true });
    const result = await apiClient({ mode: 'session' }, f.impl).call('revokeApiKey', { params: { id: 'k1' } });
    expect(result).toEqual({ id: 'k1', revoked: true });
    expect(f.calls[0].url).toBe('/api/admin/v1/keys/k1');
    expect(f.calls[0].init).toMatchObject({
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'tok1' },
    });
  });

  it('signs in without asking for a CSRF token first: there is no session yet to have one', async () => {
    const f = fakeFetch(200, {
      signed_in: true,
      account: { id: 'acc_1', email: 'ana@example.com', role: 'viewer', property_ids: [] },
    });
    const asked: string[] = [];
    const counting = ((url: string, init: RequestInit) => (asked.push(url), f.impl(url, init))) as typeof fetch;
    const result = await apiClient({ mode: 'session' }, counting).call('signIn', {
      body: { email: 'ana@example.com', password: 'correct horse' },
    });
    expect(result).toMatchObject({ signed_in: true, account: { role: 'viewer' } });
    expect(asked).toEqual(['/api/admin/v1/sign-in']);
    expect(f.calls[0].init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } });
    expect((f.calls[0].init.headers as Record<string, string>)['x-csrf-token']).toBeUndefined();
  });

  it('goes to this server with the cookie and never the key, even on a key connection', async () => {
    const f = fakeFetch(200, { data: [] });
    await apiClient(keyMode, f.impl).call('apiKeys');
    expect(f.calls[0].url).toBe('/api/admin/v1/keys');
    expect(f.calls[0].init).toMatchObject({ method: 'GET', credentials: 'same-origin', headers: {} });
  });

  it('encodes an id so it cannot add a path segment', async () => {
    const f = fakeFetch(200, { id: 'shop', last_event_at: null });
    await apiClient({ mode: 'session' }, f.impl).call('propertyStatus', { params: { id: 'a/../b' } });
    expect(f.calls[0].url).toBe('/api/admin/v1/properties/a%2F..%2Fb/status');
  });

  it('turns a 409 envelope into an ApiError naming the field', async () => {
    const f = fakeFetch(409, {
      error: { code: 'conflict', message: 'property "shop" already exists', details: { field: 'id' } },
    });
    const err = await apiClient({ mode: 'session' }, f.impl)
      .call('createProperty', { body: { id: 'shop', name: 'Shop' } })
      .catch((e) => e);
    expect(err).toMatchObject({
      status: 409,
      code: 'conflict',
      field: 'id',
      message: 'property "shop" already exists',
    });
    expect(f.calls[0].init.body).toBe('{"id":"shop","name":"Shop"}');
  });

  it('refuses an answer that breaks the contract', async () => {
    const f = fakeFetch(200, { id: 'k1', revoked: 'yes' });
    await expect(
      apiClient({ mode: 'session' }, f.impl).call('revokeApiKey', { params: { id: 'k1' } }),
    ).rejects.toMatchObject({ code: 'contract_mismatch', message: expect.stringContaining('revoked') });
  });
});
