import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_UA, createTestEnv, insert, minutesAgo, report, session, type TestEnv } from '../test-support/fixtures.js';
import { loadMarchDataset, MARCH } from '../test-support/march-dataset.js';

let env: TestEnv;
const DAY_MIN = 24 * 60;

/** Page views of one session, a minute apart, starting `startMin` minutes after `t0`. */
function walk(id: string, t0: number, pages: string[], base = {}) {
  const s = session(id, `v-${id}`, base);
  return pages.map((p, i) => s.pv(new Date(t0 + i * 60_000).toISOString(), p));
}

beforeAll(async () => {
  env = await createTestEnv();
  await loadMarchDataset(env.store);
  // 2026-04-01: paths for the sankey's node limit (steps [/land, /buy]: 2 + 4 = 6 nodes)
  const april = Date.parse('2026-04-01T12:00:00Z');
  await insert(env.store, [
    ...walk('c1', april, ['/land', '/land', '/land', '/land', '/land', '/land', '/land', '/buy']), // reloads: one node
    ...walk('c2', april, ['/land', '/a', '/b', '/c', '/d', '/e', '/f', '/buy']), // cut after 6 nodes
    ...walk('c3', april, ['/land', '/a', '/b', '/c', '/d', '/e']), // ends exactly at 6 nodes
    ...walk('c4', april, ['/x', '/land', '/land', '/buy']), // starts at the first /land
    ...walk('c5', april, ['/land', '/a', '/land', '/buy']), // a repeat that is not consecutive stays
  ]);
  // The last 30 days, for suggestions from /
  const now = Date.now();
  const ago = (days: number) => Date.parse(minutesAgo(new Date(now), days * DAY_MIN));
  await insert(env.store, [
    ...walk('r1', ago(2), ['/', '/pricing', '/signup']),
    ...walk('r2', ago(3), ['/', '/pricing', '/pricing', '/signup']),
    ...walk('r3', ago(5), ['/', '/pricing']),
    ...walk('r4', ago(1), ['/', '/blog']),
    ...walk('r5', ago(6), ['/']),
    ...walk('r6', ago(4), ['/pricing', '/signup']), // never viewed /
    ...walk('r9', ago(7), ['/about', '/', '/pricing']), // starts counting at /
    ...walk('rb', ago(2), ['/', '/blog', '/x'], { user_agent: BOT_UA }),
    ...walk('r8', ago(40), ['/', '/old']), // too old
  ]);
});
afterAll(() => env.close());

const steps = JSON.stringify([{ page: '/' }, { page: '/pricing' }, { page: '/signup' }]);
const rates = (r: {
  steps: { sessions: number; conversion_rate: number | null }[];
  overall_conversion_rate: number | null;
}) => [r.steps.map((s) => s.sessions), r.steps.map((s) => s.conversion_rate), r.overall_conversion_rate];

describe('funnels', () => {
  // Sessions viewing step pages: s1 / /pricing /signup; s3 / /signup /pricing; s4 / /pricing; s6 (/blog/post-1) / /pricing;
  // s7 /pricing /; s2 /pricing only.
  it('unbounded: steps 1..k viewed in any order', async () => {
    const r = await report(env, 'funnel', { ...MARCH, steps });
    expect(r.meta).toMatchObject({ property_id: 'site-a', mode: 'unbounded' });
    expect(r.data.steps.map((s) => [s.step, s.page])).toEqual([
      [1, '/'],
      [2, '/pricing'],
      [3, '/signup'],
    ]);
    // / : s1 s3 s4 s6 s7 = 5; + /pricing: all 5; + /signup: s1 s3 = 2 → 2/5
    expect(rates(r.data)).toEqual([[5, 5, 2], [1, 1, 0.4], 0.4]);
    expect(r.data.breakdown).toBeUndefined();
  });

  it('sequential: greedy in-order matching gives lower numbers on the same sessions', async () => {
    const r = await report(env, 'funnel', { ...MARCH, steps, mode: 'sequential' });
    expect(r.meta.mode).toBe('sequential');
    // /pricing after /: s1 s3 s4 s6 (s7 saw /pricing first) = 4; /signup after that: s1 (s3's /signup came before /pricing)
    // 4/5 = 0.8, 1/4 = 0.25, overall 1/5
    expect(rates(r.data)).toEqual([[5, 4, 1], [1, 0.8, 0.25], 0.2]);
  });

  it('breaks down by device (first touch), unknown included', async () => {
    const r = await report(env, 'funnel', { ...MARCH, steps, breakdownBy: 'device' });
    expect(r.meta).toMatchObject({ breakdownBy: 'device' });
    expect(rates(r.data)).toEqual([[5, 5, 2], [1, 1, 0.4], 0.4]);
    // desktop s1 s3 s4 → 3, 3, 2 (2/3); mobile s7 (s2 never saw /) → 1, 1, 0; unknown s6 → 1, 1, 0
    expect(r.data.breakdown?.map((b) => [b.value, ...rates(b)])).toEqual([
      ['desktop', [3, 3, 2], [1, 1, 2 / 3], 2 / 3],
      ['mobile', [1, 1, 0], [1, 1, 0], 0],
      ['unknown', [1, 1, 0], [1, 1, 0], 0],
    ]);
    const seq = await report(env, 'funnel', { ...MARCH, steps, mode: 'sequential', breakdownBy: 'device', limit: 1 });
    // limit 1: desktop only; in order s1 → 3 steps, s3 and s4 → 2
    expect(seq.data.breakdown?.map((b) => [b.value, ...rates(b)])).toEqual([
      ['desktop', [3, 3, 1], [1, 1, 1 / 3], 1 / 3],
    ]);
  });
});

describe('funnels/sankey', () => {
  const sorted = (paths: { nodes: string[]; sessions: number }[]) =>
    [...paths].sort((a, b) => b.sessions - a.sessions || a.nodes.join().localeCompare(b.nodes.join()));

  it('follows sessions from their first view of step 1 to completion or (drop-off)', async () => {
    const r = await report(env, 'funnelSankey', { ...MARCH, steps });
    expect(r.meta).toMatchObject({ mode: 'unbounded', maxPaths: 20, minSessions: 1 });
    expect(r.data.paths[0]).toEqual({ nodes: ['/', '/pricing', '(drop-off)'], sessions: 2 }); // s4, s6 (from its /)
    expect(sorted(r.data.paths)).toEqual([
      { nodes: ['/', '/pricing', '(drop-off)'], sessions: 2 },
      { nodes: ['/', '(drop-off)'], sessions: 1 }, // s7: /pricing came before /
      { nodes: ['/', '/pricing', '/signup'], sessions: 1 }, // s1
      { nodes: ['/', '/signup', '/pricing'], sessions: 1 }, // s3 completes, in any order
    ]);
    const seq = await report(env, 'funnelSankey', { ...MARCH, steps, mode: 'sequential' });
    expect(seq.data.paths).toContainEqual({ nodes: ['/', '/signup', '/pricing', '(drop-off)'], sessions: 1 }); // s3 never completes in order
    expect(seq.data.paths).toHaveLength(4);
  });

  it('applies maxPaths and minSessions', async () => {
    const top = await report(env, 'funnelSankey', { ...MARCH, steps, maxPaths: 1 });
    expect(top.meta.maxPaths).toBe(1);
    expect(top.data.paths).toEqual([{ nodes: ['/', '/pricing', '(drop-off)'], sessions: 2 }]);
    const min2 = await report(env, 'funnelSankey', { ...MARCH, steps, minSessions: 2 });
    expect(min2.meta.minSessions).toBe(2);
    expect(min2.data.paths).toEqual([{ nodes: ['/', '/pricing', '(drop-off)'], sessions: 2 }]);
    const none = await report(env, 'funnelSankey', { ...MARCH, steps, minSessions: 3 });
    expect(none.data.paths).toEqual([]);
  });

  it('collapses reloads, cuts at steps + 4 nodes with (continues), and ends sessions that stop there with (drop-off)', async () => {
    const r = await report(env, 'funnelSankey', {
      start: '2026-04-01',
      end: '2026-04-01',
      steps: JSON.stringify([{ page: '/land' }, { page: '/buy' }]),
    });
    expect(sorted(r.data.paths)).toEqual([
      { nodes: ['/land', '/buy'], sessions: 2 }, // c1 (seven reloads), c4
      { nodes: ['/land', '/a', '/b', '/c', '/d', '/e', '(continues)'], sessions: 1 }, // c2
      { nodes: ['/land', '/a', '/b', '/c', '/d', '/e', '(drop-off)'], sessions: 1 }, // c3
      { nodes: ['/land', '/a', '/land', '/buy'], sessions: 1 }, // c5
    ]);
    // the funnel agrees: everyone but c3 reached /buy
    const f = await report(env, 'funnel', {
      start: '2026-04-01',
      end: '2026-04-01',
      steps: JSON.stringify([{ page: '/land' }, { page: '/buy' }]),
    });
    expect(f.data.steps.map((s) => s.sessions)).toEqual([5, 4]);
  });
});

describe('funnels/suggestions', () => {
  it('proposes funnels from / walked in the last 30 days, bots and older sessions left out', async () => {
    const r = await report(env, 'funnelSuggestions', { page: '/' });
    expect(r.meta).toEqual({ property_id: 'site-a', page: '/' });
    // viewed /: r1 r2 r3 r4 r5 r9 = 6 (the March data is older than 30 days)
    // then /pricing: r1 r2 r3 r9 = 4 (67%); then /signup: r1 r2 = 2 (50% of 4, 33% of 6); /blog: r4 = 1 (17%)
    expect(r.data).toEqual([
      {
        name: '/ → /pricing → /signup',
        steps: [{ page: '/' }, { page: '/pricing' }, { page: '/signup' }],
        rationale:
          '4 of the 6 sessions that viewed / in the last 30 days (67%) went on to /pricing; 2 of those (50%) continued to /signup. 2 sessions (33%) completed all 3 steps.',
      },
      {
        name: '/ → /blog',
        steps: [{ page: '/' }, { page: '/blog' }],
        rationale: '1 of the 6 sessions that viewed / in the last 30 days (17%) went on to /blog.',
      },
    ]);
    const unseen = await report(env, 'funnelSuggestions', { page: '/never-viewed' });
    expect(unseen.data).toEqual([]);
  });
});
