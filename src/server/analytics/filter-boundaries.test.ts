import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, insert, minutesAgo, report, session, type TestEnv } from '../test-support/fixtures.js';
import { CHROME_WINDOWS, FIREFOX_LINUX, filtersQuery, SAFARI_IPHONE } from '../test-support/filter-dataset.js';
import { settleBackground } from '../test-support/test-store.js';

// Sessions that cross the range's edges. A session's values are its own, not the range's: its first page
// view (first touch, entry page) may lie before the range, its last (exit page) after it.
// Range: 2026-05-04 (UTC).
//  z1 v1 Chrome:  05-03 23:50 / (US, google.com) → 05-04 00:05 /pricing      began before the range
//  z2 v2 Safari:  05-04 10:00 / (DE, direct)     → 10:02 /pricing             inside; 120 s
//  z3 v3 Firefox: 05-04 23:55 / (FR, direct)     → 05-05 00:10 /signup        ends after the range; 900 s
// Realtime: l5 Chrome viewed / 40 minutes ago from google.com, then /x 2 minutes ago; l6 Safari viewed /y 3 minutes ago.
const DAY = { start: '2026-05-04', end: '2026-05-04' };
let env: TestEnv;

beforeAll(async () => {
  env = await createTestEnv();
  const z1 = session('z1', 'v1', { user_agent: CHROME_WINDOWS });
  const z2 = session('z2', 'v2', { user_agent: SAFARI_IPHONE });
  const z3 = session('z3', 'v3', { user_agent: FIREFOX_LINUX });
  const now = new Date();
  const l5 = session('l5', 'lv5', { user_agent: CHROME_WINDOWS });
  const l6 = session('l6', 'lv6', { user_agent: SAFARI_IPHONE });
  await insert(env.store, [
    z1.pv('2026-05-03T23:50:00Z', '/', { country: 'US', referrer: 'https://www.google.com/' }),
    z1.pv('2026-05-04T00:05:00Z', '/pricing', { country: 'US' }),
    z2.pv('2026-05-04T10:00:00Z', '/', { country: 'DE' }),
    z2.pv('2026-05-04T10:02:00Z', '/pricing', { country: 'DE' }),
    z3.pv('2026-05-04T23:55:00Z', '/', { country: 'FR' }),
    z3.pv('2026-05-05T00:10:00Z', '/signup', { country: 'FR' }),
    l5.pv(minutesAgo(now, 40), '/', { referrer: 'https://www.google.com/' }),
    l5.pv(minutesAgo(now, 2), '/x'),
    l6.pv(minutesAgo(now, 3), '/y'),
  ]);
});
afterAll(() => env.close());

type Tuple = [string, string, (string | null)[]];
const summary = async (...filters: Tuple[]) =>
  (await report(env, 'trafficSummary', { ...DAY, ...(filters.length ? filtersQuery(...filters) : {}) })).data;

// Every answer twice: as written, and once the embedded store's background pass has numbered the
// sessions' paths (store/duckdb/session-paths.ts), which a page filter then tests sessions by.
for (const state of ['as written', 'settled'] as const) {
  describe(state, () => {
    if (state === 'settled') beforeAll(() => settleBackground(env.store));

    describe('a session that began before the range', () => {
      it("unfiltered: the range's views, and the sessions that began in it", async () => {
        // views z1 /pricing, z2 / /pricing, z3 /; sessions z2 z3, neither a bounce; (120 + 900) / 2
        expect(await summary()).toEqual({
          page_views: 4,
          sessions: 2,
          unique_visitors: 3,
          bounce_rate: 0,
          avg_session_duration: 510,
        });
      });

      it('is kept by its first touch, which lies before the range: its in-range views count', async () => {
        // no session began in the range: its rate and average have no base
        const empty = { sessions: 0, bounce_rate: null, avg_session_duration: null };
        expect(await summary(['is', 'browser', ['Chrome']])).toEqual({ page_views: 1, unique_visitors: 1, ...empty });
        expect(await summary(['is', 'referrer', ['google.com']])).toEqual({
          page_views: 1,
          unique_visitors: 1,
          ...empty,
        });
        expect(await summary(['is', 'country', ['US']])).toEqual({ page_views: 1, unique_visitors: 1, ...empty });
        // its entry page is its first view, /, like the others'
        expect(await summary(['is', 'entry_page', ['/']])).toEqual(await summary());
        // not Chrome: z2 z3
        expect(await summary(['is_not', 'browser', ['Chrome']])).toEqual({
          page_views: 3,
          sessions: 2,
          unique_visitors: 2,
          bounce_rate: 0,
          avg_session_duration: 510,
        });
        const trend = await report(env, 'trafficTrends', {
          ...DAY,
          granularity: 'hour',
          ...filtersQuery(['is', 'referrer', ['google.com']]),
        });
        expect(trend.data.flatMap((b, h) => (b.page_views ? [[h, b.page_views]] : []))).toEqual([[0, 1]]); // 00:05
      });

      it('the page filter never adds a session the unfiltered report leaves out', async () => {
        // /pricing views: z1 and z2; of the sessions that began in the range, z2 viewed it
        expect(await summary(['is', 'page', ['/pricing']])).toEqual({
          page_views: 2,
          sessions: 1,
          unique_visitors: 2,
          bounce_rate: 0,
          avg_session_duration: 120,
        });
      });
    });

    describe('a session that ends after the range', () => {
      it('is kept by its exit page, which lies after the range', async () => {
        // z3 ends on /signup (05-05): its one view in the range, whole session 900 s
        expect(await summary(['is', 'exit_page', ['/signup']])).toEqual({
          page_views: 1,
          sessions: 1,
          unique_visitors: 1,
          bounce_rate: 0,
          avg_session_duration: 900,
        });
        // z1 and z2 end on /pricing; z1 began before the range
        expect(await summary(['is', 'exit_page', ['/pricing']])).toEqual({
          page_views: 3,
          sessions: 1,
          unique_visitors: 2,
          bounce_rate: 0,
          avg_session_duration: 120,
        });
      });

      it("a page filter looks at the range's views only: z3's /signup is the next day", async () => {
        expect(await summary(['is', 'page', ['/signup']])).toEqual({
          page_views: 0,
          sessions: 0,
          unique_visitors: 0,
          bounce_rate: null,
          avg_session_duration: null,
        });
        const steps = JSON.stringify([{ page: '/' }, { page: '/pricing' }]);
        const f = async (...filters: Tuple[]) =>
          (
            await report(env, 'funnel', { ...DAY, steps, ...(filters.length ? filtersQuery(...filters) : {}) })
          ).data.steps.map((s) => s.sessions);
        // in-range views: z1 /pricing only; z2 both; z3 /
        expect(await f()).toEqual([2, 1]);
        expect(await f(['is', 'exit_page', ['/signup']])).toEqual([1, 0]); // z3
        expect(await f(['is', 'page', ['/signup']])).toEqual([0, 0]); // nobody viewed /signup in the range
        expect(await f(['is', 'browser', ['Chrome']])).toEqual([0, 0]); // z1's / was before the range
      });
    });

    describe("realtime: a session's first touch may be older than the feed", () => {
      const live = async (...filters: Tuple[]) => {
        const r = await report(env, 'trafficRealtime', filters.length ? filtersQuery(...filters) : {});
        return [r.data.active_visitors, r.data.feed.map((f) => f.page)];
      };

      it('keeps l5 by the referrer and entry page of its view 40 minutes ago', async () => {
        expect(await live()).toEqual([2, ['/x', '/y']]);
        expect(await live(['is', 'referrer', ['google.com']])).toEqual([1, ['/x']]);
        expect(await live(['is', 'entry_page', ['/']])).toEqual([1, ['/x']]);
        expect(await live(['is', 'referrer', [null]])).toEqual([1, ['/y']]);
      });
    });
  });
}
