import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GOALS } from '../../../contract/goals.js';
import { addKey, aggregate, createTestEnv, insert, session, type TestEnv } from '../../test-support/fixtures.js';
import { filtersQuery } from '../../test-support/filter-dataset.js';

// A `goal` filter names each goal it keeps (goal-hits.ts): over an aggregate of twelve properties
// with the most goals each, half of them clicks, that is 600 click goals in one statement. Their
// element texts are looked up by one join there; a subquery per goal made DuckDB refuse the
// statement (expression depth) and the request a 500.
let env: TestEnv;
let key: string;
const ids = Array.from({ length: 12 }, (_, i) => `wide-${i}`);
const DAY = { start: '2026-05-04', end: '2026-05-04' };

beforeAll(async () => {
  env = await createTestEnv();
  for (const id of ids) await env.store.createProperty({ id, name: id, domain: `${id}.example`, timezone: 'UTC' });
  key = (await addKey(env.store, ids)).key;
  const created_at = new Date('2026-05-01T00:00:00.000Z');
  for (const id of ids)
    for (let i = 0; i < MAX_GOALS; i++)
      await env.store.createGoal({
        ...{ id: `${id}-goal-${i}`, property_id: id, name: `Goal ${i}`, event: null, source: null, created_at },
        ...(i % 2 === 0
          ? { kind: 'page', page: `/page-${i}/**`, target: null }
          : { kind: 'click', page: '/pricing', target: `a.cta-${i}` }),
      });
  // wide-3's s1 clicks Goal 7's element on /pricing; wide-5's s2 views /page-4/x (its Goal 4).
  const s1 = session('s1', 'v1', { property_id: 'wide-3' });
  const s2 = session('s2', 'v2', { property_id: 'wide-5' });
  await insert(env.store, [
    s1.pv('2026-05-04T10:00:00.000Z', '/pricing'),
    { ...s1.pv('2026-05-04T10:00:05.000Z', '/pricing'), type: 'click', target: 'a.cta-7' },
    s2.pv('2026-05-04T11:00:00.000Z', '/page-4/x'),
    s2.pv('2026-05-04T11:01:00.000Z', '/'),
  ]);
});
afterAll(() => env.close());

type Tuple = [string, string, (string | null)[]];
const summary = async (...filters: Tuple[]) => {
  const r = await aggregate(env, 'trafficSummary', ids, { ...DAY, ...filtersQuery(...filters) }, key);
  return [r.data.sessions, r.data.page_views];
};

describe('a goal filter over twelve properties of a hundred goals each', () => {
  it('keeps the sessions that converted on any of them', async () => {
    expect(await summary()).toEqual([2, 3]);
    expect(await summary(['contains', 'goal', ['Goal']])).toEqual([2, 3]);
    expect(await summary(['is', 'goal', ['Goal 7']])).toEqual([1, 1]);
    expect(await summary(['is_not', 'goal', ['Goal 7']])).toEqual([1, 2]);
    expect(await summary(['is', 'goal', ['Goal 9']])).toEqual([0, 0]);
  });
});
