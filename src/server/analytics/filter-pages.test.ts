import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, report, type TestEnv } from '../test-support/fixtures.js';
import { filtersQuery, loadFilterDataset, RANGE, sortedTies } from '../test-support/filter-dataset.js';

// pages/breakdown and pages/details under filters, on filter-dataset.ts. Scroll is the deepest per
// (session, page), averaged over those that scrolled: k1 / 0.5, k2 /blog/a/b 0.9, k4 /pricing 0.6, k7 /pricing 0.4.
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await loadFilterDataset(env.store);
});
afterAll(() => env.close());

type Tuple = [string, string, (string | null)[]];
const withFilters = (...filters: Tuple[]) => ({ ...RANGE, ...filtersQuery(...filters) });
const byViews = <T extends { path: string; page_views: number }>(rows: T[]) =>
  sortedTies(rows, 'page_views', (r) => r.path);

describe('pages/breakdown', () => {
  it('a session filter: Safari is k2 k3 k7', async () => {
    const r = await report(env, 'pagesBreakdown', withFilters(['is', 'browser', ['Safari']]));
    expect(byViews(r.data)).toEqual([
      // k3 and k7; only k7 scrolled it; both entered there and k3 bounced
      { path: '/pricing', page_views: 2, unique_visitors: 2, avg_scroll_depth: 0.4, bounce_rate: 0.5 },
      // No scroll reported or nobody entered there: that rate has no base, so it is null
      { path: '/', page_views: 1, unique_visitors: 1, avg_scroll_depth: null, bounce_rate: null }, // k7's last page
      { path: '/blog/a', page_views: 1, unique_visitors: 1, avg_scroll_depth: null, bounce_rate: 0 }, // k2 entered, went on
      { path: '/blog/a/b', page_views: 1, unique_visitors: 1, avg_scroll_depth: 0.9, bounce_rate: null },
      { path: '/signup', page_views: 1, unique_visitors: 1, avg_scroll_depth: null, bounce_rate: null },
    ]);
  });

  it('a session filter can leave one bounced page: GB is k3', async () => {
    const r = await report(env, 'pagesBreakdown', withFilters(['is', 'country', ['GB']]));
    expect(r.data).toEqual([
      { path: '/pricing', page_views: 1, unique_visitors: 1, avg_scroll_depth: null, bounce_rate: 1 },
    ]);
  });

  it('a page filter lists only matching pages: /blog/* then /blog/**', async () => {
    const one = await report(env, 'pagesBreakdown', withFilters(['matches', 'page', ['/blog/*']]));
    expect(one.data).toEqual([
      // k2 (entered there, went on) and k5 (entered on /); no scrolls reported; nobody entered on /blog/b
      { path: '/blog/a', page_views: 2, unique_visitors: 2, avg_scroll_depth: null, bounce_rate: 0 },
      { path: '/blog/b', page_views: 1, unique_visitors: 1, avg_scroll_depth: null, bounce_rate: null },
    ]);
    const any = await report(env, 'pagesBreakdown', withFilters(['matches', 'page', ['/blog/**']]));
    expect(byViews(any.data)).toEqual([
      { path: '/blog/a', page_views: 2, unique_visitors: 2, avg_scroll_depth: null, bounce_rate: 0 },
      { path: '/blog/a/b', page_views: 1, unique_visitors: 1, avg_scroll_depth: 0.9, bounce_rate: null },
      { path: '/blog/b', page_views: 1, unique_visitors: 1, avg_scroll_depth: null, bounce_rate: null },
    ]);
  });

  it('a page filter and a session filter: /pricing in US sessions', async () => {
    const r = await report(
      env,
      'pagesBreakdown',
      withFilters(['contains', 'page', ['PRIC']], ['is', 'country', ['US']]),
    );
    // k1 k4 k7 k9 by v1 v1 v7 v9; scroll k4 0.6 and k7 0.4; only k7 entered there, and went on
    expect(r.data).toEqual([
      { path: '/pricing', page_views: 4, unique_visitors: 3, avg_scroll_depth: 0.5, bounce_rate: 0 },
    ]);
  });

  it('contains ignores case, is does not: /Blog/Launch', async () => {
    const r = await report(env, 'pagesBreakdown', withFilters(['contains', 'page', ['launch']]));
    // k4 entered on it and went on; no scroll reported
    expect(r.data).toEqual([
      { path: '/Blog/Launch', page_views: 1, unique_visitors: 1, avg_scroll_depth: null, bounce_rate: 0 },
    ]);
    expect((await report(env, 'pagesBreakdown', withFilters(['is', 'page', ['/blog/launch']]))).data).toEqual([]);
  });
});

describe('pages/details', () => {
  const utmLabel = (u: { source: string; medium: string; campaign: string }) => `${u.source}/${u.medium}/${u.campaign}`;

  it('a session filter: /pricing seen from desktop sessions k1 k3 k4 k6 k9', async () => {
    const r = await report(env, 'pageDetails', { ...withFilters(['is', 'device', ['desktop']]), page: '/pricing' });
    const d = r.data;
    // 5 views by v1 v3 v1 v6 v9; only k4 scrolled it (0.6); only k3 entered there, and bounced
    expect(d).toMatchObject({ page_views: 5, unique_visitors: 4, avg_scroll_depth: 0.6, bounce_rate: 1 });
    // one view per first touch (k6 counts as newsletter/may and CA, whatever its /pricing view said)
    expect(sortedTies(d.utm, 'page_views', utmLabel)).toEqual([
      { source: 'google', medium: 'cpc', campaign: 'spring', page_views: 1, share: 0.2 },
      { source: 'google', medium: 'organic', campaign: 'unknown', page_views: 1, share: 0.2 },
      { source: 'newsletter', medium: 'email', campaign: 'may', page_views: 1, share: 0.2 },
      { source: 'newsletter', medium: 'email', campaign: 'Spring-Sale', page_views: 1, share: 0.2 },
      { source: 'unknown', medium: 'unknown', campaign: 'unknown', page_views: 1, share: 0.2 },
    ]);
    expect(d.devices).toEqual([{ device: 'desktop', page_views: 5, share: 1 }]);
    expect(sortedTies(d.countries, 'page_views', (c) => c.country)).toEqual([
      { country: 'US', page_views: 3, share: 0.6 },
      { country: 'CA', page_views: 1, share: 0.2 },
      { country: 'GB', page_views: 1, share: 0.2 },
    ]);
  });

  it('a negative session filter: /blog/a without iOS leaves k5, whose first touch is all unknown but its device', async () => {
    const r = await report(env, 'pageDetails', { ...withFilters(['is_not', 'os', ['iOS']]), page: '/blog/a' });
    expect(r.data).toEqual({
      // k5 entered on / and reported no scroll: neither rate has a base
      page_views: 1,
      unique_visitors: 1,
      avg_scroll_depth: null,
      bounce_rate: null,
      utm: [{ source: 'unknown', medium: 'unknown', campaign: 'unknown', page_views: 1, share: 1 }],
      devices: [{ device: 'mobile', page_views: 1, share: 1 }],
      countries: [{ country: 'unknown', page_views: 1, share: 1 }],
    });
  });

  it("a page filter: the page's views count only when the page matches", async () => {
    const plain = await report(env, 'pageDetails', { ...RANGE, page: '/pricing' });
    // /pricing: k1 k3 k4 k6 k7 k9 by v1 v3 v6 v7 v9; scroll (0.6 + 0.4) / 2; entered by k3 (bounced) and k7
    expect(plain.data).toMatchObject({ page_views: 6, unique_visitors: 5, avg_scroll_depth: 0.5, bounce_rate: 0.5 });
    const matching = await report(env, 'pageDetails', {
      ...withFilters(['contains', 'page', ['PRIC']]),
      page: '/pricing',
    });
    expect(matching.data).toEqual(plain.data);
    const other = await report(env, 'pageDetails', { ...withFilters(['is', 'page', ['/']]), page: '/pricing' });
    expect(other.data).toEqual({
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
