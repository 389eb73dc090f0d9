import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROP_A, insert, session } from '../../test-support/fixtures.js';
import { Random } from '../../seed/random.js';
import { sankeyPathsOf, topSankeyPaths, type SankeyPath } from '../sankey-nodes.js';
import type { FunnelQuery, Store } from '../store.js';
import { duckdbInternals, openDuckdbStore, type DuckdbInternals } from './duckdb-store.js';

// The embedded store works the sankey's node lists out in SQL (sankey-queries.ts). They must be what
// pathNodes makes of funnelPaths' rows, the rule the ClickHouse store and the goal-step funnels use:
// checked here over many generated sessions, before and after the background pass numbers them.

let store: Store & { [duckdbInternals]: DuckdbInternals };
const scope = { propertyIds: [PROP_A], start: new Date('2026-05-02T00:00:00Z'), end: new Date('2026-05-03T00:00:00Z') };

beforeAll(async () => {
  store = await openDuckdbStore(':memory:', { backgroundPassMs: 3_600_000 });
  const random = new Random(7); // seeded, so a failure repeats
  const next = () => random.next();
  const pages = ['/a', '/b', '/c', '/d', '/e'];
  const events = [];
  for (let i = 0; i < 300; i++) {
    const s = session(`s${i}`, `v${i % 120}`);
    // Some sessions begin the day before, so their views cross the range's start.
    let t = Date.parse('2026-05-02T10:00:00Z') - (i % 17 === 0 ? 3_600_000 * 14 : 0) + i * 60_000;
    const length = 1 + Math.floor(next() * 9);
    for (let v = 0; v < length; v++) {
      events.push(s.pv(new Date(t).toISOString(), pages[Math.floor(next() * next() * pages.length)]));
      t += next() < 0.2 ? 0 : 30_000; // views at one instant too
    }
  }
  await insert(store, events);
});
afterAll(() => store.close());

const sorted = (paths: SankeyPath[]) =>
  [...paths].sort((a, b) => b.sessions - a.sessions || a.nodes.join('\u0000').localeCompare(b.nodes.join('\u0000')));

const cases: { steps: string[]; maxNodes: number; maxPaths: number; minSessions: number }[] = [
  { steps: ['/a', '/b'], maxNodes: 6, maxPaths: 200, minSessions: 1 },
  { steps: ['/a', '/b', '/c'], maxNodes: 3, maxPaths: 200, minSessions: 1 },
  { steps: ['/a', '/b', '/a'], maxNodes: 5, maxPaths: 5, minSessions: 1 }, // a step repeated
  { steps: ['/b', '/a', '/e', '/d'], maxNodes: 8, maxPaths: 10, minSessions: 2 },
  { steps: ['/a', '/nowhere'], maxNodes: 4, maxPaths: 200, minSessions: 1 }, // a step nobody viewed
];

describe('sankey paths in SQL', () => {
  for (const state of ['as written', 'settled'] as const) {
    for (const mode of ['unbounded', 'sequential'] as const) {
      it(`are pathNodes of funnelPaths' rows (${mode}, ${state})`, async () => {
        if (state === 'settled') await store[duckdbInternals].settle();
        for (const c of cases) {
          const q: FunnelQuery = { scope, steps: c.steps, mode };
          const top = { maxPaths: c.maxPaths, minSessions: c.minSessions };
          const expected = topSankeyPaths(
            sankeyPathsOf(await store.funnelPaths(q, c.maxNodes), c.steps.length, mode),
            top,
          );
          expect(expected.length, JSON.stringify(c)).toBeGreaterThan(0);
          expect(sorted(await store.sankeyPaths(q, c.maxNodes, top)), JSON.stringify(c)).toEqual(sorted(expected));
        }
      });
    }
  }
});

describe('topSankeyPaths', () => {
  const p = (sessions: number, ...nodes: string[]): SankeyPath => ({ nodes, sessions });
  it('keeps the most sessions, every path tied with the last kept, and none under minSessions', () => {
    const all = [p(5, '/a'), p(3, '/b'), p(3, '/c'), p(2, '/d'), p(1, '/e')];
    expect(topSankeyPaths(all, { maxPaths: 2, minSessions: 1 })).toEqual([p(5, '/a'), p(3, '/b'), p(3, '/c')]);
    expect(topSankeyPaths(all, { maxPaths: 10, minSessions: 2 })).toEqual([
      p(5, '/a'),
      p(3, '/b'),
      p(3, '/c'),
      p(2, '/d'),
    ]);
  });
});
