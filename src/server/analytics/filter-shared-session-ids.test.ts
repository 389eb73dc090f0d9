import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aggregate,
  createTestEnv,
  endpointPath,
  insert,
  post,
  PROP_A,
  PROP_B,
  session,
  type TestEnv,
} from '../test-support/fixtures.js';
import { filtersQuery } from '../test-support/filter-dataset.js';

// Session and visitor ids are the sender's text, so two properties can carry the same ones. A filter
// over both keeps each property's session by its own values, goals and pages, never by the other's.
// site-a's s1: US, / → /pricing, a click on /pricing; site-b's s1: FR, /b-only (its goal "B only"), a click there.
let env: TestEnv;
const BOTH = [PROP_A, PROP_B];
const DAY = { start: '2026-05-04', end: '2026-05-04' };

beforeAll(async () => {
  env = await createTestEnv();
  const a = session('s1', 'v1', { country: 'US' });
  const b = session('s1', 'v1', { property_id: PROP_B, country: 'FR' });
  await insert(env.store, [
    a.pv('2026-05-04T10:00:00.000Z', '/'),
    a.pv('2026-05-04T10:01:00.000Z', '/pricing'),
    { ...a.pv('2026-05-04T10:01:30.000Z', '/pricing'), type: 'click', target: 'a.buy' },
    b.pv('2026-05-04T11:00:00.000Z', '/b-only'),
    { ...b.pv('2026-05-04T11:00:30.000Z', '/b-only'), type: 'click', target: 'a.buy' },
  ]);
  const goal = await post(env, env.keys.b, endpointPath('createGoal', { propertyId: PROP_B }), {
    name: 'B only',
    kind: 'page',
    page: '/b-only',
  });
  expect(goal.status, JSON.stringify(goal.body)).toBe(201);
});
afterAll(() => env.close());

type Tuple = [string, string, (string | null)[]];
const summary = async (...filters: Tuple[]) => {
  const r = await aggregate(env, 'trafficSummary', BOTH, { ...DAY, ...filtersQuery(...filters) });
  return [r.data.page_views, r.data.sessions];
};
const clicks = async (...filters: Tuple[]) =>
  (await aggregate(env, 'clicksBreakdown', BOTH, { ...DAY, ...filtersQuery(...filters) })).summary.total_clicks;

describe('the same session id in two properties, filtered over both', () => {
  it("by a session value: each property's session by its own country", async () => {
    expect(await summary()).toEqual([3, 2]);
    expect(await summary(['is', 'country', ['US']])).toEqual([2, 1]);
    expect(await summary(['is', 'country', ['FR']])).toEqual([1, 1]);
    expect(await summary(['is_not', 'country', ['US']])).toEqual([1, 1]);
    expect(await clicks(['is', 'country', ['FR']])).toBe(1);
  });

  it("by a goal: site-b's goal keeps site-b's session only", async () => {
    expect(await summary(['is', 'goal', ['B only']])).toEqual([1, 1]);
    expect(await summary(['is_not', 'goal', ['B only']])).toEqual([2, 1]);
    expect(await clicks(['is', 'goal', ['B only']])).toBe(1);
  });

  it('by a page: the session that viewed it in its own property', async () => {
    expect(await summary(['is', 'page', ['/b-only']])).toEqual([1, 1]);
    expect(await summary(['is', 'page', ['/pricing']])).toEqual([1, 1]);
  });
});
