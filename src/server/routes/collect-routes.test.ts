import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { aroundToday, collect, pageview, UA } from '../test-support/collect-requests.js';
import { BOT_UA, createTestEnv, report, type TestEnv } from '../test-support/fixtures.js';

// POST /api/collect (operations.md §3) as a browser or sendBeacon calls it, read back through the API.

let env: TestEnv;
let extraApps: FastifyInstance[] = [];
beforeEach(async () => {
  env = await createTestEnv();
});
afterEach(async () => {
  for (const app of extraApps) await app.close();
  extraApps = [];
  await env.close();
});

/** A second app over the test store, e.g. behind a trusted proxy. */
async function appWith(opts: { trustProxy: boolean }): Promise<FastifyInstance> {
  const app = await buildApp({ store: env.store, trustProxy: opts.trustProxy });
  extraApps.push(app);
  return app;
}

describe('POST /api/collect bodies', () => {
  it('answers 202 with the count accepted, and the events are stored by then', async () => {
    const r = await collect(env.app, pageview());
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ accepted: 1 });
    expect(await env.store.countEvents()).toBe(1);
  });

  it('takes text/plain JSON as sendBeacon sends it, one event or a batch', async () => {
    const one = await collect(env.app, null, { raw: JSON.stringify(pageview()) });
    expect(one.status, JSON.stringify(one.body)).toBe(202);
    const batch = await collect(env.app, null, {
      raw: JSON.stringify({ events: [pageview({ path: '/a' }), pageview({ path: '/b' })] }),
    });
    expect(batch.body).toEqual({ accepted: 2 });
    const bare = await collect(env.app, null, {
      raw: JSON.stringify(pageview()),
      headers: { 'content-type': 'text/plain' },
    });
    expect(bare.status).toBe(202);
    expect(await env.store.countEvents()).toBe(4);
  });

  it('ignores a ts sent by the browser, even a malformed one: the server stamps its own clock', async () => {
    const before = Date.now();
    const r = await collect(env.app, {
      events: [
        pageview({ ts: '2020-01-01T00:00:00Z', path: '/old' }),
        pageview({ session_id: 's2', ts: 'yesterday', path: '/odd' }),
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const after = Date.now();
    const { data } = await report(env, 'trafficRealtime');
    expect(data.feed.map((f) => f.page).sort()).toEqual(['/odd', '/old']);
    for (const f of data.feed) {
      expect(Date.parse(f.timestamp)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(f.timestamp)).toBeLessThanOrEqual(after);
    }
  });
});

describe('POST /api/collect user agents', () => {
  it('drops a known bot: 202 with accepted 0 and nothing stored', async () => {
    const r = await collect(env.app, { events: [pageview(), pageview({ path: '/pricing' })] }, { userAgent: BOT_UA });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ accepted: 0 });
    expect(await env.store.countEvents()).toBe(0);
    expect((await report(env, 'trafficRealtime')).data).toEqual({ active_visitors: 0, feed: [] });
  });

  it('reads the device from the user agent, tablets counted as mobile; a sent device wins', async () => {
    const sessions: [string, string, Record<string, unknown>][] = [
      ['d1', UA.desktop, {}],
      ['d2', UA.desktop, {}],
      ['i1', UA.ipad, {}],
      ['t1', UA.androidTablet, {}],
      ['p1', UA.iphone, {}],
      ['x1', UA.desktop, { device: 'tablet' }],
    ];
    for (const [id, ua, extra] of sessions) {
      expect(
        (await collect(env.app, pageview({ session_id: id, visitor_id: id, ...extra }), { userAgent: ua })).status,
      ).toBe(202);
    }
    const { data } = await report(env, 'trafficBreakdown', aroundToday());
    // iPad, Android tablet, iPhone and the sent "tablet" are mobile; the two desktops are desktop
    expect(data.devices.map(({ device, sessions: n }) => ({ device, sessions: n }))).toEqual([
      { device: 'mobile', sessions: 4 },
      { device: 'desktop', sessions: 2 },
    ]);
  });
});

describe('POST /api/collect country', () => {
  it('behind a trusted proxy, takes the address from X-Forwarded-For and its country from the shipped database', async () => {
    const proxied = await appWith({ trustProxy: true });
    const r = await collect(proxied, pageview({ country: 'FR' }), { headers: { 'x-forwarded-for': '81.2.69.142' } });
    expect(r.status).toBe(202);
    const { data } = await report(env, 'trafficRealtime');
    expect(data.feed.map((f) => f.country)).toEqual(['GB']);
  });

  it('without TRUST_PROXY ignores X-Forwarded-For: 127.0.0.1 has no country', async () => {
    const r = await collect(env.app, pageview(), { headers: { 'x-forwarded-for': '81.2.69.142' } });
    expect(r.status).toBe(202);
    const { data } = await report(env, 'trafficBreakdown', aroundToday());
    expect(data.countries.map((c) => c.country)).toEqual(['unknown']);
  });

  it('keeps the country an event names when the address has none', async () => {
    await collect(env.app, pageview({ country: 'FR' }));
    expect((await report(env, 'trafficRealtime')).data.feed.map((f) => f.country)).toEqual(['FR']);
  });
});

describe('POST /api/collect sessions', () => {
  const entryExit = async () => {
    const { data } = await report(env, 'entryExitPages', aroundToday());
    return { entry: data.entry_pages.map((p) => p.path), exit: data.exit_pages.map((p) => p.path) };
  };

  it('one session whose page views arrive in three requests: one session, right entry, exit and count', async () => {
    for (const path of ['/landing', '/pricing', '/signup']) {
      expect(
        (await collect(env.app, pageview({ path, referrer: path === '/landing' ? 'https://news.example/post' : null })))
          .status,
      ).toBe(202);
    }
    const summary = await report(env, 'trafficSummary', aroundToday());
    expect(summary.data).toMatchObject({ sessions: 1, page_views: 3, unique_visitors: 1, bounce_rate: 0 });
    expect(await entryExit()).toEqual({ entry: ['/landing'], exit: ['/signup'] });
    const breakdown = await report(env, 'trafficBreakdown', aroundToday());
    expect(breakdown.data.landing_pages.map((p) => [p.path, p.sessions, p.page_views])).toEqual([['/landing', 1, 3]]);
    expect(breakdown.data.referrers.map((p) => p.referrer)).toEqual(['news.example']);
  });

  it('several page views of a session in one batch follow the order sent: first is entry, last is exit', async () => {
    const r = await collect(env.app, {
      events: [
        pageview({ path: '/a' }),
        pageview({ session_id: 'other', path: '/x' }),
        pageview({ path: '/b' }),
        pageview({ path: '/c' }),
      ],
    });
    expect(r.body).toEqual({ accepted: 4 });
    expect(await entryExit()).toEqual({ entry: ['/a', '/x'], exit: ['/c', '/x'] });
  });

  it('a session split over batches mixing in engagement: entry from the first batch, exit from the last', async () => {
    await collect(env.app, {
      events: [pageview({ path: '/home' }), pageview({ type: 'engagement', path: '/home', scroll_depth: 0.8 })],
    });
    await collect(env.app, {
      events: [pageview({ path: '/docs' }), pageview({ type: 'click', path: '/docs', target: 'a.next' })],
    });
    await collect(env.app, { events: [pageview({ path: '/docs/api' })] });
    expect(await entryExit()).toEqual({ entry: ['/home'], exit: ['/docs/api'] });
    expect((await report(env, 'trafficSummary', aroundToday())).data).toMatchObject({ sessions: 1, page_views: 3 });
  });
});

describe('POST /api/collect then traffic/realtime', () => {
  it('sees what collect just wrote: active sessions and the feed newest first, without the bot', async () => {
    // The server stamps each event with its own clock: two collects in one millisecond would tie, and
    // the feed's order between them would be the store's choice. A person's clicks are never that close.
    const nextMillisecond = async () => {
      const now = Date.now();
      while (Date.now() <= now) await new Promise((r) => setTimeout(r, 1));
    };
    await collect(env.app, pageview({ session_id: 'r1', path: '/' }));
    await nextMillisecond();
    await collect(env.app, pageview({ session_id: 'r2', visitor_id: 'v2', path: '/docs' }), { userAgent: UA.iphone });
    await collect(env.app, pageview({ session_id: 'rb', visitor_id: 'vb', path: '/bot-only' }), { userAgent: BOT_UA });
    await nextMillisecond();
    await collect(env.app, pageview({ session_id: 'r1', path: '/pricing', referrer: 'https://www.google.com/' }));
    const { data } = await report(env, 'trafficRealtime');
    expect(data.active_visitors).toBe(2);
    expect(data.feed.map(({ timestamp: _t, ...f }) => f)).toEqual([
      { page: '/pricing', referrer: 'https://www.google.com/', device: 'desktop', country: 'unknown' },
      { page: '/docs', referrer: null, device: 'mobile', country: 'unknown' },
      { page: '/', referrer: null, device: 'desktop', country: 'unknown' },
    ]);
    const times = data.feed.map((f) => Date.parse(f.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
