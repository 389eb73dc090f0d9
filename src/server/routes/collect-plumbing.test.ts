import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COLLECT_BODY_LIMIT } from '../../contract/collect.js';
import { collect, pageview } from '../test-support/collect-requests.js';
import { createTestEnv, type TestEnv } from '../test-support/fixtures.js';

// POST /api/collect's HTTP side: bodies refused before any event is read, and CORS. None of it
// reaches the store's SQL, so it runs on DuckDB only (collect-routes.test.ts runs on both stores).

let env: TestEnv;
beforeEach(async () => {
  env = await createTestEnv();
});
afterEach(() => env.close());

describe('POST /api/collect bodies refused whole', () => {
  it('refuses text/plain that is not JSON, and malformed JSON, on `body`', async () => {
    for (const [raw, type] of [
      ['type=pageview&path=/', 'text/plain'],
      ['{"type": "pageview",', 'text/plain'],
      ['{"type": "pageview",', 'application/json'],
    ]) {
      const r = await collect(env.app, null, { raw, headers: { 'content-type': type } });
      expect(r.status, raw).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'invalid_request', details: { field: 'body' } });
    }
    expect(await env.store.countEvents()).toBe(0);
  });

  it('refuses bodies that are not one event object: an array, a number, null, a string', async () => {
    for (const body of [[pageview()], 42, null, 'pageview']) {
      for (const raw of [true, false]) {
        const r = raw ? await collect(env.app, null, { raw: JSON.stringify(body) }) : await collect(env.app, body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.error.details.field).toBe('body');
      }
    }
    expect(await env.store.countEvents()).toBe(0);
  });

  it('refuses a body over the cap with 413 payload_too_large, as JSON and as text/plain', async () => {
    const big = JSON.stringify({ events: [pageview({ referrer: 'x'.repeat(COLLECT_BODY_LIMIT) })] });
    for (const type of ['application/json', 'text/plain']) {
      const r = await collect(env.app, null, { raw: big, headers: { 'content-type': type } });
      expect(r.status, type).toBe(413);
      expect(r.body.error).toMatchObject({ code: 'payload_too_large', details: { field: 'body' } });
    }
    expect(await env.store.countEvents()).toBe(0);
  });
});

describe('POST /api/collect CORS', () => {
  it('answers a preflight from any origin with 204 and allow-origin *', async () => {
    const r = await env.app.inject({
      method: 'OPTIONS',
      url: '/api/collect',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(r.statusCode).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(String(r.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(r.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
  });

  it('sends allow-origin * on the POST, accepted or refused, so the page can read the answer', async () => {
    const ok = await collect(env.app, pageview(), { headers: { origin: 'https://blog.example' } });
    expect(ok.status).toBe(202);
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    const bad = await collect(env.app, pageview({ path: 'x' }), { headers: { origin: 'https://blog.example' } });
    expect(bad.status).toBe(400);
    expect(bad.headers['access-control-allow-origin']).toBe('*');
  });

  it('needs no API key', async () => {
    const r = await collect(env.app, pageview(), { headers: { authorization: 'Bearer not-a-key' } });
    expect(r.status).toBe(202);
  });
});
