import { describe, expect, it } from 'vitest';
import { apiClient, buildPath, serializeQuery } from './api-client.js';
import { ApiError } from './api-error.js';
import type { Connection } from './connection.js';
import { forgetCsrfToken } from './csrf-token.js';

const summary = {
  meta: { property_id: 'shop', start: '2026-11-01T00:00:00.000Z', end: '2026-11-08T00:00:00.000Z', timezone: 'UTC' },
  data: { page_views: 120, sessions: 40, unique_visitors: 30, bounce_rate: 0.25, avg_session_duration: 61.5 },
};

/** A fetch stand-in that records the request and answers with `status` and `body`. */
function fakeFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  }) as typeof fetch;
  return { calls, impl };
}

const keyMode: Connection = {
  mode: 'key',
  baseUrl: 'https://stats.example.com/',
  key: 'sk_test',
  propertyIds: ['shop'],
};

describe('api client', () => {
  it('builds paths with every parameter URL-encoded', () => {
    expect(
      buildPath('/properties/{propertyId}/split-tests/{experimentId}', { propertyId: 'a b', experimentId: 'x/../y' }),
    ).toBe('/properties/a%20b/split-tests/x%2F..%2Fy');
    expect(() => buildPath('/properties/{propertyId}', {})).toThrow(/propertyId/);
  });

  it('serializes scalars as text, arrays and objects as JSON, and drops undefined', () => {
    const steps = [
      { type: 'page', value: '/' },
      { type: 'page', value: '/buy' },
    ];
    const text = serializeQuery({ start: '2026-11-01', limit: 10, steps, source: undefined });
    const params = new URLSearchParams(text.slice(1));
    expect(params.get('start')).toBe('2026-11-01');
    expect(params.get('limit')).toBe('10');
    expect(JSON.parse(params.get('steps')!)).toEqual(steps);
    expect(params.has('source')).toBe(false);
    expect(serializeQuery({})).toBe('');
  });

  it('calls the contract path with a bearer key in key mode and returns the parsed body', async () => {
    const f = fakeFetch(200, summary);
    const result = await apiClient(keyMode, f.impl).call('trafficSummary', {
      propertyId: 'shop',
      query: { start: '2026-11-01', end: '2026-11-07', timezone: 'Europe/Berlin' },
    });
    expect(result.data.sessions).toBe(40);
    expect(f.calls[0].url).toBe(
      'https://stats.example.com/api/external/v1/properties/shop/traffic/summary?start=2026-11-01&end=2026-11-07&timezone=Europe%2FBerlin',
    );
    expect((f.calls[0].init.headers as Record<string, string>).authorization).toBe('Bearer sk_test');
    expect(f.calls[0].init.credentials).toBe('omit');
  });

  it('sends no key but the same-origin cookie in session mode', async () => {
    const f = fakeFetch(200, summary);
    await apiClient({ mode: 'session' }, f.impl).call('trafficSummary', {
      propertyId: 'shop',
      query: { start: '2026-11-01', end: '2026-11-07' },
    });
    expect(f.calls[0].url.startsWith('/api/external/v1/properties/shop/')).toBe(true);
    expect(f.calls[0].init.credentials).toBe('same-origin');
    expect((f.calls[0].init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('says JSON on a write without a body and sends the session token, which the server requires of signed-in writes', async () => {
    forgetCsrfToken();
    const f = fakeFetch(200, {
      id: 'fnl_1',
      deleted: true,
      signed_in: true,
      csrf_token: 'tok1',
      account: null,
      role: 'owner',
    });
    await apiClient({ mode: 'session' }, f.impl).call('deleteFunnel', {
      propertyId: 'shop',
      params: { funnelId: 'fnl_1' },
    });
    expect(f.calls.map((c) => c.url)).toEqual([
      '/api/admin/v1/session',
      '/api/external/v1/properties/shop/saved-funnels/fnl_1',
    ]);
    expect(f.calls[1].init.method).toBe('DELETE');
    expect(f.calls[1].init.body).toBe('{}');
    expect(f.calls[1].init.headers).toEqual({ 'content-type': 'application/json', 'x-csrf-token': 'tok1' });
  });

  it('sends no session token with a key', async () => {
    const f = fakeFetch(200, { id: 'fnl_1', deleted: true });
    await apiClient(keyMode, f.impl).call('deleteFunnel', { propertyId: 'shop', params: { funnelId: 'fnl_1' } });
    expect(f.calls).toHaveLength(1);
    expect(f.calls[0].init.headers).toEqual({ authorization: 'Bearer sk_test', 'content-type': 'application/json' });
  });

  it('asks for an aggregate with POST to its aggregate path, the ids in a JSON body and the same query', async () => {
    const body = { ...summary, meta: { ...summary.meta, property_id: undefined, property_ids: ['shop', 'blog'] } };
    const f = fakeFetch(200, body);
    const result = await apiClient(keyMode, f.impl).callAggregate('trafficSummary', {
      propertyIds: ['shop', 'blog'],
      query: { start: '2026-11-01', end: '2026-11-07' },
    });
    expect(result.data.page_views).toBe(120);
    expect(result.meta).toMatchObject({ property_ids: ['shop', 'blog'] });
    expect(f.calls[0].url).toBe(
      'https://stats.example.com/api/external/v1/properties/aggregate/traffic/summary?start=2026-11-01&end=2026-11-07',
    );
    expect(f.calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(f.calls[0].init.body))).toEqual({ propertyIds: ['shop', 'blog'] });
    expect(f.calls[0].init.headers).toEqual({ authorization: 'Bearer sk_test', 'content-type': 'application/json' });
  });

  it('parses aggregate answers with the endpoint schema and names the aggregate in a mismatch', async () => {
    const broken = { ...summary, data: { ...summary.data, sessions: -1 } };
    const call = apiClient({ mode: 'session' }, fakeFetch(200, broken).impl).callAggregate('trafficSummary', {
      propertyIds: ['shop'],
      query: { start: '2026-11-01', end: '2026-11-07' },
    });
    await expect(call).rejects.toMatchObject({
      code: 'contract_mismatch',
      message: expect.stringMatching(/trafficSummary \(aggregate\).*data\.sessions/),
    });
  });

  it('rejects a body that breaks the contract with an error naming the endpoint and field', async () => {
    const broken = { ...summary, data: { ...summary.data, bounce_rate: 1.7 } };
    const call = apiClient(keyMode, fakeFetch(200, broken).impl).call('trafficSummary', {
      propertyId: 'shop',
      query: { start: '2026-11-01', end: '2026-11-07' },
    });
    await expect(call).rejects.toMatchObject({
      code: 'contract_mismatch',
      message: expect.stringMatching(/trafficSummary.*data\.bounce_rate/),
    });
  });

  it('maps the error envelope to ApiError with status, code, message, field and Retry-After', async () => {
    const envelope = { error: { code: 'invalid_request', message: 'end is before start', details: { field: 'end' } } };
    const err = await apiClient(keyMode, fakeFetch(400, envelope).impl)
      .call('trafficSummary', { propertyId: 'shop', query: { start: '2026-11-08', end: '2026-11-01' } })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'invalid_request', message: 'end is before start', field: 'end' });

    const limited = { error: { code: 'rate_limited', message: 'slow down', details: {} } };
    const err429 = await apiClient(keyMode, fakeFetch(429, limited, { 'retry-after': '7' }).impl)
      .call('trafficRealtime', { propertyId: 'shop' })
      .catch((e) => e);
    expect(err429).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 7, field: undefined });

    const lacking = {
      error: {
        code: 'forbidden',
        message: 'this API key lacks the configure permission',
        details: { permission: 'configure' },
      },
    };
    const err403 = await apiClient(keyMode, fakeFetch(403, lacking).impl)
      .call('deleteGoal', { propertyId: 'shop', params: { goalId: 'gol_1' } })
      .catch((e) => e);
    expect(err403).toMatchObject({ status: 403, code: 'forbidden', permission: 'configure', field: undefined });
  });

  it('still reports a status in words when the error body is not the envelope', async () => {
    const err = await apiClient(keyMode, fakeFetch(502, '<html>bad gateway</html>').impl)
      .call('trafficRealtime', { propertyId: 'shop' })
      .catch((e) => e);
    expect(err).toMatchObject({ status: 502, message: 'The server answered HTTP 502.' });
  });

  it('turns a network failure into status 0', async () => {
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(apiClient(keyMode, down).call('trafficRealtime', { propertyId: 'shop' })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });
});
