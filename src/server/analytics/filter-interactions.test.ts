import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, report, type TestEnv } from '../test-support/fixtures.js';
import { filtersQuery, loadFilterDataset, RANGE, sortedTies } from '../test-support/filter-dataset.js';
import { seedFields } from '../test-support/seed-fields.js';

// Clicks and forms under filters, on filter-dataset.ts. Day buckets 05-04 .. 05-08.
// Clicks: k1 /pricing a.buy (05-04), k2 /blog/a/b a.more (05-04), k3 /pricing a.buy (05-05), k4 /pricing a.buy (05-05),
// k9 /blog/b a.more (05-08). Forms: k1 /signup form#signup hero (05-04), k6 /pricing form#trial (05-06),
// k7 /signup form#signup footer (05-07). The bot's click and submit never count.
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await loadFilterDataset(env.store);
});
afterAll(() => env.close());

type Tuple = [string, string, (string | null)[]];
const withFilters = (...filters: Tuple[]) => ({ ...RANGE, ...filtersQuery(...filters) });

describe('clicks', () => {
  it('unfiltered', async () => {
    const r = await report(env, 'clicksBreakdown', RANGE);
    expect(seedFields(sortedTies(r.data, 'clicks', (c) => c.page))).toEqual([
      { page: '/pricing', target: 'a.buy', clicks: 3, unique_clicks: 3 },
      { page: '/blog/a/b', target: 'a.more', clicks: 1, unique_clicks: 1 },
      { page: '/blog/b', target: 'a.more', clicks: 1, unique_clicks: 1 },
    ]);
    expect(r.trend.map((b) => b.clicks)).toEqual([2, 2, 0, 0, 1]);
    expect(r.summary).toEqual({ total_clicks: 5, total_unique_clicks: 5 });
  });

  it('a session filter: US sessions k1 k4 k9 clicked', async () => {
    const r = await report(env, 'clicksBreakdown', withFilters(['is', 'country', ['US']]));
    expect(seedFields(r.data)).toEqual([
      { page: '/pricing', target: 'a.buy', clicks: 2, unique_clicks: 2 },
      { page: '/blog/b', target: 'a.more', clicks: 1, unique_clicks: 1 },
    ]);
    expect(r.trend.map((b) => [b.clicks, b.unique_clicks])).toEqual([
      [1, 1],
      [1, 1],
      [0, 0],
      [0, 0],
      [1, 1],
    ]);
    expect(r.summary).toEqual({ total_clicks: 3, total_unique_clicks: 3 });
  });

  it('an exit-page filter: sessions ending on /pricing are k3 k4 k6', async () => {
    const r = await report(env, 'clicksBreakdown', withFilters(['is', 'exit_page', ['/pricing']]));
    expect(seedFields(r.data)).toEqual([{ page: '/pricing', target: 'a.buy', clicks: 2, unique_clicks: 2 }]);
    expect(r.trend.map((b) => b.clicks)).toEqual([0, 2, 0, 0, 0]);
  });

  it('a page filter keeps the clicks made on matching pages', async () => {
    const r = await report(env, 'clicksBreakdown', withFilters(['contains', 'page', ['blog']]));
    expect(seedFields(sortedTies(r.data, 'clicks', (c) => c.page))).toEqual([
      { page: '/blog/a/b', target: 'a.more', clicks: 1, unique_clicks: 1 },
      { page: '/blog/b', target: 'a.more', clicks: 1, unique_clicks: 1 },
    ]);
    expect(r.trend.map((b) => b.clicks)).toEqual([1, 0, 0, 0, 1]);
    expect(r.summary).toEqual({ total_clicks: 2, total_unique_clicks: 2 });
  });

  it('clicks/details: /pricing from Windows is k1 alone; a page filter on another page empties it', async () => {
    const r = await report(env, 'clickDetails', { ...withFilters(['is', 'os', ['Windows']]), page: '/pricing' });
    expect(seedFields(r.data.clicks)).toEqual([{ target: 'a.buy', clicks: 1, unique_clicks: 1, share: 1 }]);
    expect(r.trend.map((b) => b.clicks)).toEqual([1, 0, 0, 0, 0]);
    expect(r.summary).toEqual({ total_clicks: 1, total_unique_clicks: 1 });
    const none = await report(env, 'clickDetails', { ...withFilters(['is', 'page', ['/blog/b']]), page: '/pricing' });
    expect(none.data.clicks).toEqual([]);
    expect(none.trend.every((b) => b.clicks === 0)).toBe(true);
    expect(none.summary).toEqual({ total_clicks: 0, total_unique_clicks: 0 });
  });
});

describe('forms', () => {
  it('a session filter: Chrome sessions k1 and k6 submitted', async () => {
    const r = await report(env, 'formsBreakdown', withFilters(['is', 'browser', ['Chrome']]));
    expect(seedFields(sortedTies(r.data, 'submissions', (f) => f.page))).toEqual([
      { page: '/pricing', target: 'form#trial', submissions: 1, unique_submissions: 1, unique_sessions: 1 },
      { page: '/signup', target: 'form#signup', submissions: 1, unique_submissions: 1, unique_sessions: 1 },
    ]);
    expect(r.trend.map((b) => b.submissions)).toEqual([1, 0, 1, 0, 0]);
    expect(r.summary).toEqual({ total_submissions: 2, total_unique_submissions: 2, unique_sessions: 2 });
  });

  it('a page filter keeps submissions made on matching pages: /signup (k1, k7)', async () => {
    const r = await report(env, 'formsBreakdown', withFilters(['is', 'page', ['/signup']]));
    expect(seedFields(r.data)).toEqual([
      { page: '/signup', target: 'form#signup', submissions: 2, unique_submissions: 2, unique_sessions: 2 },
    ]);
    expect(r.trend.map((b) => b.submissions)).toEqual([1, 0, 0, 1, 0]);
  });

  it('filters AND the source parameter: mobile sent only the footer submit (k7)', async () => {
    const footer = await report(env, 'formsBreakdown', {
      ...withFilters(['is', 'device', ['mobile']]),
      source: 'footer',
    });
    expect(seedFields(footer.data)).toEqual([
      { page: '/signup', target: 'form#signup', submissions: 1, unique_submissions: 1, unique_sessions: 1 },
    ]);
    const hero = await report(env, 'formsBreakdown', { ...withFilters(['is', 'device', ['mobile']]), source: 'hero' });
    expect(hero.data).toEqual([]);
    expect(hero.summary).toEqual({ total_submissions: 0, total_unique_submissions: 0, unique_sessions: 0 });
  });

  it('forms/details: /signup from iOS is k7; not the spring campaign is k7 too (k1 is spring)', async () => {
    const ios = await report(env, 'formDetails', { ...withFilters(['is', 'os', ['iOS']]), page: '/signup' });
    expect(seedFields(ios.data.forms)).toEqual([
      { target: 'form#signup', submissions: 1, unique_submissions: 1, unique_sessions: 1, share: 1 },
    ]);
    expect(ios.trend.map((b) => b.submissions)).toEqual([0, 0, 0, 1, 0]);
    expect(ios.summary).toEqual({ total_submissions: 1, total_unique_submissions: 1, unique_sessions: 1 });
    const notSpring = await report(env, 'formDetails', {
      ...withFilters(['is_not', 'utm_campaign', ['spring']]),
      page: '/signup',
    });
    expect(notSpring.summary).toEqual({ total_submissions: 1, total_unique_submissions: 1, unique_sessions: 1 });
    // a page filter that excludes the page leaves nothing
    const elsewhere = await report(env, 'formDetails', {
      ...withFilters(['matches', 'page', ['/p*']]),
      page: '/signup',
    });
    expect(elsewhere.data.forms).toEqual([]);
  });
});
