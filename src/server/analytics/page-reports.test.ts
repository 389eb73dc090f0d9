import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, report, type TestEnv } from '../test-support/fixtures.js';
import { loadMarchDataset, MARCH } from '../test-support/march-dataset.js';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await loadMarchDataset(env.store);
});
afterAll(() => env.close());

describe('pages/breakdown', () => {
  it('ranks pages by views with visitors, scroll depth and page-level bounce rate', async () => {
    const r = await report(env, 'pagesBreakdown', MARCH);
    expect(r.meta).toMatchObject({ property_id: 'site-a', limit: 10 });
    expect(r.data.map((p) => p.path)).toEqual(['/pricing', '/', '/signup', '/blog/post-1']);
    const [pricing, home, signup, blog] = r.data;
    // /pricing: s1 s2 s3 s4 s6 s7 = 6 views by v1 v2 v3 v1 v5 v6 = 5 visitors
    // scroll: s1 max(0.8, 0.6) = 0.8, s2 0.4, s4 0.9 → 2.1 / 3 = 0.7
    // entered on /pricing: s2 (1 view, bounced) and s7 (2 views) → 1/2
    expect(pricing).toMatchObject({ page_views: 6, unique_visitors: 5, bounce_rate: 0.5 });
    expect(pricing.avg_scroll_depth).toBeCloseTo(0.7, 10);
    // /: s1 s3 s4 s6 s7 = 5 views, v1 v3 v5 v6 = 4 visitors; scroll s1 0.5, s7 1.0 → 0.75
    // entered on /: s1 s3 s4 (s4 through its late-arriving first view), none bounced
    expect(home).toEqual({ path: '/', page_views: 5, unique_visitors: 4, avg_scroll_depth: 0.75, bounce_rate: 0 });
    // /signup: s1 s3, no engagement, nobody entered there: neither rate has a base, so both are null (not 0%)
    expect(signup).toEqual({
      path: '/signup',
      page_views: 2,
      unique_visitors: 2,
      avg_scroll_depth: null,
      bounce_rate: null,
    });
    // /blog/post-1: s6 entered and went on (3 views); scroll 0.3
    expect(blog).toEqual({
      path: '/blog/post-1',
      page_views: 1,
      unique_visitors: 1,
      avg_scroll_depth: 0.3,
      bounce_rate: 0,
    });
  });

  it('applies limit', async () => {
    const r = await report(env, 'pagesBreakdown', { ...MARCH, limit: 2 });
    expect(r.data.map((p) => [p.path, p.page_views])).toEqual([
      ['/pricing', 6],
      ['/', 5],
    ]);
  });

  it('reads only the range: 2026-03-09 alone', async () => {
    const r = await report(env, 'pagesBreakdown', { start: '2026-03-09', end: '2026-03-09' });
    // s4 (/, /pricing) and s6 (/blog/post-1, /, /pricing); s4 entered on / and s6 on /blog/post-1,
    // so nobody entered on /pricing that day: no bounce rate
    expect(r.data.map((p) => [p.path, p.page_views, p.unique_visitors, p.bounce_rate])).toEqual([
      ['/', 2, 2, 0],
      ['/pricing', 2, 2, null],
      ['/blog/post-1', 1, 1, 0],
    ]);
    expect(r.data[1].avg_scroll_depth).toBeCloseTo(0.9, 10); // only s4 scrolled /pricing that day
  });
});

describe('pages/details', () => {
  it('breaks one page down by its views, with shares of the page views', async () => {
    const r = await report(env, 'pageDetails', { ...MARCH, page: '/pricing' });
    expect(r.meta).toMatchObject({ page: '/pricing', limit: 10 });
    const d = r.data;
    expect(d).toMatchObject({ page_views: 6, unique_visitors: 5, bounce_rate: 0.5 });
    expect(d.avg_scroll_depth).toBeCloseTo(0.7, 10);
    // each /pricing view carries its session's first touch: s2 and s6 have no UTM (2 of 6 views)
    expect(d.utm).toEqual([
      { source: 'unknown', medium: 'unknown', campaign: 'unknown', page_views: 2, share: 2 / 6 },
      { source: 'google', medium: 'cpc', campaign: 'spring', page_views: 1, share: 1 / 6 },
      { source: 'google', medium: 'organic', campaign: 'unknown', page_views: 1, share: 1 / 6 },
      { source: 'newsletter', medium: 'email', campaign: 'march', page_views: 1, share: 1 / 6 },
      { source: 'newsletter', medium: 'email', campaign: 'unknown', page_views: 1, share: 1 / 6 },
    ]);
    // s4's /pricing view said mobile/DE, but its session is desktop/US by first touch
    expect(d.devices).toEqual([
      { device: 'desktop', page_views: 3, share: 0.5 },
      { device: 'mobile', page_views: 2, share: 2 / 6 },
      { device: 'unknown', page_views: 1, share: 1 / 6 },
    ]);
    expect(d.countries).toEqual([
      { country: 'US', page_views: 3, share: 0.5 },
      { country: 'CA', page_views: 1, share: 1 / 6 },
      { country: 'GB', page_views: 1, share: 1 / 6 },
      { country: 'unknown', page_views: 1, share: 1 / 6 },
    ]);
    for (const list of [d.utm, d.devices, d.countries])
      expect(list.reduce((s, x) => s + x.share, 0)).toBeCloseTo(1, 10);
  });

  it('splits a page entered elsewhere by its own views', async () => {
    // / was entered by s1 s3 s4, none bounced; s7 reached / second
    const r = await report(env, 'pageDetails', { ...MARCH, page: '/' });
    expect(r.data).toMatchObject({ page_views: 5, unique_visitors: 4, avg_scroll_depth: 0.75, bounce_rate: 0 });
    expect(r.data.devices).toEqual([
      { device: 'desktop', page_views: 3, share: 0.6 },
      { device: 'mobile', page_views: 1, share: 0.2 },
      { device: 'unknown', page_views: 1, share: 0.2 },
    ]);
  });

  it('answers zeros, no rates and empty lists for a page without views', async () => {
    const r = await report(env, 'pageDetails', { ...MARCH, page: '/nowhere' });
    expect(r.data).toEqual({
      page_views: 0,
      unique_visitors: 0,
      avg_scroll_depth: null,
      bounce_rate: null,
      utm: [],
      devices: [],
      countries: [],
    });
  });
});
