import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import {
  aggregate,
  BOT_UA,
  createTestEnv,
  insert,
  minutesAgo,
  post,
  PROP_A,
  PROP_B,
  session,
  type TestEnv,
} from '../test-support/fixtures.js';
import { loadMarchDataset, MARCH } from '../test-support/march-dataset.js';
import { seedFields } from '../test-support/seed-fields.js';

// site-a as in the march dataset; site-b adds b1 (visitor v1 again: / → /docs, desktop US google/cpc/spring, 120 s,
// a click) and b2 (v9: /docs bounce, mobile FR, a hero form submit, 60 s).
let env: TestEnv;
const BOTH = [PROP_A, PROP_B];

beforeAll(async () => {
  env = await createTestEnv();
  await loadMarchDataset(env.store);
  const now = new Date();
  await insert(env.store, [
    session('la', 'lva').pv(minutesAgo(now, 2), '/'),
    session('lb', 'lvb', { property_id: PROP_B }).pv(minutesAgo(now, 1), '/b', { device: 'mobile', country: 'FR' }),
    session('lbot', 'lvbot', { property_id: PROP_B, user_agent: BOT_UA }).pv(minutesAgo(now, 0.5), '/'),
  ]);
});
afterAll(() => env.close());

describe('aggregates over site-a and site-b', () => {
  it('traffic/trends: visitors distinct across properties', async () => {
    const r = await aggregate(env, 'trafficTrends', BOTH, MARCH);
    expect(r.meta).toMatchObject({ property_ids: BOTH, bucket_count: 5 });
    // 03-06: s1 3 + b1 2 views, both by v1 → 1 visitor; 03-09: s4 2 + s6 3 + b2 1 by v1 v5 v9
    expect(r.data.map((b) => [b.page_views, b.unique_visitors])).toEqual([
      [5, 1],
      [1, 1],
      [3, 1],
      [6, 3],
      [2, 1],
    ]);
    // 14 + 3 views; v1 v2 v3 v5 v6 ∪ v1 v9 = 6 visitors, not 5 + 2
    expect(r.summary).toEqual({ page_views: 17, unique_visitors: 6 });
  });

  it('traffic/summary: sums sessions, recomputes ratios', async () => {
    const r = await aggregate(env, 'trafficSummary', BOTH, MARCH);
    expect(r.meta).toEqual({
      property_ids: BOTH,
      start: '2026-03-06T00:00:00.000Z',
      end: '2026-03-11T00:00:00.000Z',
      timezone: 'UTC',
    });
    // bounces s2 + b2 = 2 of 8; durations 3670 + 120 + 60 = 3850 s / 8 = 481.25 → 481.3
    expect(r.data).toEqual({
      page_views: 17,
      sessions: 8,
      unique_visitors: 6,
      bounce_rate: 0.25,
      avg_session_duration: 481.3,
    });
    const b = await aggregate(env, 'trafficSummary', [PROP_B, PROP_B], MARCH, env.keys.b);
    expect(b.meta).toMatchObject({ property_ids: [PROP_B] }); // duplicates dropped
    expect(b.data).toEqual({
      page_views: 3,
      sessions: 2,
      unique_visitors: 2,
      bounce_rate: 0.5,
      avg_session_duration: 90,
    });
  });

  it('traffic/breakdown: shares recomputed from the combined counts', async () => {
    const r = await aggregate(env, 'trafficBreakdown', BOTH, MARCH);
    expect(r.meta).toMatchObject({ property_ids: BOTH, totals: { sessions: 8, page_views: 17 } });
    // desktop s1 s3 s4 b1 (3+3+2+2); mobile s2 s7 b2 (1+2+1); unknown s6
    expect(r.data.devices).toEqual([
      { device: 'desktop', sessions: 4, page_views: 10, share: 0.5 },
      { device: 'mobile', sessions: 3, page_views: 4, share: 0.375 },
      { device: 'unknown', sessions: 1, page_views: 3, share: 0.125 },
    ]);
    expect(r.data.countries).toEqual([
      { country: 'US', sessions: 4, page_views: 10, share: 0.5 },
      { country: 'CA', sessions: 1, page_views: 3, share: 0.125 },
      { country: 'GB', sessions: 1, page_views: 2, share: 0.125 },
      { country: 'FR', sessions: 1, page_views: 1, share: 0.125 },
      { country: 'unknown', sessions: 1, page_views: 1, share: 0.125 },
    ]);
    // google/cpc/spring: s1 and b1, one per property
    expect(r.data.utm.slice(0, 2)).toEqual([
      { source: 'unknown', medium: 'unknown', campaign: 'unknown', sessions: 3, page_views: 5, share: 0.375 },
      { source: 'google', medium: 'cpc', campaign: 'spring', sessions: 2, page_views: 5, share: 0.25 },
    ]);
    expect(r.data.referrers.slice(0, 2)).toEqual([
      { referrer: 'google.com', sessions: 3, page_views: 7, share: 0.375 },
      { referrer: 'unknown', sessions: 3, page_views: 4, share: 0.375 },
    ]);
    for (const seg of Object.values(r.data)) expect(seg.reduce((s, x) => s + x.share, 0)).toBeCloseTo(1, 10);
  });

  it('traffic/entry-exit-pages', async () => {
    const r = await aggregate(env, 'entryExitPages', BOTH, MARCH);
    expect(r.data.entry_pages).toEqual([
      { path: '/', sessions: 4, share: 0.5 },
      { path: '/pricing', sessions: 2, share: 0.25 },
      { path: '/blog/post-1', sessions: 1, share: 0.125 },
      { path: '/docs', sessions: 1, share: 0.125 },
    ]);
    // /docs: b1 ends there, b2 only saw it
    expect(r.data.exit_pages).toEqual([
      { path: '/pricing', sessions: 4, share: 0.5 },
      { path: '/docs', sessions: 2, share: 0.25 },
      { path: '/', sessions: 1, share: 0.125 },
      { path: '/signup', sessions: 1, share: 0.125 },
    ]);
  });

  it('clicks/breakdown and forms/breakdown', async () => {
    const c = await aggregate(env, 'clicksBreakdown', BOTH, MARCH);
    expect(seedFields(c.data)).toEqual([
      { page: '/pricing', target: 'a.signup', clicks: 4, unique_clicks: 3 },
      { page: '/docs', target: 'a.signup', clicks: 1, unique_clicks: 1 },
      { page: '/pricing', target: 'button.buy', clicks: 1, unique_clicks: 1 },
    ]);
    expect(c.trend.map((b) => b.clicks)).toEqual([2, 2, 0, 2, 0]); // 03-06 s1 + b1
    expect(c.summary).toEqual({ total_clicks: 6, total_unique_clicks: 5 });
    const f = await aggregate(env, 'formsBreakdown', BOTH, { ...MARCH, source: 'hero' });
    // hero: s1 twice, b2 once
    expect(seedFields(f.data)).toEqual([
      { page: '/signup', target: 'form#signup', submissions: 2, unique_submissions: 1, unique_sessions: 1 },
      { page: '/docs', target: 'form#contact', submissions: 1, unique_submissions: 1, unique_sessions: 1 },
    ]);
    expect(f.summary).toEqual({ total_submissions: 3, total_unique_submissions: 2, unique_sessions: 2 });
  });

  it('traffic/realtime', async () => {
    const r = await aggregate(env, 'trafficRealtime', BOTH);
    expect(r.meta).toEqual({ property_ids: BOTH });
    expect(r.data.active_visitors).toBe(2); // la and lb; the bot on site-b is left out
    expect(r.data.feed.map((f) => [f.page, f.device, f.country])).toEqual([
      ['/b', 'mobile', 'FR'],
      ['/', 'unknown', 'unknown'],
    ]);
  });

  it('403s when the key lacks one of the listed properties', async () => {
    const r = await post(env, env.keys.a, '/properties/aggregate/traffic/summary', { propertyIds: BOTH }, MARCH);
    expect(r.status).toBe(403);
    expect(errorEnvelope.parse(r.body).error).toMatchObject({
      code: 'forbidden',
      details: { field: 'propertyIds', property_ids: [PROP_B] },
    });
  });
});
