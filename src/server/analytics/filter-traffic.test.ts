import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_UA, createTestEnv, insert, minutesAgo, report, session, type TestEnv } from '../test-support/fixtures.js';
import {
  CHROME_WINDOWS,
  FIREFOX_LINUX,
  filtersQuery,
  loadFilterDataset,
  RANGE,
  SAFARI_IPHONE,
  sortedTies,
} from '../test-support/filter-dataset.js';
import { settleBackground } from '../test-support/test-store.js';

// Traffic reports under filters, on filter-dataset.ts (its table has every session's values).
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await loadFilterDataset(env.store);
  // Live traffic for realtime: l1 Chrome US (views 3 and 1 min ago), l2 Safari iPhone DE (2 min), l3 Firefox with no
  // country (a view 10 min ago, engaged 4 min ago: active), l4 Chrome GB (20 min ago: in the feed, not active), a bot.
  const now = new Date();
  const l1 = session('l1', 'lv1', { user_agent: CHROME_WINDOWS });
  const l2 = session('l2', 'lv2', { user_agent: SAFARI_IPHONE });
  const l3 = session('l3', 'lv3', { user_agent: FIREFOX_LINUX });
  const l4 = session('l4', 'lv4', { user_agent: CHROME_WINDOWS });
  const bot = session('lb', 'lvb', { user_agent: BOT_UA });
  await insert(env.store, [
    l1.pv(minutesAgo(now, 3), '/', { country: 'US' }),
    l1.pv(minutesAgo(now, 1), '/pricing', { country: 'US' }),
    l2.pv(minutesAgo(now, 2), '/blog', { country: 'DE' }),
    l3.pv(minutesAgo(now, 10), '/docs'),
    l3.engage(minutesAgo(now, 4), '/docs', 0.5),
    l4.pv(minutesAgo(now, 20), '/pricing', { country: 'GB' }),
    bot.pv(minutesAgo(now, 1), '/pricing'),
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

    describe('traffic/trends', () => {
      const series = (r: { data: { page_views: number; unique_visitors: number }[] }) =>
        r.data.map((b) => [b.page_views, b.unique_visitors]);

      it('unfiltered: 05-04 k1 k2, 05-05 k3 k4, 05-06 k5 k6, 05-07 k7 k8, 05-08 k9', async () => {
        const r = await report(env, 'trafficTrends', RANGE);
        expect(series(r)).toEqual([
          [5, 2],
          [4, 2],
          [4, 2],
          [4, 2],
          [3, 1],
        ]);
        expect(r.summary).toEqual({ page_views: 20, unique_visitors: 8 });
      });

      it('a session filter keeps whole sessions: Chrome is k1 (05-04), k6 (05-06), k9 (05-08)', async () => {
        const r = await report(env, 'trafficTrends', withFilters(['is', 'browser', ['Chrome']]));
        expect(series(r)).toEqual([
          [3, 1],
          [0, 0],
          [2, 1],
          [0, 0],
          [3, 1],
        ]);
        expect(r.summary).toEqual({ page_views: 8, unique_visitors: 3 });
      });

      it('a page filter counts only matching views: k2 /blog/a /blog/a/b; k4 /Blog/Launch /blog; k5 /blog/a; k8 /blog; k9 /blog/b', async () => {
        const r = await report(env, 'trafficTrends', withFilters(['contains', 'page', ['/blog']]));
        expect(series(r)).toEqual([
          [2, 1],
          [2, 1],
          [1, 1],
          [1, 1],
          [1, 1],
        ]);
        expect(r.summary).toEqual({ page_views: 7, unique_visitors: 5 });
      });

      it('by the hour, a session and a page filter together: US views of /pricing', async () => {
        const r = await report(env, 'trafficTrends', {
          start: '2026-05-05',
          end: '2026-05-05',
          granularity: 'hour',
          ...filtersQuery(['is', 'country', ['US']], ['is', 'page', ['/pricing']]),
        });
        // 05-05: k3's /pricing at 08:00 is GB; k4's at 15:04 is US
        expect(r.data).toHaveLength(24);
        expect(r.data.flatMap((b, h) => (b.page_views ? [[h, b.page_views]] : []))).toEqual([[15, 1]]);
      });
    });

    describe('traffic/breakdown', () => {
      it('lists browsers and operating systems, unfiltered', async () => {
        const r = await report(env, 'trafficBreakdown', RANGE);
        expect(r.meta.totals).toEqual({ sessions: 9, page_views: 20 });
        // Chrome k1 k6 k9 (3 + 2 + 3); Safari k2 k3 k7 (2 + 1 + 3); no agent k5 k8 (2 + 1); Firefox k4 (3)
        expect(r.data.browsers).toEqual([
          { browser: 'Chrome', sessions: 3, page_views: 8, share: 3 / 9 },
          { browser: 'Safari', sessions: 3, page_views: 6, share: 3 / 9 },
          { browser: 'unknown', sessions: 2, page_views: 3, share: 2 / 9 },
          { browser: 'Firefox', sessions: 1, page_views: 3, share: 1 / 9 },
        ]);
        // Windows k1 k6 k9; iOS k2 k7 (2 + 3); unknown k5 k8; Linux k4 (3); macOS k3 (1)
        expect(r.data.operating_systems).toEqual([
          { os: 'Windows', sessions: 3, page_views: 8, share: 3 / 9 },
          { os: 'iOS', sessions: 2, page_views: 5, share: 2 / 9 },
          { os: 'unknown', sessions: 2, page_views: 3, share: 2 / 9 },
          { os: 'Linux', sessions: 1, page_views: 3, share: 1 / 9 },
          { os: 'macOS', sessions: 1, page_views: 1, share: 1 / 9 },
        ]);
      });

      it('a session filter: not Chrome keeps k2 k3 k4 k5 k7 k8, unknowns included', async () => {
        const r = await report(env, 'trafficBreakdown', withFilters(['is_not', 'browser', ['Chrome']]));
        expect(r.meta.totals).toEqual({ sessions: 6, page_views: 12 });
        expect(r.data.browsers).toEqual([
          { browser: 'Safari', sessions: 3, page_views: 6, share: 0.5 },
          { browser: 'unknown', sessions: 2, page_views: 3, share: 2 / 6 },
          { browser: 'Firefox', sessions: 1, page_views: 3, share: 1 / 6 },
        ]);
        // US k4 k7 (3 + 3); DE k2 (2), unknown k5 (2); GB k3 (1), FR k8 (1)
        expect(sortedTies(r.data.countries, 'page_views', (c) => c.country)).toEqual([
          { country: 'US', sessions: 2, page_views: 6, share: 2 / 6 },
          { country: 'DE', sessions: 1, page_views: 2, share: 1 / 6 },
          { country: 'unknown', sessions: 1, page_views: 2, share: 1 / 6 },
          { country: 'FR', sessions: 1, page_views: 1, share: 1 / 6 },
          { country: 'GB', sessions: 1, page_views: 1, share: 1 / 6 },
        ]);
        // google.com k4 k7 (3 + 3); direct k3 k8 (1 + 1), news.ycombinator.com k2 (2), t.co k5 (2)
        expect(sortedTies(r.data.referrers, 'page_views', (x) => x.referrer)).toEqual([
          { referrer: 'google.com', sessions: 2, page_views: 6, share: 2 / 6 },
          { referrer: 'news.ycombinator.com', sessions: 1, page_views: 2, share: 1 / 6 },
          { referrer: 't.co', sessions: 1, page_views: 2, share: 1 / 6 },
          { referrer: 'unknown', sessions: 2, page_views: 2, share: 2 / 6 },
        ]);
      });

      it("a page filter keeps the sessions that viewed the page, whole: page_views may exceed the summary's", async () => {
        const r = await report(env, 'trafficBreakdown', withFilters(['is', 'page', ['/pricing']]));
        // k1 k3 k4 k6 k7 k9 with all their views: 3 + 1 + 3 + 2 + 3 + 3 = 15 (the summary counts 6 /pricing views)
        expect(r.meta.totals).toEqual({ sessions: 6, page_views: 15 });
        expect(r.data.browsers).toEqual([
          { browser: 'Chrome', sessions: 3, page_views: 8, share: 0.5 },
          { browser: 'Safari', sessions: 2, page_views: 4, share: 2 / 6 },
          { browser: 'Firefox', sessions: 1, page_views: 3, share: 1 / 6 },
        ]);
        expect(r.data.devices).toEqual([
          { device: 'desktop', sessions: 5, page_views: 12, share: 5 / 6 },
          { device: 'mobile', sessions: 1, page_views: 3, share: 1 / 6 },
        ]);
        // entered on / (k1 k9), /pricing (k3 k7), /Blog/Launch (k4), /docs (k6)
        expect(r.data.landing_pages).toEqual([
          { path: '/', sessions: 2, page_views: 6, share: 2 / 6 },
          { path: '/pricing', sessions: 2, page_views: 4, share: 2 / 6 },
          { path: '/Blog/Launch', sessions: 1, page_views: 3, share: 1 / 6 },
          { path: '/docs', sessions: 1, page_views: 2, share: 1 / 6 },
        ]);
      });

      it('filters on its own dimensions: iOS or macOS through contains', async () => {
        const r = await report(env, 'trafficBreakdown', withFilters(['contains', 'os', ['OS']]));
        expect(r.data.operating_systems).toEqual([
          { os: 'iOS', sessions: 2, page_views: 5, share: 2 / 3 },
          { os: 'macOS', sessions: 1, page_views: 1, share: 1 / 3 },
        ]);
        expect(r.data.browsers).toEqual([{ browser: 'Safari', sessions: 3, page_views: 6, share: 1 }]);
      });
    });

    describe('traffic/entry-exit-pages', () => {
      const byPath = <T extends { path: string; sessions: number }>(rows: T[]) =>
        sortedTies(rows, 'sessions', (r) => r.path);

      it('a session filter: mobile k2 k5 k7', async () => {
        const r = await report(env, 'entryExitPages', withFilters(['is', 'device', ['mobile']]));
        expect(byPath(r.data.entry_pages)).toEqual([
          { path: '/', sessions: 1, share: 1 / 3 },
          { path: '/blog/a', sessions: 1, share: 1 / 3 },
          { path: '/pricing', sessions: 1, share: 1 / 3 },
        ]);
        expect(byPath(r.data.exit_pages)).toEqual([
          { path: '/', sessions: 1, share: 1 / 3 },
          { path: '/blog/a', sessions: 1, share: 1 / 3 },
          { path: '/blog/a/b', sessions: 1, share: 1 / 3 },
        ]);
      });

      it('a page filter keeps whole sessions: /signup viewers k1 and k7 end on /signup and /', async () => {
        const r = await report(env, 'entryExitPages', withFilters(['is', 'page', ['/signup']]));
        expect(byPath(r.data.entry_pages)).toEqual([
          { path: '/', sessions: 1, share: 0.5 },
          { path: '/pricing', sessions: 1, share: 0.5 },
        ]);
        expect(byPath(r.data.exit_pages)).toEqual([
          { path: '/', sessions: 1, share: 0.5 },
          { path: '/signup', sessions: 1, share: 0.5 },
        ]);
      });

      it('/blog/** viewers k2 k5 k9: two entered on /', async () => {
        const r = await report(env, 'entryExitPages', withFilters(['matches', 'page', ['/blog/**']]));
        expect(r.data.entry_pages).toEqual([
          { path: '/', sessions: 2, share: 2 / 3 },
          { path: '/blog/a', sessions: 1, share: 1 / 3 },
        ]);
        expect(byPath(r.data.exit_pages).map((p) => p.path)).toEqual(['/blog/a', '/blog/a/b', '/blog/b']);
      });
    });

    describe('traffic/realtime', () => {
      const feed = (r: { data: { feed: { page: string; country: string }[] } }) =>
        r.data.feed.map((f) => [f.page, f.country]);

      it('unfiltered: l1 l2 l3 active; the feed newest first, the bot left out', async () => {
        const r = await report(env, 'trafficRealtime');
        expect(r.data.active_visitors).toBe(3);
        expect(feed(r)).toEqual([
          ['/pricing', 'US'],
          ['/blog', 'DE'],
          ['/', 'US'],
          ['/docs', 'unknown'],
          ['/pricing', 'GB'],
        ]);
      });

      it('a session filter: Chrome is l1 (active) and l4 (20 min ago)', async () => {
        const r = await report(env, 'trafficRealtime', filtersQuery(['is', 'browser', ['Chrome']]));
        expect(r.data.active_visitors).toBe(1);
        expect(feed(r)).toEqual([
          ['/pricing', 'US'],
          ['/', 'US'],
          ['/pricing', 'GB'],
        ]);
      });

      it('unknown country: l3, active through its engagement', async () => {
        const r = await report(env, 'trafficRealtime', filtersQuery(['is', 'country', [null]]));
        expect(r.data.active_visitors).toBe(1);
        expect(feed(r)).toEqual([['/docs', 'unknown']]);
        const not = await report(env, 'trafficRealtime', filtersQuery(['is_not', 'browser', ['Chrome']]));
        expect(not.data.active_visitors).toBe(2); // l2 l3
        expect(feed(not)).toEqual([
          ['/blog', 'DE'],
          ['/docs', 'unknown'],
        ]);
      });

      it('a page filter: the feed shows only /pricing views; l1 viewed it a minute ago', async () => {
        const r = await report(env, 'trafficRealtime', filtersQuery(['is', 'page', ['/pricing']]));
        expect(r.data.active_visitors).toBe(1);
        expect(feed(r)).toEqual([
          ['/pricing', 'US'],
          ['/pricing', 'GB'],
        ]);
      });
    });
  });
}
