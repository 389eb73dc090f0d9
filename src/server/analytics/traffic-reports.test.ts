import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_UA, createTestEnv, insert, minutesAgo, report, session, type TestEnv } from '../test-support/fixtures.js';
import { loadMarchDataset, MARCH } from '../test-support/march-dataset.js';

let env: TestEnv;
const NY = 'America/New_York';

beforeAll(async () => {
  env = await createTestEnv();
  await loadMarchDataset(env.store);
  // New York fall-back, 2026-11-01: f1 at 01:30 EDT (05:30Z), f2 twice in the repeated hour at 01:30 and 01:45 EST.
  const f1 = session('f1', 'fv1');
  const f2 = session('f2', 'fv2');
  // America/Santiago's 2026-09-06 begins at 01:00 (DST starts at midnight); d1 views at 12:00 local.
  const d1 = session('d1', 'dv1');
  await insert(env.store, [
    f1.pv('2026-11-01T05:30:00Z', '/'),
    f2.pv('2026-11-01T06:30:00Z', '/'),
    f2.pv('2026-11-01T06:45:00Z', '/pricing'),
    d1.pv('2026-09-06T15:00:00Z', '/'),
  ]);
  // Live traffic for realtime: l1 and l2 viewing now, l4 engaged 4 min ago after a view 10 min ago, a bot.
  const now = new Date();
  const l1 = session('l1', 'lv1');
  const l2 = session('l2', 'lv2');
  const l4 = session('l4', 'lv4');
  const bot = session('lb', 'lvb', { user_agent: BOT_UA });
  await insert(env.store, [
    l1.pv(minutesAgo(now, 3), '/', { device: 'desktop', country: 'US', referrer: 'https://www.google.com/' }),
    l1.pv(minutesAgo(now, 1), '/pricing', { device: 'desktop', country: 'US' }),
    l2.pv(minutesAgo(now, 2), '/docs'),
    l4.pv(minutesAgo(now, 10), '/old', { device: 'mobile', country: 'DE' }),
    l4.engage(minutesAgo(now, 4), '/old', 0.5),
    bot.pv(minutesAgo(now, 1), '/'),
    bot.pv(minutesAgo(now, 0.5), '/bot-only'),
  ]);
});
afterAll(() => env.close());

describe('traffic/trends', () => {
  it('buckets days in America/New_York across the spring-forward, zero-filled, with a 23-hour day', async () => {
    const r = await report(env, 'trafficTrends', { start: '2026-03-05', end: '2026-03-11', timezone: NY });
    // 00:00 EST on 03-05 = 05:00Z; the day after 03-11 starts at 00:00 EDT = 04:00Z
    expect(r.meta).toMatchObject({
      start: '2026-03-05T05:00:00.000Z',
      end: '2026-03-12T04:00:00.000Z',
      timezone: NY,
      granularity: 'day',
      bucket_count: 7,
    });
    expect(r.data.map((b) => b.bucket_start)).toEqual([
      '2026-03-05T00:00:00.000-05:00',
      '2026-03-06T00:00:00.000-05:00',
      '2026-03-07T00:00:00.000-05:00',
      '2026-03-08T00:00:00.000-05:00',
      '2026-03-09T00:00:00.000-04:00',
      '2026-03-10T00:00:00.000-04:00',
      '2026-03-11T00:00:00.000-04:00',
    ]);
    const dst = r.data[3];
    expect(dst.bucket_end).toBe('2026-03-09T00:00:00.000-04:00');
    expect(Date.parse(dst.bucket_end) - Date.parse(dst.bucket_start)).toBe(23 * 3_600_000);
    // 03-06 s1 3; 03-07 s2 1 (the bot's 22:00 EST views don't count); 03-08 s3 3 (01:30 EST ... 03:10 EDT);
    // 03-09 s4 2 + s6 3 (v1, v5); 03-10 s7 2; 03-05 and 03-11 empty
    expect(r.data.map((b) => b.page_views)).toEqual([0, 3, 1, 3, 5, 2, 0]);
    expect(r.data.map((b) => b.unique_visitors)).toEqual([0, 1, 1, 1, 2, 1, 0]);
    // v1 v2 v3 v5 v6: v1 twice (s1, s4) counts once
    expect(r.summary).toEqual({ page_views: 14, unique_visitors: 5 });
  });

  it('has 23 hour buckets on the spring-forward day: 01:00 EST then 03:00 EDT', async () => {
    const r = await report(env, 'trafficTrends', {
      start: '2026-03-08',
      end: '2026-03-08',
      timezone: NY,
      granularity: 'hour',
    });
    expect(r.data).toHaveLength(23);
    expect(r.data[1]).toEqual({
      bucket_start: '2026-03-08T01:00:00.000-05:00',
      bucket_end: '2026-03-08T03:00:00.000-04:00',
      page_views: 2,
      unique_visitors: 1,
    });
    expect(r.data[2]).toMatchObject({ bucket_start: '2026-03-08T03:00:00.000-04:00', page_views: 1 }); // s3 at 03:10 EDT
    expect(r.data.reduce((n, b) => n + b.page_views, 0)).toBe(3);
  });

  it('keeps both 01:00 hours of the fall-back apart: 25 hour buckets on 2026-11-01', async () => {
    const r = await report(env, 'trafficTrends', {
      start: '2026-11-01',
      end: '2026-11-01',
      timezone: NY,
      granularity: 'hour',
    });
    expect(r.meta).toMatchObject({
      start: '2026-11-01T04:00:00.000Z',
      end: '2026-11-02T05:00:00.000Z',
      bucket_count: 25,
    });
    expect(r.data).toHaveLength(25);
    expect(r.data[1]).toEqual({
      bucket_start: '2026-11-01T01:00:00.000-04:00',
      bucket_end: '2026-11-01T01:00:00.000-05:00',
      page_views: 1,
      unique_visitors: 1,
    });
    expect(r.data[2]).toEqual({
      bucket_start: '2026-11-01T01:00:00.000-05:00',
      bucket_end: '2026-11-01T02:00:00.000-05:00',
      page_views: 2,
      unique_visitors: 1,
    });
    expect(r.data[24].bucket_start).toBe('2026-11-01T23:00:00.000-05:00');
    expect(r.summary).toEqual({ page_views: 3, unique_visitors: 2 });
  });

  it('buckets weeks from Monday (the first may start before the range) and months in the zone', async () => {
    const w = await report(env, 'trafficTrends', { start: '2026-03-04', end: '2026-03-17', granularity: 'week' });
    expect(w.data.map((b) => b.bucket_start)).toEqual([
      '2026-03-02T00:00:00.000Z',
      '2026-03-09T00:00:00.000Z',
      '2026-03-16T00:00:00.000Z',
    ]);
    // week of 03-02: s1 3 + s2 1 + s3 3 (v1 v2 v3); week of 03-09: s4 2 + s6 3 + s7 2 (v1 v5 v6)
    expect(w.data.map((b) => [b.page_views, b.unique_visitors])).toEqual([
      [7, 3],
      [7, 3],
      [0, 0],
    ]);
    expect(w.summary).toEqual({ page_views: 14, unique_visitors: 5 }); // v1 is in both weeks, counted once
    const m = await report(env, 'trafficTrends', {
      start: '2026-02-15',
      end: '2026-04-10',
      timezone: NY,
      granularity: 'month',
    });
    expect(m.data.map((b) => b.bucket_start)).toEqual([
      '2026-02-01T00:00:00.000-05:00',
      '2026-03-01T00:00:00.000-05:00',
      '2026-04-01T00:00:00.000-04:00',
    ]);
    expect(m.data.map((b) => b.page_views)).toEqual([0, 14, 0]);
  });

  it('counts the day of a zone whose DST starts at midnight (America/Santiago)', async () => {
    const r = await report(env, 'trafficTrends', {
      start: '2026-09-05',
      end: '2026-09-07',
      timezone: 'America/Santiago',
    });
    expect(r.data.map((b) => b.bucket_start)).toEqual([
      '2026-09-05T00:00:00.000-04:00',
      '2026-09-06T01:00:00.000-03:00',
      '2026-09-07T00:00:00.000-03:00',
    ]);
    expect(r.data.map((b) => b.page_views)).toEqual([0, 1, 0]); // d1 at 12:00 local on 09-06
  });
});

describe('traffic/summary', () => {
  it('gives sessions, bounce rate and mean duration over the range', async () => {
    const r = await report(env, 'trafficSummary', MARCH);
    expect(r.meta).toEqual({
      property_id: 'site-a',
      start: '2026-03-06T00:00:00.000Z',
      end: '2026-03-11T00:00:00.000Z',
      timezone: 'UTC',
    });
    // sessions s1 s2 s3 s4 s6 s7; only s2 has a single page view: 1/6
    // durations 370 + 60 + 2400 + 390 + 270 + 180 = 3670 s; 3670 / 6 = 611.67 → 611.7
    expect(r.data).toEqual({
      page_views: 14,
      sessions: 6,
      unique_visitors: 5,
      bounce_rate: 1 / 6,
      avg_session_duration: 611.7,
    });
  });

  it('counts the sessions whose first page view is on the 23-hour New York day', async () => {
    const r = await report(env, 'trafficSummary', { start: '2026-03-08', end: '2026-03-08', timezone: NY });
    // only s3 (05:00Z 03-08 .. 04:00Z 03-09): 3 views, 40 minutes
    expect(r.data).toEqual({
      page_views: 3,
      sessions: 1,
      unique_visitors: 1,
      bounce_rate: 0,
      avg_session_duration: 2400,
    });
  });
});

describe('traffic/breakdown', () => {
  it('splits sessions by first-touch UTM, country, device, landing page and referrer host', async () => {
    const r = await report(env, 'trafficBreakdown', MARCH);
    expect(r.meta).toMatchObject({ limit: 10, totals: { sessions: 6, page_views: 14 } });
    const d = r.data;
    // s2 and s6 carry no UTM: 2 sessions, 1 + 3 views; s4 counts as google/organic (its first view), not bing
    expect(d.utm).toEqual([
      { source: 'unknown', medium: 'unknown', campaign: 'unknown', sessions: 2, page_views: 4, share: 2 / 6 },
      { source: 'google', medium: 'cpc', campaign: 'spring', sessions: 1, page_views: 3, share: 1 / 6 },
      { source: 'newsletter', medium: 'email', campaign: 'unknown', sessions: 1, page_views: 3, share: 1 / 6 },
      { source: 'google', medium: 'organic', campaign: 'unknown', sessions: 1, page_views: 2, share: 1 / 6 },
      { source: 'newsletter', medium: 'email', campaign: 'march', sessions: 1, page_views: 2, share: 1 / 6 },
    ]);
    // US: s1 3 + s4 2 + s6 3 (s4's first view says US, its later one DE)
    expect(d.countries).toEqual([
      { country: 'US', sessions: 3, page_views: 8, share: 0.5 },
      { country: 'CA', sessions: 1, page_views: 3, share: 1 / 6 },
      { country: 'GB', sessions: 1, page_views: 2, share: 1 / 6 },
      { country: 'unknown', sessions: 1, page_views: 1, share: 1 / 6 },
    ]);
    // desktop s1 s3 s4 (3+3+2); mobile: s2's tablet + s7 (1+2); s6 sent no device
    expect(d.devices).toEqual([
      { device: 'desktop', sessions: 3, page_views: 8, share: 0.5 },
      { device: 'mobile', sessions: 2, page_views: 3, share: 2 / 6 },
      { device: 'unknown', sessions: 1, page_views: 3, share: 1 / 6 },
    ]);
    expect(d.devices.every((x) => ['desktop', 'mobile', 'unknown'].includes(x.device))).toBe(true);
    expect(d.landing_pages).toEqual([
      { path: '/', sessions: 3, page_views: 8, share: 0.5 },
      { path: '/pricing', sessions: 2, page_views: 3, share: 2 / 6 },
      { path: '/blog/post-1', sessions: 1, page_views: 3, share: 1 / 6 },
    ]);
    // www.google.com (s1, s4: 3 + 2), none (s2, s7: 1 + 2), news.example.com (s3), t.co (s6)
    expect(d.referrers).toEqual([
      { referrer: 'google.com', sessions: 2, page_views: 5, share: 2 / 6 },
      { referrer: 'unknown', sessions: 2, page_views: 3, share: 2 / 6 },
      { referrer: 'news.example.com', sessions: 1, page_views: 3, share: 1 / 6 },
      { referrer: 't.co', sessions: 1, page_views: 3, share: 1 / 6 },
    ]);
    for (const seg of [d.utm, d.countries, d.devices, d.landing_pages, d.referrers]) {
      expect(seg.reduce((s, x) => s + x.share, 0)).toBeCloseTo(1, 10);
    }
  });

  it('keeps the top `limit` rows of each segment and the full totals', async () => {
    const r = await report(env, 'trafficBreakdown', { ...MARCH, limit: 2 });
    expect(r.meta).toMatchObject({ limit: 2, totals: { sessions: 6, page_views: 14 } });
    expect(r.data.countries.map((c) => c.country)).toEqual(['US', 'CA']);
    expect(r.data.referrers.map((c) => c.referrer)).toEqual(['google.com', 'unknown']);
    expect(r.data.utm).toHaveLength(2);
  });
});

describe('traffic/entry-exit-pages', () => {
  it('lists where sessions start and end with shares of all sessions', async () => {
    const r = await report(env, 'entryExitPages', MARCH);
    // entries: / (s1 s3 s4), /pricing (s2 s7), /blog/post-1 (s6). s4's /pricing arrived first but / is earlier.
    expect(r.data.entry_pages).toEqual([
      { path: '/', sessions: 3, share: 0.5 },
      { path: '/pricing', sessions: 2, share: 2 / 6 },
      { path: '/blog/post-1', sessions: 1, share: 1 / 6 },
    ]);
    // exits: /pricing (s2 s3 s4 s6), / (s7), /signup (s1)
    expect(r.data.exit_pages).toEqual([
      { path: '/pricing', sessions: 4, share: 4 / 6 },
      { path: '/', sessions: 1, share: 1 / 6 },
      { path: '/signup', sessions: 1, share: 1 / 6 },
    ]);
  });
});

describe('traffic/realtime', () => {
  it('counts sessions active in the last 5 minutes and lists page views newest first, without bots', async () => {
    const r = await report(env, 'trafficRealtime');
    expect(r.meta).toEqual({ property_id: 'site-a' });
    // l1 (1 and 3 min ago), l2 (2 min), l4 (engagement 4 min ago); the bot never counts
    expect(r.data.active_visitors).toBe(3);
    expect(r.data.feed.map(({ timestamp: _t, ...f }) => f)).toEqual([
      { page: '/pricing', referrer: null, device: 'desktop', country: 'US' },
      { page: '/docs', referrer: null, device: 'unknown', country: 'unknown' },
      { page: '/', referrer: 'https://www.google.com/', device: 'desktop', country: 'US' },
      { page: '/old', referrer: null, device: 'mobile', country: 'DE' },
    ]);
    const times = r.data.feed.map((f) => Date.parse(f.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
