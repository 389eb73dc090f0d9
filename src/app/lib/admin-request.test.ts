import { describe, expect, it } from 'vitest';
import { revokeKeyResponse } from '../../contract/admin.js';
import { adminRequest } from './admin-request.js';
import { forgetCsrfToken } from './csrf-token.js';

/** Answers `/session` with a CSRF token and everything else with `status` and `body`; records the writes. */
function fakeFetch(status: number, body: unknown) {
  forgetCsrfToken();
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    if (url === '/api/admin/v1/session') return Response.json({ signed_in: true, csrf_token: 'tok1' });
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls, impl };
}

describe('adminRequest', () => {
  it('sends a write as JSON with the cookie and the session token, even without a body, and parses the answer', async () => {
    const f = fakeFetch(200, { id: 'k1', revoked: true });
    const result = await adminRequest('/keys/k1', revokeKeyResponse, { method: 'DELETE' }, f.impl);
    expect(result).toEqual({ id: 'k1', revoked: true });
    expect(f.calls[0].url).toBe('/api/admin/v1/keys/k1');
    expect(f.calls[0].init).toMatchObject({ method: 'DELETE', credentials: 'same-origin', headers: { 'content-type': 'application/json', 'x-csrf-token': 'tok1' }, body: undefined });
  });

  it('turns a 409 envelope into an ApiError naming the field', async () => {
    const f = fakeFetch(409, { error: { code: 'conflict', message: 'property "shop" already exists', details: { field: 'id' } } });
    const err = await adminRequest('/properties', revokeKeyResponse, { method: 'POST', body: { id: 'shop' } }, f.impl).catch((e) => e);
    expect(err).toMatchObject({ status: 409, code: 'conflict', field: 'id', message: 'property "shop" already exists' });
    expect(f.calls[0].init.body).toBe('{"id":"shop"}');
  });

  it('refuses an answer that breaks the contract', async () => {
    const f = fakeFetch(200, { id: 'k1', revoked: 'yes' });
    await expect(adminRequest('/keys/k1', revokeKeyResponse, { method: 'DELETE' }, f.impl)).rejects.toMatchObject({ code: 'contract_mismatch', message: expect.stringContaining('revoked') });
  });
});
