import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { CollectLimits } from '../ingest/collect-limits.js';
import { collect, pageview } from '../test-support/collect-requests.js';
import { createTestEnv, PROP_B, type TestEnv } from '../test-support/fixtures.js';

// POST /api/collect is public: one client address, or one property, gets a budget of events a
// minute, and over it a 429 in the error envelope with Retry-After, before anything is kept.

let env: TestEnv;
let apps: FastifyInstance[] = [];
beforeEach(async () => {
  env = await createTestEnv();
});
afterEach(async () => {
  for (const app of apps) await app.close();
  apps = [];
  await env.close();
});

// The budgets' clock stands still unless a test moves it: how long the posts take on a loaded machine
// cannot change a wait (a chDB run under load once answered 43 where 45 was due).
let clock = 0;
const tick = (ms: number) => (clock += ms);

async function appWith(limits: CollectLimits, trustProxy = false): Promise<FastifyInstance> {
  clock = Date.UTC(2026, 11, 7, 12);
  const app = await buildApp({ store: env.store, collectLimits: limits, trustProxy, clock: () => clock });
  apps.push(app);
  return app;
}

const from = (remoteAddress: string) => ({ remoteAddress });
const ten = (session: string) => ({
  events: Array.from({ length: 10 }, (_, i) => pageview({ session_id: session, path: `/p${i}` })),
});

async function post(
  app: FastifyInstance,
  body: unknown,
  opts: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/collect',
    remoteAddress: opts.remoteAddress ?? '127.0.0.1',
    headers: {
      'user-agent':
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      'content-type': 'application/json',
      ...opts.headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}

describe('collect limit per client address', () => {
  it('takes a minute’s budget of events, then answers 429 with Retry-After and keeps nothing', async () => {
    const app = await appWith({ perClientPerMinute: 10, perPropertyPerMinute: 0 });
    expect((await post(app, ten('s1'), from('203.0.113.5'))).status).toBe(202);
    const r = await post(app, pageview({ session_id: 's2' }), from('203.0.113.5'));
    expect(r.status).toBe(429);
    // 10 a minute refill one event every 6 s; the budget is spent, so one event is 6 s away
    expect(r.headers['retry-after']).toBe('6');
    expect(r.body.error).toMatchObject({
      code: 'rate_limited',
      details: { scope: 'client', limit: 10, retry_after_seconds: 6 },
    });
    expect(r.body.error.message).toMatch(/at most 10 a minute\); retry in 6 s/);
    // refused before the body is read: a broken body is not even looked at
    expect((await post(app, '{"events": [', from('203.0.113.5'))).status).toBe(429);
    expect(await env.store.countEvents()).toBe(10);
    // another address has its own budget
    expect((await post(app, pageview({ session_id: 's3' }), from('203.0.113.6'))).status).toBe(202);
  });

  it('counts events, not requests: a batch larger than what is left is paid for in full', async () => {
    const app = await appWith({ perClientPerMinute: 12, perPropertyPerMinute: 0 });
    expect((await post(app, ten('a'), from('203.0.113.5'))).status).toBe(202); // 2 left
    expect((await post(app, ten('b'), from('203.0.113.5'))).status).toBe(202); // −8: in debt
    // 9 events short of one token at 12 a minute (one per 5 s): 45 s
    const r = await post(app, pageview(), from('203.0.113.5'));
    expect([r.status, r.headers['retry-after']]).toEqual([429, '45']);
    // the budget refills with the clock: a second short of the wait it is still refused, then taken
    tick(44_000);
    const early = await post(app, pageview(), from('203.0.113.5'));
    expect([early.status, early.headers['retry-after']]).toEqual([429, '1']);
    tick(1_000);
    expect((await post(app, pageview(), from('203.0.113.5'))).status).toBe(202);
  });

  it('treats an IPv6 client’s /64 as one address', async () => {
    const app = await appWith({ perClientPerMinute: 10, perPropertyPerMinute: 0 });
    expect((await post(app, ten('s1'), from('2001:db8:1:2::1'))).status).toBe(202);
    expect((await post(app, pageview(), from('2001:db8:1:2::ffff'))).status).toBe(429);
    expect((await post(app, pageview(), from('2001:db8:1:3::1'))).status).toBe(202);
  });

  it('behind a trusted proxy, limits each forwarded client, not the proxy', async () => {
    const app = await appWith({ perClientPerMinute: 10, perPropertyPerMinute: 0 }, true);
    const via = (client: string) => ({ remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client } });
    expect((await post(app, ten('s1'), via('198.51.100.1'))).status).toBe(202);
    expect((await post(app, pageview(), via('198.51.100.1'))).status).toBe(429);
    expect((await post(app, pageview(), via('198.51.100.2'))).status).toBe(202);
  });

  it('by default takes what the project’s own load sends from one address (durability test: 2,000 events)', async () => {
    for (let i = 0; i < 20; i++) {
      const batch = {
        events: Array.from({ length: 100 }, (_, k) => pageview({ session_id: `d${i}`, path: `/r${k}` })),
      };
      expect((await collect(env.app, batch)).status).toBe(202);
    }
    expect(await env.store.countEvents()).toBe(2_000);
  });
});

describe('collect limit per property', () => {
  it('refuses a property over its budget from any address, naming property_id, while others go on', async () => {
    const app = await appWith({ perClientPerMinute: 0, perPropertyPerMinute: 5 });
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5']) {
      expect((await post(app, pageview({ session_id: address.replaceAll('.', '-') }), from(address))).status).toBe(202);
    }
    const r = await post(app, pageview(), from('203.0.113.9'));
    expect(r.status).toBe(429);
    // 5 a minute: one every 12 s
    expect(r.headers['retry-after']).toBe('12');
    expect(r.body.error).toMatchObject({
      code: 'rate_limited',
      details: { field: 'property_id', scope: 'property', limit: 5 },
    });
    // a batch for both properties is refused whole; site-b alone is taken
    expect(
      (await post(app, { events: [pageview({ property_id: PROP_B }), pageview()] }, from('203.0.113.9'))).status,
    ).toBe(429);
    expect((await post(app, pageview({ property_id: PROP_B }), from('203.0.113.9'))).status).toBe(202);
    expect(await env.store.countEvents()).toBe(6);
  });
});

// Issue 41 §7: a body padded to the size cap cost one event of the allowance; four clients sending
// 340 KB bodies 8 times a second slowed /healthz to 245 ms. Bytes are a budget of their own.
describe('collect limit in bytes', () => {
  // One page view padded to about 60 KB (collect ignores fields it does not know, but not their weight).
  const padded = (session: string) => ({ events: [pageview({ session_id: session })], pad: 'x'.repeat(60_000) });
  const bytes = { perClientPerMinute: 0, perPropertyPerMinute: 0 };

  it('per client address: pays what the body weighs before it is read, then answers 429 naming the bytes', async () => {
    const app = await appWith({ ...bytes, perClientBytesPerMinute: 100_000, perPropertyBytesPerMinute: 0 });
    expect((await post(app, padded('a'), from('203.0.113.5'))).status).toBe(202);
    expect((await post(app, padded('b'), from('203.0.113.5'))).status).toBe(202); // 20 KB in debt
    const r = await post(app, padded('c'), from('203.0.113.5'));
    expect(r.status).toBe(429);
    // 100,000 bytes a minute refill 1,667 a second: 20,000 in debt and one byte short is 13 s
    expect(r.headers['retry-after']).toBe('13');
    expect(r.body.error).toMatchObject({ code: 'rate_limited', details: { scope: 'client', limit_bytes: 100_000 } });
    // small events from the same address wait too; another address has its own budget
    expect((await post(app, pageview(), from('203.0.113.5'))).status).toBe(429);
    expect((await post(app, padded('d'), from('203.0.113.6'))).status).toBe(202);
    expect(await env.store.countEvents()).toBe(3);
  });

  it('per property: bodies from many addresses add up, and the property is named', async () => {
    const app = await appWith({ ...bytes, perClientBytesPerMinute: 0, perPropertyBytesPerMinute: 100_000 });
    expect((await post(app, padded('a'), from('203.0.113.1'))).status).toBe(202);
    expect((await post(app, padded('b'), from('203.0.113.2'))).status).toBe(202);
    const r = await post(app, padded('c'), from('203.0.113.3'));
    expect(r.status).toBe(429);
    expect(r.body.error.details).toMatchObject({ field: 'property_id', scope: 'property', limit_bytes: 100_000 });
    expect((await post(app, pageview({ property_id: PROP_B }), from('203.0.113.3'))).status).toBe(202);
  });

  it('by default takes a busy page’s traffic: 6 MB a minute per address', async () => {
    const app = await appWith({ perClientPerMinute: 6_000, perPropertyPerMinute: 60_000 });
    // 80 bodies of about 60 KB: 4.8 MB
    for (let i = 0; i < 80; i++) expect((await post(app, padded(`s${i}`), from('203.0.113.7'))).status).toBe(202);
  });
});
