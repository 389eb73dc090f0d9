import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aggregate,
  BOT_UA,
  createTestEnv,
  insert,
  minutesAgo,
  PROP_A,
  PROP_B,
  session,
  type TestEnv,
} from '../test-support/fixtures.js';
import {
  CHROME_WINDOWS,
  filtersQuery,
  loadFilterDataset,
  RANGE,
  SAFARI_IPHONE,
  sortedTies,
} from '../test-support/filter-dataset.js';
import { seedFields } from '../test-support/seed-fields.js';
import { settleBackground } from '../test-support/test-store.js';

// The multi-property aggregates under filters, over site-a and site-b of filter-dataset.ts. site-b adds
// m1 (v1 again, 05-04, Chrome Windows desktop US, google.com, google/cpc/spring: / → /docs, a click on /docs, 180 s)
// and m2 (v20, 05-06, Safari iOS mobile FR: /blog/x, bounced, a form submit, 60 s).
let env: TestEnv;
const BOTH = [PROP_A, PROP_B];

beforeAll(async () => {
  env = await createTestEnv();
  await loadFilterDataset(env.store);
  const now = new Date();
  await insert(env.store, [
    session('la', 'lva', { user_agent: CHROME_WINDOWS }).pv(minutesAgo(now, 2), '/'),
    session('lb', 'lvb', { property_id: PROP_B, user_agent: SAFARI_IPHONE }).pv(minutesAgo(now, 1), '/b', {
      country: 'FR',
    }),
    session('lbot', 'lvbot', { property_id: PROP_B, user_agent: BOT_UA }).pv(minutesAgo(now, 0.5), '/'),
  ]);
});
afterAll(() => env.close());

type Tuple = [string, string, (string | null)[]];
const withFilters = (...filters: Tuple[]) => ({ ...RANGE, ...filtersQuery(...filters) });

// Every answer twice: as written, and once the embedded store's background pass has numbered the
// sessions' paths (store/duckdb/session-paths.ts), which a page filter then tests sessions by.
for (const state of ['as written', 'settled'] as const) {
  describe(state, () => {
    if (state === 'settled') beforeAll(() => settleBackground(env.store));

    describe('aggregates with filters, over site-a and site-b', () => {
      it('traffic/trends: Chrome is k1 + m1 (05-04, both v1), k6 (05-06), k9 (05-08)', async () => {
        const r = await aggregate(env, 'trafficTrends', BOTH, withFilters(['is', 'browser', ['Chrome']]));
        expect(r.data.map((b) => [b.page_views, b.unique_visitors])).toEqual([
          [5, 1],
          [0, 0],
          [2, 1],
          [0, 0],
          [3, 1],
        ]);
        expect(r.summary).toEqual({ page_views: 10, unique_visitors: 3 });
      });

      it("traffic/trends with a page filter: /blog/** views, m2's /blog/x included", async () => {
        const r = await aggregate(env, 'trafficTrends', BOTH, withFilters(['matches', 'page', ['/blog/**']]));
        // 05-04 k2 /blog/a /blog/a/b; 05-06 k5 /blog/a + m2 /blog/x; 05-08 k9 /blog/b
        expect(r.data.map((b) => [b.page_views, b.unique_visitors])).toEqual([
          [2, 1],
          [0, 0],
          [2, 2],
          [0, 0],
          [1, 1],
        ]);
        expect(r.summary).toEqual({ page_views: 5, unique_visitors: 4 });
      });

      it('traffic/summary: a session filter and a page filter', async () => {
        // k1 k6 k9 m1: 3 + 2 + 3 + 2 views by v1 v6 v9; (300 + 240 + 180 + 180) / 4
        expect((await aggregate(env, 'trafficSummary', BOTH, withFilters(['is', 'browser', ['Chrome']]))).data).toEqual(
          {
            page_views: 10,
            sessions: 4,
            unique_visitors: 3,
            bounce_rate: 0,
            avg_session_duration: 225,
          },
        );
        // site-a's 7 blog views (k2 k4 k5 k8 k9) + m2's /blog/x; k8 and m2 bounced; (660 + 60) / 6
        expect(
          (await aggregate(env, 'trafficSummary', BOTH, withFilters(['contains', 'page', ['blog']]))).data,
        ).toEqual({
          page_views: 8,
          sessions: 6,
          unique_visitors: 6,
          bounce_rate: 2 / 6,
          avg_session_duration: 120,
        });
      });

      it('traffic/breakdown: mobile sessions k2 k5 k7 m2, by browser, OS and country', async () => {
        const r = await aggregate(env, 'trafficBreakdown', BOTH, withFilters(['is', 'device', ['mobile']]));
        expect(r.meta.totals).toEqual({ sessions: 4, page_views: 8 });
        expect(r.data.browsers).toEqual([
          { browser: 'Safari', sessions: 3, page_views: 6, share: 0.75 },
          { browser: 'unknown', sessions: 1, page_views: 2, share: 0.25 },
        ]);
        expect(r.data.operating_systems).toEqual([
          { os: 'iOS', sessions: 3, page_views: 6, share: 0.75 },
          { os: 'unknown', sessions: 1, page_views: 2, share: 0.25 },
        ]);
        expect(sortedTies(r.data.countries, 'page_views', (c) => c.country)).toEqual([
          { country: 'US', sessions: 1, page_views: 3, share: 0.25 },
          { country: 'DE', sessions: 1, page_views: 2, share: 0.25 },
          { country: 'unknown', sessions: 1, page_views: 2, share: 0.25 },
          { country: 'FR', sessions: 1, page_views: 1, share: 0.25 },
        ]);
      });

      it('traffic/entry-exit-pages: US sessions k1 k4 k7 k9 m1', async () => {
        const r = await aggregate(env, 'entryExitPages', BOTH, withFilters(['is', 'country', ['US']]));
        const byPath = <T extends { path: string; sessions: number }>(rows: T[]) =>
          sortedTies(rows, 'sessions', (x) => x.path);
        expect(byPath(r.data.entry_pages)).toEqual([
          { path: '/', sessions: 3, share: 0.6 }, // k1 k9 m1
          { path: '/Blog/Launch', sessions: 1, share: 0.2 },
          { path: '/pricing', sessions: 1, share: 0.2 },
        ]);
        expect(byPath(r.data.exit_pages).map((p) => p.path)).toEqual(['/', '/blog/b', '/docs', '/pricing', '/signup']);
      });

      it('clicks/breakdown: US sessions, then clicks on /docs only', async () => {
        const us = await aggregate(env, 'clicksBreakdown', BOTH, withFilters(['is', 'country', ['US']]));
        // k1 k4 on /pricing; k9 on /blog/b; m1 on /docs
        expect(seedFields(sortedTies(us.data, 'clicks', (c) => c.page))).toEqual([
          { page: '/pricing', target: 'a.buy', clicks: 2, unique_clicks: 2 },
          { page: '/blog/b', target: 'a.more', clicks: 1, unique_clicks: 1 },
          { page: '/docs', target: 'a.buy', clicks: 1, unique_clicks: 1 },
        ]);
        expect(us.trend.map((b) => b.clicks)).toEqual([2, 1, 0, 0, 1]);
        expect(us.summary).toEqual({ total_clicks: 4, total_unique_clicks: 4 });
        const docs = await aggregate(env, 'clicksBreakdown', BOTH, withFilters(['is', 'page', ['/docs']]));
        expect(seedFields(docs.data)).toEqual([{ page: '/docs', target: 'a.buy', clicks: 1, unique_clicks: 1 }]);
      });

      it('forms/breakdown: Safari sessions k7 and m2', async () => {
        const r = await aggregate(env, 'formsBreakdown', BOTH, withFilters(['is', 'browser', ['Safari']]));
        expect(seedFields(sortedTies(r.data, 'submissions', (f) => f.page))).toEqual([
          { page: '/blog/x', target: 'form#sub', submissions: 1, unique_submissions: 1, unique_sessions: 1 },
          { page: '/signup', target: 'form#signup', submissions: 1, unique_submissions: 1, unique_sessions: 1 },
        ]);
        expect(r.summary).toEqual({ total_submissions: 2, total_unique_submissions: 2, unique_sessions: 2 });
      });

      it('traffic/realtime: la (site-a, Chrome, /) and lb (site-b, iOS, /b); the bot never', async () => {
        const all = await aggregate(env, 'trafficRealtime', BOTH);
        expect([all.data.active_visitors, all.data.feed.map((f) => f.page)]).toEqual([2, ['/b', '/']]);
        const ios = await aggregate(env, 'trafficRealtime', BOTH, filtersQuery(['is', 'os', ['iOS']]));
        expect([ios.data.active_visitors, ios.data.feed.map((f) => [f.page, f.country])]).toEqual([1, [['/b', 'FR']]]);
        const home = await aggregate(env, 'trafficRealtime', BOTH, filtersQuery(['is', 'page', ['/']]));
        expect([home.data.active_visitors, home.data.feed.map((f) => f.page)]).toEqual([1, ['/']]);
      });
    });
  });
}
