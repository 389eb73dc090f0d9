import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_UA, PROP_A, PROP_B, insert, session } from '../test-support/fixtures.js';
import { openTestStore, settleBackground } from '../test-support/test-store.js';
import type { FunnelQuery, Store } from './store.js';

// The funnel methods at store level, the same answers on both stores. Pages here are first seen in
// string order, so the tie orders (by page number in the embedded store, by text in ClickHouse) agree.

let store: Store;
const day = (d: string) => ({
  propertyIds: [PROP_A],
  start: new Date(`${d}T00:00:00Z`),
  end: new Date(`${d}T23:59:59.999Z`),
});

beforeAll(async () => {
  store = await openTestStore();
  // 2026-05-01: identical page views (same session, instant and page: a tracker retry) count once;
  // that only matters when one page is two consecutive steps.
  const x = session('x', 'vx');
  const y = session('y', 'vy');
  await insert(store, [
    x.pv('2026-05-01T10:00:00Z', '/a'),
    x.pv('2026-05-01T10:00:00Z', '/a'),
    x.pv('2026-05-01T10:01:00Z', '/b'), // a retry
    y.pv('2026-05-01T11:00:00Z', '/a'),
    y.pv('2026-05-01T11:01:00Z', '/a'),
    y.pv('2026-05-01T11:02:00Z', '/b'), // a reload
  ]);
  // 2026-05-02: steps /a /b /c, broken down by country (first touch)
  const s = (id: string, country?: string, extra = {}) =>
    session(id, `v-${id}`, { ...(country ? { country } : {}), ...extra });
  const [s1, s2, s3, s4, s5, s6, s7, s8] = [
    s('s1', 'DE'),
    s('s2', 'FR'),
    s('s3', 'DE'),
    s('s4'),
    s('s5', 'CH'),
    s('s6', 'FR', { user_agent: BOT_UA }),
    s('s7', 'FR'),
    s('s8'),
  ];
  await insert(store, [
    s1.pv('2026-05-02T10:00:00Z', '/a', { referrer: 'https://www.news.example/a?x=1' }),
    s1.pv('2026-05-02T10:01:00Z', '/b'),
    s1.pv('2026-05-02T10:02:00Z', '/c'),
    s2.pv('2026-05-02T10:00:00Z', '/c', { referrer: 'android-app://com.reader/' }),
    s2.pv('2026-05-02T10:01:00Z', '/b'),
    s2.pv('2026-05-02T10:02:00Z', '/a'),
    s3.pv('2026-05-02T10:00:00Z', '/a', { referrer: 'https://news.example/b' }),
    s3.pv('2026-05-02T10:01:00Z', '/c'),
    s4.pv('2026-05-02T10:00:00Z', '/b'),
    // s5 began the day before (in the US): counted for its views in the range, with its first touch
    s5.pv('2026-05-01T23:50:00Z', '/x', { country: 'US', referrer: 'https://search.example/q' }),
    s5.pv('2026-05-02T00:05:00Z', '/a', { referrer: 'https://other.example/' }),
    s5.pv('2026-05-02T00:06:00Z', '/b'),
    s6.pv('2026-05-02T10:00:00Z', '/a'),
    s6.pv('2026-05-02T10:01:00Z', '/b'),
    s6.pv('2026-05-02T10:02:00Z', '/c'), // a bot
    s7.pv('2026-05-02T10:00:00Z', '/b'),
    s7.pv('2026-05-02T10:00:00Z', '/a'), // one instant: taken in step order
    s8.pv('2026-05-02T10:00:00Z', '/a'),
    session('s1', 'v-s1', { property_id: PROP_B }).pv('2026-05-02T10:00:00Z', '/a'), // another property's session of the same id
  ]);
  // 2026-05-03: paths cut at the node limit, and what follows /a
  const [t1, t2, t3, t4, t5] = [s('t1'), s('t2'), s('t3'), s('t4'), s('t5', undefined, { user_agent: BOT_UA })];
  const walk = (w: typeof t1, pages: string[]) =>
    pages.map((p, i) => w.pv(new Date(Date.parse('2026-05-03T10:00:00Z') + i * 60_000).toISOString(), p));
  await insert(store, [
    ...walk(t1, ['/a', '/a', '/d', '/e', '/f']),
    ...walk(t2, ['/x', '/a', '/d', '/d', '/a', '/b']),
    ...walk(t3, ['/d', '/e']),
    ...walk(t4, ['/a']),
    ...walk(t5, ['/a', '/d', '/e']),
  ]);
});
afterAll(() => store.close());

const query = (
  scope: ReturnType<typeof day>,
  steps: string[],
  mode: FunnelQuery['mode'],
  breakdownBy?: FunnelQuery['breakdownBy'],
): FunnelQuery => ({ scope, steps, mode, ...(breakdownBy ? { breakdownBy } : {}) });

// Every answer twice: as written, and once the embedded store's background pass has numbered the
// sessions' paths (session-paths.ts), which the reports then read instead of the page views.
for (const state of ['as written', 'settled'] as const) {
  describe(state, () => {
    if (state === 'settled') beforeAll(() => settleBackground(store));

    describe('funnels with a page repeated as consecutive steps', () => {
      const repeated = (mode: FunnelQuery['mode']) => query(day('2026-05-01'), ['/a', '/a', '/b'], mode);

      it('sequential: a retried view is one view, a reload is two', async () => {
        // x: /a (step 1), its retry ignored, /b is not step 2 → 1. y: /a, /a, /b → 3.
        expect(await store.funnel(repeated('sequential'), 10)).toEqual([{ value: null, reached: [2, 1, 1] }]);
      });

      it('unbounded: both sessions saw every page', async () => {
        expect(await store.funnel(repeated('unbounded'), 10)).toEqual([{ value: null, reached: [2, 2, 2] }]);
      });

      it('path rows list each distinct view once, with its step mask', async () => {
        const rows = await store.funnelPaths(repeated('sequential'), 8);
        expect(rows).toEqual([
          { pages: ['/a', '/a', '/b'], masks: [3, 3, 4], ended: true, sessions: 1 }, // y; ties in page order
          { pages: ['/a', '/b'], masks: [3, 4], ended: true, sessions: 1 }, // x
        ]);
      });
    });

    describe('funnel counts and breakdowns', () => {
      const steps = ['/a', '/b', '/c'];
      const may2 = day('2026-05-02');

      it('counts every session with step views in the range, bots left out', async () => {
        // unbounded: /a s1 s2 s3 s5 s7 s8 = 6; + /b s1 s2 s5 s7 = 4; + /c s1 s2 = 2
        expect(await store.funnel(query(may2, steps, 'unbounded'), 10)).toEqual([{ value: null, reached: [6, 4, 2] }]);
        expect(await store.funnel(query({ ...may2, propertyIds: [PROP_A, PROP_B] }, steps, 'unbounded'), 10)).toEqual([
          { value: null, reached: [7, 4, 2] },
        ]);
        // in order: s1 3 steps, s5 and s7 2 (/a before /b at one instant), s2 s3 s8 1
        expect(await store.funnel(query(may2, steps, 'sequential'), 10)).toEqual([{ value: null, reached: [6, 3, 1] }]);
      });

      it('breaks down by first-touch value: step-1 sessions, then value; unknown sorts as "null" but is ranked last', async () => {
        // DE s1 s3; FR s2 s7; US s5 (first touch before the range); unknown s8, and s4 (no /a)
        expect(await store.funnel(query(may2, steps, 'unbounded', 'country'), 10)).toEqual([
          { value: null, reached: [6, 4, 2] },
          { value: 'DE', reached: [2, 1, 1] },
          { value: 'FR', reached: [2, 2, 1] },
          { value: 'unknown', reached: [1, 0, 0] },
          { value: 'US', reached: [1, 1, 0] },
        ]);
        // the limit keeps the top values by step-1 sessions, ties by value with unknown last; the whole funnel stays whole
        expect(await store.funnel(query(may2, steps, 'sequential', 'country'), 3)).toEqual([
          { value: null, reached: [6, 3, 1] },
          { value: 'DE', reached: [2, 1, 1] },
          { value: 'FR', reached: [2, 1, 0] },
          { value: 'US', reached: [1, 1, 0] },
        ]);
        expect(await store.funnel(query(may2, steps, 'unbounded', 'country'), 0)).toEqual([
          { value: null, reached: [6, 4, 2] },
        ]);
      });

      it('breaks down by the referring host of the first page view', async () => {
        // news.example s1 s3 (www. dropped); com.reader s2; search.example s5 (before the range); unknown s4 s7 s8
        expect(await store.funnel(query(may2, steps, 'unbounded', 'referrer'), 10)).toEqual([
          { value: null, reached: [6, 4, 2] },
          { value: 'news.example', reached: [2, 1, 1] },
          { value: 'unknown', reached: [2, 1, 0] },
          { value: 'com.reader', reached: [1, 1, 1] },
          { value: 'search.example', reached: [1, 1, 0] },
        ]);
      });

      it('answers zeros when nobody viewed a step', async () => {
        const none = query(may2, ['/nowhere'], 'unbounded');
        expect(await store.funnel(none, 10)).toEqual([{ value: null, reached: [0] }]);
        expect(await store.funnel({ ...none, breakdownBy: 'device' }, 10)).toEqual([{ value: null, reached: [0] }]);
        expect(await store.funnelPaths(none, 5)).toEqual([]);
        expect(await store.pathsAfter(may2, '/nowhere', 3)).toEqual([]);
      });
    });

    describe('funnel paths', () => {
      it('start at the first view of step 1; views at one instant in page order', async () => {
        expect(await store.funnelPaths(query(day('2026-05-02'), ['/a', '/b', '/c'], 'unbounded'), 3)).toEqual([
          { pages: ['/a'], masks: [1], ended: true, sessions: 2 }, // s2 (from its /a), s8
          { pages: ['/a', '/b'], masks: [1, 2], ended: true, sessions: 2 }, // s5, s7
          { pages: ['/a', '/b', '/c'], masks: [1, 2, 4], ended: true, sessions: 1 },
          { pages: ['/a', '/c'], masks: [1, 4], ended: true, sessions: 1 },
        ]);
      });

      it('are cut after maxNodes nodes, a run of one page being one node', async () => {
        const q = query(day('2026-05-03'), ['/a', '/b'], 'sequential');
        expect(await store.funnelPaths(q, 3)).toEqual([
          { pages: ['/a'], masks: [1], ended: true, sessions: 1 },
          { pages: ['/a', '/a', '/d', '/e'], masks: [1, 1, 0, 0], ended: false, sessions: 1 },
          { pages: ['/a', '/d', '/d', '/a'], masks: [1, 0, 0, 1], ended: false, sessions: 1 },
        ]);
        expect(await store.funnelPaths(q, 4)).toContainEqual({
          pages: ['/a', '/d', '/d', '/a', '/b'],
          masks: [1, 0, 0, 1, 2],
          ended: true,
          sessions: 1,
        });
      });
    });

    describe('paths after a page', () => {
      it('follow the first view with consecutive repeats collapsed, depth pages deep', async () => {
        const may3 = day('2026-05-03');
        expect(await store.pathsAfter(may3, '/a', 2)).toEqual([
          { pages: ['/a'], sessions: 1 },
          { pages: ['/a', '/d', '/a'], sessions: 1 },
          { pages: ['/a', '/d', '/e'], sessions: 1 },
        ]);
        expect(await store.pathsAfter(may3, '/a', 1)).toEqual([
          { pages: ['/a', '/d'], sessions: 2 },
          { pages: ['/a'], sessions: 1 },
        ]);
      });
    });
  });
}
