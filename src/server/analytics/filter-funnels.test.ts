import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_UA, createTestEnv, insert, minutesAgo, report, session, type TestEnv } from '../test-support/fixtures.js';
import { settleBackground } from '../test-support/test-store.js';
import {
  CHROME_WINDOWS,
  FIREFOX_LINUX,
  filtersQuery,
  loadFilterDataset,
  RANGE,
  SAFARI_IPHONE,
} from '../test-support/filter-dataset.js';

// Funnels, the sankey and suggestions keep the sessions that match every filter (a page filter: those that
// viewed a matching page) and then read their whole path (decisions.md "Filters").
// Paths in filter-dataset.ts: k1 / → /pricing → /signup (Chrome, US) | k2 /blog/a → /blog/a/b (Safari) |
// k3 /pricing (Safari) | k4 /Blog/Launch → /blog → /pricing (Firefox, US) | k5 / → /blog/a (no agent) |
// k6 /docs → /pricing (Chrome) | k7 /pricing → /signup → / (Safari, US) | k8 /blog | k9 / → /pricing → /blog/b (Chrome, US)
let env: TestEnv;
const DAY_MIN = 24 * 60;

/** Page views of one session, a minute apart from `t0`. */
function walk(id: string, t0: number, pages: string[], userAgent: string) {
  const s = session(id, `v-${id}`, { user_agent: userAgent });
  return pages.map((p, i) => s.pv(new Date(t0 + i * 60_000).toISOString(), p));
}

beforeAll(async () => {
  env = await createTestEnv();
  await loadFilterDataset(env.store);
  // The last 30 days, for suggestions from /
  const now = new Date();
  const ago = (days: number) => Date.parse(minutesAgo(now, days * DAY_MIN));
  await insert(env.store, [
    ...walk('r1', ago(2), ['/', '/pricing', '/signup'], CHROME_WINDOWS),
    ...walk('r2', ago(3), ['/', '/pricing'], CHROME_WINDOWS),
    ...walk('r3', ago(1), ['/', '/blog'], SAFARI_IPHONE),
    ...walk('r4', ago(4), ['/', '/blog'], SAFARI_IPHONE),
    ...walk('r5', ago(5), ['/', '/pricing', '/signup'], FIREFOX_LINUX),
    ...walk('rb', ago(2), ['/', '/blog', '/x'], BOT_UA),
    ...walk('r8', ago(40), ['/', '/old'], CHROME_WINDOWS), // too old
  ]);
});
afterAll(() => env.close());

type Tuple = [string, string, (string | null)[]];
const steps = JSON.stringify([{ page: '/' }, { page: '/pricing' }, { page: '/signup' }]);
const funnelParams = (extra: Record<string, string>, ...filters: Tuple[]) => ({
  ...RANGE,
  steps,
  ...extra,
  ...(filters.length ? filtersQuery(...filters) : {}),
});
const rates = (r: {
  steps: { sessions: number; conversion_rate: number | null }[];
  overall_conversion_rate: number | null;
}) => [r.steps.map((s) => s.sessions), r.steps.map((s) => s.conversion_rate), r.overall_conversion_rate];

// Every answer twice: as written, and once the embedded store's background pass has numbered the
// sessions' paths (store/duckdb/session-paths.ts), which funnels then filter on the sessions' rows.
for (const state of ['as written', 'settled'] as const) {
  describe(state, () => {
    if (state === 'settled') beforeAll(() => settleBackground(env.store));

    describe('funnels', () => {
      it('unfiltered: / by k1 k5 k7 k9; then /pricing k1 k7 k9; then /signup k1 k7', async () => {
        expect(rates((await report(env, 'funnel', funnelParams({}))).data)).toEqual([[4, 3, 2], [1, 0.75, 2 / 3], 0.5]);
        // in order: k1 all three; k9 two; k5 and k7 (/ last) one
        expect(rates((await report(env, 'funnel', funnelParams({ mode: 'sequential' }))).data)).toEqual([
          [4, 2, 1],
          [1, 0.5, 0.5],
          0.25,
        ]);
      });

      it('a session filter: Safari leaves k7, which completes in any order but not in order', async () => {
        expect(rates((await report(env, 'funnel', funnelParams({}, ['is', 'browser', ['Safari']]))).data)).toEqual([
          [1, 1, 1],
          [1, 1, 1],
          1,
        ]);
        // step 3's rate is over step 2's nobody: null, not 0
        expect(
          rates(
            (await report(env, 'funnel', funnelParams({ mode: 'sequential' }, ['is', 'browser', ['Safari']]))).data,
          ),
        ).toEqual([[1, 0, 0], [1, 0, null], 0]);
        // desktop k1 k3 k4 k6 k9: / by k1 k9, both go to /pricing, k1 to /signup
        expect(rates((await report(env, 'funnel', funnelParams({}, ['is', 'device', ['desktop']]))).data)).toEqual([
          [2, 2, 1],
          [1, 1, 0.5],
          0.5,
        ]);
      });

      it('a page filter keeps the sessions that viewed the page and reads their whole path', async () => {
        // /signup viewers k1 k7: both viewed / and /pricing too
        expect(rates((await report(env, 'funnel', funnelParams({}, ['is', 'page', ['/signup']]))).data)).toEqual([
          [2, 2, 2],
          [1, 1, 1],
          1,
        ]);
        // in order: k1 completes; k7 saw / last
        expect(
          rates((await report(env, 'funnel', funnelParams({ mode: 'sequential' }, ['is', 'page', ['/signup']]))).data),
        ).toEqual([[2, 1, 1], [1, 0.5, 1], 0.5]);
        // blog viewers k2 k4 k5 k8 k9: / by k5 k9, /pricing k9, /signup nobody
        expect(rates((await report(env, 'funnel', funnelParams({}, ['contains', 'page', ['blog']]))).data)).toEqual([
          [2, 1, 0],
          [1, 0.5, 0],
          0,
        ]);
      });

      it('breaks down by browser, unfiltered (unbounded)', async () => {
        const r = await report(env, 'funnel', funnelParams({ breakdownBy: 'browser' }));
        expect(r.meta.breakdownBy).toBe('browser');
        const rows = r.data.breakdown!.map((b) => [b.value, ...rates(b)]);
        // Chrome k1 k9; then one session each: Safari k7 (completes), unknown k5 (stops at /)
        expect(rows[0]).toEqual(['Chrome', [2, 2, 1], [1, 1, 0.5], 0.5]);
        expect(rows.slice(1).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
          ['Safari', [1, 1, 1], [1, 1, 1], 1],
          ['unknown', [1, 0, 0], [1, 0, null], 0], // nobody reached step 2: step 3 has no rate
        ]);
      });

      it('breaks down by browser, sequential, within US sessions', async () => {
        const r = await report(
          env,
          'funnel',
          funnelParams({ mode: 'sequential', breakdownBy: 'browser' }, ['is', 'country', ['US']]),
        );
        // US k1 k4 k7 k9; / by k1 k7 k9; in order k1 3, k9 2, k7 1
        expect(rates(r.data)).toEqual([[3, 2, 1], [1, 2 / 3, 0.5], 1 / 3]);
        expect(r.data.breakdown!.map((b) => [b.value, ...rates(b)])).toEqual([
          ['Chrome', [2, 2, 1], [1, 1, 0.5], 0.5],
          ['Safari', [1, 0, 0], [1, 0, null], 0],
        ]);
      });

      it('breaks down by os with a page filter: /signup viewers k1 (Windows) and k7 (iOS)', async () => {
        const r = await report(
          env,
          'funnel',
          funnelParams({ mode: 'sequential', breakdownBy: 'os' }, ['is', 'page', ['/signup']]),
        );
        const rows = r.data
          .breakdown!.map((b) => [b.value, ...rates(b)])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
        expect(rows).toEqual([
          ['iOS', [1, 0, 0], [1, 0, null], 0],
          ['Windows', [1, 1, 1], [1, 1, 1], 1],
        ]);
      });
    });

    describe('funnels/sankey', () => {
      const paths = async (extra: Record<string, string>, ...filters: Tuple[]) =>
        (await report(env, 'funnelSankey', funnelParams(extra, ...filters))).data.paths
          .map((p) => [p.sessions, ...p.nodes])
          .sort((a, b) => (a.join('\u0000') < b.join('\u0000') ? -1 : 1)); // by code unit: ties come in any order

      it("unfiltered: from each session's first /", async () => {
        expect(await paths({})).toEqual([
          [1, '/', '(drop-off)'], // k7: / was its last page
          [1, '/', '/blog/a', '(drop-off)'], // k5
          [1, '/', '/pricing', '/blog/b', '(drop-off)'], // k9
          [1, '/', '/pricing', '/signup'], // k1
        ]);
      });

      it('a session filter: Chrome is k1 k6 k9 (k6 never viewed /)', async () => {
        expect(await paths({}, ['is', 'browser', ['Chrome']])).toEqual([
          [1, '/', '/pricing', '/blog/b', '(drop-off)'],
          [1, '/', '/pricing', '/signup'],
        ]);
      });

      it('a page filter keeps whole paths: blog viewers k5 and k9 show /pricing too', async () => {
        expect(await paths({}, ['contains', 'page', ['blog']])).toEqual([
          [1, '/', '/blog/a', '(drop-off)'],
          [1, '/', '/pricing', '/blog/b', '(drop-off)'],
        ]);
        expect(await paths({ mode: 'sequential' }, ['is', 'page', ['/signup']])).toEqual([
          [1, '/', '(drop-off)'], // k7
          [1, '/', '/pricing', '/signup'], // k1
        ]);
      });
    });

    describe('funnels/suggestions', () => {
      it('unfiltered: r1..r5 viewed / in the last 30 days (the bot and the 40-day-old session left out)', async () => {
        const r = await report(env, 'funnelSuggestions', { page: '/' });
        expect(r.data.map((s) => s.rationale)).toEqual([
          '3 of the 5 sessions that viewed / in the last 30 days (60%) went on to /pricing; 2 of those (67%) continued to /signup. 2 sessions (40%) completed all 3 steps.',
          '2 of the 5 sessions that viewed / in the last 30 days (40%) went on to /blog.',
        ]);
      });

      it('a session filter: Safari is r3 r4, not Safari r1 r2 r5', async () => {
        const safari = await report(env, 'funnelSuggestions', {
          page: '/',
          ...filtersQuery(['is', 'browser', ['Safari']]),
        });
        expect(safari.data).toEqual([
          {
            name: '/ → /blog',
            steps: [{ page: '/' }, { page: '/blog' }],
            rationale: '2 of the 2 sessions that viewed / in the last 30 days (100%) went on to /blog.',
          },
        ]);
        const others = await report(env, 'funnelSuggestions', {
          page: '/',
          ...filtersQuery(['is_not', 'browser', ['Safari']]),
        });
        expect(others.data.map((s) => s.rationale)).toEqual([
          '3 of the 3 sessions that viewed / in the last 30 days (100%) went on to /pricing; 2 of those (67%) continued to /signup. 2 sessions (67%) completed all 3 steps.',
        ]);
      });

      it('a page filter: /signup viewers r1 r5, whole paths from /', async () => {
        const r = await report(env, 'funnelSuggestions', { page: '/', ...filtersQuery(['is', 'page', ['/signup']]) });
        expect(r.data).toEqual([
          {
            name: '/ → /pricing → /signup',
            steps: [{ page: '/' }, { page: '/pricing' }, { page: '/signup' }],
            rationale:
              '2 of the 2 sessions that viewed / in the last 30 days (100%) went on to /pricing; 2 of those (100%) continued to /signup. 2 sessions (100%) completed all 3 steps.',
          },
        ]);
      });
    });
  });
}
