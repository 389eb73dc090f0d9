import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROP_A, insert, session } from '../../test-support/fixtures.js';
import { openDuckdbStore } from './duckdb-store.js';
import type { FunnelQuery, Store } from '../store.js';

// Identical page views (same session, instant and page: a tracker retry) count once. That only
// matters when one page is two consecutive steps, the one case the queries deduplicate for.

let store: Store;
beforeAll(async () => {
  store = await openDuckdbStore(':memory:');
  await store.createProperty({ id: PROP_A, name: 'A', domain: null, timezone: 'UTC' });
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
});
afterAll(() => store.close());

const query = (mode: FunnelQuery['mode']): FunnelQuery => ({
  scope: { propertyIds: [PROP_A], start: new Date('2026-05-01T00:00:00Z'), end: new Date('2026-05-02T00:00:00Z') },
  steps: ['/a', '/a', '/b'],
  mode,
});

describe('funnels with a page repeated as consecutive steps', () => {
  it('sequential: a retried view is one view, a reload is two', async () => {
    // x: /a (step 1), its retry ignored, /b is not step 2 → 1. y: /a, /a, /b → 3.
    expect(await store.funnel(query('sequential'), 10)).toEqual([{ value: null, reached: [2, 1, 1] }]);
  });

  it('unbounded: both sessions saw every page', async () => {
    expect(await store.funnel(query('unbounded'), 10)).toEqual([{ value: null, reached: [2, 2, 2] }]);
  });

  it('sankey rows list each distinct view once, with its step mask', async () => {
    const rows = await store.funnelPaths(query('sequential'), 8);
    expect(rows.sort((a, b) => a.pages.length - b.pages.length)).toEqual([
      { pages: ['/a', '/b'], masks: [3, 4], ended: true, sessions: 1 },
      { pages: ['/a', '/a', '/b'], masks: [3, 3, 4], ended: true, sessions: 1 },
    ]);
  });
});
