import { afterEach, describe, expect, it } from 'vitest';
import { hashKey } from '../auth/api-keys.js';
import { apiUrl, createTestEnv, endpointPath, type TestEnv } from '../test-support/fixtures.js';
import { FAILED_AUTH_PER_MINUTE } from './api-auth.js';
import { RateBudgets } from './rate-budgets.js';

// The API's request budget belongs to whoever authenticated, not to how the header was spelled; and
// guessing keys is limited per address before it costs store lookups.

const summary = apiUrl(endpointPath('trafficSummary'), { start: '2026-03-01', end: '2026-03-07' });
let env: TestEnv;
afterEach(() => env.close());

const call = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  env.app.inject({ method: 'GET', url: summary, headers, remoteAddress });

describe('API rate limit, keyed on who authenticated', () => {
  it('gives one budget to a key however its Authorization header is spelled', async () => {
    env = await createTestEnv({ rateLimitPerMinute: 3 });
    const k = env.keys.a;
    // All five are the same key to api-auth (/^Bearer\s+(\S+)\s*$/i); before the fix each spelling had a budget of its own.
    const spellings = [`Bearer ${k}`, `bearer ${k}`, `BEARER ${k}`, `Bearer  ${k}`, `Bearer\t${k}`];
    const statuses = [];
    for (const authorization of spellings) statuses.push((await call({ authorization })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // another key still has its own
    expect((await call({ authorization: `Bearer ${env.keys.both}` })).statusCode).toBe(200);
  });

  it('gives each admin session its own budget, not one per address', async () => {
    env = await createTestEnv({ rateLimitPerMinute: 2 });
    const sessions = ['s'.repeat(30), 't'.repeat(30)];
    for (const id of sessions) await env.store.createAdminSession(hashKey(id), new Date(Date.now() + 3_600_000));
    const asAdmin = (id: string) => call({ cookie: `sl_session=${id}` });
    expect([
      (await asAdmin(sessions[0])).statusCode,
      (await asAdmin(sessions[0])).statusCode,
      (await asAdmin(sessions[0])).statusCode,
    ]).toEqual([200, 200, 429]);
    // the same address, another session: a fresh budget (before: both were "ip:127.0.0.1")
    expect((await asAdmin(sessions[1])).statusCode).toBe(200);
  });
});

describe('failed authentications per client address', () => {
  it(`answers 429 after ${FAILED_AUTH_PER_MINUTE} invalid keys a minute, without looking the next ones up`, async () => {
    let lookups = 0;
    // The budget's clock stands still: twenty guesses that take seconds on a loaded machine refill nothing.
    const now = Date.now();
    env = await createTestEnv({
      clock: () => now,
      wrapStore: (s) => ({ ...s, findApiKeysByPrefix: (prefix: string) => (lookups++, s.findApiKeysByPrefix(prefix)) }),
    });
    // key a is used (and cached) before the guessing starts
    expect((await call({ authorization: `Bearer ${env.keys.a}` })).statusCode).toBe(200);
    lookups = 0;
    const guess = (i: number, address = '198.51.100.7') =>
      call({ authorization: `Bearer sl_${String(i).padStart(40, 'x')}` }, address);
    for (let i = 0; i < FAILED_AUTH_PER_MINUTE; i++) expect((await guess(i)).statusCode).toBe(401);
    expect(lookups).toBe(FAILED_AUTH_PER_MINUTE);

    const refused = await guess(99);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'rate_limited',
      details: { field: 'Authorization', limit: 20 },
    });
    // 20 a minute refill one every 3 s: the bucket is just under 1 token short
    expect(refused.headers['retry-after']).toBe('3');
    expect(lookups).toBe(FAILED_AUTH_PER_MINUTE); // no store lookup for the refused one

    // a key not yet known from that address waits too; one already known good still works
    expect((await call({ authorization: `Bearer ${env.keys.b}` }, '198.51.100.7')).statusCode).toBe(429);
    expect((await call({ authorization: `Bearer ${env.keys.a}` }, '198.51.100.7')).statusCode).toBe(200);
    // another address is not affected
    expect((await guess(100, '198.51.100.8')).statusCode).toBe(401);
  });
});

describe('RateBudgets', () => {
  it('lets a minute’s budget through at once, then refills it evenly, and lets a charge run into debt', () => {
    const b = new RateBudgets(60); // one token a second
    const t0 = 1_000_000;
    expect(b.waitSeconds('x', t0)).toBe(0);
    b.charge('x', 100, t0); // a batch larger than the budget: 60 − 100 = −40
    expect(b.waitSeconds('x', t0)).toBe(41); // back to 1 token after 41 s
    expect(b.waitSeconds('x', t0 + 40_500)).toBe(1);
    expect(b.waitSeconds('x', t0 + 41_000)).toBe(0);
    expect(b.waitSeconds('y', t0)).toBe(0); // other keys have their own
  });

  it('keeps at most maxKeys buckets, dropping the least recently charged', () => {
    const b = new RateBudgets(10, 3);
    const t0 = 1_000_000;
    for (const key of ['a', 'b', 'c', 'd']) b.charge(key, 10, t0);
    expect(b.size).toBe(3);
    expect(b.waitSeconds('a', t0)).toBe(0); // evicted: a fresh budget
    expect(b.waitSeconds('d', t0)).toBe(6); // 10 a minute: one token in 6 s
  });

  it('forgets a bucket once it has refilled', () => {
    const b = new RateBudgets(60, 100);
    b.charge('a', 1, 0);
    b.charge('b', 1, 61_000); // a is full again by now
    expect(b.size).toBe(1);
  });
});
